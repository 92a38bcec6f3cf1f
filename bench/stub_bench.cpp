// Prints the reference stub's figures: requests/s for a 50-record page read and for POST sync of 200
// CliFor records (1 and 4 clients), records/s ingested, memory and time to load 1,000,000 document lines,
// and the time of a RecordSelection over them. Usage: stub_bench [--quick]  (--quick: tiny sizes, a smoke run)
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "bench_clock.hpp"
#include "catalogue/catalogue.hpp"
#include "common/http_text.hpp"
#include "stub/state.hpp"
#include "stub/stub_server.hpp"

namespace {

using json = nlohmann::json;
using bds::bench::Clock;
using bds::bench::seconds_since;

long rss_kib() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

std::string token(httplib::Client& c) {
    auto res = c.Post("/Token", "grant_type=password&username=writer&password=writer-pw", "application/x-www-form-urlencoded");
    return json::parse(res->body).at("access_token").get<std::string>();
}

json clifor(int i) {
    return {{"ind_clifor", i % 4 ? "C" : "F"}, {"cod_clifor", "B" + std::to_string(i)}, {"des_ragsoc", "Caffè n° " + std::to_string(i)},
            {"des_localita_res", "Forlì"}, {"cod_naz_res", "86"}, {"num_priorita_evas", i % 10}, {"flg_isdeleted", false}};
}

/// Runs `clients` threads each sending `request` repeatedly for `duration_s`; returns requests/s.
template <class F>
double rate(const std::string& host, int port, int clients, double duration_s, F request) {
    std::atomic<long> done{0};
    std::atomic<bool> failed{false};
    std::vector<std::thread> threads;
    const auto start = Clock::now();
    for (int t = 0; t < clients; ++t)
        threads.emplace_back([&, t] {
            httplib::Client c(host, port);
            c.set_tcp_nodelay(true);
            c.set_keep_alive(true);
            const std::string bearer = token(c);
            for (long i = 0; seconds_since(start) < duration_s; ++i) {
                if (!request(c, bearer, t, i)) failed = true;
                ++done;
            }
        });
    for (auto& th : threads) th.join();
    if (failed) std::printf("  (some requests failed)\n");
    return static_cast<double>(done) / seconds_since(start);
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = bds::bench::quick_mode(argc, argv);
    const double duration = quick ? 0.2 : 3.0;
    const int documents = quick ? 1000 : 100000;
    const int lines_per_document = 10;

    const bds::Catalogue catalogue = bds::builtin_catalogue();
    bds::stub::StubOptions options;
    bds::stub::StubServer server(catalogue, options);
    const int port = server.start();
    json base = json::array();
    for (int i = 0; i < 2000; ++i) base.push_back(clifor(i));
    server.load(1, "CliFor", base);

    std::printf("reference stub on 127.0.0.1:%d, %u hardware threads\n", port, std::thread::hardware_concurrency());
    for (int clients : {1, 4}) {
        const double r = rate("127.0.0.1", port, clients, duration, [](httplib::Client& c, const std::string& t, int, long i) {
            auto res = c.Get("/api/resources/CliFor?PageSize=50&PageNumber=" + std::to_string(1 + i % 40), {{"Authorization", "Bearer " + t}});
            return res && res->status == 200;
        });
        std::printf("GET 50-record page of CliFor, %d client(s): %8.0f requests/s\n", clients, r);
    }
    for (int clients : {1, 4}) {
        const double r = rate("127.0.0.1", port, clients, duration, [](httplib::Client& c, const std::string& t, int thread, long i) {
            json block = json::array();
            for (int k = 0; k < 200; ++k) block.push_back(clifor(100000 + thread * 1000000 + static_cast<int>(i % 50) * 200 + k));
            auto res = c.Post("/api/sync/CliFor", {{"Authorization", "Bearer " + t}}, block.dump(), "application/json; charset=utf-8");
            return res && res->status == 200;
        });
        std::printf("POST sync of 200 CliFor,      %d client(s): %8.1f requests/s = %8.0f records/s ingested\n", clients, r, r * 200);
    }

    const long rss_before = rss_kib();
    const auto load_start = Clock::now();
    for (int first = 0; first < documents; first += 1000) {
        json block = json::array();
        for (int d = first; d < first + 1000 && d < documents; ++d) {
            json lines = json::array();
            for (int l = 0; l < lines_per_document; ++l)
                lines.push_back({{"num_riga", l + 1}, {"cod_art", "ART" + std::to_string(1000 + (d + l) % 60)}, {"qta_merce", 1 + l}, {"prz_merce", 2.5}});
            block.push_back({{"key_documento", "2026/FAT/" + std::to_string(d)}, {"cod_tipodoc", d % 3 ? "FAT" : "DDT"}, {"num_anno", 2025 + d % 2},
                             {"dat_doc", "2026-02-27T00:00:00"}, {"ind_clifor_c", "C"}, {"cod_clifor_c", "B" + std::to_string(d % 2000)},
                             {"flg_isdeleted", false}, {"StoricoDocumentiR", lines}});
        }
        server.load(1, "StoricoDocumentiT", block);
    }
    const double load_s = seconds_since(load_start);
    const long lines = static_cast<long>(documents) * lines_per_document;
    std::printf("load %ld document lines (%d documents): %.1f s, %.0f lines/s, +%.0f MiB resident\n", lines, documents, load_s, lines / load_s,
                (rss_kib() - rss_before) / 1024.0);

    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(300, 0);
    const std::string t = token(c);
    // The view is derived on its first read after a write, then served from the stub's cache.
    const std::vector<std::pair<std::string, std::string>> reads = {
        {"StoricoDocumentiR", "key_documento = '2026/FAT/77'"},
        {"MCPDocumentiR", "cod_tipodoc = 'FAT' and num_anno = 2026 and cod_famiglia = 'CAF'"},
        {"MCPDocumentiR", "cod_tipodoc = 'DDT' and num_anno = 2025"}};
    for (const auto& [resource, selection] : reads) {
        const auto start = Clock::now();
        auto res = c.Get("/api/resources/" + resource + "?PageSize=50&RecordSelection=" + bds::url_encoded(selection),
                         {{"Authorization", "Bearer " + t}});
        const double s = seconds_since(start);
        const long matched = res && res->status == 200 ? json::parse(res->body).at("TotalRowsCount").get<long>() : -1;
        std::printf("RecordSelection over %ld lines of %s [%s]: %.2f s, %ld rows match\n", lines, resource.c_str(), selection.c_str(), s, matched);
    }
    return 0;
}

// Prints the reference stub's figures: a 50-record page against the same bytes served prepared, the harness's
// client against a bare cpp-httplib client, requests/s for a 50-record page read and for POST sync of 200
// CliFor records (1 and 4 clients), records/s ingested, memory and time to load 1,000,000 document lines,
// and the time of a RecordSelection over them. Usage: stub_bench [--quick]  (--quick: tiny sizes, a smoke run)
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bench_clock.hpp"
#include "catalogue/catalogue.hpp"
#include "client/http_client.hpp"
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
    auto res =
        c.Post("/Token", "grant_type=password&username=writer&password=writer-pw", "application/x-www-form-urlencoded");
    return json::parse(res->body).at("access_token").get<std::string>();
}

json clifor(int i) {
    return {{"ind_clifor", i % 4 ? "C" : "F"},
            {"cod_clifor", "B" + std::to_string(i)},
            {"des_ragsoc", "Caffè n° " + std::to_string(i)},
            {"des_localita_res", "Forlì"},
            {"cod_naz_res", "86"},
            {"num_priorita_evas", i % 10},
            {"flg_isdeleted", false}};
}

/// Requests that failed, over the whole bench: any makes it exit 1 (a figure of failing requests measures nothing).
std::atomic<long> g_failed{0};

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
                if (!request(c, bearer, t, i)) failed = true, ++g_failed;
                ++done;
            }
        });
    for (auto& th : threads) th.join();
    if (failed) std::printf("  (some requests failed)\n");
    return static_cast<double>(done) / seconds_since(start);
}

/// Sends `request` in a loop on this thread for `duration_s`; returns requests/s, and says when one failed.
double loop_rate(double duration_s, const std::function<bool()>& request) {
    bool failed = false;
    const double r = bds::bench::calls_per_second(duration_s, 1, [&](long) {
        if (!request()) failed = true, ++g_failed;
    });
    if (failed) std::printf("  (some requests failed)\n");
    return r;
}

/// The stub's 50-record page against the same bytes written by a bare cpp-httplib server that prepared them in
/// advance: what the stub's own work costs per page (the ratio should be ≥ 0.25).
void page_against_prepared(int stub_port, double duration_s) {
    const std::string page = "/api/resources/CliFor?PageSize=50&PageNumber=7";
    httplib::Client c("127.0.0.1", stub_port);
    c.set_keep_alive(true);
    const httplib::Headers auth = {{"Authorization", "Bearer " + token(c)}};
    const auto first = c.Get(page, auth);
    if (!first || first->status != 200) return ++g_failed, void(std::printf("  (the page could not be read)\n"));
    const std::string body = first->body;

    httplib::Server prepared;
    prepared.Get("/page", [&body](const httplib::Request&, httplib::Response& res) {
        res.set_content(body, "application/json; charset=utf-8");
    });
    const int prepared_port = prepared.bind_to_any_port("127.0.0.1");
    std::thread serving([&prepared] { prepared.listen_after_bind(); });
    while (!prepared.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    httplib::Client p("127.0.0.1", prepared_port);
    p.set_keep_alive(true);

    const double stub_rate = loop_rate(duration_s, [&] {
        auto r = c.Get(page, auth);
        return r && r->status == 200;
    });
    const double bare_rate = loop_rate(duration_s, [&] {
        auto r = p.Get("/page", auth);
        return r && r->status == 200;
    });
    prepared.stop();
    serving.join();
    std::printf(
        "GET 50-record page (%zu bytes), 1 client: stub %8.0f/s, prepared bytes %8.0f/s, ratio %.2f (goal >= 0.25)\n",
        body.size(), stub_rate, bare_rate, stub_rate / bare_rate);
}

/// The harness's client (deadlines, limits, redaction, the exchange record) against a bare cpp-httplib client, both
/// reading one small page in a loop from the stub (the ratio should be >= 0.8).
void harness_against_bare_client(int stub_port, double duration_s) {
    const std::string base = "http://127.0.0.1:" + std::to_string(stub_port);
    const std::string page = "/api/resources/CliFor?PageSize=1";
    httplib::Client bare("127.0.0.1", stub_port);
    bare.set_keep_alive(true);
    const std::string bearer = "Bearer " + token(bare);
    bds::client::RunLimits limits;
    limits.add_secret(bearer.substr(7));
    bds::client::HttpSettings settings;
    settings.base_url = base;
    bds::client::HttpClient harness(settings, &limits);

    const double bare_rate = loop_rate(duration_s, [&] {
        auto r = bare.Get(page, {{"Authorization", bearer}});
        return r && r->status == 200;
    });
    const double harness_rate = loop_rate(duration_s, [&] {
        return harness.request("GET", page, {{"Authorization", bearer}}).status == 200;
    });
    std::printf(
        "GET 1-record page, sequential: harness client %8.0f/s, bare cpp-httplib %8.0f/s, ratio %.2f (goal >= 0.8)\n",
        harness_rate, bare_rate, harness_rate / bare_rate);
}

/// Loads `documents` documents of `lines_per_document` lines each, printing the time and memory it took; returns
/// the lines loaded.
long load_documents(bds::stub::StubServer& server, int documents, int lines_per_document) {
    const long rss_before = rss_kib();
    const auto load_start = Clock::now();
    for (int first = 0; first < documents; first += 1000) {
        json block = json::array();
        for (int d = first; d < first + 1000 && d < documents; ++d) {
            json lines = json::array();
            for (int l = 0; l < lines_per_document; ++l)
                lines.push_back({{"num_riga", l + 1},
                                 {"cod_art", "ART" + std::to_string(1000 + (d + l) % 60)},
                                 {"qta_merce", 1 + l},
                                 {"prz_merce", 2.5}});
            block.push_back({{"key_documento", "2026/FAT/" + std::to_string(d)},
                             {"cod_tipodoc", d % 3 ? "FAT" : "DDT"},
                             {"num_anno", 2025 + d % 2},
                             {"dat_doc", "2026-02-27T00:00:00"},
                             {"ind_clifor_c", "C"},
                             {"cod_clifor_c", "B" + std::to_string(d % 2000)},
                             {"flg_isdeleted", false},
                             {"StoricoDocumentiR", lines}});
        }
        server.load(1, "StoricoDocumentiT", block);
    }
    const double load_s = seconds_since(load_start);
    const long lines = static_cast<long>(documents) * lines_per_document;
    const double load_mib = (rss_kib() - rss_before) / 1024.0;
    std::printf(
        "load %ld document lines (%d documents): %.1f s, %.0f lines/s (goal >= 100000, ratio %.2f), +%.0f MiB resident (goal <= 1024, ratio %.2f)\n",
        lines, documents, load_s, lines / load_s, lines / load_s / 100000, load_mib, load_mib / 1024);

    return lines;
}

/// RecordSelection over the loaded lines, the views derived as they are read (also the first read after a write).
void selections_over_lines(int port, bds::stub::StubServer& server, long lines) {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(300, 0);
    const std::string t = token(c);
    // Views are derived when read: the first read after the load costs what any other does, also after a write.
    struct Read {
        std::string resource, selection;
        double goal_ms;
        bool after_write = false;
    };
    const std::vector<Read> reads = {
        {"StoricoDocumentiR", "key_documento = '2026/FAT/77'", 50},
        {"MCPDocumentiR", "cod_tipodoc = 'FAT' and num_anno = 2026 and cod_famiglia = 'CAF'", 300},
        {"MCPDocumentiR", "cod_tipodoc = 'DDT' and num_anno = 2025", 300},
        {"MCPDocumentiR", "cod_tipodoc = 'DDT' and num_anno = 2025", 300, true}};
    for (const auto& [resource, selection, goal_ms, after_write] : reads) {
        if (after_write)
            server.load(
                1, "StoricoDocumentiT",
                json::array({{{"key_documento", "2026/DDT/new"},
                              {"cod_tipodoc", "DDT"},
                              {"num_anno", 2025},
                              {"dat_doc", "2026-02-27T00:00:00"},
                              {"flg_isdeleted", false},
                              {"StoricoDocumentiR", json::array({{{"num_riga", 1}, {"cod_art", "ART1000"}}})}}}));
        const auto start = Clock::now();
        auto res = c.Get("/api/resources/" + resource + "?PageSize=50&RecordSelection=" + bds::url_encoded(selection),
                         {{"Authorization", "Bearer " + t}});
        const double s = seconds_since(start);
        const long matched =
            res && res->status == 200 ? json::parse(res->body).at("TotalRowsCount").get<long>() : (++g_failed, -1);
        std::printf("RecordSelection over %ld lines of %s [%s]%s: %.0f ms (goal <= %.0f, ratio %.2f), %ld rows match\n",
                    lines, resource.c_str(), selection.c_str(), after_write ? " after a write" : "", s * 1000, goal_ms,
                    s * 1000 / goal_ms, matched);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = bds::bench::quick_mode(argc, argv);
    const double duration = quick ? 0.2 : 3.0;
    const int documents = quick ? 1000 : 100000;
    const int lines_per_document = 10;

    const bds::Catalogue catalogue = bds::builtin_catalogue();
    bds::stub::StubOptions options;
    // --defect NAME: the stub with one of its defects (what it costs; and, with one that refuses the bench's blocks,
    // the test that a bench whose requests fail exits 1).
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--defect") {
            const auto defect = bds::stub::defect_from_name(argv[i + 1]);
            if (!defect) return std::fprintf(stderr, "stub_bench: no defect named %s\n", argv[i + 1]), 2;
            options.defect = *defect;
        }
    bds::stub::StubServer server(catalogue, options);
    const int port = server.start();
    json base = json::array();
    for (int i = 0; i < 2000; ++i) base.push_back(clifor(i));
    server.load(1, "CliFor", base);

    std::printf("reference stub on 127.0.0.1:%d, %u hardware threads\n", port, std::thread::hardware_concurrency());
    page_against_prepared(port, duration);
    harness_against_bare_client(port, duration);
    for (int clients : {1, 4}) {
        const double r =
            rate("127.0.0.1", port, clients, duration, [](httplib::Client& c, const std::string& t, int, long i) {
                auto res = c.Get("/api/resources/CliFor?PageSize=50&PageNumber=" + std::to_string(1 + i % 40),
                                 {{"Authorization", "Bearer " + t}});
                return res && res->status == 200;
            });
        std::printf("GET 50-record page of CliFor, %d client(s): %8.0f requests/s\n", clients, r);
    }
    for (int clients : {1, 4}) {
        const double r = rate(
            "127.0.0.1", port, clients, duration, [](httplib::Client& c, const std::string& t, int thread, long i) {
                json block = json::array();
                for (int k = 0; k < 200; ++k)
                    block.push_back(clifor(100000 + thread * 1000000 + static_cast<int>(i % 50) * 200 + k));
                auto res = c.Post("/api/sync/CliFor", {{"Authorization", "Bearer " + t}}, block.dump(),
                                  "application/json; charset=utf-8");
                return res && res->status == 200;
            });
        std::printf("POST sync of 200 CliFor,      %d client(s): %8.1f requests/s = %8.0f records/s ingested\n",
                    clients, r, r * 200);
    }

    const long lines = load_documents(server, documents, lines_per_document);
    selections_over_lines(port, server, lines);
    if (g_failed > 0) {
        std::printf("FAILED: %ld requests failed: these figures measure nothing\n", g_failed.load());
        return 1;
    }
    return 0;
}

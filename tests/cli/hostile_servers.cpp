#include "cli/hostile_servers.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "client/raw_server.hpp"
#include "client/test_certificate.hpp"
#include "run/proxy_fixture.hpp"
#include "stub/options.hpp"
#include "test_paths.hpp"

extern char** environ;

namespace bds::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string token_answer() {
    return http_response(200, R"({"access_token": "hostile-token-0001", "token_type": "bearer", "expires_in": 3600})");
}

/// A raw server as a running target.
class Raw : public RunningTarget {
public:
    explicit Raw(RawServer::Handler handler, std::optional<TestCertificate> tls = std::nullopt)
        : server_(std::move(handler), std::move(tls)) {}
    std::string base_url() const override { return server_.base_url(); }

private:
    RawServer server_;
};

/// A raw server that gives tokens, then answers everything else with `rest` (given the request's head; the body
/// is left for it to read, or not).
RawServer::Handler token_then(std::function<void(RawConnection&, const std::string& request)> rest) {
    return [rest](RawConnection& c) {
        while (const auto request = c.read_head()) {
            if (request->rfind("POST /Token", 0) == 0) {
                if (!c.read_body(*request) || !c.send(token_answer())) return;
                continue;
            }
            rest(c, *request);
            return;  // one answer per connection: the rest of the behaviour ends with it
        }
    };
}

/// A token for any request, then every other request answered `answer` (its body read first), every request on a
/// connection answered, as a server that keeps connections alive does.
std::unique_ptr<RunningTarget> answering_all(std::string answer) {
    return std::make_unique<Raw>([answer](RawConnection& c) {
        while (const auto head = c.read_head())
            if (!c.read_body(*head) || !c.send(head->rfind("POST /Token", 0) == 0 ? token_answer() : answer)) return;
    });
}

/// A proxy in front of a faithful stub that spoils its answers.
class SpoiltStub : public RunningTarget {
public:
    explicit SpoiltStub(BreakingProxy::After spoil)
        : proxy_(stub_.target.base_url, {}, [this, spoil](const httplib::Request& req, httplib::Response& res) {
              if (const auto auth = req.get_header_value("Authorization"); auth.rfind("Bearer ", 0) == 0) {
                  std::lock_guard lock(mutex_);
                  tokens_.insert(auth.substr(7));
              }
              spoil(req, res);
          }) {}
    std::string base_url() const override { return proxy_.base_url(); }
    std::set<std::string> tokens() const override {
        std::lock_guard lock(mutex_);
        return tokens_;
    }

private:
    Catalogue catalogue_ = builtin_catalogue();
    bundled::EmbeddedStub stub_ = bundled::start_embedded_stub(catalogue_, {});
    mutable std::mutex mutex_;
    std::set<std::string> tokens_;
    BreakingProxy proxy_;
};

/// The PageSize and PageNumber a list read asks for: in the query string (GET), or in the JSON body (POST query, the
/// stub's template).
std::pair<long long, long long> asked_page(const httplib::Request& req) {
    long long size = 100, number = 1;
    if (req.has_param("PageSize")) size = std::atoll(req.get_param_value("PageSize").c_str());
    if (req.has_param("PageNumber")) number = std::atoll(req.get_param_value("PageNumber").c_str());
    if (req.method == "POST") {
        const auto body = json::parse(req.body, nullptr, false);
        if (body.is_object() && body.contains("PageSize") && body["PageSize"].is_number_integer())
            size = body["PageSize"].get<long long>();
        if (body.is_object() && body.contains("PageNumber") && body["PageNumber"].is_number_integer())
            number = body["PageNumber"].get<long long>();
    }
    return {std::clamp<long long>(size, 1, 10000), std::max<long long>(number, 1)};
}

/// Every list read answers its first page, whatever PageNumber, and hides the total.
void same_full_page(const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET" || res.status != 200 || req.path.rfind("/api/", 0) != 0) return;
    auto doc = json::parse(res.body, nullptr, false);
    if (!doc.is_object() || !doc.contains("Data")) return;
    json row = doc["Data"].empty() ? json{{"key", "x"}} : doc["Data"][0];
    const auto size = std::stoi(req.has_param("PageSize") ? req.get_param_value("PageSize") : "100");
    doc["Data"] = json::array();
    for (int i = 0; i < size; ++i) doc["Data"].push_back(row);
    doc.erase("TotalRowsCount");
    res.body = doc.dump();
}

/// Every list, feed and query answers a full page of distinct rows, whatever it asked, and counts 10^12 rows: a read
/// of a whole list would never end, and what a run keeps of pages must stay bounded.
void full_pages(const httplib::Request& req, httplib::Response& res) {
    const bool list =
        req.method == "GET" && (req.path.rfind("/api/resources/", 0) == 0 || req.path.rfind("/api/sync/", 0) == 0);
    const bool query =
        req.method == "POST" && req.path.rfind("/api/resources/", 0) == 0 && req.path.ends_with("/query");
    if (!list && !query) return;
    const auto [size, number] = asked_page(req);
    std::string body = "{\"Records\":[";
    for (long long i = 0; i < size; ++i)
        body += (i ? ",{\"Id\":" : "{\"Id\":") + std::to_string((number - 1) * size + i + 1) + "}";
    body += "],\"TotalRowsCount\":1000000000000}";
    res.status = 200;
    res.set_content(std::move(body), "application/json; charset=utf-8");
}

/// TokenInfo answers the password and the token; every error echoes the Authorization header and the body.
void echo_secrets(const httplib::Request& req, httplib::Response& res) {
    const std::string auth = req.get_header_value("Authorization");
    if (req.path == "/api/Account/TokenInfo" && res.status == 200) {
        auto doc = json::parse(res.body, nullptr, false);
        doc["Password"] = "writer-pw";
        doc["Token"] = auth.size() > 7 ? auth.substr(7) : auth;
        res.body = doc.dump();
    } else if (res.status >= 400) {
        res.body =
            json{{"Message", "refused " + auth + " (writer/writer-pw): " + req.body}, {"Authorization", auth}}.dump();
    }
}

/// A raw server over TLS that answers 413 before it has read the request and closes, with a target file that trusts
/// its certificate.
class Early413OverHttps : public RunningTarget {
public:
    Early413OverHttps()
        : server_(token_then([](RawConnection& c, const std::string&) {
                      c.send(http_response(413, R"({"Message": "too large"})", "Connection: close\r\n"));
                  }),
                  make_self_signed(dir_.path.string(), "raw")),
          target_file_(write_target(dir_.path, server_.base_url(), {{"insecure", true}})) {}
    std::string base_url() const override { return server_.base_url(); }
    std::vector<std::string> args() const override { return {"--target", target_file_}; }

private:
    TempFolder dir_{"hostile-files"};
    RawServer server_;
    std::string target_file_;
};

std::vector<HostileTarget> make_targets() {
    std::vector<HostileTarget> t;
    t.push_back({"nobody", "nobody listening", {3}, "", 0, false, [] {
                     int port = 0;
                     {
                         RawServer gone([](RawConnection&) {});
                         port = gone.port();
                     }
                     struct Gone : RunningTarget {
                         int port;
                         explicit Gone(int p) : port(p) {}
                         std::string base_url() const override { return "http://127.0.0.1:" + std::to_string(port); }
                     };
                     return std::make_unique<Gone>(port);
                 }});
    // 1 too, for those that give a token for any password (AUTH-07 fails, rightly).
    t.push_back({"hang", "a token, then no answer", {1, 4}, "", 0, false, [] {
                     return std::make_unique<Raw>(
                         token_then([](RawConnection& c, const std::string&) { c.pause(120000); }));
                 }});
    t.push_back({"drip", "a byte at a time", {1, 4}, "", 0, false, [] {
                     return std::make_unique<Raw>(token_then([](RawConnection& c, const std::string&) {
                         c.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n");
                         while (c.send("[") && c.pause(100)) {
                         }
                     }));
                 }});
    t.push_back({"headers", "endless headers", {1, 4}, "", 0, false, [] {
                     return std::make_unique<Raw>(token_then([](RawConnection& c, const std::string&) {
                         c.send("HTTP/1.1 200 OK\r\n");
                         const std::string line = "X-Filler: " + std::string(4000, 'a') + "\r\n";
                         while (c.send(line)) {
                         }
                     }));
                 }});
    t.push_back({"gzipbomb", "256 MiB of gzip", {1, 4}, "", 0, false, [] {
                     auto bomb = std::make_shared<std::string>(gzip(std::string(256u * 1024 * 1024, '[')));
                     return std::make_unique<Raw>(token_then([bomb](RawConnection& c, const std::string&) {
                         c.send(
                             "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                             "Content-Length: " +
                             std::to_string(bomb->size()) + "\r\n\r\n" + *bomb);
                         c.pause(2000);
                     }));
                 }});
    t.push_back({"early413", "413 before reading the body, then a reset", {1, 4}, "", 0, false, [] {
                     return std::make_unique<Raw>(token_then([](RawConnection& c, const std::string&) {
                         c.send("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                         c.reset();
                     }));
                 }});
    // Every request answered, and wrongly, as a usable answer: no streak stops the run, every check fails or errs, and
    // every property of every check shrinks (within the run's budget: run/shrink_budget.hpp).
    t.push_back({"all413", "413 to every request, its body read", {1, 4}, "", 0, false, [] {
                     return answering_all(http_response(413, R"({"Message": "Request Entity Too Large"})"));
                 }});
    // The wait it asks for once, then the run stops with the target's words.
    t.push_back({"retry30", "429 with Retry-After: 30", {1, 4}, "Retry-After: 30", 30, false, [] {
                     return std::make_unique<Raw>(token_then([](RawConnection& c, const std::string& head) {
                         c.read_body(head);
                         c.send(http_response(429, R"({"Message": "slow down"})", "Retry-After: 30\r\n"));
                     }));
                 }});
    t.push_back({"errors500", "500 to every request", {1, 4}, "answers nothing usable", 0, false, [] {
                     return answering_all(http_response(500, R"({"Message": "An error has occurred."})"));
                 }});
    t.push_back({"unavailable503", "503 to every request", {1, 4}, "answers nothing usable", 0, false, [] {
                     return answering_all(http_response(503, "<html><body>Service Unavailable</body></html>"));
                 }});
    t.push_back({"html", "an HTML page to every request", {1, 4}, "answers nothing usable", 0, false, [] {
                     const std::string page = "<!DOCTYPE html><html><body><h1>Welcome to nginx!</h1></body></html>";
                     return answering_all("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                                          std::to_string(page.size()) + "\r\n\r\n" + page);
                 }});
    t.push_back({"truncated", "truncated JSON to every request", {1, 4}, "answers nothing usable", 0, false, [] {
                     return answering_all(http_response(
                         200, R"({"TotalRowsCount": 3, "Data": [{"cod_clifor": "C1", "des_ragsoc": "Ros)"));
                 }});
    t.push_back({"junk", "junk bytes to every request", {1, 4}, "stopped answering", 0, false, [] {
                     return answering_all("\x16\x03\x01 junk, no HTTP at all\r\n\r\n");
                 }});
    t.push_back({"samepage", "always the same full page, no total", {1, 4}, "", 0, true, [] {
                     return std::make_unique<SpoiltStub>(same_full_page);
                 }});
    t.push_back({"hugecount", "a TotalRowsCount of 10^18", {1, 4}, "", 0, true, [] {
                     return std::make_unique<SpoiltStub>([](const httplib::Request& req, httplib::Response& res) {
                         if (res.status != 200 || req.path.rfind("/api/", 0) != 0) return;
                         auto doc = json::parse(res.body, nullptr, false);
                         if (!doc.is_object() || !doc.contains("TotalRowsCount")) return;
                         doc["TotalRowsCount"] = 1000000000000000000LL;
                         res.body = doc.dump();
                     });
                 }});
    t.push_back({"fullpages", "full pages of 10^12 rows everywhere", {1, 4}, "", 0, true, [] {
                     return std::make_unique<SpoiltStub>(full_pages);
                 }});
    t.push_back({"deepjson", "100,000 nested arrays", {1, 4}, "", 0, false, [] {
                     // As the list's data, and as TotalRowsCount.
                     const auto deep =
                         std::make_shared<std::string>(std::string(100000, '[') + std::string(100000, ']'));
                     return std::make_unique<SpoiltStub>([deep](const httplib::Request& req, httplib::Response& res) {
                         if (res.status != 200 || req.path.rfind("/api/", 0) != 0) return;
                         res.body = req.path.find("/sync/") != std::string::npos
                                        ? R"({"Data": [], "TotalRowsCount": )" + *deep + "}"
                                        : R"({"Data": )" + *deep + R"(, "TotalRowsCount": 1})";
                     });
                 }});
    t.push_back({"tokeninfo_echo", "secrets echoed in TokenInfo and every error", {0, 1, 4}, "", 0, true, [] {
                     return std::make_unique<SpoiltStub>(echo_secrets);
                 }});
    t.push_back({"https_early413", "413 before reading the body over HTTPS", {1, 4}, "", 0, false, [] {
                     return std::make_unique<Early413OverHttps>();
                 }});
    return t;
}

/// The peak memory of process `pid` so far (VmHWM, KiB), 0 when it cannot be read or the child has not yet become
/// the program it runs (before exec it is a copy of this process).
long peak_kb(pid_t pid) {
    std::error_code error;
    if (fs::read_symlink("/proc/" + std::to_string(pid) + "/exe", error) == fs::read_symlink("/proc/self/exe", error))
        return 0;
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
    return 0;
}

}  // namespace

std::string write_target(const fs::path& dir, const std::string& base_url, const nlohmann::json& settings) {
    const client::TargetConfig stub = bundled::stub_target(stub::StubOptions{}, base_url);
    json doc{{"base_url", base_url}, {"query", *stub.query_body}, {"users", json::object()}};
    for (const auto& [role, u] : stub.users)
        doc["users"][role] = {{"username", u.username}, {"password", u.password}, {"resources", u.resources}};
    doc.update(settings);
    const fs::path path = dir / "target.json";
    std::ofstream(path) << doc.dump();
    return path.string();
}

const std::vector<HostileTarget>& hostile_targets() {
    static const std::vector<HostileTarget> targets = make_targets();
    return targets;
}

const HostileTarget& hostile_target(const std::string& name) {
    for (const auto& t : hostile_targets())
        if (t.name == name) return t;
    throw std::out_of_range("no hostile target named " + name);
}

const std::vector<std::string>& hostile_report_formats() {
    static const std::vector<std::string> formats{"json", "junit", "html", "md"};
    return formats;
}

Finished run_against(const fs::path& exe, const std::string& base_url, const std::vector<std::string>& extra,
                     double hard_limit_s, int timeout_ms) {
    const TempFolder dir("hostile");
    std::vector<std::string> args{exe.string(), "run", "--base-url",   base_url,
                                  "--seed",     "1",   "--timeout-ms", std::to_string(timeout_ms)};
    for (const auto& f : hostile_report_formats())
        args.push_back("--report=" + f + "=" + (dir.path / ("report." + f)).string());
    args.insert(args.end(), extra.begin(), extra.end());
    const fs::path log = dir.path / "output.txt";

    // Everything the child needs is made before fork: between fork and exec only async-signal-safe calls (the
    // calling program has threads; one may hold malloc's lock).
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // Under AddressSanitizer, the freed memory it keeps to catch a use after free (256 MiB by default) would count as
    // the program's: a small quarantine leaves what the program itself holds.
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (std::string_view(*e).rfind("ASAN_OPTIONS=", 0) != 0) env.emplace_back(*e);
    const char* asan = std::getenv("ASAN_OPTIONS");
    env.push_back(std::string("ASAN_OPTIONS=") + (asan ? asan : "") +
                  ":quarantine_size_mb=16:thread_local_quarantine_size_kb=64");
    std::vector<char*> envp;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    rusage own{};
    ::getrusage(RUSAGE_SELF, &own);
    const long own_peak_kb = own.ru_maxrss;
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    Finished f;
    int status = 0;
    rusage usage{};
    long sampled_kb = 0;
    // A hard limit: a hang fails the test instead of hanging CI.
    const auto hard = t0 + std::chrono::duration<double>(hard_limit_s);
    while (::wait4(pid, &status, WNOHANG, &usage) == 0) {
        sampled_kb = std::max(sampled_kb, peak_kb(pid));
        if (std::chrono::steady_clock::now() > hard) {
            ::kill(pid, SIGKILL);
            ::wait4(pid, &status, 0, &usage);
            f.killed = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    f.code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    // Linux counts in a child's peak the memory it had before exec, a copy of this process's (which may hold a gzip
    // bomb's making, or a stub): past this process's own peak, the child's figure is its own; else what was sampled.
    f.max_rss_kb = usage.ru_maxrss > own_peak_kb ? usage.ru_maxrss : sampled_kb;
    std::ifstream out(log, std::ios::binary);
    f.output.assign(std::istreambuf_iterator<char>(out), {});
    for (const auto& format : hostile_report_formats()) {
        std::ifstream in(dir.path / ("report." + format), std::ios::binary);
        f.reports[format] = in ? std::string(std::istreambuf_iterator<char>(in), {}) : "";
    }
    return f;
}

std::string slowest_checks(const std::string& report) {
    const auto doc = json::parse(report, nullptr, false);
    if (!doc.is_object() || !doc.contains("checks")) return "(no JSON report)\n";
    std::vector<json> checks(doc["checks"].begin(), doc["checks"].end());
    std::sort(checks.begin(), checks.end(),
              [](const json& a, const json& b) { return a.value("duration_ms", 0.0) > b.value("duration_ms", 0.0); });
    std::string out;
    for (std::size_t i = 0; i < checks.size() && i < 5; ++i)
        out += "  " + checks[i].value("id", "") + " " +
               std::to_string(static_cast<long>(checks[i].value("duration_ms", 0.0))) + " ms, " +
               std::to_string(checks[i].value("requests", 0)) + " requests, " + checks[i].value("outcome", "") + ": " +
               checks[i].value("reason", "").substr(0, 200) + "\n";
    return out;
}

}  // namespace bds::test

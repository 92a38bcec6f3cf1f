// Prints what the network and the target's size cost a whole `conformance run`: the bundled stub in-process (the
// reference), then `conformance stub` in a process of its own reached through a delaying TCP proxy (0, 5, 20 ms each
// way) with `--jobs 1`, `--jobs 8` and the default, each with its floor (requests ÷ --max-in-flight's default × the
// round trip, or the in-process time where longer), its ratio to it, and its longest chain of requests one after
// another (docs/architecture.md, "A far target"), then that stub empty against it loaded with 1,000,000 document
// lines. Each figure is the median of --runs runs (default 1: one run at 20 ms takes minutes), each run with a fresh
// stub and the same seed so that runs compare. A benchmark, not a test: it prints figures and ratios, and says
// plainly when a run did not pass.
// Usage: remote_bench [--quick] [--delays 0,5,20] [--jobs-list 1,8] [--runs N] [--lines N] [--seed N]
//                     [--only latency|data]
// (--quick: one case per property, one suite, 0 and 5 ms, a small data set: a smoke test, the figures mean nothing)
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <list>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench_clock.hpp"
#include "delay_proxy.hpp"

namespace {

namespace fs = std::filesystem;
using bds::bench::Clock;
using nlohmann::json;

/// A run's cap of requests in flight by default (run::kMaxInFlight, --max-in-flight): what its floor assumes.
constexpr int kMaxInFlight = 32;

/// What the command line asks for.
struct Options {
    bool quick = false;
    std::vector<int> delays{0, 5, 20}, jobs{1, 8};
    int runs = 1;
    long lines = 1000000;
    std::string seed = "7", only;
};

/// "1,8" as {1, 8}.
std::vector<int> int_list(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
    return out;
}

/// The options; an unknown or malformed one throws.
Options parse_options(int argc, char** argv) {
    Options o;
    bool delays_set = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--quick")
            o.quick = true;
        else if (a == "--delays")
            o.delays = int_list(value()), delays_set = true;
        else if (a == "--jobs-list")
            o.jobs = int_list(value());
        else if (a == "--runs")
            o.runs = std::max(1, std::stoi(value()));
        else if (a == "--lines")
            o.lines = std::max(1L, std::stol(value()));
        else if (a == "--seed")
            o.seed = value();
        else if (a == "--only")
            o.only = value();
        else
            throw std::invalid_argument("unknown option " + a);
    }
    if (o.only != "" && o.only != "latency" && o.only != "data") throw std::invalid_argument("--only: latency or data");
    if (o.jobs.empty() || o.delays.empty())
        throw std::invalid_argument("--jobs-list and --delays need at least one value");
    if (o.quick && !delays_set) o.delays = {0, 5};
    if (o.quick && o.lines == Options{}.lines) o.lines = 5000;  // an explicit --lines still counts
    return o;
}

/// 1234567 as "1,234,567".
std::string with_commas(long n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i)
        out += (i && (digits.size() - i) % 3 == 0 ? "," : "") + std::string(1, digits[i]);
    return out;
}

/// Child processes: started with fork + execv only (the proxy's threads run in this process, so the child calls
/// nothing but async-signal-safe functions before execv), stdout to `out_fd` (or /dev/null), stderr to a log file.
pid_t spawn(const std::vector<std::string>& args, int out_fd, const std::string& log) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);  // else the child's copy of the buffer could be written again
    const pid_t pid = fork();
    if (pid == 0) {
        const int err = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int out = out_fd >= 0 ? out_fd : open("/dev/null", O_WRONLY);
        if (err < 0 || out < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(126);
        execv(argv[0], argv.data());
        const char said[] = "remote_bench: cannot execute " BDS_CONFORMANCE "\n";
        [[maybe_unused]] const ssize_t ignored = write(2, said, sizeof said - 1);  // the last line of its log
        _exit(127);
    }
    return pid;
}

/// The last non-empty line of a log: what a child that failed said last.
std::string last_line(const std::string& log) {
    std::ifstream in(log);
    std::string line, last;
    while (std::getline(in, line))
        if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    return last.empty() ? "(nothing on stderr)" : last;
}

/// A `conformance stub` in its own process.
struct Stub {
    pid_t pid = -1;
    int port = 0, out = -1;  // out: its stdout, kept open so that it never writes into a closed pipe
    double ready_s = 0, peak_mib = 0;
    std::string error;  // why it did not start
};

/// Starts the stub as `conformance run` starts the bundled one (the demo users, 3-second tokens so that the expiry
/// check decides) and waits until it announces its URL and its port accepts a connection.
Stub start_stub(const std::string& dir, const std::string& data) {
    Stub s;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return s.error = "pipe failed", s;
    std::vector<std::string> args{BDS_CONFORMANCE, "stub",    "--host",      "127.0.0.1", "--port", "0",
                                  "--users",       BDS_USERS, "--token-ttl", "3"};
    if (!data.empty()) args.insert(args.end(), {"--data", data});
    const auto start = Clock::now();
    const std::string log = dir + "/stub.log";
    s.pid = spawn(args, fds[1], log);
    close(fds[1]);
    s.out = fds[0];
    std::string announced;
    char c = 0;
    pollfd p{s.out, POLLIN, 0};
    while (announced.find('\n') == std::string::npos && poll(&p, 1, 1800 * 1000) == 1 && read(s.out, &c, 1) == 1)
        announced += c;
    const auto colon = announced.rfind(':');
    if (announced.find('\n') == std::string::npos || colon == std::string::npos)
        return s.error = "stub did not start: " + last_line(log), s;
    s.port = std::atoi(announced.c_str() + colon + 1);
    for (int i = 0; i < 500; ++i) {  // it binds before it announces; a connection tells that it listens
        const int fd = bds::bench::loopback_socket(s.port, false);
        if (fd >= 0) {
            close(fd);
            s.ready_s = bds::bench::seconds_since(start);
            return s;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return s.error = "stub announced port " + std::to_string(s.port) + " but does not accept connections", s;
}

/// SIGTERM, then wait: its peak resident memory comes with its exit.
void stop_stub(Stub& s) {
    if (s.pid > 0) {
        kill(s.pid, SIGTERM);
        int status = 0;
        rusage usage{};
        if (wait4(s.pid, &status, 0, &usage) == s.pid) s.peak_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
        s.pid = -1;
    }
    if (s.out >= 0) close(s.out), s.out = -1;
}

/// The target file of a stub reached at `base_url`: the roles and settings the bundled run gives its stub
/// (bundled::stub_target: roles from fixtures/users.json, collation ci, decimals 6/19, the nested query body,
/// a 5-second wait for the 3-second tokens), so that the runs in and out of process judge the same things.
json target_file(const std::string& base_url) {
    std::ifstream in(BDS_USERS);
    const json users = json::parse(in).at("users");
    const auto everything = [](const json& u) { return u["resources"] == json::array({"*"}); };
    json roles = json::object(), writer;
    for (const auto& u : users)
        if (u["can_write"] == true && everything(u) && writer.is_null()) {
            writer = u;
            roles["writer"] = {{"username", u["username"]}, {"password", u["password"]}};
        }
    for (const auto& u : users) {
        json c{{"username", u["username"]}, {"password", u["password"]}};
        if (!everything(u)) c["resources"] = u["resources"];
        const bool same_tenant = u["customer_ID"] == writer["customer_ID"];
        if (u["can_write"] == false && same_tenant && !roles.contains("reader")) roles["reader"] = c;
        if (!same_tenant && !roles.contains("other_tenant")) roles["other_tenant"] = c;
        if (!everything(u) && !roles.contains("limited")) roles["limited"] = c;
    }
    const json query{{"RecordSelection", "$RecordSelection"},
                     {"OrderBy", json::array({{{"field", "$OrderField"}, {"desc", "$OrderDescending"}}})},
                     {"PageSize", "$PageSize"},
                     {"PageNumber", "$PageNumber"}};
    return {{"base_url", base_url},    {"users", roles}, {"collation", "ci"},       {"decimal_scale", 6},
            {"decimal_precision", 19}, {"query", query}, {"token_expiry_wait_s", 5}};
}

// ---------------------------------------------------------------------------------------------------------------
/// One `conformance run` and what it showed.
struct Figures {
    double seconds = 0, peak_mib = 0;
    long requests = 0;
    int exit_code = -1;
    std::string verdict = "no report", error;  // error: the run's last stderr line when it did not pass
    std::string slowest;   ///< the checks that took longest, with their seconds and requests: where the time went
    long chain = 0;        ///< the longest chain of requests one after another (CheckResult::chain; 0: not reported)
    std::string chain_of;  ///< its check
    bool passed() const { return exit_code == 0 && verdict == "pass"; }
};

/// "4.2 checks at once on average; slowest SYN-01 12.3 s (140), …": how much the checks of report `r` overlapped, and
/// those that took longest, with their requests.
std::string slowest_checks(const json& r) {
    std::vector<std::pair<double, std::string>> checks;
    for (const auto& c : r.value("checks", json::array())) {
        char text[96];
        std::snprintf(text, sizeof text, "%s %.1f s (%ld)", c.value("id", "?").c_str(),
                      c.value("duration_ms", 0.0) / 1000.0, c.value("requests", 0L));
        checks.emplace_back(c.value("duration_ms", 0.0), text);
    }
    std::sort(checks.rbegin(), checks.rend());
    double total = 0;
    for (const auto& [ms, text] : checks) total += ms;
    char at_once[96];
    std::snprintf(at_once, sizeof at_once, "%.1f checks at once on average; ",
                  total / std::max(1.0, r.value("duration_ms", 1.0)));
    std::string out = at_once;
    for (std::size_t i = 0; i < checks.size() && i < 5; ++i) out += (i ? ", " : "slowest ") + checks[i].second;
    return out;
}

/// Runs `conformance run` with `args` plus a JSON report, and measures it: wall time, the peak resident memory of
/// the run's own process (wait4), and the report's requests and verdict.
Figures measure(const std::string& dir, std::vector<std::string> args) {
    const std::string report = dir + "/report.json", log = dir + "/run.log";
    fs::remove(report);  // a report left by an earlier run must not stand in for one this run did not write
    args.insert(args.begin(), {BDS_CONFORMANCE, "run"});
    args.insert(args.end(), {"--report", "json=" + report});
    Figures f;
    const auto start = Clock::now();
    const pid_t pid = spawn(args, -1, log);
    int status = 0;
    rusage usage{};
    if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
        f.seconds = bds::bench::seconds_since(start);
        f.peak_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
        f.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    // REMOTE_BENCH_KEEP=DIR keeps each run's report there (report-1.json, …): its checks' started_ms and duration_ms
    // are the run's timeline.
    static int kept = 0;
    if (const char* keep = std::getenv("REMOTE_BENCH_KEEP"); keep && fs::exists(report))
        fs::copy_file(report, fs::path(keep) / ("report-" + std::to_string(++kept) + ".json"),
                      fs::copy_options::overwrite_existing);
    std::ifstream in(report);
    const json r = json::parse(in, nullptr, false);
    if (r.is_object()) {
        f.requests = r.value("requests", 0L);
        f.verdict = r.value("verdict", "no verdict");
        f.slowest = slowest_checks(r);
        for (const auto& c : r.value("checks", json::array()))
            if (c.value("chain", 0L) > f.chain) {
                f.chain = c.value("chain", 0L);
                f.chain_of = c.value("id", "?");
            }
    }
    if (!f.passed()) f.error = last_line(log);
    return f;
}

/// The median of each figure; the verdict of a run that did not pass, if any did not, so that it is never hidden.
Figures median(const std::vector<Figures>& all) {
    const auto middle = [&](auto member) {
        std::vector<double> v;
        for (const auto& f : all) v.push_back(static_cast<double>(f.*member));
        std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    Figures out = all.front();
    for (const auto& f : all)
        if (!f.passed()) out = f;
    out.seconds = middle(&Figures::seconds);
    out.peak_mib = middle(&Figures::peak_mib);
    out.requests = static_cast<long>(middle(&Figures::requests));
    return out;
}

/// What follows a figure: where its time went, or when its run did not pass, the verdict, the exit code and its last
/// words.
std::string details(const Figures& f) {
    if (f.passed()) return f.slowest.empty() ? "" : "\n    " + f.slowest;
    return "\n    ^ THE RUN DID NOT PASS: verdict " + f.verdict + ", exit " + std::to_string(f.exit_code) + ": " +
           f.error;
}

/// The arguments every run shares: the seed (the same checks and cases each time), and in --quick one case of one
/// suite.
std::vector<std::string> common_args(const Options& o) {
    std::vector<std::string> args{"--seed", o.seed};
    if (o.quick) args.insert(args.end(), {"--cases", "1", "--suite", "pagination"});
    return args;
}

/// `--runs` runs against a fresh stub each (a run leaves its records behind, logically deleted), optionally
/// through a proxy; `stub` keeps the last stub's start-up figures. An empty result: the stub did not start.
std::optional<Figures> remote_runs(const Options& o, const std::string& dir, const std::string& data,
                                   std::optional<int> delay_ms, const std::vector<std::string>& extra, Stub& stub) {
    std::vector<Figures> all;
    for (int i = 0; i < o.runs; ++i) {
        stub = start_stub(dir, data);
        if (!stub.error.empty()) return stop_stub(stub), std::nullopt;
        std::optional<bds::bench::DelayProxy> proxy;
        if (delay_ms) proxy.emplace(stub.port, *delay_ms);
        const int port = proxy ? proxy->port() : stub.port;
        std::ofstream(dir + "/target.json") << target_file("http://127.0.0.1:" + std::to_string(port)).dump(2);
        auto args = common_args(o);
        args.insert(args.end(), {"--target", dir + "/target.json"});
        args.insert(args.end(), extra.begin(), extra.end());
        all.push_back(measure(dir, args));
        proxy.reset();
        stop_stub(stub);
    }
    return median(all);
}

// ---------------------------------------------------------------------------------------------------------------
/// A large data set in `out`: fixtures/demo as it is (make_demo_data has no size argument), with tenant 1's
/// documents repeated under new keys (the first copy keeps its own) until their lines number `lines`, the last
/// document cut short to reach it exactly. Returns the documents written.
long write_data_set(const std::string& out, long lines) {
    fs::copy(BDS_DEMO_DATA, out, fs::copy_options::recursive);
    const std::string documents_file = out + "/1/StoricoDocumentiT.json";
    std::ifstream in(documents_file);
    const json demo = json::parse(in);
    in.close();
    std::ofstream file(documents_file, std::ios::trunc);
    file << "[\n";
    long written = 0, documents = 0;
    for (long copy = 0; written < lines; ++copy)
        for (const auto& original : demo) {
            if (written >= lines) break;
            json doc = original;
            if (copy > 0)
                doc["key_documento"] = original["key_documento"].get<std::string>() + "/" + std::to_string(copy);
            auto& rows = doc["StoricoDocumentiR"];
            if (static_cast<long>(rows.size()) > lines - written)
                rows.erase(rows.begin() + (lines - written), rows.end());
            written += static_cast<long>(rows.size());
            file << (documents++ ? ",\n" : "") << doc.dump();
        }
    file << "\n]\n";
    if (!file) throw std::runtime_error("cannot write " + documents_file);
    return documents;
}

/// A temporary directory, removed with everything in it when the bench ends.
struct TempDir {
    std::string path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "remote_bench.XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

// ---------------------------------------------------------------------------------------------------------------
/// The reference of the ratios: `conformance run` with the bundled stub in its own process, default options.
Figures in_process(const Options& o, const std::string& dir) {
    std::vector<Figures> all;
    for (int i = 0; i < o.runs; ++i) all.push_back(measure(dir, common_args(o)));
    const Figures f = median(all);
    std::printf("in process (bundled stub), default options: %.1f s, %s requests, peak %.0f MiB (the reference)%s\n",
                f.seconds, with_commas(f.requests).c_str(), f.peak_mib, details(f).c_str());
    std::fflush(stdout);
    return f;
}

/// The stub in its own process through the proxy at each delay, with each --jobs of the list and the default.
int latency(const Options& o, const std::string& dir, const Figures& reference) {
    int not_passed = 0;
    for (const int delay : o.delays) {
        std::optional<double> first;  // the first --jobs of the list at this delay: the other lines' ratio
        std::vector<std::optional<int>> jobs(o.jobs.begin(), o.jobs.end());
        jobs.push_back(std::nullopt);  // the default: no --jobs at all
        for (const auto& j : jobs) {
            const std::vector<std::string> extra =
                j ? std::vector<std::string>{"--jobs", std::to_string(*j)} : std::vector<std::string>{};
            const std::string name = j ? "--jobs " + std::to_string(*j) : "default jobs";
            Stub stub;
            const auto f = remote_runs(o, dir, "", delay, extra, stub);
            std::printf("through proxy %d ms each way, %s: ", delay, name.c_str());
            if (!f) {
                std::printf("NOT MEASURED: %s\n", stub.error.c_str());
                ++not_passed;
                continue;
            }
            // What the round trips allow: every request in flight at the cap, one round trip each; or the in-process
            // run, where that is longer.
            const double floor =
                std::max(reference.seconds, static_cast<double>(f->requests) / kMaxInFlight * 2 * delay / 1000.0);
            std::printf(
                "%.1f s, %s requests, %.1fx the in-process run, floor %.1f s, %.2fx the floor, longest chain %s %ld",
                f->seconds, with_commas(f->requests).c_str(), f->seconds / reference.seconds, floor, f->seconds / floor,
                f->chain_of.c_str(), f->chain);
            if (first)
                std::printf(", jobs%d/%s %.1fx", o.jobs.front(), j ? ("jobs" + std::to_string(*j)).c_str() : "default",
                            *first / f->seconds);
            else
                first = f->seconds;
            std::printf("%s\n", details(*f).c_str());
            std::fflush(stdout);
            not_passed += !f->passed();
        }
    }
    return not_passed;
}

/// The stub in its own process, no proxy, empty and then loaded with `--lines` document lines: the run's time and
/// peak memory (and the stub's, for scale).
int data_size(const Options& o, const std::string& dir) {
    const std::string data = dir + "/data";
    const auto start = Clock::now();
    const long documents = write_data_set(data, o.lines);
    std::printf("data set: %s document lines in %s documents (fixtures/demo's repeated), written in %.1f s\n",
                with_commas(o.lines).c_str(), with_commas(documents).c_str(), bds::bench::seconds_since(start));
    int not_passed = 0;
    std::optional<Figures> empty;
    for (const bool loaded : {false, true}) {
        Stub stub;
        const auto f = remote_runs(o, dir, loaded ? data : "", std::nullopt, {}, stub);
        const std::string what = loaded ? with_commas(o.lines) + " document lines" : "empty";
        std::printf("stub in its own process, %s: ", what.c_str());
        if (!f) {
            std::printf("NOT MEASURED: %s\n", stub.error.c_str());
            ++not_passed;
            continue;
        }
        std::printf("%.1f s, %s requests, run peak %.0f MiB", f->seconds, with_commas(f->requests).c_str(),
                    f->peak_mib);
        if (loaded && empty)
            std::printf(", loaded/empty time %.2fx, run peak %.2fx", f->seconds / empty->seconds,
                        f->peak_mib / empty->peak_mib);
        std::printf(" (stub ready in %.1f s, stub peak %s MiB)%s\n", stub.ready_s,
                    with_commas(std::lround(stub.peak_mib)).c_str(), details(*f).c_str());
        std::fflush(stdout);
        if (!loaded) empty = f;
        not_passed += !f->passed();
    }
    fs::remove_all(data);
    return not_passed;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    try {
        o = parse_options(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(
            stderr,
            "remote_bench: %s\nusage: remote_bench [--quick] [--delays 0,5,20] [--jobs-list 1,8] [--runs N] [--lines N] [--seed N] [--only latency|data]\n",
            e.what());
        return 2;
    }
    std::signal(SIGPIPE, SIG_IGN);
    TempDir dir;
    std::printf("conformance: %s; seed %s%s; median of %d run(s) each\n", BDS_CONFORMANCE, o.seed.c_str(),
                o.quick ? ", --quick (the figures mean nothing)" : "", o.runs);
    int not_passed = 0;
    if (o.only != "data") {
        const Figures reference = in_process(o, dir.path);
        not_passed += reference.passed() ? 0 : 1;
        not_passed += latency(o, dir.path, reference);
    }
    if (o.only != "latency") not_passed += data_size(o, dir.path);
    if (not_passed) std::printf("%d figure(s) come from runs that did not pass (see above)\n", not_passed);
    return not_passed ? 1 : 0;
}

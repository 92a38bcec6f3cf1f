// `conformance run` ended by a signal, as CI ends a job (docs/verdict-and-reports.md, "The verdict"): the real program
// against a stub started in this process, a signal 4 s into the run. It must exit 128 + the signal's number within a
// bound, leave every report whole (the JSON valid against its schema with the verdict "interrupted", the JUnit
// well-formed XML, the HAR with every request sent, no temporary file beside them) and no active row of what it wrote,
// also under GNU timeout (which signals it twice); a second signal that is meant skips the clean-up and says so.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "client/raw_server.hpp"
#include "report/junit_xml.hpp"
#include "report/report_schema.hpp"
#include "run/bearer_header.hpp"
#include "run/proxy_fixture.hpp"
#include "test_paths.hpp"

namespace bds::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr auto kSignalAfter = std::chrono::seconds(4);
/// From the signal to the end of the program: the clean-up's grace (run::kStopGrace, 10 s) and the reports.
constexpr double kExitWithinS = 20;
const std::vector<std::string> kFormats{"json", "junit", "html", "md", "har"};

/// A directory for a run's reports and output, removed at the end of the scope.
struct RunDir {
    fs::path path =
        fs::temp_directory_path() / ("bds-interrupt-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
    RunDir() { fs::create_directories(path); }
    ~RunDir() { fs::remove_all(path); }
    fs::path report(const std::string& format) const { return path / ("report." + format); }
    fs::path log() const { return path / "output.txt"; }
};

/// `conformance run --base-url URL` with every report into `dir`, started as a child process; after `before` (a
/// command that runs it: timeout).
pid_t start_run(const std::string& base_url, const RunDir& dir, const std::vector<std::string>& extra = {},
                const std::vector<std::string>& before = {}) {
    std::vector<std::string> args = before;
    const std::vector<std::string> run{conformance_exe().string(), "run", "--base-url", base_url, "--seed", "1"};
    args.insert(args.end(), run.begin(), run.end());
    for (const auto& f : kFormats) args.push_back("--report=" + f + "=" + dir.report(f).string());
    args.insert(args.end(), extra.begin(), extra.end());
    // Made before fork: between fork and exec only async-signal-safe calls (this program has threads).
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string log = dir.log().string();
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execvp(argv[0], argv.data());
        ::_exit(127);
    }
    return pid;
}

/// Waits for `pid` up to `limit_s` (then kills it, a test failure): its exit code (-signal when a signal ended it).
int wait_exit(pid_t pid, double limit_s) {
    const auto hard = Clock::now() + std::chrono::duration<double>(limit_s);
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (Clock::now() > hard) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            ADD_FAILURE() << "still running " << limit_s << " s after the signal: killed";
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

/// Waits until the child's output holds `text` (at most `limit`): true when it came.
bool output_shows(const RunDir& dir, const std::string& text, std::chrono::seconds limit) {
    const auto until = Clock::now() + limit;
    while (Clock::now() < until) {
        std::ifstream in(dir.log());
        if (std::string(std::istreambuf_iterator<char>(in), {}).find(text) != std::string::npos) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

/// Rows of the writable resources the stub holds not logically deleted, read through its API with each user of
/// `roles` (a fresh stub holds only what the run wrote).
std::vector<std::string> active_rows(const client::TargetConfig& target, const std::vector<std::string>& roles) {
    const Catalogue catalogue = builtin_catalogue();
    httplib::Client http(target.base_url);
    std::vector<std::string> active;
    for (const auto& role : roles) {
        const httplib::Headers auth = test::bearer_header(http, target, role);
        for (const Record* record : catalogue.resources()) {
            if (!record->writable()) continue;
            constexpr int kPage = 100;
            for (int page = 1;; ++page) {
                const auto r = http.Get("/api/resources/" + record->name + "?PageSize=" + std::to_string(kPage) +
                                            "&PageNumber=" + std::to_string(page),
                                        auth);
                if (!r || r->status != 200)
                    throw std::runtime_error("cannot read " + record->name + " as " + role + ": " +
                                             (r ? r->body : httplib::to_string(r.error())));
                const json rows = json::parse(r->body).at("Records");
                for (const auto& row : rows)
                    if (row.value("flg_isdeleted", false) != true)
                        active.push_back(record->name + " " + row.dump().substr(0, 300));
                if (rows.size() < static_cast<std::size_t>(kPage)) break;
            }
        }
    }
    return active;
}

/// What an interrupted run left: its exit code, the seconds from the (first) signal to its end, its reports.
struct Interrupted {
    int code = -1;
    double seconds = 0;
    std::string output;
    json report;
};

/// The run's end, its output and JSON report, `signalled` being when the first signal went.
Interrupted finished(pid_t pid, const RunDir& dir, Clock::time_point signalled) {
    Interrupted out;
    out.code = wait_exit(pid, 3 * kExitWithinS);
    out.seconds = std::chrono::duration<double>(Clock::now() - signalled).count();
    out.output = read_text(dir.log());
    out.report = json::parse(read_text(dir.report("json")), nullptr, false);
    std::cout << "    exit " << out.code << " " << out.seconds << " s after the signal; "
              << out.report.value("records_written", 0) << " records written\n";
    return out;
}

/// Runs against `base_url`, sends `first` 4 s in and, when given, `second` `apart` after the run has taken the
/// first.
Interrupted interrupt_run(const std::string& base_url, const RunDir& dir, int first, std::optional<int> second = {},
                          std::chrono::milliseconds apart = std::chrono::milliseconds(1000)) {
    // A thousand cases a property: a default run may end before kSignalAfter, with its checks at once and in blocks.
    const pid_t pid = start_run(base_url, dir, {"--cases", "1000"});
    std::this_thread::sleep_for(kSignalAfter);
    const auto signalled = Clock::now();
    ::kill(pid, first);
    if (second) {
        // Once its watch has taken the first (standard signals do not queue: two at once may be one).
        EXPECT_TRUE(output_shows(dir, "stopping the run", std::chrono::seconds(10)))
            << "the run did not say it took the first signal";
        std::this_thread::sleep_until(signalled + apart);
        ::kill(pid, *second);
    }
    return finished(pid, dir, signalled);
}

/// What every interrupted run must leave: the exit code, in time, every report whole with the verdict, nothing
/// temporary beside them, the terminal's last line the verdict.
void expect_reports(const Interrupted& r, const RunDir& dir, int code, const std::string& signal) {
    EXPECT_EQ(r.code, code) << r.output.substr(r.output.size() > 3000 ? r.output.size() - 3000 : 0);
    EXPECT_LT(r.seconds, kExitWithinS);
    ASSERT_TRUE(r.report.is_object()) << "the JSON report is not JSON";
    EXPECT_EQ(schema_errors(r.report), std::vector<std::string>{});
    EXPECT_EQ(r.report.value("verdict", ""), "interrupted");
    EXPECT_EQ(r.report.value("interrupted", ""), signal);
    EXPECT_EQ(r.report.value("stopped", ""), "interrupted by " + signal);
    EXPECT_GT(r.report.value("records_written", 0), 0)
        << "the run wrote nothing before the signal: the clean-up is not tested";
    const auto junit = parse_junit(read_text(dir.report("junit")));
    EXPECT_EQ(junit.error, "");
    EXPECT_FALSE(junit.cases.empty());
    for (const char* format : {"html", "md"})
        EXPECT_NE(read_text(dir.report(format)).find("interrupted"), std::string::npos) << format;
    // The HAR too: every request sent before and after the signal (the clean-up's), as many as the run counts.
    const json har = json::parse(read_text(dir.report("har")), nullptr, false);
    ASSERT_TRUE(har.is_object()) << "the HAR report is not JSON";
    EXPECT_EQ(har["log"]["entries"].size(), r.report.value("requests", 0u));
    for (const auto& entry : fs::directory_iterator(dir.path))
        EXPECT_NE(entry.path().filename().string().front(), '.') << "a temporary file was left: " << entry.path();
    const auto last = r.output.rfind("\nverdict: ");
    ASSERT_NE(last, std::string::npos) << r.output.substr(0, 3000);
    EXPECT_EQ(r.output.find('\n', last + 1), r.output.size() - 1) << "the verdict is the terminal's last line";
    EXPECT_EQ(r.output.compare(last + 1, 22, "verdict: interrupted b"), 0) << r.output.substr(last);
}

class OneSignal : public ::testing::TestWithParam<int> {};

TEST_P(OneSignal, LeavesEveryReportAndACleanTarget) {
    const int signal = GetParam();
    const std::string name = signal == SIGTERM ? "SIGTERM" : "SIGINT";
    const Catalogue catalogue = builtin_catalogue();
    const auto stub = bundled::start_embedded_stub(catalogue, {});
    const RunDir dir;
    const auto r = interrupt_run(stub.target.base_url, dir, signal);
    expect_reports(r, dir, 128 + signal, name);
    const auto active = active_rows(stub.target, {client::kWriter, client::kOtherTenant});
    EXPECT_TRUE(active.empty()) << active.size() << " rows the run wrote are still active, the first: "
                                << (active.empty() ? "" : active.front()) << "\n"
                                << r.report.value("notes", json::array()).dump();
    EXPECT_NE(r.report.value("undecided", json::array()).size(), 0u) << "a run cut short left nothing undecided?";
}

INSTANTIATE_TEST_SUITE_P(Signals, OneSignal, ::testing::Values(SIGTERM, SIGINT),
                         [](const auto& info) { return std::string(info.param == SIGTERM ? "SIGTERM" : "SIGINT"); });

TEST(Interrupts, UnderTimeoutTheCleanUpRuns) {
    // GNU timeout sends SIGTERM to the program and then to its process group: two signals within microseconds, one
    // request. --preserve-status: timeout exits as the program did.
    const Catalogue catalogue = builtin_catalogue();
    const auto stub = bundled::start_embedded_stub(catalogue, {});
    const RunDir dir;
    const auto started = Clock::now();
    const pid_t pid = start_run(stub.target.base_url, dir, {"--cases", "1000"},
                                {"timeout", "--preserve-status", std::to_string(kSignalAfter.count())});
    const auto r = finished(pid, dir, started + kSignalAfter);
    expect_reports(r, dir, 128 + SIGTERM, "SIGTERM");
    for (const auto& n : r.report.value("notes", json::array()))
        EXPECT_EQ(n.get<std::string>().find("skipped the clean-up"), std::string::npos) << n;
    const auto active = active_rows(stub.target, {client::kWriter, client::kOtherTenant});
    EXPECT_TRUE(active.empty()) << active.size() << " rows the run wrote are still active, the first: "
                                << (active.empty() ? "" : active.front()) << "\n"
                                << r.output.substr(r.output.size() > 3000 ? r.output.size() - 3000 : 0);
}

TEST(Interrupts, TwoSigintsASecondApartSkipTheCleanUpAndTheNotesSaySo) {
    // The clean-up's blocks are held 2 s each once the first signal went, so that the second comes while it runs; what
    // was held when it came never reaches the target (as a request the run cut before the server took it).
    const Catalogue catalogue = builtin_catalogue();
    const auto stub = bundled::start_embedded_stub(catalogue, {});
    std::atomic<bool> slow{false}, cut{false};
    BreakingProxy proxy(stub.target.base_url, {}, {}, {},
                        [&slow, &cut](const httplib::Request& req, const std::function<void()>& pass) {
                            if (slow && req.method == "POST" && req.path.rfind("/api/sync/", 0) == 0) {
                                std::this_thread::sleep_for(std::chrono::seconds(2));
                                if (cut) return;
                            }
                            pass();
                        });
    const RunDir dir;
    const pid_t pid = start_run(proxy.base_url(), dir, {"--cases", "1000"});
    std::this_thread::sleep_for(kSignalAfter);
    const auto signalled = Clock::now();
    slow = true;
    ::kill(pid, SIGINT);
    EXPECT_TRUE(output_shows(dir, "stopping the run", std::chrono::seconds(10)))
        << "the run did not say it took the first signal";
    std::this_thread::sleep_until(signalled + std::chrono::seconds(1));
    cut = true;
    ::kill(pid, SIGINT);
    const auto r = finished(pid, dir, signalled);
    expect_reports(r, dir, 128 + SIGINT, "SIGINT");
    const std::regex skipped(R"(a second signal \(SIGINT\) skipped the clean-up: (\d+) of (\d+) records)");
    std::smatch m;
    std::string note;
    for (const auto& n : r.report.value("notes", json::array()))
        if (const std::string text = n; std::regex_search(text, m, skipped)) note = text;
    ASSERT_FALSE(note.empty()) << r.report.value("notes", json::array()).dump(2);
    std::regex_search(note, m, skipped);
    EXPECT_GT(std::stol(m[1]), 0) << note;
    EXPECT_NE(note.find("conformance clean"), std::string::npos) << "the note says how to clean: " << note;
    EXPECT_FALSE(active_rows(stub.target, {client::kWriter, client::kOtherTenant}).empty())
        << "the clean-up ran after all";
}

TEST(Interrupts, AnInterruptEndsTheWaitForATargetThatIsNotThere) {
    int port = 0;
    {
        RawServer gone([](RawConnection&) {});
        port = gone.port();
    }
    const RunDir dir;
    const pid_t pid =
        start_run("http://127.0.0.1:" + std::to_string(port), dir, {"--wait-for-target", "600", "--timeout-ms", "500"});
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const auto signalled = Clock::now();
    ::kill(pid, SIGHUP);
    const int code = wait_exit(pid, 60);
    const double seconds = std::chrono::duration<double>(Clock::now() - signalled).count();
    std::cout << "    exit " << code << " " << seconds << " s after the signal\n";
    EXPECT_EQ(code, 128 + SIGHUP) << read_text(dir.log());
    EXPECT_LT(seconds, 5.0);
    const auto report = json::parse(read_text(dir.report("json")), nullptr, false);
    ASSERT_TRUE(report.is_object());
    EXPECT_EQ(schema_errors(report), std::vector<std::string>{});
    EXPECT_EQ(report.value("verdict", ""), "interrupted");
    EXPECT_EQ(parse_junit(read_text(dir.report("junit"))).error, "");
}

}  // namespace
}  // namespace bds::test

// `conformance clean` on a stub holding the records of runs killed outright (SIGKILL: no clean-up at all), beside
// records of another prefix that must stay: with the run's journal, then with its prefix alone, none of the run's
// records is left active and the others are untouched.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "catalogue/catalogue.hpp"
#include "oracle/compare.hpp"
#include "run/journal_file.hpp"
#include "run/prefix_scan.hpp"
#include "test_paths.hpp"
#include "run/bearer_header.hpp"

namespace bds::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

/// The active rows of every writable resource, as `role` reads them: resource → rows.
std::map<std::string, std::vector<json>> active_rows(const client::TargetConfig& target, const std::string& role) {
    const Catalogue catalogue = builtin_catalogue();
    httplib::Client http(target.base_url);
    const httplib::Headers auth = test::bearer_header(http, target, role);
    std::map<std::string, std::vector<json>> out;
    for (const Record* record : catalogue.resources()) {
        if (!record->writable() || record->read_only) continue;
        for (int page = 1;; ++page) {
            const auto r =
                http.Get("/api/resources/" + record->name + "?PageSize=100&PageNumber=" + std::to_string(page), auth);
            if (!r || r->status != 200) throw std::runtime_error("cannot read " + record->name);
            const json rows = json::parse(r->body).at("Records");
            for (const auto& row : rows)
                if (row.value("flg_isdeleted", false) != true) out[record->name].push_back(row);
            if (rows.size() < 100) break;
        }
    }
    return out;
}

/// Active rows (writer's and other tenant's) whose keys carry `prefix`.
std::size_t active_with(const client::TargetConfig& target, const std::string& prefix) {
    const Catalogue catalogue = builtin_catalogue();
    std::size_t n = 0;
    for (const std::string role : {client::kWriter, client::kOtherTenant})
        for (const auto& [resource, rows] : active_rows(target, role))
            for (const auto& row : rows) n += run::carries_prefix(*catalogue.find(resource), row, prefix);
    return n;
}

/// `conformance ARGS…` with its output into `log`: its exit code.
int conformance(const std::string& args, const fs::path& log) {
    const int status = std::system((conformance_exe().string() + " " + args + " >" + log.string() + " 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// `conformance run --base-url URL --journal FILE`, killed with SIGKILL once its journal holds `lines` lines: the
/// run's prefix (from the journal's first line).
std::string killed_run(const std::string& base_url, const fs::path& journal, std::size_t lines) {
    std::vector<std::string> args{conformance_exe().string(),
                                  "run",
                                  "--base-url",
                                  base_url,
                                  "--key-pool",
                                  "none",  // a prefix of its own each run, as without a pool
                                  "--seed",
                                  "3",
                                  "--cases",
                                  "1000",
                                  "--journal",
                                  journal.string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open("/dev/null", O_WRONLY);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
        std::ifstream in(journal);
        const auto n = static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
        if (n >= lines || std::chrono::steady_clock::now() > until) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return run::read_journal_file(journal).header.value("run_prefix", "");
}

/// Five customers of another prefix, written before: what no clean may touch.
void others(const client::TargetConfig& target) {
    httplib::Client http(target.base_url);
    const auto& user = target.users.at(client::kWriter);
    const auto token = http.Post(
        target.token_path,
        httplib::Params{{"grant_type", "password"}, {"username", user.username}, {"password", user.password}});
    json block = json::array();
    for (int i = 0; i < 5; ++i)
        block.push_back({{"ind_clifor", "C"}, {"cod_clifor", "qqy" + std::to_string(i)}, {"flg_isdeleted", false}});
    const auto r =
        http.Post("/api/sync/CliFor",
                  {{"Authorization", "Bearer " + json::parse(token->body).at("access_token").get<std::string>()}},
                  block.dump(), "application/json");
    if (!r || r->status != 200) throw std::runtime_error("the other prefix's records were not written");
}

struct Dir {
    fs::path path = fs::temp_directory_path() / ("bds-clean-" + std::to_string(::getpid()));
    Dir() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~Dir() { fs::remove_all(path); }
};

TEST(CleanCommand, TheJournalOfAKilledRunAndThenItsPrefixLeaveNoneOfItsRecordsActiveAndNoOtherTouched) {
    const Catalogue catalogue = builtin_catalogue();
    const auto stub = bundled::start_embedded_stub(catalogue, {});
    const Dir dir;
    others(stub.target);
    const std::string url = stub.target.base_url;

    const std::string first = killed_run(url, dir.path / "first.jsonl", 40);
    const auto journal = run::read_journal_file(dir.path / "first.jsonl");
    EXPECT_FALSE(journal.status) << "killed: its clean-up never ran";
    const std::size_t left = active_with(stub.target, first);
    ASSERT_GT(left, 0u) << "the killed run left nothing active: nothing to clean";
    const int code = conformance("clean --base-url " + url + " --journal " + (dir.path / "first.jsonl").string(),
                                 dir.path / "first.log");
    const std::string output = read_text(dir.path / "first.log");
    std::cout << "    run " << first << " killed with " << journal.entries.size() << " journal lines, " << left
              << " records active; clean --journal: " << output;
    EXPECT_EQ(code, 0) << output;
    EXPECT_TRUE(run::read_journal_file(dir.path / "first.jsonl").finished()) << "the journal says the clean finished";
    // Every record the journal lists is deleted (a write in flight at the kill, not yet journaled, may remain: the
    // prefix finds it).
    for (const std::string role : {client::kWriter, client::kOtherTenant})
        for (const auto& [resource, rows] : active_rows(stub.target, role))
            for (const auto& row : rows)
                for (const auto& e : journal.entries) {
                    if (e.resource != resource || e.role != role) continue;
                    EXPECT_FALSE(oracle::same_key(*catalogue.find(resource), row, e.record, Collation::CaseSensitive))
                        << resource << " " << row.dump();
                }
    EXPECT_EQ(conformance("clean --base-url " + url + " --journal " + (dir.path / "first.jsonl").string(),
                          dir.path / "again.log"),
              0);
    EXPECT_NE(read_text(dir.path / "again.log").find("nothing is left"), std::string::npos);

    // A second run killed, its journal lost: its prefix alone.
    const std::string second = killed_run(url, dir.path / "second.jsonl", 40);
    ASSERT_NE(second, first);
    const std::size_t left_second = active_with(stub.target, second);
    ASSERT_GT(left_second, 0u);
    fs::remove(dir.path / "second.jsonl");
    EXPECT_EQ(conformance("clean --base-url " + url + " --prefix " + second, dir.path / "second.log"), 0)
        << read_text(dir.path / "second.log");
    std::cout << "    run " << second << " killed, " << left_second
              << " records active; clean --prefix: " << read_text(dir.path / "second.log");
    EXPECT_EQ(active_with(stub.target, second), 0u);
    EXPECT_EQ(conformance("clean --base-url " + url + " --prefix " + first, dir.path / "first-prefix.log"), 0);
    EXPECT_EQ(active_with(stub.target, first), 0u);
    EXPECT_EQ(active_with(stub.target, "qqy"), 5u) << "another prefix's records are untouched";
}

TEST(CleanCommand, APrefixThatCouldTakeInOthersRecordsIsAUsageError) {
    const Dir dir;
    EXPECT_EQ(conformance("clean --base-url http://127.0.0.1:9 --prefix ab", dir.path / "log"), 2);
    EXPECT_EQ(conformance("clean --base-url http://127.0.0.1:9 --prefix 'A%c'", dir.path / "log"), 2);
    EXPECT_EQ(conformance("clean --base-url http://127.0.0.1:9", dir.path / "log"), 2);
    EXPECT_EQ(conformance("clean --base-url http://127.0.0.1:9 --prefix abc", dir.path / "log"), 3)
        << read_text(dir.path / "log");
}

}  // namespace
}  // namespace bds::test

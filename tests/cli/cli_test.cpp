// The command line as users script it: subcommands, --help, exit codes, generated files.
#include <gtest/gtest.h>

#include <fstream>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include "catalogue/catalogue.hpp"
#include "certify/temp_dir.hpp"
#include "client/test_certificate.hpp"
#include "stub/stub_server.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

using test::ProcessResult;

/// stdout and stderr together.
ProcessResult conformance(const std::string& args) { return test::run_conformance(args, true); }

TEST(Cli, EverySubcommandHasHelp) {
    for (const char* sub : {"schemas", "openapi", "list", "stub", "run", "generate"}) {
        const ProcessResult r = conformance(std::string(sub) + " --help");
        EXPECT_EQ(r.code, 0) << sub << ": " << r.out;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << sub << ": " << r.out;
    }
    const ProcessResult top = conformance("--help");
    EXPECT_EQ(top.code, 0);
    for (const char* sub : {"schemas", "openapi", "list", "stub", "run", "generate"})
        EXPECT_NE(top.out.find(sub), std::string::npos) << sub;
}

TEST(Cli, UsageErrorsExitWith2) {
    EXPECT_EQ(conformance("").code, 2) << "a subcommand is required";
    EXPECT_EQ(conformance("schemas --no-such-flag").code, 2);
}

TEST(Cli, WhatTheCommandLineRefusesItSaysWhy) {
    // Each of these was once accepted, or refused without saying what was wrong.
    const ProcessResult frob = conformance("frobnicate");
    EXPECT_EQ(frob.code, 2);
    EXPECT_NE(frob.out.find("no command \"frobnicate\"; the commands: schemas"), std::string::npos) << frob.out;
    const ProcessResult suite = conformance("run --suite auth,nosuch");
    EXPECT_EQ(suite.code, 2) << "it ran auth and exited 0\n" << suite.out;
    EXPECT_NE(suite.out.find("no suite \"nosuch\""), std::string::npos) << suite.out;
    const ProcessResult seed = conformance("run --seed -1 --check AUTH-01");
    EXPECT_EQ(seed.code, 2) << "it became 18446744073709551615\n" << seed.out;
    const ProcessResult rate = conformance("run --rate -1 --check AUTH-01");
    EXPECT_EQ(rate.code, 2);
    EXPECT_LT(rate.out.size(), 300u) << "it printed a 300-digit number\n" << rate.out;
    EXPECT_EQ(conformance("run --exclude NOPE- --check AUTH-01").code, 2);
    const ProcessResult version = conformance("--version");
    EXPECT_EQ(version.code, 0);
    EXPECT_NE(version.out.find("conformance 0."), std::string::npos) << version.out;
    const ProcessResult listed = conformance("list --suite auth");
    EXPECT_EQ(listed.code, 0) << listed.out;
    EXPECT_NE(listed.out.find("9 checks"), std::string::npos) << listed.out;
    EXPECT_EQ(listed.out.find("PAG-01"), std::string::npos);
}

TEST(Cli, OpenapiCheckReadsTheCommittedFileByDefault) {
    const std::string cmd =
        "cd " + test::source_dir().string() + " && " + test::conformance_exe().string() + " openapi --check 2>&1";
    EXPECT_EQ(WEXITSTATUS(std::system(cmd.c_str())), 0) << "as schemas --check reads schemas/";
}

TEST(Cli, AReplayLineReplaysTheFailure) {
    const certify::TempDir tmp("bds-cli-test");
    // The replay line once lacked --stub-defect, so pasted as printed it passed.
    const fs::path report = tmp.path() / "bds-replay.json";
    const ProcessResult first = conformance(
        "run --check PAG-0 --stub-defect total-counts-page --seed 4 --cases 3 --report json=" + report.string());
    ASSERT_EQ(first.code, 1) << first.out;
    std::string replay;
    const auto doc = nlohmann::json::parse(test::read_text(report));
    for (const auto& c : doc["checks"])
        if (c["outcome"] == "fail" && c["caused_by"].empty() && replay.empty()) replay = c["replay"];
    ASSERT_NE(replay, "");
    EXPECT_NE(first.out.find("replay   " + replay), std::string::npos) << "the terminal shows it\n" << first.out;
    ASSERT_EQ(replay.rfind("conformance run ", 0), 0u) << replay;  // the whole command line
    const ProcessResult again = conformance(replay.substr(std::string("conformance ").size()));
    EXPECT_EQ(again.code, 1) << replay << "\n" << again.out;
}

TEST(Cli, OffATerminalProgressIsALinePerSuite) {
    const ProcessResult r = conformance("run --suite auth,access --seed 3 --cases 2");
    EXPECT_NE(r.out.find("] auth: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("] access: "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("\033[K"), std::string::npos) << "no terminal control in a CI log";
}

TEST(Cli, RunAgainstTheBundledStubExitsByItsOutcome) {
    const certify::TempDir tmp("bds-cli-test");
    const ProcessResult ok =
        conformance("run --suite auth,access --seed 3 --cases 3 --report json=" + (tmp.path() / "run.json").string());
    EXPECT_EQ(ok.code, 0) << ok.out;
    EXPECT_NE(ok.out.find("0 MUST failures"), std::string::npos) << ok.out;
    const auto report = nlohmann::json::parse(test::read_text(tmp.path() / "run.json"));
    EXPECT_EQ(report["seed"], 3);
    EXPECT_FALSE(report["checks"].empty());
    EXPECT_EQ(conformance("run --report bogus=" + (tmp.path() / "x").string()).code, 2);
    EXPECT_EQ(conformance("run --check NO-SUCH-CHECK").code, 2);
    EXPECT_EQ(conformance("run --target /nonexistent/target.json").code, 2);
}

TEST(Cli, AnUnreachableTargetExitsWith3) {
    const certify::TempDir tmp("bds-cli-test");
    const std::string file = (tmp.path() / "unreachable.json").string();
    std::ofstream(file) << R"({"base_url": "http://127.0.0.1:1", "timeout_ms": 500,
                             "users": {"writer": {"username": "w", "password": "p"}}})";
    const ProcessResult r = conformance("run --target " + file + " --suite auth");
    EXPECT_EQ(r.code, 3) << r.out;
}

/// A target file for `server` with the writer's `password`, written to a file of its own; returns its path.
std::string target_file(const fs::path& dir, const stub::StubServer& server, const std::string& password,
                        const std::string& name) {
    const std::string file = (dir / (name + ".json")).string();
    std::ofstream(file) << nlohmann::json{{"base_url", server.base_url()},
                                          {"users", {{"writer", {{"username", "writer"}, {"password", password}}}}}}
                               .dump();
    return file;
}

TEST(Cli, AWrongPasswordIsAConfigurationErrorShowingTheAnswer) {
    const certify::TempDir tmp("bds-cli-test");
    const Catalogue cat = builtin_catalogue();
    stub::StubServer server(cat, {});
    server.start();
    const ProcessResult r = conformance(
        "run --target " + target_file(tmp.path(), server, "not-the-password", "bds-wrong-pw") + " --suite auth");
    EXPECT_EQ(r.code, 2) << "a target that answers is reachable\n" << r.out;
    EXPECT_NE(r.out.find("invalid_grant"), std::string::npos) << "what it answered is shown\n" << r.out;
    EXPECT_EQ(r.out.find("not-the-password"), std::string::npos) << "never the password\n" << r.out;
    const std::string no_users = (tmp.path() / "bds-no-users.json").string();
    std::ofstream(no_users) << nlohmann::json{{"base_url", server.base_url()}}.dump();
    EXPECT_EQ(conformance("run --target " + no_users + " --suite auth").code, 2);
}

TEST(Cli, ARunThatCouldNotDecideExitsWith4) {
    // AUTH-06 (MUST) cannot wait an hour for a token to expire: skipped, so the run decided nothing about it.
    const ProcessResult r = conformance("run --check AUTH-06 --stub-token-ttl 3600");
    EXPECT_EQ(r.code, 4) << r.out;
    EXPECT_NE(r.out.find("verdict: incomplete: no MUST failure, but 1 MUST check could not decide (AUTH-06)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("set token_expiry_wait_s"), std::string::npos) << "the skip says what would make it run\n"
                                                                        << r.out;
}

TEST(Cli, OutputIsBoundedAndTheWholeExchangesAreRecordedOnRequest) {
    const certify::TempDir tmp("bds-cli-test");
    // A ROB-03 failure once printed its 1 MiB test string (stdout 1 MB, HTML 4 MB, JSON 3.2 MB).
    const fs::path dir = tmp.path() / "bds-bounded";
    fs::create_directories(dir);
    const std::string html = (dir / "r.html").string(), json = (dir / "r.json").string(),
                      junit = (dir / "r.xml").string();
    const ProcessResult r =
        conformance("run --check ROB-03 --stub-defect overlong-truncated --seed 1 --report html=" + html +
                    " --report json=" + json + " --report junit=" + junit + " --record " + (dir / "rec").string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_LT(r.out.size(), 20'000u) << "the terminal";
    for (const auto& file : {html, json, junit}) EXPECT_LT(fs::file_size(file), 500'000u) << file;
    EXPECT_NE(test::read_text(json).find("bytes in all"), std::string::npos) << "a cut value says its length";
    ASSERT_TRUE(fs::exists(dir / "rec" / "ROB-03.jsonl"));
    EXPECT_GT(fs::file_size(dir / "rec" / "ROB-03.jsonl"), 1'048'576u) << "the recording keeps the bodies whole";
    const std::string tokens = test::read_text(dir / "rec" / "tokens.jsonl");
    EXPECT_EQ(tokens.find("writer-pw"), std::string::npos) << "no password in a recording";
    EXPECT_NE(tokens.find("access_token"), std::string::npos);
}

TEST(Cli, ListRuns) {
    const ProcessResult r = conformance("list");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("checks"), std::string::npos) << r.out;
}

TEST(Cli, SchemasReproducesTheCommittedDirectoryByteForByte) {
    const certify::TempDir tmp("bds-cli-test");
    const fs::path out = tmp.path() / "bds-schemas";
    const ProcessResult r = conformance("schemas --out " + out.string());
    ASSERT_EQ(r.code, 0) << r.out;
    int compared = 0;
    for (const auto& entry : fs::directory_iterator(test::source_dir() / "schemas")) {
        const fs::path mine = out / entry.path().filename();
        ASSERT_TRUE(fs::exists(mine)) << mine;
        EXPECT_TRUE(test::read_text(mine) == test::read_text(entry.path())) << entry.path().filename();
        ++compared;
    }
    EXPECT_EQ(compared, std::distance(fs::directory_iterator(out), fs::directory_iterator{}));
    EXPECT_EQ(conformance("schemas --check --out " + out.string()).code, 0);
}

TEST(Cli, CheckReportsDrift) {
    const certify::TempDir tmp("bds-cli-test");
    const fs::path out = tmp.path() / "bds-drift";
    ASSERT_EQ(conformance("schemas --out " + out.string()).code, 0);
    {
        FILE* f = fopen((out / "CliFor.json").c_str(), "a");
        ASSERT_NE(f, nullptr);
        fputs(" ", f);
        fclose(f);
    }
    const ProcessResult r = conformance("schemas --check --out " + out.string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("CliFor.json"), std::string::npos) << r.out;

    const fs::path api = tmp.path() / "bds-openapi.json";
    ASSERT_EQ(conformance("openapi --out " + api.string()).code, 0);
    EXPECT_EQ(conformance("openapi --check --out " + api.string()).code, 0);
    EXPECT_TRUE(test::read_text(api) == test::read_text(test::source_dir() / "spec" / "openapi.json"));
    {
        FILE* f = fopen(api.c_str(), "a");
        fputs("\n", f);
        fclose(f);
    }
    EXPECT_EQ(conformance("openapi --check --out " + api.string()).code, 1);

    const fs::path per_resource = tmp.path() / "bds-openapi.per-resource.json";
    ASSERT_EQ(conformance("openapi --per-resource --out " + per_resource.string()).code, 0);
    EXPECT_TRUE(test::read_text(per_resource) ==
                test::read_text(test::source_dir() / "spec" / "openapi.per-resource.json"));
    EXPECT_EQ(conformance("openapi --per-resource --check --out " + per_resource.string()).code, 0);
    EXPECT_EQ(conformance("openapi --check --out " + per_resource.string()).code, 1)
        << "the two descriptions differ; --check compares the one asked for";
}

/// `conformance stub ARGS…` as a process: its pid and the URL it prints once it listens ("" if it ended first).
struct SpawnedStub {
    pid_t pid = 0;
    std::string url;

    explicit SpawnedStub(std::vector<std::string> args) {
        int out[2];
        if (pipe(out) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        const std::string exe = test::conformance_exe().string();
        args.insert(args.begin(), {exe, "stub", "--port", "0"});
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        const int spawned = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        char c = 0;
        while (spawned == 0 && read(out[0], &c, 1) == 1 && c != '\n') url += c;
        close(out[0]);
    }
    ~SpawnedStub() {
        if (pid <= 0) return;
        kill(pid, SIGTERM);
        int status = 0;
        waitpid(pid, &status, 0);
    }
};

TEST(Cli, StubServesTheDemoDataUntilStopped) {
    const std::string data = (test::source_dir() / "fixtures" / "demo").string();
    const std::string users = (test::source_dir() / "fixtures" / "users.json").string();
    const SpawnedStub stub({"--data", data, "--users", users, "--envelope", "header"});
    ASSERT_EQ(stub.url.rfind("http://127.0.0.1:", 0), 0u) << stub.url;

    httplib::Client client(stub.url);
    auto token = client.Post("/Token", "grant_type=password&username=reader&password=reader-pw",
                             "application/x-www-form-urlencoded");
    ASSERT_TRUE(token);
    ASSERT_EQ(token->status, 200);
    const auto bearer = nlohmann::json::parse(token->body).at("access_token").get<std::string>();
    auto docs = client.Get("/api/resources/StoricoDocumentiT?PageSize=1", {{"Authorization", "Bearer " + bearer}});
    ASSERT_TRUE(docs);
    EXPECT_EQ(docs->status, 200);
    EXPECT_EQ(docs->get_header_value("TotalRowsCount"), "1200") << "--data loaded, --envelope header applied";
}

TEST(Cli, StubServesHttpsWithTheGivenCertificate) {
    const certify::TempDir tmp("bds-cli-test");
    const fs::path dir = tmp.path() / "bds-cli-tls";
    fs::create_directories(dir);
    const auto cert = test::make_self_signed(dir.string(), "stub");
    const auto other = test::make_self_signed(dir.string(), "other");
    {
        const SpawnedStub stub({"--tls-cert", cert.cert_path, "--tls-key", cert.key_path});
        ASSERT_EQ(stub.url.rfind("https://127.0.0.1:", 0), 0u) << stub.url;
        httplib::Client client(stub.url);
        client.set_ca_cert_path(cert.cert_path);
        auto token = client.Post("/Token", "grant_type=password&username=reader&password=reader-pw",
                                 "application/x-www-form-urlencoded");
        ASSERT_TRUE(token) << httplib::to_string(token.error());
        EXPECT_EQ(token->status, 200);
    }
    const ProcessResult half = conformance("stub --port 0 --tls-cert " + cert.cert_path);
    EXPECT_EQ(half.code, 2);
    EXPECT_NE(half.out.find("--tls-key"), std::string::npos) << half.out;
    const ProcessResult mismatched =
        conformance("stub --port 0 --tls-cert " + cert.cert_path + " --tls-key " + other.key_path);
    EXPECT_EQ(mismatched.code, 2);
    EXPECT_NE(mismatched.out.find("cannot serve HTTPS with certificate"), std::string::npos) << mismatched.out;
}

TEST(Cli, AnUnwritableReportIsFoundBeforeTheRun) {
    // It was once found only after the whole run (117 s), and its exit 2 hid the MUST failures.
    const auto t0 = std::chrono::steady_clock::now();
    const ProcessResult r = conformance("run --stub-defect physical-deletion --report html=/nonexistent-dir/r.html");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("--report: cannot write /nonexistent-dir/r.html"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("verdict"), std::string::npos) << "no check ran\n" << r.out;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
}

TEST(Cli, ATargetFileWithoutUsersIsAConfigurationErrorAndTheReportSaysSo) {
    const certify::TempDir tmp("bds-cli-test");
    // It once exited 3, "target unreachable".
    const fs::path dir = tmp.path() / "bds-cli-nousers";
    fs::create_directories(dir);
    std::ofstream(dir / "target.json") << R"({"base_url": "http://127.0.0.1:1"})";
    const ProcessResult r = conformance("run --target " + (dir / "target.json").string() +
                                        " --report junit=" + (dir / "junit.xml").string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("the target file gives no users"), std::string::npos) << r.out;
    std::ifstream junit(dir / "junit.xml");
    const std::string xml((std::istreambuf_iterator<char>(junit)), {});
    EXPECT_NE(xml.find("gives no users"), std::string::npos) << "the JUnit report says why\n" << xml.substr(0, 2000);
}

TEST(Cli, StubRefusesABadUsersFile) {
    const certify::TempDir tmp("bds-cli-test");
    const fs::path bad = tmp.path() / "bds-users.json";
    FILE* f = fopen(bad.c_str(), "w");
    fputs(R"({"users": [{"username": "x"}]})", f);
    fclose(f);
    const ProcessResult r = conformance("stub --port 0 --users " + bad.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("users[0]"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bds

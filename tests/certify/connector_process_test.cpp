// Running the connector under test: placeholders, exit status, output kept within bounds, and the harness
// ending a connector that hangs, floods its output or must be stopped, with its whole process group.
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>

#include "certify/connector_process.hpp"

namespace bds::certify {
namespace {

using namespace std::chrono_literals;

ProcessResult sh(const std::string& script, ProcessLimits limits = {},
                 std::function<std::optional<std::string>()> stop = {}) {
    return run_process({"/bin/sh", "-c", script}, std::filesystem::temp_directory_path().string(), limits, stop);
}

TEST(ExpandPlaceholders, FillsEveryKnownNameAndLeavesOtherBraces) {
    const auto out = expand_placeholders({"--url={base_url}/x", "{user}{user}", "{other}", "{", "json={\"a\":1}"},
                                         {{"base_url", "http://h:1"}, {"user", "u"}});
    EXPECT_EQ(out, (std::vector<std::string>{"--url=http://h:1/x", "uu", "{other}", "{", "json={\"a\":1}"}));
    EXPECT_TRUE(uses_placeholder({"a", "--in={input}"}, "input"));
    EXPECT_FALSE(uses_placeholder({"a", "--in=input"}, "input"));
}

TEST(ResolveProgram, FindsAProgramInPathOrByItsPathAndSaysWhyNot) {
    EXPECT_EQ(resolve_program("/bin/sh"), "/bin/sh");
    EXPECT_EQ(resolve_program("sh").front(), '/');
    EXPECT_THROW(resolve_program("./no-such-connector"), std::invalid_argument);
    EXPECT_THROW(resolve_program("no-such-connector-anywhere"), std::invalid_argument);
    EXPECT_THROW(resolve_program("/tmp"), std::invalid_argument);  // a directory is no program
}

TEST(RunProcess, KeepsExitStatusAndOutput) {
    const auto ok = sh("echo out; echo err >&2; exit 0");
    EXPECT_TRUE(ok.succeeded());
    EXPECT_EQ(ok.out, "out\n");
    EXPECT_EQ(ok.err, "err\n");
    const auto failed = sh("exit 3");
    ASSERT_TRUE(failed.exit_code);
    EXPECT_EQ(*failed.exit_code, 3);
    EXPECT_FALSE(failed.succeeded());
    EXPECT_NE(failed.summary().find("exit 3"), std::string::npos);
}

TEST(RunProcess, RunsInTheGivenDirectory) {
    const auto dir = std::filesystem::temp_directory_path() / "bds-process-test-cwd";
    std::filesystem::create_directories(dir);
    const auto r = run_process({"/bin/sh", "-c", "pwd"}, dir.string(), {});
    EXPECT_EQ(r.out, std::filesystem::canonical(dir).string() + "\n");
    std::filesystem::remove_all(dir);
}

TEST(RunProcess, SaysWhyAProgramCannotStart) {
    const auto r = run_process({"/nonexistent/connector"}, "", {});
    EXPECT_FALSE(r.started);
    EXPECT_FALSE(r.succeeded());
    EXPECT_NE(r.summary().find("could not start"), std::string::npos) << r.summary();
}

TEST(RunProcess, EndsAConnectorThatHangsWithItsChildren) {
    ProcessLimits limits;
    limits.time = 500ms;
    // The child in the background holds the pipes open: the group is killed and the read stops anyway.
    const auto r = sh("sleep 60 & sleep 60", limits);
    EXPECT_FALSE(r.succeeded());
    EXPECT_NE(r.ended_by_harness.find("did not end within"), std::string::npos) << r.summary();
    EXPECT_LT(r.seconds, 5);
}

TEST(RunProcess, KeepsOnlyTheFirstBytesOfAFlood) {
    ProcessLimits limits;
    limits.max_output = 1000;
    limits.time = 20s;
    const auto r = sh("head -c 5000000 /dev/zero; echo done >&2", limits);
    EXPECT_EQ(r.out.size(), 1000u);
    EXPECT_EQ(r.out_bytes, 5000000u);
    EXPECT_EQ(r.err, "done\n");
    EXPECT_TRUE(r.succeeded());
}

TEST(RunProcess, StopsWhenTold) {
    int polls = 0;
    const auto r = sh("sleep 60", {}, [&]() -> std::optional<std::string> {
        if (++polls < 3) return std::nullopt;
        return "flood";
    });
    EXPECT_EQ(r.ended_by_harness, "flood");
    ASSERT_TRUE(r.signal);
    EXPECT_EQ(*r.signal, SIGTERM);
}

TEST(RunProcess, KillsAConnectorThatIgnoresSigterm) {
    ProcessLimits limits;
    limits.time = 300ms;
    const auto r = sh("trap '' TERM; while :; do sleep 0.05; done", limits);
    ASSERT_TRUE(r.signal);
    EXPECT_EQ(*r.signal, SIGKILL);
    EXPECT_LT(r.seconds, 5);
}

}  // namespace
}  // namespace bds::certify

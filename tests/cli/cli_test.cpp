// The command line as users script it: subcommands, --help, exit codes, generated files.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

struct ProcessResult {
    int code;
    std::string out;  // stdout and stderr together
};

ProcessResult conformance(const std::string& args) {
    const std::string cmd = test::conformance_exe().string() + " " + args + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return {-1, "popen failed"};
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(Cli, EverySubcommandHasHelp) {
    for (const char* sub : {"schemas", "openapi", "list", "stub"}) {
        const ProcessResult r = conformance(std::string(sub) + " --help");
        EXPECT_EQ(r.code, 0) << sub << ": " << r.out;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << sub << ": " << r.out;
    }
    const ProcessResult top = conformance("--help");
    EXPECT_EQ(top.code, 0);
    for (const char* sub : {"schemas", "openapi", "list", "stub"}) EXPECT_NE(top.out.find(sub), std::string::npos) << sub;
}

TEST(Cli, UsageErrorsExitWith2) {
    EXPECT_EQ(conformance("").code, 2) << "a subcommand is required";
    EXPECT_EQ(conformance("frobnicate").code, 2);
    EXPECT_EQ(conformance("schemas --no-such-flag").code, 2);
}

TEST(Cli, ListRuns) {
    const ProcessResult r = conformance("list");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("checks"), std::string::npos) << r.out;
}

TEST(Cli, SchemasReproducesTheCommittedDirectoryByteForByte) {
    const fs::path out = fs::temp_directory_path() / ("bds-schemas-" + std::to_string(::getpid()));
    fs::remove_all(out);
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
    fs::remove_all(out);
}

TEST(Cli, CheckReportsDrift) {
    const fs::path out = fs::temp_directory_path() / ("bds-drift-" + std::to_string(::getpid()));
    fs::remove_all(out);
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
    fs::remove_all(out);

    const fs::path api = fs::temp_directory_path() / ("bds-openapi-" + std::to_string(::getpid()) + ".json");
    ASSERT_EQ(conformance("openapi --out " + api.string()).code, 0);
    EXPECT_EQ(conformance("openapi --check --out " + api.string()).code, 0);
    EXPECT_TRUE(test::read_text(api) == test::read_text(test::source_dir() / "spec" / "openapi.json"));
    {
        FILE* f = fopen(api.c_str(), "a");
        fputs("\n", f);
        fclose(f);
    }
    EXPECT_EQ(conformance("openapi --check --out " + api.string()).code, 1);
    fs::remove(api);
}

}  // namespace
}  // namespace bds

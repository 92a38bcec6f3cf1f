// `conformance history FILE` and `run --history FILE` from the command line: a history read back in Markdown by
// default, and every file that is no history (missing, not SQLite, damaged, another schema) refused with exit 2 and
// why, a run refused before it starts.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "certify/temp_dir.hpp"
#include "test_paths.hpp"

namespace bds {
namespace {

namespace fs = std::filesystem;

class HistoryCommand : public ::testing::Test {
protected:
    std::string file(const std::string& name) const { return (dir_.path() / name).string(); }
    certify::TempDir dir_{"bds-history-cli"};
};

TEST_F(HistoryCommand, ARunAppendedIsReadBackInMarkdownByDefault) {
    const auto run =
        test::run_conformance("run --check SYN-15 --jobs 1 --seed 3 --release 2.4.0 --history " + file("h.db"), true);
    ASSERT_EQ(run.code, 0) << run.out;
    EXPECT_NE(run.out.find("run #1 appended to the history"), std::string::npos) << run.out;
    const auto read = test::run_conformance("history " + file("h.db"), false);
    ASSERT_EQ(read.code, 0) << read.out;
    EXPECT_NE(read.out.find("# Run history"), std::string::npos) << read.out;
    EXPECT_NE(read.out.find("| 2.4.0 |"), std::string::npos) << read.out;
}

TEST_F(HistoryCommand, AFileThatIsNoHistoryIsRefusedWithWhy) {
    std::ofstream(file("text.db")) << "not a database, but long enough for SQLite to read a header from it ......";
    const auto text = test::run_conformance("history " + file("text.db"), true);
    EXPECT_EQ(text.code, 2);
    EXPECT_NE(text.out.find("is not a conformance history (it is not a SQLite file"), std::string::npos) << text.out;
    const auto missing = test::run_conformance("history " + file("none.db"), true);
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.out.find("no such history"), std::string::npos) << missing.out;
    // A run is refused before it starts: no report is written.
    const auto run = test::run_conformance(
        "run --check SYN-15 --history " + file("text.db") + " --report json=" + file("r.json"), true);
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.out.find("--history: "), std::string::npos) << run.out;
    EXPECT_FALSE(fs::exists(file("r.json")));
}

TEST_F(HistoryCommand, ADamagedHistoryIsRefusedNotCrashedOn) {
    ASSERT_EQ(test::run_conformance("run --check SYN-15 --jobs 1 --history " + file("h.db"), true).code, 0);
    {
        std::fstream f(file("h.db"), std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4096);  // past the header: a table's page
        const std::string junk(4096, '\xff');
        f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
    }
    const auto read = test::run_conformance("history " + file("h.db"), true);
    EXPECT_EQ(read.code, 2) << read.out;
    EXPECT_NE(read.out.find("conformance: history: "), std::string::npos) << read.out;
}

}  // namespace
}  // namespace bds

// The run's journal on disk (run/journal_file.hpp): each record accepted is a line as it is accepted, a line cut
// short by a kill is left out, and the journal read back sends what the run's own would have.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "catalogue/catalogue.hpp"
#include "run/journal.hpp"
#include "run/journal_file.hpp"
#include "test_paths.hpp"

namespace bds::run {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct TempFile {
    fs::path path = fs::temp_directory_path() / ("bds-journal-" + std::to_string(::getpid()) + ".jsonl");
    ~TempFile() { fs::remove(path); }
};

json customer(const std::string& code, bool deleted = false) {
    return {{"ind_clifor", "C"}, {"cod_clifor", code}, {"flg_isdeleted", deleted}, {"des_ragsoc", "not needed"}};
}

TEST(JournalFile, EachRecordIsOnDiskAsSoonAsItIsAcceptedAndTheFileReadBackSendsTheSame) {
    const Catalogue catalogue = builtin_catalogue();
    const TempFile file;
    Journal journal(catalogue);
    auto disk = open_run_journal(file.path.string(), "", "abc", "http://t", "2026-01-01T00:00:00Z", "0.1.0");
    journal.write_to(disk.get());
    journal.accepted("writer", "CliFor", json::array({customer("abc1"), customer("abc2")}));
    const auto during = read_journal_file(file.path);
    EXPECT_EQ(during.entries.size(), 2u) << "written before accepted() returned";
    EXPECT_FALSE(during.status);
    journal.accepted("writer", "CliFor", json::array({customer("abc2", true)}));
    journal.accepted("other_tenant", "CliFor", json::array({customer("abc3")}), true);

    const auto read = read_journal_file(file.path);
    EXPECT_EQ(read.header.value("run_prefix", ""), "abc");
    EXPECT_EQ(read.entries.size(), 4u);
    EXPECT_EQ(read.entries[0].record.count("des_ragsoc"), 0u) << "what deleting it needs, not the whole record";
    Journal again(catalogue);
    again.replay(read.entries);
    const auto ours = journal.take_cleanup(10), theirs = again.take_cleanup(10);
    ASSERT_EQ(ours.size(), theirs.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        EXPECT_EQ(ours[i].role, theirs[i].role);
        EXPECT_EQ(ours[i].records, theirs[i].records);
        EXPECT_EQ(ours[i].uncertain, theirs[i].uncertain);
    }

    disk->status(cleanup_status(2, 0, 0, "2026-01-01T00:01:00Z"));
    EXPECT_TRUE(read_journal_file(file.path).finished());
    append_journal_status(file.path, cleanup_status(1, 0, 1, "2026-01-01T00:02:00Z"));
    EXPECT_FALSE(read_journal_file(file.path).finished()) << "the last outcome counts";
}

TEST(JournalFile, ALineCutShortByAKillIsLeftOutAndAFileThatIsNoJournalIsRefused) {
    const TempFile file;
    {
        std::ofstream out(file.path);
        out << R"({"journal": "conformance", "version": 1, "run_prefix": "abc"})"
            << "\n"
            << R"({"role": "writer", "resource": "CliFor", "record": {"ind_clifor": "C", "cod_clifor": "abc1"}})"
            << "\n"
            << R"({"role": "writer", "resource": "CliFor", "record": {"ind_cl)";
    }
    EXPECT_EQ(read_journal_file(file.path).entries.size(), 1u);
    {
        std::ofstream out(file.path);
        out << R"({"Records": []})"
            << "\n";
    }
    EXPECT_THROW(read_journal_file(file.path), std::runtime_error);
    EXPECT_THROW(read_journal_file(file.path.string() + ".missing"), std::runtime_error);
}

}  // namespace
}  // namespace bds::run

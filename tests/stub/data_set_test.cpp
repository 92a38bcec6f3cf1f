// fixtures/: the demo data set is what tools/demo_data generates, and loads into the stub as valid records.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "stub/data_set.hpp"
#include "stub/stub_fixture.hpp"
#include "test_paths.hpp"

namespace bds::test {
namespace {

namespace fs = std::filesystem;

TEST(DemoData, FixturesAreWhatTheGeneratorWrites) {
    const fs::path out = fs::temp_directory_path() / ("bds-demo-" + std::to_string(::getpid()));
    fs::remove_all(out);
    ASSERT_EQ(std::system((std::string(BDS_MAKE_DEMO_DATA_EXE) + " " + out.string()).c_str()), 0);
    int compared = 0;
    for (const auto& entry : fs::recursive_directory_iterator(out)) {
        if (!entry.is_regular_file()) continue;
        const fs::path committed = source_dir() / "fixtures" / fs::relative(entry.path(), out);
        ASSERT_TRUE(fs::exists(committed)) << committed << " is missing; run build/make_demo_data fixtures";
        EXPECT_TRUE(read_text(committed) == read_text(entry.path()))
            << committed << " differs from what tools/demo_data writes";
        ++compared;
    }
    EXPECT_EQ(compared, 2 * 12 + 1);
    fs::remove_all(out);
}

class DemoDataInStub : public StubTest {};

TEST_F(DemoDataInStub, LoadsTwoTenantsWithAThousandDocumentsAndTheirLines) {
    const auto counts = stub::load_data_set(*server, (source_dir() / "fixtures" / "demo").string());
    EXPECT_EQ(counts.at("tenant 1 StoricoDocumentiT"), 1200u);
    EXPECT_GT(total("StoricoDocumentiR"), 3000);
    EXPECT_EQ(total("StoricoDocumentiT", "", "other_tenant"), 150);
    EXPECT_GT(total("MCPClienti", "RecordSelection=" + encode("des_ragsoc like '%''%'")), 0)
        << "names with apostrophes";
    EXPECT_GT(total("CliFor", "RecordSelection=" + encode("des_localita_res = N'Forlì'")), 0) << "accents";
    const auto stub_users =
        stub::users_from_json(nlohmann::json::parse(read_text(source_dir() / "fixtures" / "users.json")));
    EXPECT_EQ(stub_users.size(), stub::demo_users().size());
    for (std::size_t i = 0; i < stub_users.size(); ++i) {
        EXPECT_EQ(stub_users[i].username, stub::demo_users()[i].username);
        EXPECT_EQ(stub_users[i].resources, stub::demo_users()[i].resources);
    }
}

TEST_F(DemoDataInStub, RefusesADataSetWithAnInvalidRecordNamingIt) {
    const fs::path dir = fs::temp_directory_path() / ("bds-bad-data-" + std::to_string(::getpid()));
    fs::create_directories(dir / "1");
    std::ofstream(dir / "1" / "Famiglia.json") << R"([{"cod_famiglia": "TOO-LONG-CODE", "flg_isdeleted": false}])";
    try {
        stub::load_data_set(*server, dir.string());
        ADD_FAILURE() << "loaded an invalid record";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("Famiglia.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("/0/cod_famiglia"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

}  // namespace
}  // namespace bds::test

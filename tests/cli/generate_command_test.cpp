// `conformance generate` as users script it: valid lines validate, --invalid lines each fail their rule on
// their field, the seed fixes the output, unknown resources are usage errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "catalogue/catalogue.hpp"
#include "generate/invalid_gen.hpp"
#include "schema/record_validator.hpp"
#include "test_paths.hpp"

#include "test_records.hpp"
namespace bds {
namespace {

using nlohmann::json;

using test::ProcessResult;

/// Runs conformance with `args`; `out` is its stdout, or stdout and stderr together with `with_stderr`.
ProcessResult conformance(const std::string& args, bool with_stderr = false) {
    return test::run_conformance(args, with_stderr);
}

std::vector<json> lines_of(const std::string& out) {
    std::vector<json> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(json::parse(line, nullptr, false));
        EXPECT_FALSE(lines.back().is_discarded()) << "not one JSON document per line: " << line;
    }
    return lines;
}

const Catalogue& catalogue() { return test::catalogue(); }

TEST(GenerateCommand, PrintsValidRecordsOnePerLine) {
    for (const char* name : {"CliFor", "Famiglia", "StoricoDocumentiT"}) {
        const ProcessResult r = conformance(std::string("generate ") + name + " --count 15 --prefix t5");
        ASSERT_EQ(r.code, 0) << r.out;
        const auto lines = lines_of(r.out);
        ASSERT_EQ(lines.size(), 15u) << name;
        const RecordValidator validator(catalogue(), *catalogue().find(name), Direction::Sent);
        for (const auto& record : lines) {
            ASSERT_TRUE(record.is_object()) << record.dump();
            const auto violations = validator.validate(record);
            EXPECT_TRUE(violations.empty())
                << name << ": " << (violations.empty() ? "" : violations[0].pointer + " " + violations[0].message);
        }
        if (std::string(name) == "CliFor") {
            for (const auto& record : lines)
                EXPECT_EQ(record["cod_clifor"].get<std::string>().rfind("t5", 0), 0u)
                    << "--prefix: " << record["cod_clifor"];
        }
    }
    EXPECT_EQ(lines_of(conformance("generate Famiglia").out).size(), 10u) << "default --count";
}

TEST(GenerateCommand, InvalidLinesEachBreakTheirRuleOnTheirField) {
    const Record& clifor = *catalogue().find("CliFor");
    const RecordValidator validator(catalogue(), clifor, Direction::Sent);
    const ProcessResult r = conformance("generate CliFor --invalid --count 30 --seed 7");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 30u);
    std::set<std::string> rules;
    for (const auto& line : lines) {
        const auto kind = gen::invalid_kind_from_string(line.at("rule").get<std::string>());
        ASSERT_TRUE(kind) << line.dump();
        rules.insert(line["rule"].get<std::string>());
        EXPECT_FALSE(line.at("description").get<std::string>().empty());
        const std::string field = line.at("field").get<std::string>();
        const json& record = line.at("record");
        if (*kind == gen::InvalidKind::NonArrayBlock) {
            EXPECT_TRUE(field.empty());
            EXPECT_FALSE(record.is_array()) << line.dump();
            continue;
        }
        const auto violations = validator.validate(record);
        ASSERT_FALSE(violations.empty()) << "not refused: " << line.dump();
        for (const auto& v : violations) {
            if (*kind == gen::InvalidKind::MissingRequired) {
                EXPECT_TRUE(v.pointer.empty() && v.message.find("'" + field + "'") != std::string::npos)
                    << v.message << " for " << line.dump();
                EXPECT_FALSE(record.contains(field));
            } else {
                EXPECT_EQ(v.pointer, "/" + field) << v.message << " for " << line.dump();
            }
        }
    }
    EXPECT_EQ(rules.size(), std::size(gen::kAllInvalidKinds)) << "the applicable rules are taken in turn";
}

TEST(GenerateCommand, TheSeedFixesTheOutput) {
    for (const char* extra : {"", " --invalid"}) {
        const std::string a = conformance(std::string("generate CliFor --count 5 --seed 42") + extra).out;
        EXPECT_EQ(a, conformance(std::string("generate CliFor --count 5 --seed 42") + extra).out);
        EXPECT_NE(a, conformance(std::string("generate CliFor --count 5 --seed 43") + extra).out);
        EXPECT_EQ(lines_of(a).size(), 5u);
    }
    EXPECT_EQ(conformance("generate CliFor --count 3").out, conformance("generate CliFor --count 3 --seed 1").out)
        << "documented default seed";
}

TEST(GenerateCommand, UnknownResourcesAreUsageErrorsNamingCloseOnes) {
    const ProcessResult r = conformance("generate clifor", true);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("\"clifor\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("CliFor"), std::string::npos) << r.out;
    const ProcessResult far = conformance("generate Nothing_like_it", true);
    EXPECT_EQ(far.code, 2) << far.out;
    EXPECT_NE(far.out.find("Famiglia"), std::string::npos) << "lists the resources when none is close: " << far.out;
    EXPECT_EQ(conformance("generate").code, 2) << "RESOURCE is required";
    EXPECT_EQ(conformance("generate CliFor --count -1").code, 2);
}

TEST(GenerateCommand, ReadOnlyViewsGiveReturnedRecordsAndNoInvalidOnes) {
    const Record& view = *catalogue().find("MCPClienti");
    ASSERT_FALSE(view.writable());
    const ProcessResult r = conformance("generate MCPClienti --count 5");
    ASSERT_EQ(r.code, 0) << r.out;
    const RecordValidator validator(catalogue(), view, Direction::Returned);
    const auto records = lines_of(r.out);
    ASSERT_EQ(records.size(), 5u);
    for (const auto& record : records) {
        const auto violations = validator.validate(record);
        EXPECT_TRUE(violations.empty()) << (violations.empty() ? ""
                                                               : violations[0].pointer + " " + violations[0].message)
                                        << " in " << record.dump();
        EXPECT_EQ(record.value("customer_ID", 0), 1) << "a returned record carries its tenant";
    }
    for (const auto& record : lines_of(conformance("generate CliFor --count 3 --tenant 7").out))
        EXPECT_EQ(record.value("customer_ID", 0), 7);
    for (const auto& record : lines_of(conformance("generate CliFor --count 3").out))
        EXPECT_FALSE(record.contains("customer_ID"));
    const ProcessResult invalid = conformance("generate MCPClienti --invalid", true);
    EXPECT_EQ(invalid.code, 2) << invalid.out;
    EXPECT_NE(invalid.out.find("read-only"), std::string::npos) << invalid.out;
    const ProcessResult help = conformance("generate --help");
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("returned-record schema"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace bds

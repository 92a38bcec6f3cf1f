// Invalid variants: each breaks exactly one rule on the field it names (the validator says so, and the
// record it came from passes), the stub refuses each and stores nothing, and the same seed gives the same variants.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "generate/invalid_gen.hpp"
#include "schema/record_validator.hpp"
#include "sql/text.hpp"
#include "stub/stub_fixture.hpp"

#include "test_records.hpp"
#include "generate/test_sample.hpp"
namespace bds::gen {
namespace {

using nlohmann::json;

const Catalogue& catalogue() { return test::catalogue(); }

RecordGenOptions options() {
    RecordGenOptions o;
    o.run_prefix = "inv9";
    return o;
}

using test::sample;

/// Every writable resource with its validator, built once.
struct Resource {
    const Record* record;
    std::unique_ptr<RecordValidator> validator;
};

const std::vector<Resource>& resources() {
    static const std::vector<Resource> all = [] {
        std::vector<Resource> out;
        for (const Record* r : catalogue().resources())
            if (r->writable()) out.push_back({r, std::make_unique<RecordValidator>(catalogue(), *r, Direction::Sent)});
        return out;
    }();
    return all;
}

std::string describe(const std::vector<Violation>& violations) {
    std::string text;
    for (const auto& v : violations) text += "  [" + v.pointer + "] " + v.message + "\n";
    return text;
}

std::size_t code_points(const std::string& s) {
    const auto t = sql::utf8_to_u32(s);
    return t ? t->size() : 0;
}

/// How many times RecordValidator reports the one fault of `bad`: twice where its JSON Schema layer sees the
/// same fault as its SQL layer (a text over maxLength in code points; a date-time not matching the pattern).
std::size_t expected_reports(const Record& record, const InvalidRecord& bad) {
    const Field* f = record.field(bad.field);
    if (bad.kind == InvalidKind::StringTooLong)
        return code_points(bad.value[bad.field].get<std::string>()) > static_cast<std::size_t>(*f->type.max_length())
                   ? 2
                   : 1;
    if (bad.kind == InvalidKind::MalformedDatetime) {
        static const std::regex pattern(kDateTimePattern);
        return std::regex_match(bad.value[bad.field].get<std::string>(), pattern) ? 1 : 2;
    }
    return 1;
}

/// Empty when `bad` breaks exactly its one rule on its field and its valid record passes; otherwise why not.
std::string one_violation_problem(const Resource& res, const InvalidRecord& bad) {
    if (!res.validator->validate(bad.valid).empty())
        return "the valid record fails:\n" + describe(res.validator->validate(bad.valid));
    // Only the named field differs from the valid record.
    for (const auto& [name, v] : bad.valid.items())
        if (name != bad.field && (!bad.value.contains(name) || bad.value[name] != v))
            return "field " + name + " changed too";
    for (const auto& [name, v] : bad.value.items())
        if (!bad.valid.contains(name)) {
            if (name != bad.field) return "field " + name + " added";
        }
    const auto violations = res.validator->validate(bad.value);
    const std::size_t expected = expected_reports(*res.record, bad);
    if (violations.size() != expected)
        return "expected " + std::to_string(expected) + " report(s) of one violation, got " +
               std::to_string(violations.size()) + ":\n" + describe(violations);
    for (const auto& v : violations) {
        if (bad.kind == InvalidKind::MissingRequired) {
            // A missing property is reported on the record, naming the property.
            if (!v.pointer.empty() || v.message.find("'" + bad.field + "'") == std::string::npos)
                return "expected the record to be reported missing '" + bad.field + "':\n" + describe(violations);
        } else if (v.pointer != "/" + bad.field || v.field != bad.field) {
            return "expected a violation on /" + bad.field + ":\n" + describe(violations);
        }
    }
    return "";
}

TEST(InvalidGen, LabelsAreStableAndParseBack) {
    const std::map<InvalidKind, std::string> labels = {
        {InvalidKind::MissingRequired, "missing_required"},     {InvalidKind::StringTooLong, "string_too_long"},
        {InvalidKind::WrongJsonType, "wrong_json_type"},        {InvalidKind::IntOutOfRange, "int_out_of_range"},
        {InvalidKind::MalformedDatetime, "malformed_datetime"}, {InvalidKind::NonArrayBlock, "non_array_block"}};
    ASSERT_EQ(std::size(kAllInvalidKinds), labels.size());
    for (InvalidKind k : kAllInvalidKinds) {
        EXPECT_EQ(to_string(k), labels.at(k));
        EXPECT_EQ(invalid_kind_from_string(to_string(k)), k);
    }
    EXPECT_FALSE(invalid_kind_from_string("Missing_Required"));
    EXPECT_FALSE(invalid_kind_from_string(""));
}

TEST(InvalidGen, ApplicableKindsAndFieldsFollowTheSchema) {
    const Record& clifor = *catalogue().find("CliFor");
    EXPECT_EQ(applicable_kinds(catalogue(), clifor).size(), std::size(kAllInvalidKinds));
    EXPECT_EQ(breakable_fields(catalogue(), clifor, InvalidKind::MissingRequired),
              (std::vector<std::string>{"ind_clifor", "cod_clifor", "flg_isdeleted"}));
    const auto long_fields = breakable_fields(catalogue(), clifor, InvalidKind::StringTooLong);
    const std::set<std::string> too_long(long_fields.begin(), long_fields.end());
    EXPECT_TRUE(too_long.count("des_ragsoc"));
    EXPECT_TRUE(too_long.count("cod_conto_cpart")) << "varchar(10)";
    EXPECT_FALSE(too_long.count("ind_clifor")) << "a coded field: a longer value would break its enum too";
    for (const auto& name : too_long)
        EXPECT_TRUE(clifor.field(name)->type.max_length()) << name << ": unbounded text has no 'one over'";
    const auto ints = breakable_fields(catalogue(), clifor, InvalidKind::IntOutOfRange);
    EXPECT_EQ(std::count(ints.begin(), ints.end(), "customer_ID"), 0)
        << "the tenant comes from the token: never broken";
    EXPECT_EQ(std::count(ints.begin(), ints.end(), "num_priorita_evas"), 1);
    const auto mgmt = breakable_fields(catalogue(), clifor, InvalidKind::WrongJsonType);
    EXPECT_EQ(std::count(mgmt.begin(), mgmt.end(), "Id"), 0) << "platform-managed fields are not in the sent schema";

    // Famiglia's only int field is the tenant.
    const Record& famiglia = *catalogue().find("Famiglia");
    const auto kinds = applicable_kinds(catalogue(), famiglia);
    EXPECT_EQ(std::count(kinds.begin(), kinds.end(), InvalidKind::IntOutOfRange), 0);
    EXPECT_EQ(std::count(kinds.begin(), kinds.end(), InvalidKind::NonArrayBlock), 1);
    EXPECT_THROW(invalid_record_gen(catalogue(), famiglia, InvalidKind::IntOutOfRange), std::invalid_argument);
}

TEST(InvalidGen, EveryKindOfEveryWritableResourceBreaksExactlyOneRuleOnItsField) {
    ASSERT_GE(resources().size(), 5u);
    int checked = 0;
    for (const auto& res : resources()) {
        for (InvalidKind kind : applicable_kinds(catalogue(), *res.record, options())) {
            if (kind == InvalidKind::NonArrayBlock) continue;
            SCOPED_TRACE(res.record->name + " " + std::string(to_string(kind)));
            for (const auto& bad : sample(invalid_record_gen(catalogue(), *res.record, kind, options()), 101, 30)) {
                ASSERT_EQ(bad.kind, kind);
                ASSERT_FALSE(bad.description.empty());
                const std::string problem = one_violation_problem(res, bad);
                ASSERT_TRUE(problem.empty())
                    << bad.description << "\n"
                    << problem << "record: " << bad.value.dump(-1, ' ', false, json::error_handler_t::replace);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 1000);
}

RC_GTEST_PROP(InvalidGen, AnyVariantBreaksExactlyOneRule, ()) {
    const auto& all = resources();
    const auto& res = all[*rc::gen::inRange<std::size_t>(0, all.size())];
    const InvalidRecord bad = *invalid_record_gen(catalogue(), *res.record, options());
    if (bad.kind == InvalidKind::NonArrayBlock) {
        RC_ASSERT(!bad.value.is_array());
        RC_ASSERT(res.validator->validate(bad.valid).empty());
        return;
    }
    const std::string problem = one_violation_problem(res, bad);
    if (!problem.empty()) RC_FAIL(res.record->name + ": " + bad.description + "\n" + problem);
}

TEST(InvalidGen, TheOracleCatchesASecondFaultAndAnUnbrokenRecord) {
    // Negative controls for one_violation_problem: it must be able to fail.
    const Resource& res = *std::find_if(resources().begin(), resources().end(),
                                        [](const Resource& r) { return r.record->name == "CliFor"; });
    auto bad = sample(invalid_record_gen(catalogue(), *res.record, InvalidKind::WrongJsonType, options()), 5, 1)[0];
    ASSERT_EQ(one_violation_problem(res, bad), "");
    InvalidRecord two = bad;
    two.value[two.field == "des_ragsoc" ? "des_email1" : "des_ragsoc"] = 7;
    EXPECT_NE(one_violation_problem(res, two), "");
    InvalidRecord none = bad;
    none.value = none.valid;
    EXPECT_NE(one_violation_problem(res, none), "");
    InvalidRecord elsewhere = bad;
    elsewhere.field = bad.field == "des_ragsoc" ? "des_email1" : "des_ragsoc";
    EXPECT_NE(one_violation_problem(res, elsewhere), "");
}

TEST(InvalidGen, TheSubtleCasesComeUp) {
    const Record& condpagam = *catalogue().find("CondPagam");  // small, with every kind: quick to sample
    const Record& articoli = *catalogue().find("Articoli");
    // Over in characters, so too long whether a database counts them or UTF-16 units; some nvarchar ones hold
    // astral characters (more units than characters), and varchar comes over too.
    bool astral_over = false, varchar_over = false;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), articoli, InvalidKind::StringTooLong, options()), 7, 150)) {
        const Field* f = articoli.field(bad.field);
        const std::string s = bad.value[bad.field].get<std::string>();
        ASSERT_EQ(code_points(s), static_cast<std::size_t>(*f->type.max_length()) + 1) << bad.field << ": " << s;
        astral_over = astral_over || (f->type.is_unicode_text() && sql::utf8_length(s)->utf16_units > code_points(s));
        varchar_over = varchar_over || !f->type.is_unicode_text();
        ASSERT_TRUE(s.empty() || s.back() != ' ') << "a trailing space would be ignored by SQL Server's length check";
    }
    EXPECT_TRUE(astral_over);
    EXPECT_TRUE(varchar_over);

    // Both impossible dates (matching the pattern) and texts that are no date-time at all.
    static const std::regex pattern(kDateTimePattern);
    bool impossible = false, not_a_date = false;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), condpagam, InvalidKind::MalformedDatetime, options()), 8, 100)) {
        const bool matches = std::regex_match(bad.value[bad.field].get<std::string>(), pattern);
        impossible = impossible || matches;
        not_a_date = not_a_date || !matches;
    }
    EXPECT_TRUE(impossible);
    EXPECT_TRUE(not_a_date);
    // Never another form of a real date: how a target reads date-times is not shown, and one that reads
    // "31/12/2024" or "15 June 2024" as the date it is may store it.
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), condpagam, InvalidKind::MalformedDatetime, options()), 8, 300)) {
        const std::string text = bad.value[bad.field].get<std::string>();
        EXPECT_TRUE(std::regex_match(text, pattern) || text == "not a date") << text;
    }

    // Wrong types of every JSON kind (an object only for the list), and both ends of the int range.
    std::set<std::string> types;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), condpagam, InvalidKind::WrongJsonType, options()), 9, 300))
        types.insert(bad.value[bad.field].type_name());
    EXPECT_EQ(types, (std::set<std::string>{"string", "number", "boolean", "object"}));
    std::set<json> out_of_range;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), condpagam, InvalidKind::IntOutOfRange, options()), 10, 40))
        out_of_range.insert(bad.value[bad.field]);
    EXPECT_EQ(out_of_range, (std::set<json>{json(2147483648LL), json(-2147483649LL)}));

    // Every applicable kind comes from the any-kind generator.
    std::set<InvalidKind> kinds;
    for (const auto& bad : sample(invalid_record_gen(catalogue(), condpagam, options()), 11, 200))
        kinds.insert(bad.kind);
    EXPECT_EQ(kinds.size(), std::size(kAllInvalidKinds));
}

TEST(InvalidGen, KeysKeepTheRunPrefixOutsideTheBrokenField) {
    const Record& famiglia = *catalogue().find("Famiglia");
    for (const auto& bad : sample(invalid_record_gen(catalogue(), famiglia, options()), 12, 100)) {
        if (bad.kind == InvalidKind::NonArrayBlock || bad.field == "cod_famiglia") continue;
        EXPECT_EQ(bad.value["cod_famiglia"].get<std::string>().rfind("inv9", 0), 0u) << bad.value["cod_famiglia"];
    }
    // The broken key itself keeps it when it is over-long text.
    int broken_keys = 0;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), famiglia, InvalidKind::StringTooLong, options()), 13, 60)) {
        if (bad.field != "cod_famiglia") continue;
        EXPECT_EQ(bad.value["cod_famiglia"].get<std::string>().rfind("inv9", 0), 0u) << bad.value["cod_famiglia"];
        ++broken_keys;
    }
    EXPECT_GT(broken_keys, 0);
}

TEST(InvalidGen, NonArrayBlocksAreNeverArrays) {
    std::set<std::string> shapes;
    for (const auto& bad :
         sample(invalid_record_gen(catalogue(), *catalogue().find("Famiglia"), InvalidKind::NonArrayBlock, options()),
                14, 60)) {
        EXPECT_FALSE(bad.value.is_array()) << bad.value.dump();
        EXPECT_TRUE(bad.field.empty());
        EXPECT_TRUE(bad.valid.is_object());
        shapes.insert(bad.value.type_name());
    }
    EXPECT_EQ(shapes, (std::set<std::string>{"object", "string", "number", "null"}));
}

TEST(InvalidGen, TheSameSeedGivesTheSameInvalidRecords) {
    const Record& clifor = *catalogue().find("CliFor");
    const auto values = [&](std::uint64_t seed) {
        std::vector<json> out;
        for (const auto& bad : sample(invalid_record_gen(catalogue(), clifor, options()), seed, 20))
            out.push_back({to_string(bad.kind), bad.field, bad.description, bad.value});
        return out;
    };
    EXPECT_EQ(values(99), values(99));
    EXPECT_NE(values(99), values(100));
}

// ---- through the stub ----

using InvalidGenStub = test::StubTest;

TEST_F(InvalidGenStub, EveryVariantInABlockIsRefusedForItsFaultAndNothingIsStored) {
    const std::string t = token();
    // StoricoDocumentiT is left out: sent_record_gen does not make its lines repeat the header's key_documento,
    // which the stub requires, so its valid records are not all accepted (the negative control would fail).
    for (const char* name : {"CliFor", "Famiglia", "CondPagam"}) {
        SCOPED_TRACE(name);
        const Record& record = *catalogue.find(name);
        std::vector<json> valid;
        for (InvalidKind kind : applicable_kinds(catalogue, record, options())) {
            for (const auto& bad : sample(invalid_record_gen(catalogue, record, kind, options()), 21, 4)) {
                const json block = kind == InvalidKind::NonArrayBlock ? bad.value : json::array({bad.value});
                const test::Answer a = post("/api/sync/" + std::string(name), block.dump(), t);
                ASSERT_EQ(a.status, 400) << bad.description << ": " << a.text;
                valid.push_back(bad.valid);
                if (kind == InvalidKind::NonArrayBlock) {
                    EXPECT_EQ(a.body.value("error", ""), "not_an_array") << a.text;
                    continue;
                }
                // Refused for the fault it was given, not for something else.
                for (const auto& v : a.body.at("violations")) {
                    const std::string pointer = v.at("pointer").get<std::string>();
                    if (kind == InvalidKind::MissingRequired) {
                        EXPECT_TRUE(pointer == "/0" &&
                                    v.at("message").get<std::string>().find(bad.field) != std::string::npos)
                            << a.text;
                    } else {
                        EXPECT_EQ(pointer, "/0/" + bad.field) << bad.description << ": " << a.text;
                    }
                }
            }
        }
        EXPECT_EQ(total(name), 0) << "a refused block stores nothing";
        // Negative control: the records they came from are accepted.
        for (const auto& v : valid) {
            const test::Answer a = post("/api/sync/" + std::string(name), json::array({v}).dump(), t);
            EXPECT_EQ(a.status, 200) << v.dump() << ": " << a.text;
        }
        EXPECT_GT(total(name), 0);
    }
}

}  // namespace
}  // namespace bds::gen

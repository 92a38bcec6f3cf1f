// Generators driven by the JSON Schemas: every generated record passes the validator, keys carry the run
// prefix, boundary values come up, the same seed gives the same records, and failures shrink.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "generate/record_gen.hpp"
#include "schema/record_validator.hpp"
#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

#include "test_records.hpp"
#include "generate/test_sample.hpp"
namespace bds::gen {
namespace {

using nlohmann::json;

const Catalogue& catalogue() { return test::catalogue(); }

std::vector<const Record*> writable_resources() {
    std::vector<const Record*> out;
    for (const Record* r : catalogue().resources())
        if (r->writable()) out.push_back(r);
    return out;
}

RecordGenOptions options(const std::string& prefix = "r7f3") {
    RecordGenOptions o;
    o.run_prefix = prefix;
    return o;
}

using test::sample;

std::string describe(const std::vector<Violation>& violations, const json& record) {
    std::string text;
    for (const auto& v : violations) text += "  " + v.pointer + ": " + v.message + "\n";
    return text + "record: " + record.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::u32string u32(const std::string& s) {
    auto t = sql::utf8_to_u32(s);
    return t ? *t : std::u32string();
}

std::size_t units(const std::string& s, const SqlType& type) {
    const auto t = u32(s);
    return type.is_unicode_text() ? sql::utf16_length(t) : t.size();
}

bool has_astral(const std::string& s) {
    for (char32_t c : u32(s))
        if (c > 0xFFFF) return true;
    return false;
}

// ---- values ----

TEST(ValueGen, TextFitsItsTypeReachesBothBoundsAndNeverEndsInASpace) {
    for (const char* name : {"nvarchar(1)", "nvarchar(10)", "nchar(1)", "nchar(2)", "varchar(8)", "char(10)",
                             "nvarchar(255)", "nvarchar(-1)", "varchar(-1)"}) {
        SCOPED_TRACE(name);
        const SqlType type = SqlType::parse(name);
        const auto max = type.max_length();
        const std::size_t limit = max && *max >= 0 ? static_cast<std::size_t>(*max) : kUnboundedTextUnits;
        bool empty = false, full = false, apostrophe = false, astral = false;
        for (const auto& s : sample(text_gen(type), 11, 300)) {
            ASSERT_TRUE(sql::utf8_to_u32(s)) << s;
            ASSERT_LE(units(s, type), limit) << s;
            ASSERT_TRUE(s.empty() || s.back() != ' ') << "[" << s << "]";
            if (!type.is_unicode_text()) {
                for (char32_t c : u32(s))
                    ASSERT_TRUE(sql::in_windows_1252(c)) << "U+" << sql::hex_code_point(c) << " in " << s;
            }
            empty = empty || s.empty();
            full = full || units(s, type) == limit;
            apostrophe = apostrophe || s.find('\'') != std::string::npos;
            astral = astral || has_astral(s);
        }
        EXPECT_TRUE(empty);
        EXPECT_TRUE(full);
        if (limit >= 8) {
            EXPECT_TRUE(apostrophe);
            EXPECT_EQ(astral, type.is_unicode_text());
        }
    }
}

TEST(ValueGen, PrefixStartsTheTextAndTheRestFits) {
    const SqlType type = SqlType::parse("nvarchar(10)");
    for (const auto& s : sample(text_gen(type, "r7f3"), 3, 200)) {
        ASSERT_EQ(s.rfind("r7f3", 0), 0u) << s;
        ASSERT_LE(units(s, type), 10u) << s;
    }
    EXPECT_THROW(text_gen(SqlType::parse("nchar(2)"), "r7f3"), std::invalid_argument);
}

TEST(ValueGen, DecimalsPrintExactlyWithinPrecisionAndScale) {
    const json schema = {{"type", "number"}, {"x-sql-type", "decimal"}};
    bool six_digits = false, thirteen_digits = false, negative = false;
    for (const auto& v : sample(value_gen(schema), 5, 1000)) {
        ASSERT_TRUE(v.is_number()) << v;
        const std::string text = v.dump();
        const auto d = sql::Decimal::parse(text, true);
        ASSERT_TRUE(d) << text;
        EXPECT_LE(d->integer_digits(), 13) << text;
        EXPECT_EQ(d->round(6), *d) << "more than 6 fractional digits: " << text;
        // Exactly the decimal that was meant: no 17-digit binary noise.
        const std::string canonical = d->str();
        // Exactly the decimal that was meant (at most 15 significant digits), never binary noise such as
        // 0.30000000000000004. Magnitudes below 1e-4 print in exponent form ("1e-05"): still exact.
        std::size_t significant = 0;
        bool leading = true;
        for (char c : canonical) {
            if (c < '0' || c > '9' || (leading && c == '0')) continue;
            leading = false;
            ++significant;
        }
        EXPECT_LE(significant, 15u) << text;
        const auto point = canonical.find('.');
        six_digits = six_digits || (point != std::string::npos && canonical.size() - point - 1 == 6);
        thirteen_digits = thirteen_digits || d->integer_digits() == 13;
        negative = negative || canonical.front() == '-';
    }
    EXPECT_TRUE(six_digits);
    EXPECT_TRUE(thirteen_digits);
    EXPECT_TRUE(negative);
}

TEST(ValueGen, FloatsAreExactlyRepresentableInTheirPrecision) {
    const json single = {{"type", "number"}, {"x-sql-type", "float(24)"}};
    for (const auto& v : sample(value_gen(single), 6, 500)) {
        const double d = json::parse(v.dump()).get<double>();
        ASSERT_EQ(static_cast<double>(static_cast<float>(d)), d) << v.dump();
    }
    const json dbl = {{"type", "number"}, {"x-sql-type", "float(53)"}};
    for (const auto& v : sample(value_gen(dbl), 6, 500)) {
        const double d = v.get<double>();
        ASSERT_TRUE(std::isfinite(d));
        ASSERT_EQ(json::parse(v.dump()).get<double>(), d) << v.dump();
    }
}

TEST(ValueGen, DatetimesAreRealDatesFrom1900To2100) {
    for (const auto kind : {SqlKind::Datetime, SqlKind::Datetime2}) {
        const json schema = {{"type", "string"}, {"x-sql-type", kind == SqlKind::Datetime ? "datetime" : "datetime2"}};
        bool fraction = false, leap_day = false;
        for (const auto& v : sample(value_gen(schema), 8, 400)) {
            const std::string s = v.get<std::string>();
            ASSERT_TRUE(sql::parse_datetime(s, kind, sql::TimeSource::Record).ticks) << s;
            ASSERT_GE(s.size(), 19u);
            ASSERT_EQ(s[10], 'T') << s;
            const int year = std::stoi(s.substr(0, 4));
            ASSERT_TRUE(year >= 1900 && year <= 2100) << s;
            if (kind == SqlKind::Datetime) {
                ASSERT_EQ(s.size(), 19u) << "whole seconds: " << s;
            }
            fraction = fraction || s.size() == 27;  // 7 fractional digits
            leap_day = leap_day || s.substr(4, 6) == "-02-29";
        }
        EXPECT_TRUE(leap_day);
        if (kind == SqlKind::Datetime2) {
            EXPECT_TRUE(fraction);
        }
    }
}

TEST(ValueGen, IntsHitTheBoundariesAndEnumsAndNullsComeFromTheSchema) {
    const json plain = {
        {"type", "integer"}, {"minimum", -2147483648LL}, {"maximum", 2147483647}, {"x-sql-type", "int"}};
    std::set<std::int64_t> seen;
    for (const auto& v : sample(value_gen(plain), 9, 400)) seen.insert(v.get<std::int64_t>());
    for (std::int64_t b : {0LL, 1LL, -1LL, -2147483648LL, 2147483647LL}) EXPECT_TRUE(seen.count(b)) << b;

    const json coded = {
        {"type", json::array({"integer", "null"})}, {"enum", json::array({1, 2, 5, nullptr})}, {"x-sql-type", "int"}};
    std::set<json> values;
    for (const auto& v : sample(value_gen(coded), 9, 200)) values.insert(v);
    EXPECT_EQ(values, (std::set<json>{json(), json(1), json(2), json(5)}));
}

// ---- records ----

/// Generators and validators of every writable resource, built once.
struct Resource {
    const Record* record;
    rc::Gen<json> gen;
    std::unique_ptr<RecordValidator> validator;
};

const std::vector<Resource>& resources() {
    static const std::vector<Resource> all = [] {
        std::vector<Resource> out;
        for (const Record* r : writable_resources())
            out.push_back({r, sent_record_gen(catalogue(), *r, options()),
                           std::make_unique<RecordValidator>(catalogue(), *r, Direction::Sent)});
        return out;
    }();
    return all;
}

TEST(RecordGen, EveryWritableResourceGivesValidRecords) {
    ASSERT_GE(resources().size(), 5u);
    for (const auto& res : resources()) {
        SCOPED_TRACE(res.record->name);
        for (const auto& record : sample(res.gen, 21, 25)) {
            const auto violations = res.validator->validate(record);
            ASSERT_TRUE(violations.empty()) << describe(violations, record);
        }
    }
}

RC_GTEST_PROP(RecordGen, GeneratedRecordsPassTheValidator, ()) {
    const auto& all = resources();
    const auto i = *rc::gen::inRange<std::size_t>(0, all.size());
    const json record = *all[i].gen;
    const auto violations = all[i].validator->validate(record);
    if (!violations.empty()) RC_FAIL(all[i].record->name + "\n" + describe(violations, record));
}

TEST(RecordGen, KeysStartWithTheRunPrefixWhereItFitsAndDiffer) {
    for (const auto& res : resources()) {
        SCOPED_TRACE(res.record->name);
        std::set<std::string> keys;
        const auto records = sample(res.gen, 31, 24);
        for (const auto& record : records) {
            EXPECT_FALSE(record.contains("customer_ID")) << "the tenant comes from the token";
            std::string key;
            for (const auto& name : res.record->key) {
                const Field* f = res.record->field(name);
                if (f->tenant) continue;
                ASSERT_TRUE(record.contains(name)) << record.dump();
                key += record[name].dump() + "|";
                const auto max = f->type.max_length();
                if (f->type.is_text() && f->values.empty() && (!max || *max >= 4)) {
                    EXPECT_EQ(record[name].get<std::string>().rfind("r7f3", 0), 0u) << name << ": " << record[name];
                }
            }
            keys.insert(key);
        }
        EXPECT_GE(keys.size(), records.size() / 2) << "keys too often equal";
    }
    // ind_clifor (nchar(1), enum C/F) keeps its enum values: the prefix does not fit.
    const auto& clifor = *catalogue().find("CliFor");
    for (const auto& record : sample(sent_record_gen(catalogue(), clifor, options()), 32, 20))
        EXPECT_TRUE(record["ind_clifor"] == "C" || record["ind_clifor"] == "F") << record["ind_clifor"];
}

TEST(RecordGen, CliForBoundaryValuesComeUp) {
    const auto& clifor = *catalogue().find("CliFor");
    bool full = false, empty = false, apostrophe = false, astral = false, absent = false, null = false;
    for (const auto& record : sample(sent_record_gen(catalogue(), clifor, options()), 41, 200)) {
        for (const auto& f : clifor.fields) {
            if (!f.type.is_text()) continue;
            if (!record.contains(f.name)) {
                absent = true;
                continue;
            }
            const json& v = record[f.name];
            if (v.is_null()) {
                null = true;
                continue;
            }
            const std::string s = v.get<std::string>();
            const auto max = f.type.max_length();
            full = full || (max && *max >= 10 && units(s, f.type) == static_cast<std::size_t>(*max));
            empty = empty || s.empty();
            apostrophe = apostrophe || s.find('\'') != std::string::npos;
            astral = astral || (f.type.is_unicode_text() && has_astral(s));
        }
    }
    EXPECT_TRUE(full) << "no text field reached exactly its maximum length";
    EXPECT_TRUE(empty);
    EXPECT_TRUE(apostrophe);
    EXPECT_TRUE(astral);
    EXPECT_TRUE(absent);
    EXPECT_TRUE(null);
}

TEST(RecordGen, VarcharAndCharValuesAreWindows1252Only) {
    int checked = 0;
    for (const auto& res : resources()) {
        const auto& fields = res.record->fields;
        if (std::none_of(fields.begin(), fields.end(),
                         [](const Field& f) { return f.type.is_text() && !f.type.is_unicode_text(); }))
            continue;
        for (const auto& record : sample(res.gen, 51, 40)) {
            for (const auto& f : res.record->fields) {
                if (!f.type.is_text() || f.type.is_unicode_text() || !record.contains(f.name) ||
                    record[f.name].is_null())
                    continue;
                for (char32_t c : u32(record[f.name].get<std::string>()))
                    ASSERT_TRUE(sql::in_windows_1252(c))
                        << res.record->name << "." << f.name << ": U+" << sql::hex_code_point(c);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 20);
}

TEST(RecordGen, TheSameSeedGivesTheSameRecords) {
    const auto& clifor = *catalogue().find("CliFor");
    const auto a = sample(sent_record_gen(catalogue(), clifor, options()), 1234, 8);
    const auto b = sample(sent_record_gen(catalogue(), clifor, options()), 1234, 8);
    const auto c = sample(sent_record_gen(catalogue(), clifor, options()), 4321, 8);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
}

TEST(RecordGen, AFailingPropertyShrinksToASmallRecord) {
    const auto& clifor = *catalogue().find("CliFor");
    const auto gen = sent_record_gen(catalogue(), clifor, options());
    // The deliberately false property: "des_ragsoc never contains an apostrophe".
    const auto fails = [](const json& r) {
        return r.contains("des_ragsoc") && r["des_ragsoc"].is_string() &&
               r["des_ragsoc"].get<std::string>().find('\'') != std::string::npos;
    };
    rc::Random random(77);
    std::optional<rc::Shrinkable<json>> failing;
    for (int i = 0; i < 2000 && !failing; ++i) {
        auto s = gen(random.split(), i % 101);
        if (fails(s.value())) failing = s;
    }
    ASSERT_TRUE(failing) << "no counterexample found";
    const std::size_t original = failing->value().size();
    // Greedy shrinking, as RapidCheck does: take the first shrink that still fails, until none does.
    for (int steps = 0; steps < 5000; ++steps) {
        auto shrinks = failing->shrinks();
        bool progressed = false;
        while (auto next = shrinks.next()) {
            if (fails(next->value())) {
                failing = *next;
                progressed = true;
                break;
            }
        }
        if (!progressed) break;
    }
    const json shrunk = failing->value();
    // The required fields (ind_clifor, cod_clifor, flg_isdeleted) and des_ragsoc remain.
    EXPECT_LE(shrunk.size(), 4u) << shrunk.dump() << " (from " << original << " fields)";
    // Its text shrinks too, to the apostrophe alone.
    EXPECT_EQ(shrunk["des_ragsoc"], "'") << shrunk.dump();
    EXPECT_TRUE(RecordValidator(catalogue(), clifor, Direction::Sent).validate(shrunk).empty()) << shrunk.dump();
}

TEST(RecordGen, ReadsTheSchemaItIsGiven) {
    // A schema that is not in the catalogue: the generator follows it, keyword by keyword.
    const json schema = json::parse(R"json({
      "type": "object", "x-bds-key": ["customer_ID", "code"], "required": ["code", "kind"],
      "properties": {
        "customer_ID": {"type": "integer", "x-sql-type": "int"},
        "code": {"type": "string", "maxLength": 6, "x-sql-type": "nvarchar(6)"},
        "kind": {"type": "integer", "enum": [3, 4], "x-sql-type": "int"},
        "note": {"type": ["string", "null"], "x-sql-type": "varchar(2)"},
        "lines": {"type": ["array", "null"], "x-sql-type": "list", "items": {
          "type": "object", "required": ["n"], "properties": {"n": {"type": "integer", "x-sql-type": "int"}}}}
      }, "additionalProperties": false})json");
    RecordGenOptions o = options("ab");
    o.tenant_id = 42;
    bool lines = false;
    for (const auto& r : sample(record_gen(schema, o), 61, 200)) {
        ASSERT_EQ(r["customer_ID"], 42);
        ASSERT_EQ(r["code"].get<std::string>().rfind("ab", 0), 0u);
        ASSERT_LE(units(r["code"].get<std::string>(), SqlType::parse("nvarchar(6)")), 6u);
        ASSERT_TRUE(r["kind"] == 3 || r["kind"] == 4);
        for (const auto& [name, v] : r.items()) ASSERT_TRUE(schema["properties"].contains(name)) << name;
        if (r.contains("note") && r["note"].is_string()) {
            ASSERT_LE(u32(r["note"].get<std::string>()).size(), 2u);
        }
        if (r.contains("lines") && r["lines"].is_array()) {
            ASSERT_LE(r["lines"].size(), 4u);
            for (const auto& line : r["lines"]) ASSERT_TRUE(line["n"].is_number_integer());
            lines = lines || !r["lines"].empty();
        }
    }
    EXPECT_TRUE(lines);
}

}  // namespace
}  // namespace bds::gen

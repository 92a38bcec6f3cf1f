// The bad input of the suite "robustness": see bad_input.hpp.
#include "suites/common/bad_input.hpp"

#include <cctype>
#include <utility>

#include <rapidcheck.h>

#include "common/http_text.hpp"
#include "generate/record_gen.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

constexpr std::size_t kMiB = 1024 * 1024;

/// `text` with the first "@RAW@" string value (quotes included) replaced by `raw`, which need not be JSON.
std::string with_raw(std::string text, const std::string& raw) {
    const std::string placeholder = "\"@RAW@\"";
    const auto at = text.find(placeholder);
    if (at != std::string::npos) text.replace(at, placeholder.size(), raw);
    return text;
}

}  // namespace

const Record& clifor_of(const Context& ctx) { return record_of(ctx, "CliFor"); }

const Field& marker_of(const Record& record) {
    const Field* f = marker_field(record);
    if (!f) throw CheckError(record.name + " has no field that can carry a marker");
    return *f;
}

/// A minimal CliFor record (001 §2.1: the key ind_clifor + cod_clifor, flg_isdeleted required) in plain ASCII,
/// so that its text survives any rewriting of the body (single quotes, other content types); key = prefix + suffix.
json plain_clifor(const Context& ctx, const std::string& suffix, const std::string& purpose) {
    const Record& clifor = clifor_of(ctx);
    return {{"ind_clifor", "C"},
            {"cod_clifor", ctx.prefix + suffix},
            {"flg_isdeleted", false},
            {marker_of(clifor).name, marker(ctx, purpose)}};
}

/// `[record]` as JSON text.
std::string block_text(const json& record) { return json::array({record}).dump(); }

// --- the bad inputs, one family per check; ROB-08 sends them all again for the status alone ---

/// ROB-01: bodies that are not JSON (RFC 8259), each around one record with its own key.
std::vector<BadBody> malformed_bodies(const Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const std::string mark = marker_of(clifor).name;
    std::vector<BadBody> out;
    auto strict = [&](std::string label, const std::string& suffix,
                      const std::function<std::string(const json&)>& make) {
        const json probe = plain_clifor(ctx, suffix, "malformed");
        out.push_back({std::move(label), make(probe), kJsonType, {probe}, {}});
    };
    auto lenient = [&](std::string label, const std::string& suffix,
                       const std::function<std::string(const json&)>& make) {
        const json probe = plain_clifor(ctx, suffix, "malformed");
        out.push_back({std::move(label), make(probe), kJsonType, {probe}, {probe}});
    };
    auto unclear = [&](std::string label, const std::string& suffix,
                       const std::function<std::string(const json&)>& make) {
        const json probe = plain_clifor(ctx, suffix, "malformed");
        out.push_back({std::move(label), make(probe), kJsonType, {probe}, {}, true});
    };
    // Cut inside a text value after the key fields: a parser that "repairs" it would store a cut value.
    strict("truncated inside a string", "m01", [&](const json& p) {
        json head = p;
        head.erase(mark);
        std::string text = "[" + head.dump();
        text.pop_back();
        return text + ",\"" + mark + "\":\"bdsc trunc";
    });
    strict("truncated after a complete record (no closing ])", "m02", [](const json& p) { return "[" + p.dump(); });
    // Not text a parser reads exactly, yet some decoders read it anyway (U+FFFD for bad bytes, NaN as null).
    unclear("invalid UTF-8 in a text value (\\xC3\\x28, \\xFF)", "m03", [&](const json& p) {
        json q = p;
        q[mark] = "@RAW@";
        return with_raw(block_text(q), std::string("\"bdsc \xC3\x28 \xFF\""));
    });
    unclear("NaN as the value of a decimal field (val_fido)", "m04", [](const json& p) {
        json q = p;
        q["val_fido"] = "@RAW@";
        return with_raw(block_text(q), "NaN");
    });
    strict("a text field holding arrays nested 64 deep (A-31: beyond 16 levels)", "m05", [&](const json& p) {
        json q = p;
        q[mark] = "@RAW@";
        std::string nested;
        nested.append(64, '[');
        nested.append("\"bdsc deep\"");
        nested.append(64, ']');
        return with_raw(block_text(q), nested);
    });
    out.push_back({"an empty body", "", kJsonType, {}, {}});
    out.push_back({"only whitespace", " \r\n\t ", kJsonType, {}, {}});
    // Forms a lenient parser may read (RFC 8259 §8.1 lets a parser ignore a BOM; others, e.g. Json.NET, accept
    // comments, single quotes, unquoted names, trailing commas or trailing text): refused, or stored exactly as meant.
    lenient("a UTF-8 byte order mark before the array", "m07",
            [](const json& p) { return "\xEF\xBB\xBF" + block_text(p); });
    lenient("trailing text after the array", "m08", [](const json& p) { return block_text(p) + " trailing"; });
    lenient("single quotes instead of double quotes", "m09", [](const json& p) {
        std::string text = block_text(p);
        for (auto& c : text)
            if (c == '"') c = '\'';
        return text;
    });
    lenient("trailing commas", "m10", [](const json& p) {
        std::string text = block_text(p);
        text.insert(text.size() - 2, ",");
        text.insert(text.size() - 1, ",");
        return text;
    });
    lenient("a comment before the array", "m11", [](const json& p) { return "/* bdsc */ " + block_text(p); });
    lenient("an unquoted field name", "m06", [&](const json& p) {
        std::string text = block_text(p);
        const auto at = text.find("\"cod_clifor\"");
        if (at != std::string::npos) text.replace(at, 12, "cod_clifor");
        return text;
    });
    return out;
}

/// ROB-02: JSON bodies that are no array of records (000 §1 "always arrays of records").
std::vector<BadBody> non_array_bodies(const Context& ctx) {
    std::vector<BadBody> out;
    const json one = plain_clifor(ctx, "n01", "non-array");
    out.push_back({"an object that is one valid record", one.dump(), kJsonType, {one}, {}});
    // An array of records inside another value: a lenient target may take it as the block (A-71): refused, or
    // stored exactly as meant.
    const json wrapped = plain_clifor(ctx, "n02", "non-array");
    out.push_back({"an object wrapping the records ({\"Records\": [record]})",
                   json{{"Records", json::array({wrapped})}}.dump(),
                   kJsonType,
                   {wrapped},
                   {wrapped}});
    const json nested = plain_clifor(ctx, "n03", "non-array");
    out.push_back(
        {"an array of arrays of records", json::array({json::array({nested})}).dump(), kJsonType, {nested}, {nested}});
    const json text = plain_clifor(ctx, "n04", "non-array");
    out.push_back({"a string holding the array", json(block_text(text)).dump(), kJsonType, {text}, {}});
    out.push_back({"a number", "42", kJsonType, {}, {}});
    out.push_back({"null", "null", kJsonType, {}, {}});
    out.push_back({"true", "true", kJsonType, {}, {}});
    out.push_back({"an array of non-objects", R"([1, "a", null, true, []])", kJsonType, {}, {}});
    return out;
}

/// ROB-03: 1 MiB strings in a bounded text field (far over its length) and in an unbounded one (no maximum is
/// shown for the field, nor for the request: 000 §8).
std::vector<BadBody> huge_string_bodies(const Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    std::vector<BadBody> out;
    const auto base = sample_records(ctx, clifor, 3, 31);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"des_ragsoc", "a"}, {"des_note", "a"}, {"des_note", "\xC3\xA9\xF0\x9F\x98\x80"}};
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& [name, unit] = cases[i];
        const Field* field = clifor.field(name);
        if (!field || !field->type.is_text()) throw CheckError("CliFor has no text field " + name);
        json meant = base[i];
        std::string huge;
        huge.reserve(kMiB + 8);
        while (huge.size() < kMiB) huge += unit;
        meant[name] = huge;
        out.push_back({"a " + std::to_string(huge.size()) + "-byte string (" +
                           (unit == "a" ? "ASCII" : "accents and astral characters") + ") in " + name + " " +
                           field->type.str(),
                       block_text(meant),
                       kJsonType,
                       {base[i]},
                       {meant}});
    }
    return out;
}

/// ROB-04: a valid block under other Content-Types (000 §4.4 names application/json; charset=utf-8).
std::vector<BadBody> content_type_bodies(const Context& ctx) {
    std::vector<BadBody> out;
    // No case without a Content-Type: cpp-httplib sends text/plain when none is given.
    const std::vector<std::string> types = {"text/plain; charset=utf-8", "application/xml", "text/json",
                                            "application/x-www-form-urlencoded", "application/json"};
    for (std::size_t i = 0; i < types.size(); ++i) {
        const json record = plain_clifor(ctx, "t0" + std::to_string(i), "content-type");
        out.push_back({"Content-Type " + types[i], block_text(record), types[i], {record}, {record}});
    }
    return out;
}

/// ROB-05: valid Articoli records with fields the catalogue does not list (A-28).
std::vector<BadBody> unknown_field_bodies(const Context& ctx) {
    const Record& articoli = record_of(ctx, "Articoli");
    const auto base = sample_records(ctx, articoli, 3, 51);
    const std::vector<std::pair<std::string, json>> extras = {
        {"one unknown text field", {{"x_bdsc_unknown", "bdsc"}}},
        {"unknown fields of every JSON type",
         {{"x_bdsc_n", 1.5}, {"x_bdsc_o", {{"a", 1}}}, {"x_bdsc_a", {1, "b"}}, {"x_bdsc_z", nullptr}}},
        {"a field of another resource (des_ragsoc of CliFor)", {{"des_ragsoc", "bdsc"}}},
    };
    std::vector<BadBody> out;
    for (std::size_t i = 0; i < extras.size(); ++i) {
        json sent = base[i];
        for (const auto& [k, v] : extras[i].second.items()) sent[k] = v;
        out.push_back({extras[i].first, block_text(sent), kJsonType, {base[i]}, {base[i]}});
    }
    return out;
}

/// ROB-06: RecordSelection texts that try to escape the tenant or run other statements. `mine` and `theirs`
/// are the markers of the writer's and the other tenant's records in `field`; `tenant` the other tenant's
/// customer_ID when known.
std::vector<std::string> injections(const std::string& field, const std::string& mine, const std::string& theirs,
                                    const std::optional<json>& tenant) {
    const std::string f = field, o = sql_text(theirs), w = sql_text(mine);
    std::vector<std::string> out = {
        f + " = " + o,
        "' OR 1=1 --",
        "x' OR '1'='1",
        "\\' OR 1=1 --",
        "cod_clifor = 'x' OR " + f + " = " + o,
        "cod_clifor = 'x' OR customer_ID <> 0",
        "(cod_clifor = 'x' OR customer_ID <> 0) and " + f + " = " + o,
        f + " = " + o + " OR 1=1",
        "1=1; DROP TABLE CliFor",
        f + " = 'x'; DELETE FROM CliFor WHERE " + f + " = " + w + " --",
        f + " = 'x'; UPDATE CliFor SET flg_isdeleted = 1 --",
        "1=1 UNION SELECT * FROM CliFor WHERE " + f + " = " + o,
        f + " = 'x' UNION ALL SELECT * FROM CliFor --",
        f + " = " + o + " --",
        "cod_clifor = 'x'/**/OR/**/" + f + " = " + o,
        "cod_clifor = 'x' /* and */ OR " + f + " = " + o,
        f + " = '''' OR " + f + " = " + o,
        f + " = 'x'' OR " + f + " = ''" + theirs + "'",
        "cod_clifor IN (SELECT cod_clifor FROM CliFor WHERE " + f + " = " + o + ")",
    };
    if (tenant) {
        out.push_back("customer_ID = " + tenant->dump());
        out.push_back(f + " = 'x' OR customer_ID = " + tenant->dump());
    }
    return out;
}

/// ROB-07: page parameters, RecordSelection and LastUtcRun values outside what the seeds show (A-09, A-19, A-22).
std::vector<BadQuery> bad_queries() {
    const std::string list = "/api/resources/CliFor", feed = "/api/sync/CliFor";
    const std::string run = "LastUtcRun=" + url_encoded("1900-01-01 00:00:00.000");
    std::string long_text = "cod_clifor = '";
    long_text.append(100 * 1024, 'a');
    long_text += "'";
    std::string deep;
    deep.append(1000, '(');
    deep += "cod_clifor = 'x'";
    deep.append(1000, ')');
    std::string many_or = "cod_clifor = 'x'";
    while (many_or.size() < 3000) many_or += " OR cod_clifor = 'x'";
    std::string long_instant;
    long_instant.append(100 * 1024, '9');
    auto sel = [&](const std::string& text) {
        return list + "?RecordSelection=" + url_encoded(text) + "&PageSize=1&PageNumber=1";
    };
    return {
        {"PageSize=-1", list + "?PageSize=-1&PageNumber=1"},
        {"PageSize=0", list + "?PageSize=0&PageNumber=1"},
        {"PageSize=abc", list + "?PageSize=abc&PageNumber=1"},
        {"PageSize=1.5", list + "?PageSize=1.5&PageNumber=1"},
        {"PageSize=99999999999 (over int32)", list + "?PageSize=99999999999&PageNumber=1"},
        {"PageNumber=99999999999 (over int32)", list + "?PageSize=1&PageNumber=99999999999"},
        {"PageNumber=-1", list + "?PageSize=1&PageNumber=-1"},
        {"PageNumber=abc", list + "?PageSize=1&PageNumber=abc"},
        {"PageSize and PageNumber 2147483647 (the offset overflows)",
         list + "?PageSize=2147483647&PageNumber=2147483647"},
        {"PageSize given twice", list + "?PageSize=1&PageSize=2&PageNumber=1"},
        {"PageSize=%00", list + "?PageSize=%00&PageNumber=1"},
        {"an empty RecordSelection", list + "?RecordSelection=&PageSize=1&PageNumber=1"},
        {"a 100 KiB RecordSelection", sel(long_text)},
        {"a RecordSelection in 1,000 nested parentheses", sel(deep)},
        {"a RecordSelection of 150 ORs", sel(many_or)},
        {"a RecordSelection that is invalid UTF-8", sel("cod_clifor = '\xFF\xFE'")},
        {"a RecordSelection with a NUL character", sel(std::string("cod_clifor = 'a\0b'", 18))},
        {"a RecordSelection naming no field", sel("no_such_field = 1")},
        {"a RecordSelection comparing text with a number", sel("cod_clifor = 1")},
        {"a RecordSelection with an unterminated literal", sel("cod_clifor = 'x")},
        {"GET sync without LastUtcRun", feed + "?PageSize=1&PageNumber=1"},
        {"LastUtcRun empty", feed + "?LastUtcRun=&PageSize=1&PageNumber=1"},
        {"LastUtcRun=yesterday", feed + "?LastUtcRun=yesterday&PageSize=1&PageNumber=1"},
        {"LastUtcRun with month 13, hour 25",
         feed + "?LastUtcRun=" + url_encoded("2024-13-45 25:61:61.000") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun 0001-01-01 (before SQL Server's datetime range)",
         feed + "?LastUtcRun=" + url_encoded("0001-01-01 00:00:00.000") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun 9999-12-31 23:59:59.999",
         feed + "?LastUtcRun=" + url_encoded("9999-12-31 23:59:59.999") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun followed by an injection",
         feed + "?LastUtcRun=" + url_encoded("1900-01-01 00:00:00.000' OR 1=1 --") + "&PageSize=1&PageNumber=1"},
        {"a 100 KiB LastUtcRun", feed + "?LastUtcRun=" + long_instant + "&PageSize=1&PageNumber=1"},
        {"GET sync with PageSize=-1", feed + "?" + run + "&PageSize=-1&PageNumber=1"},
        {"GET sync with PageNumber=abc", feed + "?" + run + "&PageSize=1&PageNumber=abc"},
    };
}

}  // namespace bds::suites

// Suite "robustness" (000 §1, §4.4, §7; A-19, A-25, A-28, A-31, A-32, A-34, A-46, A-71..A-73): bad input. Statuses for
// malformed input are not shown, so they are observed; what is judged is what the target stored (nothing from
// a body that means no record, exactly what was meant from an accepted one), that no row of another tenant
// leaks through a RecordSelection, and (SHOULD, A-46) that no bad input is answered with a 5xx.
#include <cctype>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <httplib.h>
#include <rapidcheck.h>

#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "suites/registry.hpp"
#include "suites/support.hpp"
#include "suites/written.hpp"

namespace bds::suites {
namespace {

constexpr const char* kJsonType = "application/json; charset=utf-8";
constexpr std::size_t kMiB = 1024 * 1024;

/// A POST sync body the seeds do not foresee, and what storing it may mean.
struct BadBody {
    std::string label;   ///< what is wrong with it, for reports
    std::string body;    ///< the bytes sent
    std::string content_type = kJsonType;
    /// Valid records carrying the keys the body holds: read back by key after sending, and journaled for the
    /// clean-up whenever they may have landed.
    std::vector<json> probes;
    /// What a reading of the body means, one per probe: when it is answered 2xx each must be readable as meant.
    /// Empty: the body means no record at all, so nothing with a probe's key may be stored, whatever the status
    /// (unless `unclear`).
    std::vector<json> meant;
    /// The body is no text a parser can read exactly (invalid UTF-8, NaN), yet some decoders read it anyway
    /// (U+FFFD, null): when it is answered 2xx what was stored is observed; when refused nothing may be stored.
    bool unclear = false;
};

/// A bad RecordSelection, GET sync parameter or page parameter: a path with its query string.
struct BadQuery {
    std::string label;
    std::string target;
};

/// Percent-encoded as a query value (cpp-httplib's encoder, as Api uses).
std::string percent_encoded(const std::string& text) { return httplib::detail::encode_query_param(text); }

/// A body shown in a report line: its first bytes, printable.
/// At most `n` bytes of a body for a message: text as text, bytes that are not UTF-8 as \xNN, the length said.
std::string shown(const std::string& body, std::size_t n = 80) { return client::shown_body(body, n); }

bool is_2xx(const client::HttpResponse& r) { return r.status >= 200 && r.status < 300; }
bool is_5xx(const client::HttpResponse& r) { return r.status >= 500 && r.status < 600; }

/// `text` with the first "@RAW@" string value (quotes included) replaced by `raw`, which need not be JSON.
std::string with_raw(std::string text, const std::string& raw) {
    const std::string placeholder = "\"@RAW@\"";
    const auto at = text.find(placeholder);
    if (at != std::string::npos) text.replace(at, placeholder.size(), raw);
    return text;
}

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
    return {{"ind_clifor", "C"}, {"cod_clifor", ctx.prefix + suffix}, {"flg_isdeleted", false}, {marker_of(clifor).name, marker(ctx, purpose)}};
}

/// `[record]` as JSON text.
std::string block_text(const json& record) { return json::array({record}).dump(); }

// --- the bad inputs, one family per check; ROB-08 sends them all again for the status alone ---

/// ROB-01: bodies that are not JSON (RFC 8259), each around one record with its own key.
std::vector<BadBody> malformed_bodies(const Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const std::string mark = marker_of(clifor).name;
    std::vector<BadBody> out;
    auto strict = [&](std::string label, const std::string& suffix, const std::function<std::string(const json&)>& make) {
        const json probe = plain_clifor(ctx, suffix, "malformed");
        out.push_back({std::move(label), make(probe), kJsonType, {probe}, {}});
    };
    auto lenient = [&](std::string label, const std::string& suffix, const std::function<std::string(const json&)>& make) {
        const json probe = plain_clifor(ctx, suffix, "malformed");
        out.push_back({std::move(label), make(probe), kJsonType, {probe}, {probe}});
    };
    auto unclear = [&](std::string label, const std::string& suffix, const std::function<std::string(const json&)>& make) {
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
    lenient("a UTF-8 byte order mark before the array", "m07", [](const json& p) { return "\xEF\xBB\xBF" + block_text(p); });
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
    out.push_back({"an object wrapping the records ({\"Records\": [record]})", json{{"Records", json::array({wrapped})}}.dump(), kJsonType,
                   {wrapped}, {wrapped}});
    const json nested = plain_clifor(ctx, "n03", "non-array");
    out.push_back({"an array of arrays of records", json::array({json::array({nested})}).dump(), kJsonType, {nested}, {nested}});
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
        out.push_back({"a " + std::to_string(huge.size()) + "-byte string (" + (unit == "a" ? "ASCII" : "accents and astral characters") +
                           ") in " + name + " " + field->type.str(),
                       block_text(meant), kJsonType, {base[i]}, {meant}});
    }
    return out;
}

/// ROB-04: a valid block under other Content-Types (000 §4.4 names application/json; charset=utf-8).
std::vector<BadBody> content_type_bodies(const Context& ctx) {
    std::vector<BadBody> out;
    // No case without a Content-Type: cpp-httplib sends text/plain when none is given.
    const std::vector<std::string> types = {"text/plain; charset=utf-8", "application/xml", "text/json", "application/x-www-form-urlencoded",
                                            "application/json"};
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
        {"unknown fields of every JSON type", {{"x_bdsc_n", 1.5}, {"x_bdsc_o", {{"a", 1}}}, {"x_bdsc_a", {1, "b"}}, {"x_bdsc_z", nullptr}}},
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
    const std::string run = "LastUtcRun=" + percent_encoded("1900-01-01 00:00:00.000");
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
    auto sel = [&](const std::string& text) { return list + "?RecordSelection=" + percent_encoded(text) + "&PageSize=1&PageNumber=1"; };
    return {
        {"PageSize=-1", list + "?PageSize=-1&PageNumber=1"},
        {"PageSize=0", list + "?PageSize=0&PageNumber=1"},
        {"PageSize=abc", list + "?PageSize=abc&PageNumber=1"},
        {"PageSize=1.5", list + "?PageSize=1.5&PageNumber=1"},
        {"PageSize=99999999999 (over int32)", list + "?PageSize=99999999999&PageNumber=1"},
        {"PageNumber=99999999999 (over int32)", list + "?PageSize=1&PageNumber=99999999999"},
        {"PageNumber=-1", list + "?PageSize=1&PageNumber=-1"},
        {"PageNumber=abc", list + "?PageSize=1&PageNumber=abc"},
        {"PageSize and PageNumber 2147483647 (the offset overflows)", list + "?PageSize=2147483647&PageNumber=2147483647"},
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
        {"LastUtcRun with month 13, hour 25", feed + "?LastUtcRun=" + percent_encoded("2024-13-45 25:61:61.000") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun 0001-01-01 (before SQL Server's datetime range)",
         feed + "?LastUtcRun=" + percent_encoded("0001-01-01 00:00:00.000") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun 9999-12-31 23:59:59.999", feed + "?LastUtcRun=" + percent_encoded("9999-12-31 23:59:59.999") + "&PageSize=1&PageNumber=1"},
        {"LastUtcRun followed by an injection",
         feed + "?LastUtcRun=" + percent_encoded("1900-01-01 00:00:00.000' OR 1=1 --") + "&PageSize=1&PageNumber=1"},
        {"a 100 KiB LastUtcRun", feed + "?LastUtcRun=" + long_instant + "&PageSize=1&PageNumber=1"},
        {"GET sync with PageSize=-1", feed + "?" + run + "&PageSize=-1&PageNumber=1"},
        {"GET sync with PageNumber=abc", feed + "?" + run + "&PageSize=1&PageNumber=abc"},
    };
}

// --- sending and judging ---

/// POST sync of `bad` as the writer; whatever may have landed is journaled (as its valid probe) for the clean-up.
client::HttpResponse send_body(Context& ctx, const std::string& resource, const BadBody& bad) {
    auto r = ctx.api.authed(client::kWriter, "POST", "/api/sync/" + resource, bad.body, bad.content_type);
    if ((r.transport_failed() || is_2xx(r)) && !bad.probes.empty()) ctx.journal.accepted(client::kWriter, resource, json(bad.probes));
    return r;
}

/// The rows the writer reads with `probe`'s key (as the unique index compares keys). A read that fails is a
/// CheckError: reading one's own key back is this check's precondition.
std::pair<std::vector<json>, client::Exchange> rows_with_key(Context& ctx, const Record& record, const json& probe) {
    const auto r = ctx.api.list(client::kWriter, record.name, {key_selection(record, probe), std::nullopt, std::nullopt});
    const auto& page = ctx.page_of(r, "reading " + record.name + " back by key");
    std::vector<json> out;
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& row : page.rows)
        if (oracle::same_key(record, row, probe, collation)) out.push_back(row);
    return {out, r.response.exchange};
}

/// Sends each body and judges what was stored (see BadBody); `rule` names where the "nothing stored" rule of a
/// body that means no record comes from. Statuses are observed; a 5xx is left to ROB-08.
void judge_bodies(Context& ctx, const Record& record, const std::vector<BadBody>& bodies, const std::string& rule) {
    for (const auto& bad : bodies) {
        const auto r = send_body(ctx, record.name, bad);
        ctx.observe(bad.label + ": answered " + status_text(r) + (is_5xx(r) ? " (a 5xx: ROB-08)" : ""), r.exchange);
        for (std::size_t i = 0; i < bad.probes.size(); ++i) {
            const json& probe = bad.probes[i];
            const auto [rows, exchange] = rows_with_key(ctx, record, probe);
            if (!rows.empty()) ctx.journal.accepted(client::kWriter, record.name, json::array({probe}));
            const std::string key = key_selection(record, probe);
            if (bad.unclear && is_2xx(r)) {
                // What the decoder made of it, as differences from the body's readable part.
                ctx.observe(bad.label + ": accepted; stored " +
                                (rows.empty() ? std::string("nothing")
                                              : "the record; " + oracle::format_differences(oracle::compare_record(
                                                                     ctx.catalogue, record, probe, rows.front(), compare_options(ctx)))),
                            exchange);
                continue;
            }
            if (bad.meant.empty()) {
                if (!rows.empty())
                    ctx.finding({"nothing stored from a body with " + bad.label + " (" + rule + ")",
                                 "a record with its key (" + key + ") after " + status_text(r), "",
                                 exchange, shown(bad.body, 400)});
                continue;
            }
            const auto differences = rows.empty() ? std::vector<oracle::Difference>{}
                                                  : oracle::compare_record(ctx.catalogue, record, bad.meant[i], rows.front(), compare_options(ctx));
            if (is_2xx(r)) {
                if (rows.empty())
                    ctx.finding({"the record readable after its block (" + bad.label + ") was answered " + status_text(r) +
                                     " (000 §4.4: 200 when the block is accepted; read it back and compare)",
                                 "no record with its key (" + key + ")", "", exchange, shown(bad.body, 400)});
                else if (!differences.empty())
                    ctx.finding({"the accepted record stored as sent (" + bad.label + "; A-34: never a changed value)",
                                 oracle::format_differences(differences), "", exchange, shown(bad.body, 400)});
            } else if (!rows.empty()) {
                ctx.finding({differences.empty()
                                 ? "nothing stored from a block answered " + status_text(r) + " (" + bad.label +
                                       "): a block stored whole was accepted, and an accepted block is answered 200 (000 §4.4; A-71)"
                                 : "a refused block (" + bad.label + ") stores nothing, and never a changed value (A-34)",
                             "a record with its key (" + key + ")" + (differences.empty() ? std::string(", as sent") : ": " + oracle::format_differences(differences)),
                             "", exchange, shown(bad.body, 400)});
            }
        }
    }
}

void malformed_json(Context& ctx) {
    judge_bodies(ctx, clifor_of(ctx), malformed_bodies(ctx), "000 §1: bodies are JSON in UTF-8 and POST sync bodies are arrays of records; A-71");
}

void non_array(Context& ctx) {
    judge_bodies(ctx, clifor_of(ctx), non_array_bodies(ctx), "000 §1: bodies of POST /api/sync/{Resource} are always arrays of records");
}

/// A key text no earlier case of this check used (shrinking reruns cases: each run gets a fresh key, so a
/// record stored by an earlier case is never mistaken for this one's).
std::string fresh_key(const Context& ctx, const std::string& tag, int& counter) {
    std::string digits;
    for (int n = counter++; digits.empty() || n > 0; n /= 36) digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36]);
    return ctx.prefix + tag + digits;
}

void huge_string(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    // The two shapes first (1 MiB far over a bounded length, 1 MiB in an unbounded field), then generated
    // records with a value just or well over the maximum of a random bounded text field.
    judge_bodies(ctx, clifor, huge_string_bodies(ctx), "A-34");
    std::vector<std::string> bounded;
    for (const auto& f : clifor.fields)
        if (!f.key && !f.managed && !f.tenant && f.values.empty() && f.type.is_text() && f.type.max_length()) bounded.push_back(f.name);
    if (bounded.empty()) throw CheckError("CliFor has no bounded free-text field");
    const auto records = gen::sent_record_gen(ctx.catalogue, clifor, gen_options(ctx));
    int counter = 0;
    for_all(ctx, "an over-long value is refused or stored exactly", [&] {
        json record = *records;
        const std::string name = *rc::gen::elementOf(bounded);
        const int over = *rc::gen::element(1, 2, 100, 4000);
        const std::string unit = *rc::gen::element<std::string>("a", "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80");
        const int limit = *clifor.field(name)->type.max_length();
        const int unit_length = unit.size() == 4 ? 2 : 1;  // UTF-16 units: an astral character takes two
        std::string value;
        int units = 0;
        for (; units < limit + over; units += unit_length) value += unit;
        record["cod_clifor"] = fresh_key(ctx, "h", counter);
        json probe = record;
        probe.erase(name);
        record[name] = value;
        judge_bodies(ctx, clifor,
                     {{std::to_string(units) + " UTF-16 units (" + std::to_string(value.size()) + " bytes) in " + name + " " +
                           clifor.field(name)->type.str(),
                       block_text(record), kJsonType, {probe}, {record}}},
                     "A-34");
    });
}

void content_type(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    // The control: the same kind of block under the seeds' own Content-Type is accepted, or the check has no
    // ground to stand on.
    const json control = plain_clifor(ctx, "t99", "content-type");
    const auto r = ctx.sync(client::kWriter, clifor.name, json::array({control}));
    if (r.transport_failed() || r.status != 200)
        throw CheckError("the control block with Content-Type " + std::string(kJsonType) + ": expected 200, got " + status_text(r), r.exchange);
    judge_bodies(ctx, clifor, content_type_bodies(ctx), "000 §4.4; A-32");
}

void unknown_fields(Context& ctx) {
    const Record& articoli = record_of(ctx, "Articoli");
    judge_bodies(ctx, articoli, unknown_field_bodies(ctx), "000 §4.4; A-28");
    const auto records = gen::sent_record_gen(ctx.catalogue, articoli, gen_options(ctx));
    int counter = 0;
    for_all(ctx, "a record with unknown fields is refused, or its known fields stored as sent", [&] {
        json known = *records;
        known["cod_art"] = fresh_key(ctx, "u", counter);
        json sent = known;
        const auto extra = *rc::gen::container<std::vector<std::pair<std::string, json>>>(
            *rc::gen::inRange<std::size_t>(1, 4),
            rc::gen::pair(rc::gen::map(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz0123456789_"))),
                                       [](const std::string& tail) { return "x_bdsc_" + tail; }),
                          rc::gen::element<json>(json("bdsc"), json(1.5), json(-7), json(true), json(nullptr), json::object({{"a", 1}}),
                                                 json::array({1, "b"}), json("\xC3\xA9\xF0\x9F\x98\x80"))));
        for (const auto& [name, value] : extra) sent[name] = value;
        judge_bodies(ctx, articoli, {{"unknown fields " + json(extra).dump(), block_text(sent), kJsonType, {known}, {known}}}, "000 §4.4; A-28");
    });
}

/// Writes `n` plain CliFor records as `role` with `mark` in the marker field; keys prefix + tag + i.
std::vector<json> write_marked(Context& ctx, const std::string& role, const std::string& tag, const std::string& mark, int n) {
    const Record& clifor = clifor_of(ctx);
    std::vector<json> rows;
    for (int i = 0; i < n; ++i) {
        json r = plain_clifor(ctx, tag + std::to_string(i), "");
        r[marker_of(clifor).name] = mark;
        rows.push_back(std::move(r));
    }
    const auto r = ctx.sync(role, clifor.name, json(rows));
    if (r.transport_failed() || r.status != 200)
        throw CheckError("writing " + std::to_string(n) + " marked CliFor records as " + role + ": expected 200, got " + status_text(r), r.exchange);
    return rows;
}

/// flg_isdeleted false, or 0 for a target that prints bits as numbers.
bool active(const json& row) {
    const auto it = row.find("flg_isdeleted");
    return it != row.end() && (*it == json(false) || *it == json(0));
}

/// Whether every record of `expected` is still readable by `role` with `selection`; a finding otherwise.
void expect_still_there(Context& ctx, const std::string& role, const std::string& selection, const std::vector<json>& expected,
                        const std::string& whose) {
    const Record& clifor = clifor_of(ctx);
    const auto r = ctx.api.list(role, clifor.name, {selection, 100, 1});
    ctx.answered(r.response);
    if (r.response.status != 200 || !r.page) {
        ctx.finding({whose + " marked records still readable after the injection attempts", status_text(r.response) + " " + r.problem, "",
                     r.response.exchange, ""});
        return;
    }
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& e : expected) {
        bool found = false;
        for (const auto& row : r.page->rows)
            found = found || (oracle::same_key(clifor, row, e, collation) && active(row));
        if (!found)
            ctx.finding({whose + " record " + key_selection(clifor, e) + " still there, active, after the injection attempts",
                         "not among the " + std::to_string(r.page->rows.size()) + " rows of " + selection, "", r.response.exchange, ""});
    }
}

void sql_injection(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const std::string field = marker_of(clifor).name;
    const std::string mine = marker(ctx, "inj w"), theirs = marker(ctx, "inj o");
    const auto own = write_marked(ctx, client::kWriter, "w", mine, 3);
    const bool other = ctx.target.user(client::kOtherTenant) != nullptr;
    std::vector<json> others;
    std::optional<json> tenant, own_tenant;
    const std::string own_selection = field + " = " + sql_text(mine), their_selection = field + " = " + sql_text(theirs);
    if (other) {
        others = write_marked(ctx, client::kOtherTenant, "o", theirs, 3);
        // The tenants' ids, where rows show them: a row with another id than the writer's is a leak too.
        const auto theirs_read = ctx.api.list(client::kOtherTenant, clifor.name, {their_selection, 10, 1});
        const auto& page = ctx.page_of(theirs_read, "reading the other tenant's marked records as other_tenant");
        if (!page.rows.empty() && page.rows.front().contains("customer_ID")) tenant = page.rows.front()["customer_ID"];
    } else {
        ctx.observe("the target file gives no other_tenant user: only the writer's own records are checked");
    }
    const auto own_read = ctx.api.list(client::kWriter, clifor.name, {own_selection, 10, 1});
    const auto& own_page = ctx.page_of(own_read, "reading the writer's marked records");
    if (!own_page.rows.empty() && own_page.rows.front().contains("customer_ID")) own_tenant = own_page.rows.front()["customer_ID"];
    if (tenant && own_tenant && *tenant == *own_tenant) tenant.reset();  // the ids tell nothing apart

    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& selection : injections(field, mine, theirs, tenant)) {
        const auto r = ctx.api.list(client::kWriter, clifor.name, {selection, 50, 1});
        ctx.answered(r.response);
        ctx.observe("RecordSelection " + selection + ": answered " + status_text(r.response) +
                        (r.page ? ", " + std::to_string(r.page->rows.size()) + " rows" : std::string()) + (is_5xx(r.response) ? " (a 5xx: ROB-08)" : ""),
                    r.response.exchange);
        if (!r.page) continue;
        for (std::size_t i = 0; i < r.page->rows.size(); ++i) {
            const json& row = r.page->rows[i];
            bool leaked = own_tenant && row.contains("customer_ID") && row["customer_ID"] != *own_tenant;
            for (const auto& o : others) leaked = leaked || oracle::same_key(clifor, row, o, collation);
            if (leaked)
                ctx.finding({"only the writer's tenant's rows, whatever the RecordSelection (000 §1: one tenant per record; A-19, A-72)",
                             "a row of another tenant: " + key_selection(clifor, row) +
                                 (row.contains("customer_ID") ? ", customer_ID " + row["customer_ID"].dump() : std::string()),
                             "/" + std::to_string(i), r.response.exchange, selection});
        }
    }
    expect_still_there(ctx, client::kWriter, own_selection, own, "the writer's");
    if (other) expect_still_there(ctx, client::kOtherTenant, their_selection, others, "the other tenant's");
}

void bad_query_strings(Context& ctx) {
    auto judge = [&](const client::HttpResponse& r, const std::string& label) {
        ctx.answered(r);
        const auto page = r.status == 200 ? ctx.api.read(r).page : std::nullopt;
        ctx.observe(label + ": answered " + status_text(r) + (page ? " with " + std::to_string(page->rows.size()) + " rows" : std::string()), r.exchange);
        if (is_5xx(r))
            ctx.finding({"a status other than 5xx for " + label + " (A-46; A-09, A-19, A-22: the status is not shown)", status_text(r), "",
                         r.exchange, label});
    };
    for (const auto& q : bad_queries()) judge(ctx.api.authed(client::kWriter, "GET", q.target), q.label);
    // Known paths with a method they do not serve (A-46).
    judge(ctx.api.authed(client::kWriter, "DELETE", "/api/resources/CliFor"), "DELETE /api/resources/CliFor");
    judge(ctx.api.authed(client::kWriter, "PUT", "/api/sync/CliFor", "[]", "application/json; charset=utf-8"), "PUT /api/sync/CliFor");
}

void no_server_error(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const Record& articoli = record_of(ctx, "Articoli");
    std::vector<std::pair<const Record*, BadBody>> bodies;
    for (auto&& family : {malformed_bodies(ctx), non_array_bodies(ctx), huge_string_bodies(ctx), content_type_bodies(ctx)})
        for (const auto& b : family) bodies.emplace_back(&clifor, b);
    for (const auto& b : unknown_field_bodies(ctx)) bodies.emplace_back(&articoli, b);
    auto judge = [&](const client::HttpResponse& r, const std::string& what, const std::string& input) {
        ctx.answered(r);
        if (is_5xx(r))
            ctx.finding({"a status other than 5xx for " + what + " (A-46; the status itself is not shown: 000 §7)", status_text(r), "",
                         r.exchange, input});
    };
    for (const auto& [record, bad] : bodies)
        judge(send_body(ctx, record->name, bad), "POST /api/sync/" + record->name + " with " + bad.label, shown(bad.body, 400));
    for (const auto& selection : injections(marker_of(clifor).name, marker(ctx, "inj w"), marker(ctx, "inj o"), std::nullopt))
        judge(ctx.api.list(client::kWriter, clifor.name, {selection, 50, 1}).response, "RecordSelection " + selection, selection);
}

}  // namespace

std::vector<Check> robustness_checks() {
    const std::string statuses = "Statuses for a malformed RecordSelection or a malformed sync body are not shown.";
    return {
        {.id = "ROB-01", .title = "A body that is not JSON stores nothing (or, read leniently, exactly what it means)",
         .spec = "000 §1; §7; A-25, A-31, A-71", .seed_text = "Bodies are JSON in UTF-8. Bodies of POST /api/sync/{Resource} are always arrays of records. … " + statuses,
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = malformed_json},
        {.id = "ROB-02", .title = "A JSON body that is no array of records stores nothing",
         .spec = "000 §1; §4.4 Body; §7", .seed_text = "Bodies of POST /api/sync/{Resource} are always arrays of records. … " + statuses,
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = non_array},
        {.id = "ROB-03", .title = "An over-long or 1 MiB string is refused or stored exactly, never cut",
         .spec = "000 §4.4; §8; A-34, A-71", .seed_text = "Success | status 200 when the block is accepted … Maximum request size is not shown.",
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = huge_string},
        {.id = "ROB-04", .title = "A valid block under another Content-Type: refused, or stored as sent",
         .spec = "000 §4.4 Content-Type; A-32, A-71", .seed_text = "Content-Type | application/json; charset=utf-8 … Success | status 200 when the block is accepted",
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = content_type},
        {.id = "ROB-05", .title = "Unknown fields in a record: refused, or the known fields stored as sent",
         .spec = "000 §4.4; A-28, A-71", .seed_text = "Body | array of records of the resource (shape in 2.1) … Success | status 200 when the block is accepted",
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"Articoli"}, .writes = true, .run = unknown_fields},
        {.id = "ROB-06", .title = "SQL injection in RecordSelection: no row of another tenant, nothing changed",
         .spec = "000 §1; §4.1 rule 1; A-19, A-72", .seed_text = "It exposes the master data and document history of a management (ERP) system for one tenant per "
         "record (field customer_ID identifies the tenant). … When RecordSelection is given, only records satisfying the condition are returned.",
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .run = sql_injection},
        {.id = "ROB-07", .title = "Bad page parameters, RecordSelection and LastUtcRun: never a 5xx",
         .spec = "000 §4.1; §4.3; §7; A-09, A-19, A-22, A-46, A-73", .seed_text = statuses + " … Maximum PageSize and default PageSize are not shown.",
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor"}, .run = bad_query_strings},
        {.id = "ROB-08", .title = "Bad bodies and injection attempts: never a 5xx",
         .spec = "000 §7; A-46, A-71, A-72", .seed_text = statuses + " … Body format of error responses is not shown.",
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor", "Articoli"}, .writes = true, .run = no_server_error},
    };
}

}  // namespace bds::suites

// Suite "limits", its values: decimals of more digits than a double keeps (000 §1 decimal; ), and, at every
// bound of the suite, never a 5xx. The bounds and LIM-01..03: limits.cpp.
#include <string>
#include <utility>
#include <vector>

#include "oracle/compare.hpp"
#include "schema/number_texts.hpp"
#include "sql/decimal.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"
#include "suites/server/limit_bounds.hpp"

namespace bds::suites {
namespace limits {
namespace {

using client::kWriter;

/// The largest block SYN-12 sends (a few hundred, A-111): LIM-05 sends the target's max_block only when it is another.
constexpr int kSyn12Block = 200;

/// The text of `field` of the row of `sent`'s key in a list answer (`r`, its page read), as the target wrote it: a
/// number's own digits (what a double parse would change, from the body's text), a string as it is. Empty when no row
/// has the key or the field is null.
std::string written_value(const Context& ctx, const Record& record, const json& sent, const Field& field,
                          const client::ListResult& r) {
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    NumberTexts texts;
    const json body = parse_keeping_numbers(r.response.body, texts);
    for (const auto& [pointer, text] : texts) {
        const std::string tail = "/" + field.name;
        if (!pointer.ends_with(tail)) continue;
        const json::json_pointer parent(pointer.substr(0, pointer.size() - tail.size()));
        if (body.contains(parent) && oracle::same_key(record, body.at(parent), sent, collation)) return text;
    }
    for (const auto& row : r.page->rows)
        if (oracle::same_key(record, row, sent, collation) && row.contains(field.name)) {
            const json& v = row.at(field.name);
            return v.is_string() ? v.get<std::string>() : v.is_null() ? std::string() : v.dump();
        }
    return "";
}

/// One CliFor record with long_decimals in its free decimal fields, as a POST sync body, and the record without them
/// (what the journal keeps); nullopt when the target's precision has no such decimal or the record no such field.
struct LongDecimals {
    json sent;
    std::vector<const Field*> fields;
    std::vector<std::string> texts;
    std::string body;
};
std::optional<LongDecimals> long_decimal_record(const Context& ctx, const Record& record, std::uint64_t salt) {
    LongDecimals out{sample_records(ctx, record, 1, salt).front(), free_decimal_fields(record),
                     long_decimals(ctx.target.decimal_precision, ctx.target.decimal_scale), ""};
    if (out.texts.empty() || out.fields.empty()) return std::nullopt;
    if (out.fields.size() > out.texts.size()) out.fields.resize(out.texts.size());
    out.texts.resize(out.fields.size());
    for (const Field* f : out.fields) out.sent.erase(f->name);
    out.body = body_with_numbers(out.sent, out.fields, out.texts);
    return out;
}

/// LIM-04: a record whose decimals have 16 to 18 significant digits, within the target's decimal(p, s): each reads
/// back with every digit.
void exact_decimals(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const auto sent = long_decimal_record(ctx, record, 89);
    if (!sent)
        ctx.skip("the target file declares decimal(" + std::to_string(ctx.target.decimal_precision) + "," +
                 std::to_string(ctx.target.decimal_scale) +
                 "): no value of it has more than 15 digits, which a double keeps (decimal_precision 16 or more lets "
                 "it run)");
    const auto r = send_text(ctx, record, sent->body, json::array({sent->sent}));
    if (!expect_status(ctx, r, 200,
                       "POST sync of a CliFor record whose decimals have 16 to 18 digits within decimal(" +
                           std::to_string(ctx.target.decimal_precision) + "," +
                           std::to_string(ctx.target.decimal_scale) + ") (A-16)"))
        return;
    const auto back = ctx.api.list(kWriter, record.name, {key_selection(record, sent->sent), page_size(ctx), 1});
    if (!expect_own_read(ctx, back, "reading the record back by key") || !back.page) return;
    for (std::size_t i = 0; i < sent->fields.size(); ++i) {
        const Field& f = *sent->fields[i];
        const std::string got = written_value(ctx, record, sent->sent, f, back);
        const auto want = sql::Decimal::parse(sent->texts[i], true);
        const auto value = sql::Decimal::parse(got, true);
        if (!value || *value != *want)
            ctx.finding({.expected = f.name + " " + sent->texts[i] +
                                     " read back with every digit: a decimal is exact (000 §1 decimal; A-120)",
                         .actual = got.empty() ? "no value" : got,
                         .pointer = "/" + f.name,
                         .exchange = back.response.exchange});
    }
}

/// Notes what each request at a bound was answered; a 5xx is a finding (a request the seeds allow: A-46).
class NoServerError {
public:
    explicit NoServerError(Context& ctx) : ctx_(ctx) {}
    void judge(const client::HttpResponse& r, const std::string& what) {
        ctx_.answered(r);
        if (r.status < 500 || r.status >= 600) return;
        ctx_.finding({.expected = "a status other than 5xx for " + what + " (A-46; 000 §4.1, §4.3, §4.4)",
                      .actual = status_text(r),
                      .exchange = r.exchange,
                      .counterexample = what});
    }

private:
    Context& ctx_;
};

/// Every page bound of LIM-01, and both one past int32, on GET resources (a selection of nothing) and GET sync (after
/// the last instant: an empty feed).
void page_statuses(Context& ctx, NoServerError& judge) {
    std::vector<std::pair<long long, long long>> bounds{{1, 1}, {kInt32Max, 1}, {kInt32Max + 1, 1}, {1, kInt32Max + 1}};
    for (const auto& b : kFarPages) bounds.emplace_back(b.size, b.number);
    const Record& record = record_of(ctx, "CliFor");
    const std::string nothing = marker_field(record)->name + " = " + sql_text(marker(ctx, "none"));
    for (const auto& [size, number] : bounds) {
        judge.judge(ctx.api.list(kWriter, record.name, {nothing, size, number}).response,
                    "GET /api/resources/CliFor?" + page_text(size, number));
        judge.judge(ctx.api.sync_get(kWriter, record.name, kLastInstant, {std::nullopt, size, number}).response,
                    "GET /api/sync/CliFor?LastUtcRun=" + std::string(kLastInstant) + "&" + page_text(size, number));
    }
    for (const char* instant : {kLastInstant, kFirstDatetime, kFirstDatetime2})
        judge.judge(ctx.api.sync_get(kWriter, record.name, instant, {std::nullopt, 1, 1}).response,
                    "GET /api/sync/CliFor?LastUtcRun=" + std::string(instant));
    std::string selection;
    for (std::size_t i = 0; i < kMostOwnSelections; ++i) {
        const std::string next = (selection.empty() ? "" : " or ") +
                                 std::string("(ind_clifor = 'C' and cod_clifor = ") +
                                 sql_text(ctx.prefix + "n" + std::to_string(i)) + ")";
        if (selection.size() + next.size() > kMaxOwnSelection) break;
        selection += next;
    }
    judge.judge(ctx.api.list(kWriter, record.name, {selection, page_size(ctx), 1}).response,
                "a RecordSelection of " + std::to_string(selection.size()) + " characters");
}

/// An empty block, a block of one record (with long decimals where the target's precision has them), and a block of
/// max_block Famiglia records when that is not SYN-12's few hundred.
void block_statuses(Context& ctx, NoServerError& judge) {
    const Record& clifor = record_of(ctx, "CliFor");
    judge.judge(ctx.sync(kWriter, clifor.name, json::array()), "POST /api/sync/CliFor with an empty block []");
    if (const auto sent = long_decimal_record(ctx, clifor, 97))
        judge.judge(send_text(ctx, clifor, sent->body, json::array({sent->sent})),
                    "POST /api/sync/CliFor with one record whose decimals have 16 to 18 digits");
    else
        judge.judge(ctx.sync(kWriter, clifor.name, json::array({sample_records(ctx, clifor, 1, 97).front()})),
                    "POST /api/sync/CliFor with one record");
    const int most = ctx.target.max_block;
    if (most == kSyn12Block) {
        ctx.observe("the largest block the target file allows, max_block " + std::to_string(most) +
                    ", is SYN-12's block of a few hundred: not sent again (A-31)");
        return;
    }
    const Record& famiglia = record_of(ctx, "Famiglia");
    json block = json::array();
    for (auto& r : sample_records(ctx, famiglia, most, 101)) block.push_back(oracle::minimal_record(famiglia, r));
    judge.judge(ctx.sync(kWriter, famiglia.name, block), "POST /api/sync/Famiglia with " + std::to_string(most) +
                                                             " records, the target file's max_block (A-31)");
}

/// LIM-05: every bound the suite sends, never answered 5xx.
void no_5xx_at_bounds(Context& ctx) {
    NoServerError judge(ctx);
    page_statuses(ctx, judge);
    block_statuses(ctx, judge);
}

}  // namespace
}  // namespace limits

// clang-format off
std::vector<Check> limit_value_checks() {
    return {
        {.id = "LIM-04", .title = "A decimal of 16 to 18 digits within the declared precision reads back with every digit",
         .spec = "000 §1 field types (decimal); A-16, A-120", .verifies = {"000-1-field-types"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true,
         .own_rows = true, .run = limits::exact_decimals},
        {.id = "LIM-05", .title = "Pages, LastUtcRun, blocks, selections and decimals at their bounds: never a 5xx",
         .spec = "000 §4.1; §4.3; §4.4; §7; A-31, A-46, A-122, A-121",
         .verifies = {"000-7-status-200", "000-4.1-pagenumber", "000-4.1-pagesize", "000-4.3-pagination",
                      "000-4.3-lastutcrun", "000-1-sync-body-array", "000-4.4-body"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor", "Famiglia"}, .writes = true,
         .own_rows = true, .chain = 26, .run = limits::no_5xx_at_bounds},
    };
}
// clang-format on

}  // namespace bds::suites

// Suite "sync", its refusals (000 §4.4 Failure; §2.1): a record that cannot be stored as sent is refused, a refused
// block stores nothing, a record without a required field is refused.
#include <rapidcheck.h>

#include <algorithm>
#include <chrono>

#include "generate/draw.hpp"
#include "generate/invalid_gen.hpp"
#include "generate/record_gen.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

/// Invalid records that cannot be stored as sent: a text longer than its column, an int out of range, a
/// date-time that is none, a required field missing (000 §2.1 "Fields required in a sent record").
constexpr gen::InvalidKind kUnstorable[] = {gen::InvalidKind::MissingRequired, gen::InvalidKind::StringTooLong,
                                            gen::InvalidKind::IntOutOfRange, gen::InvalidKind::MalformedDatetime};

/// A block of a valid record and an invalid one (in random order), for a resource and kind drawn here.
struct InvalidBlock {
    const Record* record;
    gen::InvalidRecord invalid;
    json neighbour;
    json block;
};

InvalidBlock invalid_block(Context& ctx, const std::vector<const Record*>& resources) {
    const Record& record = **rc::gen::elementOf(resources);
    std::vector<gen::InvalidKind> kinds;
    for (auto kind : gen::applicable_kinds(ctx.catalogue, record, gen_options(ctx)))
        if (std::find(std::begin(kUnstorable), std::end(kUnstorable), kind) != std::end(kUnstorable))
            kinds.push_back(kind);
    RC_PRE(!kinds.empty());
    gen::InvalidRecord invalid =
        *gen::invalid_record_gen(ctx.catalogue, record, *rc::gen::elementOf(kinds), gen_options(ctx));
    gen::tie_lines(invalid.value);
    json neighbour = *sent_gen(ctx, record);
    RC_PRE(!oracle::same_key(record, neighbour, invalid.valid, Collation::CaseInsensitive));
    json block =
        *rc::gen::arbitrary<bool>() ? json::array({neighbour, invalid.value}) : json::array({invalid.value, neighbour});
    return {&record, std::move(invalid), std::move(neighbour), std::move(block)};
}

/// `accepted`, with as many of its optional fields left out as the target still accepts it without: the smallest
/// record that shows the fault (delta debugging, halves first), within a few requests. `broken` stays.
json smallest_accepted(Context& ctx, const Record& record, json accepted, const std::string& broken) {
    std::vector<std::string> optional;
    for (const auto& [name, value] : accepted.items()) {
        const Field* f = record.field(name);
        if (name != broken && !(f && (f->key || f->required))) optional.push_back(name);
    }
    constexpr int kTries = 24;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    int tries = 0;
    for (std::size_t chunk = std::max<std::size_t>(1, optional.size() / 2); chunk >= 1 && !optional.empty();
         chunk /= 2) {
        for (std::size_t at = 0; at < optional.size() && tries < kTries && std::chrono::steady_clock::now() < until;) {
            json smaller = accepted;
            const std::size_t end = std::min(optional.size(), at + chunk);
            for (std::size_t i = at; i < end; ++i) smaller.erase(optional[i]);
            ++tries;
            const auto r = ctx.sync(kWriter, record.name, json::array({smaller}));
            if (!r.transport_failed() && client::is_success(r.status)) {
                accepted = std::move(smaller);
                optional.erase(optional.begin() + static_cast<long>(at), optional.begin() + static_cast<long>(end));
            } else {
                at = end;
            }
        }
        if (chunk == 1) break;
    }
    return accepted;
}

/// One invalid record sent alone must be refused (a finding otherwise, the smallest record still accepted as
/// counterexample).
void expect_invalid_refused(Context& ctx, const Record& record, const json& invalid, const std::string& description,
                            const std::string& broken) {
    const auto r = ctx.sync(kWriter, record.name, json::array({invalid}));
    ctx.answered(r);
    if (client::is_success(r.status))
        ctx.finding({.expected = "a " + record.name + " record with " + description +
                                 " refused: it cannot be stored as sent (A-34, A-76)",
                     .actual = status_text(r),
                     .exchange = r.exchange,
                     .counterexample = smallest_accepted(ctx, record, invalid, broken).dump()});
}

/// Every required field of every resource left out in turn, keys (`keys`) or the others: a record without a key
/// cannot be stored (MUST); one without another required field tells what a sender must send, not that a
/// server must refuse it (SHOULD, A-76).
void required_left_out(Context& ctx, bool keys) {
    std::uint64_t salt = keys ? 0 : 500;
    for (const Record* record : writable_records(ctx)) {
        rc::Random random(ctx.seed * 1000003u + 9000 + salt++);
        for (const auto& field :
             gen::breakable_fields(ctx.catalogue, *record, gen::InvalidKind::MissingRequired, gen_options(ctx))) {
            if (record->field(field)->key != keys) continue;
            json r = gen::draw(sent_gen(ctx, *record), random.split(), 30);
            r.erase(field);
            expect_invalid_refused(ctx, *record, r, "no " + field + " (required: 000 §2.1)", field);
        }
    }
}

void required_non_key_refused(Context& ctx) { required_left_out(ctx, false); }

void invalid_refused(Context& ctx) {
    // Every resource with every rule it can break: the rules differ by resource, so a random draw would miss most.
    required_left_out(ctx, true);
    std::uint64_t salt = 100;
    for (const Record* record : writable_records(ctx)) {
        const auto options = gen_options(ctx);
        rc::Random random(ctx.seed * 1000003u + 9000 + salt++);
        for (auto kind : gen::applicable_kinds(ctx.catalogue, *record, options)) {
            if (kind == gen::InvalidKind::MissingRequired ||
                std::find(std::begin(kUnstorable), std::end(kUnstorable), kind) == std::end(kUnstorable))
                continue;
            auto invalid =
                gen::draw(gen::invalid_record_gen(ctx.catalogue, *record, kind, options), random.split(), 30);
            gen::tie_lines(invalid.value);
            expect_invalid_refused(ctx, *record, invalid.value,
                                   invalid.description + " (" + std::string(gen::to_string(kind)) + ")", invalid.field);
        }
    }
}

/// SYN-08's case: when `b` is refused, neither its valid record nor its invalid one (when it has a key) is stored.
void refused_block_judged(Context& ctx, const InvalidBlock& b) {
    const bool has_key = std::all_of(b.record->key.begin(), b.record->key.end(), [&](const std::string& k) {
        const Field* f = b.record->field(k);
        return (f && f->tenant) || b.invalid.value.contains(k);
    });
    const auto earlier = left_by_earlier_runs(ctx, *b.record, b.neighbour);
    const auto earlier_invalid =
        has_key ? left_by_earlier_runs(ctx, *b.record, b.invalid.value) : std::optional<nlohmann::json>();
    const auto r = ctx.answered(ctx.sync(kWriter, b.record->name, b.block));
    if (client::is_success(r.status)) return;  // accepted: SYN-07's concern
    if (stored(ctx, *b.record, b.neighbour, earlier))
        ctx.finding({.expected = "nothing of a refused block stored (A-25)",
                     .actual = "its valid record is readable",
                     .exchange = r.exchange});
    if (has_key && stored(ctx, *b.record, b.invalid.value, earlier_invalid))
        ctx.finding({.expected = "nothing of a refused block stored (A-25)",
                     .actual = "its invalid record (" + b.invalid.description + ") is readable",
                     .exchange = r.exchange});
}

void refused_stores_nothing(Context& ctx) {
    const auto resources = writable_records(ctx);
    for_all_staged(ctx, "a refused block stores nothing", [&] {
        InvalidBlock b = invalid_block(ctx, resources);
        std::vector<std::string> keys{written_key(*b.record, b.neighbour), written_key(*b.record, b.invalid.valid)};
        return StagedCase{[b = std::move(b)](Context& ctx) { refused_block_judged(ctx, b); }, std::move(keys)};
    });
}

}  // namespace

/// SYN-07, SYN-08, SYN-09, for the sync suite's table (sync.cpp); `all`: every resource.
// clang-format off
std::vector<Check> sync_refusal_checks(const std::vector<std::string>& all) {
    return {
        {.id = "SYN-07",
         .title = "A record that cannot be stored as sent (no key, too long, out of range, no instant) is refused",
         .spec = "000 §2.1; §4.4; A-34, A-76",
         .verifies =
             joined({"000-2.1-minimal-record", "000-1-field-types", "000-4.4-success"}, {statements::written_keys()}),
         .level = Level::Must, .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 46, .run = invalid_refused},
        {.id = "SYN-08", .title = "A refused block stores nothing", .spec = "000 §4.4 Failure; A-25",
         .verifies = {"000-4.4-failure", "000-7-malformed-statuses-not-shown"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 63, .run = refused_stores_nothing},
        {.id = "SYN-09", .title = "A record without a required field other than its key is refused",
         .spec = "000 §2.1 Minimal record; A-76",
         .verifies = joined({"000-2.1-minimal-record"}, {statements::required_to_send()}), .level = Level::Should,
         .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 26, .run = required_non_key_refused},
    };
}
// clang-format on

}  // namespace bds::suites

// Suite "sync": POST sync (000 §4.4): blocks accepted, records read back equal, upsert by key, platform fields,
// nested lines, TotalRowsCount after sending. What must be refused is in sync_refusals.cpp, documents re-sent in
// sync_documents.cpp.
#include <rapidcheck.h>

#include <chrono>
#include <functional>

#include "common/text.hpp"
#include "generate/draw.hpp"
#include "generate/invalid_gen.hpp"
#include "generate/record_gen.hpp"
#include "run/at_once.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

std::string records_text(std::size_t n, const Record& record) {
    return std::to_string(n) + " " + record.name + (n == 1 ? " record" : " records");
}

/// Sends `block` and records a finding unless it is accepted with 200.
bool send_accepted(Context& ctx, const Record& record, const json& block) {
    const auto r = ctx.sync(kWriter, record.name, block);
    return expect_status(ctx, r, 200,
                         "POST sync of " + records_text(block.size(), record) + " valid as the seeds describe them");
}

/// Each case a block of `record` records: sent in few POSTs, read back by key in few reads, each record judged.
void send_and_read_back(Context& ctx, const Record& record, const std::vector<const json*>& cases, CaseMarks& marks) {
    for (const auto& round : key_rounds(record, cases)) {
        std::vector<const json*> sent;
        std::vector<std::pair<std::size_t, std::size_t>> owner;  // case position, record of the case
        for (const auto& post : posts(ctx, record, cases, round)) {
            json block = json::array();
            for (std::size_t p : post) block.insert(block.end(), cases[p]->begin(), cases[p]->end());
            marks.at(post);
            if (!send_accepted(ctx, record, block)) continue;
            for (std::size_t p : post)
                for (std::size_t i = 0; i < cases[p]->size(); ++i) {
                    sent.push_back(&(*cases[p])[i]);
                    owner.emplace_back(p, i);
                }
        }
        const auto backs = read_back(ctx, record, sent);
        for (std::size_t k = 0; k < sent.size(); ++k) {
            marks.at(owner[k].first);
            judge_read_back(ctx, record, *sent[k], "record " + std::to_string(owner[k].second) + " of the block",
                            backs[k]);
        }
    }
}

void round_trip(Context& check) {
    const auto records = writable_records(check);
    // Each resource's property on a lane of its own: their keys are in different resources.
    at_once(check, records.size(), [&](std::size_t i, Context& ctx) {
        const Record* record = records[i];
        CasePrefixes prefixes(ctx.prefix);
        for_all_blocks<json>(ctx, {"sent " + record->name + " records read back equal",
                                   [&] {
                                       return under_case_prefix(*record,
                                                                *block_gen(ctx, *record, *rc::gen::inRange(1, 4)),
                                                                ctx.prefix, prefixes.next());
                                   },
                                   [&](const std::vector<const json*>& cases, CaseMarks& marks) {
                                       send_and_read_back(ctx, *record, cases, marks);
                                   },
                                   kCaseSlots});
    });
}

/// The same key sent twice, the second time with other values: `first`'s key in `second`.
json with_key_of(const Record& record, json second, const json& first) {
    for (const auto& k : record.key)
        if (first.contains(k)) second[k] = first[k];
    gen::tie_lines(second);
    return second;
}

/// send_accepted of `records` in POSTs of at most records_per_post records; whether every POST was accepted.
bool send_all_accepted(Context& ctx, const Record& record, const std::vector<json>& records) {
    for (const auto& block : in_posts(ctx, record, records))
        if (!send_accepted(ctx, record, block)) return false;
    return true;
}

/// One case of SYN-02 and SYN-03: a record, and another with its key sent after it.
struct Upsert {
    const Record* record;
    json first;
    json second;
};

void showValue(const Upsert& u, std::ostream& os) {
    os << u.record->name << " " << u.first.dump() << " then " << u.second.dump();
}

Upsert draw_upsert(Context& ctx, const std::vector<const Record*>& resources, CasePrefixes& prefixes) {
    const Record& record = **rc::gen::elementOf(resources);
    const json first =
        under_case_prefix(record, json::array({*sent_gen(ctx, record)}), ctx.prefix, prefixes.next(record.name))
            .front();
    return {&record, first, with_key_of(record, *sent_gen(ctx, record), first)};
}

/// What `between` read of a resource's cases before their second records went.
using Between = std::function<std::vector<json>(Context&, const Record&, const std::vector<std::size_t>&)>;
/// Judges a resource's cases: the positions, the second records, and what `between` read.
using UpsertJudge = std::function<void(Context&, CaseMarks&, const Record&, const std::vector<std::size_t>&,
                                       const std::vector<const json*>&, const std::vector<json>&)>;

/// For each resource, the cases of it at once: every first record sent, then (`between`, given the positions) every
/// second record; `judge` is then given the resource, the positions, the second records and what `between` read. The
/// resources at once, each on a lane (parts_at_once).
void upsert_rounds(Context& ctx, const std::vector<const Record*>& resources, const std::vector<const Upsert*>& cases,
                   CaseMarks& marks, const Between& between, const UpsertJudge& judge) {
    const auto [records, positions] = by_resource(resources, cases);
    parts_at_once(ctx, marks, positions, [&](std::size_t i, Context& lane, CaseMarks& lane_marks) {
        const Record& record = *records[i];
        std::vector<json> first, second;
        std::vector<const json*> seconds;
        for (std::size_t p : positions[i]) {
            first.push_back(cases[p]->first);
            second.push_back(cases[p]->second);
            seconds.push_back(&cases[p]->second);
        }
        if (!send_all_accepted(lane, record, first)) return;
        const auto read = between(lane, record, positions[i]);
        if (!send_all_accepted(lane, record, second)) return;
        judge(lane, lane_marks, record, positions[i], seconds, read);
    });
}

void upsert_by_key(Context& ctx) {
    const auto resources = writable_records(ctx);
    CasePrefixes prefixes(ctx.prefix);
    for_all_blocks<Upsert>(
        ctx,
        {"a key sent twice is one record, updated", [&] { return draw_upsert(ctx, resources, prefixes); },
         [&](const std::vector<const Upsert*>& cases, CaseMarks& marks) {
             upsert_rounds(
                 ctx, resources, cases, marks,
                 [](Context&, const Record&, const std::vector<std::size_t>&) { return std::vector<json>{}; },
                 [&](Context& ctx, CaseMarks& marks, const Record& record, const std::vector<std::size_t>& positions,
                     const std::vector<const json*>& seconds, const std::vector<json>&) {
                     const auto backs = read_back(ctx, record, seconds);
                     for (std::size_t k = 0; k < positions.size(); ++k) {
                         marks.at(positions[k]);
                         judge_read_back(ctx, record, *seconds[k], "the record sent again with the same key", backs[k]);
                     }
                 });
         },
         kCaseSlots, [](const Upsert& u) { return written_keys(*u.record, u.first); }});
}

void ts_update_changes(Context& ctx) {
    std::vector<const Record*> resources;
    for (const Record* r : writable_records(ctx))
        if (r->field("ts_update")) resources.push_back(r);
    if (resources.empty()) ctx.skip("no resource a sender writes has ts_update");
    CasePrefixes prefixes(ctx.prefix);
    for_all_blocks<Upsert>(
        ctx,
        {"ts_update changes on every write", [&] { return draw_upsert(ctx, resources, prefixes); },
         [&](const std::vector<const Upsert*>& cases, CaseMarks& marks) {
             upsert_rounds(
                 ctx, resources, cases, marks,
                 [&](Context& ctx, const Record& record, const std::vector<std::size_t>& positions) {
                     std::vector<const json*> first;
                     for (std::size_t p : positions) first.push_back(&cases[p]->first);
                     return read_each(ctx, record, first);
                 },
                 [&](Context& ctx, CaseMarks& marks, const Record& record, const std::vector<std::size_t>& positions,
                     const std::vector<const json*>& seconds, const std::vector<json>& before) {
                     const auto after = read_each(ctx, record, seconds);
                     for (std::size_t k = 0; k < positions.size(); ++k) {
                         marks.at(positions[k]);
                         if (before[k].value("ts_update", json()) == after[k].value("ts_update", json()))
                             ctx.finding(
                                 {.expected =
                                      "a new ts_update (timestamp: a row version, changed by every update) after the record is sent again",
                                  .actual = "the same ts_update " + after[k].value("ts_update", json()).dump(),
                                  .pointer = "/ts_update"});
                     }
                 });
         },
         kCaseSlots, [](const Upsert& u) { return written_keys(*u.record, u.first); }});
}

void identity_on_upsert(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const json first = sample_records(ctx, record, 1, 41).front();
    if (!send_accepted(ctx, record, json::array({first}))) return;
    const json before = read_one(ctx, record, first);
    // The second version leaves out every optional field the first one set: replace or merge?
    const json second = oracle::minimal_record(record, first);
    if (!send_accepted(ctx, record, json::array({second}))) return;
    const json after = read_one(ctx, record, second);
    ctx.observe(
        std::string("Id after an upsert of the same key: ") +
        (before.value("Id", json()) == after.value("Id", json())
             ? "kept"
             : "changed (" + before.value("Id", json()).dump() + " → " + after.value("Id", json()).dump() + ")"));
    int kept = 0, cleared = 0;
    for (const auto& [name, value] : first.items()) {
        if (second.contains(name) || value.is_null() || value.is_array()) continue;
        (after.contains(name) && !after[name].is_null() ? kept : cleared) += 1;
    }
    ctx.observe("fields left out of an upsert (A-60): " + std::to_string(cleared) + " became null, " +
                std::to_string(kept) + " kept their value (" +
                (kept == 0      ? "replace"
                 : cleared == 0 ? "merge"
                                : "mixed") +
                ")");
}

/// A key of this check's namespace for CliFor probes: ind_clifor C, cod_clifor prefix + `suffix`.
json clifor_probe(const Context& ctx, const Record& record, const std::string& suffix) {
    json r = sample_records(ctx, record, 1, 43).front();
    r["ind_clifor"] = "C";
    r["cod_clifor"] = ctx.prefix + suffix;
    return r;
}

/// What writes the seeds leave open give: each observed, never judged.
void open_writes(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const auto answer = [&](const json& block) {
        const auto r = ctx.answered(ctx.sync(kWriter, clifor.name, block));
        return status_text(r) + " (" + body_shape(r) + ")";
    };
    const json plain = clifor_probe(ctx, clifor, "w1");
    ctx.observe("a 200 to POST sync (A-24): " + answer(json::array({plain})));
    ctx.observe("an empty block [] (A-30): " + answer(json::array()));
    json twice_a = clifor_probe(ctx, clifor, "w2"), twice_b = twice_a;
    twice_a["des_ragsoc"] = "bdsc first";
    twice_b["des_ragsoc"] = "bdsc second";
    const std::string twice = answer(json::array({twice_a, twice_b}));
    const auto kept = read_by_key(ctx, kWriter, clifor, twice_a);
    ctx.observe("one key twice in a block (A-29): " + twice +
                (kept.size() == 1 ? ", kept " + kept[0].value("des_ragsoc", json()).dump() : ""));
    json platform = clifor_probe(ctx, clifor, "w3");
    platform["Id"] = 1;
    platform["ts_update"] = "AAAAAAAAAAE=";
    ctx.observe("Id and ts_update sent (A-27): " + answer(json::array({platform})));
    json tenant = clifor_probe(ctx, clifor, "w4");
    tenant["customer_ID"] = 0;
    ctx.observe("customer_ID sent (A-26): " + answer(json::array({tenant})));
    json value = clifor_probe(ctx, clifor, "w5");
    value["ind_sesso"] = "Q";  // M or F (001 §2.1)
    ctx.observe("ind_sesso 'Q', not an allowed value (A-33): " + answer(json::array({value})));
    json wide = clifor_probe(ctx, clifor, "w6");
    wide["cod_conto_cpart"] = "\xE4\xB8\xAD";  // varchar(10): 中 is not in Windows-1252
    const std::string wide_answer = answer(json::array({wide}));
    const auto stored = read_by_key(ctx, kWriter, clifor, wide);
    ctx.observe("varchar text beyond Windows-1252 (A-61): " + wide_answer +
                (stored.size() == 1 ? ", stored as " + stored[0].value("cod_conto_cpart", json()).dump() : ""));
    const Record& famiglia = record_of(ctx, "Famiglia");
    json many = json::array();
    for (int i = 0; i < 501; ++i)
        many.push_back(
            {{"cod_famiglia", (ctx.prefix + "b" + std::to_string(i)).substr(0, 10)}, {"flg_isdeleted", false}});
    const auto r = ctx.answered(ctx.sync(kWriter, famiglia.name, many));
    ctx.observe("a block of 501 records (A-31): " + status_text(r));
}

/// SYN-05's case: `doc` sent with its lines (`untied`: without key_documento in them) reads back its lines by
/// key_documento.
void published_with_lines(Context& ctx, const Record& header, const Record& lines, const json& doc, bool untied) {
    const auto sent = ctx.sync(kWriter, header.name, json::array({doc}));
    if (untied && ctx.answered(sent).status != 200) return;
    if (!expect_status(ctx, sent, 200, "POST sync of a StoricoDocumentiT record with its lines")) return;
    const std::string selection = "key_documento = " + sql_text(doc["key_documento"].get<std::string>());
    const auto r = ctx.api.list(kWriter, lines.name, {selection, page_size(ctx), 1});
    if (!expect_own_read(ctx, r, "GET StoricoDocumentiR with " + selection)) return;
    if (!r.page)
        ctx.fail(
            {.expected = "a list of StoricoDocumentiR rows", .actual = r.problem, .exchange = r.response.exchange});
    json sent_lines = doc["StoricoDocumentiR"];
    for (auto& line : sent_lines) line["key_documento"] = doc["key_documento"];  // each line repeats its header's
    json got = json::array();
    for (const auto& row : r.page->rows) got.push_back(row);
    // Lines compare as a header's list does, in any order.
    json sent_wrapper = {{"key_documento", doc["key_documento"]}, {"StoricoDocumentiR", sent_lines}};
    json got_wrapper = {{"key_documento", doc["key_documento"]}, {"StoricoDocumentiR", got}};
    const auto differences = written_differences(ctx, header, sent_wrapper, got_wrapper);
    if (!differences.empty())
        ctx.finding({.expected = "GET StoricoDocumentiR with the header's key_documento gives the " +
                                 std::to_string(sent_lines.size()) + " lines sent nested in it" +
                                 (untied ? " (sent without key_documento)" : "") +
                                 ", each repeating the header's key_documento (000 §2.1, §2.2 rule)",
                     .actual = oracle::format_differences(differences),
                     .exchange = r.response.exchange});
    else if (got.size() > 1) {
        bool in_order = true;
        for (std::size_t i = 0; i < got.size(); ++i)
            in_order = in_order && got[i].value("num_riga", json()) == json(i + 1);
        ctx.observe(std::string("a document's lines read back ") +
                    (in_order ? "in the order sent" : "in another order") + " (A-78)");
    }
}

void nested_lines(Context& ctx) {
    const Record& header = record_of(ctx, "StoricoDocumentiT");
    const Record& lines = record_of(ctx, "StoricoDocumentiR");
    for_all_staged(ctx, "a document's lines are published with it", [&] {
        json doc = *sent_gen(ctx, header);
        doc["StoricoDocumentiR"] = *rc::gen::container<std::vector<json>>(
            static_cast<std::size_t>(*rc::gen::inRange(1, 5)), sent_gen(ctx, lines));
        // num_riga (the logical line number MCPDocumentiR shows, 001 §2.7) tells the lines apart.
        for (std::size_t i = 0; i < doc["StoricoDocumentiR"].size(); ++i)
            doc["StoricoDocumentiR"][i]["num_riga"] = static_cast<int>(i + 1);
        gen::tie_lines(doc);
        // Whether a sender may leave key_documento out of a line is not shown: when a target accepts such
        // lines, they are still its lines, readable with the header's key_documento (000 §2.1).
        const bool untied = *rc::gen::arbitrary<bool>();
        if (untied)
            for (auto& line : doc["StoricoDocumentiR"]) line.erase("key_documento");
        return StagedCase{
            [&header, &lines, doc, untied](Context& ctx) { published_with_lines(ctx, header, lines, doc, untied); },
            {written_key(header, doc)}};
    });
}

/// The cases' records sent as one block under one marker, twice: TotalRowsCount of the marker counts them once each.
/// A count is the block's, not a case's: a failing block is cut down to the fewest cases that miscount.
void total_after_sending(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const Field* field = marker_field(record);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    int round = 0;
    CasePrefixes prefixes(ctx.prefix);
    for_all_blocks<json>(
        ctx,
        {"TotalRowsCount counts the records sent, once each",
         [&] {
             return under_case_prefix(record, *block_gen(ctx, record, *rc::gen::inRange(1, 6)), ctx.prefix,
                                      prefixes.next());
         },
         [&](const std::vector<const json*>& cases, CaseMarks&) {
             const std::string text = marker(ctx, "total " + std::to_string(++round));
             std::vector<json> block;
             for (const json* c : cases)
                 for (json r : *c) {
                     r[field->name] = text;
                     block.push_back(std::move(r));
                 }
             const std::string selection = field->name + " = " + sql_text(text);
             // Sent twice: an upsert must not add rows.
             for (int time = 1; time <= 2; ++time) {
                 if (!send_all_accepted(ctx, record, block)) return;
                 const auto r = ctx.api.list(kWriter, record.name, {selection, 1, 1});
                 if (!expect_own_read(ctx, r, "GET CliFor with " + selection)) return;
                 if (!r.page)
                     ctx.fail({.expected = "a list response", .actual = r.problem, .exchange = r.response.exchange});
                 const long long want = static_cast<long long>(block.size());
                 if (!r.page->total)
                     ctx.fail({.expected = "TotalRowsCount with the list (000 §4.1 Response 200)",
                               .actual = "none",
                               .exchange = r.response.exchange});
                 if (*r.page->total != want)
                     ctx.finding({.expected = "TotalRowsCount " + std::to_string(want) + " after sending " +
                                              records_text(block.size(), record) + (time == 2 ? " twice" : "") +
                                              " (000 §4.4 Check)",
                                  .actual = "TotalRowsCount " + std::to_string(*r.page->total),
                                  .pointer = "/TotalRowsCount",
                                  .exchange = r.response.exchange});
             }
         },
         kCaseSlots});
}

/// The unfiltered TotalRowsCount of `record` (a page of one row) and its exchange; no TotalRowsCount fails the check,
/// as in SYN-06 (000 §4.1 Response 200).
std::pair<long long, client::Exchange> unfiltered_total(Context& ctx, const Record& record) {
    const auto r = ctx.api.list(kWriter, record.name, {std::nullopt, 1, 1});
    const auto& page = ctx.page_of(r, "reading " + record.name + "'s TotalRowsCount");
    if (!page.total)
        ctx.fail({.expected = "TotalRowsCount with the list (000 §4.1 Response 200)",
                  .actual = "none",
                  .exchange = r.response.exchange});
    return {*page.total, r.response.exchange};
}

/// The rows of the change feed after `anchor` (as written) that are logically deleted and not `ours`: what another
/// client deleted meanwhile, which a target leaving deleted rows out of its lists no longer counts. 0 when
/// the anchor reads back without a dat_ultvar.
long long deleted_by_others(Context& ctx, const Record& record, const json& anchor, const std::vector<json>& ours) {
    const auto back = read_by_key(ctx, kWriter, record, anchor);
    if (back.size() != 1 || !dat_ultvar_of(back.front())) return 0;
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    long long deleted = 0;
    for (const auto& row : read_feed(ctx, kWriter, record.name, last_utc_run_after(ctx, record, back))) {
        if (row.value("flg_isdeleted", json(false)) != json(true)) continue;
        bool mine = oracle::same_key(record, row, anchor, collation);
        for (const auto& r : ours) mine = mine || oracle::same_key(record, row, r, collation);
        deleted += mine ? 0 : 1;
    }
    return deleted;
}

/// SYN-15: the count a sender reads right after its block is accepted (000 §4.4 Check) counts the block: N0 read, a
/// block of new records sent, N1 read at once (a count kept for a while answers N0 again). Rows are never removed
/// (000 §1) and the run's other writers wait, so N1 >= N0 + the block; only another client deleting rows of a target
/// that leaves deleted rows out of its lists lowers it, which the feed after an anchor written first shows
/// (read only when the count falls short).
void total_right_after(Context& ctx) {
    // New records raise the count: keys no run wrote. In a key pool's runs a key an earlier run left deleted would be
    // counted already: there one record is new, its key the run's start in milliseconds after the check's
    // prefix, so that the pool's runs add one row each (docs/architecture.md, "Footprint and key pools").
    const Record& record = record_of(ctx, "CliFor");
    auto records = sample_records(ctx, record, 4, 151);
    if (ctx.key_numbers) {
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count();
        records.resize(2);
        records[1]["cod_clifor"] = ctx.prefix + bds::base36(static_cast<std::uint64_t>(ms), 1);
    }
    const std::vector<json> block(records.begin() + 1, records.end());
    const auto still = ctx.api.still(record.name);
    send_or_error(ctx, record, json::array({records[0]}));  // the anchor
    const auto before = unfiltered_total(ctx, record);
    if (!send_accepted(ctx, record, json(block))) return;
    const auto after = unfiltered_total(ctx, record);
    const long long want = before.first + static_cast<long long>(block.size());
    if (after.first >= want) return;
    const long long deleted = deleted_by_others(ctx, record, records[0], block);
    if (after.first >= want - deleted)
        return ctx.observe("TotalRowsCount went from " + std::to_string(before.first) + " to " +
                               std::to_string(after.first) + " while " + records_text(block.size(), record) +
                               " were sent and another client logically deleted " + std::to_string(deleted) +
                               " (A-12): not judged",
                           after.second);
    ctx.finding({.expected = "TotalRowsCount of GET /api/resources/CliFor at least " + std::to_string(want) + ": the " +
                             std::to_string(before.first) + " read right before " + records_text(block.size(), record) +
                             " new were accepted, and those (000 §4.4 Check, A-10)",
                 .actual = "TotalRowsCount " + std::to_string(after.first),
                 .pointer = "/TotalRowsCount",
                 .exchange = after.second});
}

/// Every value the seeds list for a field (000 §2.2, §2.3, §2.6; 001 §2.1, §2.2), each in a record of its own,
/// one block per field: accepted and read back. Keys (ind_clifor) are written by every other check already.
void listed_values(Context& ctx) {
    struct Listed {
        const Record* record;
        const Field* field;
        std::vector<json> block;  ///< one record for each value the seeds list
    };
    std::vector<Listed> listed;
    for (const Record* record : writable_records(ctx))
        for (const auto& f : record->fields) {
            if (f.values.empty() || f.key) continue;
            auto block =
                sample_records(ctx, *record, static_cast<int>(f.values.size()), 101 + (&f - record->fields.data()));
            for (std::size_t i = 0; i < f.values.size(); ++i)
                block[i][f.name] =
                    f.type.kind == SqlKind::Int ? json(std::stoll(f.values[i].value)) : json(f.values[i].value);
            listed.push_back({record, &f, std::move(block)});
        }
    // Each field's block on a lane of its own, unless two blocks drew one key.
    const auto lanes = lanes_by_keys(listed.size(), [&](std::size_t i) {
        std::vector<std::string> keys;
        for (const auto& r : listed[i].block) keys.push_back(written_key(*listed[i].record, r));
        return keys;
    });
    at_once(ctx, lanes, [&](std::size_t i, Context& lane) {
        const auto& [record, f, block] = listed[i];
        const auto r = lane.sync(kWriter, record->name, json(block));
        if (!expect_status(lane, r, 200,
                           "POST sync of " + records_text(block.size(), *record) +
                               ", one for each value the seeds list for " + f->name))
            return;
        for (const auto& sent : block) expect_read_back(lane, *record, sent, f->name + " = " + sent[f->name].dump());
    });
}

/// The block size the seeds recommend to senders, "a few hundred records" (000 §4.4, §8): 200, the least reading,
/// sent as one block of CliFor; a target that declares a smaller max_block is not sent it.
void few_hundred(Context& ctx) {
    constexpr int kFewHundred = 200;
    if (ctx.target.max_block < kFewHundred)
        ctx.skip("the target file sets max_block " + std::to_string(ctx.target.max_block) +
                 ", below a few hundred: a block of " + std::to_string(kFewHundred) + " is not sent");
    const Record& record = record_of(ctx, "CliFor");
    const auto records = sample_records(ctx, record, kFewHundred, 211);
    if (!send_accepted(ctx, record, json(records))) return;
    for (std::size_t i : {std::size_t{0}, records.size() / 2, records.size() - 1})
        expect_read_back(ctx, record, records[i],
                         "record " + std::to_string(i) + " of the block of " + std::to_string(kFewHundred));
}

/// A text of 5,000 characters (more than nvarchar(4000) holds) in each field of length -1 of each resource: "A
/// length of -1 means unbounded text" (000 §1); accepted and read back.
void unbounded_texts(Context& ctx) {
    for (const Record* record : writable_records(ctx)) {
        std::vector<std::string> unbounded;
        for (const auto& f : record->fields)
            if (f.type.is_text() && !f.type.max_length() && !f.key) unbounded.push_back(f.name);
        if (unbounded.empty()) continue;
        auto sent = sample_records(ctx, *record, 1, 131).front();
        for (std::size_t i = 0; i < unbounded.size(); ++i)
            sent[unbounded[i]] = std::string(5000, static_cast<char>('a' + i % 26));
        if (send_accepted(ctx, *record, json::array({sent})))
            expect_read_back(ctx, *record, sent, "texts of 5,000 characters in its unbounded fields");
    }
}

}  // namespace

std::vector<Check> sync_refusal_checks(const std::vector<std::string>& all);
std::vector<Check> sync_document_checks();

// clang-format off
std::vector<Check> sync_checks() {
    const std::vector<std::string> all{"*"};
    std::vector<Check> out{
        {.id = "SYN-01", .title = "Records sent are accepted and read back as sent", .spec = "000 §4.4 Success; §2",
         .verifies =
             joined({"000-4.4-success", "000-4-post-sync", "000-7-status-200", "000-4.4-body", "000-1-sync-body-array",
                     "000-1-json-utf8", "000-4.4-content-type", "000-1-cap4-sync", "001-intro-post-sync",
                     "000-2.2-storicodocumentit-nullability", "000-2.4-famiglia-nullability",
                     "000-2.6-statiesteri-nullability", "001-2-nullable-unless-flagged"},
                    {statements::written_catalogue_rows(), statements::written_fields()}),
         .level = Level::Must, .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 20, .run = round_trip},
        {.id = "SYN-02", .title = "A key sent again updates its one record", .spec = "000 §2.1 Key fields; §4.4",
         .verifies = joined({"000-2.2-key-documento"}, {statements::written_keys()}), .level = Level::Must,
         .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true, .run = upsert_by_key},
        {.id = "SYN-03", .title = "ts_update changes on every write", .spec = "000 §1; §2 (ts_update timestamp); A-75",
         .verifies = {"000-1-platform-fields", "000-4.4-platform-managed", "001-2-platform-managed"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 12, .run = ts_update_changes},
        {.id = "SYN-04", .title = "On an upsert: Id kept? Fields left out cleared or kept?",
         .spec = "000 §1; A-60, A-77", .verifies = {"000-1-platform-fields"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = identity_on_upsert},
        {.id = "SYN-05", .title = "A document's nested lines are readable with its key_documento",
         .spec = "000 §2.1 Not-covered records; §2.2 Rule",
         .verifies = {"000-2.2-header-and-lines-together", "000-2.1-lines-readable", "000-2.1-lines-repeat-key",
                      "000-4.4-document-lines", "000-1-list-nested", "000-2.1-catalogue-storicodocumentir"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"StoricoDocumentiT"}, .writes = true,
         .own_rows = true, .chain = 26, .run = nested_lines},
        {.id = "SYN-06", .title = "After sending, TotalRowsCount counts the records sent", .spec = "000 §4.4 Check",
         .verifies = {"000-4.4-check", "000-4.1-response-200"}, .level = Level::Must, .needs = {client::kWriter},
         .resources = {"CliFor"}, .writes = true, .own_rows = true, .chain = 20, .run = total_after_sending},
        {.id = "SYN-10", .title = "Writes the seeds leave open: what do they give?",
         .spec = "000 §4.4; A-24, A-26, A-27, A-29, A-30, A-31, A-33, A-61",
         .verifies = {"000-4.4-success-body-not-shown", "000-7-error-body-not-shown",
                      "000-7-malformed-statuses-not-shown", "000-8-request-size-not-shown",
                      "000-4.4-customer-id-not-sent", "000-1-platform-fields", "001-2.1-ind-sesso"},
         .level = Level::Observe, .needs = {client::kWriter}, .resources = {"CliFor", "Famiglia"}, .writes = true,
         .own_rows = true, .chain = 10, .run = open_writes},
        {.id = "SYN-11", .title = "Every value the seeds list for a field is accepted and read back",
         .spec = "000 §2.2, §2.3, §2.6; 001 §2.1, §2.2", .verifies = statements::allowed_values(), .level = Level::Must,
         .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .chain = 24, .run = listed_values},
        {.id = "SYN-12", .title = "A block of a few hundred records is accepted", .spec = "000 §4.4; §8; A-111",
         .verifies = {"000-4.4-blocks", "000-8-recommended-blocks"}, .level = Level::Should, .needs = {client::kWriter},
         .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = few_hundred},
        {.id = "SYN-13", .title = "A text of 5,000 characters in a field of length -1 is accepted and read back",
         .spec = "000 §1 field types", .verifies = {"000-1-length-unbounded", "000-1-field-types"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = all, .writes = true, .own_rows = true,
         .run = unbounded_texts},
        {.id = "SYN-15", .title = "Right after a block is accepted, the unfiltered TotalRowsCount counts its records",
         .spec = "000 §4.4 Check; §4.1; A-10, A-12", .verifies = {"000-4.4-check", "000-4.1-response-200", "000-4.4-success"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = total_right_after},
    };
    for (auto& check : sync_refusal_checks(all)) out.push_back(std::move(check));
    for (auto& check : sync_document_checks()) out.push_back(std::move(check));
    return out;
}
// clang-format on

}  // namespace bds::suites

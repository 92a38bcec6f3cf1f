// Suite "deletion": deletion is logical (000 §1): flg_isdeleted true keeps the record, marked, and the change
// feed carries it; false restores it; a record without flg_isdeleted is refused.
#include <rapidcheck.h>

#include <chrono>
#include <functional>
#include <optional>
#include <thread>

#include "generate/record_gen.hpp"
#include "run/at_once.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/settled_read.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

/// The resources whose deletion can be seen: GET sync is documented for them (000 §4.3).
std::vector<const Record*> feed_resources(const Context& ctx) {
    std::vector<const Record*> out;
    for (const Record* r : ctx.catalogue.resources())
        if (r->has(Operation::GetSync) && r->writable()) out.push_back(r);
    if (out.empty()) throw harness_error("the catalogue lists no resource with GET and POST sync");
    return out;
}

/// One case of DEL-01 or DEL-02: a record of a resource with a change feed, live, and the same record deleted.
struct Deletion {
    const Record* record;
    json live;
    json deleted;
};

void showValue(const Deletion& d, std::ostream& os) { os << d.record->name << " " << d.live.dump(); }

Deletion draw_deletion(Context& ctx, const std::vector<const Record*>& resources, CasePrefixes& prefixes) {
    const Record& record = **rc::gen::elementOf(resources);
    json live = under_case_prefix(record, json::array({*sent_gen(ctx, record)}), ctx.prefix, prefixes.next(record.name))
                    .front();
    live["flg_isdeleted"] = false;
    json deleted = live;
    deleted["flg_isdeleted"] = true;
    return {&record, live, deleted};
}

/// The cases at `positions` (all of `record`): each live record sent and read back once by its key, then each
/// version of `versions` ("deleted", "live") sent in turn, every case at once. Returns the LastUtcRun after the live
/// writes, or nullopt when a live record did not read back once (a finding of that case).
std::optional<std::string> write_versions(Context& ctx, const Record& record, const std::vector<const Deletion*>& cases,
                                          const std::vector<std::size_t>& positions,
                                          const std::vector<json Deletion::*>& versions, CaseMarks& marks) {
    std::vector<json> live;
    std::vector<const json*> sent;
    for (std::size_t p : positions) {
        live.push_back(cases[p]->live);
        sent.push_back(&cases[p]->live);
    }
    marks.at(positions);
    send_all(ctx, record, live);
    const auto versions_from = std::chrono::steady_clock::now() + kClockStep;
    const auto backs = read_back(ctx, record, sent);
    std::vector<json> rows;
    bool once = true;
    for (std::size_t k = 0; k < positions.size(); ++k) {
        marks.at(positions[k]);
        if (backs[k].rows.size() == 1)
            rows.push_back(backs[k].rows.front().second);
        else {
            once = false;
            ctx.finding(
                {.expected =
                     "the record sent with flg_isdeleted false read back once by its key (000 §4.4: false on active records)",
                 .actual = std::to_string(backs[k].rows.size()) + " rows",
                 .exchange = backs[k].exchange});
        }
    }
    if (!once) return std::nullopt;
    const std::string since = last_utc_run_after(ctx, record, rows);
    std::this_thread::sleep_until(versions_from);
    marks.at(positions);
    for (const auto version : versions) {
        std::vector<json> block;
        for (std::size_t p : positions) block.push_back(cases[p]->*version);
        send_all(ctx, record, block);
    }
    return since;
}

/// Runs `judge` on the cases of each resource, with their positions: the resources at once, each on a lane with marks
/// of its own (parts_at_once).
void each_resource(
    Context& ctx, CaseMarks& marks, const std::vector<const Record*>& resources,
    const std::vector<const Deletion*>& cases,
    const std::function<void(Context&, CaseMarks&, const Record&, const std::vector<std::size_t>&)>& judge) {
    const auto [records, positions] = by_resource(resources, cases);
    parts_at_once(ctx, marks, positions, [&](std::size_t i, Context& lane, CaseMarks& lane_marks) {
        judge(lane, lane_marks, *records[i], positions[i]);
    });
}

/// The feed after `since` holds `last` once, as sent (its flag included); once, where its pages settled
/// (settled_read.hpp).
void expect_in_feed(Context& ctx, const Record& record, const SettledRows& feed, const json& last,
                    const std::string& since, const std::string& what) {
    std::vector<json> rows;
    for (const auto& row : feed.rows)
        if (oracle::same_key(record, row, last, ctx.target.collation.value_or(Collation::CaseInsensitive)))
            rows.push_back(row);
    const std::string where = "GET sync/" + record.name + "?LastUtcRun=" + since;
    if (rows.empty() && !feed.counts_judged) return;
    if (rows.size() != 1 && feed.counts_judged) {
        ctx.finding({.expected = where + " returns the record " + what + " once (000 §1: deletion is logical; §4.3)",
                     .actual = std::to_string(rows.size()) + " rows"});
        return;
    }
    const auto differences = written_differences(ctx, record, last, rows.front());
    if (!differences.empty())
        ctx.finding({.expected = where + " returns the record " + what + " as sent",
                     .actual = oracle::format_differences(differences),
                     .pointer = differences.front().pointer});
}

/// The versions `version` of the cases at `positions`: the records the feed after their writes holds once.
std::vector<json> versions_of(const std::vector<const Deletion*>& cases, const std::vector<std::size_t>& positions,
                              json Deletion::*version) {
    std::vector<json> out;
    for (std::size_t p : positions) out.push_back(cases[p]->*version);
    return out;
}

void deletion_is_logical(Context& ctx) {
    const auto resources = feed_resources(ctx);
    CasePrefixes prefixes(ctx.prefix);
    SettledTally settled;
    for_all_blocks<Deletion>(
        ctx,
        {"a deleted record stays, marked", [&] { return draw_deletion(ctx, resources, prefixes); },
         [&](const std::vector<const Deletion*>& cases, CaseMarks& marks) {
             each_resource(
                 ctx, marks, resources, cases,
                 [&](Context& ctx, CaseMarks& marks, const Record& record, const std::vector<std::size_t>& positions) {
                     const auto since = write_versions(ctx, record, cases, positions, {&Deletion::deleted}, marks);
                     if (!since) return;
                     const auto feed = settled.add(read_settled_feed(
                         ctx, kWriter, record, *since, versions_of(cases, positions, &Deletion::deleted)));
                     std::vector<const json*> deleted;
                     for (std::size_t p : positions) deleted.push_back(&cases[p]->deleted);
                     const auto backs = read_back(ctx, record, deleted);
                     for (std::size_t k = 0; k < positions.size(); ++k) {
                         marks.at(positions[k]);
                         expect_in_feed(ctx, record, feed, *deleted[k], *since, "logically deleted");
                         // Whether reads show deleted records is not shown; when they do, it is with the flag.
                         for (const auto& [at, row] : backs[k].rows)
                             if (row.value("flg_isdeleted", json()) != json(true) &&
                                 row.value("flg_isdeleted", json()) != json(1))
                                 ctx.finding(
                                     {.expected =
                                          "a logically deleted record, when GET resources shows it, carries flg_isdeleted true",
                                      .actual = "flg_isdeleted " + row.value("flg_isdeleted", json()).dump(),
                                      .pointer = "/" + std::to_string(at) + "/flg_isdeleted",
                                      .exchange = backs[k].exchange});
                     }
                 });
         },
         kCaseSlots, [](const Deletion& d) { return written_keys(*d.record, d.live); }});
    settled.skip_when_undecided(ctx, "whether the change feed returns each logically deleted record");
}

/// Logical deletion on every resource a sender writes (000 §1: "each record carries flg_isdeleted"), not only on those
/// with a change feed: sent with flg_isdeleted true, a record reads back marked, or not at all where lists hide
/// deleted records; sent again active, it reads back as sent.
void deletion_everywhere(Context& ctx) {
    std::vector<const Record*> records;
    for (const Record* record : writable_records(ctx))
        if (record->field("flg_isdeleted")) records.push_back(record);
    // Each resource its own record: the resources at once (a far target pays four round trips, not four a resource).
    at_once(ctx, records.size(), [&](std::size_t i, Context& lane) {
        const Record* record = records[i];
        json live = sample_records(lane, *record, 1, 151).front();
        live["flg_isdeleted"] = false;
        json deleted = live;
        deleted["flg_isdeleted"] = true;
        send_or_error(lane, *record, json::array({live}));
        send_or_error(lane, *record, json::array({deleted}));
        for (const auto& row : read_by_key(lane, kWriter, *record, deleted))
            if (row.value("flg_isdeleted", json()) != json(true) && row.value("flg_isdeleted", json()) != json(1))
                lane.finding(
                    {.expected = "a " + record->name +
                                 " record sent with flg_isdeleted true, when GET resources shows it, carries it",
                     .actual = "flg_isdeleted " + row.value("flg_isdeleted", json()).dump(),
                     .pointer = "/flg_isdeleted"});
        send_or_error(lane, *record, json::array({live}));
        expect_read_back(lane, *record, live,
                         "the " + record->name + " record deleted and sent again with flg_isdeleted false");
    });
}

void undeletion_restores(Context& ctx) {
    const auto resources = feed_resources(ctx);
    CasePrefixes prefixes(ctx.prefix);
    SettledTally settled;
    for_all_blocks<Deletion>(
        ctx,
        {"flg_isdeleted false restores a deleted record", [&] { return draw_deletion(ctx, resources, prefixes); },
         [&](const std::vector<const Deletion*>& cases, CaseMarks& marks) {
             each_resource(
                 ctx, marks, resources, cases,
                 [&](Context& ctx, CaseMarks& marks, const Record& record, const std::vector<std::size_t>& positions) {
                     const auto since =
                         write_versions(ctx, record, cases, positions, {&Deletion::deleted, &Deletion::live}, marks);
                     if (!since) return;
                     std::vector<const json*> live;
                     for (std::size_t p : positions) live.push_back(&cases[p]->live);
                     const auto backs = read_back(ctx, record, live);
                     const auto feed = settled.add(read_settled_feed(ctx, kWriter, record, *since,
                                                                     versions_of(cases, positions, &Deletion::live)));
                     for (std::size_t k = 0; k < positions.size(); ++k) {
                         marks.at(positions[k]);
                         judge_read_back(ctx, record, *live[k],
                                         "the record deleted and sent again with flg_isdeleted false", backs[k]);
                         expect_in_feed(ctx, record, feed, *live[k], *since, "restored (flg_isdeleted false)");
                     }
                 });
         },
         kCaseSlots, [](const Deletion& d) { return written_keys(*d.record, d.live); }});
    settled.skip_when_undecided(ctx, "whether the change feed returns each restored record");
}

void flag_required(Context& ctx) {
    const auto resources = writable_records(ctx);
    for_all_staged(ctx, "a record without flg_isdeleted is refused", [&] {
        const Record& record = **rc::gen::elementOf(resources);
        if (!record.field("flg_isdeleted")) return StagedCase{[](Context&) {}};
        json r = *sent_gen(ctx, record);
        r.erase("flg_isdeleted");
        return StagedCase{[&record, r](Context& ctx) {
                              const auto response = ctx.sync(kWriter, record.name, json::array({r}));
                              expect_refused(
                                  ctx, response,
                                  "a " + record.name + " record without flg_isdeleted (bit, required: 000 §1)");
                          },
                          {written_key(record, r)}};
    });
}

void deleted_in_reads(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    json r = sample_records(ctx, record, 1, 5).front();
    r["flg_isdeleted"] = true;
    send_or_error(ctx, record, json::array({r}));
    const auto rows = read_by_key(ctx, kWriter, record, r);
    ctx.observe(std::string("GET resources ") +
                (rows.empty() ? "leaves logically deleted records out" : "shows logically deleted records") +
                " (A-12)");
    // A deleted document's lines.
    const Record& header = record_of(ctx, "StoricoDocumentiT");
    json doc = sample_records(ctx, header, 1, 6).front();
    doc["StoricoDocumentiR"] = json::array({json::object()});
    gen::tie_lines(doc);
    doc["flg_isdeleted"] = true;
    send_or_error(ctx, header, json::array({doc}));
    const auto lines = read_all(ctx, kWriter, "StoricoDocumentiR",
                                "key_documento = " + sql_text(doc.at("key_documento").get<std::string>()));
    ctx.observe(std::string("the lines of a logically deleted document are ") +
                (lines.empty() ? "no longer listed" : "still listed") + " in StoricoDocumentiR (A-36)");
}

}  // namespace

// clang-format off
std::vector<Check> deletion_checks() {
    const std::vector<std::string> touched{"StoricoDocumentiT", "Articoli", "CliFor"};
    return {
        {.id = "DEL-01", .title = "flg_isdeleted true keeps the record, marked, in the change feed",
         .spec = "000 §1; §4.3; A-12, A-20, A-79, A-123",
         .verifies = {"000-1-deletion-logical", "000-3-record-deletion", "000-4.3-response-200", "001-2-flg-isdeleted",
                      "000-2.2-header-and-lines-together"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = touched, .writes = true, .own_rows = true,
         .chain = 30, .run = deletion_is_logical},
        {.id = "DEL-02", .title = "flg_isdeleted false restores a deleted record", .spec = "000 §1; §4.4 Deletion; A-123",
         .verifies = {"000-1-deletion-logical", "000-4.4-deletion", "000-3-record-deletion",
                      "000-2.2-header-and-lines-together"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = touched, .writes = true, .own_rows = true,
         .chain = 36, .run = undeletion_restores},
        {.id = "DEL-05", .title = "Every resource a sender writes takes logical deletion and its undoing",
         .spec = "000 §1; §4.4 Deletion; A-12",
         .verifies = {"000-1-deletion-logical", "000-4.4-deletion", "001-2-flg-isdeleted"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .own_rows = true,
         .chain = 10, .run = deletion_everywhere},
        {.id = "DEL-03", .title = "A record without flg_isdeleted is refused",
         .spec = "000 §1; §2.1 Minimal record; A-76",
         .verifies = {"000-1-deletion-logical", "000-2.1-minimal-record", "001-2-flg-isdeleted"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .own_rows = true,
         .chain = 13, .run = flag_required},
        {.id = "DEL-04", .title = "Do reads show logically deleted records, and a deleted document's lines?",
         .spec = "000 §1; A-12, A-36", .verifies = {"000-1-deletion-logical"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = {"CliFor", "StoricoDocumentiT", "StoricoDocumentiR"}, .writes = true,
         .own_rows = true, .run = deleted_in_reads},
    };
}
// clang-format on

}  // namespace bds::suites

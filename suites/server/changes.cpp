// Suite "changes": GET sync (000 §4.3): the change feed returns exactly the records changed after LastUtcRun,
// updates and logical deletions included; 1900-01-01 00:00:00.000 returns every record.
#include <rapidcheck.h>

#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <thread>

#include "common/text.hpp"
#include "generate/record_gen.hpp"
#include "oracle/store_model.hpp"
#include "run/at_once.hpp"
#include "run/block_property.hpp"
#include "sql/datetime.hpp"
#include "suites/registry.hpp"
#include "suites/common/sampled_read.hpp"
#include "suites/common/settled_read.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

constexpr const char* kEverything = "1900-01-01 00:00:00.000";

/// The resources GET sync is documented for (000 §4.3: StoricoDocumentiT, Articoli, CliFor).
std::vector<const Record*> feed_records(const Context& ctx) {
    std::vector<const Record*> out;
    for (const Record* r : ctx.catalogue.resources())
        if (r->has(Operation::GetSync)) out.push_back(r);
    if (out.empty()) throw harness_error("the catalogue lists no resource with GET sync");
    return out;
}

Collation model_collation(const Context& ctx) { return ctx.target.collation.value_or(Collation::CaseInsensitive); }

/// The feed's rows of this check's records, by index key (other writers' rows are not this check's business).
std::map<std::string, std::vector<json>> ours_in_feed(const Record& record, const std::vector<json>& feed,
                                                      const oracle::StoreModel& model) {
    std::map<std::string, std::vector<json>> out;
    for (const auto& row : feed)
        if (model.find(record.name, row)) out[oracle::index_key(record, row, model.collation())].push_back(row);
    return out;
}

/// The model's records written after `mark`: those the feed after it returns.
std::vector<json> changed_since(const Record& record, const oracle::StoreModel& model, oracle::Mark mark) {
    std::vector<json> out;
    for (const auto& m : model.records(record.name))
        if (m.written > mark.after) out.push_back(m.record);
    return out;
}

/// Checks the feed's rows of the model's records changed since `mark` (each once, as last sent, with its
/// deletion flag) and that no record of the model written before it is there, unless its dat_ultvar as shown is
/// LastUtcRun itself (a target may show dat_ultvar to the millisecond and compare finer: it then lies within
/// that millisecond, after the instant or not: A-79). A record missing or there twice is judged only where the feed's
/// pages settled (settled_read.hpp).
void expect_feed(Context& ctx, const Record& record, const std::string& last_utc_run, const SettledRows& feed,
                 const oracle::StoreModel& model, oracle::Mark mark, bool require_changed) {
    const auto got = ours_in_feed(record, feed.rows, model);
    const auto anchor = dat_ultvar_of(json{{"dat_ultvar", last_utc_run}});
    const auto same_millisecond = [&](const std::vector<json>& rows) {
        for (const auto& row : rows)
            if (const auto at = dat_ultvar_of(row); !anchor || !at || *at != *anchor) return false;
        return true;
    };
    const std::string what = "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run;
    for (const auto& m : model.records(record.name)) {
        const std::string key = oracle::index_key(record, m.record, model.collation());
        const auto it = got.find(key);
        const bool changed = m.written > mark.after;
        if (!changed) {
            if (it != got.end() && !same_millisecond(it->second))
                ctx.finding({.expected = what + " leaves out " + key_selection(record, m.record) +
                                         ", last written before that instant (A-20)",
                             .actual = "it is returned"});
            continue;
        }
        if (!require_changed) continue;
        if (it == got.end()) {
            if (!feed.counts_judged) continue;
            ctx.finding({.expected = what + " returns " + key_selection(record, m.record) + ", " +
                                     (m.deleted ? "logically deleted" : "written") +
                                     " after that instant (000 §4.3, A-20)",
                         .actual = "it is missing"});
            continue;
        }
        if (it->second.size() != 1 && feed.counts_judged)
            ctx.finding({.expected = what + " returns each changed record once",
                         .actual = std::to_string(it->second.size()) + " rows for " + key});
        const auto differences = written_differences(ctx, record, m.record, it->second.front());
        if (!differences.empty())
            ctx.finding({.expected = what + " returns the record as last sent" +
                                     std::string(m.deleted ? ", flg_isdeleted true" : ""),
                         .actual = oracle::format_differences(differences),
                         .pointer = differences.front().pointer});
    }
}

/// One case of CHG-01: records written before the instant, then some of them updated or logically deleted and a
/// fresh one written after it.
struct FeedCase {
    const Record* record;
    json before;
    json after;
    json fresh;  ///< null when the fresh record drawn has the key of one before (the case is left out)
};

void showValue(const FeedCase& c, std::ostream& os) {
    os << c.record->name << " before " << c.before.dump() << ", after " << c.after.dump();
}

FeedCase draw_feed_case(Context& ctx, const std::vector<const Record*>& resources, CasePrefixes& prefixes) {
    const Record& record = **rc::gen::elementOf(resources);
    const std::string case_prefix = prefixes.next(record.name);
    FeedCase c{&record,
               under_case_prefix(record, *block_gen(ctx, record, *rc::gen::inRange(2, 5)), ctx.prefix, case_prefix),
               json::array(), nullptr};
    for (const auto& r : c.before) {
        const int what = *rc::gen::inRange(0, 3);  // 0: untouched, 1: updated, 2: logically deleted
        if (what == 1) {
            json updated = *sent_gen(ctx, record);
            for (const auto& k : record.key)
                if (r.contains(k)) updated[k] = r[k];
            gen::tie_lines(updated);
            c.after.push_back(updated);
        } else if (what == 2) {
            json deleted = r;
            deleted["flg_isdeleted"] = true;
            c.after.push_back(deleted);
        }
    }
    json fresh =
        under_case_prefix(record, json::array({*sent_gen(ctx, record)}), ctx.prefix, case_prefix, c.before.size())
            .front();
    fresh["flg_isdeleted"] = false;
    for (const auto& r : c.before)
        if (oracle::same_key(record, r, fresh, Collation::CaseInsensitive)) return c;
    c.after.push_back(fresh);
    c.fresh = fresh;
    return c;
}

/// The feed after `last_utc_run` read again on pages of one row, once per resource a run (000 §4.3 pagination,
/// the rows changed after an instant only grow (rows are never removed, 000 §1), so page k holds a row while
/// k is at most the `rows` a whole read held. A server that pages the table before it filters by the instant
/// answers its first rows' page, empty unless they changed since.
void expect_single_row_pages(Context& ctx, const Record& record, const std::string& last_utc_run, std::size_t rows) {
    for (long long k = 1; k <= static_cast<long long>(std::min<std::size_t>(rows, 2)); ++k) {
        const auto r = ctx.api.sync_get(kWriter, record.name, last_utc_run, {std::nullopt, 1, k});
        const std::string what = "page " + std::to_string(k) + " of PageSize 1 of the change feed of " + record.name +
                                 " after " + last_utc_run;
        if (ctx.page_of(r, "reading " + what).rows.empty())
            ctx.finding({.expected = "a row on " + what + " (a whole read held " + std::to_string(rows) +
                                     "; pages hold PageSize rows but the last, 000 §4.3, A-113)",
                         .actual = "no row",
                         .exchange = r.response.exchange});
    }
}

/// The cases at `positions` (all of `record`): their records before the instant sent and read back (the instant is
/// built from the target's own dat_ultvar), their changes sent after it, the feed after it read once and judged for
/// each case against its own model.
void judge_feed_cases(Context& ctx, const Record& record, const std::vector<const FeedCase*>& cases,
                      const std::vector<std::size_t>& positions, CaseMarks& marks, bool read_paged,
                      SettledTally& settled) {
    std::vector<json> before, after;
    std::vector<const json*> before_sent, fresh_sent;
    std::vector<oracle::StoreModel> models;
    std::vector<oracle::Mark> marks_before;
    for (std::size_t p : positions) {
        const FeedCase& c = *cases[p];
        before.insert(before.end(), c.before.begin(), c.before.end());
        for (const auto& r : c.before) before_sent.push_back(&r);
        fresh_sent.push_back(&c.fresh);
        models.emplace_back(ctx.catalogue, model_collation(ctx));
        models.back().upsert_block(record.name, c.before);
        marks_before.push_back(models.back().mark());
    }
    marks.at(positions);
    send_all(ctx, record, before);
    // A target whose clock has not moved past the instant by the next writes is not blamed: see below.
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    const std::string last_utc_run = last_utc_run_after(ctx, record, read_each(ctx, record, before_sent));
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const FeedCase& c = *cases[positions[k]];
        after.insert(after.end(), c.after.begin(), c.after.end());
        models[k].upsert_block(record.name, c.after);
    }
    std::this_thread::sleep_until(writes_from);
    send_all(ctx, record, after);
    // Only when the target's own instant of a case's new record lies after LastUtcRun must the feed show the case's
    // changes; within the same millisecond either is right.
    const auto fresh_rows = read_each(ctx, record, fresh_sent);
    const auto anchor = dat_ultvar_of(json{{"dat_ultvar", last_utc_run}});
    std::vector<char> required;
    std::vector<json> once;  // the records each case requires once
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const auto fresh_at = dat_ultvar_of(fresh_rows[k]);
        required.push_back(fresh_at && anchor && *fresh_at > *anchor);
        if (!required.back()) continue;
        const auto changed = changed_since(record, models[k], marks_before[k]);
        once.insert(once.end(), changed.begin(), changed.end());
    }
    const auto feed = settled.add(read_settled_feed(ctx, kWriter, record, last_utc_run, once));
    if (read_paged) expect_single_row_pages(ctx, record, last_utc_run, feed.rows.size());
    for (std::size_t k = 0; k < positions.size(); ++k) {
        marks.at(positions[k]);
        expect_feed(ctx, record, last_utc_run, feed, models[k], marks_before[k], required[k] != 0);
    }
}

void changed_after(Context& ctx) {
    const auto resources = feed_records(ctx);
    CasePrefixes prefixes(ctx.prefix);
    std::set<std::string> paged;  // the resources whose feed was read on pages of one row
    SettledTally settled;
    for_all_blocks<FeedCase>(
        ctx, {"the feed returns exactly what changed after the instant",
              [&] { return draw_feed_case(ctx, resources, prefixes); },
              [&](const std::vector<const FeedCase*>& cases, CaseMarks& marks) {
                  const auto [records, positions] =
                      by_resource<FeedCase>(resources, cases, [](const FeedCase& c) { return !c.fresh.is_null(); });
                  std::vector<char> first_read;  // each resource's feed read once on pages of one row
                  for (const Record* record : records) first_read.push_back(paged.insert(record->name).second);
                  parts_at_once(ctx, marks, positions, [&](std::size_t i, Context& lane, CaseMarks& lane_marks) {
                      judge_feed_cases(lane, *records[i], cases, positions[i], lane_marks, first_read[i] != 0, settled);
                  });
              },
              kCaseSlots,
              [](const FeedCase& c) {
                  auto keys = written_keys(*c.record, c.before);
                  for (const auto& k : written_keys(*c.record, c.after)) keys.push_back(k);
                  if (!c.fresh.is_null())
                      for (const auto& k : written_keys(*c.record, c.fresh)) keys.push_back(k);
                  return keys;
              }});
    settled.skip_when_undecided(ctx, "whether the change feed returns each changed record once");
}

/// A LastUtcRun just after `sent`'s record as the target shows it: its dat_ultvar rounded up to the millisecond
/// nullopt when it does not read back by its key once with one.
std::optional<std::string> instant_after(Context& ctx, const Record& record, const json& sent) {
    const auto back = read_by_key(ctx, kWriter, record, sent);
    if (back.size() != 1 || !dat_ultvar_of(back.front())) return std::nullopt;
    return last_utc_run_after(ctx, record, back);
}

/// The model's records found on the sampled pages of a feed: as last sent, with their deletion flag.
void expect_as_sent(Context& ctx, const Record& record, const std::string& what, const Sample& feed,
                    const oracle::StoreModel& model) {
    const auto got = ours_in_feed(record, feed.rows, model);
    for (const auto& m : model.records(record.name)) {
        const auto it = got.find(oracle::index_key(record, m.record, model.collation()));
        if (it == got.end()) continue;
        for (const auto& row : it->second) {
            const auto differences = written_differences(ctx, record, m.record, row);
            if (differences.empty()) continue;
            ctx.finding({.expected = what + " returns the record as last sent" +
                                     std::string(m.deleted ? ", flg_isdeleted true" : ""),
                         .actual = oracle::format_differences(differences),
                         .pointer = differences.front().pointer});
            break;
        }
    }
}

/// What GET /api/resources/R counts without a selection, read before the feed is: rows are never removed (deletion is
/// logical, 000 §1), so a feed read after it holds at least as many whatever other clients write meanwhile.
std::optional<long long> listed_count(Context& ctx, const Record& record) {
    const auto r = ctx.api.list(kWriter, record.name, {std::nullopt, 1, 1});
    return ctx.page_of(r, "reading " + record.name + "'s TotalRowsCount").total;
}

/// 1900-01-01 returns every record (000 §4.3): at least as many as GET /api/resources counted without a selection
/// before the feed was read (A-10; a list may leave deleted records out, A-12, this feed may not), counted by the
/// feed's pages, never by its TotalRowsCount.
void expect_counted(Context& ctx, const Record& record, const std::string& what, const Sample& feed,
                    const PageRead& read, std::optional<long long> listed) {
    if (!listed)
        return ctx.observe("GET /api/resources/" + record.name +
                           " shows no TotalRowsCount: the feed's rows were not counted against it");
    const auto at_least = rows_at_least(ctx, what, feed, read, *listed);
    if (!at_least.holds)
        ctx.finding({.expected = what + " returns every record: at least the " + thousands(*listed) +
                                 " that GET /api/resources/" + record.name +
                                 " counted before it was read (A-10, A-113)",
                     .actual = "page " + thousands(at_least.page) + " of PageSize " + thousands(feed.page_size) +
                               " holds " + thousands(at_least.rows) + " rows: the feed ends by row " +
                               thousands((at_least.page - 1) * feed.page_size + at_least.rows),
                     .exchange = at_least.exchange});
}

/// When the feed from 1900 was sampled: the model's records changed after `mark` (all but the one written first) in the
/// feed after `since`, the instant of that first one, which holds what changed since and so some of every record
/// . They must be there when the target's own instant of `fresh` lies after it, as in CHG-01.
/// `sampled` says what was read of the feed from 1900.
void expect_in_later_feed(Context& ctx, const Record& record, const std::optional<std::string>& since,
                          const json& fresh, const oracle::StoreModel& model, oracle::Mark mark,
                          const std::string& sampled) {
    if (!since)
        return ctx.observe(
            sampled +
            "; this check's records looked for on those pages only (the record it wrote first did not read back "
            "by its key with a dat_ultvar to read the feed after)");
    ctx.observe(sampled + "; this check's records looked for in the feed after the record it wrote first");
    const auto back =
        read_by_key(ctx, kWriter, record, fresh);  // reading back is SYN-01's rule: without it, nothing must be there
    const auto fresh_at = back.size() == 1 ? dat_ultvar_of(back.front()) : std::nullopt;
    const auto anchor = dat_ultvar_of(json{{"dat_ultvar", *since}});
    const bool required = fresh_at && anchor && *fresh_at > *anchor;
    const auto once = required ? changed_since(record, model, mark) : std::vector<json>{};
    expect_feed(ctx, record, *since, read_settled_feed(ctx, kWriter, record, *since, once), model, mark, required);
}

/// CHG-02: a record written, then a few more, one logically deleted; the feed from 1900 read whole when it has at most
/// kSamplePages pages, else sampled (docs/architecture.md, "Reads of a target's data"): the records found on its pages
/// as sent, its rows counted, and the records written after the first looked for in the feed after it.
void everything(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const std::string what = "GET sync/CliFor?LastUtcRun=" + std::string(kEverything);
    // Nothing is written for a feed that cannot be read (a precondition: CheckError otherwise).
    ctx.page_of(ctx.api.sync_get(kWriter, record.name, kEverything, {std::nullopt, 1, 1}), what);
    oracle::StoreModel model(ctx.catalogue, model_collation(ctx));
    const json first = json::array({sample_records(ctx, record, 1, 8).front()});
    send_or_error(ctx, record, first);
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    model.upsert_block(record.name, first);
    const auto since = instant_after(ctx, record, first[0]);
    const oracle::Mark mark = model.mark();
    json block = json::array();
    for (auto r : sample_records(ctx, record, 4, 7))
        if (!model.find(record.name, r)) block.push_back(r);
    block[0]["flg_isdeleted"] = true;
    std::this_thread::sleep_until(writes_from);
    send_or_error(ctx, record, block);
    model.upsert_block(record.name, block);
    const PageRead read = [&](long long size, long long number) {
        return ctx.api.sync_get(kWriter, record.name, kEverything, {std::nullopt, size, number});
    };
    // The pages and counts of the whole resource: with the run's other writers held still where they did not add up.
    judge_still_if_needed(ctx, record.name, [&](Context& c) {
        const auto listed = listed_count(c, record);
        const Sample feed = read_sample(c, "reading the change feed of CliFor after " + std::string(kEverything), read,
                                        kSamplePages, 7);
        bool added_up = true;
        // Every record of the model was written after the mark before the first write.
        if (feed.whole) {
            auto rows =
                settle_pages(c, record, what, pages_of(feed), read, changed_since(record, model, oracle::Mark{0}));
            added_up = rows.counts_judged;
            expect_feed(c, record, kEverything, std::move(rows), model, oracle::Mark{0}, true);
        } else {
            expect_as_sent(c, record, what, feed, model);
        }
        expect_counted(c, record, what, feed, read, listed);
        if (!feed.whole) expect_in_later_feed(c, record, since, block[1], model, mark, what + ": read " + feed.text());
        return added_up;
    });
}

void other_resources(Context& ctx) {
    // Whether GET sync answers is the question, not what it holds: asked for what changed after this machine's now
    // rather than from 1900, so that no large view's every row is counted for it (000 §4.1 rule 3: large views are to
    // be filtered). The instant is never judged.
    const std::string now = utc_formatted(std::chrono::system_clock::now(), "%Y-%m-%d %H:%M:%S.000");
    std::vector<const Record*> others;
    for (const Record* r : ctx.catalogue.resources())
        if (!r->has(Operation::GetSync) && r->has(Operation::GetResources)) others.push_back(r);
    // Each read alone, all at once; the last one in ISO form.
    const auto answers = answers_at_once<client::ListResult>(ctx, others.size() + 1, [&](std::size_t i, Context& c) {
        return i < others.size() ? c.api.sync_get(kWriter, others[i]->name, now, {std::nullopt, 1, 1})
                                 : c.api.sync_get(kWriter, "CliFor", "1900-01-01T00:00:00.000", {std::nullopt, 1, 1});
    });
    std::string shown;
    for (std::size_t i = 0; i < others.size(); ++i) {
        ctx.answered(answers[i].response);
        shown += (shown.empty() ? "" : ", ") + others[i]->name + " " + std::to_string(answers[i].response.status);
    }
    ctx.observe("GET sync on resources it is not documented for (A-21): " + shown);
    const auto& iso = answers.back();
    ctx.answered(iso.response);
    ctx.observe("LastUtcRun in ISO 8601 form with 'T' (A-22): " + std::to_string(iso.response.status),
                iso.response.exchange);
}

/// The target's clock as dat_ultvar shows it: how far from this machine's, how fine. Observed only:
/// the checks never compare instants with this machine's clock.
void clock_and_resolution(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    bool finer = false;
    std::optional<std::int64_t> offset;
    for (const auto& r : sample_records(ctx, record, 3, 61)) {
        send_or_error(ctx, record, json::array({r}));
        const auto now = sql::ticks_from(std::chrono::system_clock::now());
        const auto at = dat_ultvar_of(read_one(ctx, record, r));
        if (!at) ctx.skip("CliFor rows come without a date-time in dat_ultvar");
        finer = finer || *at % 10000 != 0;
        offset = *at - now;
    }
    const long long minutes = static_cast<long long>(std::llround(static_cast<double>(*offset) / 600'000'000.0));
    ctx.observe(std::string("dat_ultvar of a record just written is ") +
                (minutes == 0 ? "within a minute of this machine's UTC clock"
                              : std::to_string(std::llabs(minutes)) + " minutes " +
                                    (minutes > 0 ? "ahead of" : "behind") + " this machine's UTC clock") +
                " (A-23); its values are " + (finer ? "finer than a millisecond" : "whole milliseconds or coarser") +
                " (A-79)");
}

/// The feed's TotalRowsCount on its first page, with the exchange; nullopt when the page shows none.
std::optional<std::pair<long long, client::Exchange>> feed_total(Context& ctx, const Record& record,
                                                                 const std::string& last_utc_run) {
    const auto r = ctx.api.sync_get(kWriter, record.name, last_utc_run, {std::nullopt, page_size(ctx), 1});
    const auto& page = ctx.page_of(r, "GET sync/" + record.name + "?LastUtcRun=" + last_utc_run);
    if (!page.total) return std::nullopt;
    return std::pair{*page.total, r.response.exchange};
}

/// TotalRowsCount of the feed counts the records changed after LastUtcRun: a few records written after a
/// LastUtcRun, the feed read whole, its count read before and after. When the two counts differ, something else
/// changed the resource meanwhile and nothing is judged.
void feed_count(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const json first = json::array({sample_records(ctx, record, 1, 11).front()});
    send_or_error(ctx, record, first);
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    const std::string last_utc_run = last_utc_run_after(ctx, record, {read_one(ctx, record, first[0])});
    json after = json::array();
    for (auto r : sample_records(ctx, record, 3, 12)) after.push_back(r);
    std::this_thread::sleep_until(writes_from);
    send_or_error(ctx, record, after);
    judge_still_if_needed(ctx, record.name, [&](Context& c) {
        const auto before = feed_total(c, record, last_utc_run);
        const auto feed = read_feed(c, kWriter, record.name, last_utc_run);
        const auto again = feed_total(c, record, last_utc_run);
        if (!before || !again)
            c.skip("the feed's pages show no TotalRowsCount (the envelope puts it on rows, and none came)");
        if (before->first != again->first) {
            c.observe("the feed's TotalRowsCount went from " + std::to_string(before->first) + " to " +
                          std::to_string(again->first) + " while it was read: another writer; not judged",
                      again->second);
            return false;
        }
        if (before->first != static_cast<long long>(feed.size()))
            c.finding({.expected = "TotalRowsCount " + std::to_string(feed.size()) +
                                   ": the records the feed returned after LastUtcRun " + last_utc_run,
                       .actual = "TotalRowsCount " + std::to_string(before->first),
                       .pointer = "/TotalRowsCount",
                       .exchange = again->second});
        return true;
    });
}

}  // namespace

// clang-format off
std::vector<Check> changes_checks() {
    return {
        {.id = "CHG-01", .title = "The change feed returns exactly the records changed after LastUtcRun",
         .spec = "000 §4.3; A-20, A-23, A-79, A-113, A-123",
         .verifies = {"000-4.3-response-200", "000-4-get-sync", "000-1-cap4-sync", "000-4.3-documented-resources",
                      "000-4.3-lastutcrun", "000-4.3-auth", "000-4.3-pagination"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"StoricoDocumentiT", "Articoli", "CliFor"},
         .writes = true, .own_rows = true, .chain = 34, .run = changed_after},
        {.id = "CHG-02", .title = "LastUtcRun 1900-01-01 00:00:00.000 returns every record",
         .spec = "000 §4.3 LastUtcRun; A-10, A-113, A-123",
         .verifies = {"000-4.3-lastutcrun-1900", "000-4.3-pagination", "000-4.3-response-200"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 13, .run = everything},
        {.id = "CHG-03", .title = "GET sync elsewhere, and LastUtcRun in ISO form: what comes back?",
         .spec = "000 §4.3; A-21, A-22", .verifies = {"000-4.3-other-resources-not-shown", "000-4.3-lastutcrun"},
         .level = Level::Observe, .needs = {client::kWriter}, .resources = {"*"}, .own_rows = true, .run = other_resources},
        {.id = "CHG-04", .title = "The target's clock behind dat_ultvar: how far from this machine's, how fine?",
         .spec = "000 §4.3; A-23, A-79", .verifies = {"000-4.3-lastutcrun"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = clock_and_resolution},
        {.id = "CHG-05", .title = "The change feed's TotalRowsCount counts the records changed after LastUtcRun",
         .spec = "000 §4.3; A-110", .verifies = {"000-4.3-response-200"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = feed_count},
    };
}
// clang-format on

}  // namespace bds::suites

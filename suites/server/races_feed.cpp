// Suite "races", the change feed while clients write (000 §4.3 "records changed after LastUtcRun"): two writers send
// records one by one while a reader follows the feed, each read after the latest dat_ultvar it has seen (rounded down
// to the millisecond of LastUtcRun's form, so that rounding loses nothing). RACE-03 judges each whole read, RACE-04
// whether the reader ended having seen every record (docs/races.md).
#include <atomic>
#include <map>
#include <thread>

#include "oracle/compare.hpp"
#include "sql/datetime.hpp"
#include "suites/common/race_clients.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"
#include "suites/server/races.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

constexpr int kWriters = 2;
constexpr int kWritesEach = 4;
/// The reader's reads while the writers write, at most; then one more once they are done.
constexpr int kMostReads = 12;
/// How long the reader waits for a new answer to a writer before it reads again anyway.
constexpr std::chrono::milliseconds kReadEvery{5};
/// How long a writer waits between its sends, as a sender's blocks follow one another: long enough for the instants of
/// two writes to be milliseconds apart, which is what a reader that rounds LastUtcRun to the millisecond can tell.
constexpr std::chrono::milliseconds kWriteEvery{5};

std::string instant_text(std::int64_t ticks) {
    std::string text = sql::format_datetime(ticks, SqlKind::Datetime2);
    text[10] = ' ';
    return text;
}

struct FeedRead {
    std::size_t event = 0;  ///< its timeline id, then its label
    double sent_ms = 0;
    std::int64_t after = 0;      ///< LastUtcRun, as ticks
    bool whole = false;          ///< one page held it: no page could move under the writers
    std::vector<bool> listed{};  ///< per write
};

struct FeedWrite {
    std::size_t event = 0;  ///< its timeline id, then its label
    double answered_ms = 0;
    bool applied = false;
    std::int64_t changed = 0;  ///< its dat_ultvar as read once every client ended
};

struct FeedHistory {
    std::vector<json> records;  ///< per write
    std::vector<FeedWrite> writes;
    std::vector<FeedRead> reads;
    bool met = false;
    std::string timeline;
};

/// The latest dat_ultvar among `rows`; skips the check when one has none (nullable: A-23).
std::int64_t latest_change(Context& ctx, const std::vector<json>& rows, std::int64_t latest) {
    for (const auto& row : rows) {
        const auto ticks = dat_ultvar_of(row);
        if (!ticks)
            ctx.skip(
                "CliFor rows come without a dat_ultvar that is a date-time: a reader of the feed has no instant of "
                "the target's own to go on from (A-23)");
        latest = std::max(latest, *ticks);
    }
    return latest;
}

/// The reader: reads the feed after the latest dat_ultvar it saw while the writers write (kMostReads at most), then
/// once more when they are done.
void follow(Context& c, Timeline& timeline, FeedHistory& h, std::int64_t after, const std::atomic<int>& writing,
            const std::atomic<int>& answered) {
    const Record& record = record_of(c, "CliFor");
    for (int reads = 0;; ++reads) {
        if (reads == kMostReads)
            while (writing.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const bool last = writing.load() == 0;
        const int seen_answers = answered.load();
        const std::string since = last_utc_run_at(after);
        auto [id, paged] = timed<PagedRows>(
            timeline, 0, "GET sync CliFor?LastUtcRun=" + since,
            [&] { return read_feed_as_it_moves(c, kWriter, "CliFor", since); },
            [](const PagedRows& p) {
                return std::to_string(p.rows.size()) + " rows, " + std::to_string(p.counts.size()) + " pages";
            });
        FeedRead read{id, 0, after / 10000 * 10000, paged.counts.size() <= 1, std::vector<bool>(h.records.size())};
        for (const auto& row : paged.rows)
            for (std::size_t w = 0; w < h.records.size(); ++w)
                if (oracle::same_key(record, row, h.records[w], Collation::CaseInsensitive)) read.listed[w] = true;
        h.reads.push_back(std::move(read));
        after = latest_change(c, paged.rows, after);
        if (last) return;
        const auto until = std::chrono::steady_clock::now() + kReadEvery;
        while (answered.load() == seen_answers && writing.load() > 0 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

/// Each answered write's dat_ultvar, read back by key once every client ended. A row not seen yet is read again a
/// second later: a read may lag the writes on another connection (RACE-02 judges that), and this check needs the
/// instant; a write whose row is still not seen is not judged.
void read_change_times(Context& ctx, const Record& record, FeedHistory& h) {
    std::vector<const json*> sent;
    for (const auto& r : h.records) sent.push_back(&r);
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt > 0) std::this_thread::sleep_for(std::chrono::seconds(1));
        const auto back = read_back(ctx, record, sent);
        bool unseen = false;
        for (std::size_t w = 0; w < h.writes.size(); ++w) {
            if (back[w].rows.size() == 1)
                h.writes[w].changed = latest_change(ctx, {back[w].rows.front().second}, 0);
            else
                unseen = unseen || h.writes[w].applied;
        }
        if (!unseen) return;
    }
}

/// One history: `writes_each` records from each writer, one a send, while the reader follows the feed.
FeedHistory run_feed_history(Context& ctx, int writes_each) {
    const Record& record = record_of(ctx, "CliFor");
    FeedHistory h;
    auto all = under_case_prefix(
        record, json(sample_records(ctx, record, 1 + kWriters * kWritesEach, 14000, {{"flg_isdeleted", false}})),
        ctx.prefix, ctx.prefix + "f");
    const json anchor = all[0];
    for (int w = 0; w < kWriters; ++w)
        for (int i = 0; i < writes_each; ++i)
            h.records.push_back(all[1 + static_cast<std::size_t>(w * kWritesEach + i)]);
    h.writes.resize(h.records.size());
    send_or_error(ctx, record, json::array({anchor}));
    const std::int64_t start = latest_change(ctx, {read_one(ctx, record, anchor)}, 0);

    RaceClients clients(ctx, 1 + kWriters, record.name);
    std::atomic<int> writing{kWriters}, answered{0};
    clients.run([&](int client, Context& c) {
        if (client == 0) return follow(c, clients.timeline(), h, start, writing, answered);
        struct Ended {  // however the writer ends, the reader must not wait for it
            std::atomic<int>& writing;
            ~Ended() { --writing; }
        } ended{writing};
        for (int i = 0; i < writes_each; ++i) {
            const std::size_t w = static_cast<std::size_t>((client - 1) * writes_each + i);
            auto [id, r] = timed<client::HttpResponse>(
                clients.timeline(), client, "POST sync CliFor [" + key_selection(record, h.records[w]) + "]",
                [&] { return c.sync(kWriter, "CliFor", json::array({h.records[w]})); },
                [](const client::HttpResponse& r) { return status_text(r); });
            h.writes[w] = {id, 0, r.status == 200};
            ++answered;
            std::this_thread::sleep_for(kWriteEvery);
        }
    });
    read_change_times(ctx, record, h);
    h.met = clients.timeline().clients_met();
    h.timeline = clients.timeline().text();
    const Timeline& timeline = clients.timeline();
    for (auto& read : h.reads) {
        read.sent_ms = timeline.event(read.event).sent_ms;
        read.event = timeline.label(read.event);
    }
    for (auto& write : h.writes) {
        write.answered_ms = timeline.event(write.event).answered_ms;
        write.event = timeline.label(write.event);
    }
    return h;
}

/// What `judge` finds in a history: the first broken rule, as expected and actual; nothing when it holds.
using FeedJudge = std::function<std::optional<std::pair<std::string, std::string>>(const FeedHistory&)>;

/// Runs a feed history and judges it; a failing one runs again with fewer writes while it still fails, and is reported
/// with its timeline.
void judge_feed(Context& ctx, const FeedJudge& judge) {
    FeedHistory h = run_feed_history(ctx, kWritesEach);
    auto broken = judge(h);
    if (!broken) {
        if (!h.met) ctx.skip("not judged: the reader's reads and the writers' sends were never in flight at once");
        return;
    }
    int writes = kWritesEach;
    for (int fewer = kWritesEach / 2; fewer >= 1; fewer /= 2) {
        FeedHistory smaller = run_feed_history(ctx, fewer);
        if (auto again = judge(smaller)) {
            h = std::move(smaller);
            broken = std::move(again);
            writes = fewer;
        }
    }
    ctx.finding({.expected = broken->first,
                 .actual = broken->second,
                 .counterexample = "a reader and " + std::to_string(kWriters) + " writers of " +
                                   std::to_string(writes) + " records each:\n" + h.timeline});
}

std::string read_name(const FeedRead& r) { return "read #" + std::to_string(r.event); }
std::string send_name(const FeedWrite& w) { return "send #" + std::to_string(w.event); }

}  // namespace

void feed_lists_what_was_answered(Context& ctx) {
    judge_feed(ctx, [](const FeedHistory& h) -> std::optional<std::pair<std::string, std::string>> {
        for (const auto& read : h.reads) {
            if (!read.whole) continue;
            for (std::size_t w = 0; w < h.writes.size(); ++w) {
                const FeedWrite& write = h.writes[w];
                if (!write.applied || write.answered_ms >= read.sent_ms || write.changed <= read.after ||
                    read.listed[w])
                    continue;
                return std::pair{
                    "a read of GET /api/sync/CliFor lists every record changed after its LastUtcRun "
                    "(000 §4.3) whose send was answered 200 before the read began",
                    read_name(read) + " (LastUtcRun " + last_utc_run_at(read.after) +
                        ", one page) did not list the record of " + send_name(write) +
                        ", answered before it, whose dat_ultvar is " + instant_text(write.changed)};
            }
        }
        return std::nullopt;
    });
}

void feed_reader_sees_every_record(Context& ctx) {
    judge_feed(ctx, [](const FeedHistory& h) -> std::optional<std::pair<std::string, std::string>> {
        for (std::size_t w = 0; w < h.writes.size(); ++w) {
            const FeedWrite& write = h.writes[w];
            if (!write.applied || write.changed == 0 ||  // not read back: SYN and RACE-02 judge that
                std::any_of(h.reads.begin(), h.reads.end(), [&](const FeedRead& r) { return r.listed[w]; }))
                continue;
            // Where a read of several pages might have missed it, nothing is judged (A-123).
            const FeedRead* passed = nullptr;
            bool moved = false;
            for (const auto& read : h.reads) {
                if (read.after < write.changed)
                    moved = moved || !read.whole;
                else if (!passed)
                    passed = &read;
            }
            if (moved) continue;
            return std::pair{
                "a reader that follows the feed, each read after the latest dat_ultvar it saw, sees every "
                "record written meanwhile (A-126: a change time is not earlier than a change committed "
                "before it)",
                "the record of " + send_name(write) + " (dat_ultvar " + instant_text(write.changed) +
                    ") was never listed" +
                    (passed ? ": " + read_name(*passed) + " already read after " + last_utc_run_at(passed->after) +
                                  ", an instant of a row it had seen, and no later read goes back"
                            : "")};
        }
        return std::nullopt;
    });
}

}  // namespace bds::suites

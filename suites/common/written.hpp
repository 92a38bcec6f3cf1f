#pragma once
/// Records a check writes: generated in its key namespace, sent, read back by key, and compared with what the
/// target returns, type-aware (oracle/compare.hpp). Shared by the sync, changes and deletion suites.
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "generate/data_set_gen.hpp"
#include "generate/value_gen.hpp"
#include "oracle/compare.hpp"
#include "run/context.hpp"

namespace bds::suites {

/// How many key slots a property's cases take in turn: case n writes under slot n mod kCaseSlots, and its records'
/// keys are the slot's prefix and their position (under_case_prefix, gen::DataSetOptions::numbered_keys), so that a
/// property writes at most kCaseSlots cases' keys however many cases it runs, and a run of a key pool writes the keys
/// its earlier runs wrote (docs/architecture.md, "Footprint and key pools"). Its blocks hold kCaseSlots consecutive
/// cases at most (BlockProperty::cases_a_block): no two share a key, and each is judged before the next writes.
inline constexpr std::size_t kCaseSlots = 5;
/// The slots of each resource where a property's cases each draw their resource (CasePrefixes::next(resource)): two,
/// so that a run's cases (25 over 13 resources) reach most of them, and the later runs of a key pool add few keys.
inline constexpr std::size_t kResourceSlots = 2;

/// Key prefixes of a property's cases: the check's prefix and the case's slot (kCaseSlots of them in turn). The cases
/// of one block never share a slot; a later block writes a slot's keys again, after the earlier one was judged, with
/// complete records of the same resources (what a header upsert does to its lines is A-117's one behaviour).
class CasePrefixes {
public:
    explicit CasePrefixes(std::string base) : base_(std::move(base)) {}
    std::string next() { return base_ + base36(count_++ % kCaseSlots, 2); }
    /// The next slot of the cases of `resource`, for a property whose cases each draw their resource: each
    /// resource's cases take its kResourceSlots slots in turn (BlockProperty::keys ends a block where one comes
    /// again).
    std::string next(const std::string& resource);

private:
    std::string base_;
    std::size_t count_ = 0;
    std::map<std::string, std::size_t> counts_;
};

/// `block` (records of `record`) with each key that starts with `prefix` (the check's) replaced by `case_prefix` and
/// the record's position in the block (from `first`, base 36), cut to its field's length, each key of stated values
/// (ind_clifor) the position-th of them in turn, lines tied again, and a
/// record whose key another has now left out: the block of one case, whose keys are the same whatever the seed, so
/// that the cases of a slot (CasePrefixes) write the same keys again.
nlohmann::json under_case_prefix(const Record& record, nlohmann::json block, const std::string& prefix,
                                 const std::string& case_prefix, std::size_t first = 0);

/// The keys `records` (one record of `record`, or an array of them) write, each as its resource's name and key
/// compared as a case-insensitive unique index compares them: a case's BlockProperty::keys.
std::vector<std::string> written_keys(const Record& record, const nlohmann::json& records);

/// The resources POST sync is listed for (000 §2.1), in catalogue order.
std::vector<const Record*> writable_records(const Context& ctx);

/// Valid sent records of `record` in the check's namespace; document lines repeat their header's key_documento
/// (000 §2.1), as a sender must send them. Built once per check and record (Context::kept).
rc::Gen<nlohmann::json> sent_gen(Context& ctx, const Record& record);
/// A block of up to `n` records from sent_gen whose keys are distinct under any collation (A-29: duplicate
/// keys in a block are not shown, so checks never send them); at least one.
rc::Gen<nlohmann::json> block_gen(Context& ctx, const Record& record, int n);

/// compare_record, except that nested lists (document lines) compare in any order: their order is not shown
/// . A sent line with no equal returned line, or a count that differs, is one difference.
std::vector<oracle::Difference> written_differences(const Context& ctx, const Record& record,
                                                    const nlohmann::json& sent, const nlohmann::json& returned);

/// Reads `sent`'s record back by its key as `role`: a finding unless exactly one row comes back, with the
/// platform fields Id and ts_update set (000 §2 "not null", platform-managed), and equal to `sent`.
/// Returns the row when there is exactly one.
std::optional<nlohmann::json> expect_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                               const std::string& what, const std::string& role = client::kWriter);

/// How many records of `record` one POST of a check carries: the target's max_block (A-31: "blocks of a few hundred
/// records", 000 §4.4), a quarter of it for records that nest lines (a document's lines travel with it).
std::size_t records_per_post(const Context& ctx, const Record& record);

/// The cases of a block property whose cases are blocks of `record` records, split into rounds in which no two
/// records share a key (oracle::index_key, case-insensitive: A-59), so that a round's records can be sent together
/// without one updating another; positions in `cases`, in order.
std::vector<std::vector<std::size_t>> key_rounds(const Record& record, const std::vector<const nlohmann::json*>& cases);
/// The positions of a round split into POSTs of at most records_per_post records, a case never split.
std::vector<std::vector<std::size_t>> posts(const Context& ctx, const Record& record,
                                            const std::vector<const nlohmann::json*>& cases,
                                            const std::vector<std::size_t>& round);

/// The rows read back for one sent record: those with its key (under any reading: oracle::index_key, case-insensitive),
/// each with its position on the page, and the read that brought them.
struct ReadBack {
    std::vector<std::pair<std::size_t, nlohmann::json>> rows;
    client::Exchange exchange;
};
/// Reads `sent` back by key as `role`, many keys a read (their key selections joined with "or", a page each, the
/// selection short enough for any URL), for each sent record in order its ReadBack.
std::vector<ReadBack> read_back(Context& ctx, const Record& record, const std::vector<const nlohmann::json*>& sent,
                                const std::string& role = client::kWriter);
/// expect_read_back's judgement of rows already read: a finding unless exactly one row has the key, with Id and
/// ts_update set, and equal to `sent`. Returns that row.
std::optional<nlohmann::json> judge_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                              const std::string& what, const ReadBack& back);

/// The first row with `sent`'s key `role` reads, or nothing.
std::optional<nlohmann::json> row_with_key(Context& ctx, const Record& record, const nlohmann::json& sent,
                                           const std::string& role = client::kWriter);
/// In a key pool's runs (Context::key_numbers), the row an earlier run left with `sent`'s key, read before a write
/// that must store nothing (stored); otherwise nothing, unread.
std::optional<nlohmann::json> left_by_earlier_runs(Context& ctx, const Record& record, const nlohmann::json& sent);
/// Whether a row with `sent`'s key is readable by the writer (for "nothing stored"): one that is not `earlier` as it
/// was read before the write (left_by_earlier_runs).
bool stored(Context& ctx, const Record& record, const nlohmann::json& sent,
            const std::optional<nlohmann::json>& earlier = std::nullopt);

/// A LastUtcRun for the change feed after the rows `rows` (as the target returned them): the latest of their
/// dat_ultvar values, rounded up to the millisecond, in the seeds' form "YYYY-MM-DD HH:MM:SS.fff" (000 §4.3).
/// Built from the target's own dat_ultvar, never the harness's clock. Skips the check when a row has no
/// dat_ultvar (it is nullable), throws CheckError when one is not a date-time.
std::string last_utc_run_after(Context& ctx, const Record& record, const std::vector<nlohmann::json>& rows);
/// LastUtcRun at `ticks`, rounded down to the millisecond, in the seeds' form "YYYY-MM-DD HH:MM:SS.fff" (000 §4.3).
std::string last_utc_run_at(std::int64_t ticks);
/// How long after a write the next write of a change-feed check waits, counted from the first write (the reads
/// between count towards it), so that the target's clock has moved past the LastUtcRun built from it.
inline constexpr std::chrono::milliseconds kClockStep{3};
/// The dat_ultvar of a returned row in 100 ns ticks, or nullopt when absent, null or not a date-time.
std::optional<std::int64_t> dat_ultvar_of(const nlohmann::json& row);

/// The row for `sent`'s key when exactly one is readable (a precondition: CheckError otherwise, since reading
/// back is SYN-01's and SYN-02's rule).
nlohmann::json read_one(Context& ctx, const Record& record, const nlohmann::json& sent,
                        const std::string& role = client::kWriter);

/// Sends `block` as the writer; a precondition: CheckError unless it is accepted with 200 (SYN-01 judges that).
void send_or_error(Context& ctx, const Record& record, const nlohmann::json& block);
/// `records` of `record` cut into the blocks of the POSTs that send them: at most records_per_post records each.
std::vector<nlohmann::json> in_posts(const Context& ctx, const Record& record,
                                     const std::vector<nlohmann::json>& records);
/// Sends `records` of `record` as the writer in POSTs of at most records_per_post records, each with send_or_error.
void send_all(Context& ctx, const Record& record, const std::vector<nlohmann::json>& records);
/// The row of each of `sent` read back by key (read_back), a precondition as read_one's is: CheckError unless each
/// has exactly one.
std::vector<nlohmann::json> read_each(Context& ctx, const Record& record,
                                      const std::vector<const nlohmann::json*>& sent);

/// Sends a data set's blocks in dependency order as the writer (empty blocks skipped), each in POSTs of at most
/// records_per_post records, each with send_or_error: the blocks of one dependency level (gen::dependency_levels) at
/// once, a level once the levels before it were sent; a block of a resource no data set holds alone, where it stands.
void send_data_set(Context& ctx, const gen::DataSet& set);
/// The data sets as one: each resource's records together, in the order the sets give them (each set is in
/// dependency order, so the merged one is too).
gen::DataSet merged(const std::vector<const gen::DataSet*>& sets);
/// Data set options for this check: its key prefix and the target's decimal scale (gen_options), sizes as given.
gen::DataSetOptions data_set_options(const Context& ctx);
/// The records of `resource` in `set` (none when it has no block of it).
const std::vector<nlohmann::json>& records_in(const gen::DataSet& set, const std::string& resource);

}  // namespace bds::suites

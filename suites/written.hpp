#pragma once
/// Records a check writes: generated in its key namespace, sent, read back by key, and compared with what the
/// target returns, type-aware (oracle/compare.hpp). Shared by the sync, changes and deletion suites.
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generate/data_set_gen.hpp"
#include "generate/value_gen.hpp"
#include "oracle/compare.hpp"
#include "run/context.hpp"

namespace bds::suites {

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
std::vector<oracle::Difference> written_differences(const Context& ctx, const Record& record, const nlohmann::json& sent,
                                                    const nlohmann::json& returned);

/// Reads `sent`'s record back by its key as `role`: a finding unless exactly one row comes back, with the
/// platform fields Id and ts_update set (000 §2 "not null", platform-managed), and equal to `sent`.
/// Returns the row when there is exactly one.
std::optional<nlohmann::json> expect_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                               const std::string& what, const std::string& role = client::kWriter);

/// Whether any row with `sent`'s key is readable by `role` (for "nothing stored").
bool stored(Context& ctx, const Record& record, const nlohmann::json& sent, const std::string& role = client::kWriter);

/// A LastUtcRun for the change feed after the rows `rows` (as the target returned them): the latest of their
/// dat_ultvar values, rounded up to the millisecond, in the seeds' form "YYYY-MM-DD HH:MM:SS.fff" (000 §4.3).
/// Built from the target's own dat_ultvar, never the harness's clock. Skips the check when a row has no
/// dat_ultvar (it is nullable), throws CheckError when one is not a date-time.
std::string last_utc_run_after(Context& ctx, const Record& record, const std::vector<nlohmann::json>& rows);
/// How long after a write the next write of a change-feed check waits, counted from the first write (the reads
/// between count towards it), so that the target's clock has moved past the LastUtcRun built from it.
inline constexpr std::chrono::milliseconds kClockStep{3};
/// The dat_ultvar of a returned row in 100 ns ticks, or nullopt when absent, null or not a date-time.
std::optional<std::int64_t> dat_ultvar_of(const nlohmann::json& row);

/// The row for `sent`'s key when exactly one is readable (a precondition: CheckError otherwise, since reading
/// back is SYN-01's and SYN-02's rule).
nlohmann::json read_one(Context& ctx, const Record& record, const nlohmann::json& sent, const std::string& role = client::kWriter);

/// Sends `block` as the writer; a precondition: CheckError unless it is accepted with 200 (SYN-01 judges that).
void send_or_error(Context& ctx, const Record& record, const nlohmann::json& block);
/// Sends a data set's blocks in dependency order as the writer (empty blocks skipped), each with send_or_error.
void send_data_set(Context& ctx, const gen::DataSet& set);
/// Data set options for this check: its key prefix and the target's decimal scale (gen_options), sizes as given.
gen::DataSetOptions data_set_options(const Context& ctx);
/// The records of `resource` in `set` (none when it has no block of it).
const std::vector<nlohmann::json>& records_in(const gen::DataSet& set, const std::string& resource);

}  // namespace bds::suites

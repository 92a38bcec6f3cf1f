#pragma once
/// What many checks share: status expectations, RecordSelection texts in the seeds' own shape, reading
/// every page, and records generated in the check's key namespace.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "generate/show.hpp"
#include "generate/value_gen.hpp"
#include "oracle/compare.hpp"
#include "run/context.hpp"
#include "schema/json_value.hpp"

namespace bds::suites {

using nlohmann::json;

/// Document headers, and the lines nested in them (000 §2.2).
inline constexpr const char* kHeader = "StoricoDocumentiT";
inline constexpr const char* kLines = "StoricoDocumentiR";

/// Why a check that needs POST query skips without the target file's query template.
inline constexpr const char* kNoQueryTemplate =
    "the target file gives no POST query template (the body shape is not shown, A-41): add \"query\", the body of POST "
    "/api/resources/MCPClienti/query with \"$RecordSelection\", \"$PageSize\", \"$PageNumber\" where the values go "
    "(docs/command-line.md, the target file), to run it";

/// "status 200", or "no answer (…)" when none came: for messages.
std::string status_text(const client::HttpResponse& r);

/// What a response's body is, in a few words: "no body", "text \"OK\"", "a JSON object {error, message}", "a JSON
/// array of 2" (nested objects shown one level deep), for observations of what the seeds leave open.
std::string body_shape(const client::HttpResponse& r);

/// Records a finding unless `r` has status `expected`. Returns whether it had.
bool expect_status(Context& ctx, const client::HttpResponse& r, int expected, const std::string& what);
/// Records a finding if `r` is a 2xx (the request had to be refused). Returns whether it was refused.
bool expect_refused(Context& ctx, const client::HttpResponse& r, const std::string& what);

/// A list read the harness composed (its own records, by key or marker) answered 200. A 4xx other than 401 and 403 to
/// it is an error of that read (the target refused the forms the harness spelled it in, in every form it tried: A-114),
/// never a finding; any other status is a finding (000 §4.1 Response 200). Returns whether it was 200.
bool expect_own_read(Context& ctx, const client::ListResult& r, const std::string& what);

/// A text literal: '…' with quotes doubled, or N'…' when the text has characters outside Windows-1252 (SQL
/// Server reads plain quotes in its code page; N'…' is also SQL-92's national character literal).
std::string sql_text(const std::string& text);
/// T-SQL's Unicode literal N'…', quotes doubled.
std::string sql_ntext(const std::string& text);
/// A literal for a field's value: unquoted numbers, quoted text and date-times, 1/0 for bits.
std::string sql_literal(const Field& field, const json& value);
/// "f1 = 'v1' and f2 = 3": the seeds' own RecordSelection shape (000 §4.1) for the fields' values in `row`.
std::string equals_selection(const Record& record, const json& row, const std::vector<std::string>& fields);
/// equals_selection over the record's key (the tenant aside).
std::string key_selection(const Record& record, const json& row);
/// "CliFor/…": the record `row` writes, as one under any collation (StagedCase::keys).
std::string written_key(const Record& record, const json& row);

/// A block's cases grouped by resource (each case's `record`), in the order of `resources`, for parts_at_once.
struct ByResource {
    std::vector<const Record*> records;               ///< the resources with cases
    std::vector<std::vector<std::size_t>> positions;  ///< the positions of each one's cases in the block
};
template <class Case>
ByResource by_resource(const std::vector<const Record*>& resources, const std::vector<const Case*>& cases,
                       bool (*keep)(const Case&) = nullptr) {
    ByResource out;
    for (const Record* record : resources) {
        std::vector<std::size_t> mine;
        for (std::size_t p = 0; p < cases.size(); ++p)
            if (cases[p]->record == record && (!keep || keep(*cases[p]))) mine.push_back(p);
        if (mine.empty()) continue;
        out.records.push_back(record);
        out.positions.push_back(std::move(mine));
    }
    return out;
}

/// A text field that can carry a marker: not a key, not managed, no allowed values, nvarchar of at least
/// 20 units. Checks set it to one text in all their records to select exactly them with `field = '…'`.
const Field* marker_field(const Record& record);
/// "bdsc <prefix> <purpose>": the marker of this check's records (in a key pool's runs, Context::marker_prefix in place
/// of the prefix).
std::string marker(const Context& ctx, const std::string& purpose);

/// The most bytes of answers one read of all pages (read_all, read_feed) takes in, beside the rows it keeps
/// (max_rows_read, a target setting). Rows held as JSON trees take several times their text, and several checks read
/// at once: a target answering full pages of large rows forever must not fill the run's memory. The stub's largest
/// such read, a resource of a few thousand rows, is a few MB.
inline constexpr std::size_t kMaxBytesOfOneRead = 8u << 20;

/// Every row matching `selection`, paged with the run's page size (lowered when the target serves less:
/// A-08, A-81). CheckError if a page cannot be read or the pages never end, and "the list is larger than the run
/// reads" past max_rows_read rows or kMaxBytesOfOneRead bytes: an error, never a failure (a list that large may be
/// real, or a broken server's; the harness cannot judge a list it does not hold whole).
std::vector<json> read_all(Context& ctx, const std::string& role, const std::string& resource,
                           const std::optional<std::string>& selection);

/// Every row of the change feed of `resource` after `last_utc_run` (GET sync), paged like read_all, with the resource
/// held still (client::WriteGate): the run's other writers wait, so that no row moves between its pages. Other runs and
/// clients are not held: a check that judges a record of its own missing or there twice reads it with
/// read_settled_feed (settled_read.hpp).
std::vector<json> read_feed(Context& ctx, const std::string& role, const std::string& resource,
                            const std::string& last_utc_run);

/// A read of every page as it came: its rows page after page, the PageSize its pages were read with (the one it
/// settled on: ), and the rows each page held.
struct PagedRows {
    std::vector<json> rows;
    long long page_size = 0;
    std::vector<std::size_t> counts;  ///< the rows of page 1, 2, … in turn
};

/// read_feed, with its pages.
PagedRows read_feed_pages(Context& ctx, const std::string& role, const std::string& resource,
                          const std::string& last_utc_run);

/// read_feed_pages without holding the resource still: the feed as a reader sees it while the run's writers write
/// (RACE-03, RACE-04: a read of more than one page may then repeat or skip rows).
PagedRows read_feed_as_it_moves(Context& ctx, const std::string& role, const std::string& resource,
                                const std::string& last_utc_run);

/// The longest RecordSelection the harness's own reads send (URLs of a few kB pass everywhere: read_back, BatchedReads)
/// and the most keys or selections one of them joins with "or". LIM-01 reads its records with one as long.
inline constexpr std::size_t kMaxOwnSelection = 1500;
inline constexpr std::size_t kMostOwnSelections = 25;

/// The page size of this run's reads (the PageSize of a read that expects every row on one page).
long long page_size(Context& ctx);

/// The SQL profile records are generated and compared within: the target's decimal precision and scale.
SqlProfile sent_profile(const Context& ctx);
/// The profile returned records are validated with: SQL Server's widest decimal (38) at the target's scale.
SqlProfile returned_profile(const Context& ctx);
/// Generator options for this check: its key prefix, the target's decimal profile, active records only.
gen::RecordGenOptions gen_options(const Context& ctx);
/// Comparison options for the target (its decimal scale).
oracle::CompareOptions compare_options(const Context& ctx);

/// The rows `role` reads with `record`'s key selection for the key of `row` (a record or its key fields).
std::vector<json> read_by_key(Context& ctx, const std::string& role, const Record& record, const json& row);

/// `n` valid sent records of `record` from the generators, keys in the check's namespace, drawn from the
/// check's seed and `salt` (outside a property: the same every run with that seed), each with the fields of `fixed`
/// set. Keys are distinct even under a case-insensitive comparison, `fixed` included.
std::vector<json> sample_records(const Context& ctx, const Record& record, int n, std::uint64_t salt,
                                 const json& fixed = json::object());

/// The catalogue record `name`; CheckError if the catalogue lacks it.
const Record& record_of(const Context& ctx, const std::string& name);

}  // namespace bds::suites

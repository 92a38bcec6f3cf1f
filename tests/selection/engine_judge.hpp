#pragma once
// Real engines as independent judges of the RecordSelection oracle (src/oracle/readings.hpp): rows stored in every
// storage a correct server may use (engine_sql.hpp), each engine asked which rows a condition selects, and the
// oracle's MUST answer about each row as that engine read it back held to the engine's. Where the oracle claims an
// answer (every reading agrees), every engine must give it; where engines differ, the oracle must say Depends
// (spec/assumptions.md A-98..A-104, A-108). A disagreement found becomes a case of engine_regressions.json.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "oracle/readings.hpp"
#include "selection/engine_sql.hpp"
#include "selection/selection.hpp"

namespace bds::testing {

/// What one storage answered: its rows as read back, and the indexes of those the condition selected.
struct StorageAnswer {
    Storage storage;
    std::vector<nlohmann::json> rows;
    std::set<std::size_t> selected;
};

/// A row whose membership the oracle decided otherwise than the engine did.
struct Disagreement {
    Storage storage;
    std::size_t row;
    oracle::Membership oracle;
    bool engine_selected;
};

/// The oracle held to the engines on one condition.
struct Judgement {
    std::vector<Disagreement> disagreements;
    std::size_t pairs = 0;    ///< (storage, row) pairs judged
    std::size_t decided = 0;  ///< ... of which the oracle decided (Selected or NotSelected, not Depends)
};

/// For each storage and each row R it read back: membership(selection, R, readings) must be Depends or what the engine
/// answered. `readings`: readings_for(selection, collation), or anything else to test the test.
Judgement judge(const Selection& selection, const std::vector<StorageAnswer>& answers,
                const std::vector<Reading>& readings);

/// The storages a server whose collation is `collation` (unset: undeclared, A-17) may use: NOCASE only where the
/// collation may be case-insensitive.
std::vector<Storage> storages_for(std::optional<Collation> collation);

/// One table of rows, stored in several storages, asked many conditions.
class StoredRows {
public:
    /// Throws std::runtime_error when an engine refuses the rows.
    StoredRows(const Record& record, const std::vector<nlohmann::json>& rows, const std::vector<Storage>& storages,
               const EngineConnections& connections);
    /// Every storage's answer to `where`; std::runtime_error naming the storage when an engine refuses it.
    std::vector<StorageAnswer> ask(const std::string& where) const;

private:
    std::vector<std::unique_ptr<EngineTable>> tables_;
    std::vector<StorageAnswer> read_back_;
};

/// A case of engine_regressions.json: {"why", "collation" ("undeclared", "case-sensitive", "case-insensitive"), "rows"
/// (as sent), "condition" (the text every engine and the oracle read), "answers" ({storage name: [selected row
/// indexes]})}.
nlohmann::json regression_case(const std::string& why, std::optional<Collation> collation,
                               const std::vector<nlohmann::json>& rows, const std::string& condition,
                               const std::vector<StorageAnswer>& answers);
/// The collation of a case's "collation".
std::optional<Collation> case_collation(const nlohmann::json& regression_case);

/// A failure message: the condition, the rows as sent, each storage's read-back rows and answer, the disagreements,
/// and the regression case to keep.
std::string describe(const std::string& condition, std::optional<Collation> collation,
                     const std::vector<nlohmann::json>& rows, const std::vector<StorageAnswer>& answers,
                     const Judgement& judgement);

}  // namespace bds::testing

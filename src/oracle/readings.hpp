#pragma once
/// The RecordSelection oracle over every reading a correct server may have: each real engine's, with its variants
/// and its data layer's storage choices (engine_profiles.hpp). What it must answer is only what every such reading
/// agrees on. A row whose membership depends on the reading (`x NOT LIKE ''` on an nchar(1) value stored "" by one
/// server and " " by another) is never a MUST finding; the target's answers about such rows are evidence of which
/// engine it has, reported as an observation.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "selection/selection.hpp"

namespace bds::oracle {

/// The readings that may give `selection` different answers: the engine profiles' (with their storage choices)
/// fitting `collation`, the target's declared one (A-17; unset, every profile), each once as far as the points the
/// condition touches (its traits) tell them apart, SQL Server's first.
std::vector<Reading> readings_for(const Selection& selection, std::optional<Collation> collation);

/// Whether every reading selects a row, none does, or it depends.
enum class Membership { Selected, NotSelected, Depends };

/// The membership of `row` under `readings` (readings_for's). Throws SelectionError for a row it cannot evaluate.
Membership membership(const Selection& selection, const nlohmann::json& row, const std::vector<Reading>& readings);

struct EngineProfile;

/// Which engines a target's answers about rows of dependent membership fit.
class ReadingEvidence {
public:
    explicit ReadingEvidence(std::optional<Collation> collation);
    /// The target returned `row` for `selection` (`returned`), or did not. Throws SelectionError as membership().
    void note(const Selection& selection, const nlohmann::json& row, bool returned);
    /// How many answers were noted.
    std::size_t answers() const { return answers_; }
    /// The engine families the answers fit, in one line: "SQLite (BINARY, LIKE folding ASCII) or PostgreSQL" (a
    /// family's variants named when a few of them fit), "any of SQL Server, PostgreSQL, SQLite, MariaDB/MySQL" when
    /// the answers told none apart, or "none of SQL Server, ...".
    std::string families() const;
    /// What the answers say: "31 rows; the answers fit " and families(), then the points they told, e.g. "; trailing
    /// blanks in =: significant; accents: ignored".
    std::string summary() const;

private:
    std::vector<Reading> candidates_;             ///< every engine variant under every storage choice
    std::vector<const EngineProfile*> profiles_;  ///< the engine variant of each candidate
    std::vector<bool> possible_;
    std::size_t answers_ = 0;
};

}  // namespace bds::oracle

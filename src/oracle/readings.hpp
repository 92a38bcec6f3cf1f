#pragma once
/// The RecordSelection oracle over every reading a correct server may have (selection/reading.hpp): what it
/// must answer is only what every reading agrees on. A row whose membership depends on the reading (`x NOT LIKE
/// ''` on an nchar(1) value stored "" by one server and " " by another) is never a MUST finding; the target's
/// answers about such rows are evidence of which reading it has, reported as an observation.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "selection/selection.hpp"

namespace bds::oracle {

/// The readings that may give `selection` different answers: every combination of the points it touches (its
/// traits), SQL Server's reading first. `collation`: the target's declared collation; unset, both.
std::vector<Reading> readings_for(const Selection& selection, std::optional<Collation> collation);

/// Whether every reading selects a row, none does, or it depends.
enum class Membership { Selected, NotSelected, Depends };

/// The membership of `row` under `readings` (readings_for's). Throws SelectionError for a row it cannot evaluate.
Membership membership(const Selection& selection, const nlohmann::json& row, const std::vector<Reading>& readings);

/// Which readings a target's answers about rows of dependent membership fit.
class ReadingEvidence {
public:
    explicit ReadingEvidence(std::optional<Collation> collation);
    /// The target returned `row` for `selection` (`returned`), or did not. Throws SelectionError as membership().
    void note(const Selection& selection, const nlohmann::json& row, bool returned);
    /// How many answers were noted.
    std::size_t answers() const { return answers_; }
    /// What the answers say, e.g. "31 rows; the answers fit trailing blanks in =: significant; accents: ignored", "31
    /// rows; the answers fit every reading", or that no one reading explains them all.
    std::string summary() const;

private:
    std::vector<Reading> candidates_;
    std::vector<bool> possible_;
    std::size_t answers_ = 0;
};

}  // namespace bds::oracle

#pragma once
/// The requirement map (`conformance coverage`): each statement of the seeds (spec/requirements.json) with the checks
/// that verify it, the assumption rows that interpret it, the stub and connector defects that break it (and so
/// prove its checks in the kill matrices), or the written reason it is not judged, or judged but broken by no defect
/// (spec/untested.json).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/requirements.hpp"
#include "catalogue/service_matrix.hpp"
#include "check/check.hpp"

namespace bds::coverage {

/// How a statement is held, strongest first: by a MUST or SHOULD check (judged), by OBSERVE checks only (observed),
/// by an assumption row only (interpreted), by a written reason (reasoned), or by nothing (untraced).
enum class Status { Judged, Observed, Interpreted, Reasoned, Untraced };
std::string_view to_string(Status status);

/// A check that verifies a statement: a server check (suites/) or a connector check (CON-…).
struct CheckRef {
    std::string id;
    Level level = Level::Must;
};

/// One statement and what holds it.
struct Entry {
    Requirement statement;
    std::vector<CheckRef> checks;          ///< in table order
    std::vector<std::string> assumptions;  ///< "A-44"
    std::vector<std::string> defects;      ///< "stub:page-number-from-zero", "connector:no-bearer"
    std::string reason;                    ///< why it is not judged (spec/untested.json "untested")
    std::string unproved_reason;           ///< why no defect breaks it (spec/untested.json "unproved")
    Status status = Status::Untraced;
    std::optional<Level> level;  ///< the strongest level of its checks
    /// Judged and broken by a defect: the kill matrix proves a check of it catches that defect.
    bool proved() const { return status == Status::Judged && !defects.empty(); }
    /// A stated rule (not a "not shown" point) judged, broken by no defect, with no written reason.
    bool unproved() const {
        return status == Status::Judged && statement.kind != RequirementKind::NotShown && defects.empty() &&
               unproved_reason.empty();
    }
};

/// The map and what is wrong with its sources (an unknown id named by a check, an assumption, a defect or a reason;
/// a reason for a statement a check verifies).
struct Matrix {
    std::vector<Entry> entries;
    std::vector<std::string> problems;
    /// The service matrix the map was built with (Sources::endpoints, Sources::rules), for its reports.
    std::vector<MatrixEndpoint> endpoints;
    std::vector<MatrixRule> rules;

    /// Statements with this status.
    std::size_t count(Status status) const;
    /// Stated rules judged with no defect that breaks them and no written reason (Entry::unproved).
    std::size_t unproved() const;
    /// Every statement is traced (none untraced), every stated rule judged is proved or says why not, and the
    /// sources name only known statements.
    bool complete() const { return count(Status::Untraced) == 0 && unproved() == 0 && problems.empty(); }
};

/// What the map is built from: the statements, and who names them.
struct Sources {
    struct Named {
        std::string who;  ///< a check id, an assumption row id, or a defect ("stub:name")
        std::vector<std::string> ids;
        Level level = Level::Must;  ///< for checks
    };
    std::vector<Requirement> statements;
    std::vector<Named> checks, assumptions, defects;
    std::vector<std::pair<std::string, std::string>> reasons;   ///< statement id, why it is not judged
    std::vector<std::pair<std::string, std::string>> unproved;  ///< statement id, why no defect breaks it
    /// The service matrix's endpoints and rules (catalogue/service_matrix.hpp): each cell must name checks of
    /// `checks` that verify one of its rule's statements, or say why it does not apply.
    std::vector<MatrixEndpoint> endpoints;
    std::vector<MatrixRule> rules;
};

/// The map of `sources`; its problems include each cell of the service matrix that is missing, names an unknown check
/// or one that verifies none of its rule's statements, neither names a check nor says why it does not apply, or is
/// judged and names no stub defect that breaks one of the rule's statements (or names one where it does not apply).
Matrix build(const Sources& sources);

/// The sources compiled into this program: the requirements, every server and connector check, spec/assumptions.md,
/// the stub's and the sample connector's defects, spec/untested.json.
Sources builtin_sources();

/// Reads one list of spec/untested.json ({"untested": [{"id", "reason"}], "unproved": [{"id", "reason"}]});
/// std::runtime_error naming the entry at fault.
std::vector<std::pair<std::string, std::string>> reasons_from_text(std::string_view json_text,
                                                                   const char* list = "untested");

/// "a, b" → {"a", "b"}.
std::vector<std::string> split_ids(std::string_view joined);

}  // namespace bds::coverage

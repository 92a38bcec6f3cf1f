#pragma once
/// Defects the stub can be set to (`conformance stub --defect NAME`, `conformance run --stub-defect NAME`): each
/// breaks exactly one rule of the seeds the way real servers do, leaving every other behaviour faithful. They
/// measure the harness: `conformance selfcheck` runs every suite against each and writes the kill matrix.
/// A defect is one row of the table (defect_table.cpp: its name, what it breaks, its class) and its class, a Policy
/// (policy.hpp) that answers one or a few of the reference path's questions otherwise (defects/*.hpp, by area).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stub/variation/policy.hpp"

namespace bds::stub {

struct DefectInfo;

/// The defect a stub is set to (StubOptions::defect): a row of defects(), or None, the faithful stub. A handle to its
/// row, compared by identity; info() reads the row.
class Defect {
public:
    /// No defect: the reference service.
    static const Defect None;
    constexpr Defect() = default;
    /// The defect named `name`; std::invalid_argument when no defect has that name (defect_from_name says nullopt).
    static Defect named(std::string_view name);
    friend bool operator==(Defect, Defect) = default;

private:
    constexpr explicit Defect(const DefectInfo* row) : row_(row) {}
    friend std::optional<Defect> defect_from_name(std::string_view name);
    friend const DefectInfo& info(Defect defect);
    const DefectInfo* row_ = nullptr;  // nullptr: None
};
inline const Defect Defect::None{};

/// One defect: its stable name (kebab-case, e.g. "reads-without-token"), the area of the seeds it breaks
/// ("auth", "access", "pagination", "filters", "sync", "lines", "changes", "deletion", "views", "query",
/// "tenancy", "validation"), the rule it breaks (a seed reference), and what the stub then does.
struct DefectInfo {
    /// Its class, made (the table's `make<Class>`): the Policy that answers as the defect does.
    std::unique_ptr<Policy> (*make)();
    std::string_view name;
    std::string_view area;
    std::string_view rule;
    /// The statements of the seeds it breaks (spec/requirements.json ids, joined by ", "): a check verifying one of
    /// them must catch it (the kill matrix), and `conformance coverage` counts them proved.
    std::string_view breaks;
    std::string_view description;
    /// The level of the rule it breaks: "MUST", or "SHOULD" where the seeds only recommend (a refused block
    /// storing part of itself, A-25; a 5xx for bad input, A-46; refusing a record without a required non-key
    /// field, A-76). A SHOULD defect is caught by a SHOULD check too.
    std::string_view level = "MUST";
    /// Choices without which the defect cannot show (`conformance stub --choose` form), e.g. a server that takes
    /// the tenant from the body does not also refuse customer_ID in it: applied over random choices.
    std::string_view requires_choices = "";
};

/// Every defect (None excluded), in a stable order: a new one goes last, so that the others keep their place (selfcheck
/// draws the choices a defect runs under from it).
const std::vector<DefectInfo>& defects();

/// The defect named `name`, or nullopt.
std::optional<Defect> defect_from_name(std::string_view name);

/// The info of `defect` (None included, named "none").
const DefectInfo& info(Defect defect);

/// The policy of `defect`: its class, or the reference's (None, the faithful stub).
std::unique_ptr<Policy> make_policy(Defect defect);

}  // namespace bds::stub

// Behaviour changes grouped by cause (run_diff_groups.hpp). The order is fixed by the groups' contents alone, so one
// pair of reports always reads the same.
#include "report/run_diff_groups.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "report/observation_shape.hpp"
#include "report/reporters.hpp"
#include "report/run_diff.hpp"

namespace bds::report {
namespace {

using Kind = ObservationGroup::Kind;

Kind kind_of(const ObservationChange& c) {
    if (c.before.empty()) return Kind::New;
    if (c.after.empty()) return Kind::Gone;
    return value_change(c.before, c.after) ? Kind::Value : Kind::Reworded;
}

/// "A-84" → 84; not a row → a number past every row.
long row_number(const std::string& id) {
    try {
        return std::stol(id.substr(2));
    } catch (const std::exception&) {
        return 1L << 30;
    }
}

bool by_row(const std::string& a, const std::string& b) {
    return std::make_pair(row_number(a), a) < std::make_pair(row_number(b), b);
}

/// What makes two changes one group: the change of a pair (its values', or its words'); else the kind with the cited
/// rows (with no row, the check).
std::string group_key(const ObservationChange& c, Kind kind) {
    if (!c.change.empty()) return std::string(to_string(kind)) + "\n" + c.change;
    std::string key = std::string(to_string(kind)) + "\n";
    for (const auto& id : c.assumptions) key += id + ",";
    return c.assumptions.empty() ? key + "\n" + c.id : key;
}

template <class T>
void add_once(std::vector<T>& into, const T& value) {
    if (std::find(into.begin(), into.end(), value) == into.end()) into.push_back(value);
}

/// The sort key of a group (smaller first).
auto order_of(const ObservationGroup& g) {
    const long first_row = g.assumptions.empty() ? 1L << 31 : row_number(g.assumptions.front());
    const bool paired = g.kind == Kind::Value || g.kind == Kind::Reworded;
    return std::make_tuple(paired ? 0 : 1, paired ? -static_cast<long>(g.members.size()) : first_row,
                           g.kind == Kind::Value ? 0 : 1, g.change, std::string(to_string(g.kind)), g.assumptions,
                           g.checks, g.members);
}

/// A long change with each side cut, so that the counts and checks after it stay on a line.
std::string short_change(const std::string& change) {
    constexpr std::size_t kSide = 28;
    const auto arrow = change.find(" → ");
    if (change.size() <= 80 || arrow == std::string::npos) return change;
    return shorten(change.substr(0, arrow), kSide) + " → " + shorten(change.substr(arrow + 5), kSide);
}

std::string plural(std::size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

}  // namespace

const char* to_string(Kind kind) {
    switch (kind) {
        case Kind::Value: return "value";
        case Kind::Reworded: return "reworded";
        case Kind::Gone: return "gone";
        case Kind::New: return "new";
    }
    return "value";
}

std::vector<ObservationGroup> group_observations(const std::vector<ObservationChange>& changes) {
    std::vector<ObservationGroup> groups;
    std::map<std::string, std::size_t> by_key;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto& c = changes[i];
        const Kind kind = kind_of(c);
        const auto [at, added] = by_key.emplace(group_key(c, kind), groups.size());
        if (added) groups.push_back({.kind = kind, .change = c.change, .assumptions = {}, .checks = {}, .members = {}});
        auto& g = groups[at->second];
        g.members.push_back(i);
        add_once(g.checks, c.id);
        for (const auto& id : c.assumptions) add_once(g.assumptions, id);
    }
    for (auto& g : groups) std::sort(g.assumptions.begin(), g.assumptions.end(), by_row);
    std::sort(groups.begin(), groups.end(),
              [](const ObservationGroup& a, const ObservationGroup& b) { return order_of(a) < order_of(b); });
    return groups;
}

std::string group_summary(const ObservationGroup& group, std::size_t max_checks, std::size_t max_rows) {
    std::string out = group.change.empty() ? to_string(group.kind) : short_change(group.change);
    out += " in " + plural(group.members.size(), "observation") + " of " + plural(group.checks.size(), "check");
    std::string rows;
    for (std::size_t i = 0; i < group.assumptions.size() && i < max_rows; ++i)
        rows += (i ? ", " : "") + group.assumptions[i];
    if (group.assumptions.size() > max_rows)
        rows += ", +" + std::to_string(group.assumptions.size() - max_rows) + " more";
    out += " (" + (rows.empty() ? std::string("no assumption row") : rows) + "): ";
    for (std::size_t i = 0; i < group.checks.size() && i < max_checks; ++i) out += (i ? ", " : "") + group.checks[i];
    if (group.checks.size() > max_checks) out += ", …";
    return out;
}

}  // namespace bds::report

// The RecordSelection oracle over the engine profiles (engine_profiles.hpp).
#include "oracle/readings.hpp"

#include <algorithm>

#include "oracle/engine_profiles.hpp"

namespace bds::oracle {
namespace {

using json = nlohmann::json;
using Traits = Selection::Traits;

/// How many fitting variants of a family the evidence names.
constexpr std::size_t kNamedVariants = 3;

/// One point where readings differ, for the evidence's detail: its values (SQL Server's first).
struct Dimension {
    const char* name;
    std::vector<const char*> values;
    std::size_t (*get)(const Reading&);
};

const std::vector<Dimension>& dimensions() {
    using R = Reading;
    static const std::vector<Dimension> kDimensions = {
        {"text compared",
         {"case-insensitively", "case-sensitively"},
         [](const R& r) -> std::size_t { return r.collation == Collation::CaseSensitive; }},
        {"case folded for",
         {"Latin, Greek and Cyrillic letters", "ASCII letters only"},
         [](const R& r) -> std::size_t {
             return r.collation == Collation::CaseInsensitive && r.folding == sql::CaseFolding::Ascii;
         }},
        {"accents", {"significant", "ignored"}, [](const R& r) -> std::size_t { return r.ignore_accents; }},
        {"char(n)/nchar(n) values",
         {"padded to n", "compared as read"},
         [](const R& r) -> std::size_t { return !r.pad_fixed; }},
        {"trailing blanks in =",
         {"ignored", "significant", "ignored where PostgreSQL compares as char(n)"},
         [](const R& r) -> std::size_t { return r.postgres_char ? 2 : !r.equality_ignores_trailing_blanks; }},
        {"trailing blanks in LIKE",
         {"as SQL Server (significant but for varchar with '...')", "significant", "trimmed"},
         [](const R& r) { return static_cast<std::size_t>(r.like_blanks); }},
        {"case in LIKE",
         {"as in =", "ASCII letters folded whatever = does (SQLite's LIKE)", "counted whatever = does"},
         [](const R& r) { return static_cast<std::size_t>(r.like_case); }},
        {"a literal ''", {"an empty text", "NULL"}, [](const R& r) -> std::size_t { return r.empty_text_is_null; }},
        {"float(n<=24)", {"a 4-byte real", "a double"}, [](const R& r) -> std::size_t { return r.float_as_double; }},
    };
    return kDimensions;
}

/// `r` with the points `traits` do not touch at SQL Server's (collation: `declared`'s), so that readings the condition
/// cannot tell apart are one.
Reading projected(Reading r, const Traits& traits, std::optional<Collation> declared) {
    const Reading base = Reading::sql_server(declared.value_or(Collation::CaseInsensitive));
    if (!traits.text) {
        r.collation = base.collation;
        r.folding = base.folding;
        r.ignore_accents = base.ignore_accents;
        r.equality_ignores_trailing_blanks = base.equality_ignores_trailing_blanks;
    }
    if (!traits.fixed_text) {
        r.pad_fixed = base.pad_fixed;
        r.postgres_char = false;  // without a char(n) column PostgreSQL's comparisons count blanks: its = says so
    }
    if (!traits.like) {
        r.like_blanks = base.like_blanks;
        r.like_case = base.like_case;
    }
    if (!traits.empty_text) r.empty_text_is_null = false;
    if (!traits.single_float) r.float_as_double = false;
    return canonical(r);
}

/// "A or B or C".
std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string out;
    for (const auto& p : parts) out.append(out.empty() ? "" : separator).append(p);
    return out;
}

}  // namespace

std::vector<Reading> readings_for(const Selection& selection, std::optional<Collation> collation) {
    const Traits traits = selection.traits();
    std::vector<Reading> out;
    for (const auto& p : engine_profiles()) {
        if (!fits_collation(p, collation)) continue;
        for (const Reading& r : with_storage(p.reading)) {
            const Reading x = projected(r, traits, collation);
            if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
        }
    }
    return out;
}

Membership membership(const Selection& selection, const json& row, const std::vector<Reading>& readings) {
    bool some = false, all = true;
    for (const Reading& r : readings) {
        const bool m = selection.matches(row, r);
        some = some || m;
        all = all && m;
    }
    return all ? Membership::Selected : some ? Membership::Depends : Membership::NotSelected;
}

ReadingEvidence::ReadingEvidence(std::optional<Collation> collation) {
    for (const auto& p : engine_profiles())
        if (fits_collation(p, collation))
            for (const Reading& r : with_storage(p.reading)) {
                candidates_.push_back(r);
                profiles_.push_back(&p);
            }
    possible_.assign(candidates_.size(), true);
}

void ReadingEvidence::note(const Selection& selection, const json& row, bool returned) {
    ++answers_;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (possible_[i] && selection.matches(row, candidates_[i]) != returned) possible_[i] = false;
}

std::string ReadingEvidence::families() const {
    std::vector<std::string> fit, all;
    bool whole = true;  // every variant of every family fits
    for (const std::string& family : engine_families()) {
        std::vector<std::string> variants, fitting;
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
            if (profiles_[i]->family != family) continue;
            const std::string& v = profiles_[i]->variant;
            if (std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(v);
            if (possible_[i] && std::find(fitting.begin(), fitting.end(), v) == fitting.end()) fitting.push_back(v);
        }
        if (variants.empty()) continue;
        all.push_back(family);
        whole = whole && fitting.size() == variants.size();
        if (fitting.empty()) continue;
        // A few variants are named; many say little beyond the family.
        const bool named = fitting.size() < variants.size() && fitting.size() <= kNamedVariants;
        fit.push_back(named ? family + " (" + joined(fitting, "; ") + ")" : family);
    }
    if (fit.empty()) return "none of " + joined(all, ", ");
    return whole ? "any of " + joined(all, ", ") : joined(fit, " or ");
}

std::string ReadingEvidence::summary() const {
    const std::string head = std::to_string(answers_) + " rows; the answers fit " + families();
    if (std::none_of(possible_.begin(), possible_.end(), [](bool p) { return p; }))
        return head + " (each answer was allowed: none is a MUST finding)";
    std::string fits;
    for (const Dimension& dim : dimensions()) {
        std::vector<bool> seen(dim.values.size(), false), kept(dim.values.size(), false);
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
            seen[dim.get(candidates_[i])] = true;
            if (possible_[i]) kept[dim.get(candidates_[i])] = true;
        }
        if (kept == seen) continue;  // the answers did not tell
        std::vector<std::string> values;
        for (std::size_t v = 0; v < kept.size(); ++v)
            if (kept[v]) values.emplace_back(dim.values[v]);
        fits.append("; ").append(dim.name).append(": ").append(joined(values, " or "));
    }
    return head + fits;
}

}  // namespace bds::oracle

#include "oracle/readings.hpp"

#include <algorithm>

namespace bds::oracle {
namespace {

using json = nlohmann::json;
using Traits = Selection::Traits;

/// One point where readings differ: its values (SQL Server's first) and whether a condition touches it.
struct Dimension {
    const char* name;
    std::vector<const char*> values;
    std::size_t (*get)(const Reading&);
    void (*set)(Reading&, std::size_t);
    bool (*touches)(const Traits&);
};

const std::vector<Dimension>& dimensions() {
    using R = Reading;
    static const std::vector<Dimension> kDimensions = {
        {"text compared",
         {"case-insensitively", "case-sensitively"},
         [](const R& r) -> std::size_t { return r.collation == Collation::CaseSensitive; },
         [](R& r, std::size_t v) { r.collation = v ? Collation::CaseSensitive : Collation::CaseInsensitive; },
         [](const Traits& t) { return t.text; }},
        {"case folded for",
         {"Latin, Greek and Cyrillic letters", "ASCII letters only"},
         [](const R& r) -> std::size_t { return r.folding == sql::CaseFolding::Ascii; },
         [](R& r, std::size_t v) { r.folding = v ? sql::CaseFolding::Ascii : sql::CaseFolding::Letters; },
         [](const Traits& t) { return t.text; }},
        {"accents",
         {"significant", "ignored"},
         [](const R& r) -> std::size_t { return r.ignore_accents; },
         [](R& r, std::size_t v) { r.ignore_accents = v; },
         [](const Traits& t) { return t.text; }},
        {"char(n)/nchar(n) values",
         {"padded to n", "compared as read"},
         [](const R& r) -> std::size_t { return !r.pad_fixed; },
         [](R& r, std::size_t v) { r.pad_fixed = !v; },
         [](const Traits& t) { return t.fixed_text; }},
        {"trailing blanks in =",
         {"ignored", "significant", "ignored where PostgreSQL compares as char(n)"},
         [](const R& r) -> std::size_t { return r.postgres_char ? 2 : !r.equality_ignores_trailing_blanks; },
         [](R& r, std::size_t v) {
             r.equality_ignores_trailing_blanks = v == 0;
             r.postgres_char = v == 2;
         },
         [](const Traits& t) { return t.text; }},
        {"trailing blanks in LIKE",
         {"as SQL Server (significant but for varchar with '...')", "significant", "trimmed"},
         [](const R& r) { return static_cast<std::size_t>(r.like_blanks); },
         [](R& r, std::size_t v) { r.like_blanks = static_cast<R::LikeBlanks>(v); },
         [](const Traits& t) { return t.like; }},
        {"case in LIKE",
         {"as in =", "ASCII letters folded whatever = does (SQLite's LIKE)"},
         [](const R& r) -> std::size_t { return r.like_folds_ascii; },
         [](R& r, std::size_t v) { r.like_folds_ascii = v; },
         [](const Traits& t) { return t.like; }},
        {"a literal ''",
         {"an empty text", "NULL"},
         [](const R& r) -> std::size_t { return r.empty_text_is_null; },
         [](R& r, std::size_t v) { r.empty_text_is_null = v; },
         [](const Traits& t) { return t.empty_text; }},
        {"float(n<=24)",
         {"a 4-byte real", "a double"},
         [](const R& r) -> std::size_t { return r.float_as_double; },
         [](R& r, std::size_t v) { r.float_as_double = v; },
         [](const Traits& t) { return t.single_float; }},
    };
    return kDimensions;
}

/// Case folding means nothing under a case-sensitive collation: one reading, not two. PostgreSQL's char(n) is stored
/// padded, and without a char(n) column its comparisons are those of "significant".
bool meaningful(const Reading& r, const Traits* traits) {
    if (r.postgres_char && (!r.pad_fixed || (traits && !traits->fixed_text))) return false;
    // LIKE folding ASCII letters is what a case-insensitive, ASCII-folding collation does already.
    if (r.like_folds_ascii && r.collation == Collation::CaseInsensitive && r.folding == sql::CaseFolding::Ascii)
        return false;
    return r.collation == Collation::CaseInsensitive || r.folding == sql::CaseFolding::Letters;
}

std::vector<Reading> enumerate(const Traits* traits, std::optional<Collation> collation) {
    std::vector<Reading> out = {Reading::sql_server(collation.value_or(Collation::CaseInsensitive))};
    for (std::size_t d = 0; d < dimensions().size(); ++d) {
        const Dimension& dim = dimensions()[d];
        if ((d == 0 && collation) || (traits && !dim.touches(*traits))) continue;
        std::vector<Reading> next;
        for (const Reading& r : out)
            for (std::size_t v = 0; v < dim.values.size(); ++v) {
                Reading x = r;
                dim.set(x, v);
                if (meaningful(x, traits) && std::find(next.begin(), next.end(), x) == next.end()) next.push_back(x);
            }
        out = std::move(next);
    }
    return out;
}

}  // namespace

std::vector<Reading> readings_for(const Selection& selection, std::optional<Collation> collation) {
    const Traits traits = selection.traits();
    return enumerate(&traits, collation);
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

ReadingEvidence::ReadingEvidence(std::optional<Collation> collation)
    : candidates_(enumerate(nullptr, collation)), possible_(candidates_.size(), true) {}

void ReadingEvidence::note(const Selection& selection, const json& row, bool returned) {
    ++answers_;
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (possible_[i] && selection.matches(row, candidates_[i]) != returned) possible_[i] = false;
}

std::string ReadingEvidence::summary() const {
    const std::string head = std::to_string(answers_) + " rows";
    if (std::none_of(possible_.begin(), possible_.end(), [](bool p) { return p; }))
        return head + "; no one reading explains every answer (each was allowed: none is a MUST finding)";
    std::string fits;
    for (std::size_t d = 0; d < dimensions().size(); ++d) {
        const Dimension& dim = dimensions()[d];
        std::vector<bool> seen(dim.values.size(), false), kept(dim.values.size(), false);
        for (std::size_t i = 0; i < candidates_.size(); ++i) {
            seen[dim.get(candidates_[i])] = true;
            if (possible_[i]) kept[dim.get(candidates_[i])] = true;
        }
        if (kept == seen) continue;  // the answers did not tell
        std::string values;
        for (std::size_t v = 0; v < kept.size(); ++v)
            if (kept[v]) values.append(values.empty() ? "" : " or ").append(dim.values[v]);
        fits.append(fits.empty() ? "" : "; ").append(dim.name).append(": ").append(values);
    }
    return head + (fits.empty() ? "; the answers fit every reading" : "; the answers fit " + fits);
}

}  // namespace bds::oracle

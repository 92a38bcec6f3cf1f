// The engine profiles: SQL Server, PostgreSQL, SQLite and MariaDB/MySQL as they read a condition under a correct
// server (spec/assumptions.md ..A-108).
#include "oracle/engine_profiles.hpp"

#include <algorithm>

namespace bds::oracle {
namespace {

using Blanks = Reading::LikeBlanks;
using LikeCase = Reading::LikeCase;

constexpr Collation kCi = Collation::CaseInsensitive;
constexpr Collation kCs = Collation::CaseSensitive;

/// An engine's reading: its case, accents and blanks; storage at SQL Server's.
Reading engine(Collation collation, sql::CaseFolding folding, bool ignore_accents, bool equality_ignores_blanks,
               Blanks like_blanks, LikeCase like_case = LikeCase::AsEquals) {
    Reading r;
    r.collation = collation;
    r.folding = folding;
    r.ignore_accents = ignore_accents;
    r.equality_ignores_trailing_blanks = equality_ignores_blanks;
    r.like_blanks = like_blanks;
    r.like_case = like_case;
    return r;
}

/// SQL Server: CI/CS and AS/AI collations, Latin, Greek and Cyrillic letters folded; = pads the shorter side, LIKE
/// keeps the value's blanks but for non-Unicode operands.
void sql_server(std::vector<EngineProfile>& out) {
    for (const bool ai : {false, true})
        for (const Collation c : {kCi, kCs})
            out.push_back({"SQL Server", std::string(c == kCi ? "CI_" : "CS_") + (ai ? "AI" : "AS"),
                           engine(c, sql::CaseFolding::Letters, ai, true, Blanks::SqlServer)});
}

/// PostgreSQL with the C locale (deterministic): case and accents count in = and LIKE; trailing blanks count but
/// where it compares as char(n), which a server has when it declares char(n) columns, not when it stores
/// them as text or varchar.
void postgresql(std::vector<EngineProfile>& out) {
    Reading fixed = engine(kCs, sql::CaseFolding::Letters, false, false, Blanks::Significant);
    fixed.postgres_char = true;
    out.push_back({"PostgreSQL", "C, char(n) columns", fixed});
    out.push_back(
        {"PostgreSQL", "C, text columns", engine(kCs, sql::CaseFolding::Letters, false, false, Blanks::Significant)});
}

/// SQLite: its default BINARY = beside a LIKE folding ASCII letters, or NOCASE columns, = and LIKE folding
/// ASCII; trailing blanks and accents always count.
void sqlite(std::vector<EngineProfile>& out) {
    out.push_back({"SQLite", "BINARY, LIKE folding ASCII",
                   engine(kCs, sql::CaseFolding::Letters, false, false, Blanks::Significant, LikeCase::Ascii)});
    out.push_back({"SQLite", "NOCASE", engine(kCi, sql::CaseFolding::Ascii, false, false, Blanks::Significant)});
}

/// MariaDB and MySQL: _ci and _cs/_bin collations, accent-insensitive (utf8mb4_general_ci, _ai_) or not (_as_); PAD
/// SPACE collations ignore trailing blanks in =, NO PAD ones (MySQL 8's utf8mb4_0900_*) count them; LIKE counts them,
/// on values as stored or read without trailing blanks, as MySQL reads CHAR(n) (A-99 `trimmed`; A-103).
void mariadb(std::vector<EngineProfile>& out) {
    for (const bool ai : {true, false})
        for (const Collation c : {kCi, kCs})
            for (const bool pad_space : {true, false})
                for (const Blanks like : {Blanks::Trimmed, Blanks::Significant})
                    out.push_back({"MariaDB/MySQL",
                                   std::string(ai ? "_ai" : "_as") + (c == kCi ? "_ci" : "_cs") +
                                       (pad_space ? ", PAD SPACE" : ", NO PAD") +
                                       (like == Blanks::Trimmed ? ", LIKE on values read trimmed" : ""),
                                   engine(c, sql::CaseFolding::Letters, ai, pad_space, like)});
}

std::vector<EngineProfile> make_profiles() {
    std::vector<EngineProfile> out;
    sql_server(out);
    postgresql(out);
    sqlite(out);
    mariadb(out);
    for (auto& p : out) p.reading = canonical(p.reading);
    return out;
}

}  // namespace

const std::vector<EngineProfile>& engine_profiles() {
    static const std::vector<EngineProfile> kProfiles = make_profiles();
    return kProfiles;
}

const std::vector<std::string>& engine_families() {
    static const std::vector<std::string> kFamilies = [] {
        std::vector<std::string> out;
        for (const auto& p : engine_profiles())
            if (std::find(out.begin(), out.end(), p.family) == out.end()) out.push_back(p.family);
        return out;
    }();
    return kFamilies;
}

bool fits_collation(const EngineProfile& profile, std::optional<Collation> collation) {
    return !collation || profile.reading.collation == *collation;
}

std::vector<Reading> with_storage(const Reading& engine) {
    std::vector<Reading> out;
    // PostgreSQL's char(n) stores its values padded: read as stored, they are not char(n) values.
    for (const bool pad : engine.postgres_char ? std::vector<bool>{true} : std::vector<bool>{true, false})
        for (const bool empty_null : {false, true})
            for (const bool as_double : {false, true}) {
                Reading r = engine;
                r.pad_fixed = pad;
                r.empty_text_is_null = empty_null;
                r.float_as_double = as_double;
                out.push_back(r);
            }
    return out;
}

Reading canonical(Reading r) {
    if (r.collation == kCs) {
        r.folding = sql::CaseFolding::Letters;
        if (r.like_case == LikeCase::Exact) r.like_case = LikeCase::AsEquals;
    } else if (r.folding == sql::CaseFolding::Ascii && r.like_case == LikeCase::Ascii) {
        r.like_case = LikeCase::AsEquals;
    }
    return r;
}

bool admitted(const Reading& r, std::optional<Collation> collation) {
    const Reading wanted = canonical(r);
    for (const auto& p : engine_profiles()) {
        if (!fits_collation(p, collation)) continue;
        const auto readings = with_storage(p.reading);
        if (std::find(readings.begin(), readings.end(), wanted) != readings.end()) return true;
    }
    return false;
}

}  // namespace bds::oracle

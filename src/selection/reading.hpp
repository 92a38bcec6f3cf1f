#pragma once
/// A reading of RecordSelection: how one database under a correct server evaluates a condition where real SQL
/// engines differ. The seeds give SQL Server type names, not an engine (000 §1 "Field types are given as database
/// types"), so SQL Server's reading is one of several; each point below is a row of spec/assumptions.md and a choice
/// of the stub (A-17, A-98..A-104, A-108).
#include <cstdint>
#include <string>

#include "sql/collation.hpp"
#include "sql/text_rules.hpp"

namespace bds {

/// How a condition's text, blanks, empty texts and floats are read. The default is SQL Server's.
struct Reading {
    /// Case-insensitive or not.
    Collation collation = Collation::CaseInsensitive;
    /// Which letters fold together under a case-insensitive collation: SQL Server's Latin, Greek and
    /// Cyrillic letters, or ASCII only.
    sql::CaseFolding folding = sql::CaseFolding::Letters;
    /// Accented letters equal their base letters (A-103: an _AI collation).
    bool ignore_accents = false;
    /// char(n)/nchar(n) values are padded with blanks to n before they are compared, as SQL Server and PostgreSQL
    /// store them, whatever the server answers; else compared as read.
    bool pad_fixed = true;
    /// Trailing blanks in =, <>, <, IN and BETWEEN do not count: SQL Server.
    bool equality_ignores_trailing_blanks = true;
    /// PostgreSQL's char(n), with nchar(n)/char(n) stored as char(n), nvarchar(n)/varchar(n) as varchar(n) and
    /// unbounded texts as text: trailing blanks do not count where PostgreSQL compares as char(n), a char(n) column
    /// meeting a char(n) or varchar(n) column or a literal; a char(n) meeting a text column is cast to text, losing its
    /// blanks while the other side's count. Comparisons without a char(n) column follow
    /// equality_ignores_trailing_blanks.
    bool postgres_char = false;
    /// Trailing blanks of the value in LIKE.
    enum class LikeBlanks : std::uint8_t {
        SqlServer,    ///< significant, except when column, pattern and escape are all non-Unicode (varchar with '...')
        Significant,  ///< always significant (PostgreSQL's text and varchar, SQLite)
        Trimmed,      ///< removed before matching (a store that trims char(n) values when it reads them; PostgreSQL's
                      ///< char(n) does not: its LIKE sees the padding)
    } like_blanks = LikeBlanks::SqlServer;
    /// Which letters LIKE folds.
    enum class LikeCase : std::uint8_t {
        AsEquals,  ///< as = does (the collation's)
        Ascii,     ///< ASCII letters whatever = does (A-108: SQLite's default LIKE beside a BINARY =)
        Exact,     ///< none whatever = does: no engine under a case-insensitive =, so the oracle admits it under none
                   ///< (oracle/engine_profiles.hpp); a stub defect's reading
    } like_case = LikeCase::AsEquals;
    /// A literal '' is NULL (A-100: Oracle Database reads it so).
    bool empty_text_is_null = false;
    /// float(n <= 24) compares as a double, not as a 4-byte real (A-104: PostgreSQL's float8, SQLite's REAL).
    bool float_as_double = false;

    /// SQL Server's reading under `collation`.
    static Reading sql_server(Collation collation = Collation::CaseInsensitive) {
        Reading r;
        r.collation = collation;
        return r;
    }
    /// The rules text is compared by in =, <>, <, IN and BETWEEN.
    sql::TextRules text_rules() const {
        return {collation == Collation::CaseInsensitive ? folding : sql::CaseFolding::None, ignore_accents,
                equality_ignores_trailing_blanks};
    }
    /// The rules LIKE folds letters by (its trailing-blank rule is like_blanks).
    sql::TextRules like_rules() const {
        sql::TextRules rules = text_rules();
        if (like_case == LikeCase::Ascii) rules.folding = sql::CaseFolding::Ascii;
        if (like_case == LikeCase::Exact) rules.folding = sql::CaseFolding::None;
        return rules;
    }
    /// How this reading differs from SQL Server's under the same collation, e.g. "trailing blanks count in =; '' is
    /// NULL"; "SQL Server's" when it does not.
    std::string describe() const;

    friend bool operator==(const Reading&, const Reading&) = default;
};

}  // namespace bds

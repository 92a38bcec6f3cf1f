#pragma once
/// A RapidCheck generator of RecordSelection conditions (the language and semantics of
/// selection/selection.hpp) about one record, for the filters suite: it sends generated conditions to a target
/// and compares the rows returned with those Selection::matches selects among the records the run wrote.
/// Every generated condition parses with Selection::parse(to_tsql(condition), record).
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/selection_condition.hpp"
#include "selection/selection.hpp"

namespace bds::gen {

/// Which conditions are generated, by what their result may depend on (spec/assumptions.md A-17).
enum class CollationMode {
    /// Only conditions whose result does not depend on the target's collation order, which we do not reproduce
    /// (selection.hpp): text is compared only with =, <> (!=), IN, NOT IN, IS [NOT] NULL and LIKE whose sets
    /// list single characters (no ranges); text literals and patterns hold only portable_text characters; and
    /// text columns are compared or matched only where every value in the given rows is portable_text
    /// (elsewhere they get IS [NOT] NULL only). Whether a condition is case-sensitive still depends on the
    /// collation when the rows hold case-only variants ('Rossi', 'ROSSI'): see collation_independent.
    Portable,
    /// Everything: text ordering (<, >, BETWEEN), LIKE ranges, literals differing from the rows' values by case
    /// only, any character. The caller evaluates with the collation the target declares.
    Declared,
};

/// How conditions are generated.
struct ConditionGenOptions {
    CollationMode mode = CollationMode::Portable;
    /// The deepest nesting of NOT/AND/OR (at most 8).
    int max_depth = 3;
    /// The most values in an IN list.
    int max_in_list = 4;
    /// Conditions on the platform-managed fields (Id, dat_ultvar, ...) and the tenant field: off by default,
    /// because the records a run sends do not hold them.
    bool platform_fields = false;
    /// Only what every SQL database reads alike (000 §4.1: "a SQL WHERE condition"): comparisons of int and
    /// decimal columns with numbers and of text columns with quoted texts, AND, OR, NOT, parentheses, IN,
    /// BETWEEN, IS [NOT] NULL, LIKE with % and _ (and ESCAPE); names as the catalogue spells them. None of
    /// T-SQL's own spellings: != !< !>, N'…', [sets] in LIKE, [%] for a literal % (an ESCAPE instead), [bracketed] or
    /// re-cased names, quoted numbers, trailing-space equality, bit, float and date-time literals; no backslash in a
    /// LIKE pattern (PostgreSQL's default LIKE escape). Its LIKE patterns often flip the case of ASCII letters, which
    /// every case-insensitive engine folds in LIKE: under a declared ci the oracle judges them.
    /// tests/selection/engines_test.cpp holds SQLite and PostgreSQL to it.
    bool standard_sql = false;
};

/// Conditions about `record`, whose literals come mostly from the values `rows` hold (so that they select
/// some rows and not others; apostrophes, accents and, in Declared mode, case-flipped and non-Windows-1252
/// texts included), sometimes from nowhere. The columns used are the record's fields that Selection accepts,
/// whose names differ from every other field's case-insensitively (to_tsql varies their case), minus lists and
/// timestamps; date-time literals use forms SQL Server reads the same whatever the session's DATEFORMAT (for
/// datetime: 'YYYYMMDD[ hh:mm:ss[.fff]]' and 'YYYY-MM-DDThh:mm:ss[.fff]'). The surface style varies
/// (Condition::style) and shrinks to the plain one; failures shrink to smaller conditions.
/// Throws std::invalid_argument when the record has no usable field.
rc::Gen<Condition> condition_gen(const Record& record, const std::vector<nlohmann::json>& rows,
                                 const ConditionGenOptions& options = {});

/// Whether `selection` selects the same rows of `rows` under both Collation values: the caller discards a
/// condition for which it does not, unless it knows the target's collation. Rows are JSON objects as for
/// Selection::evaluate (which throws SelectionError for a malformed one).
bool collation_independent(const Selection& selection, const std::vector<nlohmann::json>& rows);

/// Whether every character of a UTF-8 text compares under any case-insensitive or case-sensitive,
/// accent-sensitive SQL Server collation exactly as Selection compares it, for = and LIKE: printable ASCII
/// and the Latin-1 letters except ß, æ, Æ, þ, Þ, ð, Ð (which some collations expand or treat specially).
/// Astral characters are not (SQL Server's version-80 collations give them no weight), nor control
/// characters, nor anything else we have not checked. False for invalid UTF-8.
bool portable_text(std::string_view utf8);

}  // namespace bds::gen

#pragma once
/// A RecordSelection condition as a tree, for generators (selection_gen.hpp): what a condition means, kept
/// apart from how it is spelled. to_tsql writes it as the T-SQL text a target receives, in a surface style
/// chosen by a seed (keyword case, [brackets] and case of names, spaces, redundant parentheses) that never
/// changes its meaning; a test can walk the same tree to write it for another engine (e.g. SQLite).
/// Spellings that are part of T-SQL's meaning are in the tree, not in the style: != vs <>, N'...' vs '...'
/// (non-Unicode LIKE, Windows-1252), how a number is written.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bds::gen {

/// A value written in a condition.
struct Literal {
    enum class Kind { Null, Text, Number };
    Kind kind = Kind::Null;
    /// Text: the content in UTF-8 without quotes (to_tsql doubles apostrophes). Number: exactly as written,
    /// e.g. "-3.5", ".5", "5.", "+7" (never an exponent).
    std::string text;
    /// Text: written N'...'. Required when the text has a character outside Windows-1252.
    bool unicode = false;
};

/// Comparison operators as written: != means <>, !< means >=, !> means <=.
enum class CompareOp { Eq, Ne, NeBang, Lt, Le, Gt, Ge, NotLt, NotGt };

/// The operator's T-SQL spelling: "=", "<>", "!=", "<", "<=", ">", ">=", "!<", "!>".
const char* spelling(CompareOp op);

/// One side of a comparison: the column `column` (catalogue spelling) when it is not empty, else `literal`.
struct Operand {
    std::string column;
    Literal literal;
    bool is_column() const { return !column.empty(); }
};

/// One element of a LIKE pattern.
struct PatternElement {
    /// Char: the character `ch`, matched as itself (to_tsql escapes it, or writes [%] [_] [[], when it would
    /// otherwise be special); AnyOne: _; AnyRun: %; Set: [...] or [^...].
    enum class Kind { Char, AnyOne, AnyRun, Set };
    Kind kind = Kind::Char;
    char32_t ch = 0;
    bool negated = false;
    /// Set: its members as ranges lo-hi; a single character c is c-c. Members are letters or digits (to_tsql
    /// refuses ] [ ^ - and the escape character in a set).
    std::vector<std::pair<char32_t, char32_t>> members;
};

/// The pattern of a LIKE: NULL, or a text made of elements, with an optional ESCAPE character.
struct LikePattern {
    bool null = false;
    std::vector<PatternElement> elements;
    /// ESCAPE 'c' (written '...', so an ASCII character other than % _ [ ] ^ - and the apostrophe).
    std::optional<char32_t> escape;
    /// The pattern is written N'...'.
    bool unicode = false;
};

/// A node of the condition tree. Which members count depends on `kind`:
///  Compare: left op right (at least one a column);
///  Like:    column [NOT] LIKE pattern;
///  In:      column [NOT] IN (values...), values not empty;
///  Between: column [NOT] BETWEEN values[0] AND values[1];
///  IsNull:  column IS [NOT] NULL;
///  Not:     NOT operands[0];    And, Or: two or more operands.
struct Expr {
    enum class Kind { Compare, Like, In, Between, IsNull, Not, And, Or };
    Kind kind = Kind::IsNull;
    CompareOp op = CompareOp::Eq;
    Operand left, right;
    std::string column;
    bool negated = false;  ///< NOT LIKE, NOT IN, NOT BETWEEN, IS NOT NULL
    std::vector<Literal> values;
    LikePattern pattern;
    std::vector<Expr> operands;
};

/// A generated condition: the tree and the seed of its surface style.
struct Condition {
    Expr expr;
    /// 0 is the plain style: keywords in capitals, names as in the catalogue, single spaces, parentheses only
    /// where precedence needs them. Any other value picks each surface choice pseudo-randomly from it.
    std::uint64_t style = 0;
    /// Names always as the catalogue spells them (no [brackets], no other case: T-SQL's own), whatever the style.
    bool plain_names = false;
};

/// The T-SQL text of `expr` in the surface style `style` (see Condition::style). Names may come out in
/// another letter case, so a tree should only name fields whose names differ from every other field's
/// case-insensitively (condition_gen's do); names that are not plain identifiers are always bracketed.
/// Throws std::invalid_argument for a tree that cannot be written (a node without operands, a Compare
/// without a column, a set member that cannot stand in a set).
std::string to_tsql(const Expr& expr, std::uint64_t style = 0, bool plain_names = false);
inline std::string to_tsql(const Condition& condition) {
    return to_tsql(condition.expr, condition.style, condition.plain_names);
}

}  // namespace bds::gen

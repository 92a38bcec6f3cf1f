#pragma once
/// RecordSelection (000 §4.1): a safe parser and evaluator of the T-SQL WHERE subset that
/// `GET /api/resources/{Resource}?RecordSelection=...` carries. One evaluator serves the reference stub (to
/// filter rows) and the harness's oracle (to predict them), so it follows SQL Server's semantics exactly where
/// it can and refuses, with an error, where it cannot predict SQL Server. Nothing is ever executed: the text
/// is parsed into a tree, checked against the record's fields, and evaluated on JSON records.
///
/// Language (keywords case-insensitive):
///   condition := disjunct { OR disjunct }         disjunct := factor { AND factor }
///   factor    := NOT factor | '(' condition ')' | predicate
///   predicate := operand op operand               op: = <> != < <= > >= !< !>  (at least one side a column)
///              | column [NOT] LIKE text [ESCAPE text]        % _ [abc] [a-z] [^a]
///              | column [NOT] IN '(' literal { ',' literal } ')'
///              | column [NOT] BETWEEN literal AND literal
///              | column IS [NOT] NULL
///   operand   := column | literal       literal := 'text' | N'text' | [+|-]number | NULL
///   column    := name | [name]          numbers: 12, -3.5, .5, 5. (no exponent, at most 38 digits)
/// Column names match the record's fields case-insensitively (SQL Server's default) and resolve to the
/// catalogue's spelling; an unknown name, a list field or a timestamp (rowversion, opaque by
/// spec/assumptions.md A-15) is a parse error, also for records whose field list is open.
/// Everything else is a parse error: ';', comments, functions, subqueries, EXEC, UNION, concatenation and
/// arithmetic, variables, double-quoted names, trailing text, unterminated quotes.
///
/// Semantics (SQL Server's, with ANSI_NULLS ON and three-valued logic; a Reading, selection/reading.hpp, evaluates as
/// another database under a correct server would where engines differ: padding, trailing blanks, '' as NULL, folding,
/// accents, float precision):
///  - NULL: a comparison with NULL (a NULL literal, a JSON null, or a field missing from the record) is
///    UNKNOWN; NOT UNKNOWN is UNKNOWN; AND/OR follow SQL's truth tables; a row is selected only when TRUE.
///    IN is a chain of = joined by OR (so `x NOT IN (1, NULL)` is never TRUE), BETWEEN is >= AND <=
///    (bounds not swapped), NOT IN / NOT BETWEEN negate those. IS [NOT] NULL never converts the value.
///  - Types come from the catalogue. The conversion SQL Server would apply to a literal compared with a
///    column (the literal takes the column's type) is done once, at parse time; a literal it cannot convert
///    is a parse error, where SQL Server raises a conversion error.
///      text columns compare with text literals only. A NUMBER COMPARED WITH A TEXT COLUMN IS REFUSED at parse
///        time: SQL Server converts every row's text to a number and fails on the first non-numeric one, in
///        an order that depends on the query plan, so no oracle can predict the result. Quote the number.
///      int, decimal and bit columns compare exactly, as decimals (1.10 = 1.1; int 1 < 1.5; JSON numbers are
///        read from their shortest decimal form, so 1.1 is 1.1, not its binary approximation). Text literals
///        convert like CAST: for int an optionally signed integer with surrounding spaces, and '' = 0; for
///        decimal a decimal number ('' is an error); for bit 'true'/'false' or an integer (non-zero = 1).
///        Bit values are JSON booleans (0/1 accepted). SQL Server rounds a text literal to a decimal
///        column's scale, which the catalogue does not give: such literals are compared unrounded.
///      float(n) columns compare as doubles (n > 24) or 4-byte reals (n <= 24), the literal rounded to that
///        precision first, as SQL Server's data type precedence does.
///      datetime and datetime2 columns compare with text literals read as date-times: 'YYYY-MM-DD',
///        'YYYYMMDD', either followed by ' HH:MM[:SS[.fffffff]]', or 'YYYY-MM-DDTHH:MM:SS[.fffffff]'
///        (surrounding spaces allowed). datetime literals take at most 3 fractional digits and round to
///        1/300 s (.000/.003/.007) like SQL Server; range 1753..9999 (datetime), 0001..9999 (datetime2).
///        Numbers cannot compare with date-time columns. Record values are ISO 8601 strings ('T' or space,
///        optional fraction up to 7 digits, optional 'Z' or +HH:MM offset, applied to give UTC: A-14).
///        SQL Server reads 'YYYY-MM-DD' for a *datetime* column per the session's DATEFORMAT (year-day-month
///        under dmy languages such as Italian); we always read year-month-day, as datetime2 does.
///      column op column needs the same family (text, number or date-time); anything else would convert
///        row by row, and is refused as above.
///  - '...' literals are non-Unicode in SQL Server: characters outside Windows-1252 become '?' or a
///    look-alike, which we cannot reproduce, so such literals are REFUSED (write N'...'); SQL Server would
///    accept them and compare the substituted text. Otherwise '...' and N'...' compare the same.
///  - Text comparisons (=, <, IN, BETWEEN) pad the shorter side with spaces ('abc' = 'abc  ', and 'ab' sorts
///    after 'ab<TAB>'), then compare code points, folded by case under Collation::CaseInsensitive: ASCII,
///    Latin-1, Latin Extended-A, basic Greek and Cyrillic letters fold to lower case; accents stay
///    significant (à <> a). SQL Server's real collation order differs for punctuation, for non-ASCII letters
///    (é sorts between e and f), for 'ß' vs 'ss', and for characters its version-80 collations give no
///    weight (e.g. astral ones, which may compare equal): generators must not rely on order, or on equality
///    of such characters, unless the target declares its collation.
///  - LIKE (text columns only): % _ [abc] [a-z] [^a], ESCAPE 'c' (any one character; it makes the next
///    character literal, inside or outside []). It works on UTF-16 code units, as SQL Server's non-_SC
///    collations do (an astral character is two units, so '_' does not match it) and folds case like
///    comparisons. Trailing spaces, as SQL Server documents them: when the column, the pattern and the escape
///    are all non-Unicode (a varchar/char column with '...' literals) trailing spaces of the value are not
///    significant ('abc ' LIKE 'abc' is TRUE); otherwise (an nvarchar/nchar column, or an N'...' literal)
///    they are ('abc ' LIKE 'abc' is FALSE). Trailing spaces of the pattern always count ('abc' LIKE 'abc '
///    is FALSE). A char(n)/nchar(n) value is first padded to n, as SQL Server stores it. Ranges compare
///    folded code points; SQL Server uses collation order, so there [a-f] also matches 'é', and under a
///    case-sensitive collation [a-z] matches most capitals: avoid ranges beyond one-case ASCII letters or
///    digits when the collation matters. Refused: an ESCAPE character ending the pattern, an unclosed '[',
///    and empty sets '[]'/'[^]' (undocumented in SQL Server).
///  - Evaluation does not short-circuit: a record whose field has the wrong JSON type for its SQL type is an
///    evaluation error (SelectionError at the predicate) whenever the condition reads that field.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "selection/reading.hpp"
#include "sql/collation.hpp"

namespace bds {

/// SQL's three truth values.
enum class Truth { False, True, Unknown };

/// The longest condition accepted, in bytes.
inline constexpr std::size_t kMaxSelectionLength = 4096;
/// The deepest nesting of parentheses and NOTs accepted.
inline constexpr int kMaxSelectionDepth = 64;
/// The most values accepted in one IN list.
inline constexpr std::size_t kMaxInListSize = 1000;

/// A condition that does not parse, does not type-check, or cannot be evaluated on a record. what() is
/// "at <offset>: <reason>", e.g. "at 14: expected a value after '=', found end of input".
class SelectionError : public std::runtime_error {
public:
    SelectionError(std::size_t offset, const std::string& reason);
    /// Byte offset in the condition text: where parsing failed, or the predicate whose evaluation failed.
    std::size_t offset() const noexcept { return offset_; }
    /// The message without the "at <offset>: " prefix.
    const std::string& reason() const noexcept { return reason_; }

private:
    std::size_t offset_;
    std::string reason_;
};

namespace selection_impl {
struct Node;
}

/// How a condition's literals are spelled for a target whose RecordSelection reads other forms than T-SQL's (the
/// harness's own reads use the forms the target showed it accepts: client/dialect.hpp, spec/assumptions.md A-114).
struct LiteralSpelling {
    /// Whether a text literal with this UTF-8 content is written N'…' rather than '…'; unset: as parsed.
    std::function<bool(const std::string& utf8)> national;
    /// A bit column's literal 1 and 0, e.g. "1"/"0", "true"/"false", "'1'"/"'0'".
    std::string bit_true = "1", bit_false = "0";
    /// A backslash in a quoted text is written doubled (an engine reading it as an escape: MariaDB's default).
    bool double_backslashes = false;
};

/// A parsed, type-checked condition. Immutable; copies share the tree; safe to evaluate from many threads.
class Selection {
public:
    /// Parses `text` (a WHERE condition without the word WHERE) for records of `record`. Throws SelectionError
    /// with the byte offset of the problem. An empty text is an error: "no RecordSelection" is the caller's.
    /// `code_page_literals`: a '...' literal is read in Windows-1252 as SQL Server reads it, so one holding another
    /// character is refused (below); false: it holds any character, as every other engine reads it.
    static Selection parse(std::string_view text, const Record& record, bool code_page_literals = true);

    /// The condition's truth value on `row`, a JSON object holding the record's fields (a missing field is
    /// NULL), as `reading` reads it (SQL Server's by default: the semantics above). Throws SelectionError if `row`
    /// is not an object or a field it reads has the wrong JSON type.
    Truth evaluate(const nlohmann::json& row, const Reading& reading = {}) const;
    /// SQL Server's reading under `collation`.
    Truth evaluate(const nlohmann::json& row, Collation collation) const {
        return evaluate(row, Reading::sql_server(collation));
    }

    /// Whether `row` is selected: evaluate() is TRUE (FALSE and UNKNOWN are not selected).
    bool matches(const nlohmann::json& row, const Reading& reading = {}) const {
        return evaluate(row, reading) == Truth::True;
    }
    bool matches(const nlohmann::json& row, Collation collation) const {
        return matches(row, Reading::sql_server(collation));
    }

    /// A row's field by catalogue name: its value, or nullptr when the row has none (absent or null). A row derived
    /// when read (a view's) is then asked only for the fields the condition reads.
    using FieldReader = std::function<const nlohmann::json*(const std::string& name)>;

    /// The condition's truth value on the row `read` gives; as evaluate(json), without the object check.
    Truth evaluate(const FieldReader& read, const Reading& reading = {}) const;
    Truth evaluate(const FieldReader& read, Collation collation) const {
        return evaluate(read, Reading::sql_server(collation));
    }

    /// What the condition reads, for the readings it may depend on (selection/reading.hpp).
    struct Traits {
        bool text = false;          ///< compares or matches a text column
        bool fixed_text = false;    ///< ... a char(n)/nchar(n) one
        bool like = false;          ///< has a LIKE
        bool empty_text = false;    ///< has a literal ''
        bool single_float = false;  ///< compares a float(n <= 24) column
        /// Has a text literal only SQL Server's lenient conversions read as a number or date-time: an engine
        /// that converts strictly refuses the condition.
        bool lenient_conversions = false;
    };
    Traits traits() const;

    /// The operands of the condition's top-level AND, each a Selection (the condition alone when it is no AND): a row
    /// is selected exactly when every one of them selects it.
    std::vector<Selection> conjuncts() const;
    /// The operands of the condition's top-level OR, each a Selection (empty when it is no OR): a row is selected
    /// exactly when one of them selects it.
    std::vector<Selection> disjuncts() const;

    /// Canonical text: keywords in capitals, catalogue spelling of names, normalised numbers, `<>` for `!=`,
    /// parentheses around each nested AND/OR group and nowhere else. parse(to_string()) gives an equal Selection.
    std::string to_string() const;
    /// The canonical text with literals spelled by `spelling`.
    std::string to_string(const LiteralSpelling& spelling) const;

    /// The fields the condition reads, in catalogue spelling, each once, in order of first use.
    std::vector<std::string> columns() const;

    /// The `field = 'text'` terms every selected row satisfies: the condition itself or operands of its top-level
    /// AND, compared as text, with the literal as converted at parse time. (field, literal) pairs, for indexes.
    std::vector<std::pair<std::string, std::u32string>> pinned_texts() const;

    /// Equal when the canonical texts are: same structure, same names, same literal values.
    friend bool operator==(const Selection& a, const Selection& b) { return a.to_string() == b.to_string(); }

private:
    explicit Selection(std::shared_ptr<const selection_impl::Node> root) : root_(std::move(root)) {}
    std::shared_ptr<const selection_impl::Node> root_;
};

}  // namespace bds

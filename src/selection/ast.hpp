#pragma once
/// The parsed, type-checked form of a RecordSelection: built by parser.cpp, printed by printer.cpp,
/// evaluated by evaluator.cpp. Internal to src/selection.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "catalogue/sql_type.hpp"
#include "selection/sql_values.hpp"
#include "selection/like.hpp"

namespace bds::selection_impl {

/// A field the condition reads, with its catalogue spelling and type.
struct Column {
    std::string name;
    SqlType type;
};

/// A literal as written, kept for printing the condition back.
struct Literal {
    enum class Kind { Null, Text, Number };
    Kind kind = Kind::Null;
    std::string text;      ///< Text: UTF-8 content; Number: canonical decimal text with sign ("-3.5")
    bool unicode = false;  ///< Text: written N'...'
};

/// The type in which the two sides of a comparison meet, decided at parse time from the catalogue.
enum class Domain {
    Text,    ///< code points, padded, folded per collation
    Exact,   ///< int, decimal, bit: exact decimals
    Double,  ///< float(25..53)
    Single,  ///< float(1..24), a 4-byte real
    Time,    ///< datetime, datetime2: Ticks
};

/// A value in its comparison domain; monostate is NULL.
using Scalar = std::variant<std::monostate, std::u32string, Decimal, double, float, Ticks>;

/// One side of a comparison: a column (read from the row at evaluation), or a literal already converted to
/// the comparison's domain.
struct Operand {
    std::optional<Column> column;
    Literal literal;  ///< when !column
    Scalar value;     ///< when !column
    Scalar wide;      ///< when !column in Domain::Single: the literal as a double, for readings that compare doubles
    bool lenient =
        false;  ///< when !column: a text only SQL Server's lenient conversions read as the column's type (A-101)
};

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };

struct Node;

struct Comparison {
    CompareOp op;
    Operand left, right;
    Domain domain;
};

struct LikePredicate {
    Column column;
    bool negated = false;
    Literal pattern;  ///< Text, or Null (then the predicate is UNKNOWN)
    std::optional<Literal> escape;
    std::optional<LikePattern> compiled;  ///< empty when the pattern is NULL
    bool unicode = false;                 ///< Unicode LIKE (trailing spaces significant) or not
};

struct InPredicate {
    Operand subject;  ///< a column
    bool negated = false;
    std::vector<Operand> values;
    Domain domain;
};

struct BetweenPredicate {
    Operand subject;  ///< a column
    bool negated = false;
    Operand low, high;
    Domain domain;
};

struct NullPredicate {
    Column column;
    bool negated = false;  ///< IS NOT NULL
};

struct Negation {
    std::unique_ptr<const Node> operand;
};

/// AND (conjunction) or OR of two or more operands; never directly holds a Junction of the same kind.
struct Junction {
    bool conjunction = true;
    std::vector<Node> operands;
};

struct Node {
    std::size_t offset = 0;  ///< where the construct starts in the condition text
    std::variant<Comparison, LikePredicate, InPredicate, BetweenPredicate, NullPredicate, Negation, Junction> v;
};

/// The canonical text of a node (printer.cpp).
std::string render(const Node& node);

}  // namespace bds::selection_impl

#pragma once
/// Where the two sides of a comparison meet, and the conversions SQL Server applies to a literal compared
/// with a column (data type precedence: the literal takes the column's type). Internal to src/selection.
#include <optional>
#include <string>

#include "selection/ast.hpp"

namespace bds::selection_impl {

/// The domain of a column compared with a literal.
Domain domain_of(const SqlType& type);

/// The domain of two columns compared with each other, or nullopt when SQL Server would have to convert
/// one side row by row between text, numbers and date-times (which can fail on some rows).
std::optional<Domain> common_domain(const SqlType& a, const SqlType& b);

/// A literal converted for comparison with `against` in `domain` (= domain_of(against.type)), or the
/// reason it cannot be (error not empty).
struct Converted {
    Scalar value;
    std::string error;
    bool lenient = false;  ///< a text only SQL Server's lenient conversions read (A-101): a stricter engine refuses it
};
Converted convert_literal(const Literal& literal, const Column& against, Domain domain);

}  // namespace bds::selection_impl

#pragma once
/// A RapidCheck generator of RecordSelection texts that Selection::parse refuses (the 400 paths of
/// spec/assumptions.md A-19), built over one record's real field names: broken syntax, what the language does
/// not have (statements, comments, functions, subqueries, variables), SQL injection classics, and conditions
/// that parse as T-SQL but that SQL Server would refuse or that no oracle could predict (type rules).
#include <rapidcheck.h>

#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"

namespace bds::gen {

/// A condition text that must be refused, and a short label saying how it is broken.
struct MalformedSelection {
    std::string text;
    std::string why;
};

/// Every label `why` can take, e.g. "unterminated quote", "unknown column", "subquery".
const std::vector<std::string>& malformed_selection_labels();

/// Malformed conditions about `record`. Labels that need a kind of column the record lacks (a date-time, a
/// list or timestamp, ...) do not come up. Throws std::invalid_argument when the record has no field a
/// condition can name.
rc::Gen<MalformedSelection> malformed_selection_gen(const Record& record);

}  // namespace bds::gen

#pragma once
/// The SQL value semantics RecordSelection compares with (text, date-times, exact decimals) live in src/sql,
/// shared with the stub and the record validator.
#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds::selection_impl {
using namespace bds::sql;
}  // namespace bds::selection_impl

#pragma once
/// How RapidCheck prints the generated values of this project in a counterexample (found by argument-dependent
/// lookup; without these it prints "<???>" or an address): a record type by name, JSON compactly, a condition
/// as the T-SQL a target receives, a data set block by block. Included by the headers that declare the types.
#include <nlohmann/json.hpp>

#include <ostream>

#include "catalogue/catalogue.hpp"
#include "generate/data_set_gen.hpp"
#include "generate/invalid_gen.hpp"
#include "generate/selection_condition.hpp"

#include "generate/show_json.hpp"

namespace bds {
inline void showValue(const Record* record, std::ostream& os) { os << (record ? record->name : "(no record)"); }
}  // namespace bds

namespace bds::gen {
inline void showValue(const ResourceBlock& block, std::ostream& os) {
    os << block.resource << " " << nlohmann::json(block.records).dump();
}
inline void showValue(const InvalidRecord& invalid, std::ostream& os) {
    os << to_string(invalid.kind) << ": " << invalid.description << " " << invalid.value.dump();
}
inline void showValue(const Condition& condition, std::ostream& os) { os << to_tsql(condition); }
}  // namespace bds::gen

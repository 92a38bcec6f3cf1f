#pragma once
/// Groups of the seeds' field-table statements (spec/requirements.json ids) that checks of several suites verify
/// together: the record shapes of 000 §2 and 001 §2. A check's `verifies` names them as
///     .verifies = joined({"000-4.1-response-200"}, {statements::written_fields(), statements::allowed_values()})
#include <string>
#include <vector>

namespace bds::suites::statements {

/// Every row of the catalogue table (000 §2.1: keys, field count, operations shown).
const std::vector<std::string>& catalogue_rows();
/// The catalogue rows of the resources with POST sync.
const std::vector<std::string>& written_catalogue_rows();
/// Fields and types, with lengths, of the resources with POST sync (000 §1, §2.2-2.6; 001 §2, §2.1-2.2).
const std::vector<std::string>& written_fields();
/// Fields and types, with lengths, of MCPResources and the MCP views (001 §2.3-2.7).
const std::vector<std::string>& view_fields();
/// What may be null and what may not (000 §2.2-2.6; 001 §2 conventions, §2.3-2.7, the views' required fields).
const std::vector<std::string>& nullability();
/// Every list of allowed values (000 §2.2, §2.3, §2.6, §3; 001 §2.1, §2.2).
const std::vector<std::string>& allowed_values();
/// The keys of the resources with POST sync (000 §2.1-2.3; 001 §2.1, §2.2).
const std::vector<std::string>& written_keys();
/// The fields required in a sent record (000 §2.1 table; 001 §2.1, §2.2 "Required beyond keys").
const std::vector<std::string>& required_to_send();

}  // namespace bds::suites::statements

namespace bds::suites {

/// `first`, then each id of `groups` in order, each id once.
std::vector<std::string> joined(std::vector<std::string> first, const std::vector<std::vector<std::string>>& groups);

}  // namespace bds::suites

// Suite "views": The MCP views (001 §2.3-2.7): their fields and types, C/F split, nested lines, agreement with the base records, MCPResources, POST query.
#include "suites/suites.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<Check> views_checks() {
    return {};
}

}  // namespace bds::suites

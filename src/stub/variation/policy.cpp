// The reference service's answers to the questions of the policy that take more than a line (policy.hpp).
#include "stub/variation/policy.hpp"

#include "stub/variation/variation.hpp"

namespace bds::stub {

const Record* Policy::resource(const Catalogue& catalogue, const User& user, const std::string& name, Endpoint) const {
    const Record* r = catalogue.find(name);  // exact match: resource names are case-sensitive (000 §1)
    return r && !r->nested_only && user.may_use(r->name) ? r : nullptr;
}

void Policy::answer_to_forbidden(const Variation& variation, httplib::Response& res, const std::string& name, bool,
                                 Endpoint) const {
    variation.error(res, 403, "forbidden", "resource \"" + name + "\" does not exist or is not authorised");
}

void Policy::answer_to_read_only_write(const Variation& variation, httplib::Response& res, const std::string& name,
                                       const std::string&) const {
    variation.error(res, variation.read_only_status(), "read_only",
                    "resource \"" + name + "\" is read-only: no POST sync is listed for it");
}

bool Policy::in_view(const std::string& view, const nlohmann::json& base) const {
    if (view != "MCPClienti" && view != "MCPFornitori") return true;
    const auto kind = base.find("ind_clifor");
    return kind != base.end() && *kind == (view == "MCPClienti" ? "C" : "F");
}

}  // namespace bds::stub

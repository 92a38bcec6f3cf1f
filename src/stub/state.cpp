#include "stub/state.hpp"

#include "sql/text.hpp"

namespace bds::stub {

StubState::StubState(const Catalogue& cat, StubOptions opts)
    : catalogue(cat), options(std::move(opts)), tokens(options.token_ttl, options.clock, options.defect != Defect::ExpiredTokenAccepted), store(options.collation, options.clock, options.defect), rows(catalogue, options.collation, options.defect) {
    for (const Record* r : catalogue.resources())
        if (r->writable()) validators_[r->name] = std::make_unique<RecordValidator>(catalogue, *r, Direction::Sent, options.sql);
}

const User* StubState::user(const std::string& username) const {
    for (const auto& u : options.users)
        if (u.username == username) return &u;
    return nullptr;
}

const Record* StubState::resource_for(const User& user, const std::string& name) const {
    const Record* r = catalogue.find(name);  // exact match: resource names are case-sensitive (000 §1)
    if (!r && options.defect == Defect::ResourceNameCaseInsensitive) {
        // Defect: the name is matched without case, as a case-insensitive database lookup would.
        for (const Record* c : catalogue.resources())
            if (sql::fold_case_utf8(c->name) == sql::fold_case_utf8(name)) r = c;
    }
    if (!r || r->nested_only) return nullptr;
    if (!user.may_use(r->name) && options.defect != Defect::LimitedUserAllResources) return nullptr;  // defect: the list is not checked
    return r;
}

}  // namespace bds::stub

#include "stub/state.hpp"

namespace bds::stub {

StubState::StubState(const Catalogue& cat, StubOptions opts)
    : catalogue(cat), options(std::move(opts)), tokens(options.token_ttl, options.clock), store(options.collation, options.clock), rows(catalogue, options.collation) {
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
    if (!r || r->nested_only || !user.may_use(r->name)) return nullptr;
    return r;
}

}  // namespace bds::stub

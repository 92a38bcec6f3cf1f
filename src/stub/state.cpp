#include "stub/state.hpp"

namespace bds::stub {

StubState::StubState(const Catalogue& cat, StubOptions opts)
    : catalogue(cat),
      options(std::move(opts)),
      variation(cat, options.choices, options.defect),
      tokens(variation.token_ttl(options.token_ttl), options.clock, variation.policy().tokens_expire()),
      store(options.clock, variation),
      rows(catalogue, variation) {
    for (const Record* r : catalogue.resources())
        if (r->writable())
            validators_[r->name] =
                std::make_unique<RecordValidator>(catalogue, *r, Direction::Sent, variation.sql_profile());
}

const User* StubState::user(const std::string& username) const {
    for (const auto& u : options.users)
        if (u.username == username) return &u;
    return nullptr;
}

const Record* StubState::resource_for(const User& user, const std::string& name) const {
    return variation.policy().resource(catalogue, user, name);
}

bool StubState::resource_exists(const std::string& name) const {
    static const User anyone{"", "", 0, false, {"*"}};
    return resource_for(anyone, name) != nullptr;
}

}  // namespace bds::stub

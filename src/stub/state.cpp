#include "stub/state.hpp"

#include "stub/sqlite_engine.hpp"

namespace bds::stub {
namespace {

/// The database a test gave, else the one A-115 names (none: the stub's evaluator).
std::shared_ptr<SqlEngine> database_of(const StubOptions& options) {
    if (options.sql_engine) return options.sql_engine;
    if (options.choices.database == Choices::Database::Sqlite) return std::make_shared<SqliteEngine>();
    return nullptr;
}

}  // namespace

StubState::StubState(const Catalogue& cat, StubOptions opts)
    : catalogue(cat),
      options(std::move(opts)),
      variation(cat, options.choices, options.defect, database_of(options), options.defect_rate, options.defect_seed),
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

const Record* StubState::resource_for(const User& user, const std::string& name, Endpoint endpoint) const {
    return variation.policy().resource(catalogue, user, name, endpoint);
}

bool StubState::resource_exists(const std::string& name) const {
    static const User anyone{"", "", 0, false, {"*"}};
    return resource_for(anyone, name, Endpoint::Resources) != nullptr;
}

}  // namespace bds::stub

#pragma once
/// What the stub's routes share: the catalogue, settings, users, tokens, the store and the validators.
#include <map>
#include <memory>
#include <string>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "stub/options.hpp"
#include "stub/rows.hpp"
#include "stub/store.hpp"
#include "stub/tokens.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {

class StubState {
public:
    StubState(const Catalogue& catalogue, StubOptions options);

    const Catalogue& catalogue;
    const StubOptions options;
    const Variation variation;
    TokenStore tokens;
    Store store;
    RowSource rows;

    const User* user(const std::string& username) const;
    /// A resource the user may use (403 otherwise, 000 §4.1): an exact, case-sensitive name of the catalogue.
    const Record* resource_for(const User& user, const std::string& name, Endpoint endpoint) const;
    /// Whether `name` names a resource at all, for whoever may use it.
    bool resource_exists(const std::string& name) const;
    /// The validator of sent records of a writable resource.
    const RecordValidator& validator(const Record& resource) const { return *validators_.at(resource.name); }

private:
    std::map<std::string, std::unique_ptr<RecordValidator>> validators_;
};

}  // namespace bds::stub

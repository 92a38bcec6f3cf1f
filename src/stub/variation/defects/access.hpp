#pragma once
/// The defects of auth and access (000 §5, 000 §4.1 response 403): each a Policy (policy.hpp) that answers
/// otherwise where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <optional>
#include <string>

#include "sql/text.hpp"
#include "stub/variation/policy.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub::defect_policies {

/// A GET without an Authorization header is served as the first user.
struct ReadsWithoutToken : Policy {
    std::optional<User> unauthenticated_user(const httplib::Request& req, const std::string&,
                                             const User* first) const override {
        if (first && req.method == "GET" && !req.has_header("Authorization")) return *first;
        return std::nullopt;
    }
};

/// The POST endpoints' controllers (query, sync) lack the authorisation attribute the GET ones have: a POST without an
/// Authorization header is served as the first user.
struct PostsWithoutToken : Policy {
    std::optional<User> unauthenticated_user(const httplib::Request& req, const std::string&,
                                             const User* first) const override {
        if (first && req.method == "POST" && !req.has_header("Authorization")) return *first;
        return std::nullopt;
    }
};

/// A bearer token is not verified: any one is served as the first user.
struct ForgedTokenAccepted : Policy {
    std::optional<User> unauthenticated_user(const httplib::Request&, const std::string& token,
                                             const User* first) const override {
        if (first && !token.empty()) return *first;
        return std::nullopt;
    }
};

/// Tokens never expire.
struct ExpiredTokenAccepted : Policy {
    bool tokens_expire() const override { return false; }
};

/// POST /Token does not check the password.
struct WrongPasswordAccepted : Policy {
    bool password_accepted(const User&, const std::string&) const override { return true; }
};

/// GET /api/Account/TokenInfo is not served.
struct TokenInfoMissing : Policy {
    bool serves_token_info() const override { return false; }
};

/// A read of a resource that does not exist is answered as an empty list.
struct UnknownResource200 : Policy {
    void answer_to_forbidden(const Variation& variation, httplib::Response& res, const std::string& name, bool exists,
                             Endpoint endpoint) const override {
        if (exists || endpoint == Endpoint::Send)
            return Policy::answer_to_forbidden(variation, res, name, exists, endpoint);
        variation.write_list(res, {}, 0);  // as if it held no records
    }
};

/// Resource names are looked up as a case-insensitive database would.
struct ResourceNameCaseInsensitive : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name,
                           Endpoint endpoint) const override {
        if (const Record* reference = Policy::resource(cat, user, name, endpoint)) return reference;
        for (const Record* c : cat.resources())
            if (!c->nested_only && user.may_use(c->name) && sql::fold_case_utf8(c->name) == sql::fold_case_utf8(name))
                return c;
        return nullptr;
    }
};

/// The write flag of a user is not checked.
struct ReaderCanWrite : Policy {
    bool may_write(const User&) const override { return true; }
};

/// A user's resource list is not checked.
struct LimitedUserAllResources : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name,
                           Endpoint endpoint) const override {
        if (const Record* reference = Policy::resource(cat, user, name, endpoint)) return reference;
        const Record* r = cat.find(name);
        return r && !r->nested_only ? r : nullptr;
    }
};

/// One endpoint's handler looks the resource up without the user's resource list (the reference's check lives in the
/// others' shared lookup; this one was written apart): a user limited to some resources uses every one there.
template <Endpoint E>
struct AuthorisationSkippedOn : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name,
                           Endpoint endpoint) const override {
        if (const Record* reference = Policy::resource(cat, user, name, endpoint); reference || endpoint != E)
            return reference;
        const Record* r = cat.find(name);
        return r && !r->nested_only ? r : nullptr;
    }
};
using FeedIgnoresAuthorisation = AuthorisationSkippedOn<Endpoint::Feed>;
using QueryIgnoresAuthorisation = AuthorisationSkippedOn<Endpoint::Query>;
using SendIgnoresAuthorisation = AuthorisationSkippedOn<Endpoint::Send>;

/// POST sync looks the resource up as a case-insensitive database would: /api/sync/clifor writes CliFor.
struct SendResourceCaseInsensitive : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name,
                           Endpoint endpoint) const override {
        if (const Record* reference = Policy::resource(cat, user, name, endpoint);
            reference || endpoint != Endpoint::Send)
            return reference;
        for (const Record* c : cat.resources())
            if (!c->nested_only && user.may_use(c->name) && sql::fold_case_utf8(c->name) == sql::fold_case_utf8(name))
                return c;
        return nullptr;
    }
};

/// POST sync to a name that is no resource answers 200 and stores nothing: the block is dropped without a word.
struct UnknownResourceSyncAccepted : Policy {
    void answer_to_forbidden(const Variation& variation, httplib::Response& res, const std::string& name, bool exists,
                             Endpoint endpoint) const override {
        if (exists || endpoint != Endpoint::Send)
            return Policy::answer_to_forbidden(variation, res, name, exists, endpoint);
        res.status = 200;
    }
};

/// A 401 without WWW-Authenticate (the framework's bare status, no OAuth 2.0 challenge).
struct NoWwwAuthenticate : Policy {
    std::optional<std::string> challenge(bool) const override { return std::nullopt; }
};

}  // namespace bds::stub::defect_policies

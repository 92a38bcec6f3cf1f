#pragma once
/// The questions the stub's reference path asks where a defect answers otherwise. Each is named for the decision it
/// takes, and each default is the reference service's answer (the seeds', with the stub's choices applied around it
/// by the Variation); a defect (defects.hpp) is a Policy that overrides one or a few, so that what it does is written
/// in its class and the routes read as the service. Questions about a value the reference already decided receive
/// that value and answer it unchanged by default.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "selection/reading.hpp"
#include "stub/list_query.hpp"
#include "stub/users.hpp"

namespace bds::stub {

class Store;
class Variation;
struct Row;
struct TenantData;

/// What an upsert does with one record, as the store decided it: the policy may change it.
struct StoreEdit {
    std::string key;       ///< the row's key in its table
    bool remove = false;   ///< delete the row instead of storing it
    std::int64_t changed;  ///< dat_ultvar as ticks
    /// The platform's fields (Id, ts_update, dat_ultvar) the record was sent with, as far as a policy kept them in
    /// before_store: none in the reference, which never takes them from a sender (000 §1).
    nlohmann::json sent_platform_fields = nlohmann::json::object();
};

class Policy {
public:
    virtual ~Policy() = default;

    // --- auth and access (000 §5) ---
    /// Whom a request without a valid token is served as (`first`: the first configured user): nobody, it is refused
    /// 401 (000 §5 rule 3).
    virtual std::optional<User> unauthenticated_user(const httplib::Request&, const std::string& /*token*/,
                                                     const User* /*first*/) const {
        return std::nullopt;
    }
    /// Whether tokens expire (000 §5 rule 3).
    virtual bool tokens_expire() const { return true; }
    /// Whether POST /Token takes `password` as `user`'s (000 §5 rule 1).
    virtual bool password_accepted(const User& user, const std::string& password) const {
        return user.password == password;
    }
    /// What a 401 names in WWW-Authenticate (`invalid_token`: a token was sent): the Bearer scheme of OAuth 2.0 (000
    /// §5 rules 1-2, A-116); none: no header.
    virtual std::optional<std::string> challenge(bool invalid_token) const {
        return invalid_token ? "Bearer error=\"invalid_token\"" : "Bearer";
    }
    /// Whether GET /api/Account/TokenInfo is served (000 §5 rule 5).
    virtual bool serves_token_info() const { return true; }
    /// The resource `name` in the path of `endpoint` names for `user`: the catalogue's resource of exactly that name
    /// (000 §1: names are case-sensitive) when the user may use it (000 §5 rule 4, whatever the endpoint), else none
    /// (403).
    virtual const Record* resource(const Catalogue& catalogue, const User& user, const std::string& name,
                                   Endpoint endpoint) const;
    /// The answer to a request on `endpoint` naming `name`, which does not exist (`exists` false) or the user may not
    /// use: 403 (000 §4.1, §5 rule 4, §7).
    virtual void answer_to_forbidden(const Variation& variation, httplib::Response& res, const std::string& name,
                                     bool exists, Endpoint endpoint) const;
    /// Whether `user` may POST sync (000 §5 rule 4).
    virtual bool may_write(const User& user) const { return user.can_write; }
    /// The answer to POST sync of `body` on the read-only view `name`: refused with the choice's status (000 §4.4,
    ///
    virtual void answer_to_read_only_write(const Variation& variation, httplib::Response& res, const std::string& name,
                                           const std::string& body) const;

    // --- reads (000 §4.1-4.3) ---
    /// The raw PageSize and PageNumber, before they are read.
    virtual void paging_input(std::optional<std::string>& /*size*/, std::optional<std::string>& /*number*/) const {}
    /// The paging read (the choices applied).
    virtual void paging(ListQuery&) const {}
    /// The index of a page's first row, (PageNumber - 1) x PageSize, computed wide enough for any two int32 (000 §4.1:
    /// both are int32, so a page far out is empty); none: the database refused it (answered 500).
    virtual std::optional<std::size_t> page_offset(std::size_t size, std::size_t number) const {
        return (number - 1) * size;
    }
    /// The RecordSelection a read applies: the one sent (000 §4.1 rule 1, §4.2).
    virtual std::optional<std::string> selection_applied(std::optional<std::string> sent, Endpoint) const {
        return sent;
    }
    /// How the database reads the RecordSelection (`r`: the engine's, stub/variation/engine.hpp): unchanged.
    virtual void reading(Reading& /*r*/) const {}
    /// The instant a change feed lists the changes after: LastUtcRun, read as UTC (000 §4.3).
    virtual std::optional<std::int64_t> feed_after(std::optional<std::int64_t> last_utc_run) const {
        return last_utc_run;
    }
    /// Why a change feed after `last_utc_run` (100 ns ticks, as read) fails on the server's side: it does not (000
    /// §4.3 reads any instant in the seeds' form); a reason is answered 500.
    virtual std::optional<std::string> feed_server_error(std::int64_t /*last_utc_run*/) const { return std::nullopt; }
    /// The order a POST query answers in: its OrderBy (000 §4.2).
    virtual std::vector<OrderBy> order_applied(std::vector<OrderBy> sent) const { return sent; }
    /// Whether a row is listed, once the choices listed it (`deleted`: its flg_isdeleted is true).
    virtual bool visible(bool /*deleted*/, const ListQuery&) const { return true; }
    /// The tenants whose rows a read of `resource` by `user` on `endpoint` sees, the user's first: the user's own (000
    /// §1, whatever the endpoint).
    virtual std::vector<int> tenants_visible(const User& user, const Record& /*resource*/, const Store&,
                                             Endpoint /*endpoint*/) const {
        return {user.customer_ID};
    }
    /// Whether a read may find its rows by key, index or change instant and derive only what its selection reads
    /// (RowSource): yes, unless total_rows_count counts rows such a read does not visit.
    virtual bool narrows_reads() const { return true; }
    /// Whether the list must be collected whole before paging (the choices aside).
    virtual bool needs_all_rows(const ListQuery&) const { return false; }
    /// Every matching row, ordered (the choices applied), and the index of the page's first row.
    virtual void arrange(const Record&, const ListQuery&, std::vector<nlohmann::json>& /*rows*/,
                         std::size_t& /*first*/) const {}
    /// TotalRowsCount of `user`'s list of `resource`, of `matching` rows, `page_rows` of them on the page, `read` rows
    /// read (every row of the resource when reads are not narrowed): the matching rows, as they are now (000 §4.1,
    /// §4.4 Check).
    virtual std::size_t total_rows_count(const User& /*user*/, const Record& /*resource*/, const ListQuery&,
                                         std::size_t matching, std::size_t /*page_rows*/, std::size_t /*read*/) const {
        return matching;
    }
    /// A row as answered (complete, choices applied).
    virtual void present(nlohmann::json& /*row*/) const {}
    /// TotalRowsCount as a list of `endpoint` answers it, `page_rows` rows on its page: the count `total`, a JSON
    /// number (000 §4.1, §4.3 "with TotalRowsCount"); none: left out.
    virtual std::optional<nlohmann::json> total_answered(Endpoint, std::size_t /*page_rows*/, std::size_t total) const {
        return nlohmann::json(total);
    }

    // --- writes (000 §4.4) ---
    /// A sent record before validation, once the choices dropped what they ignore. A policy that overrides it says so
    /// in edits_sent (the stub copies a block only when it may be edited).
    virtual void before_validate(const Record&, nlohmann::json& /*sent*/) const {}
    virtual bool edits_sent() const { return false; }
    /// The block a POST sync body sends: the body, which must be an array (000 §1).
    virtual nlohmann::json block_sent(nlohmann::json body) const { return body; }
    /// Why the block read (`block`, before it is validated) fails on the server's side: it does not (000 §1: a POST
    /// sync body is an array of records, any number of them); a reason is answered 500.
    virtual std::optional<std::string> block_server_error(const nlohmann::json& /*block*/) const {
        return std::nullopt;
    }
    /// Whether a decimal is stored from the text it was sent in, every digit (a decimal column is exact: A-120).
    virtual bool keeps_decimal_digits() const { return true; }
    /// Whether an accepted block of `size` records writes every row of its resource of the tenant again: no, it
    /// writes its own records (000 §4.4).
    virtual bool touches_every_row(std::size_t /*size*/) const { return false; }
    /// The most records a block may hold: the choice's.
    virtual std::size_t max_block_records(std::size_t chosen) const { return chosen; }
    /// Whether a violation the choices keep refuses the block.
    virtual bool keep_violation(const Record&, const nlohmann::json& /*sent*/, const Violation&) const { return true; }
    /// Refusals the reference does not make, added to a block's ({"index", "field", "pointer", "message"}).
    virtual void add_violations(const Record&, const nlohmann::json& /*block*/, nlohmann::json& /*violations*/) const {}
    /// The tenant a block is stored in: the token's user's (000 §1, §4.4).
    virtual int tenant_of_write(const User& user, const nlohmann::json& /*block*/) const { return user.customer_ID; }
    /// What is stored of a block refused at its record `first_refused` (`normalized(i)`: the record i as it would be
    /// stored): nothing (000 §4.4 failure).
    virtual std::vector<nlohmann::json> stored_of_refused_block(
        std::size_t /*first_refused*/, std::size_t /*size*/,
        const std::function<nlohmann::json(std::size_t)>& /*normalized*/) const {
        return {};
    }
    /// A normalised record before it is stored (the choices applied).
    virtual void before_store(const Record&, const nlohmann::json& /*sent*/, nlohmann::json& /*normalized*/) const {}
    /// Just before an accepted block's `records` (normalised) go into `tenant`'s store (`exists(i)`: whether the row of
    /// record i's key is there now; `now`: the change instant a record written now takes): nothing. The store then
    /// writes the block at once, under its lock, each record over the row of its key (000 §2.2 "unique within the
    /// tenant"), each with the instant of that write (000 §4.3).
    virtual void before_storing(const httplib::Request&, const Store&, int /*tenant*/,
                                std::vector<nlohmann::json>& /*records*/,
                                const std::function<bool(std::size_t)>& /*exists*/, std::int64_t /*now*/) const {}
    /// Once an accepted block of `tenant`'s is stored: nothing.
    virtual void stored(const httplib::Request&, int /*tenant*/) const {}
    /// The status of an accepted block: 200 (000 §4.4 success).
    virtual void sync_status(int& /*status*/) const {}
    /// One record being upserted over `old` (nullptr: a new key), the choices applied.
    virtual void upsert(const Row* /*old*/, nlohmann::json& /*record*/, StoreEdit&) const {}
    /// The tenants (of `tenants`, those with data) whose row holding the Id a record written into `tenant` was sent
    /// with (StoreEdit::sent_platform_fields) it updates instead of the row of its key: none, the key fields decide
    /// the record (000 §2.1 Key fields) and Id is the platform's, not the sender's (000 §1).
    virtual std::vector<int> tenants_merged_on_sent_id(int /*tenant*/, const std::vector<int>& /*tenants*/) const {
        return {};
    }
    /// The status of an error answer with `code`, before the choices' form of it.
    virtual void error_status(int& /*status*/, const std::string& /*code*/) const {}

    /// The data of `tenant` a read by `req` sees: the tenant's as it is now, whichever connection reads (000 §4.4
    /// Check: "after sending, read GET /api/resources/{Resource}").
    virtual const TenantData& data_read(const TenantData& data, int /*tenant*/, const httplib::Request&) const {
        return data;
    }

    // --- views ---
    /// The data of `tenant` the view `view` is derived from: the tenant's as it is now (001 §2.5: views show the base
    /// records).
    virtual const TenantData& data_behind_view(const TenantData& data, int /*tenant*/,
                                               const std::string& /*view*/) const {
        return data;
    }
    /// Whether the base record `base` is a row of the view `view`: MCPClienti holds the customers (ind_clifor C),
    /// MCPFornitori the suppliers (F), MCPArticoli every article (001 §2.4, §2.5).
    virtual bool in_view(const std::string& view, const nlohmann::json& base) const;
    /// A document view's whole row (nested lines), as derived.
    virtual void view_row(const std::string& /*view*/, nlohmann::json& /*row*/) const {}
    /// The record of `resource` a view of `tenant`'s joins by `key` (its key fields, customer_ID aside): `found`, the
    /// one in that tenant's data (nullptr: none; 000 §1 one tenant per record).
    virtual const nlohmann::json* joined_record(const char* /*resource*/, const std::string& /*key*/, int /*tenant*/,
                                                const nlohmann::json* found) const {
        return found;
    }
    /// Whether MCPResources, the registry of the resources offered (001 §2.3), lists `resource` to `user`: when the
    /// user may use it.
    virtual bool registry_lists(const User& user, const Record& resource) const { return user.may_use(resource.name); }
    /// A document view's field taken from another record (a header's counterpart, a line's article), as derived.
    virtual void joined_field(const std::string& /*view*/, const std::string& /*field*/,
                              nlohmann::json& /*value*/) const {}
    /// A field an MCPDocumentiR line takes from its header, as derived.
    virtual void header_field(const std::string& /*field*/, nlohmann::json& /*value*/) const {}
    /// settimana of a document dated `ticks`, as the choice gave it.
    virtual void week(std::int64_t /*ticks*/, int& /*week*/) const {}
};

}  // namespace bds::stub

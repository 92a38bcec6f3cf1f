#pragma once
/// Defects the stub can be set to (`conformance stub --defect NAME`, `conformance run --stub-defect NAME`): each
/// breaks exactly one rule of the seeds the way real servers do, leaving every other behaviour faithful. They
/// measure the harness: `conformance selfcheck` runs every suite against each and writes the kill matrix.
/// A defect is a DefectHooks object: it changes the stub at the named points of the request path where the
/// reference behaviour (and the choices) already ran; every point does nothing by default.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "stub/list_query.hpp"
#include "stub/users.hpp"

namespace bds::stub {

enum class Defect {
    None,
    // auth
    ReadsWithoutToken,
    ForgedTokenAccepted,
    ExpiredTokenAccepted,
    // access
    UnknownResource200,
    ResourceNameCaseInsensitive,
    ReaderCanWrite,
    LimitedUserAllResources,
    // pagination
    PageNumberFromZero,
    TotalCountsPage,
    TotalIgnoresFilter,
    UnstablePageOrder,
    PageSizeIgnored,
    PageBeyondEndClamped,
    // filters
    AndAsOr,
    SelectionIgnored,
    QuotesNotUnescaped,
    FirstConditionOnly,
    // sync (POST sync, stored values, platform fields)
    UpsertDuplicates,
    BlockPartlyStored,
    PostSync201,
    NonAsciiMangled,
    IdAsString,
    TsUpdateFrozen,
    // lines
    LinesDropped,
    LinesKeyNotRepeated,
    LinesAppendedOnUpdate,
    // changes (GET sync)
    FeedIgnoresLastUtcRun,
    FeedOmitsDeletions,
    FeedLocalTime,
    FeedMissesUpdates,
    FeedTotalIgnoresLastUtcRun,
    // deletion
    PhysicalDeletion,
    DeletedFlagReset,
    UndeleteIgnored,
    MissingFlagAccepted,
    // views
    ViewPostSyncAccepted,
    ViewStale,
    DocumentViewWithoutLines,
    SuppliersInClienti,
    // query
    QueryIgnoresSelection,
    QueryIgnoresOrder,
    // tenancy
    TenantRowsLeak,
    TenantFromBody,
    ViewOtherTenant,
    // validation
    OverlongTruncated,
    RequiredFieldMissingAccepted,
    MalformedJson500,
    ListedValueRefused,
    BlockCap100,
    WeekOfLoading,
    ArticlesViewEmpty,
    DocumentViewsNotJoined,
    WrongPasswordAccepted,
    TokenInfoMissing,
    ExtraFieldAnswered,
    DeletedFlagNull,
    ViewRowsDoubled,
    NullRefused,
    ObjectBodyAccepted,
    McpResourcesRefused,
    LinesWithoutHeaderData,
    UnboundedTextCapped,
    DeletionOnlyWithFeed,
    // Names are stable: add new ones at the end of their area.
};

/// One defect: its stable name (kebab-case, e.g. "reads-without-token"), the area of the seeds it breaks
/// ("auth", "access", "pagination", "filters", "sync", "lines", "changes", "deletion", "views", "query",
/// "tenancy", "validation"), the rule it breaks (a seed reference), and what the stub then does.
struct DefectInfo {
    Defect defect;
    std::string_view name;
    std::string_view area;
    std::string_view rule;
    /// The statements of the seeds it breaks (spec/requirements.json ids, joined by ", "): a check verifying one of
    /// them must catch it (the kill matrix), and `conformance coverage` counts them proved.
    std::string_view breaks;
    std::string_view description;
    /// The level of the rule it breaks: "MUST", or "SHOULD" where the seeds only recommend (a refused block
    /// storing part of itself, A-25; a 5xx for bad input, A-46; refusing a record without a required non-key
    /// field, A-76). A SHOULD defect is caught by a SHOULD check too.
    std::string_view level = "MUST";
    /// Choices without which the defect cannot show (`conformance stub --choose` form), e.g. a server that takes
    /// the tenant from the body does not also refuse customer_ID in it: applied over random choices.
    std::string_view requires_choices = "";
};

/// Every defect (None excluded), in a stable order.
const std::vector<DefectInfo>& defects();

/// The defect named `name`, or nullopt.
std::optional<Defect> defect_from_name(std::string_view name);

/// The info of `defect` (None included, named "none").
const DefectInfo& info(Defect defect);

struct Row;

/// What an upsert does with one record, as the store decided it: a defect may change it.
struct StoreEdit {
    std::string key;         ///< the row's key in its table
    bool remove = false;     ///< delete the row instead of storing it
    std::int64_t changed;    ///< dat_ultvar as ticks
};

/// The points of the request path a defect can change. Each receives what the reference path (with the
/// stub's choices) decided and may alter it; by default each leaves it as it is.
class DefectHooks {
public:
    virtual ~DefectHooks() = default;

    // --- auth and access ---
    /// A request the reference refuses 401: a user to serve it as anyway (`first` is the first configured user).
    virtual std::optional<User> admit(const httplib::Request&, const std::string& /*token*/, const User* /*first*/) const { return std::nullopt; }
    virtual bool tokens_expire() const { return true; }
    /// POST /Token issues a token to a known user whatever the password.
    virtual bool any_password() const { return false; }
    /// GET /api/Account/TokenInfo is not there (404).
    virtual bool no_token_info() const { return false; }
    /// The resource `name` resolves to for `user` (`reference`: an exact, authorised match, or nullptr).
    virtual const Record* resolve(const Catalogue&, const User&, const std::string& /*name*/, const Record* reference) const { return reference; }
    /// An unknown resource read as an empty list instead of 403.
    virtual bool unknown_resource_is_empty() const { return false; }
    virtual bool may_write(const User& user) const { return user.can_write; }
    /// POST sync on a read-only view answered 200.
    virtual bool accepts_read_only_write() const { return false; }

    // --- reads ---
    /// The raw PageSize and PageNumber, before they are read.
    virtual void paging_input(std::optional<std::string>& /*size*/, std::optional<std::string>& /*number*/) const {}
    virtual void paging(ListQuery&) const {}
    virtual void selection_text(std::optional<std::string>& /*text*/, Endpoint) const {}
    virtual void order_by(std::vector<OrderBy>&) const {}
    virtual void changed_after(std::optional<std::int64_t>&) const {}
    virtual bool visible(bool /*deleted*/, const ListQuery&) const { return true; }
    /// Reads `resource` across every tenant (the tenant filter missing).
    virtual bool all_tenants(const Record& /*resource*/) const { return false; }
    virtual bool needs_all_rows(const ListQuery&) const { return false; }
    /// Every matching row, ordered, and the index of the page's first row.
    virtual void arrange(const Record&, const ListQuery&, std::vector<nlohmann::json>& /*rows*/, std::size_t& /*first*/) const {}
    virtual void total(const ListQuery&, std::size_t& /*total*/, std::size_t /*page_rows*/, std::size_t /*unfiltered*/) const {}
    /// Whether total() reads `unfiltered`, which a read narrowed by its selection or LastUtcRun (RowSource) cannot count.
    virtual bool counts_unfiltered() const { return false; }
    /// A row as answered (complete, choices applied).
    virtual void present(nlohmann::json& /*row*/) const {}

    // --- writes ---
    /// A defect that overrides before_validate says so in edits_sent (the stub copies a block only when it may be edited).
    virtual void before_validate(const Record&, nlohmann::json& /*sent*/) const {}
    virtual bool edits_sent() const { return false; }
    virtual bool keep_violation(const Record&, const nlohmann::json& /*sent*/, const Violation&) const { return true; }
    /// Refusals the reference does not make, added to a block's ({"index", "field", "pointer", "message"}).
    virtual void add_violations(const Record&, const nlohmann::json& /*block*/, nlohmann::json& /*violations*/) const {}
    virtual int write_tenant(int tenant, const nlohmann::json& /*block*/) const { return tenant; }
    /// How many records before the first refused one are stored all the same.
    virtual std::size_t stored_despite_refusal(std::size_t /*first_refused*/) const { return 0; }
    virtual void before_store(const nlohmann::json& /*sent*/, nlohmann::json& /*normalized*/) const {}
    virtual void sync_status(int& /*status*/) const {}
    /// A POST sync body that is one JSON object taken as a block of that one record.
    virtual bool wraps_object() const { return false; }
    /// The most records a block may hold, given the choice's.
    virtual std::size_t block_cap(std::size_t cap) const { return cap; }
    /// One record being upserted over `old` (nullptr: a new key).
    virtual void upsert(const Row* /*old*/, nlohmann::json& /*record*/, StoreEdit&) const {}
    virtual void error_status(int& /*status*/, const std::string& /*code*/) const {}

    // --- views ---
    /// Views keep showing the base records as they were at their first read.
    virtual bool views_frozen() const { return false; }
    virtual bool in_view(const std::string& /*view*/, const nlohmann::json& /*base*/, bool reference) const { return reference; }
    virtual void view_row(const std::string& /*view*/, nlohmann::json& /*row*/) const {}
    /// A document view's field taken from another record (a header's counterpart, a line's article), as derived.
    virtual void joined_field(const std::string& /*view*/, const std::string& /*field*/, nlohmann::json& /*value*/) const {}
    /// A field an MCPDocumentiR line takes from its header, as derived.
    virtual void header_field(const std::string& /*field*/, nlohmann::json& /*value*/) const {}
    /// settimana of a document dated `ticks`, as the reference (and A-39) gave it.
    virtual void week(std::int64_t /*ticks*/, int& /*week*/) const {}
};

/// The hooks of `defect` (None: the faithful stub, every hook as is).
std::unique_ptr<DefectHooks> make_defect(Defect defect);

}  // namespace bds::stub

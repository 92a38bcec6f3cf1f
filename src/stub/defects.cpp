// The catalogue of defects the stub can be set to: one rule of the seeds broken the way real servers do.
#include "stub/defects.hpp"

#include <algorithm>

namespace bds::stub {
namespace {

const std::vector<DefectInfo> kDefects = {
    // auth
    {Defect::ReadsWithoutToken, "reads-without-token", "auth", "000 §5 rule 3",
     "a GET without an Authorization header is served as the first configured user instead of answered 401"},
    {Defect::ForgedTokenAccepted, "forged-token-accepted", "auth", "000 §5 rule 3",
     "any unknown bearer token is accepted and served as the first configured user"},
    {Defect::ExpiredTokenAccepted, "expired-token-accepted", "auth", "000 §5 rule 3",
     "tokens never expire: an expired token is still accepted"},
    // access
    {Defect::UnknownResource200, "unknown-resource-200", "access", "000 §4.1 response 403",
     "GET of a resource that does not exist answers 200 with no records instead of 403"},
    {Defect::ResourceNameCaseInsensitive, "resource-name-case-insensitive", "access", "000 §1 resource names are case-sensitive",
     "resource names in the path are matched without case (/api/resources/clifor reads CliFor)"},
    {Defect::ReaderCanWrite, "reader-can-write", "access", "000 §5 rule 4",
     "a user not enabled for writing may POST sync (the write flag is not checked)"},
    {Defect::LimitedUserAllResources, "limited-user-all-resources", "access", "000 §5 rule 4",
     "a user limited to some resources may read and write every resource"},
    // pagination
    {Defect::PageNumberFromZero, "page-number-from-zero", "pagination", "000 §8 pages start at 1",
     "PageNumber counts from 0: PageNumber=1 answers the second page and PageNumber=0 the first"},
    {Defect::TotalCountsPage, "total-counts-page", "pagination", "000 §4.1 TotalRowsCount",
     "TotalRowsCount is the number of records on the page, not of every matching record"},
    {Defect::TotalIgnoresFilter, "total-ignores-filter", "pagination", "000 §4.1 TotalRowsCount",
     "TotalRowsCount counts every record of the resource, ignoring RecordSelection and LastUtcRun"},
    {Defect::UnstablePageOrder, "unstable-page-order", "pagination", "000 §4.1 PageNumber",
     "no stable order across pages: even pages are cut from the records in reverse key order, so pages overlap and miss records"},
    {Defect::PageSizeIgnored, "page-size-ignored", "pagination", "000 §4.1 PageSize",
     "PageSize and PageNumber are ignored: every record is answered at once"},
    {Defect::PageBeyondEndClamped, "page-beyond-end-clamped", "pagination", "000 §4.1 PageNumber",
     "a PageNumber past the last page answers the last page again instead of no records"},
    // filters
    {Defect::AndAsOr, "and-as-or", "filters", "000 §4.1 rule 1",
     "AND in RecordSelection is evaluated as OR"},
    {Defect::SelectionIgnored, "selection-ignored", "filters", "000 §4.1 rule 1",
     "RecordSelection on GET resources is ignored: every record is answered"},
    {Defect::QuotesNotUnescaped, "quotes-not-unescaped", "filters", "000 §4.1 RecordSelection quoted text",
     "a doubled quote ('') inside a quoted text is not unescaped, so O''Brien looks for O''Brien"},
    {Defect::FirstConditionOnly, "first-condition-only", "filters", "000 §4.1 rule 2",
     "only the condition before the first AND of RecordSelection is applied"},
    // sync
    {Defect::UpsertDuplicates, "upsert-duplicates", "sync", "000 §2.1 key fields",
     "re-sending a record with an existing key inserts a second row instead of updating the first"},
    {Defect::BlockPartlyStored, "block-partly-stored", "sync", "000 §4.4 failure",
     "a refused block keeps the records before the first invalid one stored (A-25: a SHOULD)", "SHOULD"},
    {Defect::PostSync201, "post-sync-201", "sync", "000 §4.4 success: status 200",
     "an accepted block is answered 201 Created instead of 200"},
    {Defect::NonAsciiMangled, "non-ascii-mangled", "sync", "000 §1 bodies are JSON in UTF-8",
     "non-ASCII characters of sent text are stored as '?'"},
    {Defect::IdAsString, "id-as-string", "sync", "000 §2.2 Id int",
     "Id is answered as a JSON string instead of a number"},
    {Defect::TsUpdateFrozen, "ts-update-frozen", "sync", "000 §2.2 ts_update timestamp (rowversion)",
     "ts_update never changes when a record is updated"},
    // lines
    {Defect::LinesDropped, "lines-dropped", "lines", "000 §2.2 rule: a POST publishes the header and its nested lines",
     "the nested StoricoDocumentiR lines of a sent document are dropped on store"},
    {Defect::LinesKeyNotRepeated, "lines-key-not-repeated", "lines", "000 §2.1 each line repeats the key_documento of its header",
     "lines sent without key_documento are stored and read without it"},
    {Defect::LinesAppendedOnUpdate, "lines-appended-on-update", "lines", "000 §2.2 rule: a POST publishes the header and its nested lines",
     "re-sending a document appends its lines to the stored ones instead of replacing them"},
    // changes
    {Defect::FeedIgnoresLastUtcRun, "feed-ignores-last-utc-run", "changes", "000 §4.3 records changed after LastUtcRun",
     "GET sync answers every record whatever LastUtcRun says"},
    {Defect::FeedOmitsDeletions, "feed-omits-deletions", "changes", "000 §4.3 records changed after LastUtcRun",
     "GET sync leaves out records whose flg_isdeleted is true, so deletions never reach the reader"},
    {Defect::FeedLocalTime, "feed-local-time", "changes", "000 §4.3 LastUtcRun is UTC",
     "LastUtcRun is read as Italian local time (UTC+1), so records changed in the hour before it are answered again"},
    {Defect::FeedMissesUpdates, "feed-misses-updates", "changes", "000 §4.3 records changed after LastUtcRun",
     "an update keeps the record's first dat_ultvar, so updated records never reappear in the feed"},
    // deletion
    {Defect::PhysicalDeletion, "physical-deletion", "deletion", "000 §1 deletion is logical",
     "a record sent with flg_isdeleted true is removed instead of kept with the flag set"},
    {Defect::DeletedFlagReset, "deleted-flag-reset", "deletion", "000 §1 deletion is logical",
     "deleted records are answered with flg_isdeleted false"},
    {Defect::UndeleteIgnored, "undelete-ignored", "deletion", "000 §4.4 deletion: flg_isdeleted false on active records",
     "once deleted, a record stays deleted when sent again with flg_isdeleted false"},
    {Defect::MissingFlagAccepted, "missing-flag-accepted", "deletion", "000 §1 flg_isdeleted (bit, required)",
     "a record without flg_isdeleted is accepted and stored as active"},
    // views
    {Defect::ViewPostSyncAccepted, "view-post-sync-accepted", "views", "000 §4.4 read-only MCP views have no POST",
     "POST sync on a read-only view answers 200 (nothing is stored)"},
    {Defect::ViewStale, "view-stale", "views", "001 §2.5 views show the base records",
     "views are derived once and never refreshed after a write"},
    {Defect::DocumentViewWithoutLines, "document-view-without-lines", "views", "001 §2.6 each header contains its lines in MCPDocumentiR",
     "MCPDocumentiT rows carry an empty MCPDocumentiR list"},
    {Defect::SuppliersInClienti, "suppliers-in-clienti", "views", "001 §2.5 MCPClienti holds customers",
     "MCPClienti also lists suppliers (ind_clifor F)"},
    // query
    {Defect::QueryIgnoresSelection, "query-ignores-selection", "query", "000 §4.2 search with filters",
     "POST query ignores the RecordSelection of its body"},
    {Defect::QueryIgnoresOrder, "query-ignores-order", "query", "000 §4.2 search with ordering",
     "POST query ignores the OrderBy of its body and answers in key order"},
    // tenancy
    {Defect::TenantRowsLeak, "tenant-rows-leak", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "reads of base resources also answer the rows of every other tenant"},
    {Defect::TenantFromBody, "tenant-from-body", "tenancy", "000 §4.4 customer_ID is not part of the sent record",
     "a block whose first record carries customer_ID is stored in that tenant instead of the token's"},
    {Defect::ViewOtherTenant, "view-other-tenant", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "MCP views also answer the rows of every other tenant"},
    // validation
    {Defect::OverlongTruncated, "overlong-truncated", "validation", "000 §1 field types nvarchar(n)",
     "text longer than its field's length is silently truncated and accepted instead of refused"},
    {Defect::RequiredFieldMissingAccepted, "required-field-missing-accepted", "validation", "000 §2.1 fields required in a sent record",
     "a record missing a required non-key field (e.g. des_marca of MarcaArticoli) is accepted"},
    {Defect::MalformedJson500, "malformed-json-500", "validation", "000 §7; A-46",
     "a malformed JSON body of POST sync is answered 500 instead of a 4xx (A-46: a SHOULD)", "SHOULD"},
};

const DefectInfo kNone{Defect::None, "none", "", "", "the faithful reference stub"};

}  // namespace

const std::vector<DefectInfo>& defects() { return kDefects; }

std::optional<Defect> defect_from_name(std::string_view name) {
    if (name == kNone.name) return Defect::None;
    const auto it = std::find_if(kDefects.begin(), kDefects.end(), [&](const DefectInfo& d) { return d.name == name; });
    if (it == kDefects.end()) return std::nullopt;
    return it->defect;
}

const DefectInfo& info(Defect defect) {
    const auto it = std::find_if(kDefects.begin(), kDefects.end(), [&](const DefectInfo& d) { return d.defect == defect; });
    return it == kDefects.end() ? kNone : *it;
}

}  // namespace bds::stub

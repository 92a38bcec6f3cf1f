// The defects the stub can be set to, as a table: each with its class (defects/*.hpp, by area), the rule of the seeds
// it breaks and the statements (spec/requirements.json) it breaks. A defect is a row here and its class.
#include "stub/variation/defects.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "stub/variation/defects/access.hpp"
#include "stub/variation/defects/changes.hpp"
#include "stub/variation/defects/filter_edges.hpp"
#include "stub/variation/defects/filters.hpp"
#include "stub/variation/defects/joins.hpp"
#include "stub/variation/defects/limits.hpp"
#include "stub/variation/defects/pagination.hpp"
#include "stub/variation/defects/platform_fields.hpp"
#include "stub/variation/defects/races.hpp"
#include "stub/variation/defects/sync.hpp"
#include "stub/variation/defects/validation.hpp"
#include "stub/variation/defects/views.hpp"

namespace bds::stub {
namespace {

using namespace defect_policies;

/// A row's class, made: a new `T`.
template <class T>
std::unique_ptr<Policy> make() {
    return std::make_unique<T>();
}

const std::vector<DefectInfo> kDefects = {
    // auth
    {make<ReadsWithoutToken>, "reads-without-token", "auth", "000 §5 rule 3",
     "000-5-rule3-401, 000-4.1-response-401, 000-7-status-401, 000-4.3-auth",
     "a GET without an Authorization header is served as the first configured user instead of answered 401"},
    {make<ForgedTokenAccepted>, "forged-token-accepted", "auth", "000 §5 rule 3",
     "000-5-rule3-401, 000-4.1-response-401, 000-7-status-401",
     "any unknown bearer token is accepted and served as the first configured user"},
    {make<ExpiredTokenAccepted>, "expired-token-accepted", "auth", "000 §5 rule 3", "000-5-rule3-401",
     "tokens never expire: an expired token is still accepted"},
    {make<WrongPasswordAccepted>, "wrong-password-accepted", "auth", "000 §5 rule 1",
     "000-5-rule1-oauth, 000-4-post-token, 000-1-cap1-token",
     "POST /Token issues a token to a known user whatever the password"},
    {make<TokenInfoMissing>, "tokeninfo-missing", "auth", "000 §5 rule 5",
     "000-5-rule5-tokeninfo, 000-4-get-tokeninfo, 000-1-cap1-token",
     "GET /api/Account/TokenInfo answers 404: the route is not there"},
    // access
    {make<UnknownResource200>, "unknown-resource-200", "access", "000 §4.1 response 403",
     "000-4.1-response-403, 000-7-status-403, 000-4-resource-from-catalogue, 000-4.1-resource-param",
     "GET of a resource that does not exist answers 200 with no records instead of 403"},
    {make<ResourceNameCaseInsensitive>, "resource-name-case-insensitive", "access",
     "000 §1 resource names are case-sensitive", "000-1-case-sensitive-names",
     "resource names in the path are matched without case (/api/resources/clifor reads CliFor)"},
    {make<ReaderCanWrite>, "reader-can-write", "access", "000 §5 rule 4", "000-5-rule4-writing, 000-4.4-auth",
     "a user not enabled for writing may POST sync (the write flag is not checked)"},
    {make<LimitedUserAllResources>, "limited-user-all-resources", "access", "000 §5 rule 4",
     "000-5-rule4-403, 000-4.1-response-403", "a user limited to some resources may read and write every resource"},
    // pagination
    {make<PageNumberFromZero>, "page-number-from-zero", "pagination", "000 §8 pages start at 1",
     "000-8-pages-start-at-1, 000-4.1-pagenumber, 000-4.3-pagination",
     "PageNumber counts from 0: PageNumber=1 answers the second page and PageNumber=0 the first"},
    {make<TotalCountsPage>, "total-counts-page", "pagination", "000 §4.1 TotalRowsCount", "000-4.1-response-200",
     "TotalRowsCount is the number of records on the page, not of every matching record"},
    {make<TotalIgnoresFilter>, "total-ignores-filter", "pagination", "000 §4.1 TotalRowsCount", "000-4.1-response-200",
     "TotalRowsCount counts every record of the resource, ignoring RecordSelection and LastUtcRun"},
    {make<UnstablePageOrder>, "unstable-page-order", "pagination", "000 §4.1 PageNumber", "000-4.1-pagenumber",
     "no stable order across pages: even pages are cut from the records in reverse key order, so pages overlap and miss records"},
    {make<PageSizeIgnored>, "page-size-ignored", "pagination", "000 §4.1 PageSize",
     "000-4.1-pagesize, 000-1-cap2-list, 000-4-get-resources, 001-intro-read-operations",
     "PageSize and PageNumber are ignored: every record is answered at once"},
    {make<PageBeyondEndClamped>, "page-beyond-end-clamped", "pagination", "000 §4.1 PageNumber", "000-4.1-pagenumber",
     "a PageNumber past the last page answers the last page again instead of no records"},
    // filters
    {make<AndAsOr>, "and-as-or", "filters", "000 §4.1 rule 1",
     "000-4.1-rule1-selection, 000-4.1-recordselection, 000-4.1-recordselection-shape, "
     "001-2.6-example-filter, 001-2.7-example-filter, 000-4.1-rule3-filter-large-views, "
     "001-2.7-always-filter",
     "AND in RecordSelection is evaluated as OR"},
    {make<SelectionIgnored>, "selection-ignored", "filters", "000 §4.1 rule 1", "000-4.1-rule1-selection",
     "RecordSelection on GET resources is ignored: every record is answered"},
    {make<QuotesNotUnescaped>, "quotes-not-unescaped", "filters", "000 §4.1 RecordSelection quoted text",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "a doubled quote ('') inside a quoted text is not unescaped, so O''Brien looks for O''Brien"},
    {make<FirstConditionOnly>, "first-condition-only", "filters", "000 §4.1 rule 2",
     "000-4.1-rule1-selection, 000-4.1-rule2-counterpart",
     "only the condition before the first AND of RecordSelection is applied"},
    // sync
    {make<UpsertDuplicates>, "upsert-duplicates", "sync", "000 §2.1 key fields",
     "000-4.4-success, 000-2.2-key-documento, 000-2.2-storicodocumentit-key, 000-2.3-codicidocumento-key, "
     "001-2.1-clifor-key, 001-2.2-articoli-key",
     "re-sending a record with an existing key inserts a second row instead of updating the first"},
    {make<BlockPartlyStored>, "block-partly-stored", "sync", "000 §4.4 failure", "000-4.4-failure",
     "a refused block keeps the records before the first invalid one stored (A-25: a SHOULD)", "SHOULD"},
    {make<PostSync201>, "post-sync-201", "sync", "000 §4.4 success: status 200",
     "000-4.4-success, 000-7-status-200, 000-4-post-sync, 001-intro-post-sync",
     "an accepted block is answered 201 Created instead of 200"},
    {make<NonAsciiMangled>, "non-ascii-mangled", "sync", "000 §1 bodies are JSON in UTF-8", "000-1-json-utf8",
     "non-ASCII characters of sent text are stored as '?'"},
    {make<IdAsString>, "id-as-string", "sync", "000 §2.2 Id int", "001-2-platform-managed",
     "Id is answered as a JSON string instead of a number"},
    {make<TsUpdateFrozen>, "ts-update-frozen", "sync", "000 §2.2 ts_update timestamp (rowversion)",
     "000-4.4-platform-managed, 000-1-platform-fields", "ts_update never changes when a record is updated"},
    // lines
    {make<LinesDropped>, "lines-dropped", "lines", "000 §2.2 rule: a POST publishes the header and its nested lines",
     "000-2.2-header-and-lines-together, 000-2.1-lines-readable, 000-1-list-nested, "
     "000-2.1-catalogue-storicodocumentir",
     "the nested StoricoDocumentiR lines of a sent document are dropped on store"},
    {make<LinesKeyNotRepeated>, "lines-key-not-repeated", "lines",
     "000 §2.1 each line repeats the key_documento of its header", "000-2.1-lines-repeat-key",
     "lines sent without key_documento are stored and read without it"},
    {make<LinesAppendedOnUpdate>, "lines-appended-on-update", "lines",
     "000 §2.2 rule: a POST publishes the header and its nested lines", "000-2.2-header-and-lines-together",
     "re-sending a document appends its lines to the stored ones instead of replacing them"},
    // changes
    {make<FeedIgnoresLastUtcRun>, "feed-ignores-last-utc-run", "changes", "000 §4.3 records changed after LastUtcRun",
     "000-4.3-response-200, 000-4-get-sync, 000-4.3-documented-resources",
     "GET sync answers every record whatever LastUtcRun says"},
    {make<FeedOmitsDeletions>, "feed-omits-deletions", "changes", "000 §4.3 records changed after LastUtcRun",
     "000-4.3-response-200, 000-1-deletion-logical, 000-4.3-lastutcrun-1900",
     "GET sync leaves out records whose flg_isdeleted is true, so deletions never reach the reader"},
    {make<FeedLocalTime>, "feed-local-time", "changes", "000 §4.3 LastUtcRun is UTC",
     "000-4.3-lastutcrun, 000-4.3-response-200",
     "LastUtcRun is read as Italian local time (UTC+1), so records changed in the hour before it are answered again"},
    {make<FeedMissesUpdates>, "feed-misses-updates", "changes", "000 §4.3 records changed after LastUtcRun",
     "000-4.3-response-200",
     "an update keeps the record's first dat_ultvar, so updated records never reappear in the feed"},
    {make<FeedTotalIgnoresLastUtcRun>, "feed-total-ignores-last-utc-run", "changes", "000 §4.3 TotalRowsCount; A-110",
     "000-4.3-response-200",
     "the change feed's TotalRowsCount counts every record of the resource, not those changed after LastUtcRun (A-110: a SHOULD)",
     "SHOULD"},
    // deletion
    {make<PhysicalDeletion>, "physical-deletion", "deletion", "000 §1 deletion is logical",
     "000-1-deletion-logical, 000-3-record-deletion",
     "a record sent with flg_isdeleted true is removed instead of kept with the flag set"},
    {make<DeletedFlagReset>, "deleted-flag-reset", "deletion", "000 §1 deletion is logical",
     "000-1-deletion-logical, 000-3-record-deletion", "deleted records are answered with flg_isdeleted false"},
    {make<UndeleteIgnored>, "undelete-ignored", "deletion", "000 §4.4 deletion: flg_isdeleted false on active records",
     "000-4.4-deletion", "once deleted, a record stays deleted when sent again with flg_isdeleted false"},
    {make<MissingFlagAccepted>, "missing-flag-accepted", "deletion", "000 §1 flg_isdeleted (bit, required)",
     "001-2-flg-isdeleted, 000-2.1-minimal-record, 000-2.1-required-storicodocumentit, "
     "000-2.1-required-codicidocumento, 000-2.1-required-articoli, 000-2.1-required-famiglia, "
     "000-2.1-required-sottofamiglia, 000-2.1-required-marcaarticoli, 000-2.1-required-clifor, "
     "000-2.1-required-macrocategclifor, 000-2.1-required-categclifor, 000-2.1-required-condpagam, "
     "000-2.1-required-aliquoteiva, 000-2.1-required-statiesteri, 001-2.1-clifor-required, "
     "001-2.2-articoli-required",
     "a record without flg_isdeleted is accepted and stored as active (A-76: refusing it is a SHOULD)", "SHOULD"},
    {make<DeletionOnlyWithFeed>, "deletion-only-with-feed", "deletion",
     "000 §1: each record carries flg_isdeleted; deletion is logical", "000-4.4-deletion, 000-1-deletion-logical",
     "flg_isdeleted true is stored false on every resource without a change feed"},
    // views
    {make<ViewPostSyncAccepted>, "view-post-sync-accepted", "views", "000 §4.4 read-only MCP views have no POST",
     "000-4.4-read-only-no-post", "POST sync on a read-only view answers 200 (nothing is stored)"},
    {make<ViewStale>, "view-stale", "views", "001 §2.5 views show the base records", "000-1-cap5-views",
     "views are derived once and never refreshed after a write"},
    {make<DocumentViewWithoutLines>, "document-view-without-lines", "views",
     "001 §2.6 each header contains its lines in MCPDocumentiR",
     "001-2.6-lines-nested, 000-2.1-catalogue-mcpdocumentit", "MCPDocumentiT rows carry an empty MCPDocumentiR list"},
    {make<SuppliersInClienti>, "suppliers-in-clienti", "views", "001 §2.5 MCPClienti holds customers",
     "000-4.1-rule2-counterpart, 001-2.1-read-customers-suppliers, 000-2.1-rel-clifor-c-f"
     ", 001-2.1-ind-clifor",
     "MCPClienti also lists suppliers (ind_clifor F)"},
    // query
    {make<QueryIgnoresSelection>, "query-ignores-selection", "query", "000 §4.2 search with filters",
     "000-4.2-query, 000-1-cap3-query, 000-4-post-query, 000-4.2-listed-for-mcpclienti, "
     "001-2.5-mcpclienti-query",
     "POST query ignores the RecordSelection of its body"},
    {make<QueryIgnoresOrder>, "query-ignores-order", "query", "000 §4.2 search with ordering", "000-4.2-query",
     "POST query ignores the OrderBy of its body and answers in key order"},
    // tenancy
    {make<TenantRowsLeak>, "tenant-rows-leak", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "000-1-tenant, 001-2-customer-id", "reads of base resources also answer the rows of every other tenant"},
    {make<TenantFromBody>, "tenant-from-body", "tenancy", "000 §4.4 customer_ID is not part of the sent record",
     "000-1-tenant, 000-4.4-customer-id-not-sent",
     "a block whose first record carries customer_ID is stored in that tenant instead of the token's", "MUST",
     "A-26=ignored"},
    {make<ViewOtherTenant>, "view-other-tenant", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "000-1-tenant", "MCP views also answer the rows of every other tenant"},
    // validation
    {make<OverlongTruncated>, "overlong-truncated", "validation", "000 §1 field types nvarchar(n)",
     "000-1-field-types, 001-2.1-classification-types",
     "text longer than its field's length is silently truncated and accepted instead of refused"},
    {make<RequiredFieldMissingAccepted>, "required-field-missing-accepted", "validation",
     "000 §2.1 fields required in a sent record",
     "000-2.1-minimal-record, 000-2.1-required-codicidocumento, 000-2.1-required-marcaarticoli",
     "a record missing a required non-key field (e.g. des_marca of MarcaArticoli) is accepted (A-76: refusing it is a SHOULD)",
     "SHOULD"},
    {make<MalformedJson500>, "malformed-json-500", "validation", "000 §7; A-46", "000-7-malformed-statuses-not-shown",
     "a malformed JSON body of POST sync is answered 500 instead of a 4xx (A-46: a SHOULD)", "SHOULD"},
    {make<ListedValueRefused>, "listed-value-refused", "validation",
     "000 §2.2, §2.3, §2.6; 001 §2.1, §2.2: allowed values",
     "000-2.2-ind-stato-evas, 000-2.3-ind-input-num-doc, 000-2.3-ind-controparte, 000-2.3-ind-tipo-fattura, "
     "000-2.3-ind-ctr-esist-disp, 000-2.3-ind-qta-esistenza, 000-2.3-ind-modo-ins, 000-2.3-ind-stapers, "
     "000-2.6-flg-iva-esente, 001-2.1-ind-sesso, 001-2.1-ind-venacq, 001-2.1-num-mese-escl, "
     "001-2.1-num-gio-mese-suc, 001-2.1-num-gio-chiusura, 001-2.1-ind-fido-impegni, "
     "001-2.1-ind-fido-doc-evas, 001-2.1-ind-bloccato, 001-2.1-ind-gest-omaggio, 001-2.2-flg-art-alt, "
     "000-3-document-fulfilment",
     "a record carrying the last value the seeds list for a field (ind_stato_evas I, ind_sesso F, …) is refused"},
    {make<ExtraFieldAnswered>, "extra-field-answered", "validation", "000 §2, 001 §2: the fields of each record",
     "000-2.1-catalogue-storicodocumentit, 000-2.1-catalogue-codicidocumento, 000-2.1-catalogue-articoli, "
     "000-2.1-catalogue-famiglia, 000-2.1-catalogue-sottofamiglia, 000-2.1-catalogue-marcaarticoli, "
     "000-2.1-catalogue-clifor, 000-2.1-catalogue-macrocategclifor, 000-2.1-catalogue-categclifor, "
     "000-2.1-catalogue-condpagam, 000-2.1-catalogue-aliquoteiva, 000-2.1-catalogue-statiesteri, "
     "000-2.1-catalogue-mcpresources, 000-2.1-catalogue-mcparticoli, 000-2.1-catalogue-mcpclienti, "
     "000-2.1-catalogue-mcpfornitori, 000-2.1-catalogue-mcpdocumentit, 000-2.1-catalogue-mcpdocumentir, "
     "000-2.2-storicodocumentit-fields, 000-2.3-codicidocumento-fields, 000-2.4-famiglia-fields, "
     "000-2.4-sottofamiglia-fields, 000-2.4-marcaarticoli-fields, 000-2.5-macrocategclifor-fields, "
     "000-2.5-categclifor-fields, 000-2.6-condpagam-fields, 000-2.6-aliquoteiva-fields, "
     "000-2.6-statiesteri-fields, 001-2.1-clifor-fields, 001-2.2-articoli-fields, "
     "001-2.3-mcpresources-fields, 001-2.4-mcparticoli-fields, 001-2.5-mcpclienti-fields, "
     "001-2.6-mcpdocumentit-fields, 001-2.7-mcpdocumentir-fields, 001-2.7-no-cost-no-fulfilled-refs, "
     "000-1-field-types",
     "every answered record carries val_costo, a column the seeds do not list (an internal cost column leaking)"},
    {make<DeletedFlagNull>, "deleted-flag-null", "deletion", "000 §1, 001 §2: flg_isdeleted bit not null",
     "001-2-flg-isdeleted, 000-2.2-storicodocumentit-nullability, 000-2.3-codicidocumento-nullability, "
     "001-2.3-mcpresources-nullability, 001-2.4-mcparticoli-nullability, 001-2.4-mcparticoli-required, "
     "001-2.5-mcpclienti-required, 001-2.6-mcpdocumentit-required, 001-2.7-mcpdocumentir-required",
     "every answered record shows flg_isdeleted null"},
    {make<NullRefused>, "null-refused", "validation", "000 §2, 001 §2: fields nullable unless flagged",
     "000-2.2-storicodocumentit-nullability, 000-2.4-famiglia-nullability, 000-2.6-statiesteri-nullability, 001-2-nullable-unless-flagged",
     "a record with an explicit null in a field the seeds say is nullable is refused (NOT NULL columns)"},
    {make<ObjectBodyAccepted>, "object-body-accepted", "sync",
     "000 §1, §4.4: bodies of POST sync are arrays of records", "000-1-sync-body-array, 000-4.4-body",
     "a POST sync body that is one JSON object is stored as a block of that one record"},
    {make<UnboundedTextCapped>, "unbounded-text-capped", "validation", "000 §1: a length of -1 is unbounded text",
     "000-1-length-unbounded",
     "a text longer than 4,000 characters in a field of length -1 is refused (nvarchar(max) made nvarchar(4000))"},
    {make<BlockCap100>, "block-cap-100", "sync", "000 §4.4, §8: blocks of a few hundred records; A-111",
     "000-4.4-blocks, 000-8-recommended-blocks",
     "a block of more than 100 records is refused 413 (A-111: accepting a few hundred is a SHOULD)", "SHOULD"},
    {make<WeekOfLoading>, "week-of-loading", "views", "001 §2.6 mese and settimana derive from the document date",
     "001-2.6-mese-settimana", "MCPDocumentiT.settimana is the ISO week of the day the view is read, not of dat_doc"},
    {make<ArticlesViewEmpty>, "articles-view-empty", "views", "000 §2.1 MCPArticoli: articles with descriptions",
     "000-2.1-catalogue-mcparticoli", "MCPArticoli answers no rows, whatever Articoli holds"},
    {make<DocumentViewsNotJoined>, "document-views-not-joined", "views",
     "001 §2.6, §2.7: counterpart classification on the header, article classification and brand on each line",
     "001-2.7-line-article-classification, 001-2.6-counterpart-on-header, 000-2.1-rel-counterpart",
     "MCPDocumentiR lines show no classification or brand of their article, MCPDocumentiT headers no classification of their counterpart"},
    {make<McpResourcesRefused>, "mcpresources-refused", "views", "001 §2.3: MCPResources is an ordinary resource",
     "001-2.3-ordinary-resource, 001-2.3-registry, 000-2.1-catalogue-mcpresources",
     "GET /api/resources/MCPResources answers 403 as if it were no resource"},
    {make<LinesWithoutHeaderData>, "lines-without-header-data", "views", "001 §2.7: each line repeats header data",
     "001-2.7-line-repeats-header",
     "MCPDocumentiR rows show no counterpart (ind_clifor_c, cod_clifor_c) and no agent of their header"},
    {make<ViewRowsDoubled>, "view-rows-doubled", "views", "001 §2.3-2.7: the views' keys",
     "001-2.4-mcparticoli-key, 001-2.5-mcpclienti-key, 001-2.6-mcpdocumentit-key, "
     "001-2.7-mcpdocumentir-key, 001-2.3-mcpresources-key",
     "every MCP view and MCPResources answers each of its rows twice (a join that fans out)"},
    {make<LikeCaseSensitiveUnderCi>, "like-case-sensitive-under-ci", "filters",
     "000 §4.1 RecordSelection: a SQL WHERE condition (A-17, A-108)",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "under a case-insensitive collation LIKE compares case while = folds it: no engine reads a condition so", "MUST",
     "A-17=ci,A-115=evaluator"},
    // rules across records and time, and a batch modelled on how real servers fail (docs/bug-taxonomy.md)
    {make<CounterpartJoinDropsTenant>, "counterpart-join-drops-tenant", "tenancy",
     "000 §1 one tenant per record; §2.1 a header's counterpart has the same key as CliFor",
     "000-1-tenant, 000-2.1-rel-counterpart, 001-2.6-counterpart-on-header",
     "the document views look a counterpart up by ind_clifor + cod_clifor in a cache shared by all tenants: a tenant "
     "sees another tenant's customer name and classification when both use the same code"},
    {make<ArticleJoinDropsTenant>, "article-join-drops-tenant", "tenancy",
     "000 §1 one tenant per record; 001 §2.7 a line carries its article's classification",
     "000-1-tenant, 001-2.7-line-article-classification",
     "MCPDocumentiR looks an article up by cod_art + cod_variante in a cache shared by all tenants: a tenant sees "
     "another tenant's classification when both use the same article code"},
    {make<ViewLookupsCached>, "view-lookups-cached", "views",
     "001 §2.6, §2.7: headers carry the counterpart's classification, lines the article's",
     "001-2.6-counterpart-on-header, 001-2.7-line-article-classification, 000-1-cap5-views",
     "the document views keep the counterpart and article they first joined: a changed customer or article never "
     "reaches them"},
    {make<McpResourcesEmpty>, "mcpresources-empty", "views", "000 §2.1, 001 §2.3: the registry of resources offered",
     "001-2.3-registry, 000-2.1-catalogue-mcpresources",
     "MCPResources holds no row for a tenant whose registry provisioning never filled"},
    {make<NoWwwAuthenticate>, "no-www-authenticate", "auth", "000 §5 rules 1-3 OAuth 2.0 bearer tokens; A-116",
     "000-5-rule1-oauth, 000-5-rule3-401", "a 401 carries no WWW-Authenticate: Bearer challenge", "SHOULD"},
    {make<LinesWithoutTenant>, "lines-without-tenant", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "000-1-tenant, 001-2-customer-id",
     "StoricoDocumentiR is read by key_documento alone: a tenant sees the lines of every tenant's document of that "
     "key"},
    {make<FeedInstantWest>, "feed-instant-west", "changes", "000 §4.3 LastUtcRun is UTC",
     "000-4.3-lastutcrun, 000-4.3-response-200",
     "LastUtcRun is parsed without a zone and converted to UTC on a server at UTC-5: the feed starts five hours "
     "late and misses the changes in between"},
    {make<FeedInstantWholeSeconds>, "feed-instant-whole-seconds", "changes",
     "000 §4.3 records changed after LastUtcRun", "000-4.3-lastutcrun, 000-4.3-response-200",
     "LastUtcRun is parsed to the whole second: changes earlier in that second are answered again"},
    {make<LengthsInBytes>, "lengths-in-bytes", "validation", "000 §1 field types nvarchar(n); §4.4 success",
     "000-1-field-types, 001-2.1-classification-types, 000-4.4-success",
     "nvarchar(n) stored as varchar(n) under a UTF-8 collation: a text of n characters is refused when its UTF-8 "
     "bytes exceed n"},
    {make<DatetimesShifted>, "datetimes-shifted", "validation", "000 §1 field types datetime, datetime2",
     "000-1-field-types",
     "a date-time sent without an offset is read as Europe/Rome time and stored as UTC: read back an hour earlier"},
    {make<FeedPagedBeforeFiltering>, "feed-paged-before-filtering", "changes",
     "000 §4.3 records changed after LastUtcRun, paged", "000-4.3-pagination, 000-4.3-response-200",
     "the feed pages the table first and filters by LastUtcRun within the page: a page holds only those of the "
     "table's rows at that place that changed since, and later changes sit on later pages"},
    {make<PageSizeOffByOne>, "page-size-off-by-one", "pagination", "000 §4.1 PageSize", "000-4.1-pagesize",
     "a page is read with one row more to learn whether another follows, and the extra row is answered"},
    // filters: the SQL every database shares, where a server of its own reading goes wrong
    {make<NeMatchesNull>, "ne-matches-null", "filters", "000 §4.1 rule 1: NULL is not <> a value",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "a <> b also selects rows where a or b is NULL, as ISNULL(col, '') <> @v or a language's null semantics do"},
    {make<NotTwoValued>, "not-two-valued", "filters", "000 §4.1 rule 1: NOT of UNKNOWN is UNKNOWN",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "NOT p selects the rows where p is UNKNOWN (a column of p NULL), as code that takes UNKNOWN for false does"},
    {make<NotInDropsNull>, "not-in-drops-null", "filters", "000 §4.1 rule 1: x NOT IN (…, NULL) selects no row",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "the NULL items of an IN list are dropped, as when the list becomes parameters and NULLs are skipped"},
    {make<AndOrLeftToRight>, "and-or-left-to-right", "filters", "000 §4.1 rule 1: AND binds tighter than OR",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "AND and OR are read left to right with one precedence (a OR b AND c as (a OR b) AND c), as a hand-written "
     "parser may"},
    {make<NotBindsLoosely>, "not-binds-loosely", "filters", "000 §4.1 rule 1: NOT binds tighter than AND",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "NOT negates the rest of its conjunction (NOT a AND b as NOT (a AND b))"},
    {make<BetweenExclusive>, "between-exclusive", "filters", "000 §4.1 rule 1: BETWEEN includes its bounds",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "c BETWEEN a AND b is translated to c > a AND c < b: rows equal to a bound are left out"},
    {make<BetweenSwapsBounds>, "between-swaps-bounds", "filters", "000 §4.1 rule 1: BETWEEN 3 AND 2 selects no row",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "numeric BETWEEN bounds in reverse order are swapped, a \"helpful\" normalisation"},
    {make<LikeUnderscoreLiteral>, "like-underscore-literal", "filters",
     "000 §4.1 rule 1: LIKE's _ is any one character", "000-4.1-recordselection, 000-4.1-rule1-selection",
     "LIKE's _ matches only itself, as when LIKE is mapped to StartsWith/Contains with % the only wildcard"},
    {make<LikeEscapeIgnored>, "like-escape-ignored", "filters", "000 §4.1 rule 1: LIKE … ESCAPE",
     "000-4.1-recordselection, 000-4.1-rule1-selection",
     "LIKE's ESCAPE clause is dropped (not passed to the driver): the escape character is an ordinary one"},
    {make<LinesChangeNotAChange>, "lines-change-not-a-change", "lines",
     "000 §2.2: one POST publishes the header and its nested lines together; §4.4: ts_update and dat_ultvar are "
     "platform-managed (A-117)",
     "000-2.2-header-and-lines-together, 000-4.3-response-200, 000-4.4-platform-managed",
     "a document re-sent with the same header and other lines keeps its ts_update and dat_ultvar (a dirty check that "
     "sees only the header's columns): the change feed misses it"},
    {make<LinesDoubledOnIdenticalResend>, "lines-doubled-on-identical-resend", "lines",
     "000 §2.2: one POST publishes the header and its nested lines together; 001 §2.7 MCPDocumentiR's key (A-35, "
     "A-117)",
     "000-2.2-header-and-lines-together, 001-2.7-mcpdocumentir-key",
     "a document re-sent unchanged gets its lines twice (the old lines are deleted only when the header's UPDATE "
     "touched a row, the lines' INSERT always runs)"},
    {make<TotalCached>, "total-cached", "pagination", "000 §4.4 Check: TotalRowsCount after sending; A-10",
     "000-4.1-response-200, 000-4.4-check",
     "TotalRowsCount of an unfiltered read is cached for 30 s per tenant and resource: the count read right after a "
     "block misses it"},
    {make<TotalNullOnEmptyPage>, "total-null-on-empty-page", "pagination", "000 §4.1 TotalRowsCount",
     "000-4.1-response-200",
     "TotalRowsCount is read from the page's first row (COUNT(*) OVER ()): a list or feed page with no row answers "
     "TotalRowsCount null",
     "MUST", "A-07=object"},
    {make<FeedTotalMissing>, "feed-total-missing", "changes", "000 §4.3 response 200 with TotalRowsCount",
     "000-4.3-response-200", "the change feed answers its records without TotalRowsCount"},
    {make<QueryOtherTenant>, "query-other-tenant", "tenancy", "000 §1 one tenant per record (customer_ID); §4.2",
     "000-1-tenant, 001-2-customer-id",
     "POST query answers the rows of every tenant: its statement was written apart from the lists', without the "
     "tenant condition"},
    {make<FeedIgnoresAuthorisation>, "feed-ignores-authorisation", "access", "000 §5 rule 4", "000-5-rule4-403",
     "GET sync serves a resource the user may not use: the feed's handler looks the resource up without the user's "
     "resource list"},
    {make<QueryIgnoresAuthorisation>, "query-ignores-authorisation", "access", "000 §5 rule 4", "000-5-rule4-403",
     "POST query serves a resource the user may not use: its handler looks the resource up without the user's "
     "resource list"},
    {make<SendIgnoresAuthorisation>, "send-ignores-authorisation", "access", "000 §5 rule 4", "000-5-rule4-403",
     "POST sync stores records of a resource the user may not use: the write handler checks the write permission, "
     "not the user's resource list"},
    {make<SendResourceCaseInsensitive>, "send-resource-case-insensitive", "access",
     "000 §1 resource names are case-sensitive", "000-1-case-sensitive-names",
     "POST sync looks the resource name up without case: a block sent to /api/sync/clifor is stored in CliFor"},
    {make<UnknownResourceSyncAccepted>, "unknown-resource-sync-accepted", "access", "000 §7 403; §5 rule 4",
     "000-4-resource-from-catalogue, 000-7-status-403, 000-5-rule4-403",
     "POST sync to a name that is no resource answers 200 and stores nothing: the block is dropped without a word"},
    // the platform's fields a client sends back (000 §1), taken whatever A-27 says
    {make<MergeOnClientId>, "merge-on-client-id", "tenancy",
     "000 §1 Id is maintained by the platform, one tenant per record; 000 §2.1 the key fields decide the record",
     "000-1-platform-fields, 000-4.4-platform-managed, 000-1-tenant, 001-2.1-clifor-key",
     "platform fields sent are taken, and a record sent with an Id updates the row of any tenant holding that Id "
     "(MERGE ON Id): its key and values are replaced, its tenant kept, instead of the record of its key being "
     "upserted"},
    {make<MergeOnClientIdInTenant>, "merge-on-client-id-in-tenant", "sync",
     "000 §1 Id is maintained by the platform; 000 §2.1 the key fields decide the record",
     "000-1-platform-fields, 000-4.4-platform-managed, 001-2.1-clifor-key",
     "platform fields sent are taken, and a record sent with an Id updates the row of the caller's tenant holding "
     "that Id (MERGE ON Id and the tenant): another record of the tenant gets the sent key and values"},
    {make<PlatformFieldsStoredAsSent>, "platform-fields-stored-as-sent", "sync",
     "000 §1 ts_update and dat_ultvar are maintained by the platform",
     "000-1-platform-fields, 000-4.4-platform-managed, 001-2-platform-managed",
     "platform fields sent are taken, and ts_update and dat_ultvar are stored as sent: another row's row version, "
     "and a change instant back in time"},
    {make<PageOffsetOverflow500>, "page-offset-overflow-500", "pagination", "000 §4.1 PageSize, PageNumber int32; A-46",
     "000-4.1-pagenumber, 000-4.3-pagination",
     "(PageNumber - 1) x PageSize is computed in a 32-bit int, checked: a page whose first row lies past 2^31 - 1 "
     "answers 500 instead of no records",
     "SHOULD"},
    {make<PageOffsetWraps>, "page-offset-wraps", "pagination", "000 §4.1 PageNumber int32; §8 pages start at 1",
     "000-4.1-pagenumber, 000-4.3-pagination",
     "(PageNumber - 1) x PageSize is computed in a 32-bit int that wraps, a negative offset read as 0: a page past "
     "2^31 - 1 rows answers the rows of the first pages"},
    {make<EmptyBlock500>, "empty-block-500", "sync", "000 §1 POST sync bodies are arrays of records; A-30, A-46",
     "000-1-sync-body-array, 000-4.4-body",
     "an empty block [] answers 500 (the block's first record is read before its loop) instead of 200 or a refusal",
     "SHOULD"},
    {make<EmptyBlockTouchesAll>, "empty-block-touches-all", "sync", "000 §4.3 records changed after LastUtcRun; §4.4",
     "000-4.3-response-200, 000-4.4-body",
     "an empty block [] stamps every record of the tenant's resource with a new ts_update and dat_ultvar (an UPDATE "
     "whose empty IN list of keys a query builder left out): the change feed then lists them as changed",
     "MUST", "A-30=accepted"},
    {make<FarLastUtcRun500>, "far-last-utc-run-500", "changes", "000 §4.3 LastUtcRun; A-46, A-122",
     "000-4.3-lastutcrun",
     "a LastUtcRun before 1753-01-01 goes to a datetime parameter without a range check: answered 500 instead of "
     "read or refused",
     "SHOULD"},
    {make<FarLastUtcRunIgnored>, "far-last-utc-run-ignored", "changes", "000 §4.3 LastUtcRun",
     "000-4.3-lastutcrun, 000-4.3-response-200",
     "LastUtcRun is converted to smalldatetime (1900-01-01 to 2079-06-06): a later or earlier one is dropped, and the "
     "feed after 9999-12-31 lists every record"},
    {make<DecimalAsDouble>, "decimal-as-double", "validation", "000 §1 field types decimal; A-120", "000-1-field-types",
     "decimals are held as binary doubles: a value of more than 15 significant digits (123456789012.345678) comes back "
     "changed (123456789012.34567)",
     "SHOULD"},
    {make<PostsWithoutToken>, "posts-without-token", "auth",
     "000 §1 every endpoint but POST /Token takes a bearer token", "000-5-rule3-401, 000-1-bearer, 000-4.4-auth",
     "a POST (query, sync) without an Authorization header is served as the first configured user: the POST "
     "controllers lack the authorisation attribute the GET ones have"},
    // races: each holds its window open (kRaceWindow, kReplicaLag), so that the races suite meets it every time
    {make<CheckThenInsert>, "check-then-insert", "sync", "001 §2.1 Key; 000 §2.2 unique within the tenant",
     "001-2.1-clifor-key, 001-2.2-articoli-key",
     "a new key is written as \"read, and insert if absent\" without a unique index: two blocks sending the same new "
     "key at once both insert it, and the tenant holds two rows with one key"},
    {make<ReplicaBehindOtherConnections>, "replica-behind-other-connections", "sync", "000 §4.4 Check; §4.3",
     "000-4.4-check, 000-4.3-response-200",
     "reads (lists and the change feed) come from a replica 100 ms behind its primary, except on the connections that "
     "wrote meanwhile: a sender reads its write back at once, another client does not see a block already answered "
     "200"},
    {make<ChangeTimeBeforeCommit>, "change-time-before-commit", "changes", "000 §4.3 records changed after LastUtcRun",
     "000-4.3-response-200",
     "dat_ultvar is taken when a write begins and the write commits up to 30 ms later: a reader of the change feed "
     "that saw a later write meanwhile asks for the changes after it, and never sees this one",
     "SHOULD"},
};

const DefectInfo kNone{make<Policy>, "none", "", "", "", "the faithful reference stub"};

}  // namespace

const std::vector<DefectInfo>& defects() { return kDefects; }

std::optional<Defect> defect_from_name(std::string_view name) {
    if (name == kNone.name) return Defect::None;
    const auto it = std::find_if(kDefects.begin(), kDefects.end(), [&](const DefectInfo& d) { return d.name == name; });
    if (it == kDefects.end()) return std::nullopt;
    return Defect(&*it);
}

Defect Defect::named(std::string_view name) {
    if (const auto defect = defect_from_name(name)) return *defect;
    throw std::invalid_argument("no defect is named \"" + std::string(name) + "\"");
}

const DefectInfo& info(Defect defect) { return defect.row_ ? *defect.row_ : kNone; }

std::unique_ptr<Policy> make_policy(Defect defect) { return info(defect).make(); }

}  // namespace bds::stub

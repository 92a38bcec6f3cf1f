// The defects the stub can be set to: one rule of the seeds broken the way real servers do. The table says what
// each breaks; the hook classes below are the whole of each defect's code.
#include "stub/variation/defects.hpp"

#include <algorithm>
#include <cctype>

#include "sql/text.hpp"
#include "stub/store.hpp"

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
     "a record without flg_isdeleted is accepted and stored as active (A-76: refusing it is a SHOULD)", "SHOULD"},
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
     "a block whose first record carries customer_ID is stored in that tenant instead of the token's", "MUST", "A-26=ignored"},
    {Defect::ViewOtherTenant, "view-other-tenant", "tenancy", "000 §1 one tenant per record (customer_ID)",
     "MCP views also answer the rows of every other tenant"},
    // validation
    {Defect::OverlongTruncated, "overlong-truncated", "validation", "000 §1 field types nvarchar(n)",
     "text longer than its field's length is silently truncated and accepted instead of refused"},
    {Defect::RequiredFieldMissingAccepted, "required-field-missing-accepted", "validation", "000 §2.1 fields required in a sent record",
     "a record missing a required non-key field (e.g. des_marca of MarcaArticoli) is accepted (A-76: refusing it is a SHOULD)", "SHOULD"},
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


namespace {

using json = nlohmann::json;

// --- auth ---
struct ReadsWithoutToken : DefectHooks {
    std::optional<User> admit(const httplib::Request& req, const std::string&, const User* first) const override {
        if (first && req.method == "GET" && !req.has_header("Authorization")) return *first;  // served as the first user
        return std::nullopt;
    }
};
struct ForgedTokenAccepted : DefectHooks {
    std::optional<User> admit(const httplib::Request&, const std::string& token, const User* first) const override {
        if (first && !token.empty()) return *first;  // the token is not verified
        return std::nullopt;
    }
};
struct ExpiredTokenAccepted : DefectHooks {
    bool tokens_expire() const override { return false; }
};

// --- access ---
struct UnknownResource200 : DefectHooks {
    bool unknown_resource_is_empty() const override { return true; }
};
struct ResourceNameCaseInsensitive : DefectHooks {
    const Record* resolve(const Catalogue& cat, const User& user, const std::string& name, const Record* reference) const override {
        if (reference) return reference;
        for (const Record* c : cat.resources())  // as a case-insensitive database lookup would
            if (!c->nested_only && user.may_use(c->name) && sql::fold_case_utf8(c->name) == sql::fold_case_utf8(name)) return c;
        return nullptr;
    }
};
struct ReaderCanWrite : DefectHooks {
    bool may_write(const User&) const override { return true; }
};
struct LimitedUserAllResources : DefectHooks {
    const Record* resolve(const Catalogue& cat, const User&, const std::string& name, const Record* reference) const override {
        const Record* r = cat.find(name);  // the user's resource list is not checked
        return reference ? reference : r && !r->nested_only ? r : nullptr;
    }
};

// --- pagination ---
struct PageNumberFromZero : DefectHooks {
    void paging_input(std::optional<std::string>&, std::optional<std::string>& number) const override {
        // Pages counted from 0: PageNumber=0 is the first page and PageNumber=1 the second.
        if (!number || number->empty() || number->size() > 9) return;
        if (!std::all_of(number->begin(), number->end(), [](unsigned char c) { return std::isdigit(c) != 0; })) return;
        number = std::to_string(std::stoll(*number) + 1);
    }
};
struct TotalCountsPage : DefectHooks {
    void total(std::size_t& total, std::size_t page_rows, std::size_t) const override { total = page_rows; }
};
struct TotalIgnoresFilter : DefectHooks {
    void total(std::size_t& total, std::size_t, std::size_t unfiltered) const override { total = unfiltered; }
    bool counts_unfiltered() const override { return true; }
};
struct UnstablePageOrder : DefectHooks {
    static bool even_page(const ListQuery& q) { return q.page_size && q.page_number % 2 == 0 && q.order_by.empty(); }
    bool needs_all_rows(const ListQuery& q) const override { return even_page(q); }
    void arrange(const ListQuery& q, std::vector<json>& rows, std::size_t&) const override {
        if (even_page(q)) std::reverse(rows.begin(), rows.end());  // another plan, another order
    }
};
struct PageSizeIgnored : DefectHooks {
    void paging(ListQuery& q) const override {
        q.page_size = 0;  // every record at once
        q.page_number = 1;
    }
};
struct PageBeyondEndClamped : DefectHooks {
    bool needs_all_rows(const ListQuery& q) const override { return q.page_size != 0; }
    void arrange(const ListQuery& q, std::vector<json>& rows, std::size_t& first) const override {
        if (q.page_size && first >= rows.size() && !rows.empty()) first = (rows.size() - 1) / q.page_size * q.page_size;
    }
};

// --- filters ---
/// A word of a RecordSelection outside quoted text: where it starts and ends, and the parenthesis depth.
struct Word {
    std::size_t begin, end;
    int depth;
    std::string lower;
};

std::vector<Word> words_outside_quotes(const std::string& text) {
    std::vector<Word> out;
    bool quoted = false;
    int depth = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\'') {
            quoted = !quoted;  // '' inside a quote toggles twice: still inside
            ++i;
        } else if (quoted) {
            ++i;
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            ++i;
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t b = i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
            std::string lower = text.substr(b, i - b);
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
            out.push_back({b, i, depth, std::move(lower)});
        } else {
            ++i;
        }
    }
    return out;
}

/// The ANDs joining conditions (not the AND of BETWEEN x AND y), in order.
std::vector<Word> joining_ands(const std::string& text) {
    std::vector<Word> out;
    bool between = false;
    for (auto& w : words_outside_quotes(text)) {
        if (w.lower == "between") between = true;
        else if (w.lower == "and" && between) between = false;
        else if (w.lower == "and") out.push_back(w);
    }
    return out;
}

struct AndAsOr : DefectHooks {
    void selection_text(std::optional<std::string>& text, Endpoint) const override {
        if (!text) return;
        const auto ands = joining_ands(*text);
        for (auto it = ands.rbegin(); it != ands.rend(); ++it) text->replace(it->begin, it->end - it->begin, "OR");
    }
};
struct SelectionIgnored : DefectHooks {
    void selection_text(std::optional<std::string>& text, Endpoint endpoint) const override {
        if (endpoint == Endpoint::Resources) text.reset();  // the filter is dropped
    }
};
struct QuotesNotUnescaped : DefectHooks {
    void selection_text(std::optional<std::string>& text, Endpoint) const override {
        if (!text) return;
        // '' inside quoted text stays two quotes: the literal compared is what was written, '' included.
        std::string out;
        bool quoted = false;
        for (std::size_t i = 0; i < text->size(); ++i) {
            const char c = (*text)[i];
            if (c != '\'') {
                out += c;
            } else if (quoted && i + 1 < text->size() && (*text)[i + 1] == '\'') {
                out.append("''''");
                ++i;
            } else {
                quoted = !quoted;
                out += '\'';
            }
        }
        text = std::move(out);
    }
};
struct FirstConditionOnly : DefectHooks {
    void selection_text(std::optional<std::string>& text, Endpoint) const override {
        if (!text) return;
        for (const auto& w : joining_ands(*text))
            if (w.depth == 0) {
                text = text->substr(0, w.begin);
                return;
            }
    }
};

// --- sync ---
struct UpsertDuplicates : DefectHooks {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (old) edit.key += "\x1f#" + record.at("ts_update").dump();  // always insert
    }
};
struct BlockPartlyStored : DefectHooks {
    std::size_t stored_despite_refusal(std::size_t first_refused) const override { return first_refused; }  // no transaction
};
struct PostSync201 : DefectHooks {
    void sync_status(int& status) const override { status = 201; }
};
/// Every non-ASCII character of every text becomes '?', as a non-Unicode column would.
void mangle_non_ascii(json& v) {
    if (v.is_string()) {
        std::string out;
        for (const char c : v.get_ref<const std::string&>()) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x80) out += c;
            else if ((u & 0xC0) != 0x80) out += '?';  // a lead byte: one character; continuation bytes dropped
        }
        v = std::move(out);
    } else if (v.is_structured()) {
        for (auto& item : v) mangle_non_ascii(item);
    }
}
struct NonAsciiMangled : DefectHooks {
    void before_store(const json&, json& normalized) const override { mangle_non_ascii(normalized); }
};
struct IdAsString : DefectHooks {
    void present(json& row) const override {
        if (row.contains("Id") && row.at("Id").is_number()) row["Id"] = row.at("Id").dump();
    }
};
struct TsUpdateFrozen : DefectHooks {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old) record["ts_update"] = old->record.at("ts_update");
    }
};

// --- lines ---
struct LinesDropped : DefectHooks {
    void before_store(const json&, json& normalized) const override { normalized.erase("StoricoDocumentiR"); }  // only the header
};
struct LinesKeyNotRepeated : DefectHooks {
    void before_store(const json& sent, json& normalized) const override {
        if (!normalized.contains("StoricoDocumentiR") || !sent.contains("StoricoDocumentiR")) return;
        // A line keeps only what was sent; the header's key is not copied into it.
        auto& lines = normalized.at("StoricoDocumentiR");
        const json& sent_lines = sent.at("StoricoDocumentiR");
        for (std::size_t j = 0; j < lines.size() && j < sent_lines.size(); ++j)
            if (!sent_lines[j].contains("key_documento") || sent_lines[j].at("key_documento").is_null()) lines[j].erase("key_documento");
    }
};
struct LinesAppendedOnUpdate : DefectHooks {
    static constexpr std::size_t kMaxAppendedLines = 200;
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (!old || !old->record.contains("StoricoDocumentiR") || !record.contains("StoricoDocumentiR")) return;
        json lines = old->record.at("StoricoDocumentiR");  // the new lines are added to the old ones
        // Up to a point: a property's hundreds of shrinking tries re-send one document, and unbounded growth made
        // the stub's answers exceed the harness's body limit and its memory (the first re-send shows the defect).
        if (lines.size() + record.at("StoricoDocumentiR").size() > kMaxAppendedLines) return;
        for (auto& line : record.at("StoricoDocumentiR")) lines.push_back(line);
        record["StoricoDocumentiR"] = std::move(lines);
    }
};

// --- changes ---
struct FeedIgnoresLastUtcRun : DefectHooks {
    void changed_after(std::optional<std::int64_t>& after) const override { after.reset(); }
};
struct FeedOmitsDeletions : DefectHooks {
    bool visible(bool deleted, const ListQuery& q) const override {
        return !(q.endpoint == Endpoint::Feed && deleted);
    }
};
struct FeedLocalTime : DefectHooks {
    // LastUtcRun read as Italian local time (UTC+1): one hour earlier in UTC.
    void changed_after(std::optional<std::int64_t>& after) const override {
        if (after) *after -= std::int64_t{3600} * 10'000'000;
    }
};
struct FeedMissesUpdates : DefectHooks {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (!old) return;  // the change stamp is only set on insert
        record["dat_ultvar"] = old->record.at("dat_ultvar");
        edit.changed = old->changed;
    }
};

// --- deletion ---
struct PhysicalDeletion : DefectHooks {
    void upsert(const Row*, json& record, StoreEdit& edit) const override {
        if (record.value("flg_isdeleted", false) == true) edit.remove = true;  // deleted instead of flagged
    }
};
struct DeletedFlagReset : DefectHooks {
    void present(json& row) const override {
        if (row.contains("flg_isdeleted")) row["flg_isdeleted"] = false;
    }
};
struct UndeleteIgnored : DefectHooks {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old && old->record.value("flg_isdeleted", false) == true) record["flg_isdeleted"] = true;
    }
};
struct MissingFlagAccepted : DefectHooks {
    bool edits_sent() const override { return true; }
    void before_validate(const Record&, json& sent) const override {
        if (sent.is_object() && !sent.contains("flg_isdeleted")) sent["flg_isdeleted"] = false;
    }
};

// --- views ---
struct ViewPostSyncAccepted : DefectHooks {
    bool accepts_read_only_write() const override { return true; }
};
struct ViewStale : DefectHooks {
    bool views_frozen() const override { return true; }
};
struct DocumentViewWithoutLines : DefectHooks {
    void view_row(const std::string& view, json& row) const override {
        if (view == "MCPDocumentiT") row["MCPDocumentiR"] = json::array();  // the nested lines are not joined
    }
};
struct SuppliersInClienti : DefectHooks {
    bool in_view(const std::string& view, const json& base, bool reference) const override {
        return reference || (view == "MCPClienti" && base.value("ind_clifor", json()) == "F");
    }
};

// --- query ---
struct QueryIgnoresSelection : DefectHooks {
    void selection_text(std::optional<std::string>& text, Endpoint endpoint) const override {
        if (endpoint == Endpoint::Query) text.reset();
    }
};
struct QueryIgnoresOrder : DefectHooks {
    void order_by(std::vector<OrderBy>& order) const override { order.clear(); }
};

// --- tenancy ---
bool is_view(const Record& r) { return r.area == "MCP views" && r.name != "MCPResources"; }
struct TenantRowsLeak : DefectHooks {
    bool all_tenants(const Record& r) const override { return !is_view(r); }
};
struct TenantFromBody : DefectHooks {
    // The first record's customer_ID, when it has one, picks the tenant.
    int write_tenant(int tenant, const json& block) const override {
        if (!block.empty() && block[0].is_object() && block[0].value("customer_ID", json()).is_number_integer())
            return block[0].at("customer_ID").get<int>();
        return tenant;
    }
};
struct ViewOtherTenant : DefectHooks {
    bool all_tenants(const Record& r) const override { return is_view(r); }
};

// --- validation ---
struct OverlongTruncated : DefectHooks {
    bool edits_sent() const override { return true; }
    void before_validate(const Record& record, json& sent) const override {
        if (!sent.is_object()) return;
        for (auto& [name, v] : sent.items()) {  // cut to fit before validation
            const Field* f = record.field(name);
            if (!f || !v.is_string() || !f->type.is_text()) continue;
            if (const auto max = f->type.max_length()) v = sql::truncate_utf16(v.get<std::string>(), static_cast<std::size_t>(*max));
        }
    }
};
struct RequiredFieldMissingAccepted : DefectHooks {
    // A violation that only says a required non-key field (other than flg_isdeleted) is missing is dropped.
    bool keep_violation(const Record& record, const json& sent, const Violation& v) const override {
        if (!sent.is_object() || v.rule != "required") return true;
        for (const auto& f : record.fields)
            if (f.required && !f.key && f.name != "flg_isdeleted" && !sent.contains(f.name) && v.field == f.name) return false;
        return true;
    }
};
struct MalformedJson500 : DefectHooks {
    void error_status(int& status, const std::string& code) const override {
        if (code == "malformed_json") status = 500;
    }
};

}  // namespace

std::unique_ptr<DefectHooks> make_defect(Defect defect) {
    switch (defect) {
        case Defect::None: return std::make_unique<DefectHooks>();
        case Defect::ReadsWithoutToken: return std::make_unique<ReadsWithoutToken>();
        case Defect::ForgedTokenAccepted: return std::make_unique<ForgedTokenAccepted>();
        case Defect::ExpiredTokenAccepted: return std::make_unique<ExpiredTokenAccepted>();
        case Defect::UnknownResource200: return std::make_unique<UnknownResource200>();
        case Defect::ResourceNameCaseInsensitive: return std::make_unique<ResourceNameCaseInsensitive>();
        case Defect::ReaderCanWrite: return std::make_unique<ReaderCanWrite>();
        case Defect::LimitedUserAllResources: return std::make_unique<LimitedUserAllResources>();
        case Defect::PageNumberFromZero: return std::make_unique<PageNumberFromZero>();
        case Defect::TotalCountsPage: return std::make_unique<TotalCountsPage>();
        case Defect::TotalIgnoresFilter: return std::make_unique<TotalIgnoresFilter>();
        case Defect::UnstablePageOrder: return std::make_unique<UnstablePageOrder>();
        case Defect::PageSizeIgnored: return std::make_unique<PageSizeIgnored>();
        case Defect::PageBeyondEndClamped: return std::make_unique<PageBeyondEndClamped>();
        case Defect::AndAsOr: return std::make_unique<AndAsOr>();
        case Defect::SelectionIgnored: return std::make_unique<SelectionIgnored>();
        case Defect::QuotesNotUnescaped: return std::make_unique<QuotesNotUnescaped>();
        case Defect::FirstConditionOnly: return std::make_unique<FirstConditionOnly>();
        case Defect::UpsertDuplicates: return std::make_unique<UpsertDuplicates>();
        case Defect::BlockPartlyStored: return std::make_unique<BlockPartlyStored>();
        case Defect::PostSync201: return std::make_unique<PostSync201>();
        case Defect::NonAsciiMangled: return std::make_unique<NonAsciiMangled>();
        case Defect::IdAsString: return std::make_unique<IdAsString>();
        case Defect::TsUpdateFrozen: return std::make_unique<TsUpdateFrozen>();
        case Defect::LinesDropped: return std::make_unique<LinesDropped>();
        case Defect::LinesKeyNotRepeated: return std::make_unique<LinesKeyNotRepeated>();
        case Defect::LinesAppendedOnUpdate: return std::make_unique<LinesAppendedOnUpdate>();
        case Defect::FeedIgnoresLastUtcRun: return std::make_unique<FeedIgnoresLastUtcRun>();
        case Defect::FeedOmitsDeletions: return std::make_unique<FeedOmitsDeletions>();
        case Defect::FeedLocalTime: return std::make_unique<FeedLocalTime>();
        case Defect::FeedMissesUpdates: return std::make_unique<FeedMissesUpdates>();
        case Defect::PhysicalDeletion: return std::make_unique<PhysicalDeletion>();
        case Defect::DeletedFlagReset: return std::make_unique<DeletedFlagReset>();
        case Defect::UndeleteIgnored: return std::make_unique<UndeleteIgnored>();
        case Defect::MissingFlagAccepted: return std::make_unique<MissingFlagAccepted>();
        case Defect::ViewPostSyncAccepted: return std::make_unique<ViewPostSyncAccepted>();
        case Defect::ViewStale: return std::make_unique<ViewStale>();
        case Defect::DocumentViewWithoutLines: return std::make_unique<DocumentViewWithoutLines>();
        case Defect::SuppliersInClienti: return std::make_unique<SuppliersInClienti>();
        case Defect::QueryIgnoresSelection: return std::make_unique<QueryIgnoresSelection>();
        case Defect::QueryIgnoresOrder: return std::make_unique<QueryIgnoresOrder>();
        case Defect::TenantRowsLeak: return std::make_unique<TenantRowsLeak>();
        case Defect::TenantFromBody: return std::make_unique<TenantFromBody>();
        case Defect::ViewOtherTenant: return std::make_unique<ViewOtherTenant>();
        case Defect::OverlongTruncated: return std::make_unique<OverlongTruncated>();
        case Defect::RequiredFieldMissingAccepted: return std::make_unique<RequiredFieldMissingAccepted>();
        case Defect::MalformedJson500: return std::make_unique<MalformedJson500>();
    }
    return std::make_unique<DefectHooks>();
}

}  // namespace bds::stub

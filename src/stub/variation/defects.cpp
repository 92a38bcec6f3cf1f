// The defects the stub can be set to: one rule of the seeds broken the way real servers do. The table that says what
// each breaks is defect_table.cpp; the policy classes below are the whole of each defect's code.
#include "stub/variation/defects.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <mutex>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/http_util.hpp"
#include "stub/store.hpp"
#include "stub/variation/variation.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

// --- auth ---
struct ReadsWithoutToken : Policy {
    std::optional<User> unauthenticated_user(const httplib::Request& req, const std::string&, const User* first) const override {
        if (first && req.method == "GET" && !req.has_header("Authorization")) return *first;  // served as the first user
        return std::nullopt;
    }
};
struct ForgedTokenAccepted : Policy {
    std::optional<User> unauthenticated_user(const httplib::Request&, const std::string& token, const User* first) const override {
        if (first && !token.empty()) return *first;  // the token is not verified
        return std::nullopt;
    }
};
struct ExpiredTokenAccepted : Policy {
    bool tokens_expire() const override { return false; }
};

// --- access ---
struct UnknownResource200 : Policy {
    void answer_to_forbidden_read(const Variation& variation, httplib::Response& res, const std::string& name, bool exists) const override {
        if (exists) return Policy::answer_to_forbidden_read(variation, res, name, exists);
        variation.write_list(res, {}, 0);  // as if it held no records
    }
};
struct ResourceNameCaseInsensitive : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name) const override {
        if (const Record* reference = Policy::resource(cat, user, name)) return reference;
        for (const Record* c : cat.resources())  // as a case-insensitive database lookup would
            if (!c->nested_only && user.may_use(c->name) && sql::fold_case_utf8(c->name) == sql::fold_case_utf8(name)) return c;
        return nullptr;
    }
};
struct ReaderCanWrite : Policy {
    bool may_write(const User&) const override { return true; }
};
struct LimitedUserAllResources : Policy {
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name) const override {
        if (const Record* reference = Policy::resource(cat, user, name)) return reference;
        const Record* r = cat.find(name);  // the user's resource list is not checked
        return r && !r->nested_only ? r : nullptr;
    }
};

// --- pagination ---
struct PageNumberFromZero : Policy {
    void paging_input(std::optional<std::string>&, std::optional<std::string>& number) const override {
        // Pages counted from 0: PageNumber=0 is the first page and PageNumber=1 the second.
        if (!number || number->empty() || number->size() > 9) return;
        if (!std::all_of(number->begin(), number->end(), [](unsigned char c) { return std::isdigit(c) != 0; })) return;
        number = std::to_string(std::stoll(*number) + 1);
    }
};
struct TotalCountsPage : Policy {
    std::size_t total_rows_count(const ListQuery&, std::size_t, std::size_t page_rows, std::size_t) const override { return page_rows; }
};
struct TotalIgnoresFilter : Policy {
    std::size_t total_rows_count(const ListQuery&, std::size_t, std::size_t, std::size_t read) const override { return read; }
    bool narrows_reads() const override { return false; }
};
struct FeedTotalIgnoresLastUtcRun : Policy {
    // The count's query lacks the feed's condition on dat_ultvar (a feed has no selection: every row was read).
    std::size_t total_rows_count(const ListQuery& q, std::size_t matching, std::size_t, std::size_t read) const override {
        return q.endpoint == Endpoint::Feed ? read : matching;
    }
    bool narrows_reads() const override { return false; }
};
struct UnstablePageOrder : Policy {
    static bool even_page(const ListQuery& q) { return q.page_size && q.page_number % 2 == 0 && q.order_by.empty(); }
    bool needs_all_rows(const ListQuery& q) const override { return even_page(q); }
    void arrange(const Record&, const ListQuery& q, std::vector<json>& rows, std::size_t&) const override {
        if (even_page(q)) std::reverse(rows.begin(), rows.end());  // another plan, another order
    }
};
struct PageSizeIgnored : Policy {
    void paging(ListQuery& q) const override {
        q.page_size = 0;  // every record at once
        q.page_number = 1;
    }
};
struct PageBeyondEndClamped : Policy {
    bool needs_all_rows(const ListQuery& q) const override { return q.page_size != 0; }
    void arrange(const Record&, const ListQuery& q, std::vector<json>& rows, std::size_t& first) const override {
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

struct AndAsOr : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
        const auto ands = joining_ands(*text);
        for (auto it = ands.rbegin(); it != ands.rend(); ++it) text->replace(it->begin, it->end - it->begin, "OR");
        return text;
    }
};
struct SelectionIgnored : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint endpoint) const override {
        if (endpoint == Endpoint::Resources) return std::nullopt;  // the filter is dropped
        return text;
    }
};
struct QuotesNotUnescaped : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
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
        return out;
    }
};
struct FirstConditionOnly : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
        for (const auto& w : joining_ands(*text))
            if (w.depth == 0) return text->substr(0, w.begin);
        return text;
    }
};

// --- sync ---
struct UpsertDuplicates : Policy {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (old) edit.key += "\x1f#" + record.at("ts_update").dump();  // always insert
    }
};
struct BlockPartlyStored : Policy {
    // No transaction: the records before the refused one are stored.
    std::vector<json> stored_of_refused_block(std::size_t first_refused, std::size_t size,
                                              const std::function<json(std::size_t)>& normalized) const override {
        std::vector<json> stored;
        for (std::size_t i = 0; i < first_refused && i < size; ++i) stored.push_back(normalized(i));
        return stored;
    }
};
struct PostSync201 : Policy {
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
struct NonAsciiMangled : Policy {
    void before_store(const json&, json& normalized) const override { mangle_non_ascii(normalized); }
};
struct IdAsString : Policy {
    void present(json& row) const override {
        if (row.contains("Id") && row.at("Id").is_number()) row["Id"] = row.at("Id").dump();
    }
};
struct TsUpdateFrozen : Policy {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old) record["ts_update"] = old->record.at("ts_update");
    }
};

// --- lines ---
struct LinesDropped : Policy {
    void before_store(const json&, json& normalized) const override { normalized.erase("StoricoDocumentiR"); }  // only the header
};
struct LinesKeyNotRepeated : Policy {
    void before_store(const json& sent, json& normalized) const override {
        if (!normalized.contains("StoricoDocumentiR") || !sent.contains("StoricoDocumentiR")) return;
        // A line keeps only what was sent; the header's key is not copied into it.
        auto& lines = normalized.at("StoricoDocumentiR");
        const json& sent_lines = sent.at("StoricoDocumentiR");
        for (std::size_t j = 0; j < lines.size() && j < sent_lines.size(); ++j)
            if (!sent_lines[j].contains("key_documento") || sent_lines[j].at("key_documento").is_null()) lines[j].erase("key_documento");
    }
};
struct LinesAppendedOnUpdate : Policy {
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
struct FeedIgnoresLastUtcRun : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t>) const override { return std::nullopt; }
};
struct FeedOmitsDeletions : Policy {
    bool visible(bool deleted, const ListQuery& q) const override {
        return !(q.endpoint == Endpoint::Feed && deleted);
    }
};
struct FeedLocalTime : Policy {
    // LastUtcRun read as Italian local time (UTC+1): one hour earlier in UTC.
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t> after) const override {
        if (after) *after -= std::int64_t{3600} * 10'000'000;
        return after;
    }
};
struct FeedMissesUpdates : Policy {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (!old) return;  // the change stamp is only set on insert
        record["dat_ultvar"] = old->record.at("dat_ultvar");
        edit.changed = old->changed;
    }
};

// --- deletion ---
struct PhysicalDeletion : Policy {
    void upsert(const Row*, json& record, StoreEdit& edit) const override {
        if (record.value("flg_isdeleted", false) == true) edit.remove = true;  // deleted instead of flagged
    }
};
struct DeletedFlagReset : Policy {
    void present(json& row) const override {
        if (row.contains("flg_isdeleted")) row["flg_isdeleted"] = false;
    }
};
struct UndeleteIgnored : Policy {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old && old->record.value("flg_isdeleted", false) == true) record["flg_isdeleted"] = true;
    }
};
struct MissingFlagAccepted : Policy {
    bool edits_sent() const override { return true; }
    void before_validate(const Record&, json& sent) const override {
        if (sent.is_object() && !sent.contains("flg_isdeleted")) sent["flg_isdeleted"] = false;
    }
};

// --- views ---
struct ViewPostSyncAccepted : Policy {
    void answer_to_read_only_write(const Variation&, httplib::Response& res, const std::string&, const std::string& body) const override {
        const json block = json::parse(body, nullptr, false);
        send_json(res, 200, {{"accepted", block.is_array() ? block.size() : 0}});  // and ignores it
    }
};
class ViewStale : public Policy {
public:
    // Per tenant and view, the tenant's data at the view's first read.
    const TenantData& data_behind_view(const TenantData& data, int tenant, const std::string& view) const override {
        std::lock_guard lock(mutex_);
        auto& frozen = frozen_[{tenant, view}];
        if (!frozen) frozen = std::make_unique<const TenantData>(records_of(data));
        return *frozen;  // never changed once made
    }

private:
    /// The rows of `data` without their answered texts: readers of the store fill those under RowSource's lock, and a
    /// view never reads them.
    static TenantData records_of(const TenantData& data) {
        TenantData copy;
        for (const auto& [name, table] : data.tables) {
            Table& t = copy.tables[name];
            t.next_id = table.next_id;
            for (const auto& [key, row] : table.rows) t.rows.emplace_hint(t.rows.end(), key, Row{row.record, row.changed});
        }
        return copy;
    }
    mutable std::mutex mutex_;
    mutable std::map<std::pair<int, std::string>, std::unique_ptr<const TenantData>> frozen_;
};
struct DocumentViewWithoutLines : Policy {
    void view_row(const std::string& view, json& row) const override {
        if (view == "MCPDocumentiT") row["MCPDocumentiR"] = json::array();  // the nested lines are not joined
    }
};
struct SuppliersInClienti : Policy {
    bool in_view(const std::string& view, const json& base) const override {
        return Policy::in_view(view, base) || (view == "MCPClienti" && base.value("ind_clifor", json()) == "F");
    }
};

// --- query ---
struct QueryIgnoresSelection : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint endpoint) const override {
        if (endpoint == Endpoint::Query) return std::nullopt;
        return text;
    }
};
struct QueryIgnoresOrder : Policy {
    std::vector<OrderBy> order_applied(std::vector<OrderBy>) const override { return {}; }
};

// --- tenancy ---
bool is_view(const Record& r) { return r.area == "MCP views" && r.name != "MCPResources"; }
/// The user's tenant, then every other tenant that has data.
std::vector<int> every_tenant(const User& user, const Store& store) {
    std::vector<int> out{user.customer_ID};
    for (const int tenant : store.tenants())
        if (tenant != user.customer_ID) out.push_back(tenant);
    return out;
}
struct TenantRowsLeak : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store) const override {
        return is_view(r) ? Policy::tenants_visible(user, r, store) : every_tenant(user, store);
    }
};
struct TenantFromBody : Policy {
    // The first record's customer_ID, when it has one, picks the tenant.
    int tenant_of_write(const User& user, const json& block) const override {
        if (!block.empty() && block[0].is_object() && block[0].value("customer_ID", json()).is_number_integer())
            return block[0].at("customer_ID").get<int>();
        return user.customer_ID;
    }
};
struct ViewOtherTenant : Policy {
    std::vector<int> tenants_visible(const User& user, const Record& r, const Store& store) const override {
        return is_view(r) ? every_tenant(user, store) : Policy::tenants_visible(user, r, store);
    }
};

// --- validation ---
struct OverlongTruncated : Policy {
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
struct RequiredFieldMissingAccepted : Policy {
    // A violation that only says a required non-key field (other than flg_isdeleted) is missing is dropped.
    bool keep_violation(const Record& record, const json& sent, const Violation& v) const override {
        if (!sent.is_object() || v.rule != "required") return true;
        for (const auto& f : record.fields)
            if (f.required && !f.key && f.name != "flg_isdeleted" && !sent.contains(f.name) && v.field == f.name) return false;
        return true;
    }
};
struct ListedValueRefused : Policy {
    // A CHECK constraint written from an older list: the last value the seeds list for a field is refused.
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields) {
                if (f.key || f.values.size() < 2 || !block[i].is_object() || !block[i].contains(f.name)) continue;
                const json& v = block[i][f.name];
                const std::string& last = f.values.back().value;
                if ((v.is_string() && v == last) || (v.is_number_integer() && std::to_string(v.get<long long>()) == last))
                    violations.push_back({{"index", i}, {"field", f.name}, {"pointer", "/" + std::to_string(i) + "/" + f.name},
                                          {"message", f.name + " must be one of the values before " + last}});
            }
    }
};
struct BlockCap100 : Policy {
    std::size_t max_block_records(std::size_t chosen) const override { return std::min<std::size_t>(chosen, 100); }
};
struct WeekOfLoading : Policy {
    // settimana taken from the day the view is read (a load date), not from dat_doc.
    void week(std::int64_t, int& week) const override { week = sql::iso_week(sql::ticks_from(std::chrono::system_clock::now())); }
};
struct ArticlesViewEmpty : Policy {
    bool in_view(const std::string& view, const json& base) const override { return view != "MCPArticoli" && Policy::in_view(view, base); }
};
struct DocumentViewsNotJoined : Policy {
    // The document views read the document tables alone: what a line takes from its article and a header from its
    // counterpart comes out empty (codes only; the counterpart's name is VIEW-04's).
    void joined_field(const std::string&, const std::string& field, json& value) const override {
        if (field.rfind("cod_", 0) == 0) value = nullptr;
    }
};
struct WrongPasswordAccepted : Policy {
    bool password_accepted(const User&, const std::string&) const override { return true; }
};
struct TokenInfoMissing : Policy {
    bool serves_token_info() const override { return false; }
};
struct ExtraFieldAnswered : Policy {
    // An internal cost column leaks into every answered record.
    void present(json& row) const override { row["val_costo"] = 0; }
};
struct DeletedFlagNull : Policy {
    // A NOT NULL bit answered as null (a driver that maps bit to a nullable boolean and loses it).
    void present(json& row) const override { row["flg_isdeleted"] = nullptr; }
};
struct ViewRowsDoubled : Policy {
    // A join that fans out: each view row twice.
    void arrange(const Record& record, const ListQuery&, std::vector<json>& rows, std::size_t&) const override {
        if (record.name.rfind("MCP", 0) != 0) return;
        std::vector<json> doubled;
        for (auto& r : rows) {
            doubled.push_back(r);
            doubled.push_back(std::move(r));
        }
        rows = std::move(doubled);
    }
    bool needs_all_rows(const ListQuery&) const override { return true; }
};
struct NullRefused : Policy {
    // NOT NULL columns where the seeds say nullable: an explicit null in a record is refused.
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields)
                if (f.nullable && !f.key && block[i].is_object() && block[i].contains(f.name) && block[i][f.name].is_null())
                    violations.push_back({{"index", i}, {"field", f.name}, {"pointer", "/" + std::to_string(i) + "/" + f.name},
                                          {"message", f.name + " may not be null"}});
    }
};
struct ObjectBodyAccepted : Policy {
    json block_sent(json body) const override { return body.is_object() ? json::array({std::move(body)}) : body; }
};
struct McpResourcesRefused : Policy {
    // The registry is not served as a resource: 403 like a name that is none.
    const Record* resource(const Catalogue& cat, const User& user, const std::string& name) const override {
        return name == "MCPResources" ? nullptr : Policy::resource(cat, user, name);
    }
};
struct LinesWithoutHeaderData : Policy {
    // MCPDocumentiR shows the lines without the counterpart and agent of their header (what a line has of its own).
    void header_field(const std::string& field, json& value) const override {
        if (field == "ind_clifor_c" || field == "cod_clifor_c" || field == "cod_agente") value = nullptr;
    }
};
struct UnboundedTextCapped : Policy {
    // nvarchar(-1) mapped to nvarchar(4000): a longer text is refused.
    void add_violations(const Record& record, const json& block, json& violations) const override {
        for (std::size_t i = 0; i < block.size(); ++i)
            for (const auto& f : record.fields) {
                if (!f.type.is_text() || f.type.max_length() || !block[i].is_object() || !block[i].contains(f.name)) continue;
                const json& v = block[i][f.name];
                if (v.is_string() && v.get<std::string>().size() > 4000)
                    violations.push_back({{"index", i}, {"field", f.name}, {"pointer", "/" + std::to_string(i) + "/" + f.name},
                                          {"message", f.name + " holds at most 4000 characters"}});
            }
    }
};
struct DeletionOnlyWithFeed : Policy {
    // Logical deletion written only for the resources with a change feed: elsewhere flg_isdeleted is stored false.
    bool edits_sent() const override { return true; }
    void before_validate(const Record& record, json& sent) const override {
        if (!record.has(Operation::GetSync) && sent.is_object() && sent.contains("flg_isdeleted")) sent["flg_isdeleted"] = false;
    }
};
struct MalformedJson500 : Policy {
    void error_status(int& status, const std::string& code) const override {
        if (code == "malformed_json") status = 500;
    }
};

}  // namespace

std::unique_ptr<Policy> make_policy(Defect defect) {
    switch (defect) {
        case Defect::None: return std::make_unique<Policy>();
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
        case Defect::FeedTotalIgnoresLastUtcRun: return std::make_unique<FeedTotalIgnoresLastUtcRun>();
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
        case Defect::ListedValueRefused: return std::make_unique<ListedValueRefused>();
        case Defect::BlockCap100: return std::make_unique<BlockCap100>();
        case Defect::WeekOfLoading: return std::make_unique<WeekOfLoading>();
        case Defect::ArticlesViewEmpty: return std::make_unique<ArticlesViewEmpty>();
        case Defect::DocumentViewsNotJoined: return std::make_unique<DocumentViewsNotJoined>();
        case Defect::WrongPasswordAccepted: return std::make_unique<WrongPasswordAccepted>();
        case Defect::TokenInfoMissing: return std::make_unique<TokenInfoMissing>();
        case Defect::ExtraFieldAnswered: return std::make_unique<ExtraFieldAnswered>();
        case Defect::DeletedFlagNull: return std::make_unique<DeletedFlagNull>();
        case Defect::ViewRowsDoubled: return std::make_unique<ViewRowsDoubled>();
        case Defect::NullRefused: return std::make_unique<NullRefused>();
        case Defect::ObjectBodyAccepted: return std::make_unique<ObjectBodyAccepted>();
        case Defect::McpResourcesRefused: return std::make_unique<McpResourcesRefused>();
        case Defect::LinesWithoutHeaderData: return std::make_unique<LinesWithoutHeaderData>();
        case Defect::UnboundedTextCapped: return std::make_unique<UnboundedTextCapped>();
        case Defect::DeletionOnlyWithFeed: return std::make_unique<DeletionOnlyWithFeed>();
    }
    return std::make_unique<Policy>();
}

}  // namespace bds::stub

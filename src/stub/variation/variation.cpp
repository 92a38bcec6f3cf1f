// The stub's choices where the seeds are silent (choices.hpp), applied at the points the routes ask, with the
// policy's answers after them (policy.hpp: the reference's, or a defect's).
#include "stub/variation/variation.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ctime>
#include <set>

#include "common/http_text.hpp"
#include "common/text.hpp"
#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"
#include "stub/base64.hpp"
#include "stub/http_util.hpp"
#include "stub/store.hpp"
#include "stub/views.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// A whole number from 1 to `max`, or nullopt.
std::optional<std::size_t> positive(const std::string& text, std::size_t max) {
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || end != text.data() + text.size() || n < 1 || n > max) return std::nullopt;
    return n;
}

/// A decimal field's value exactly: a number, or the text the store keeps of a long one (normalize.hpp).
std::optional<sql::Decimal> exact_value(const json& v) {
    if (v.is_string()) return sql::Decimal::parse(v.get_ref<const std::string&>(), true);
    return v.is_number() ? sql::Decimal::parse(v.dump(), true) : std::nullopt;
}

/// Orders two values of one field for OrderBy: NULL below every value (first ascending, as SQL Server and SQLite
/// sort) or above (last ascending, as PostgreSQL sorts; A-96), numbers numerically (a decimal field's exactly),
/// text as RecordSelection compares it (padded, folded under a case-insensitive collation).
int compare_values(const json& a, const json& b, bool fold, Choices::NullOrder nulls, bool decimal) {
    if (a.is_null() || b.is_null()) {
        if (a.is_null() == b.is_null()) return 0;
        const int null_side = nulls == Choices::NullOrder::First ? -1 : 1;
        return a.is_null() ? null_side : -null_side;
    }
    if (decimal)
        if (const auto da = exact_value(a), db = exact_value(b); da && db) return compare(*da, *db);
    if (a.is_number() && b.is_number())
        return a.get<double>() < b.get<double>() ? -1 : a.get<double>() > b.get<double>() ? 1 : 0;
    if (a.is_string() && b.is_string()) {
        const auto ua = sql::utf8_to_u32(a.get_ref<const std::string&>());
        const auto ub = sql::utf8_to_u32(b.get_ref<const std::string&>());
        if (ua && ub) return sql::compare_padded(*ua, *ub, fold);
    }
    return a < b ? -1 : b < a ? 1 : 0;
}

std::uint64_t fnv1a(std::string_view text, std::uint64_t seed) {
    std::uint64_t h = 1469598103934665603ull ^ seed;
    for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

/// The stored rowversion (base64 of 8 bytes, big-endian) as an integer.
std::optional<std::uint64_t> rowversion_value(const std::string& text) {
    const auto bytes = from_base64(text);
    if (!bytes || bytes->size() != 8) return std::nullopt;
    std::uint64_t v = 0;
    for (const char b : *bytes) v = (v << 8) | static_cast<unsigned char>(b);
    return v;
}

std::string http_date(std::chrono::system_clock::time_point t) { return utc_formatted(t, "%a, %d %b %Y %H:%M:%S GMT"); }

/// A date-time value as the choice writes it; `text` is the stored ISO form.
json datetime_as(Choices::DatetimeForm form, SqlKind kind, const std::string& text) {
    if (form == Choices::DatetimeForm::Iso) return text;
    const auto parsed = sql::parse_datetime(text, kind, sql::TimeSource::Record);
    if (!parsed.ticks) return text;
    std::string iso = sql::format_datetime(*parsed.ticks, SqlKind::Datetime2);  // YYYY-MM-DDTHH:MM:SS.fffffff
    switch (form) {
        case Choices::DatetimeForm::Iso: break;
        case Choices::DatetimeForm::Z: return iso.substr(0, 23) + "Z";
        case Choices::DatetimeForm::Offset: {
            std::string out = iso;
            while (out.back() == '0') out.pop_back();
            if (out.back() == '.') out.pop_back();
            return out + "+00:00";
        }
        case Choices::DatetimeForm::Space: iso[10] = ' '; return kind == SqlKind::Datetime ? iso.substr(0, 23) : iso;
    }
    return text;
}

}  // namespace

Variation::Variation(const Catalogue& catalogue, Choices choices, Defect defect, std::shared_ptr<SqlEngine> database,
                     double defect_rate, std::uint64_t defect_seed)
    : catalogue_(catalogue),
      choices_(implied(choices)),
      defect_policy_(make_policy(defect)),
      reference_policy_(make_policy(Defect::None)),
      intermittence_(defect_rate, defect_seed),
      engine_(choices_, [this] { return &policy(); }),
      database_(std::move(database)) {}

// --- every request ---

bool Variation::intercept(const httplib::Request& req, httplib::Response& res) const {
    // Only requests without a body: answering before a body is read would leave it in the connection.
    if (choices_.rate_limit != Choices::RateLimit::Some429 || req.method != "GET") return false;
    if (++requests_ % 25 != 0) return false;
    res.set_header("Retry-After", "0");
    error(res, 429, "too_many_requests", "slow down: retry after 0 s");
    return true;
}

std::optional<std::string> Variation::param(const httplib::Request& req, const char* name) const {
    std::vector<const std::string*> values;
    for (const auto& [k, v] : req.params)
        if (k == name || (choices_.parameter_case == Choices::ParameterCase::Any && iequals(k, name)))
            values.push_back(&v);
    if (values.empty()) return std::nullopt;
    return choices_.repeated_parameter == Choices::RepeatedParameter::First ? *values.front() : *values.back();
}

void Variation::error(httplib::Response& res, int status, const std::string& code, const std::string& message,
                      const json& violations) const {
    policy().error_status(status, code);
    if (status == 400 && choices_.bad_input_status == Choices::BadInputStatus::S422) status = 422;
    res.status = status;
    res.reason = reason_phrase(status);  // marks the answer as the stub's own (the server's error handler leaves it)
    json detail = {{"message", message}};
    if (!violations.is_null()) detail["violations"] = violations;
    switch (choices_.error_body) {
        case Choices::ErrorBody::Json: detail["error"] = code; return send_json(res, status, detail);
        case Choices::ErrorBody::Nested: detail["code"] = code; return send_json(res, status, {{"error", detail}});
        case Choices::ErrorBody::Text: return res.set_content(message, "text/plain; charset=utf-8");
        case Choices::ErrorBody::Empty: res.body.clear(); return;
    }
}

// --- tokens ---

std::chrono::seconds Variation::token_ttl(std::chrono::seconds configured) const {
    return choices_.token_lifetime == Choices::TokenLifetime::Short ? std::chrono::seconds(3) : configured;
}

void Variation::token_answer(httplib::Response& res, const std::string& token, const User& user,
                             std::chrono::seconds ttl) const {
    json body = {{"access_token", token}, {"token_type", "bearer"}};
    if (choices_.token_response != Choices::TokenResponse::NoExpiry) body["expires_in"] = ttl.count();
    if (choices_.token_response == Choices::TokenResponse::Owin) {
        const auto now = std::chrono::system_clock::now();
        body["userName"] = user.username;
        body[".issued"] = http_date(now);
        body[".expires"] = http_date(now + ttl);
    }
    res.set_header("Cache-Control", "no-store");
    send_json(res, 200, body);
}

void Variation::token_refusal(httplib::Response& res, const std::string& error, const std::string& description) const {
    const int status = choices_.token_response == Choices::TokenResponse::NoExpiry ? 401 : 400;
    res.reason = reason_phrase(status);
    send_json(res, status, {{"error", error}, {"error_description", description}});
}

void Variation::token_info(httplib::Response& res, const User& user) const {
    switch (choices_.token_info) {
        case Choices::TokenInfo::Object:
            return send_json(res, 200,
                             {{"userName", user.username},
                              {"customer_ID", user.customer_ID},
                              {"canWrite", user.can_write},
                              {"resources", user.resources}});
        case Choices::TokenInfo::Claims:
            return send_json(
                res, 200,
                {{"Name", user.username},
                 {"Claims", json::array({{{"Type", "customer_ID"}, {"Value", std::to_string(user.customer_ID)}},
                                         {{"Type", "canWrite"}, {"Value", user.can_write ? "true" : "false"}}})}});
        case Choices::TokenInfo::Text:
            res.status = 200;
            return res.set_content(user.username, "text/plain; charset=utf-8");
    }
}

// --- reads ---

void Variation::paging(ListQuery& q, std::optional<std::string> size, std::optional<std::string> number) const {
    policy().paging_input(size, number);
    const bool strict = choices_.paging_values == Choices::PagingValues::Strict;
    constexpr std::size_t kLargest = 2147483647;  // both are int32 (000 §4.1)
    std::optional<std::size_t> page_size;
    if (size) {
        page_size = positive(*size, kLargest);
        if (!page_size && strict)
            throw BadRequest{"invalid_PageSize", "PageSize must be a whole number from 1 to " +
                                                     std::to_string(kLargest) + ", got \"" + *size + "\""};
    }
    if (const std::size_t cap = choices_.max_page_size(); page_size && cap && *page_size > cap) {
        if (choices_.over_cap == Choices::OverCap::Refuse)
            throw BadRequest{"invalid_PageSize", "PageSize must be at most " + std::to_string(cap) + ", got " + *size};
        page_size = cap;
    }
    if (!page_size && choices_.default_page == Choices::DefaultPage::Fifty) page_size = 50;
    q.page_size = page_size.value_or(0);
    if (number && q.page_size) {  // PageNumber without a page size is ignored
        const auto n = positive(*number, kLargest);
        if (!n && strict)
            throw BadRequest{"invalid_PageNumber", "PageNumber must be a whole number from 1 to " +
                                                       std::to_string(kLargest) + ", got \"" + *number + "\""};
        q.page_number = n.value_or(1);
    }
    policy().paging(q);
}

std::optional<int> Variation::feed_refusal(const Record& record) const {
    if (record.has(Operation::GetSync)) return std::nullopt;
    switch (choices_.feed_elsewhere) {
        case Choices::FeedElsewhere::Served: return std::nullopt;
        case Choices::FeedElsewhere::S403: return 403;
        case Choices::FeedElsewhere::S404: return 404;
    }
    return std::nullopt;
}

std::optional<std::int64_t> Variation::last_utc_run(const std::string& text) const {
    if (choices_.last_utc_run_forms == Choices::LastUtcRunForms::SeedOnly) {
        static constexpr std::string_view kShape = "0000-00-00 00:00:00.000";
        if (text.size() != kShape.size()) return std::nullopt;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (kShape[i] == '0' ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != kShape[i])
                return std::nullopt;
    }
    return sql::parse_datetime(text, SqlKind::Datetime2, sql::TimeSource::Literal).ticks;
}

bool Variation::last_utc_run_refused(std::int64_t ticks) const {
    static const std::int64_t kFirstDatetime =
        *sql::parse_datetime("1753-01-01T00:00:00", SqlKind::Datetime2, sql::TimeSource::Literal).ticks;
    return choices_.last_utc_run_range == Choices::LastUtcRunRange::Datetime && ticks < kFirstDatetime;
}

QueryRequest Variation::query_request(const json& body, const Record& record) const {
    return read_query_body(choices_.query_body, body, record);
}

bool Variation::query_served(const Record& record) const {
    return record.has(Operation::PostQuery) || choices_.query_elsewhere == Choices::QueryElsewhere::Served;
}

bool Variation::visible(const Record& record, bool deleted, const ListQuery& q) const {
    if (q.endpoint != Endpoint::Feed && deleted) {
        const auto hidden = is_view(record) ? choices_.deleted_in_views : choices_.deleted_in_lists;
        if (hidden == Choices::Deleted::Hidden) return false;
    }
    return policy().visible(deleted, q);
}

bool Variation::needs_all_rows(const ListQuery& q) const {
    return !q.order_by.empty() || selects_in_database(q) || choices_.row_order != Choices::RowOrder::Key ||
           policy().needs_all_rows(q);
}

void Variation::select_in_database(const Record& record, const ListQuery& q, std::vector<json>& rows) const {
    std::vector<std::size_t> chosen;
    try {
        chosen = database_->select(record, rows, q.selection ? q.condition : std::nullopt, q.order_by);
    } catch (const EngineRefusal& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection: ") + e.what()};
    }
    std::vector<json> selected;
    selected.reserve(chosen.size());
    for (const std::size_t i : chosen) selected.push_back(std::move(rows.at(i)));  // each index once
    rows = std::move(selected);
}

void Variation::arrange(const Record& record, const ListQuery& q, std::vector<json>& rows, std::size_t& first) const {
    if (!q.order_by.empty()) {
        if (database_) return policy().arrange(record, q, rows, first);  // select_in_database ordered them
        const bool fold = choices_.case_insensitive();
        std::stable_sort(rows.begin(), rows.end(), [&](const json& a, const json& b) {
            for (const auto& o : q.order_by) {
                const Field* f = record.field(o.field);
                const int c = compare_values(a.value(o.field, json()), b.value(o.field, json()), fold,
                                             choices_.null_order, f && f->type.kind == SqlKind::Decimal);
                if (c != 0) return o.desc ? c > 0 : c < 0;
            }
            return false;
        });
    } else if (choices_.row_order == Choices::RowOrder::Insertion) {
        std::stable_sort(rows.begin(), rows.end(),
                         [](const json& a, const json& b) { return a.value("Id", json()) < b.value("Id", json()); });
    } else if (choices_.row_order == Choices::RowOrder::Shuffle) {
        std::vector<std::pair<std::uint64_t, std::size_t>> order;
        for (std::size_t i = 0; i < rows.size(); ++i)
            order.emplace_back(fnv1a(canonical_key(record, rows[i], key_rules()) + rows[i].value("Id", json()).dump(),
                                     choices_.shuffle_seed),
                               i);
        std::sort(order.begin(), order.end());
        std::vector<json> shuffled;
        shuffled.reserve(rows.size());
        for (const auto& [hash, i] : order) shuffled.push_back(std::move(rows[i]));
        rows = std::move(shuffled);
    }
    policy().arrange(record, q, rows, first);
}

void Variation::present(const Catalogue& catalogue, const Record& record, json& row) const {
    if (!row.is_object()) return;
    const bool omit = choices_.nulls == Choices::Nulls::Omitted;
    for (const auto& f : record.fields) {
        auto it = row.find(f.name);
        if (it == row.end()) {
            if (!omit) row[f.name] = nullptr;
            continue;
        }
        json& v = *it;
        if (v.is_null()) {
            if (omit) row.erase(it);
            continue;
        }
        switch (f.type.kind) {
            case SqlKind::List:
                if (v.is_array())
                    for (auto& item : v) present(catalogue, *catalogue.find(f.list_of), item);
                break;
            case SqlKind::Datetime:
            case SqlKind::Datetime2:
                if (v.is_string()) v = datetime_as(choices_.datetime_form, f.type.kind, v.get<std::string>());
                break;
            case SqlKind::Timestamp:
                if (v.is_string() && choices_.rowversion != Choices::Rowversion::Base64)
                    if (const auto n = rowversion_value(v.get<std::string>())) {
                        char hex[19];
                        std::snprintf(hex, sizeof hex, "0x%016llX", static_cast<unsigned long long>(*n));
                        v = choices_.rowversion == Choices::Rowversion::Integer ? json(*n) : json(hex);
                    }
                break;
            case SqlKind::Decimal:
                if (v.is_number() && choices_.decimal_form == Choices::DecimalForm::String)
                    if (const auto d = sql::Decimal::parse(v.dump(), true))
                        v = d->str();  // fixed-point, as a decimal column prints
                break;
            case SqlKind::Char:
            case SqlKind::NChar: engine_.present_fixed(v); break;
            case SqlKind::Float: engine_.present_float(f.type, v); break;
            default: break;
        }
    }
    policy().present(row);
}

void Variation::write_list(httplib::Response& res, const std::vector<RowText>& rows, std::size_t total,
                           Endpoint endpoint) const {
    // The rows come printed, so the answer is spliced from their texts rather than built and printed whole.
    std::optional<json> answered = policy().total_answered(endpoint, rows.size(), total);
    if (answered && answered->is_number() && choices_.count_form == Choices::CountForm::String)
        *answered = answered->dump();
    const std::string count = answered ? answered->dump() : "";
    std::string body;
    std::size_t size = 64;
    for (const auto& row : rows) size += row->size() + count.size() + 20;
    body.reserve(size);
    const auto array = [&](bool counted) {
        body += '[';
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const std::string& row = *rows[i];
            if (i) body += ',';
            if (counted && answered && row.starts_with('{')) {
                body += "{\"TotalRowsCount\":" + count;
                if (row != "{}") body += ',';
                body.append(row, 1);
            } else {
                body += row;
            }
        }
        body += ']';
    };
    switch (choices_.envelope) {
        case Choices::Envelope::Object: {
            const char* member = choices_.rows_member == Choices::RowsMember::Records ? "Records"
                                 : choices_.rows_member == Choices::RowsMember::Data  ? "Data"
                                                                                      : "Items";
            body += "{\"" + std::string(member) + "\":";
            array(false);
            if (answered) body += ",\"TotalRowsCount\":" + count;
            body += '}';
            break;
        }
        case Choices::Envelope::Header:
            if (answered)
                res.set_header("TotalRowsCount", answered->is_string() ? answered->get<std::string>() : count);
            array(false);
            break;
        case Choices::Envelope::RowField: array(true); break;
    }
    res.status = 200;
    res.set_content(std::move(body), "application/json; charset=utf-8");
}

// --- writes ---

bool Variation::content_type_ok(const std::string& type) const {
    if (choices_.content_type == Choices::ContentType::Any) return true;
    return type.size() >= 16 && iequals(std::string_view(type).substr(0, 16), "application/json");
}

int Variation::read_only_status() const {
    switch (choices_.view_write_status) {
        case Choices::ViewWriteStatus::S403: return 403;
        case Choices::ViewWriteStatus::S405: return 405;
        case Choices::ViewWriteStatus::S404: return 404;
    }
    return 403;
}

void Variation::before_validate(const Record& record, json& sent) const {
    if (sent.is_object()) {
        for (auto it = sent.begin(); it != sent.end();) {
            const Field* f = record.field(it.key());
            const bool drop = (f && f->managed && choices_.platform_fields == Choices::Allow::Ignored) ||
                              (!f && !record.open && choices_.unknown_fields == Choices::Allow::Ignored);
            it = drop ? sent.erase(it) : std::next(it);
        }
    }
    policy().before_validate(record, sent);
}

bool Variation::edits_sent() const {
    return choices_.platform_fields == Choices::Allow::Ignored || choices_.unknown_fields == Choices::Allow::Ignored ||
           policy().edits_sent();
}

bool Variation::refuses(const Record& record, const json& sent, const Violation& v) const {
    if (v.rule == "allowed_values" && choices_.allowed_values == Choices::Allow::Ignored) return false;
    if (v.rule == "code_page" && choices_.code_page != Choices::CodePage::Refuse) return false;
    return policy().keep_violation(record, sent, v);
}

void Variation::block_violations(const Record& record, const json& block, json& violations) const {
    if (block.empty() && choices_.empty_block == Choices::EmptyBlock::Refused)
        violations.push_back(
            {{"index", 0}, {"field", ""}, {"pointer", ""}, {"message", "an empty block sends no record"}});
    std::set<std::string> keys;
    for (std::size_t i = 0; i < block.size(); ++i) {
        if (!block[i].is_object()) continue;
        const std::string at = "/" + std::to_string(i);
        if (choices_.tenant_in_body == Choices::TenantInBody::Refused && block[i].contains("customer_ID"))
            violations.push_back({{"index", i},
                                  {"field", "customer_ID"},
                                  {"pointer", at + "/customer_ID"},
                                  {"message", "customer_ID is not sent: the tenant comes from the token (000 §4.4)"}});
        if (choices_.duplicate_keys == Choices::DuplicateKeys::Refused &&
            !keys.insert(canonical_key(record, block[i], key_rules())).second)
            violations.push_back(
                {{"index", i}, {"field", ""}, {"pointer", at}, {"message", "this key is already in the block"}});
        engine_.violations(record, block[i], i, choices_.scale(), violations);
    }
    policy().add_violations(record, block, violations);
}

void Variation::before_store(const Record& record, const json& sent, json& normalized) const {
    engine_.store(catalogue_, record, sent, normalized, choices_.scale());
    if (choices_.code_page == Choices::CodePage::Replace) {
        for (auto& [name, v] : normalized.items()) {
            const Field* f = record.field(name);
            if (!f || !f->type.is_text() || f->type.is_unicode_text() || !v.is_string()) continue;
            if (auto text = sql::utf8_to_u32(v.get<std::string>())) {
                for (char32_t& c : *text)
                    if (!sql::in_windows_1252(c))
                        c = U'?';  // what SQL Server stores for a character code page 1252 lacks
                v = sql::to_utf8(*text);
            }
        }
    }
    if (choices_.line_order == Choices::LineOrder::Reversed)
        for (const auto& f : record.fields)
            if (f.type.kind == SqlKind::List && normalized.contains(f.name) && normalized[f.name].is_array())
                std::reverse(normalized[f.name].begin(), normalized[f.name].end());
    policy().before_store(record, sent, normalized);
}

void Variation::sync_answer(httplib::Response& res, const Record& record, const std::vector<json>& stored) const {
    int status = 200;
    policy().sync_status(status);
    switch (choices_.sync_answer) {
        case Choices::SyncAnswer::Count: return send_json(res, status, {{"accepted", stored.size()}});
        case Choices::SyncAnswer::Empty: res.status = status; return;
        case Choices::SyncAnswer::Results: {
            json results = json::array();
            for (std::size_t i = 0; i < stored.size(); ++i) {
                json key = json::object();
                for (const auto& k : record.key)
                    if (stored[i].contains(k)) key[k] = stored[i][k];
                results.push_back({{"index", i}, {"status", "upserted"}, {"key", std::move(key)}});
            }
            return send_json(res, status, results);
        }
        case Choices::SyncAnswer::Text: res.status = status; return res.set_content("OK", "text/plain; charset=utf-8");
    }
}

void Variation::upsert(const Record& record, const Row* old, json& rec, StoreEdit& edit, bool& new_id) const {
    if (old && choices_.upsert == Choices::Upsert::Merge)
        for (const auto& [name, value] : old->record.items()) {
            const Field* f = record.field(name);
            if (!rec.contains(name) && !(f && f->managed)) rec[name] = value;  // a field not sent keeps its value
        }
    new_id = old && choices_.id_on_update == Choices::IdOnUpdate::New;
    policy().upsert(old, rec, edit);
}

std::int64_t Variation::change_instant(std::int64_t now, std::int64_t last) const {
    constexpr std::int64_t kMinute = 60 * 10'000'000LL;
    if (choices_.change_clock == Choices::ChangeClock::Skewed) now += 17 * kMinute;
    if (choices_.change_precision == Choices::ChangePrecision::Ticks) return std::max(now, last + 1);
    // SQL Server datetime: 1/300 s units, shown rounded to the millisecond (.000, .003, .007).
    const auto to_ticks = [](std::int64_t units) { return (units * 10 + 1) / 3 * 10000; };
    const std::int64_t floor = std::max(now - 1, last);
    std::int64_t units = floor * 3 / 100000;
    while (to_ticks(units) <= floor) ++units;
    return to_ticks(units);
}

// --- views ---

int Variation::reference_week(std::int64_t ticks) const {
    if (choices_.week == Choices::Week::Iso) return sql::iso_week(ticks);
    constexpr std::int64_t kDay = 864'000'000'000LL;
    const auto date = sql::civil_from_ticks(ticks);
    const std::int64_t jan1 = sql::ticks_from_civil({date.year, 1, 1}) / kDay;
    const std::int64_t day = ticks / kDay;
    if (choices_.week == Choices::Week::MondayZero) {
        // SQLite's strftime('%W') (and MySQL's WEEK(d, 1)'s kin): weeks begin on Monday, the days before the
        // first Monday are week 0.
        const int weekday_monday0 = static_cast<int>(day % 7);  // 0001-01-01 was a Monday
        return static_cast<int>((day - jan1 + 7 - weekday_monday0) / 7);
    }
    // DATEPART(week) under SET DATEFIRST 7: weeks begin on Sunday, week 1 holds 1 January.
    const int jan1_weekday = static_cast<int>((jan1 + 1) % 7);  // 0001-01-01 was a Monday; 0 = Sunday
    return static_cast<int>((day - jan1 + jan1_weekday) / 7 + 1);
}

int Variation::week(std::int64_t ticks) const {
    int out = reference_week(ticks);
    policy().week(ticks, out);
    return out;
}

bool Variation::resource_listed(const Record& record) const {
    return choices_.resources_listed == Choices::ResourcesListed::User || record.area == "MCP views";
}

bool Variation::serves_nested_list(std::string_view name) const {
    return choices_.nested_lists == Choices::NestedLists::Empty &&
           (name == "StoricoDocumentiIVA" || name == "CondPagamDett" || name == "AgentiClienti");
}

}  // namespace bds::stub

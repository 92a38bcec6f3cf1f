#include "client/api.hpp"

#include <httplib.h>

#include "common/http_text.hpp"

namespace bds::client {

using nlohmann::json;

void EnvelopeState::settle(const ListPage& page) {
    if (page.rows.empty()) return;
    int expected = kAuto;
    value_.compare_exchange_strong(expected, static_cast<int>(page.envelope));
}

void PageSizeState::lower(long long size) {
    size = std::max<long long>(size, 1);
    for (long long current = value_.load(); size < current;)
        if (value_.compare_exchange_weak(current, size)) {
            lowered_ = true;
            return;
        }
}

std::optional<long long> PageSizeState::lowered() const {
    if (!lowered_.load()) return std::nullopt;
    return value_.load();
}

std::string list_target(const std::string& base, const ListQuery& q) {
    std::string out = base;
    char sep = '?';
    auto add = [&](const char* name, const std::string& value) {
        out += sep;
        out += name;
        out += '=';
        out += url_encoded(value);
        sep = '&';
    };
    if (q.selection) add("RecordSelection", *q.selection);
    if (q.page_size) add("PageSize", std::to_string(*q.page_size));
    if (q.page_number) add("PageNumber", std::to_string(*q.page_number));
    return out;
}

json query_body(const json& tmpl, const ListQuery& q, const std::optional<QueryOrder>& order) {
    if (tmpl.is_string()) {
        const auto& s = tmpl.get_ref<const std::string&>();
        if (s == "$RecordSelection") return q.selection ? json(*q.selection) : json();
        if (s == "$PageSize") return q.page_size ? json(*q.page_size) : json();
        if (s == "$PageNumber") return q.page_number ? json(*q.page_number) : json();
        if (s == "$OrderField") return order ? json(order->field) : json();
        if (s == "$OrderDescending") return order ? json(order->descending) : json();
        return tmpl;
    }
    if (tmpl.is_object()) {
        json out = json::object();
        for (const auto& [k, v] : tmpl.items()) {
            json value = query_body(v, q, order);
            if (!value.is_null() || v.is_null()) out[k] = std::move(value);  // an absent parameter drops its member
        }
        return out;
    }
    if (tmpl.is_array()) {
        json out = json::array();
        // An element whose parameters are all absent (an OrderBy entry of a query without order) is dropped.
        for (const auto& v : tmpl)
            if (json value = query_body(v, q, order); !(value.is_object() && value.empty() && !v.empty())) out.push_back(std::move(value));
        return out;
    }
    return tmpl;
}

HttpSettings http_settings(const TargetConfig& target) {
    HttpSettings s;
    s.base_url = target.base_url;
    s.timeout_ms = target.timeout_ms;
    s.ca_file = target.ca_file;
    s.insecure = target.insecure;
    return s;
}

Api::Api(const TargetConfig& target, TokenSource& tokens, EnvelopeState& envelope, PageSizeState& page_size, RunLimits* limits)
    : target_(target),
      tokens_(tokens),
      envelope_(envelope),
      page_size_(page_size),
      http_(http_settings(target), limits) {}

HttpResponse Api::authed(const std::string& role, const std::string& method, const std::string& path,
                         const std::string& body, const std::string& content_type) {
    std::string token = tokens_.token(role);
    HttpResponse r = http_.request(method, path, {{"Authorization", "Bearer " + token}}, body, content_type);
    if (r.status == 401) {
        // Expired between renewal and use, or revoked: one fresh token, one more try (a 401 changed nothing).
        tokens_.invalidate(role, token);
        token = tokens_.token(role);
        r = http_.request(method, path, {{"Authorization", "Bearer " + token}}, body, content_type);
    }
    return r;
}

ListResult Api::read(HttpResponse response) {
    ListResult out{std::move(response), std::nullopt, ""};
    if (out.response.status != 200) return out;
    auto parsed = read_list(out.response, envelope_.get());
    if (auto* page = std::get_if<ListPage>(&parsed)) {
        envelope_.settle(*page);
        out.page = std::move(*page);
    } else {
        out.problem = std::get<std::string>(parsed);
    }
    return out;
}

ListResult Api::list(const std::string& role, const std::string& resource, const ListQuery& query) {
    return read(authed(role, "GET", list_target("/api/resources/" + resource, query)));
}

HttpResponse Api::sync_post(const std::string& role, const std::string& resource, const json& block) {
    return authed(role, "POST", "/api/sync/" + resource, block.dump(), "application/json; charset=utf-8");
}

ListResult Api::sync_get(const std::string& role, const std::string& resource, const std::string& last_utc_run,
                         const ListQuery& paging) {
    std::string target = "/api/sync/" + resource + "?LastUtcRun=" + url_encoded(last_utc_run);
    if (paging.page_size) target += "&PageSize=" + std::to_string(*paging.page_size);
    if (paging.page_number) target += "&PageNumber=" + std::to_string(*paging.page_number);
    return read(authed(role, "GET", target));
}

std::optional<ListResult> Api::query(const std::string& role, const std::string& resource, const ListQuery& query,
                                     const std::optional<QueryOrder>& order) {
    if (!target_.query_body) return std::nullopt;
    return read(authed(role, "POST", "/api/resources/" + resource + "/query", query_body(*target_.query_body, query, order).dump(),
                       "application/json; charset=utf-8"));
}

HttpResponse Api::token_info(const std::string& role) { return authed(role, "GET", "/api/Account/TokenInfo"); }

}  // namespace bds::client

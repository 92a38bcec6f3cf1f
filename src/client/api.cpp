#include "client/api.hpp"

#include <httplib.h>

#include <optional>

#include "client/body_template.hpp"
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
    const auto given = [](const auto& value) { return value ? std::optional<json>(*value) : std::nullopt; };
    const auto ordered = [&](json value) { return order ? std::optional<json>(std::move(value)) : std::nullopt; };
    const PlaceholderValues values = {
        {"$RecordSelection", given(q.selection)},
        {"$PageSize", given(q.page_size)},
        {"$PageNumber", given(q.page_number)},
        {"$OrderField", ordered(order ? order->field : "")},
        {"$OrderDescending", ordered(order && order->descending)},
        // SQL's ORDER BY keyword, for a body that takes the order as text (A-41: "cod_clifor DESC").
        {"$OrderDirection", ordered(order && order->descending ? "DESC" : "ASC")},
    };
    return fill_template(tmpl, values).value_or(json());
}

HttpSettings http_settings(const TargetConfig& target) {
    return {.base_url = target.base_url,
            .timeout_ms = target.timeout_ms,
            .ca_file = target.ca_file,
            .insecure = target.insecure,
            .token_path = target.token_path};
}

Api::Api(const TargetConfig& target, TokenSource& tokens, EnvelopeState& envelope, PageSizeState& page_size,
         RunLimits* limits, WriteGate* gate, DialectState* dialect)
    : target_(target),
      tokens_(tokens),
      envelope_(envelope),
      page_size_(page_size),
      gate_(gate),
      dialect_(dialect),
      http_(http_settings(target), limits) {}

namespace {

/// The resource a request writes: R of a POST (or any method but GET) to /api/sync/R; empty for any other.
std::string written_resource(const std::string& method, const std::string& path) {
    static const std::string sync = "/api/sync/";
    if (method == "GET" || path.rfind(sync, 0) != 0) return "";
    return path.substr(sync.size(), path.find_first_of("/?", sync.size()) - sync.size());
}

}  // namespace

HttpResponse Api::authed(const std::string& role, const std::string& method, const std::string& path,
                         const std::string& body, const std::string& content_type, bool a_list) {
    const std::string written = written_resource(method, path);
    std::optional<WriteGate::Writing> writing;
    if (!written.empty()) writing.emplace(gate_, written);
    // The slot first, the token then: a request waiting its turn behind a slow target must not carry a token that aged
    // while it waited (a run on a busy server false-alarmed on expired tokens).
    const HttpClient::Turn turn(http_);
    std::string token = tokens_.token(role);
    HttpResponse r = http_.request(method, path, {{"Authorization", "Bearer " + token}}, body, content_type, a_list);
    if (r.status == 401) {
        // Expired between renewal and use, or revoked: one fresh token, one more try (a 401 changed nothing).
        tokens_.invalidate(role, token);
        token = tokens_.token(role);
        r = http_.request(method, path, {{"Authorization", "Bearer " + token}}, body, content_type, a_list);
    }
    return r;
}

ListResult Api::read(HttpResponse response) {
    ListResult out{std::move(response), std::nullopt, ""};
    const HttpResponse& r = out.response;
    if (r.status != 200) {
        if (r.status / 100 == 2) http_.judged(true, "");  // an answer the checks judge (a list needs 200)
        return out;
    }
    auto parsed = read_list(r, envelope_.get());
    if (auto* page = std::get_if<ListPage>(&parsed)) {
        envelope_.settle(*page);
        out.page = std::move(*page);
    } else {
        out.problem = std::get<std::string>(parsed);
    }
    // A list that cannot be read (an HTML page, truncated JSON) is no answer a check can use (TargetWatch).
    http_.judged(out.page.has_value(),
                 r.exchange.method + " " + r.exchange.url + ": 200, " + out.problem.substr(0, 200));
    return out;
}

ListResult Api::in_dialect(const std::string& resource, const ListQuery& query,
                           const std::function<ListResult(const ListQuery&)>& send) {
    if (!dialect_ || query.verbatim || !query.selection) return send(query);
    const Dialect current = dialect_->get();
    ListQuery q = query;
    q.selection = dialect_->spelled(resource, *query.selection, current);
    ListResult first = send(q);
    const int status = first.response.status;
    if (status < 400 || status >= 500 || status == 401 || status == 403 || status == 429) return first;
    for (const Dialect& other : dialect_->alternatives(resource, *query.selection, current)) {
        q.selection = dialect_->spelled(resource, *query.selection, other);
        ListResult r = send(q);
        if (r.response.status == 200) {
            dialect_->learnt(current, other, "a read of " + resource);
            return r;
        }
    }
    return first;
}

ListResult Api::list(const std::string& role, const std::string& resource, const ListQuery& query) {
    return in_dialect(resource, query, [&](const ListQuery& q) {
        return read(authed(role, "GET", list_target("/api/resources/" + resource, q), "", "", true));
    });
}

HttpResponse Api::sync_post(const std::string& role, const std::string& resource, const json& block) {
    return authed(role, "POST", "/api/sync/" + resource, block.dump(), "application/json; charset=utf-8");
}

ListResult Api::sync_get(const std::string& role, const std::string& resource, const std::string& last_utc_run,
                         const ListQuery& paging) {
    std::string target = "/api/sync/" + resource + "?LastUtcRun=" + url_encoded(last_utc_run);
    if (paging.page_size) target += "&PageSize=" + std::to_string(*paging.page_size);
    if (paging.page_number) target += "&PageNumber=" + std::to_string(*paging.page_number);
    return read(authed(role, "GET", target, "", "", true));
}

std::optional<ListResult> Api::query(const std::string& role, const std::string& resource, const ListQuery& query,
                                     const std::optional<QueryOrder>& order) {
    if (!target_.query_body) return std::nullopt;
    return in_dialect(resource, query, [&](const ListQuery& q) {
        return read(authed(role, "POST", "/api/resources/" + resource + "/query",
                           query_body(*target_.query_body, q, order).dump(), "application/json; charset=utf-8", true));
    });
}

HttpResponse Api::token_info(const std::string& role) { return authed(role, "GET", "/api/Account/TokenInfo"); }

}  // namespace bds::client

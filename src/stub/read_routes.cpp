// GET /api/resources/{Resource} (000 §4.1), GET /api/sync/{Resource} (§4.3) and
// POST /api/resources/{Resource}/query (§4.2, body shape A-41).
#include <algorithm>
#include <charconv>

#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "stub/http_util.hpp"
#include "stub/normalize.hpp"
#include "stub/routes.hpp"
#include "stub/rows.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// A bad request: answered 400 with its message.
struct BadRequest {
    std::string code;
    std::string message;
};

struct OrderBy {
    std::string field;
    bool desc = false;
};

/// What a list read asks for.
struct ListQuery {
    std::optional<Selection> selection;
    std::optional<std::int64_t> changed_after;  // 100 ns ticks
    std::size_t page_size = 0;                  // 0: every row
    std::size_t page_number = 1;
    std::vector<OrderBy> order_by;
};

/// Orders two values of one field for OrderBy: NULL first, numbers numerically, text as RecordSelection
/// compares it (padded, folded under a case-insensitive collation).
int compare_values(const json& a, const json& b, bool fold) {
    if (a.is_null() || b.is_null()) return a.is_null() == b.is_null() ? 0 : a.is_null() ? -1 : 1;
    if (a.is_number() && b.is_number()) return a.get<double>() < b.get<double>() ? -1 : a.get<double>() > b.get<double>() ? 1 : 0;
    if (a.is_string() && b.is_string()) {
        const auto ua = sql::utf8_to_u32(a.get_ref<const std::string&>());
        const auto ub = sql::utf8_to_u32(b.get_ref<const std::string&>());
        if (ua && ub) return sql::compare_padded(*ua, *ub, fold);
    }
    return a < b ? -1 : b < a ? 1 : 0;
}

std::size_t positive_int(const std::string& name, const std::string& text, std::size_t max) {
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || end != text.data() + text.size() || n < 1 || n > max)
        throw BadRequest{"invalid_" + name, name + " must be a whole number from 1 to " + std::to_string(max) + ", got \"" + text + "\""};
    return n;
}

/// PageSize and PageNumber (pages start at 1, 000 §8); PageNumber without PageSize is ignored (A-09).
void paging(ListQuery& q, const std::optional<std::string>& size, const std::optional<std::string>& number, std::size_t max_page) {
    if (size) q.page_size = positive_int("PageSize", *size, max_page);
    if (number) q.page_number = positive_int("PageNumber", *number, 1u << 30);
}

void selection(ListQuery& q, const std::optional<std::string>& text, const Record& record) {
    if (!text) return;
    try {
        q.selection = Selection::parse(*text, record);
    } catch (const SelectionError& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection ") + e.what()};
    }
}

std::optional<std::string> param(const httplib::Request& req, const char* name) {
    if (!req.has_param(name)) return std::nullopt;
    return req.get_param_value(name);
}

/// Runs a list read and answers it in the configured envelope (A-07).
void answer_list(StubState& state, const User& user, const Record& record, const ListQuery& q, httplib::Response& res) {
    const Collation collation = state.options.collation;
    const std::size_t first = q.page_size ? (q.page_number - 1) * q.page_size : 0;
    std::size_t total = 0;
    json rows = json::array();
    std::vector<json> matched;  // only when ordering: every matching row, sorted before paging
    auto keep = [&](const json& row) {
        if (!q.order_by.empty()) return matched.push_back(row);
        if (total >= first && (q.page_size == 0 || rows.size() < q.page_size)) rows.push_back(row);
    };
    try {
        state.store.read(user.customer_ID, [&](const TenantData& data) {
            state.rows.for_each_row(data, record, user, [&](const json& row, std::int64_t changed) {
                if (q.changed_after && changed <= *q.changed_after) return;
                if (q.selection && !q.selection->matches(row, collation)) return;
                keep(row);
                ++total;
            });
        });
    } catch (const SelectionError& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection ") + e.what()};
    }
    if (!q.order_by.empty()) {
        std::stable_sort(matched.begin(), matched.end(), [&](const json& a, const json& b) {
            for (const auto& o : q.order_by) {
                const int c = compare_values(a.value(o.field, json()), b.value(o.field, json()), collation == Collation::CaseInsensitive);
                if (c != 0) return o.desc ? c > 0 : c < 0;
            }
            return false;
        });
        for (std::size_t i = first; i < matched.size() && (q.page_size == 0 || rows.size() < q.page_size); ++i) rows.push_back(std::move(matched[i]));
    }
    for (auto& row : rows) complete_row(state.catalogue, record, row);
    switch (state.options.envelope) {
        case Envelope::Object:
            return send_json(res, 200, {{"TotalRowsCount", total}, {"Records", std::move(rows)}});
        case Envelope::Header:
            res.set_header("TotalRowsCount", std::to_string(total));
            return send_json(res, 200, rows);
        case Envelope::RowField:
            for (auto& row : rows) row["TotalRowsCount"] = total;
            return send_json(res, 200, rows);
    }
}

/// Authenticates, resolves {Resource} (403 when unknown or not authorised), runs `handle`; BadRequest → 400.
template <class F>
void with_resource(StubState& state, const httplib::Request& req, httplib::Response& res, F&& handle) {
    const auto user = authenticate(state, req, res);
    if (!user) return;
    const Record* record = state.resource_for(*user, req.matches[1]);
    if (!record) return send_error(res, 403, "forbidden", "resource \"" + std::string(req.matches[1]) + "\" does not exist or is not authorised");
    try {
        handle(*user, *record);
    } catch (const BadRequest& e) {
        send_error(res, 400, e.code, e.message);
    }
}

std::vector<OrderBy> order_by(const json& body, const Record& record) {
    std::vector<OrderBy> out;
    if (!body.contains("OrderBy")) return out;
    if (!body.at("OrderBy").is_array()) throw BadRequest{"invalid_query", "OrderBy must be an array of {\"field\", \"desc\"}"};
    for (const auto& o : body.at("OrderBy")) {
        if (!o.is_object() || !o.contains("field") || !o.at("field").is_string())
            throw BadRequest{"invalid_query", "each OrderBy entry must be {\"field\": name, \"desc\": bool}"};
        const Field* f = record.field(o.at("field").get<std::string>());
        if (!f || f->type.kind == SqlKind::List) throw BadRequest{"invalid_query", "OrderBy: unknown field \"" + o.at("field").get<std::string>() + "\""};
        out.push_back({f->name, o.value("desc", false)});
    }
    return out;
}

std::optional<std::string> body_text(const json& body, const char* name) {
    if (!body.contains(name)) return std::nullopt;
    const auto& v = body.at(name);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return v.dump();
    throw BadRequest{"invalid_query", std::string(name) + " must be a string or a whole number"};
}

}  // namespace

void add_read_routes(httplib::Server& server, StubState& state) {
    server.Get(R"(/api/resources/([^/]+))", [&state](const httplib::Request& req, httplib::Response& res) {
        with_resource(state, req, res, [&](const User& user, const Record& record) {
            ListQuery q;
            selection(q, param(req, "RecordSelection"), record);
            paging(q, param(req, "PageSize"), param(req, "PageNumber"), state.options.max_page_size);
            answer_list(state, user, record, q, res);
        });
    });

    server.Get(R"(/api/sync/([^/]+))", [&state](const httplib::Request& req, httplib::Response& res) {
        with_resource(state, req, res, [&](const User& user, const Record& record) {
            const auto last = param(req, "LastUtcRun");
            if (!last) throw BadRequest{"missing_last_utc_run", "LastUtcRun is required, in the form YYYY-MM-DD HH:MM:SS.000"};
            const auto instant = sql::parse_datetime(*last, SqlKind::Datetime2, sql::TimeSource::Literal);
            if (!instant.ticks) throw BadRequest{"invalid_last_utc_run", "LastUtcRun: expected YYYY-MM-DD HH:MM:SS.000, got \"" + *last + "\": " + instant.error};
            ListQuery q;
            q.changed_after = *instant.ticks;
            paging(q, param(req, "PageSize"), param(req, "PageNumber"), state.options.max_page_size);
            answer_list(state, user, record, q, res);
        });
    });

    server.Post(R"(/api/resources/([^/]+)/query)", [&state](const httplib::Request& req, httplib::Response& res) {
        with_resource(state, req, res, [&](const User& user, const Record& record) {
            if (!record.has(Operation::PostQuery))
                return send_error(res, 404, "not_found", "POST query is available for MCPClienti only (000 §4.2, A-41)");
            const json body = json::parse(req.body, nullptr, false);
            if (body.is_discarded() || !body.is_object())
                throw BadRequest{"invalid_query", "expected a JSON object {\"RecordSelection\", \"OrderBy\", \"PageSize\", \"PageNumber\"}"};
            ListQuery q;
            selection(q, body_text(body, "RecordSelection"), record);
            paging(q, body_text(body, "PageSize"), body_text(body, "PageNumber"), state.options.max_page_size);
            q.order_by = order_by(body, record);
            answer_list(state, user, record, q, res);
        });
    });
}

}  // namespace bds::stub

// GET /api/resources/{Resource} (000 §4.1), GET /api/sync/{Resource} (§4.3) and
// POST /api/resources/{Resource}/query (§4.2, body shape A-41).
#include <algorithm>
#include <cctype>
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
    bool feed = false;  // GET sync: the change feed
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
void paging(ListQuery& q, const std::optional<std::string>& size, const std::optional<std::string>& number, std::size_t max_page, Defect defect) {
    if (defect == Defect::PageSizeIgnored) return;  // defect: every record at once
    if (size) q.page_size = positive_int("PageSize", *size, max_page);
    if (number && defect == Defect::PageNumberFromZero) {
        // Defect: pages counted from 0, so PageNumber=0 is the first page and PageNumber=1 the second.
        q.page_number = (*number == "0" ? 0 : positive_int("PageNumber", *number, 1u << 30)) + 1;
        return;
    }
    if (number) q.page_number = positive_int("PageNumber", *number, 1u << 30);
}

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

/// The RecordSelection as a server with a filter defect would understand it.
std::string defective_selection(std::string text, Defect defect) {
    if (defect == Defect::AndAsOr) {
        const auto ands = joining_ands(text);
        for (auto it = ands.rbegin(); it != ands.rend(); ++it) text.replace(it->begin, it->end - it->begin, "OR");
    } else if (defect == Defect::FirstConditionOnly) {
        for (const auto& w : joining_ands(text))
            if (w.depth == 0) return text.substr(0, w.begin);
    } else if (defect == Defect::QuotesNotUnescaped) {
        // '' inside quoted text stays two quotes: the literal compared is what was written, '' included.
        std::string out;
        bool quoted = false;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '\'') {
                out += text[i];
            } else if (quoted && i + 1 < text.size() && text[i + 1] == '\'') {
                out.append("''''");
                ++i;
            } else {
                quoted = !quoted;
                out += '\'';
            }
        }
        return out;
    }
    return text;
}

void selection(ListQuery& q, const std::optional<std::string>& text, const Record& record, Defect defect = Defect::None) {
    if (!text) return;
    try {
        q.selection = Selection::parse(defective_selection(*text, defect), record);
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
    const Defect defect = state.options.defect;
    std::size_t first = q.page_size ? (q.page_number - 1) * q.page_size : 0;
    // Defects that need every matching row before paging (to reorder or to find the last page).
    const bool reversed = defect == Defect::UnstablePageOrder && q.page_size && q.page_number % 2 == 0 && q.order_by.empty();
    const bool clamped = defect == Defect::PageBeyondEndClamped && q.page_size;
    const bool collect = !q.order_by.empty() || reversed || clamped;
    std::size_t total = 0;
    std::size_t unfiltered = 0;  // for Defect::TotalIgnoresFilter
    json rows = json::array();
    std::vector<json> matched;  // only when collecting: every matching row, sorted before paging
    auto keep = [&](const json& row) {
        if (collect) return matched.push_back(row);
        if (total >= first && (q.page_size == 0 || rows.size() < q.page_size)) rows.push_back(row);
    };
    auto scan = [&](const TenantData& data, const User& reader) {
        state.rows.for_each_row(data, record, reader, [&](const json& row, std::int64_t changed) {
            ++unfiltered;
            if (q.changed_after && changed <= *q.changed_after) return;
            if (q.feed && defect == Defect::FeedOmitsDeletions && row.value("flg_isdeleted", false) == true) return;  // defect
            if (q.selection && !q.selection->matches(row, collation)) return;
            keep(row);
            ++total;
        });
    };
    try {
        state.store.read(user.customer_ID, [&](const TenantData& data) { scan(data, user); });
        const bool view = record.area == "MCP views" && record.name != "MCPResources";
        if ((defect == Defect::TenantRowsLeak && !view) || (defect == Defect::ViewOtherTenant && view)) {
            // Defect: the tenant filter is missing, so every tenant's rows are read.
            for (const int tenant : state.store.tenants()) {
                if (tenant == user.customer_ID) continue;
                User other = user;
                other.customer_ID = tenant;
                state.store.read(tenant, [&](const TenantData& data) { scan(data, other); });
            }
        }
    } catch (const SelectionError& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection ") + e.what()};
    }
    if (collect) {
        if (!q.order_by.empty()) {
            std::stable_sort(matched.begin(), matched.end(), [&](const json& a, const json& b) {
                for (const auto& o : q.order_by) {
                    const int c = compare_values(a.value(o.field, json()), b.value(o.field, json()), collation == Collation::CaseInsensitive);
                    if (c != 0) return o.desc ? c > 0 : c < 0;
                }
                return false;
            });
        }
        if (reversed) std::reverse(matched.begin(), matched.end());  // defect: another plan, another order
        if (clamped && first >= matched.size() && !matched.empty()) first = (matched.size() - 1) / q.page_size * q.page_size;  // defect
        for (std::size_t i = first; i < matched.size() && (q.page_size == 0 || rows.size() < q.page_size); ++i) rows.push_back(std::move(matched[i]));
    }
    if (defect == Defect::TotalCountsPage) total = rows.size();
    if (defect == Defect::TotalIgnoresFilter) total = unfiltered;
    for (auto& row : rows) {
        complete_row(state.catalogue, record, row);
        if (defect == Defect::DeletedFlagReset && row.contains("flg_isdeleted")) row["flg_isdeleted"] = false;
        if (defect == Defect::IdAsString && row.contains("Id") && row.at("Id").is_number()) row["Id"] = row.at("Id").dump();
    }
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
    if (!record && state.options.defect == Defect::UnknownResource200 && !state.catalogue.find(std::string(req.matches[1]))) {
        // Defect: an unknown resource reads as an empty one.
        if (state.options.envelope == Envelope::Object) return send_json(res, 200, {{"TotalRowsCount", 0}, {"Records", json::array()}});
        if (state.options.envelope == Envelope::Header) res.set_header("TotalRowsCount", "0");
        return send_json(res, 200, json::array());
    }
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
            if (state.options.defect != Defect::SelectionIgnored)  // defect: the filter is dropped
                selection(q, param(req, "RecordSelection"), record, state.options.defect);
            paging(q, param(req, "PageSize"), param(req, "PageNumber"), state.options.max_page_size, state.options.defect);
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
            q.feed = true;
            q.changed_after = *instant.ticks;
            // Defects: LastUtcRun dropped, or read as Italian local time (UTC+1: one hour earlier in UTC).
            if (state.options.defect == Defect::FeedIgnoresLastUtcRun) q.changed_after.reset();
            if (state.options.defect == Defect::FeedLocalTime) *q.changed_after -= std::int64_t{3600} * 10'000'000;
            paging(q, param(req, "PageSize"), param(req, "PageNumber"), state.options.max_page_size, state.options.defect);
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
            if (state.options.defect != Defect::QueryIgnoresSelection)  // defect: the body's filter is dropped
                selection(q, body_text(body, "RecordSelection"), record, state.options.defect);
            paging(q, body_text(body, "PageSize"), body_text(body, "PageNumber"), state.options.max_page_size, state.options.defect);
            if (state.options.defect != Defect::QueryIgnoresOrder) q.order_by = order_by(body, record);  // defect: OrderBy dropped
            answer_list(state, user, record, q, res);
        });
    });
}

}  // namespace bds::stub

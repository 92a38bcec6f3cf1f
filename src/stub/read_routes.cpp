// GET /api/resources/{Resource} (000 §4.1), GET /api/sync/{Resource} (§4.3) and
// POST /api/resources/{Resource}/query (§4.2, body shape A-41).
#include "schema/json_limits.hpp"
#include "stub/http_util.hpp"
#include "stub/print_row.hpp"
#include "stub/routes.hpp"
#include "stub/rows.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

void selection(const Variation& variation, ListQuery& q, std::optional<std::string> text, const Record& record) {
    text = variation.policy().selection_applied(std::move(text), q.endpoint);
    if (!text) return;
    try {
        q.selection = Selection::parse(*text, record, variation.code_page_literals());
    } catch (const SelectionError& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection ") + e.what()};
    }
    if (const auto why = variation.engine().refusal(*q.selection))
        throw BadRequest{"invalid_record_selection", "RecordSelection: " + *why};
    q.condition = std::move(text);
}

/// Runs a list read and answers it (the envelope and the rows' form are the stub's choices).
void answer_list(StubState& state, const httplib::Request& req, const User& user, const Record& record,
                 const ListQuery& q, httplib::Response& res) {
    const Variation& variation = state.variation;
    const Reading reading = variation.engine().reading();
    std::size_t first = 0;
    if (q.page_size) {
        const auto offset = variation.policy().page_offset(q.page_size, q.page_number);
        if (!offset)
            return variation.error(res, 500, "server_error",
                                   "the offset of page " + std::to_string(q.page_number) + " of PageSize " +
                                       std::to_string(q.page_size) + " does not fit the database's int");
        first = *offset;
    }
    const bool collect = variation.needs_all_rows(q);
    std::size_t total = 0;
    std::size_t rows_read = 0;  // the rows read: every row of the resource when reads are not narrowed (narrows_reads)
    std::vector<RowText> rows;
    std::vector<json> matched;  // only when collecting: every matching row, ordered before paging
    // The selection goes to the row source, which may then find rows by key and derive only the fields it reads;
    // LastUtcRun too: it may then visit only the rows changed after it. A database under the stub (A-115) reads the
    // selection itself, from every row.
    const bool narrowed = variation.policy().narrows_reads();
    const bool in_database = variation.selects_in_database(q);
    const Selection* narrowing = q.selection && narrowed && !in_database ? &*q.selection : nullptr;
    const std::optional<std::int64_t> changed_since = narrowed ? q.changed_after : std::nullopt;
    const auto print = [&](const json& row) {
        json presented = row;
        variation.present(state.catalogue, record, presented);
        // Invalid UTF-8 cannot reach a row (nlohmann refuses it on parse); replace rather than throw anyway.
        return print_row(state.catalogue, record, presented,
                         variation.choices().decimal_form == Choices::DecimalForm::Number);
    };
    auto scan = [&](const TenantData& data, const User& reader) {
        state.rows.for_each_row(
            data, record, reader,
            [&](const RowRef& row, std::int64_t changed, RowText& text) {
                ++rows_read;
                if (q.changed_after && changed <= *q.changed_after) return;
                const json* deleted = row.field("flg_isdeleted");
                if (!variation.visible(record, deleted && *deleted == true, q)) return;
                if (q.selection && !narrowing && !in_database && !q.selection->matches(row.whole(), reading)) return;
                if (collect)
                    matched.push_back(row.whole());
                else if (total >= first && (q.page_size == 0 || rows.size() < q.page_size))
                    rows.push_back(state.rows.answered(text, [&] { return print(row.whole()); }));
                ++total;
            },
            narrowing, changed_since);
    };
    try {
        for (const int tenant : variation.policy().tenants_visible(user, record, state.store, q.endpoint)) {
            User reader = user;  // the tenant's: its views are derived from its data
            reader.customer_ID = tenant;
            state.store.read(
                tenant, [&](const TenantData& data) { scan(variation.policy().data_read(data, tenant, req), reader); });
        }
    } catch (const SelectionError& e) {
        throw BadRequest{"invalid_record_selection", std::string("RecordSelection ") + e.what()};
    }
    if (collect) {
        if (in_database) {
            variation.select_in_database(record, q, matched);
            total = matched.size();
        }
        variation.arrange(record, q, matched, first);
        for (std::size_t i = first; i < matched.size() && (q.page_size == 0 || rows.size() < q.page_size); ++i)
            rows.push_back(std::make_shared<const std::string>(print(matched[i])));
    }
    total = variation.policy().total_rows_count(user, record, q, total, rows.size(), rows_read);
    variation.write_list(res, rows, total, q.endpoint);
}

/// Authenticates, resolves {Resource} of `endpoint` (403 when unknown or not authorised), runs `handle`; BadRequest →
/// 400.
template <class F>
void with_resource(StubState& state, Endpoint endpoint, const httplib::Request& req, httplib::Response& res,
                   F&& handle) {
    const std::string name = req.matches[1];
    const auto refuse = [&] {
        state.variation.policy().answer_to_forbidden(state.variation, res, name, state.resource_exists(name), endpoint);
    };
    const bool nested = state.variation.serves_nested_list(name);
    if (state.variation.resource_first() && !state.resource_exists(name) && !nested) return refuse();
    const auto user = authenticate(state, req, res);
    if (!user) return;
    const Record* record = state.resource_for(*user, name, endpoint);
    if (!record && nested) return state.variation.write_list(res, {}, 0);
    if (!record) return refuse();
    try {
        handle(*user, *record);
    } catch (const BadRequest& e) {
        state.variation.error(res, 400, e.code, e.message);
    }
}

}  // namespace

void add_read_routes(httplib::Server& server, StubState& state) {
    const Variation& variation = state.variation;
    server.Get(R"(/api/resources/([^/]+))",
               intercepted(state, [&](const httplib::Request& req, httplib::Response& res) {
                   with_resource(state, Endpoint::Resources, req, res, [&](const User& user, const Record& record) {
                       ListQuery q;
                       selection(variation, q, variation.param(req, "RecordSelection"), record);
                       variation.paging(q, variation.param(req, "PageSize"), variation.param(req, "PageNumber"));
                       answer_list(state, req, user, record, q, res);
                   });
               }));

    server.Get(R"(/api/sync/([^/]+))", intercepted(state, [&](const httplib::Request& req, httplib::Response& res) {
                   with_resource(state, Endpoint::Feed, req, res, [&](const User& user, const Record& record) {
                       if (const auto status = variation.feed_refusal(record))
                           return variation.error(res, *status, "no_change_feed",
                                                  "GET sync is not offered for " + record.name + " (A-21)");
                       const auto last = variation.param(req, "LastUtcRun");
                       if (!last)
                           throw BadRequest{"missing_last_utc_run",
                                            "LastUtcRun is required, in the form YYYY-MM-DD HH:MM:SS.000"};
                       ListQuery q;
                       q.endpoint = Endpoint::Feed;
                       q.changed_after = variation.last_utc_run(*last);
                       if (!q.changed_after)
                           throw BadRequest{"invalid_last_utc_run",
                                            "LastUtcRun: expected YYYY-MM-DD HH:MM:SS.000, got \"" + *last + "\""};
                       q.last_utc_run = q.changed_after;
                       if (const auto failure = variation.policy().feed_server_error(*q.last_utc_run))
                           return variation.error(res, 500, "server_error", *failure);
                       if (variation.last_utc_run_refused(*q.last_utc_run))
                           throw BadRequest{"invalid_last_utc_run",
                                            "LastUtcRun: before 1753-01-01, the first day of the database's datetime "
                                            "(A-122), got \"" +
                                                *last + "\""};
                       q.changed_after = variation.policy().feed_after(q.changed_after);
                       variation.paging(q, variation.param(req, "PageSize"), variation.param(req, "PageNumber"));
                       answer_list(state, req, user, record, q, res);
                   });
               }));

    server.Post(
        R"(/api/resources/([^/]+)/query)", intercepted(state, [&](const httplib::Request& req, httplib::Response& res) {
            with_resource(state, Endpoint::Query, req, res, [&](const User& user, const Record& record) {
                if (!variation.query_served(record))
                    return variation.error(res, 404, "not_found",
                                           "POST query is available for MCPClienti only (000 §4.2, A-41)");
                // Counted before parsing, as for POST sync: a body nested too deep overflowed the stack when a value of
                // it was printed into an error message.
                if (json_depth(req.body, state.options.max_json_depth) > state.options.max_json_depth)
                    return variation.error(
                        res, 400, "too_deep",
                        "the body nests deeper than " + std::to_string(state.options.max_json_depth) + " levels");
                const auto body = variation.query_request(json::parse(req.body, nullptr, false), record);
                ListQuery q;
                q.endpoint = Endpoint::Query;
                selection(variation, q, body.selection, record);
                variation.paging(q, body.page_size, body.page_number);
                q.order_by = variation.policy().order_applied(body.order_by);
                answer_list(state, req, user, record, q, res);
            });
        }));
}

}  // namespace bds::stub

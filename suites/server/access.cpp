// Suite "access" (000 §4.1, §5 rule 4, §7): 403 for resources that do not exist or are not the caller's, on every
// endpoint (the cells of the service matrix, catalogue/service_matrix.hpp), and no write by a read-only user or on a
// read-only view.
#include <algorithm>

#include "catalogue/service_matrix.hpp"
#include "generate/draw.hpp"
#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "schema/record_schema.hpp"
#include "suites/registry.hpp"
#include "suites/common/endpoints.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

/// A request to the matrix column `endpoint` of `resource`, POST query with the target's template (a server may read
/// the body before it looks the resource up, and the body's shape is the target's: A-41), POST sync with `block`.
EndpointRequest request_to(Context& ctx, std::string_view endpoint, const std::string& resource,
                           const std::string& block = "") {
    EndpointRequest r = endpoint_request(endpoint, resource, block);
    if (endpoint == "query") {
        if (!ctx.target.query_body) ctx.skip(kNoQueryTemplate);
        r.body = client::query_body(*ctx.target.query_body, {std::nullopt, 1, 1}).dump();
    }
    return r;
}

/// Sends the writer's request to `endpoint` naming `name`; POST sync with one CliFor record (journaled, should it be
/// stored), since a server may answer an empty block before it looks the resource up, but "[]" in a read-only
/// run.
client::HttpResponse send_naming(Context& ctx, std::string_view endpoint, const std::string& name) {
    if (endpoint == "send" && !ctx.target.read_only)
        return ctx.sync(client::kWriter, name, sample_records(ctx, record_of(ctx, "CliFor"), 1, 5));
    return send_as(ctx, client::kWriter, request_to(ctx, endpoint, name));
}

/// MUST (ACC-01, ACC-02): a name that is no resource is never served: 403 from GET resources (000 §4.1); elsewhere
/// at least no success (000 §7 "403 | resource does not exist"; ACC-06 asks for 403 itself).
void expect_not_served(Context& ctx, std::string_view endpoint, const std::string& name, const std::string& why) {
    const auto request = request_to(ctx, endpoint, name);
    const auto r = send_naming(ctx, endpoint, name);
    if (endpoint == "list" || endpoint == "list-view")
        expect_status(ctx, r, 403, request.text() + " (" + why + ")");
    else
        expect_refused(ctx, r, request.text() + " (" + why + ")");
}

void unknown_resource(Context& ctx) {
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, endpoint = endpoint] {
            const std::vector<std::string> names =
                endpoint == "list" ? std::vector<std::string>{"NoSuchResource", "CliFors", "Cli", "api"}
                                   : std::vector<std::string>{"NoSuchResource"};
            for (const auto& name : names) expect_not_served(ctx, endpoint, name, "not a resource of the catalogue");
        });
}

/// The nested lists whose fields are not shown (000 §2.1 "Not-covered records", 001 §2.1 AgentiClienti): nothing
/// says whether a server also serves them as resources of their own, so what GET answers is only recorded.
void nested_lists(Context& ctx) {
    std::string shown;
    for (const std::string name : {"StoricoDocumentiIVA", "CondPagamDett", "AgentiClienti"}) {
        const auto r = ctx.api.authed(client::kWriter, "GET", "/api/resources/" + name + "?PageSize=1&PageNumber=1");
        ctx.answered(r);
        shown += (shown.empty() ? "" : ", ") + name + " " + std::to_string(r.status);
    }
    ctx.observe("GET /api/resources on the nested lists whose fields are not shown (A-109): " + shown);
}

std::string recased(const std::string& name, int variant) {
    std::string out = name;
    if (variant == 0)
        std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    else if (variant == 1)
        std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
    else
        out[0] = static_cast<char>(std::islower(static_cast<unsigned char>(out[0])) ? std::toupper(out[0])
                                                                                    : std::tolower(out[0]));
    return out;
}

/// Each resource of the column `endpoint` by another case of its name (GET resources: three of them, of four
/// resources; elsewhere: lower case, of each resource the column is called on).
std::vector<std::pair<std::string, std::string>> recased_names(const Context& ctx, std::string_view endpoint) {
    std::vector<std::pair<std::string, std::string>> out;  // (the name sent, the resource's)
    if (endpoint == "list") {
        for (const std::string name : {"CliFor", "Articoli", "StoricoDocumentiT"})
            for (int v = 0; v < 3; ++v) out.emplace_back(recased(name, v), name);
    } else if (endpoint == "list-view") {
        for (int v = 0; v < 3; ++v) out.emplace_back(recased("MCPClienti", v), "MCPClienti");
    } else {
        for (const Record* r : endpoint_resources(ctx.catalogue, endpoint))
            if (endpoint != "send" || r->name == "CliFor") out.emplace_back(recased(r->name, 0), r->name);
    }
    return out;
}

void wrongly_cased(Context& ctx) {
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, endpoint = endpoint] {
            for (const auto& [sent, name] : recased_names(ctx, endpoint))
                expect_not_served(ctx, endpoint, sent, "resource names are case-sensitive: only " + name + " exists");
        });
}

/// SHOULD (ACC-06): elsewhere than GET resources, an unknown or wrongly-cased name is answered 403 as there (000 §7
/// "403 | resource does not exist"; §5 rule 4), not only refused.
void unknown_elsewhere(Context& ctx) {
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, rule = rule, endpoint = endpoint] {
            std::vector<std::pair<std::string, std::string>> names{{"NoSuchResource", ""}};
            if (rule == "wrongly-cased-name") names = recased_names(ctx, endpoint);
            for (const auto& [sent, name] : names) {
                const auto request = request_to(ctx, endpoint, sent);
                expect_status(
                    ctx, send_naming(ctx, endpoint, sent), 403,
                    request.text() + (name.empty() ? " (not a resource of the catalogue)"
                                                   : " (names are case-sensitive: only " + name + " exists)"));
            }
        });
}

/// The resources of the column `endpoint` the limited user may not use, and those it may.
std::pair<std::vector<const Record*>, std::vector<const Record*>> limited_split(Context& ctx,
                                                                                std::string_view endpoint) {
    const auto* user = ctx.target.user(client::kLimited);
    if (user->resources.empty())
        ctx.skip(
            "the target file does not list the \"limited\" user's resources: add users.limited.resources (the resources it may use) to run it");
    std::vector<const Record*> denied, allowed;
    for (const Record* r : endpoint_resources(ctx.catalogue, endpoint)) {
        const bool listed = std::find(user->resources.begin(), user->resources.end(), r->name) != user->resources.end();
        (listed ? allowed : denied).push_back(r);
    }
    if (denied.empty())
        ctx.skip("the \"limited\" user may use every resource " + std::string(endpoint) +
                 " is called on: give users.limited a user that may not use one of them, to judge this endpoint");
    return {denied, allowed};
}

void expect_write_refused(Context& ctx, const std::string& role, const Record& record, const json& block,
                          const std::string& what, std::optional<int> status = std::nullopt);

/// The limited user, on a resource of the column `endpoint` it may not use: 403 (000 §5 rule 4, whatever the
/// endpoint), and nothing stored by a write; and, as a control, not refused on one it may use.
void not_authorised_on(Context& ctx, std::string_view endpoint) {
    const auto [denied, allowed] = limited_split(ctx, endpoint);
    const Record& resource = *denied.front();
    const std::string what = " by a user not authorised for " + resource.name;
    if (endpoint == "send") {
        if (ctx.target.read_only) ctx.skip("a read-only run (--read-only) sends no records");
        expect_write_refused(ctx, client::kLimited, resource, sample_records(ctx, resource, 1, 3),
                             "POST /api/sync/" + resource.name + what, 403);
        return;
    }
    const auto request = request_to(ctx, endpoint, resource.name);
    expect_status(ctx, send_as(ctx, client::kLimited, request), 403, request.text() + what);
    if (!allowed.empty() && endpoint != "query") {  // the same user is not refused everything
        const auto control = request_to(ctx, endpoint, allowed.front()->name);
        expect_status(ctx, send_as(ctx, client::kLimited, control), 200,
                      control.text() + " by a user authorised for " + allowed.front()->name);
    }
}

void not_authorised(Context& ctx) {
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, endpoint = endpoint] { not_authorised_on(ctx, endpoint); });
}

/// Sends `block` as `role` and expects it refused (with `status`, when given) and not stored (read back by key as the
/// writer).
void expect_write_refused(Context& ctx, const std::string& role, const Record& record, const json& block,
                          const std::string& what, std::optional<int> status) {
    const auto r = ctx.sync(role, record.name, block);
    const bool refused =
        status ? (expect_status(ctx, r, *status, what), !client::is_success(r.status)) : expect_refused(ctx, r, what);
    ctx.observe(what + ": answered " + std::to_string(r.status), r.exchange);
    if (!refused) return;
    for (const auto& sent : block) {
        const Record& readable = record;
        if (!readable.has(Operation::GetResources) || readable.key.empty())
            continue;  // no key: nothing to read back by
        const auto back =
            ctx.api.list(client::kWriter, readable.name, {key_selection(readable, sent), std::nullopt, std::nullopt});
        const auto& page = ctx.page_of(back, "reading back " + readable.name);
        // Keys of views can be ints outside the run's namespace (MCPResources.Resource_ID): a row with the
        // key is ours only if it holds everything we sent.
        const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
        bool stored = false;
        for (const auto& row : page.rows)
            stored = stored || (oracle::same_key(readable, row, sent, collation) &&
                                oracle::compare_record(ctx.catalogue, readable, sent, row).empty());
        if (stored)
            ctx.finding({.expected = "nothing stored by a refused write (" + what + ")",
                         .actual = "the record is readable",
                         .exchange = back.response.exchange,
                         .counterexample = sent.dump()});
    }
}

void reader_cannot_write(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const json block = sample_records(ctx, clifor, 2, 1);
    expect_write_refused(ctx, client::kReader, clifor, block,
                         "POST /api/sync/CliFor by a user not enabled for writing");
}

void views_are_read_only(Context& ctx) {
    for (const Record* view : ctx.catalogue.resources()) {
        // Only what the seeds call read-only: the MCP views and MCPResources (000 §4.4). StoricoDocumentiR lists no
        // POST, but nothing says it refuses one.
        if (view->writable() || !view->has(Operation::GetResources) || view->area != "MCP views") continue;
        // A record in the view's own shape, keys in the check's namespace.
        const gen::RecordGenOptions options = gen_options(ctx);
        const json schema =
            json::parse(record_schema(ctx.catalogue, *view, Dialect::JsonSchema07, Direction::Returned).dump());
        rc::Random random(ctx.seed + 7);
        json record = gen::draw(gen::record_gen(schema, options), random, 20);
        for (const auto& f : view->fields)
            if (f.managed || f.tenant) record.erase(f.name);
        expect_write_refused(ctx, client::kWriter, *view, json::array({record}),
                             "POST /api/sync/" + view->name + " (a read-only resource)");
    }
}

}  // namespace

// clang-format off
std::vector<Check> access_checks() {
    return {
        {.id = "ACC-01", .title = "A name that is no resource gives 403 from GET resources, and no endpoint serves it",
         .spec = "000 §4.1; §7",
         .verifies = {"000-4.1-response-403", "000-7-status-403", "000-4-resource-from-catalogue",
                      "000-4.1-resource-param"},
         .level = Level::Must, .needs = {client::kWriter}, .run = unknown_resource},
        {.id = "ACC-02", .title = "A wrongly-cased resource name gives 403 from GET resources, and no endpoint serves it",
         .spec = "000 §1; §4.1; §7",
         .verifies = {"000-1-case-sensitive-names", "000-4.1-response-403"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli", "MCPClienti", "StoricoDocumentiT"},
         .own_rows = true, .chain = 17, .run = wrongly_cased},
        {.id = "ACC-03", .title = "A resource the user may not use gives 403, on every endpoint",
         .spec = "000 §5 rule 4; §4.1; §7",
         .verifies = {"000-5-rule4-403", "000-4.1-response-403", "000-7-status-403"}, .level = Level::Must,
         .needs = {client::kLimited, client::kWriter}, .resources = {"*"}, .own_rows = true, .run = not_authorised},
        {.id = "ACC-04", .title = "A user not enabled for writing cannot POST sync", .spec = "000 §4.4; §5 rule 4",
         .verifies = {"000-5-rule4-writing", "000-4.4-auth"}, .level = Level::Must,
         .needs = {client::kReader, client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = reader_cannot_write},
        {.id = "ACC-05", .title = "Read-only views and MCPResources take no write", .spec = "000 §4.4; A-37",
         .verifies = {"000-4.4-read-only-no-post", "000-1-cap5-views"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .own_rows = true,
         .chain = 12, .run = views_are_read_only},
        {.id = "ACC-06", .title = "An unknown or wrongly-cased name gives 403 from GET sync, POST query and POST sync",
         .spec = "000 §7; §5 rule 4; §1",
         .verifies = {"000-7-status-403", "000-5-rule4-403", "000-1-case-sensitive-names"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli", "MCPClienti", "StoricoDocumentiT"},
         .own_rows = true, .run = unknown_elsewhere},
        {.id = "ACC-07", .title = "What GET answers for the nested lists whose fields are not shown",
         .spec = "000 §2.1 Not-covered records; 001 §2.1; A-109",
         .verifies = {"000-2.1-iva-fields-not-shown", "000-2.1-condpagamdett-fields-not-shown",
                      "001-2.1-agenticlienti-not-shown"},
         .level = Level::Observe, .needs = {client::kWriter}, .run = nested_lists},
    };
}
// clang-format on

}  // namespace bds::suites

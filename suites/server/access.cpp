// Suite "access" (000 §4.1, §5 rule 4, §7): 403 for resources that do not exist or are not the caller's,
// and no write by a read-only user or on a read-only view.
#include <algorithm>

#include "generate/draw.hpp"
#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "schema/record_schema.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

void unknown_resource(Context& ctx) {
    for (const std::string name : {"NoSuchResource", "CliFors", "Cli", "api"}) {
        const auto r = ctx.api.authed(client::kWriter, "GET", "/api/resources/" + name + "?PageSize=1&PageNumber=1");
        expect_status(ctx, r, 403, "GET /api/resources/" + name + " (not a resource of the catalogue)");
    }
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

void wrongly_cased(Context& ctx) {
    for (const std::string name : {"CliFor", "Articoli", "MCPClienti", "StoricoDocumentiT"})
        for (int v = 0; v < 3; ++v) {
            const std::string other = recased(name, v);
            const auto r =
                ctx.api.authed(client::kWriter, "GET", "/api/resources/" + other + "?PageSize=1&PageNumber=1");
            expect_status(
                ctx, r, 403,
                "GET /api/resources/" + other + " (resource names are case-sensitive: only " + name + " exists)");
        }
}

/// A readable resource the limited user may not use, and one it may.
std::pair<const Record*, const Record*> limited_pair(Context& ctx) {
    const auto* user = ctx.target.user(client::kLimited);
    if (user->resources.empty())
        ctx.skip(
            "the target file does not list the \"limited\" user's resources: add users.limited.resources (the resources it may use) to run it");
    const Record* denied = nullptr;
    const Record* allowed = nullptr;
    for (const Record* r : ctx.catalogue.resources()) {
        if (!r->has(Operation::GetResources)) continue;
        const bool listed = std::find(user->resources.begin(), user->resources.end(), r->name) != user->resources.end();
        if (!listed && !denied) denied = r;
        if (listed && !allowed) allowed = r;
    }
    if (!denied)
        ctx.skip(
            "the \"limited\" user may use every resource: give users.limited a user that may not use some resource, to run it");
    return {denied, allowed};
}

void not_authorised(Context& ctx) {
    const auto [denied, allowed] = limited_pair(ctx);
    expect_status(
        ctx, ctx.api.authed(client::kLimited, "GET", "/api/resources/" + denied->name + "?PageSize=1&PageNumber=1"),
        403, "GET /api/resources/" + denied->name + " by a user not authorised for it");
    if (allowed)  // the control: the same user is not refused everything
        expect_status(
            ctx,
            ctx.api.authed(client::kLimited, "GET", "/api/resources/" + allowed->name + "?PageSize=1&PageNumber=1"),
            200, "GET /api/resources/" + allowed->name + " by a user authorised for it");
}

/// Sends `block` as `role` and expects it refused and not stored (read back by key as the writer).
void expect_write_refused(Context& ctx, const std::string& role, const Record& record, const json& block,
                          const std::string& what) {
    const auto r = ctx.sync(role, record.name, block);
    const bool refused = expect_refused(ctx, r, what);
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

void unknown_resource_sync(Context& ctx) {
    const auto r =
        ctx.api.authed(client::kWriter, "GET", "/api/sync/NoSuchResource?LastUtcRun=1900-01-01%2000%3A00%3A00.000");
    expect_status(ctx, r, 403, "GET /api/sync/NoSuchResource (not a resource of the catalogue)");
}

}  // namespace

// clang-format off
std::vector<Check> access_checks() {
    return {
        {.id = "ACC-01", .title = "An unknown resource gives 403", .spec = "000 §4.1; §7",
         .verifies = {"000-4.1-response-403", "000-7-status-403", "000-4-resource-from-catalogue",
                      "000-4.1-resource-param"},
         .level = Level::Must, .needs = {client::kWriter}, .run = unknown_resource},
        {.id = "ACC-02", .title = "A wrongly-cased resource name gives 403", .spec = "000 §1; §4.1",
         .verifies = {"000-1-case-sensitive-names", "000-4.1-response-403"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli", "MCPClienti", "StoricoDocumentiT"},
         .own_rows = true, .run = wrongly_cased},
        {.id = "ACC-03", .title = "A resource the user may not use gives 403", .spec = "000 §5 rule 4",
         .verifies = {"000-5-rule4-403", "000-4.1-response-403", "000-7-status-403"}, .level = Level::Must,
         .needs = {client::kLimited}, .resources = {"*"}, .own_rows = true, .run = not_authorised},
        {.id = "ACC-04", .title = "A user not enabled for writing cannot POST sync", .spec = "000 §4.4; §5 rule 4",
         .verifies = {"000-5-rule4-writing", "000-4.4-auth"}, .level = Level::Must,
         .needs = {client::kReader, client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .run = reader_cannot_write},
        {.id = "ACC-05", .title = "Read-only views and MCPResources take no write", .spec = "000 §4.4; A-37",
         .verifies = {"000-4.4-read-only-no-post", "000-1-cap5-views"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .own_rows = true, .run = views_are_read_only},
        {.id = "ACC-06", .title = "GET sync of an unknown resource gives 403", .spec = "000 §7",
         .verifies = {"000-7-status-403"}, .level = Level::Should, .needs = {client::kWriter},
         .run = unknown_resource_sync},
        {.id = "ACC-07", .title = "What GET answers for the nested lists whose fields are not shown",
         .spec = "000 §2.1 Not-covered records; 001 §2.1; A-109",
         .verifies = {"000-2.1-iva-fields-not-shown", "000-2.1-condpagamdett-fields-not-shown",
                      "001-2.1-agenticlienti-not-shown"},
         .level = Level::Observe, .needs = {client::kWriter}, .run = nested_lists},
    };
}
// clang-format on

}  // namespace bds::suites

// Suite "robustness" (000 §1, §4.4, §7; ..A-73): bad input. Statuses for
// malformed input are not shown, so they are observed; what is judged is what the target stored (nothing from
// a body that means no record, exactly what was meant from an accepted one), that no row of another tenant
// leaks through a RecordSelection, and (SHOULD, A-46) that no bad input is answered with a 5xx.
#include <cctype>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "suites/common/bad_input.hpp"
#include "run/at_once.hpp"
#include "run/block_property.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

/// At most `n` bytes of a body for a message: text as text, bytes that are not UTF-8 as \xNN, the length said.
std::string shown(const std::string& body, std::size_t n = 80) { return client::shown_body(body, n); }

bool is_2xx(const client::HttpResponse& r) { return client::is_success(r.status); }
bool is_5xx(const client::HttpResponse& r) { return r.status >= 500 && r.status < 600; }

// --- sending and judging ---

/// POST sync of `bad` as the writer; whatever may have landed is journaled (as its valid probe) for the clean-up.
client::HttpResponse send_body(Context& ctx, const std::string& resource, const BadBody& bad) {
    auto r = ctx.api.authed(client::kWriter, "POST", "/api/sync/" + resource, bad.body, bad.content_type);
    if ((r.transport_failed() || is_2xx(r)) && !bad.probes.empty())
        ctx.journal.accepted(client::kWriter, resource, json(bad.probes), r.transport_failed());
    return r;
}

/// The rows the writer reads with `probe`'s key (as the unique index compares keys). A read that fails is a
/// CheckError: reading one's own key back is this check's precondition.
std::pair<std::vector<json>, client::Exchange> rows_with_key(Context& ctx, const Record& record, const json& probe) {
    const auto r =
        ctx.api.list(client::kWriter, record.name, {key_selection(record, probe), std::nullopt, std::nullopt});
    const auto& page = ctx.page_of(r, "reading " + record.name + " back by key");
    std::vector<json> out;
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& row : page.rows)
        if (oracle::same_key(record, row, probe, collation)) out.push_back(row);
    return {out, r.response.exchange};
}

/// What was stored of `bad`'s probe `i`, judged by what the body means (see BadBody) and how it was answered (`r`).
/// `earlier`: the row an earlier run of a key pool left under the probe's key, read before the body was sent; the same
/// row read again is nothing stored by the body.
void judge_probe(Context& ctx, const Record& record, const BadBody& bad, std::size_t i, const client::HttpResponse& r,
                 const std::string& rule, const std::optional<json>& earlier) {
    const json& probe = bad.probes[i];
    auto [rows, exchange] = rows_with_key(ctx, record, probe);
    if (earlier && rows.size() == 1 && rows.front() == *earlier) rows.clear();
    if (!rows.empty()) ctx.journal.accepted(client::kWriter, record.name, json::array({probe}));
    const std::string key = key_selection(record, probe);
    const auto differences_from = [&](const json& meant) {
        return oracle::compare_record(ctx.catalogue, record, meant, rows.front(), compare_options(ctx));
    };
    if (bad.unclear && is_2xx(r)) {
        // What the decoder made of it, as differences from the body's readable part.
        ctx.observe(bad.label + ": accepted; stored " +
                        (rows.empty() ? std::string("nothing")
                                      : "the record; " + oracle::format_differences(differences_from(probe))),
                    exchange);
        return;
    }
    if (bad.meant.empty()) {
        if (!rows.empty())
            ctx.finding({.expected = "nothing stored from a body with " + bad.label + " (" + rule + ")",
                         .actual = "a record with its key (" + key + ") after " + status_text(r),
                         .exchange = exchange,
                         .counterexample = shown(bad.body, 400)});
        return;
    }
    const auto differences = rows.empty() ? std::vector<oracle::Difference>{} : differences_from(bad.meant[i]);
    if (is_2xx(r) && rows.empty())
        ctx.finding({.expected = "the record readable after its block (" + bad.label + ") was answered " +
                                 status_text(r) +
                                 " (000 §4.4: 200 when the block is accepted; read it back and compare)",
                     .actual = "no record with its key (" + key + ")",
                     .exchange = exchange,
                     .counterexample = shown(bad.body, 400)});
    else if (is_2xx(r) && !differences.empty())
        ctx.finding({.expected = "the accepted record stored as sent (" + bad.label + "; A-34: never a changed value)",
                     .actual = oracle::format_differences(differences),
                     .exchange = exchange,
                     .counterexample = shown(bad.body, 400)});
    else if (!is_2xx(r) && !rows.empty())
        ctx.finding(
            {.expected =
                 differences.empty()
                     ? "nothing stored from a block answered " + status_text(r) + " (" + bad.label +
                           "): a block stored whole was accepted, and an accepted block is answered 200 (000 §4.4; A-71)"
                     : "a refused block (" + bad.label + ") stores nothing, and never a changed value (A-34)",
             .actual =
                 "a record with its key (" + key + ")" +
                 (differences.empty() ? std::string(", as sent") : ": " + oracle::format_differences(differences)),
             .exchange = exchange,
             .counterexample = shown(bad.body, 400)});
}

/// Sends each body and judges what was stored (see BadBody); `rule` names where the "nothing stored" rule of a
/// body that means no record comes from. Statuses are observed; a 5xx is left to ROB-08.
void judge_bodies(Context& ctx, const Record& record, const std::vector<BadBody>& bodies, const std::string& rule) {
    for (const auto& bad : bodies) {
        // A key pool's keys come back every run (docs/architecture.md, "Footprint and key pools"): what an earlier
        // run left under a probe's key is read first, so that it is not taken for what this body stored.
        std::vector<std::optional<json>> earlier(bad.probes.size());
        for (std::size_t i = 0; ctx.key_numbers && i < bad.probes.size(); ++i)
            if (auto rows = rows_with_key(ctx, record, bad.probes[i]).first; rows.size() == 1)
                earlier[i] = std::move(rows.front());
        const auto r = send_body(ctx, record.name, bad);
        ctx.observe(bad.label + ": answered " + status_text(r) + (is_5xx(r) ? " (a 5xx: ROB-08)" : ""), r.exchange);
        for (std::size_t i = 0; i < bad.probes.size(); ++i) judge_probe(ctx, record, bad, i, r, rule, earlier[i]);
    }
}

void malformed_json(Context& ctx) {
    judge_bodies(ctx, clifor_of(ctx), malformed_bodies(ctx),
                 "000 §1: bodies are JSON in UTF-8 and POST sync bodies are arrays of records; A-71");
}

void non_array(Context& ctx) {
    judge_bodies(ctx, clifor_of(ctx), non_array_bodies(ctx),
                 "000 §1: bodies of POST /api/sync/{Resource} are always arrays of records");
}

/// A key text no earlier case of this check used (shrinking reruns cases: each run gets a fresh key, so a
/// record stored by an earlier case is never mistaken for this one's).
std::string fresh_key(const Context& ctx, const std::string& tag, int& counter) {
    std::string digits;
    for (int n = counter++; digits.empty() || n > 0; n /= 36)
        digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36]);
    return ctx.prefix + tag + digits;
}

void huge_string(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    // The two shapes first (1 MiB far over a bounded length, 1 MiB in an unbounded field), then generated
    // records with a value just or well over the maximum of a random bounded text field.
    judge_bodies(ctx, clifor, huge_string_bodies(ctx), "A-34");
    std::vector<std::string> bounded;
    for (const auto& f : clifor.fields)
        if (!f.key && !f.managed && !f.tenant && f.values.empty() && f.type.is_text() && f.type.max_length())
            bounded.push_back(f.name);
    if (bounded.empty()) throw CheckError("CliFor has no bounded free-text field");
    const auto records = gen::sent_record_gen(ctx.catalogue, clifor, gen_options(ctx));
    int counter = 0;
    for_all_staged(ctx, "an over-long value is refused or stored exactly", [&] {
        json record = *records;
        const std::string name = *rc::gen::elementOf(bounded);
        const int over = *rc::gen::element(1, 2, 100, 4000);
        const std::string unit = *rc::gen::element<std::string>("a", "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80");
        const int limit = *clifor.field(name)->type.max_length();
        const int unit_length = unit.size() == 4 ? 2 : 1;  // UTF-16 units: an astral character takes two
        std::string value;
        int units = 0;
        for (; units < limit + over; units += unit_length) value += unit;
        record["cod_clifor"] = fresh_key(ctx, "h", counter);
        json probe = record;
        probe.erase(name);
        record[name] = value;
        std::vector<BadBody> bodies{{std::to_string(units) + " UTF-16 units (" + std::to_string(value.size()) +
                                         " bytes) in " + name + " " + clifor.field(name)->type.str(),
                                     block_text(record),
                                     kJsonType,
                                     {probe},
                                     {record}}};
        return StagedCase{[&clifor, bodies](Context& ctx) { judge_bodies(ctx, clifor, bodies, "A-34"); }};
    });
}

void content_type(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    // The control: the same kind of block under the seeds' own Content-Type is accepted, or the check has no
    // ground to stand on.
    const json control = plain_clifor(ctx, "t99", "content-type");
    const auto r = ctx.sync(client::kWriter, clifor.name, json::array({control}));
    if (r.transport_failed() || r.status != 200)
        throw CheckError(
            "the control block with Content-Type " + std::string(kJsonType) + ": expected 200, got " + status_text(r),
            r.exchange);
    judge_bodies(ctx, clifor, content_type_bodies(ctx), "000 §4.4; A-32");
}

void unknown_fields(Context& ctx) {
    const Record& articoli = record_of(ctx, "Articoli");
    judge_bodies(ctx, articoli, unknown_field_bodies(ctx), "000 §4.4; A-28");
    const auto records = gen::sent_record_gen(ctx.catalogue, articoli, gen_options(ctx));
    int counter = 0;
    for_all_staged(ctx, "a record with unknown fields is refused, or its known fields stored as sent", [&] {
        json known = *records;
        known["cod_art"] = fresh_key(ctx, "u", counter);
        json sent = known;
        const auto extra = *rc::gen::container<std::vector<std::pair<std::string, json>>>(
            *rc::gen::inRange<std::size_t>(1, 4),
            rc::gen::pair(rc::gen::map(rc::gen::container<std::string>(
                                           rc::gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz0123456789_"))),
                                       [](const std::string& tail) { return "x_bdsc_" + tail; }),
                          rc::gen::element<json>(json("bdsc"), json(1.5), json(-7), json(true), json(nullptr),
                                                 json::object({{"a", 1}}), json::array({1, "b"}),
                                                 json("\xC3\xA9\xF0\x9F\x98\x80"))));
        for (const auto& [name, value] : extra) sent[name] = value;
        std::vector<BadBody> bodies{
            {"unknown fields " + json(extra).dump(), block_text(sent), kJsonType, {known}, {known}}};
        return StagedCase{[&articoli, bodies](Context& ctx) { judge_bodies(ctx, articoli, bodies, "000 §4.4; A-28"); }};
    });
}

/// Writes `n` plain CliFor records as `role` with `mark` in the marker field; keys prefix + tag + i.
std::vector<json> write_marked_tenants(Context& ctx, const std::string& role, const std::string& tag,
                                       const std::string& mark, int n) {
    const Record& clifor = clifor_of(ctx);
    std::vector<json> rows;
    for (int i = 0; i < n; ++i) {
        json r = plain_clifor(ctx, tag + std::to_string(i), "");
        r[marker_of(clifor).name] = mark;
        rows.push_back(std::move(r));
    }
    const auto r = ctx.sync(role, clifor.name, json(rows));
    if (r.transport_failed() || r.status != 200)
        throw CheckError("writing " + std::to_string(n) + " marked CliFor records as " + role + ": expected 200, got " +
                             status_text(r),
                         r.exchange);
    return rows;
}

/// flg_isdeleted false, or 0 for a target that prints bits as numbers.
bool active(const json& row) {
    const auto it = row.find("flg_isdeleted");
    return it != row.end() && (*it == json(false) || *it == json(0));
}

/// Whether every record of `expected` is still readable by `role` with `selection`; a finding otherwise.
void expect_still_there(Context& ctx, const std::string& role, const std::string& selection,
                        const std::vector<json>& expected, const std::string& whose) {
    const Record& clifor = clifor_of(ctx);
    const auto r = ctx.api.list(role, clifor.name, {selection, 100, 1});
    if (!expect_own_read(ctx, r, whose + " marked records read after the injection attempts")) return;
    if (!r.page) {
        ctx.finding({.expected = whose + " marked records still readable after the injection attempts",
                     .actual = status_text(r.response) + " " + r.problem,
                     .exchange = r.response.exchange});
        return;
    }
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& e : expected) {
        bool found = false;
        for (const auto& row : r.page->rows)
            found = found || (oracle::same_key(clifor, row, e, collation) && active(row));
        if (!found)
            ctx.finding({.expected = whose + " record " + key_selection(clifor, e) +
                                     " still there, active, after the injection attempts",
                         .actual = "not among the " + std::to_string(r.page->rows.size()) + " rows of " + selection,
                         .exchange = r.response.exchange});
    }
}

void sql_injection(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const std::string field = marker_of(clifor).name;
    const std::string mine = marker(ctx, "inj w"), theirs = marker(ctx, "inj o");
    const auto own = write_marked_tenants(ctx, client::kWriter, "w", mine, 3);
    const bool other = ctx.target.user(client::kOtherTenant) != nullptr;
    std::vector<json> others;
    std::optional<json> tenant, own_tenant;
    const std::string own_selection = field + " = " + sql_text(mine),
                      their_selection = field + " = " + sql_text(theirs);
    if (other) {
        others = write_marked_tenants(ctx, client::kOtherTenant, "o", theirs, 3);
        // The tenants' ids, where rows show them: a row with another id than the writer's is a leak too.
        const auto theirs_read = ctx.api.list(client::kOtherTenant, clifor.name, {their_selection, 10, 1});
        const auto& page = ctx.page_of(theirs_read, "reading the other tenant's marked records as other_tenant");
        if (!page.rows.empty() && page.rows.front().contains("customer_ID")) tenant = page.rows.front()["customer_ID"];
    } else {
        ctx.observe("the target file gives no other_tenant user: only the writer's own records are checked");
    }
    const auto own_read = ctx.api.list(client::kWriter, clifor.name, {own_selection, 10, 1});
    const auto& own_page = ctx.page_of(own_read, "reading the writer's marked records");
    if (!own_page.rows.empty() && own_page.rows.front().contains("customer_ID"))
        own_tenant = own_page.rows.front()["customer_ID"];
    if (tenant && own_tenant && *tenant == *own_tenant) tenant.reset();  // the ids tell nothing apart

    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    for (const auto& selection : injections(field, mine, theirs, tenant)) {
        const auto r = ctx.api.list(client::kWriter, clifor.name,
                                    {.selection = selection, .page_size = 50, .page_number = 1, .verbatim = true});
        ctx.answered(r.response);
        ctx.observe("RecordSelection " + selection + ": answered " + status_text(r.response) +
                        (r.page ? ", " + std::to_string(r.page->rows.size()) + " rows" : std::string()) +
                        (is_5xx(r.response) ? " (a 5xx: ROB-08)" : ""),
                    r.response.exchange);
        if (!r.page) continue;
        for (std::size_t i = 0; i < r.page->rows.size(); ++i) {
            const json& row = r.page->rows[i];
            bool leaked = own_tenant && row.contains("customer_ID") && row["customer_ID"] != *own_tenant;
            for (const auto& o : others) leaked = leaked || oracle::same_key(clifor, row, o, collation);
            if (leaked)
                ctx.finding(
                    {.expected =
                         "only the writer's tenant's rows, whatever the RecordSelection (000 §1: one tenant per record; A-19, A-72)",
                     .actual =
                         "a row of another tenant: " + key_selection(clifor, row) +
                         (row.contains("customer_ID") ? ", customer_ID " + row["customer_ID"].dump() : std::string()),
                     .pointer = "/" + std::to_string(i),
                     .exchange = r.response.exchange,
                     .counterexample = selection});
        }
    }
    expect_still_there(ctx, client::kWriter, own_selection, own, "the writer's");
    if (other) expect_still_there(ctx, client::kOtherTenant, their_selection, others, "the other tenant's");
}

void bad_query_strings(Context& ctx) {
    auto judge = [&](const client::HttpResponse& r, const std::string& label) {
        ctx.answered(r);
        const auto page = r.status == 200 ? ctx.api.read(r).page : std::nullopt;
        ctx.observe(label + ": answered " + status_text(r) +
                        (page ? " with " + std::to_string(page->rows.size()) + " rows" : std::string()),
                    r.exchange);
        if (is_5xx(r))
            ctx.finding({.expected = "a status other than 5xx for " + label +
                                     " (A-46; A-09, A-19, A-22: the status is not shown)",
                         .actual = status_text(r),
                         .exchange = r.exchange,
                         .counterexample = label});
    };
    struct Asked {
        std::string method, target, body, label;
    };
    std::vector<Asked> asked;
    for (const auto& q : bad_queries()) asked.push_back({"GET", q.target, "", q.label});
    // Known paths with a method they do not serve.
    asked.push_back({"DELETE", "/api/resources/CliFor", "", "DELETE /api/resources/CliFor"});
    asked.push_back({"PUT", "/api/sync/CliFor", "[]", "PUT /api/sync/CliFor"});
    const auto answers = answers_at_once<client::HttpResponse>(ctx, asked.size(), [&](std::size_t i, Context& c) {
        const Asked& a = asked[i];
        return c.api.authed(client::kWriter, a.method, a.target, a.body,
                            a.body.empty() ? "" : "application/json; charset=utf-8");
    });
    for (std::size_t i = 0; i < asked.size(); ++i) judge(answers[i], asked[i].label);
}

void no_server_error(Context& ctx) {
    const Record& clifor = clifor_of(ctx);
    const Record& articoli = record_of(ctx, "Articoli");
    std::vector<std::pair<const Record*, BadBody>> bodies;
    for (auto&& family :
         {malformed_bodies(ctx), non_array_bodies(ctx), huge_string_bodies(ctx), content_type_bodies(ctx)})
        for (const auto& b : family) bodies.emplace_back(&clifor, b);
    for (const auto& b : unknown_field_bodies(ctx)) bodies.emplace_back(&articoli, b);
    auto judge = [&](const client::HttpResponse& r, const std::string& what, const std::string& input) {
        ctx.answered(r);
        if (is_5xx(r))
            ctx.finding(
                {.expected = "a status other than 5xx for " + what + " (A-46; the status itself is not shown: 000 §7)",
                 .actual = status_text(r),
                 .exchange = r.exchange,
                 .counterexample = input});
    };
    const auto selections =
        injections(marker_of(clifor).name, marker(ctx, "inj w"), marker(ctx, "inj o"), std::nullopt);
    // Each body and each selection on its own: sent at once, judged in that order.
    const auto answers =
        answers_at_once<client::HttpResponse>(ctx, bodies.size() + selections.size(), [&](std::size_t i, Context& c) {
            if (i < bodies.size()) return send_body(c, bodies[i].first->name, bodies[i].second);
            return c.api
                .list(client::kWriter, clifor.name,
                      {.selection = selections[i - bodies.size()], .page_size = 50, .page_number = 1, .verbatim = true})
                .response;
        });
    for (std::size_t i = 0; i < bodies.size(); ++i)
        judge(answers[i], "POST /api/sync/" + bodies[i].first->name + " with " + bodies[i].second.label,
              shown(bodies[i].second.body, 400));
    for (std::size_t i = 0; i < selections.size(); ++i)
        judge(answers[bodies.size() + i], "RecordSelection " + selections[i], selections[i]);
}

}  // namespace

// clang-format off
std::vector<Check> robustness_checks() {
    return {
        {.id = "ROB-01", .title = "A body that is not JSON stores nothing (or, read leniently, exactly what it means)",
         .spec = "000 §1; §7; A-25, A-31, A-71",
         .verifies = {"000-1-json-utf8", "000-1-sync-body-array", "000-4.4-success",
                      "000-7-malformed-statuses-not-shown"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 35, .run = malformed_json},
        {.id = "ROB-02", .title = "A JSON body that is no array of records stores nothing",
         .spec = "000 §1; §4.4 Body; §7",
         .verifies = {"000-1-sync-body-array", "000-4.4-body", "000-4.4-success", "000-7-malformed-statuses-not-shown"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 16, .run = non_array},
        {.id = "ROB-03", .title = "An over-long or 1 MiB string is refused or stored exactly, never cut",
         .spec = "000 §4.4; §8; A-34, A-71",
         .verifies = {"000-4.4-success", "000-8-request-size-not-shown", "000-1-field-types"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 48, .run = huge_string},
        {.id = "ROB-04", .title = "A valid block under another Content-Type: refused, or stored as sent",
         .spec = "000 §4.4 Content-Type; A-32, A-71", .verifies = {"000-4.4-content-type", "000-4.4-success"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 16, .run = content_type},
        {.id = "ROB-05", .title = "Unknown fields in a record: refused, or the known fields stored as sent",
         .spec = "000 §4.4; A-28, A-71", .verifies = {"000-4.4-body", "000-4.4-success"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"Articoli"}, .writes = true, .own_rows = true,
         .chain = 48, .run = unknown_fields},
        {.id = "ROB-06", .title = "SQL injection in RecordSelection: no row of another tenant, nothing changed",
         .spec = "000 §1; §4.1 rule 1; A-19, A-72",
         .verifies = {"000-1-tenant", "000-4.1-rule1-selection", "000-4.1-recordselection"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 27, .run = sql_injection},
        {.id = "ROB-07", .title = "Bad page parameters, RecordSelection and LastUtcRun: never a 5xx",
         .spec = "000 §4.1; §4.3; §7; A-09, A-19, A-22, A-46, A-73",
         .verifies = {"000-7-malformed-statuses-not-shown", "000-8-pagesize-not-shown", "000-4.3-lastutcrun"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor"}, .own_rows = true, .run = bad_query_strings},
        {.id = "ROB-08", .title = "Bad bodies and injection attempts: never a 5xx", .spec = "000 §7; A-46, A-71, A-72",
         .verifies = {"000-7-malformed-statuses-not-shown", "000-7-error-body-not-shown"}, .level = Level::Should,
         .needs = {client::kWriter}, .resources = {"CliFor", "Articoli"}, .writes = true, .own_rows = true,
         .run = no_server_error},
    };
}
// clang-format on

}  // namespace bds::suites

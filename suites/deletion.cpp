// Suite "deletion": deletion is logical (000 §1): flg_isdeleted true keeps the record, marked, and the change
// feed carries it; false restores it; a record without flg_isdeleted is refused.
#include <rapidcheck.h>

#include <chrono>
#include <thread>

#include "generate/record_gen.hpp"
#include "suites/registry.hpp"
#include "suites/support.hpp"
#include "suites/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

/// The resources whose deletion can be seen: GET sync is documented for them (000 §4.3).
std::vector<const Record*> feed_records(const Context& ctx) {
    std::vector<const Record*> out;
    for (const Record* r : ctx.catalogue.resources())
        if (r->has(Operation::GetSync) && r->writable()) out.push_back(r);
    if (out.empty()) throw harness_error("the catalogue lists no resource with GET and POST sync");
    return out;
}

/// The rows of the feed after `last_utc_run` with `sent`'s key.
std::vector<json> feed_rows_of(Context& ctx, const Record& record, const json& sent, const std::string& last_utc_run) {
    std::vector<json> out;
    for (auto& row : read_feed(ctx, kWriter, record.name, last_utc_run))
        if (oracle::same_key(record, row, sent, ctx.target.collation.value_or(Collation::CaseInsensitive))) out.push_back(std::move(row));
    return out;
}

/// Writes a live record, then `versions` of it in turn (each a whole record), and returns the LastUtcRun after
/// the live write.
std::string write_versions(Context& ctx, const Record& record, const json& live, const std::vector<json>& versions) {
    send_or_error(ctx, record, json::array({live}));
    const auto versions_from = std::chrono::steady_clock::now() + kClockStep;
    // The key may be one an earlier case deleted: sent active, it must read back whatever lists do with deleted rows.
    const auto rows = read_by_key(ctx, kWriter, record, live);
    if (rows.size() != 1)
        ctx.fail({"the record sent with flg_isdeleted false read back once by its key (000 §4.4: false on active records)",
                  std::to_string(rows.size()) + " rows", "", std::nullopt, ""});
    const std::string since = last_utc_run_after(ctx, record, rows);
    std::this_thread::sleep_until(versions_from);
    for (const auto& v : versions) send_or_error(ctx, record, json::array({v}));
    return since;
}

/// A generated record, live, and the same record logically deleted.
std::pair<json, json> live_and_deleted(Context& ctx, const Record& record) {
    json live = *sent_gen(ctx, record);
    live["flg_isdeleted"] = false;
    json deleted = live;
    deleted["flg_isdeleted"] = true;
    return {live, deleted};
}

/// The feed after `since` holds `last` once, as sent (its flag included).
void expect_in_feed(Context& ctx, const Record& record, const json& last, const std::string& since, const std::string& what) {
    const auto rows = feed_rows_of(ctx, record, last, since);
    const std::string where = "GET sync/" + record.name + "?LastUtcRun=" + since;
    if (rows.size() != 1) {
        ctx.finding({where + " returns the record " + what + " once (000 §1: deletion is logical; §4.3)", std::to_string(rows.size()) + " rows",
                     "", std::nullopt, ""});
        return;
    }
    const auto differences = written_differences(ctx, record, last, rows.front());
    if (!differences.empty())
        ctx.finding({where + " returns the record " + what + " as sent", oracle::format_differences(differences),
                     differences.front().pointer, std::nullopt, ""});
}

void deletion_is_logical(Context& ctx) {
    const auto resources = feed_records(ctx);
    for_all(ctx, "a deleted record stays, marked", [&] {
        const Record& record = **rc::gen::elementOf(resources);
        const auto [live, deleted] = live_and_deleted(ctx, record);
        const std::string since = write_versions(ctx, record, live, {deleted});
        expect_in_feed(ctx, record, deleted, since, "logically deleted");
        // Whether reads show deleted records is not shown; when they do, it is with the flag.
        for (const auto& row : read_by_key(ctx, kWriter, record, deleted))
            if (row.value("flg_isdeleted", json()) != json(true) && row.value("flg_isdeleted", json()) != json(1))
                ctx.finding({"a logically deleted record, when GET resources shows it, carries flg_isdeleted true",
                             "flg_isdeleted " + row.value("flg_isdeleted", json()).dump(), "/flg_isdeleted", std::nullopt, ""});
    });
}

/// Logical deletion on every resource a sender writes (000 §1: "each record carries flg_isdeleted"), not only on those
/// with a change feed: sent with flg_isdeleted true, a record reads back marked, or not at all where lists hide
/// deleted records; sent again active, it reads back as sent.
void deletion_everywhere(Context& ctx) {
    for (const Record* record : writable_records(ctx)) {
        if (!record->field("flg_isdeleted")) continue;
        json live = sample_records(ctx, *record, 1, 151).front();
        live["flg_isdeleted"] = false;
        json deleted = live;
        deleted["flg_isdeleted"] = true;
        send_or_error(ctx, *record, json::array({live}));
        send_or_error(ctx, *record, json::array({deleted}));
        for (const auto& row : read_by_key(ctx, kWriter, *record, deleted))
            if (row.value("flg_isdeleted", json()) != json(true) && row.value("flg_isdeleted", json()) != json(1))
                ctx.finding({"a " + record->name + " record sent with flg_isdeleted true, when GET resources shows it, carries it",
                             "flg_isdeleted " + row.value("flg_isdeleted", json()).dump(), "/flg_isdeleted", std::nullopt, ""});
        send_or_error(ctx, *record, json::array({live}));
        expect_read_back(ctx, *record, live, "the " + record->name + " record deleted and sent again with flg_isdeleted false");
    }
}

void undeletion_restores(Context& ctx) {
    const auto resources = feed_records(ctx);
    for_all(ctx, "flg_isdeleted false restores a deleted record", [&] {
        const Record& record = **rc::gen::elementOf(resources);
        const auto [live, deleted] = live_and_deleted(ctx, record);
        const std::string since = write_versions(ctx, record, live, {deleted, live});
        expect_read_back(ctx, record, live, "the record deleted and sent again with flg_isdeleted false");
        expect_in_feed(ctx, record, live, since, "restored (flg_isdeleted false)");
    });
}

void flag_required(Context& ctx) {
    const auto resources = writable_records(ctx);
    for_all(ctx, "a record without flg_isdeleted is refused", [&] {
        const Record& record = **rc::gen::elementOf(resources);
        if (!record.field("flg_isdeleted")) return;
        json r = *sent_gen(ctx, record);
        r.erase("flg_isdeleted");
        const auto response = ctx.sync(kWriter, record.name, json::array({r}));
        expect_refused(ctx, response, "a " + record.name + " record without flg_isdeleted (bit, required: 000 §1)");
    });
}

void deleted_in_reads(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    json r = sample_records(ctx, record, 1, 5).front();
    r["flg_isdeleted"] = true;
    send_or_error(ctx, record, json::array({r}));
    const auto rows = read_by_key(ctx, kWriter, record, r);
    ctx.observe(std::string("GET resources ") + (rows.empty() ? "leaves logically deleted records out" : "shows logically deleted records") +
                " (A-12)");
    // A deleted document's lines.
    const Record& header = record_of(ctx, "StoricoDocumentiT");
    json doc = sample_records(ctx, header, 1, 6).front();
    doc["StoricoDocumentiR"] = json::array({json::object()});
    gen::tie_lines(doc);
    doc["flg_isdeleted"] = true;
    send_or_error(ctx, header, json::array({doc}));
    const auto lines = read_all(ctx, kWriter, "StoricoDocumentiR", "key_documento = " + sql_text(doc.at("key_documento").get<std::string>()));
    ctx.observe(std::string("the lines of a logically deleted document are ") + (lines.empty() ? "no longer listed" : "still listed") +
                " in StoricoDocumentiR (A-36)");
}

}  // namespace

std::vector<Check> deletion_checks() {
    const std::vector<std::string> touched{"StoricoDocumentiT", "Articoli", "CliFor"};
    return {
        {.id = "DEL-01", .title = "flg_isdeleted true keeps the record, marked, in the change feed",
         .spec = "000 §1; §4.3; A-12, A-20, A-79",
         .verifies = {"000-1-deletion-logical", "000-3-record-deletion", "000-4.3-response-200", "001-2-flg-isdeleted",
                      "000-2.2-header-and-lines-together"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = touched, .writes = true, .run = deletion_is_logical},
        {.id = "DEL-02", .title = "flg_isdeleted false restores a deleted record",
         .spec = "000 §1; §4.4 Deletion",
         .verifies = {"000-1-deletion-logical", "000-4.4-deletion", "000-3-record-deletion", "000-2.2-header-and-lines-together"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = touched, .writes = true, .run = undeletion_restores},
        {.id = "DEL-05", .title = "Every resource a sender writes takes logical deletion and its undoing",
         .spec = "000 §1; §4.4 Deletion; A-12", .verifies = {"000-1-deletion-logical", "000-4.4-deletion", "001-2-flg-isdeleted"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .run = deletion_everywhere},
        {.id = "DEL-03", .title = "A record without flg_isdeleted is refused",
         .spec = "000 §1; §2.1 Minimal record; A-76",
         .verifies = {"000-1-deletion-logical", "000-2.1-minimal-record", "001-2-flg-isdeleted"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"*"}, .writes = true, .run = flag_required},
        {.id = "DEL-04", .title = "Do reads show logically deleted records, and a deleted document's lines?",
         .spec = "000 §1; A-12, A-36", .verifies = {"000-1-deletion-logical"},
         .level = Level::Observe, .needs = {client::kWriter}, .resources = {"CliFor", "StoricoDocumentiT", "StoricoDocumentiR"}, .writes = true, .run = deleted_in_reads},
    };
}

}  // namespace bds::suites

// Suite "sync", documents re-sent (000 §2.2, §4.3, §4.4; 001 §2.6-2.7): a document is its header and its lines, so a
// re-send that changes only its lines is a change of the document, and the same document re-sent keeps one set of
// lines.
#include <chrono>
#include <optional>
#include <thread>

#include "generate/record_gen.hpp"
#include "suites/registry.hpp"
#include "suites/common/settled_read.hpp"
#include "suites/common/support.hpp"
#include "suites/common/view_rows.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

/// `doc` with `count` lines of its own, num_riga 1..count (the logical line number, 001 §2.7) and a text told apart
/// by `tag`, each repeating the header's key_documento (000 §2.1).
json with_own_lines(json doc, int count, const std::string& tag) {
    json lines = json::array();
    for (int i = 1; i <= count; ++i)
        lines.push_back({{"num_riga", i}, {"des_articolo_riga", "bdsc " + tag + " line " + std::to_string(i)}});
    doc["StoricoDocumentiR"] = std::move(lines);
    gen::tie_lines(doc);
    return doc;
}

/// "key_documento = '…'": the selection of a document's lines and view rows.
std::string document_selection(const json& doc) {
    return "key_documento = " + sql_text(doc.at("key_documento").get<std::string>());
}

/// The feed after `since` holds `sent`'s document once, as sent: its lines alone changed after that instant. Once,
/// where its pages settled (settled_read.hpp).
void expect_resent_in_feed(Context& ctx, const Record& header, const json& sent, const std::string& since) {
    const auto feed = read_settled_feed(ctx, kWriter, header, since, {sent});
    const Collation collation = ctx.target.collation.value_or(Collation::CaseInsensitive);
    std::vector<json> found;
    for (const auto& row : feed.rows)
        if (oracle::same_key(header, row, sent, collation)) found.push_back(row);
    const std::string what = "GET sync/" + header.name + "?LastUtcRun=" + since;
    if (found.empty() && !feed.counts_judged) return;
    if (found.empty())
        return ctx.finding({.expected = what + " returns " + document_selection(sent) +
                                        ", sent again after that instant with other lines only: its lines are a field "
                                        "of the document (000 §2.2, §4.3, A-20, A-117)",
                            .actual = "it is missing"});
    if (found.size() != 1 && feed.counts_judged)
        ctx.finding({.expected = what + " returns the document once",
                     .actual = std::to_string(found.size()) + " rows for " + document_selection(sent)});
    const auto differences = written_differences(ctx, header, sent, found.front());
    if (!differences.empty())
        ctx.finding({.expected = what + " returns the document as last sent, with the lines sent last",
                     .actual = oracle::format_differences(differences),
                     .pointer = differences.front().pointer});
}

/// The document `before` (as read after its first send) sent again as `sent` with other lines only, read back as
/// `after`; `witness` a new record of the same block. A new ts_update, a dat_ultvar not earlier, the lines sent last;
/// in the feed after `since` when the witness shows the target's clock past it (A-20, A-79: a clock that has not
/// moved is never blamed).
void judge_lines_only_change(Context& ctx, const Record& header, const json& before, const json& after,
                             const json& sent, const json& witness, const std::optional<std::string>& since) {
    if (before.value("ts_update", json()) == after.value("ts_update", json()))
        ctx.finding({.expected = "a new ts_update (a row version, changed by every write) after the document is sent "
                                 "again with other lines only (000 §2.2, §4.4, A-117)",
                     .actual = "the same ts_update " + after.value("ts_update", json()).dump(),
                     .pointer = "/ts_update"});
    const auto was = dat_ultvar_of(before), is = dat_ultvar_of(after);
    if (was && is && *is < *was)
        ctx.finding({.expected = "dat_ultvar not earlier after the document is sent again with other lines only",
                     .actual = "dat_ultvar " + after.value("dat_ultvar", json()).dump() + ", before it " +
                               before.value("dat_ultvar", json()).dump(),
                     .pointer = "/dat_ultvar"});
    const auto differences = written_differences(ctx, header, sent, after);
    if (!differences.empty())
        ctx.finding({.expected = "the document reads back with the lines sent last (000 §2.2, A-35)",
                     .actual = oracle::format_differences(differences),
                     .pointer = differences.front().pointer});
    if (!since) return ctx.observe("the document read back without a dat_ultvar: the change feed was not read");
    const auto anchor = dat_ultvar_of(json{{"dat_ultvar", *since}});
    const auto witness_at = dat_ultvar_of(witness);
    if (!anchor || !witness_at || *witness_at <= *anchor)
        return ctx.observe("the record written with the re-sent document shows no dat_ultvar after LastUtcRun " +
                           *since + ": the change feed was not judged (A-20, A-79)");
    expect_resent_in_feed(ctx, header, sent, *since);
}

/// After `doc` was sent twice the same: StoricoDocumentiR holds its lines once each, and MCPDocumentiR as many rows,
/// prg_riga distinct (001 §2.7: customer_ID, key_documento, prg_riga is the view's key).
void judge_one_set_of_lines(Context& ctx, const Record& header, const json& doc) {
    const std::string selection = document_selection(doc);
    const auto r = ctx.api.list(kWriter, kLines, {selection, page_size(ctx), 1});
    const auto& page = ctx.page_of(r, "reading StoricoDocumentiR where " + selection);
    json got = json::array();
    for (const auto& row : page.rows) got.push_back(row);
    // Lines compare as a header's list does, in any order.
    const json sent_wrapper = {{"key_documento", doc["key_documento"]},
                               {"StoricoDocumentiR", doc["StoricoDocumentiR"]}};
    const json got_wrapper = {{"key_documento", doc["key_documento"]}, {"StoricoDocumentiR", got}};
    const auto differences = written_differences(ctx, header, sent_wrapper, got_wrapper);
    const std::size_t sent = doc["StoricoDocumentiR"].size();
    if (!differences.empty())
        ctx.finding(
            {.expected = "GET StoricoDocumentiR where " + selection + " gives the " + std::to_string(sent) +
                         " lines of the document, once each, after it was sent twice the same (000 §2.2, A-117)",
             .actual = oracle::format_differences(differences),
             .exchange = r.response.exchange});
    const Rows view = read_rows(ctx, kWriter, "MCPDocumentiR", selection);
    if (view.rows.size() != sent)
        ctx.finding({.expected = std::to_string(sent) + " MCPDocumentiR rows where " + selection +
                                 ": the document's lines, once each, after it was sent twice the same (001 §2.6, "
                                 "§2.7)",
                     .actual = std::to_string(view.rows.size()) + " rows",
                     .exchange = view.exchange});
    expect_distinct_prg_riga(ctx, view);
}

/// SYN-14: a document D with 2 lines; D again with only 3 other lines, with a new record W, after a clock step; then
/// D with those 3 lines again, the same.
void document_resent(Context& ctx) {
    const Record& header = record_of(ctx, kHeader);
    // cod_tipodoc, num_anno and dat_doc set: the document is a row of the document views (001 §2.6).
    const json fixed = {{"cod_tipodoc", "bdsc"}, {"num_anno", 2025}, {"dat_doc", "2025-03-01T00:00:00"}};
    const auto docs = sample_records(ctx, header, 2, 1401, fixed);
    const json first = with_own_lines(docs[0], 2, "first");
    const json second = with_own_lines(docs[0], 3, "second");  // the same header, other lines only
    const json witness = with_own_lines(docs[1], 1, "witness");
    send_or_error(ctx, header, json::array({first}));
    const auto writes_from = std::chrono::steady_clock::now() + kClockStep;
    const json before = read_one(ctx, header, first);
    std::optional<std::string> since;
    if (dat_ultvar_of(before)) since = last_utc_run_after(ctx, header, {before});
    std::this_thread::sleep_until(writes_from);
    send_or_error(ctx, header, json::array({second, witness}));
    const auto after = read_each(ctx, header, {&second, &witness});
    judge_lines_only_change(ctx, header, before, after[0], second, after[1], since);
    send_or_error(ctx, header, json::array({second}));  // the same document again
    judge_one_set_of_lines(ctx, header, second);
}

}  // namespace

// clang-format off
std::vector<Check> sync_document_checks() {
    return {
        {.id = "SYN-14",
         .title = "A document re-sent is one document: a change of its lines alone is a change, the same document "
                  "re-sent keeps one set of lines",
         .spec = "000 §2.2; §4.3; §4.4; 001 §2.6, §2.7; A-35, A-117",
         .verifies = {"000-2.2-header-and-lines-together", "000-2.2-storicodocumentit-fields", "000-4.3-response-200",
                      "000-4.4-platform-managed", "000-1-platform-fields", "000-4.4-document-lines",
                      "001-2.6-lines-nested", "001-2.7-mcpdocumentir-key"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"StoricoDocumentiT", "MCPDocumentiR"},
         .writes = true, .own_rows = true, .run = document_resent},
    };
}
// clang-format on

}  // namespace bds::suites

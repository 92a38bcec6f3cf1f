// Connector checks of how a sender takes the service's answers and reads (CON-12 to CON-23): success, refusals and
// 401s, the count after sending, pages and the change feed, slow answers, its own end and budget (000 §4.3, §4.4, §5,
// §7, §8).
#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "catalogue/requirements.hpp"
#include "certify/connector_check.hpp"
#include "certify/operator_report.hpp"
#include "client/envelope.hpp"
#include "oracle/compare.hpp"
#include "schema/record_validator.hpp"
#include "suites/connector/judging.hpp"
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"

namespace bds::suites {
namespace {

using namespace connector;

/// The records handed over that the service holds: what an exit 0 still vouches for once the connector told a count
/// that shows the others missing (A-97).
std::vector<json> the_stored_ones(const ScenarioRun& run) {
    const auto stored = by_key(*run.record, run.stored);
    std::vector<json> out;
    for (const auto& r : run.input)
        if (stored.count(key_of(*run.record, r))) out.push_back(r);
    return out;
}

void success_means_done(Judge& j) {
    const auto& run = j.run();
    if (!run.exit_status_judged)
        return j.not_applicable("the connector's exit status is not judged (--no-exit-status, or --port)");
    if (!is_push(run)) return j.not_applicable("the change feed's completeness is CON-19's");
    if (!run.process.succeeded()) return;  // it did not report success: nothing it said is untrue
    // An exit 0 reads "delivered" (A-86) as far as the connector's output does not say otherwise: after a refused
    // block, the block's body kept (000 §7: the sender records it); once every block was accepted, the TotalRowsCount
    // it read (A-97), which shows records missing, never records stored otherwise than handed over. What it told:
    // observed.
    if (const auto kept = certify::kept_refusal(run)) return j.observe("exit 0, and " + kept->what, kept->request);
    const auto count = certify::told_count(run);
    if (run.input_given) {
        const auto vouched = count ? the_stored_ones(run) : run.input;
        const std::size_t before = j.findings().size();
        same_records(j, vouched, run.stored,
                     "stored, since the connector exited 0 and told no count that shows it missing (A-86, A-97)");
        if (j.findings().size() > before)
            j.observe("it ended: " + how_it_ended(run));
        else if (vouched.size() < run.input.size())
            j.observe("exit 0, and " + count->what, count->request);
        return;
    }
    if (const Received* refused = run.first_refusal())
        return j.finding({.expected = "a failure reported after block " + std::to_string(refused->seq) +
                                      " was answered " + std::to_string(refused->status) +
                                      ": an exit status other than 0, or its body kept (A-86)",
                          .actual = "exit 0, and the body kept nowhere",
                          .request = refused});
    if (run.scenario.fault != Fault::LostRecord) return;
    for (const auto& r : run.recording.requests) {
        if (r.fault.empty()) continue;
        if (count) return j.observe("exit 0, and " + count->what, count->request);
        return j.finding(
            {.expected =
                 "TotalRowsCount came out one short of what was sent: a failure reported (an exit status other than 0), "
                 "or the count read told in its output (A-97)",
             .actual = "exit 0, and no TotalRowsCount read after the last block in its output",
             .request = &r});
    }
}

void stops_at_first_refusal(Judge& j) {
    need_blocks(j);
    const Received* refused = j.run().first_refusal();
    if (!refused) return j.not_applicable("no block was answered with a status other than 200 (or 401)");
    for (const Received* b : j.run().blocks())
        if (b->seq > refused->seq)
            return j.finding({.expected = "nothing more sent after block " + std::to_string(refused->seq) +
                                          " was answered " + std::to_string(refused->status),
                              .actual = "another block: " + b->method + " " + b->path,
                              .request = b});
}

void keeps_the_body(Judge& j) {
    const auto& run = j.run();
    need_blocks(j);
    const Received* refused = nullptr;
    for (const Received* b : run.blocks())
        if (!refused && b->status != 200 && !run.marker.empty() &&
            b->response_body.find(run.marker) != std::string::npos)
            refused = b;
    if (!refused) return j.not_applicable("no block was refused with a body the harness can recognise");
    if (run.kept_text.find(run.marker) == std::string::npos)
        j.finding({.expected = "the body of the refused block kept: its ticket \"" + run.marker +
                               "\" in the connector's output or in a file of its working directory",
                   .actual = "it is nowhere: " + how_it_ended(run),
                   .request = refused});
}

void after_a_401(Judge& j) {
    const auto& requests = j.run().recording.requests;
    const auto refused =
        std::find_if(requests.begin(), requests.end(), [](const Received& r) { return r.status == 401; });
    if (refused == requests.end()) return j.not_applicable("no request was answered 401");
    const auto next =
        std::find_if(refused + 1, requests.end(), [](const Received& r) { return !r.is("POST", "/Token"); });
    const std::string what = refused->method + " " + refused->path + (refused->is_block() ? " (a block)" : "");
    if (next == requests.end())
        return j.observe("after a 401 on " + what + " it stopped: " + how_it_ended(j.run()), &*refused);
    if (next->method != refused->method || next->path != refused->path || next->params != refused->params ||
        next->body != refused->body)
        return j.finding({.expected = "after a 401 on " + what +
                                      ": that request again, with a new token, before any other; or nothing more",
                          .actual = "another request: " + next->method + " " + next->path,
                          .request = &*next});
    if (next->bearer == refused->bearer)
        return j.finding({.expected = "the refused request sent again with a new token",
                          .actual = "with the token that was refused",
                          .request = &*next});
    j.observe("after a 401 on " + what + " it requested a new token and sent the request again", &*next);
}

void reads_the_count(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::None || !is_push(run))
        return j.not_applicable("only the delivery scenario judges it");
    const Received* last = nullptr;
    for (const Received* b : run.blocks())
        if (b->status == 200) last = b;
    if (!last) return j.not_applicable("no block was accepted");
    for (const auto& r : run.recording.requests)
        if (r.seq > last->seq && r.method == "GET" && r.path == "/api/resources/" + run.record->name) return;
    j.finding(
        {.expected = "GET /api/resources/" + run.record->name + " after the last block, to compare TotalRowsCount",
         .actual = "no such read after it",
         .request = last});
}

void pages_from_one(Judge& j) {
    bool any = false;
    for (const auto& r : j.run().recording.requests) {
        const auto page = r.param("PageNumber");
        if (!page || r.method != "GET") continue;
        any = true;
        char* end = nullptr;
        const long n = std::strtol(page->c_str(), &end, 10);
        if (page->empty() || *end != '\0' || n < 1)
            j.finding({.expected = "PageNumber 1 or more (pages start at 1)",
                       .actual = "PageNumber=" + *page,
                       .request = &r});
    }
    if (!any) j.not_applicable("the connector sent no PageNumber");
}

void last_utc_run_form(Judge& j) {
    static const std::regex form(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3})");
    bool any = false;
    for (const auto& r : j.run().recording.requests) {
        if (!r.is("GET", "/api/sync/")) continue;
        any = true;
        const auto since = r.param("LastUtcRun");
        if (!since)
            j.finding({.expected = "LastUtcRun in the form YYYY-MM-DD HH:MM:SS.000",
                       .actual = "no LastUtcRun",
                       .request = &r});
        else if (!std::regex_match(*since, form))
            j.finding({.expected = "LastUtcRun in the form YYYY-MM-DD HH:MM:SS.000",
                       .actual = "LastUtcRun=" + *since,
                       .request = &r});
    }
    if (!any) j.not_applicable("the connector did not read GET /api/sync");
}

void reads_the_whole_feed(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.mode != Mode::Pull) return j.not_applicable("only the change-feed scenario judges it");
    if (run.output_given) {
        if (!run.output_error.empty())
            return j.finding({.expected = "{output}: one record per line, as read from the change feed",
                              .actual = run.output_error});
        same_records(j, run.feed, run.output,
                     "changed after LastUtcRun " + run.since + ", in what the connector wrote to {output}");
        return;
    }
    std::set<std::string> seen;
    for (const auto& r : run.recording.requests) {
        if (!r.is("GET", "/api/sync/") || r.status != 200) continue;
        const client::HttpResponse response{r.status, r.response_headers, r.response_body, {}};
        const auto list = client::read_list(response, client::EnvelopeSetting::Auto);
        if (const auto* page = std::get_if<client::ListPage>(&list))
            for (const auto& row : page->rows) seen.insert(key_of(*run.record, row));
    }
    std::size_t missing = 0;
    for (const auto& f : run.feed)
        if (!seen.count(key_of(*run.record, f))) ++missing;
    if (missing > 0)
        j.finding({.expected = "every page of the change feed read: " + std::to_string(run.feed.size()) +
                               " records changed after " + run.since,
                   .actual = std::to_string(missing) + " never read: " + how_it_ended(run)});
}

void copes_with_slow_answers(Judge& j) {
    const auto& run = j.run();
    if (run.scenario.fault != Fault::SlowAnswers) return j.not_applicable("only the slow-answers scenario judges it");
    if (run.exit_status_judged && !run.process.succeeded())
        return j.finding(
            {.expected = "the delivery completed although each block was answered late", .actual = how_it_ended(run)});
    if (run.input_given) same_records(j, run.input, run.stored, "stored although each block was answered late");
}

void ends_by_itself(Judge& j) {
    const auto& run = j.run();
    if (!run.process.started) return j.not_applicable("the harness did not start the connector");
    const auto& why = run.process.ended_by_harness;
    if (!why.empty() && run.recording.flood.empty())
        j.finding({.expected = "the connector ends by itself", .actual = "the harness ended it: " + why});
}

void within_budget(Judge& j) {
    const auto& run = j.run();
    if (!run.recording.flood.empty())
        j.finding({.expected = "a bounded number of requests", .actual = run.recording.flood});
}

void how_it_works(Judge& j) {
    const auto& run = j.run();
    int tokens = 0;
    for (const auto& r : run.recording.requests)
        if (r.is("POST", "/Token")) ++tokens;
    j.observe(how_it_ended(run) + ", " + std::to_string(tokens) + " token requests");
    const std::string agent = run.recording.requests.empty() ? "" : run.recording.requests.front().header("User-Agent");
    if (!agent.empty()) j.observe("User-Agent: " + agent);
    if (run.scenario.fault == Fault::DroppedConnection) {
        const auto blocks = run.blocks();
        if (!blocks.empty() && blocks.size() > 1 && blocks[1]->body == blocks[0]->body)
            j.observe("after the cut connection it sent the block again", blocks[1]);
        else if (!blocks.empty())
            j.observe("after the cut connection it did not send the block again", blocks[0]);
    }
}

}  // namespace

std::vector<certify::ConnectorCheck> sending_checks();

// clang-format off
std::vector<certify::ConnectorCheck> connector_checks() {
    std::vector<certify::ConnectorCheck> table = sending_checks();
    std::vector<certify::ConnectorCheck> replies = {
        {.id = "CON-12", .title = "Success is reported only when everything arrived",
         .spec = "000 §4.4, §7; A-86, A-97", .verifies = {"000-4.4-check", "000-7-sender-stops", "000-4.4-failure"},
         .level = Level::Must, .run = success_means_done},
        {.id = "CON-13", .title = "The sender stops at the first block answered other than 200", .spec = "000 §4.4, §7",
         .verifies = {"000-4.4-failure", "000-7-sender-stops"}, .level = Level::Must, .run = stops_at_first_refusal},
        {.id = "CON-14", .title = "The body of a refused block is kept", .spec = "000 §4.4, §7",
         .verifies = {"000-4.4-failure", "000-7-sender-stops"}, .level = Level::Must, .run = keeps_the_body},
        {.id = "CON-15", .title = "After a 401 the refused request is sent again with a new token, or the sender stops",
         .spec = "000 §5 rule 3, §7",
         .verifies = {"000-5-rule3-401", "000-7-sender-stops", "000-5-lifetime-grants-scopes-not-shown"},
         .level = Level::Must, .run = after_a_401},
        {.id = "CON-16", .title = "After sending, TotalRowsCount is read to check", .spec = "000 §4.4",
         .verifies = {"000-4.4-check"}, .level = Level::Must, .run = reads_the_count},
        {.id = "CON-17", .title = "Pages are numbered from 1", .spec = "000 §8, §4.1",
         .verifies = {"000-8-pages-start-at-1", "000-4.1-pagenumber", "000-4.3-pagination"}, .level = Level::Must,
         .run = pages_from_one},
        {.id = "CON-18", .title = "LastUtcRun is sent in the form YYYY-MM-DD HH:MM:SS.000", .spec = "000 §4.3",
         .verifies = {"000-4.3-lastutcrun"}, .level = Level::Must, .run = last_utc_run_form},
        {.id = "CON-19", .title = "Every page of the change feed is read, deletions included", .spec = "000 §4.3, §1",
         .verifies = {"000-4.3-response-200", "000-4.3-pagination", "000-1-cap4-sync", "000-4-get-sync",
                      "000-1-deletion-logical"},
         .level = Level::Must, .run = reads_the_whole_feed},
        {.id = "CON-20", .title = "The delivery completes when the service answers slowly", .spec = "000 §8",
         .verifies = {"000-8-rate-limits-not-shown"}, .level = Level::Should, .run = copes_with_slow_answers},
        {.id = "CON-21", .title = "The connector ends by itself", .spec = "000 §4.4", .verifies = {"000-4.4-failure"},
         .level = Level::Should, .run = ends_by_itself},
        {.id = "CON-22", .title = "The connector keeps to a bounded number of requests", .spec = "000 §8",
         .verifies = {"000-8-rate-limits-not-shown"}, .level = Level::Should, .run = within_budget},
        {.id = "CON-23", .title = "How the connector works (tokens, blocks, retries)", .spec = "000 §5",
         .verifies = {"000-5-lifetime-grants-scopes-not-shown", "000-5-token-fields-not-shown"},
         .level = Level::Observe, .run = how_it_works},
    };
    table.insert(table.end(), replies.begin(), replies.end());
    // The suite and the quote a report shows are the table's, as for the server's suites (suites/registry.cpp): the
    // quote comes from the statement the check rests on, so it cannot drift from the seeds.
    for (auto& check : table) {
        check.suite = "connector";
        check.seed_text = shown_quote(check.verifies);
    }
    return table;
}
// clang-format on

}  // namespace bds::suites

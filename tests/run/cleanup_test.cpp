// The clean-up on a busy target (run/cleanup.hpp): a stub behind a proxy that times out, drops and 503s the first
// clean-up POSTs and refuses blocks over a few records; every record ends deleted. Through a whole run too, with its
// journal on disk written while it runs and marked finished after.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "bundled/embedded_stub.hpp"
#include "run/cleanup.hpp"
#include "run/journal_file.hpp"
#include "run/proxy_fixture.hpp"
#include "run/runner.hpp"
#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"
#include "test_paths.hpp"
#include "run/bearer_header.hpp"

namespace bds::test {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

/// Records of POST /api/sync/… in `body` (0 when it is no array).
std::size_t block_size(const std::string& body) {
    const json doc = json::parse(body, nullptr, false);
    return doc.is_array() ? doc.size() : 0;
}

/// A busy target's clean-up answers: the first `failing` POSTs to /api/sync time out (answered after the client's
/// timeout), get 503, 429 with a Retry-After of 1 s, or 500, in turn; once armed, any block over `limit` records
/// gets 413.
struct Busy {
    std::atomic<bool> armed{true};
    std::atomic<int> posts{0}, failed{0}, too_large{0};
    int failing = 4;
    std::size_t limit = 8;
    BreakingProxy::Before hook() {
        return [this](const httplib::Request& req, httplib::Response& res) {
            if (!armed || req.method != "POST" || req.path.rfind("/api/sync/", 0) != 0) return false;
            const int n = ++posts;
            if (n <= failing) {
                ++failed;
                switch (n % 4) {
                    case 1:
                        std::this_thread::sleep_for(std::chrono::milliseconds(900));
                        res.status = 504;
                        break;
                    case 2: res.status = 503; break;
                    case 3:
                        res.status = 429;
                        res.set_header("Retry-After", "1");
                        break;
                    default: res.status = 500;
                }
                res.set_content(R"({"Message": "busy"})", "application/json");
                return true;
            }
            if (block_size(req.body) > limit) {
                ++too_large;
                res.status = 413;
                res.set_content(R"({"Message": "too many records"})", "application/json");
                return true;
            }
            return false;
        };
    }
};

/// Every row of `resource` the stub holds for `role` (all pages), read directly.
std::vector<json> rows_of(const client::TargetConfig& stub, const std::string& role, const std::string& resource) {
    httplib::Client http(stub.base_url);
    const httplib::Headers auth = test::bearer_header(http, stub, role);
    std::vector<json> out;
    for (int page = 1;; ++page) {
        const auto r =
            http.Get("/api/resources/" + resource + "?PageSize=100&PageNumber=" + std::to_string(page), auth);
        if (!r || r->status != 200) throw std::runtime_error("cannot read " + resource);
        const json rows = json::parse(r->body).at("Records");
        out.insert(out.end(), rows.begin(), rows.end());
        if (rows.size() < 100) return out;
    }
}

/// CliFor records with keys `prefix` + 0…n-1, active.
json customers(const std::string& prefix, int n) {
    json block = json::array();
    for (int i = 0; i < n; ++i)
        block.push_back({{"ind_clifor", "C"}, {"cod_clifor", prefix + std::to_string(i)}, {"flg_isdeleted", false}});
    return block;
}

/// What a clean-up of the stub's records, behind `proxy`, gives.
struct Sent {
    run::CleanupTally tally;
    double seconds = 0;
};

Sent clean_through(const client::TargetConfig& target, std::vector<run::CleanupBlock> blocks,
                   run::CleanupPolicy policy) {
    client::RunLimits limits;
    client::TokenSource tokens(target, std::make_unique<client::HttpClient>(client::http_settings(target), &limits));
    client::EnvelopeState envelope(target.envelope);
    client::PageSizeState page_size(target.max_page_size);
    client::Api api(target, tokens, envelope, page_size, &limits);
    const run::CleanupBounds bounds(Clock::now() + std::chrono::seconds(60), "its budget of 60 s was spent");
    const auto t0 = Clock::now();
    Sent out{run::send_back_deleted(api, limits, std::move(blocks), bounds, policy)};
    out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return out;
}

/// `n` records written straight to the stub and journaled, as blocks of `max_block` for the clean-up.
std::vector<run::CleanupBlock> written(const Catalogue& cat, const bundled::EmbeddedStub& stub,
                                       const std::string& prefix, int n, std::size_t max_block) {
    const json block = customers(prefix, n);
    client::RunLimits limits;
    client::TokenSource tokens(stub.target,
                               std::make_unique<client::HttpClient>(client::http_settings(stub.target), &limits));
    client::EnvelopeState envelope(stub.target.envelope);
    client::PageSizeState page_size(stub.target.max_page_size);
    client::Api api(stub.target, tokens, envelope, page_size, &limits);
    if (api.sync_post(client::kWriter, "CliFor", block).status != 200) throw std::runtime_error("not written");
    run::Journal journal(cat);
    journal.accepted(client::kWriter, "CliFor", block);
    return journal.take_cleanup(max_block);
}

std::size_t active_with(const std::vector<json>& rows, const std::string& prefix) {
    return std::count_if(rows.begin(), rows.end(), [&](const json& r) {
        return r.value("cod_clifor", "").rfind(prefix, 0) == 0 && r.value("flg_isdeleted", false) != true;
    });
}

TEST(CleanUp, SharesTakeEachBlockWhereTheFewestRecordsAreAndKeepTheUnansweredLast) {
    // Blocks as the journal gives them: the answered writes of every resource, then those without an answer.
    const auto block = [](const std::string& resource, std::size_t records, bool uncertain) {
        return run::CleanupBlock{client::kWriter, resource, json(std::vector<json>(records, json::object())),
                                 uncertain};
    };
    std::vector<run::CleanupBlock> blocks = {block("CliFor", 100, false),  block("CliFor", 50, false),
                                             block("Articoli", 30, false), block("CondPagam", 200, false),
                                             block("Famiglia", 10, false), block("CliFor", 5, true)};
    const auto shares = run::cleanup_shares(blocks, 2);
    ASSERT_EQ(shares.size(), 2u);
    const auto names = [](const std::vector<run::CleanupBlock>& share) {
        std::vector<std::string> out;
        for (const auto& b : share)
            out.push_back(b.resource + (b.uncertain ? "?" : "") + std::to_string(b.records.size()));
        return out;
    };
    // One resource's blocks go out at once in two shares; the unanswered block after the others of its share.
    EXPECT_EQ(names(shares[0]), (std::vector<std::string>{"CliFor100", "Famiglia10", "CliFor?5"}));
    EXPECT_EQ(names(shares[1]), (std::vector<std::string>{"CliFor50", "Articoli30", "CondPagam200"}));
    EXPECT_EQ(run::cleanup_shares(blocks, 8).size(), 6u) << "a share per block, no more";
    EXPECT_TRUE(run::cleanup_shares({}, 8).empty());
}

TEST(CleanUp, TheBlocksOfOneResourceGoAtOnceAndTheirRefusalsMakeOneNote) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto blocks = written(cat, stub, "zqd", 20, 5);
    std::atomic<int> posting = 0, most = 0;
    BreakingProxy proxy(stub.target.base_url, [&](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "POST") return false;
        const int now = ++posting;
        for (int seen = most; now > seen && !most.compare_exchange_weak(seen, now);) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(150));  // so that the shares' POSTs overlap
        --posting;
        const bool refused =
            req.body.find("\"zqd3\"") != std::string::npos || req.body.find("\"zqd17\"") != std::string::npos;
        if (!refused) return false;
        res.status = 400;
        res.set_content(R"({"Message": "cannot be deleted"})", "application/json");
        return true;
    });
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    client::RunLimits limits(0, 4);
    client::TokenSource tokens(target, std::make_unique<client::HttpClient>(client::http_settings(target), &limits));
    client::EnvelopeState envelope(target.envelope);
    client::PageSizeState page_size(target.max_page_size);
    std::vector<std::unique_ptr<client::Api>> apis;
    for (int i = 0; i < 4; ++i)
        apis.push_back(std::make_unique<client::Api>(target, tokens, envelope, page_size, &limits));
    const run::CleanupBounds bounds(Clock::now() + std::chrono::seconds(60), "its budget of 60 s was spent");
    const auto tally = run::send_back_deleted_at_once([&](std::size_t i) -> client::Api& { return *apis[i]; }, limits,
                                                      std::move(blocks), bounds, {}, 4);
    EXPECT_EQ(tally.sent, 18u);
    EXPECT_EQ(tally.refused, 2u);
    EXPECT_GE(most.load(), 2) << "the four CliFor blocks went one after another";
    ASSERT_EQ(tally.notes.size(), 1u) << "one note for CliFor, whichever shares its refusals came through";
    EXPECT_NE(tally.notes[0].find("refused to take back deleted 2 CliFor"), std::string::npos) << tally.notes[0];
    EXPECT_EQ(active_with(rows_of(stub.target, client::kWriter, "CliFor"), "zqd"), 2u);
}

TEST(CleanUp, GoesOnThroughTimeoutsAnd5xxAnd429AndHalvesBlocksTheTargetFindsTooLarge) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto blocks = written(cat, stub, "zqa", 30, 25);
    ASSERT_EQ(active_with(rows_of(stub.target, client::kWriter, "CliFor"), "zqa"), 30u);
    Busy busy;
    BreakingProxy proxy(stub.target.base_url, busy.hook());
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    target.timeout_ms = 300;
    run::CleanupPolicy policy;
    policy.first_pause = std::chrono::milliseconds(50);
    const auto sent = clean_through(target, std::move(blocks), policy);
    std::cout << "    " << run::describe(sent.tally) << " in " << sent.seconds << " s; the target failed "
              << busy.failed << " POSTs and refused " << busy.too_large << " blocks as too large\n";
    EXPECT_EQ(sent.tally.sent, 30u) << sent.tally.gave_up;
    EXPECT_EQ(sent.tally.left, 0u);
    EXPECT_EQ(sent.tally.refused, 0u);
    EXPECT_EQ(busy.failed, busy.failing);
    // The HTTP client itself waits out a short Retry-After and sends again (client/http_client.hpp): the 429 may cost
    // the clean-up no try of its own; a block that timed out goes again in halves instead of whole.
    EXPECT_GE(sent.tally.retries, busy.failing - 2);
    EXPECT_GT(sent.tally.splits, 0);
    EXPECT_EQ(active_with(rows_of(stub.target, client::kWriter, "CliFor"), "zqa"), 0u)
        << "every record the clean-up was given ends deleted";
}

TEST(CleanUp, GivesUpOnlyWhenNothingGetsThroughForItsWindowAndCountsWhatIsLeft) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto blocks = written(cat, stub, "zqb", 12, 5);
    Busy busy;
    busy.failing = 1000000;
    BreakingProxy proxy(stub.target.base_url, busy.hook());
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    target.timeout_ms = 300;
    run::CleanupPolicy policy;
    policy.first_pause = std::chrono::milliseconds(50);
    policy.stall = std::chrono::seconds(3);
    const auto sent = clean_through(target, std::move(blocks), policy);
    EXPECT_EQ(sent.tally.left, 12u);
    EXPECT_EQ(sent.tally.sent, 0u);
    EXPECT_NE(sent.tally.gave_up.find("nothing got through for 3 s"), std::string::npos) << sent.tally.gave_up;
    EXPECT_GE(sent.seconds, 3.0);
    EXPECT_LT(sent.seconds, 8.0);
    EXPECT_GT(busy.failed, 3) << "it tried again meanwhile";
}

TEST(CleanUp, ARecordTheTargetRefusesIsCountedAndTheOthersOfItsBlockStillGo) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    auto blocks = written(cat, stub, "zqc", 10, 10);
    BreakingProxy proxy(stub.target.base_url, [](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "POST" || req.body.find("\"zqc7\"") == std::string::npos) return false;
        res.status = 400;
        res.set_content(R"({"Message": "zqc7 cannot be deleted"})", "application/json");
        return true;
    });
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    const auto sent = clean_through(target, std::move(blocks), {});
    EXPECT_EQ(sent.tally.sent, 9u);
    EXPECT_EQ(sent.tally.refused, 1u);
    ASSERT_EQ(sent.tally.notes.size(), 1u);
    EXPECT_NE(sent.tally.notes[0].find("refused to take back deleted 1 CliFor"), std::string::npos)
        << sent.tally.notes[0];
    EXPECT_EQ(active_with(rows_of(stub.target, client::kWriter, "CliFor"), "zqc"), 1u);

    // The same refusal of a record whose write got no answer (cut in flight, as an interrupt cuts it): the target
    // refuses the record as it is, so it most likely never took it; not a refusal that leaves the clean-up incomplete.
    auto uncertain = written(cat, stub, "zqc", 10, 10);
    for (auto& block : uncertain) block.uncertain = true;
    const auto again = clean_through(target, std::move(uncertain), {.settle = std::chrono::milliseconds(0)});
    EXPECT_EQ(again.tally.refused, 0u);
    EXPECT_EQ(again.tally.unconfirmed, 1u);
    ASSERT_EQ(again.tally.notes.size(), 1u);
    EXPECT_NE(again.tally.notes[0].find("whose write got no answer"), std::string::npos) << again.tally.notes[0];
}

TEST(CleanUp, ARunOnABusyTargetCleansUpWholeAndItsJournalIsWrittenWhileItRunsAndMarkedFinished) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    Busy busy;
    busy.armed = false;  // the checks' own writes go through; the clean-up's meet a busy target
    busy.failing = 3;
    busy.limit = 4;
    BreakingProxy proxy(stub.target.base_url, busy.hook());
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    target.timeout_ms = 500;
    const auto dir = std::filesystem::temp_directory_path() / ("bds-cleanup-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    run::RunOptions options;
    options.seed = 42;
    options.cases = 5;
    options.journal_dir = dir.string();
    std::size_t journaled_during = 0;
    std::optional<run::JournalContents> during;
    options.on_result = [&](const run::CheckResult&) {
        // The checks ended: what the journal holds now is what the run wrote, before any clean-up.
        for (const auto& f : std::filesystem::directory_iterator(dir)) during = run::read_journal_file(f.path());
        if (during) journaled_during = during->entries.size();
        busy.armed = true;
    };
    std::vector<Check> checks;
    for (const auto& c : all_checks())
        if (c.id == "SYN-01") checks.push_back(c);
    const auto t0 = Clock::now();
    const auto result = run::run_checks(cat, target, checks, options);
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    ASSERT_TRUE(during) << "no journal in " << dir;
    EXPECT_FALSE(during->status) << "not yet finished while the checks ran";
    EXPECT_EQ(during->header.value("run_prefix", ""), result.run_prefix);
    EXPECT_GT(journaled_during, 0u);
    const auto path = dir / run::journal_file_name(result.run_prefix);
    const auto after = run::read_journal_file(path);
    ASSERT_TRUE(after.status);
    EXPECT_TRUE(after.finished()) << after.status->dump() << "\n" << describe(result);
    EXPECT_EQ(after.status->value("sent", 0u), result.records_written);
    std::cout << "    a run of SYN-01 wrote " << result.records_written << " records; its clean-up sent them back "
              << "through " << busy.failed << " failed POSTs and " << busy.too_large << " blocks refused as too large; "
              << "the run took " << seconds << " s\n";
    for (const auto& note : result.notes) EXPECT_EQ(note.find("clean-up"), std::string::npos) << note;
    for (const Record* record : cat.resources()) {
        if (!record->writable() || record->read_only) continue;
        for (const auto& row : rows_of(stub.target, client::kWriter, record->name))
            EXPECT_NE(row.value("flg_isdeleted", false), false) << record->name << " " << row.dump();
    }
    const std::string text = read_text(path);
    EXPECT_EQ(text.find("writer-pw"), std::string::npos) << "no password in the journal";
    EXPECT_EQ(text.find("Bearer"), std::string::npos);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bds::test

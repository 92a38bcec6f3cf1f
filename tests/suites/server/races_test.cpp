// Suite "races": each check passes on the faithful stub and fails on a stub whose defect only clients at once show;
// a failure shows its shrunk history as a timeline; histories whose clients never met are not judged.
#include <gtest/gtest.h>

#include <mutex>

#include "suites/common/race_clients.hpp"

#include "run/suite_fixture.hpp"
#include "suites/registry.hpp"

namespace bds {
namespace {

using run::Outcome;

std::string counterexample(const run::CheckResult& r) {
    return r.findings.empty() ? "" : r.findings.front().counterexample;
}

TEST(RacesChecks, EachPassesOnTheFaithfulStub) {
    for (const char* id : {"RACE-01", "RACE-02", "RACE-03", "RACE-04", "RACE-05"}) {
        const auto r = test::result_on_stub(id);
        EXPECT_EQ(r.outcome, Outcome::Pass) << id << ": " << r.reason << "\n" << test::findings_text(r);
    }
}

TEST(RacesChecks, TwoInsertsOfOneNewKeyAtOnceFailRace01WithTheirTimeline) {
    const auto r = test::result_under_defect("check-then-insert", "RACE-01");
    ASSERT_EQ(r.outcome, Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("more than one row with the key"), std::string::npos)
        << test::findings_text(r);
    // Shrunk to two clients: the two sends and the read that found both rows.
    const std::string timeline = counterexample(r);
    EXPECT_NE(timeline.find("to CliFor, 2 clients"), std::string::npos) << timeline;
    EXPECT_NE(timeline.find("client 2"), std::string::npos) << timeline;
    EXPECT_NE(timeline.find("POST sync"), std::string::npos) << timeline;
    EXPECT_NE(timeline.find(" rows\n"), std::string::npos) << timeline;
}

TEST(RacesChecks, AReplicaBehindForOtherConnectionsFailsRace02AndRace03) {
    const auto r = test::result_under_defect("replica-behind-other-connections", "RACE-02");
    ASSERT_EQ(r.outcome, Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("was answered 200"), std::string::npos) << test::findings_text(r);
    EXPECT_NE(counterexample(r).find("GET CliFor"), std::string::npos) << counterexample(r);
    EXPECT_EQ(test::result_under_defect("replica-behind-other-connections", "RACE-03").outcome, Outcome::Fail);
}

TEST(RacesChecks, AChangeTimeTakenBeforeTheCommitFailsRace04NotRace03) {
    const auto r = test::result_under_defect("change-time-before-commit", "RACE-04");
    ASSERT_EQ(r.outcome, Outcome::Fail) << r.reason;
    EXPECT_NE(test::findings_text(r).find("was never listed"), std::string::npos) << test::findings_text(r);
    EXPECT_NE(counterexample(r).find("GET sync CliFor?LastUtcRun="), std::string::npos) << counterexample(r);
    // No single read breaks 000 §4.3: the record's instant is before the LastUtcRun of every read after its commit.
    EXPECT_EQ(test::result_under_defect("change-time-before-commit", "RACE-03").outcome, Outcome::Pass);
}

TEST(RacesChecks, Race05ObservesWithoutJudging) {
    for (const char* defect : {"none", "check-then-insert"}) {
        const auto r = test::result_under_defect(defect, "RACE-05");
        EXPECT_EQ(r.outcome, Outcome::Pass) << defect << ": " << r.reason;
        ASSERT_FALSE(r.observations.empty()) << defect;
        EXPECT_NE(r.observations.front().text.find("while a block"), std::string::npos) << r.observations.front().text;
    }
}

TEST(RacesChecks, AServerThatServesOneRequestAtATimeIsJudgedAndPasses) {
    // Requests in flight at once from the clients' side, taken one at a time by the server (a database's lock): a
    // sequential order explains everything, so the races are judged and pass.
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    std::mutex one_at_a_time;
    test::BreakingProxy proxy(stub.server->base_url(), {}, {}, {},
                              [&](const httplib::Request&, const std::function<void()>& pass) {
                                  std::lock_guard lock(one_at_a_time);
                                  pass();
                              });
    client::TargetConfig target = stub.target;
    target.base_url = proxy.base_url();
    const auto run = test::run_all(cat, target, {"RACE-01", "RACE-02", "RACE-03", "RACE-04"});
    for (const char* id : {"RACE-01", "RACE-02", "RACE-03", "RACE-04"})
        EXPECT_EQ(test::result_of(run, id).outcome, Outcome::Pass) << id << "\n" << test::describe(run);
}

TEST(RaceTimeline, ClientsMeetOnlyWhenTheirRequestsAreInFlightAtOnce) {
    // What decides whether a history is judged: a history whose clients never met shows nothing of a race.
    suites::Timeline apart;
    apart.add({0, "POST", 0, 5, "200"});
    apart.add({1, "POST", 6, 9, "200"});
    apart.add({0, "GET", 7, 8, "1 row"});  // the same client's requests do not meet each other… but client 2's here
    EXPECT_TRUE(apart.clients_met());
    EXPECT_FALSE(apart.met({0, 1}));
    suites::Timeline one_after_another;
    one_after_another.add({0, "POST", 0, 5, "200"});
    one_after_another.add({1, "POST", 5.5, 9, "200"});
    EXPECT_FALSE(one_after_another.clients_met());
    EXPECT_EQ(one_after_another.label(1), 2u);
    EXPECT_NE(one_after_another.text().find("#2  client 2"), std::string::npos) << one_after_another.text();
}

}  // namespace
}  // namespace bds

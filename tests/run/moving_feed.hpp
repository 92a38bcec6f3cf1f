#pragma once
// Another client of the writer's tenant while a run reads the change feed of CliFor, played by a proxy hook: the feed
// paged by OFFSET/FETCH in the order of Id (the stub's A-11=insertion), older records updated between its pages, as
// on a busy, shared staging server (docs/architecture.md, "A busy, shared staging server").
#include <mutex>
#include <set>
#include <string>

#include "run/suite_fixture.hpp"

namespace bds::test {

/// The old CliFor records of the writer's tenant (customer_ID 1), written before any run: "O00000", "O00001", … (the
/// lowest Ids), and what updates them while the feed is read.
class FeedMover {
public:
    /// The old records a mover may update; each at most once.
    static constexpr int kOld = 3000;
    /// `shift`: also move the feed's rows between its pages (else only fill it before its first page).
    explicit FeedMover(bool shift) : shift_(shift) {}
    /// Writes the kOld old records to `b`'s stub and updates them through it from now on.
    void attach(Broken& b);
    /// The proxy hook: before the first page of PageSize 100 of the feed of CliFor after each LastUtcRun, 99 old
    /// records updated (they enter the feed ahead of the run's records, which then fill more than one page); with
    /// `shift`, before each later page of PageSize 100 one more, so that every later row moves down one place and the
    /// row at the page boundary comes again.
    BreakingProxy::Before hook();
    /// The old records updated so far.
    int updated() const;

private:
    void update(int n);

    bool shift_;
    Broken* broken_ = nullptr;
    mutable std::mutex mutex_;
    std::set<std::string> filled_;  ///< the LastUtcRun values whose feed was filled
    int updated_ = 0;
};

/// The texts of `r`'s observations, a line each.
std::string observed_text(const run::CheckResult& r);

}  // namespace bds::test

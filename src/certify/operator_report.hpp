#pragma once
/// What a connector told its operator besides its exit status: the body of a refused block, kept (000 §7
/// "stops the sender, which records the response body"; A-88), or the TotalRowsCount it read after sending.
/// CON-12 reads an exit 0 as "everything delivered" only as far as the connector's output does not say otherwise.
#include <optional>
#include <string>

#include "certify/scenario_run.hpp"

namespace bds::certify {

/// Whether `text` carries `n` as a number of its own: its digits are not part of a longer number, of a word (a
/// ticket, a hexadecimal id), nor of a time, a date, a decimal or a number with thousands separators ("12:39:01",
/// "2026-05-39", "1.39", "39.5", "1,039" and "a39" do not carry 39; "TotalRowsCount 39", "count=39." and "(39/40)" do).
bool mentions_number(const std::string& text, long long n);

/// The TotalRowsCount the service answered to the connector's last read of GET /api/resources/{its resource} after
/// request `after_seq`; nullopt when it made no such read, or no answer to one carried a count.
std::optional<long long> count_read_after(const ScenarioRun& run, int after_seq);

/// A report of a run that fell short, as the connector gave it: what it said, and the request it is about.
struct OperatorReport {
    std::string what;  ///< "its output keeps the body of …", for the check's observation
    const Received* request = nullptr;
};

/// After a refused block (ScenarioRun::first_refusal): that block's body, kept where CON-14 finds it
/// (ScenarioRun::kept_text), which tells why the sender stopped. nullopt without a refusal, or without the body.
std::optional<OperatorReport> kept_refusal(const ScenarioRun& run);

/// When no block was refused: the TotalRowsCount the connector read after its last accepted block, mentioned in
/// ScenarioRun::kept_text. It tells how many records the service holds, so which are missing; not whether those it
/// holds are as sent. nullopt when it read no count after its blocks, or told it nowhere.
std::optional<OperatorReport> told_count(const ScenarioRun& run);

}  // namespace bds::certify

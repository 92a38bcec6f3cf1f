#pragma once
/// Everything one scenario produced: what the connector was given, what it sent, what it printed and how it
/// ended, and what the stub holds afterwards. The connector checks judge this.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "certify/connector_process.hpp"
#include "certify/recording.hpp"
#include "certify/scenario.hpp"
#include "oracle/compare.hpp"

namespace bds::certify {

struct ScenarioRun {
    Scenario scenario;
    const Catalogue* catalogue = nullptr;
    const Record* record = nullptr;  ///< the resource the connector was told to use
    /// How the stub stores values (its decimal scale, A-16): stored and read records compare by it.
    oracle::CompareOptions compare;
    std::string base_url;
    std::string marker;  ///< the text in a refused block's body the connector must keep

    /// Push: the records handed over with {input} (empty when the command has no {input}).
    bool input_given = false;
    std::vector<nlohmann::json> input;
    /// The resource's records in the stub after the run (push).
    std::vector<nlohmann::json> stored;

    /// Pull: the LastUtcRun handed over with {since}, and the records the feed holds after it (as they were sent).
    std::string since;
    std::vector<nlohmann::json> feed;
    /// Pull with {output}: the records the connector wrote, or why they could not be read.
    bool output_given = false;
    std::vector<nlohmann::json> output;
    std::string output_error;

    Recording recording;
    ProcessResult process;
    /// Whether the connector reports by its exit status (it was started by the harness, and --no-exit-status
    /// was not given).
    bool exit_status_judged = true;
    /// What the connector left where a kept body may be: stdout, stderr, and the files of its working directory.
    std::string kept_text;

    /// "delivery, CliFor": how findings name the run.
    std::string label() const { return scenario.name + ", " + (record ? record->name : std::string("?")); }
    /// The blocks it sent (POST /api/sync/…), in order.
    std::vector<const Received*> blocks() const;
    /// The first block answered with a status other than 200: a refusal the sender must stop at (000 §7). Neither a
    /// 401 (a new token may be taken, A-87) nor a block without a complete answer; nullptr when none.
    const Received* first_refusal() const;
};

}  // namespace bds::certify

#pragma once
/// Finding a run's records by its prefix, when its journal is lost (`conformance clean --prefix P`). A run writes
/// every text key under its prefix (random_prefix in run/runner.cpp, three characters; each check adds two of its own
/// and each property case more: gen::RecordGenOptions::run_prefix, CasePrefixes), so its records are the rows whose
/// text keys start with it. Every page of every resource that can be written is read, without a RecordSelection (a
/// LIKE's form is one a target may refuse: A-114), and filtered here.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "client/api.hpp"
#include "run/journal.hpp"

namespace bds::run {

/// What a scan read and found.
struct PrefixScan {
    std::size_t rows_read = 0;          ///< rows read, every page of every resource scanned
    std::size_t found = 0;              ///< active rows carrying the prefix, added to the journal
    std::size_t already_deleted = 0;    ///< rows carrying the prefix already flagged deleted
    std::vector<std::string> problems;  ///< resources that could not be read whole (their records may remain)
};

/// Whether `row` of `record` carries `prefix`: each text key field long enough to hold it starts with it, and there is
/// at least one (a key of numbers alone carries no prefix: such a record is found only through the journal).
bool carries_prefix(const Record& record, const nlohmann::json& row, const std::string& prefix);

/// A prefix `conformance clean --prefix` accepts: at least three characters (a run's), of a run's alphabet (lower-case
/// letters and digits): never one that would take in others' records wholesale. Why not, or nothing.
std::optional<std::string> unusable_prefix(const std::string& prefix);

/// Reads every page of every writable resource as `role` and adds to `journal` each active row carrying `prefix`, as
/// the run sent it (the tenant and the platform's fields left out: 000 §1, "not supplied by senders"). A page without
/// an answer, or with 5xx or 429, is asked again a few times, pausing on `limits` (the Api's: a stop ends the pauses).
PrefixScan find_prefixed(client::Api& api, client::RunLimits& limits, const Catalogue& catalogue,
                         const std::string& role, const std::string& prefix, Journal& journal);

}  // namespace bds::run

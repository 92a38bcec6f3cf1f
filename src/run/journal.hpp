#pragma once
/// Everything a run wrote, so that its end can logically delete it (docs/architecture.md: "created records are
/// namespaced and cleaned up"). Thread-safe: checks running in parallel share one journal.
#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "run/journal_file.hpp"

namespace bds::run {

/// Records to send again, logically deleted, as `role`.
struct CleanupBlock {
    std::string role;
    std::string resource;
    nlohmann::json records;  ///< an array, each with flg_isdeleted true
    /// Their last write got no answer: the target may still apply it after the cut (its handler goes on), so they are
    /// sent last, deleted even when that write deleted them.
    bool uncertain = false;
};

class Journal {
public:
    explicit Journal(const Catalogue& catalogue) : catalogue_(catalogue) {}

    /// A block the target accepted from `role` (`uncertain`: sent, but no answer came): of the last version of each
    /// key, what deleting it needs.
    void accepted(const std::string& role, const std::string& resource, const nlohmann::json& block,
                  bool uncertain = false);
    /// The records still live after the run, as blocks of at most `max_block`, flagged deleted, the uncertain ones
    /// last; the journal is left empty (they are moved, not copied: the run's end).
    std::vector<CleanupBlock> take_cleanup(std::size_t max_block);
    /// Distinct records written.
    std::size_t size() const;
    /// From now on, each record accepted is also appended to `file` (which must outlive the journal's writes), before
    /// accepted() returns: the list survives a run killed outright.
    void write_to(JournalFile* file);
    /// Every entry of a journal read back (`conformance clean --journal`), as accepted() would have kept them.
    void replay(const std::vector<JournalEntry>& entries);

private:
    const Catalogue& catalogue_;
    mutable std::mutex mutex_;
    struct Written {
        nlohmann::json record;  ///< what deleting the last record sent needs (its key and required fields)
        bool uncertain = false;
    };
    /// (role, resource) → key text → the last record sent
    std::map<std::pair<std::string, std::string>, std::map<std::string, Written>> written_;
    JournalFile* file_ = nullptr;
};

}  // namespace bds::run

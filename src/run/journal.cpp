#include "run/journal.hpp"

#include "oracle/compare.hpp"

namespace bds::run {

using nlohmann::json;

namespace {

/// What deleting a record logically needs: its minimal record and flg_isdeleted. A run writes thousands of records,
/// and keeping each whole until the end was most of its memory.
json deletion_record(const Record& record, const json& sent) {
    json out = oracle::minimal_record(record, sent);
    if (const auto it = sent.find("flg_isdeleted"); it != sent.end()) out["flg_isdeleted"] = *it;
    return out;
}

}  // namespace

void Journal::accepted(const std::string& role, const std::string& resource, const json& block, bool uncertain) {
    const Record* record = catalogue_.find(resource);
    if (!record || !block.is_array()) return;
    std::lock_guard lock(mutex_);
    auto& rows = written_[{role, resource}];
    std::vector<json> kept;
    for (const auto& r : block) {
        if (!r.is_object()) continue;
        // Case kept (trailing spaces aside): on a case-insensitive server two spellings are one record and
        // deleting it twice is harmless; merging them here could leave one undeleted on a case-sensitive one.
        const std::string key = oracle::index_key(*record, r, Collation::CaseSensitive);
        auto& w = rows[key] = {deletion_record(*record, r), uncertain};
        if (file_) kept.push_back(w.record);
    }
    if (file_ && !kept.empty()) file_->append(role, resource, kept, uncertain);
}

void Journal::write_to(JournalFile* file) {
    std::lock_guard lock(mutex_);
    file_ = file;
}

void Journal::replay(const std::vector<JournalEntry>& entries) {
    for (const auto& e : entries) accepted(e.role, e.resource, json::array({e.record}), e.uncertain);
}

std::vector<CleanupBlock> Journal::take_cleanup(std::size_t max_block) {
    std::lock_guard lock(mutex_);
    std::vector<CleanupBlock> out;
    for (const bool uncertain : {false, true})
        for (auto& [where, rows] : written_) {
            CleanupBlock block{where.first, where.second, json::array(), uncertain};
            for (auto& [key, w] : rows) {
                if (w.uncertain != uncertain || (!uncertain && w.record.value("flg_isdeleted", false) == true))
                    continue;
                w.record["flg_isdeleted"] = true;
                block.records.push_back(std::move(w.record));
                if (block.records.size() >= max_block) {
                    out.push_back(std::move(block));
                    block = CleanupBlock{where.first, where.second, json::array(), uncertain};
                }
            }
            if (!block.records.empty()) out.push_back(std::move(block));
        }
    written_.clear();
    return out;
}

std::size_t Journal::size() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [where, rows] : written_) n += rows.size();
    return n;
}

}  // namespace bds::run

// The oracle held to real engines: each storage's answer against the oracle's MUST answer on the rows it read back.
#include "selection/engine_judge.hpp"
#include "selection/sqlite_oracle.hpp"

#include <map>
#include <stdexcept>

namespace bds::testing {
namespace {

using nlohmann::json;
using oracle::Membership;

const char* membership_text(Membership m) {
    switch (m) {
        case Membership::Selected: return "selected under every reading";
        case Membership::NotSelected: return "selected under no reading";
        case Membership::Depends: return "depends on the reading";
    }
    return "?";
}

std::string collation_text(std::optional<Collation> collation) {
    if (!collation) return "undeclared";
    return *collation == Collation::CaseSensitive ? "case-sensitive" : "case-insensitive";
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

Judgement judge(const Selection& selection, const std::vector<StorageAnswer>& answers,
                const std::vector<Reading>& readings) {
    Judgement out;
    // Storages often read back the same row (as sent, or padded alike): the oracle evaluates each once.
    std::map<std::string, Membership> known;
    for (const StorageAnswer& a : answers)
        for (std::size_t i = 0; i < a.rows.size(); ++i) {
            const auto [it, fresh] = known.try_emplace(a.rows[i].dump(), Membership::Depends);
            if (fresh) it->second = oracle::membership(selection, a.rows[i], readings);
            const Membership m = it->second;
            const bool engine = a.selected.count(i) > 0;
            ++out.pairs;
            if (m == Membership::Depends) continue;
            ++out.decided;
            if ((m == Membership::Selected) != engine) out.disagreements.push_back({a.storage, i, m, engine});
        }
    return out;
}

std::vector<Storage> storages_for(std::optional<Collation> collation) {
    std::vector<Storage> out;
    for (Storage s : all_storages())
        if (!collation || storage_collation(s) == *collation) out.push_back(s);
    return out;
}

StoredRows::StoredRows(const Record& record, const std::vector<json>& rows, const std::vector<Storage>& storages,
                       const EngineConnections& connections) {
    for (Storage s : storages) {
        tables_.push_back(store(s, record, rows, connections));
        read_back_.push_back({s, tables_.back()->read_back(), {}});
        if (read_back_.back().rows.size() != rows.size())
            throw std::runtime_error(storage_name(s) + " read back " + std::to_string(read_back_.back().rows.size()) +
                                     " rows of " + std::to_string(rows.size()));
    }
}

std::vector<StorageAnswer> StoredRows::ask(const std::string& where) const {
    std::vector<StorageAnswer> out = read_back_;
    for (std::size_t k = 0; k < tables_.size(); ++k) {
        try {
            out[k].selected = tables_[k]->select(where);
        } catch (const std::exception& e) {
            throw std::runtime_error(storage_name(out[k].storage) +
                                     " refused a condition the oracle judges: " + e.what());
        }
    }
    return out;
}

json regression_case(const std::string& why, std::optional<Collation> collation, const std::vector<json>& rows,
                     const std::string& condition, const std::vector<StorageAnswer>& answers) {
    json out = {{"why", why},
                {"collation", collation_text(collation)},
                {"rows", rows},
                {"condition", condition},
                {"answers", json::object()}};
    for (const StorageAnswer& a : answers) out["answers"][storage_name(a.storage)] = a.selected;
    return out;
}

std::optional<Collation> case_collation(const json& regression_case) {
    const std::string c = regression_case.at("collation").get<std::string>();
    if (c == "undeclared") return std::nullopt;
    if (c == "case-sensitive") return Collation::CaseSensitive;
    if (c == "case-insensitive") return Collation::CaseInsensitive;
    throw std::invalid_argument("engine regression case: unknown collation " + c);
}

std::string describe(const std::string& condition, std::optional<Collation> collation, const std::vector<json>& rows,
                     const std::vector<StorageAnswer>& answers, const Judgement& judgement) {
    std::string out = "condition (" + collation_text(collation) + " collation): " + condition + "\nrows as sent:\n";
    for (std::size_t i = 0; i < rows.size(); ++i) out += "  " + std::to_string(i) + ": " + dump(rows[i]) + "\n";
    for (const StorageAnswer& a : answers) {
        out += storage_name(a.storage) + " selected " + ids(a.selected) + " of its rows read back:\n";
        for (std::size_t i = 0; i < a.rows.size(); ++i) out += "  " + std::to_string(i) + ": " + dump(a.rows[i]) + "\n";
    }
    for (const Disagreement& d : judgement.disagreements)
        out += "DISAGREEMENT: " + storage_name(d.storage) + ", row " + std::to_string(d.row) + ": the oracle says " +
               membership_text(d.oracle) + ", the engine " + (d.engine_selected ? "selected it" : "did not select it") +
               "\n";
    out += "regression case: " + dump(regression_case("<why>", collation, rows, condition, answers)) + "\n";
    return out;
}

}  // namespace bds::testing

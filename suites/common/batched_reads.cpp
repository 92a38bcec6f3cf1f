#include "suites/common/batched_reads.hpp"

#include <algorithm>
#include <map>

#include "run/at_once.hpp"
#include "sql/text.hpp"

namespace bds::suites {
namespace {

/// Whether `row`'s value may be what `=` selected for `wanted`: texts equal with trailing blanks dropped and case
/// folded (what a case-insensitive or padded comparison matches), other values equal.
bool may_equal(const json& wanted, const json& got) {
    if (wanted.is_string() && got.is_string()) {
        const auto a = sql::utf8_to_u32(wanted.get<std::string>()), b = sql::utf8_to_u32(got.get<std::string>());
        if (a && b) return sql::equality_key(*a, true) == sql::equality_key(*b, true);
    }
    if (wanted.is_number() && got.is_number()) return wanted.get<double>() == got.get<double>();
    return wanted == got;
}

}  // namespace

std::size_t BatchedReads::add(const std::string& view, const json& values, std::vector<std::string> fields,
                              std::size_t per_selection) {
    asked_.push_back({view, values, std::move(fields), std::max<std::size_t>(per_selection, 1)});
    rows_.emplace_back();
    return asked_.size() - 1;
}

void BatchedReads::fetch(Context& ctx, const std::string& role) {
    std::map<std::pair<std::string, std::vector<std::string>>, std::vector<std::size_t>> groups;
    for (std::size_t id = 0; id < asked_.size(); ++id) groups[{asked_[id].view, asked_[id].fields}].push_back(id);
    const auto page = static_cast<std::size_t>(std::min<long long>(std::max<long long>(page_size(ctx), 1), 100));
    std::vector<std::vector<std::size_t>> reads;  // the selections of each read
    for (const auto& [group, ids] : groups) {
        reads.emplace_back();
        std::size_t rows = 0, length = 0;
        for (std::size_t id : ids) {
            const std::size_t more =
                equals_selection(record_of(ctx, group.first), asked_[id].values, group.second).size() + 8;
            if (!reads.back().empty() && (rows + asked_[id].per_selection > page || length + more > kMaxOwnSelection ||
                                          reads.back().size() >= kMostOwnSelections)) {
                reads.emplace_back();
                rows = length = 0;
            }
            reads.back().push_back(id);
            rows += asked_[id].per_selection;
            length += more;
        }
    }
    // Each read fills the rows of its own selections: they go at once (run/at_once.hpp).
    at_once(ctx, reads.size(), [&](std::size_t i, Context& lane) { fetch_some(lane, role, reads[i]); });
}

void BatchedReads::fetch_some(Context& ctx, const std::string& role, const std::vector<std::size_t>& ids) {
    const Asked& first = asked_[ids.front()];
    const Record& view = record_of(ctx, first.view);
    std::string selection;
    for (std::size_t id : ids) {
        const std::string one = equals_selection(view, asked_[id].values, asked_[id].fields);
        selection += ids.size() == 1 ? one : (selection.empty() ? "" : " or ") + ("(" + one + ")");
    }
    const Rows read = read_rows(ctx, role, first.view, selection);
    for (std::size_t id : ids) {
        Rows& mine = rows_[id];
        mine.exchange = read.exchange;
        for (std::size_t j = 0; j < read.rows.size(); ++j) {
            const bool selected =
                std::all_of(asked_[id].fields.begin(), asked_[id].fields.end(), [&](const std::string& f) {
                    return !asked_[id].values.contains(f) || may_equal(asked_[id].values[f], value_of(read.rows[j], f));
                });
            if (selected) {
                mine.rows.push_back(read.rows[j]);
                mine.positions.push_back(j);
            }
        }
    }
}

}  // namespace bds::suites

#include "stub/text_index.hpp"

#include <algorithm>

#include "stub/store.hpp"

namespace bds::stub {

namespace {
bool by_key(const KeyedRow* a, const KeyedRow* b) { return a->first < b->first; }
}  // namespace

void TextIndexes::note(Index& index, const std::string& field, const KeyedRow& row, const sql::TextRules& keys,
                       bool add) {
    const auto it = row.second.record.find(field);
    if (it == row.second.record.end() || !it->is_string()) return;  // absent, null or no text: no `= 'text'` selects it
    const std::string value = text_key(it->get_ref<const std::string&>(), keys);
    if (add) {
        auto& rows = index[value];
        if (rows.empty() || by_key(rows.back(), &row))
            rows.push_back(&row);  // a build visits the rows in key order
        else if (const auto at = std::lower_bound(rows.begin(), rows.end(), &row, by_key);
                 at == rows.end() || *at != &row)
            rows.insert(at, &row);
    } else if (const auto found = index.find(value); found != index.end()) {
        auto& rows = found->second;
        if (const auto at = std::lower_bound(rows.begin(), rows.end(), &row, by_key); at != rows.end() && *at == &row)
            rows.erase(at);
        if (rows.empty()) index.erase(found);
    }
}

std::vector<const KeyedRow*> TextIndexes::find(const std::map<std::string, Row>& rows, const std::string& field,
                                               const std::string& key, const sql::TextRules& keys) const {
    std::lock_guard lock(by_field_.mutex());
    auto [index, made] = by_field_->try_emplace(field);
    if (made)
        for (const KeyedRow& row : rows) note(index->second, field, row, keys, true);
    const auto found = index->second.find(key);
    return found == index->second.end() ? std::vector<const KeyedRow*>{} : found->second;
}

void TextIndexes::add(const KeyedRow& row, const sql::TextRules& keys) {
    for (auto& [field, index] : *by_field_) note(index, field, row, keys, true);
}

void TextIndexes::remove(const KeyedRow& row, const sql::TextRules& keys) {
    for (auto& [field, index] : *by_field_) note(index, field, row, keys, false);
}

}  // namespace bds::stub

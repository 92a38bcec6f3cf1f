#pragma once
/// Rows of one table by the text a field holds, as a selection's `field = 'text'` compares it (text_key): built for a
/// field by the first read that pins it, then kept in step by every write to the table.
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "sql/text_rules.hpp"
#include "stub/keyed_row.hpp"

namespace bds::stub {

class TextIndexes {
public:
    /// The rows of `rows` (in key order) whose `field` holds a text whose text_key is `key`. Safe for readers that
    /// share the store's read lock.
    std::vector<const KeyedRow*> find(const std::map<std::string, Row>& rows, const std::string& field,
                                      const std::string& key, const sql::TextRules& keys) const;
    /// Notes a row stored (`add`) or about to be replaced or removed (`remove`), under the store's write lock.
    void add(const KeyedRow& row, const sql::TextRules& keys);
    void remove(const KeyedRow& row, const sql::TextRules& keys);

private:
    /// text_key of a value -> the rows holding it, in key order (a sorted vector: built in key order, read whole).
    using Index = std::unordered_map<std::string, std::vector<const KeyedRow*>>;
    static void note(Index& index, const std::string& field, const KeyedRow& row, const sql::TextRules& keys, bool add);

    Rebuilt<std::map<std::string, Index>> by_field_;
};

}  // namespace bds::stub

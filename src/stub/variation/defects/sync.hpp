#pragma once
/// The defects of POST sync and the lines it sends (000 §4.4, 000 §2.1-2.2): each a Policy (policy.hpp) that
/// answers otherwise where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <algorithm>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "stub/store.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

using json = nlohmann::json;

/// A record with an existing key is inserted again, under a key of its own.
struct UpsertDuplicates : Policy {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (old) edit.key += "\x1f#" + record.at("ts_update").dump();  // always insert
    }
};

/// No transaction: the records before the refused one are stored.
struct BlockPartlyStored : Policy {
    std::vector<json> stored_of_refused_block(std::size_t first_refused, std::size_t size,
                                              const std::function<json(std::size_t)>& normalized) const override {
        std::vector<json> stored;
        for (std::size_t i = 0; i < first_refused && i < size; ++i) stored.push_back(normalized(i));
        return stored;
    }
};

/// An accepted block is answered 201.
struct PostSync201 : Policy {
    void sync_status(int& status) const override { status = 201; }
};

/// Every non-ASCII character of every text becomes '?', as a non-Unicode column would.
inline void mangle_non_ascii(json& v) {
    if (v.is_string()) {
        std::string out;
        for (const char c : v.get_ref<const std::string&>()) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x80)
                out += c;
            else if ((u & 0xC0) != 0x80)
                out += '?';  // a lead byte: one character; continuation bytes dropped
        }
        v = std::move(out);
    } else if (v.is_structured()) {
        for (auto& item : v) mangle_non_ascii(item);
    }
}

/// Text stored in non-Unicode columns.
struct NonAsciiMangled : Policy {
    void before_store(const Record&, const json&, json& normalized) const override { mangle_non_ascii(normalized); }
};

/// Id answered as a JSON string.
struct IdAsString : Policy {
    void present(json& row) const override {
        if (row.contains("Id") && row.at("Id").is_number()) row["Id"] = row.at("Id").dump();
    }
};

/// An update keeps the stored ts_update.
struct TsUpdateFrozen : Policy {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old) record["ts_update"] = old->record.at("ts_update");
    }
};

/// A body that is one object is taken as a block of that one record.
struct ObjectBodyAccepted : Policy {
    json block_sent(json body) const override { return body.is_object() ? json::array({std::move(body)}) : body; }
};

/// At most 100 records a block.
struct BlockCap100 : Policy {
    std::size_t max_block_records(std::size_t chosen) const override { return std::min<std::size_t>(chosen, 100); }
};

/// Only the header of a document is stored.
struct LinesDropped : Policy {
    void before_store(const Record&, const json&, json& normalized) const override {
        normalized.erase("StoricoDocumentiR");
    }
};

/// A line keeps only what was sent: the header's key is not copied into it.
struct LinesKeyNotRepeated : Policy {
    void before_store(const Record&, const json& sent, json& normalized) const override {
        if (!normalized.contains("StoricoDocumentiR") || !sent.contains("StoricoDocumentiR")) return;
        auto& lines = normalized.at("StoricoDocumentiR");
        const json& sent_lines = sent.at("StoricoDocumentiR");
        for (std::size_t j = 0; j < lines.size() && j < sent_lines.size(); ++j)
            if (!sent_lines[j].contains("key_documento") || sent_lines[j].at("key_documento").is_null())
                lines[j].erase("key_documento");
    }
};

/// A re-sent document's lines are added to the stored ones.
struct LinesAppendedOnUpdate : Policy {
    static constexpr std::size_t kMaxAppendedLines = 200;
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (!old || !old->record.contains("StoricoDocumentiR") || !record.contains("StoricoDocumentiR")) return;
        json lines = old->record.at("StoricoDocumentiR");  // the new lines are added to the old ones
        // Up to a point: a property's hundreds of shrinking tries re-send one document, and unbounded growth made
        // the stub's answers exceed the harness's body limit and its memory (the first re-send shows the defect).
        if (lines.size() + record.at("StoricoDocumentiR").size() > kMaxAppendedLines) return;
        for (auto& line : record.at("StoricoDocumentiR")) lines.push_back(line);
        record["StoricoDocumentiR"] = std::move(lines);
    }
};

/// A record's members as stored, null ones aside (rows are stored sparse), without the `left_out` ones.
inline json stored_members(const json& record, std::initializer_list<const char*> left_out) {
    json out = json::object();
    for (const auto& [name, value] : record.items())
        if (!value.is_null() &&
            std::none_of(left_out.begin(), left_out.end(), [&](const char* n) { return name == n; }))
            out[name] = value;
    return out;
}

/// A document's header as an ORM's dirty check sees it: its own columns, neither its lines nor what the platform sets.
inline json header_columns(const json& document) {
    return stored_members(document, {"StoricoDocumentiR", "ts_update", "dat_ultvar", "Id", "customer_ID"});
}

/// A document's lines, null members aside.
inline json line_columns(const json& document) {
    json out = json::array();
    for (const auto& line : document.value("StoricoDocumentiR", json::array()))
        out.push_back(line.is_object() ? stored_members(line, {}) : line);
    return out;
}

/// Whether `old` and `record` are the same document header (the lines aside).
inline bool same_header(const Row* old, const json& record) {
    return old && record.contains("StoricoDocumentiR") && header_columns(old->record) == header_columns(record);
}

/// A re-sent document whose header is unchanged keeps its ts_update and dat_ultvar: the dirty check sees only the
/// header's columns, so a change of the lines alone is no change (the lines are still replaced).
struct LinesChangeNotAChange : Policy {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (!same_header(old, record)) return;
        record["ts_update"] = old->record.at("ts_update");
        record["dat_ultvar"] = old->record.at("dat_ultvar");
        edit.changed = old->changed;
    }
};

/// A document re-sent the same gets its lines again beside the stored ones: the old lines are deleted only when the
/// header's UPDATE touched a row, while the lines' INSERT always runs.
struct LinesDoubledOnIdenticalResend : Policy {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (!same_header(old, record) || line_columns(old->record) != line_columns(record)) return;
        json lines = old->record.at("StoricoDocumentiR");
        // Bounded as LinesAppendedOnUpdate's: the first identical re-send shows the defect.
        if (lines.size() + record.at("StoricoDocumentiR").size() > LinesAppendedOnUpdate::kMaxAppendedLines) return;
        for (auto& line : record.at("StoricoDocumentiR")) lines.push_back(line);
        record["StoricoDocumentiR"] = std::move(lines);
    }
};

}  // namespace bds::stub::defect_policies

#include "stub/normalize.hpp"

#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"
#include "stub/views.hpp"
#include "stub/store.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

json normalize_value(const Field& f, const json& v, const SqlProfile& profile) {
    if (v.is_null()) return v;
    const SqlType& t = f.type;
    if (t.is_fixed_text() && t.length) return sql::pad_utf16(v.get<std::string>(), static_cast<std::size_t>(*t.length));
    if (t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2) {
        const auto parsed = sql::parse_datetime(v.get<std::string>(), t.kind, sql::TimeSource::Record);
        return sql::format_datetime(*parsed.ticks, t.kind);  // validated before: it parses
    }
    if (t.kind == SqlKind::Decimal) {
        const auto d = sql::Decimal::parse(v.dump(), true);
        return json::parse(d->round(profile.decimal_scale).str());
    }
    return v;
}

/// Nested records keep only non-null fields: rows are stored sparse and completed with nulls when answered,
/// which keeps a 191-field record of a few values small. A record's own nulls stay until the store has decided
/// what a field not sent means.
json normalize_object(const Record& record, const json& sent, const SqlProfile& profile, bool keep_nulls = false) {
    json out = json::object();
    for (const auto& [name, v] : sent.items()) {
        if (v.is_null()) {
            if (keep_nulls) out[name] = nullptr;
            continue;
        }
        const Field* f = record.field(name);
        out[name] = f && f->type.kind != SqlKind::List ? normalize_value(*f, v, profile)
                                                       : v;  // open records keep unknown fields
    }
    return out;
}

}  // namespace

json normalize_for_store(const Catalogue& cat, const Record& record, const json& sent, int tenant,
                         const SqlProfile& profile, const sql::TextRules& keys) {
    json out = normalize_object(record, sent, profile, true);
    out["customer_ID"] = tenant;
    for (const auto& f : record.fields) {
        if (f.type.kind != SqlKind::List || !sent.contains(f.name) || sent.at(f.name).is_null()) continue;
        const Record& item = *cat.find(f.list_of);
        const json& items = sent.at(f.name);
        if (f.list_of == "StoricoDocumentiR" && items.size() > kMaxLinesPerDocument)
            throw NormalizeError{"/" + f.name, "a document carries at most " + std::to_string(kMaxLinesPerDocument) +
                                                   " lines, got " + std::to_string(items.size())};
        json list = json::array();
        for (std::size_t i = 0; i < items.size(); ++i) {
            json line = normalize_object(item, items[i], profile);
            if (item.field("key_documento") && record.field("key_documento")) {
                // Each line repeats the key_documento of its header (000 §2.1).
                const json& header_key = out.at("key_documento");
                if (!line.contains("key_documento") || line.at("key_documento").is_null()) {
                    line["key_documento"] = header_key;
                } else if (canonical_key(record, {{"key_documento", line.at("key_documento")}}, keys) !=
                           canonical_key(record, {{"key_documento", header_key}}, keys)) {
                    throw NormalizeError{"/" + f.name + "/" + std::to_string(i) + "/key_documento",
                                         "a line repeats its header's key_documento " + header_key.dump() + ", got " +
                                             line.at("key_documento").dump()};
                }
            }
            if (item.field("customer_ID")) line["customer_ID"] = tenant;
            list.push_back(std::move(line));
        }
        out[f.name] = std::move(list);
    }
    return out;
}

void keep_exact_decimals(const Catalogue& catalogue, const Record& record, json& normalized, const NumberTexts& texts,
                         const std::string& at, int scale) {
    if (texts.empty() || !normalized.is_object()) return;
    for (const auto& f : record.fields) {
        const auto it = normalized.find(f.name);
        if (it == normalized.end() || it->is_null()) continue;
        // Field names are identifiers: no "~" or "/" to escape in a pointer.
        const std::string here = at + "/" + f.name;
        if (f.type.kind == SqlKind::Decimal) {
            const auto text = texts.find(here);
            if (text == texts.end()) continue;
            const auto d = sql::Decimal::parse(text->second, true);
            if (!d || d->round(scale) != *d) continue;
            const json number = json::parse(d->str());
            *it = sql::Decimal::parse(number.dump(), true) == d ? number : json(d->str());
        } else if (f.type.kind == SqlKind::List && it->is_array()) {
            if (const Record* item = catalogue.find(f.list_of))
                for (std::size_t i = 0; i < it->size(); ++i)
                    keep_exact_decimals(catalogue, *item, (*it)[i], texts, here + "/" + std::to_string(i), scale);
        }
    }
}

}  // namespace bds::stub

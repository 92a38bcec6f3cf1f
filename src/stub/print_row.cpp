#include "stub/print_row.hpp"

#include "sql/decimal.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

std::string dumped(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

/// Whether `value` of `f` is a decimal kept as its exact text.
bool exact_decimal(const Field& f, const json& value) {
    return f.type.kind == SqlKind::Decimal && value.is_string() &&
           sql::Decimal::parse(value.get_ref<const std::string&>(), true).has_value();
}

/// Whether `row` (of `record`, lines nested) holds a decimal kept as its exact text.
bool holds_exact(const Catalogue& catalogue, const Record& record, const json& row) {
    if (!row.is_object()) return false;
    for (const auto& f : record.fields) {
        if (f.type.kind != SqlKind::Decimal && f.type.kind != SqlKind::List) continue;  // most fields: no lookup
        const auto it = row.find(f.name);
        if (it == row.end()) continue;
        if (exact_decimal(f, *it)) return true;
        if (f.type.kind == SqlKind::List && it->is_array())
            if (const Record* item = catalogue.find(f.list_of))
                for (const auto& line : *it)
                    if (holds_exact(catalogue, *item, line)) return true;
    }
    return false;
}

/// Appends `row` as dump() prints it (members in its order, no spaces), its exact decimals as numbers.
void print(const Catalogue& catalogue, const Record& record, const json& row, std::string& out) {
    if (!row.is_object()) {
        out += dumped(row);
        return;
    }
    out += '{';
    bool first = true;
    for (auto it = row.begin(); it != row.end(); ++it) {
        if (!first) out += ',';
        first = false;
        out += dumped(json(it.key()));
        out += ':';
        const Field* f = record.field(it.key());
        const Record* item = f && f->type.kind == SqlKind::List ? catalogue.find(f->list_of) : nullptr;
        if (f && exact_decimal(*f, *it)) {
            out += it->get_ref<const std::string&>();
        } else if (item && it->is_array()) {
            out += '[';
            for (std::size_t i = 0; i < it->size(); ++i) {
                if (i) out += ',';
                print(catalogue, *item, (*it)[i], out);
            }
            out += ']';
        } else {
            out += dumped(*it);
        }
    }
    out += '}';
}

}  // namespace

std::string print_row(const Catalogue& catalogue, const Record& record, const json& row, bool decimal_numbers) {
    if (!decimal_numbers || !holds_exact(catalogue, record, row)) return dumped(row);
    std::string out;
    print(catalogue, record, row, out);
    return out;
}

}  // namespace bds::stub

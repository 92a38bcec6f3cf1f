// The stub's readers of the POST query body, one per shape it can be set to.
#include "stub/variation/query_body.hpp"

#include <array>
#include <cctype>

#include "common/text.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;

[[noreturn]] void refuse(std::string message) { throw BadRequest{"invalid_query", std::move(message)}; }

/// A field of `record` rows can be ordered by (a nested list cannot), named by `name` in member `member`.
std::string orderable(const Record& record, const json& name, std::string_view member) {
    const Field* f = name.is_string() ? record.field(name.get<std::string>()) : nullptr;
    if (f && f->type.kind != SqlKind::List) return f->name;
    std::string message(member);
    message.append(": unknown field ").append(name.dump());
    refuse(std::move(message));
}

/// Whether `value` says descending: only a boolean true does (as the nested and flat shapes read "desc").
bool descending(const json& value) { return value.is_boolean() && value.get<bool>(); }

/// One shape: the names of its members and how it reads the order.
struct Shape {
    const char* selection;
    const char* page_size;
    const char* page_number;
    const char* order;
    const char* expected;  ///< what a body that is no object is told
    /// The order from the body's `order` member (present, not null).
    std::vector<OrderBy> (*read_order)(const json& body, const json& order, const Record& record);
};

std::vector<OrderBy> nested_order(const json&, const json& order, const Record& record) {
    if (!order.is_array()) refuse("OrderBy must be an array of {\"field\", \"desc\"}");
    std::vector<OrderBy> out;
    for (const auto& o : order) {
        if (!o.is_object() || !o.contains("field"))
            refuse("each OrderBy entry must be {\"field\": name, \"desc\": bool}");
        out.push_back({orderable(record, o.at("field"), "OrderBy"), descending(o.value("desc", json(false)))});
    }
    return out;
}

std::vector<OrderBy> flat_order(const json& body, const json& order, const Record& record) {
    return {{orderable(record, order, "orderBy"), descending(body.value("descending", json(false)))}};
}

std::vector<OrderBy> sql_order(const json&, const json& order, const Record& record) {
    if (!order.is_string()) refuse("OrderBy must be a SQL ORDER BY text: \"field [ASC|DESC]\", joined by commas");
    return order_by_text(order.get_ref<const std::string&>(), record);
}

// In the order of Choices::QueryBody's values.
constexpr std::array<Shape, 3> kShapes = {{
    {"RecordSelection", "PageSize", "PageNumber", "OrderBy",
     "{\"RecordSelection\", \"OrderBy\", \"PageSize\", \"PageNumber\"}", nested_order},
    {"filter", "pageSize", "page", "orderBy", "{\"filter\", \"orderBy\", \"descending\", \"pageSize\", \"page\"}",
     flat_order},
    {"RecordSelection", "PageSize", "PageNumber", "OrderBy",
     "{\"RecordSelection\", \"OrderBy\": \"field [ASC|DESC], …\", \"PageSize\", \"PageNumber\"}", sql_order},
}};

/// A member as text: a string, or a whole number's digits; absent when missing or null.
std::optional<std::string> text_of(const json& body, const char* name) {
    if (!body.contains(name) || body.at(name).is_null()) return std::nullopt;
    const auto& v = body.at(name);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return v.dump();
    refuse(std::string(name) + " must be a string or a whole number");
}

/// The field a SQL ORDER BY item names: [bracketed] or bare, matched as RecordSelection matches names (an exact
/// match first, else the one field equal without case); "" when none or two.
std::string sql_name(const Record& record, std::string_view word) {
    if (word.size() > 2 && word.front() == '[' && word.back() == ']') word = word.substr(1, word.size() - 2);
    if (const Field* f = record.field(word)) return f->name;
    std::string found;
    for (const auto& f : record.fields)
        if (iequals(f.name, word)) {
            if (!found.empty()) return "";
            found = f.name;
        }
    return found;
}

/// `text` cut into words at white space.
std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

}  // namespace

QueryRequest read_query_body(Choices::QueryBody shape, const json& body, const Record& record) {
    const Shape& s = kShapes.at(static_cast<std::size_t>(shape));
    if (!body.is_object()) refuse(std::string("expected a JSON object ") + s.expected);
    QueryRequest out{text_of(body, s.selection), text_of(body, s.page_size), text_of(body, s.page_number), {}};
    if (body.contains(s.order) && !body.at(s.order).is_null())
        out.order_by = s.read_order(body, body.at(s.order), record);
    return out;
}

std::vector<OrderBy> order_by_text(std::string_view text, const Record& record) {
    std::vector<OrderBy> out;
    for (std::size_t from = 0;;) {
        const auto comma = text.find(',', from);
        const std::string_view item =
            text.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
        const auto w = words(item);
        if (w.empty() || w.size() > 2 || (w.size() == 2 && !iequals(w[1], "ASC") && !iequals(w[1], "DESC")))
            refuse("OrderBy: expected \"field [ASC|DESC]\", joined by commas; got \"" +
                   std::string(item.substr(0, utf8_cut(item, 100))) + "\"");
        const std::string name = sql_name(record, w[0]);
        out.push_back({orderable(record, json(name.empty() ? std::string(w[0]) : name), "OrderBy"),
                       w.size() == 2 && iequals(w[1], "DESC")});
        if (comma == std::string_view::npos) return out;
        from = comma + 1;
    }
}

}  // namespace bds::stub

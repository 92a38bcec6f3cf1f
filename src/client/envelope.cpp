#include "client/envelope.hpp"
#include "schema/json_limits.hpp"

namespace bds::client {
namespace {

using nlohmann::json;

std::optional<long long> count_of(const json& v) {
    if (v.is_number_unsigned() || (v.is_number_integer() && v.get<long long>() >= 0)) return v.get<long long>();
    // A count sent as a string is tolerated: the seeds do not show its JSON type.
    if (v.is_string() && !v.get<std::string>().empty() && v.get<std::string>().size() < 19 &&
        v.get<std::string>().find_first_not_of("0123456789") == std::string::npos)
        return std::stoll(v.get<std::string>());
    return std::nullopt;
}

std::variant<ListPage, std::string> as_object(const json& doc) {
    if (!doc.is_object())
        return std::string("expected a JSON object with TotalRowsCount and an array of rows, found ") + doc.type_name();
    if (!doc.contains("TotalRowsCount"))
        return std::string("expected a TotalRowsCount member in the object, found none");
    ListPage page;
    page.envelope = Envelope::Object;
    page.total = count_of(doc["TotalRowsCount"]);
    page.total_type = doc["TotalRowsCount"].type_name();
    if (!page.total) return "/TotalRowsCount: expected a non-negative integer, found " + doc["TotalRowsCount"].dump();
    int arrays = 0;
    for (const auto& [name, value] : doc.items())
        if (value.is_array()) {
            ++arrays;
            page.rows_member = name;
            page.rows.assign(value.begin(), value.end());
        }
    if (arrays != 1) return "expected exactly one array of rows beside TotalRowsCount, found " + std::to_string(arrays);
    return page;
}

std::variant<ListPage, std::string> as_header(const HttpResponse& r, const json& doc) {
    if (!doc.is_array())
        return std::string("expected a JSON array (TotalRowsCount in a header), found ") + doc.type_name();
    const auto header = r.header("TotalRowsCount");
    if (!header) return std::string("expected a TotalRowsCount response header with the bare array, found none");
    ListPage page;
    page.envelope = Envelope::Header;
    page.total = count_of(json(*header));
    if (!page.total) return "TotalRowsCount header: expected a non-negative integer, found \"" + *header + "\"";
    page.rows.assign(doc.begin(), doc.end());
    return page;
}

std::variant<ListPage, std::string> as_row_field(const json& doc) {
    if (!doc.is_array())
        return std::string("expected a JSON array whose rows carry TotalRowsCount, found ") + doc.type_name();
    ListPage page;
    page.envelope = Envelope::RowField;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const json& row = doc[i];
        if (!row.is_object() || !row.contains("TotalRowsCount"))
            return "/" + std::to_string(i) + ": expected a row object carrying TotalRowsCount";
        const auto total = count_of(row["TotalRowsCount"]);
        if (!total)
            return "/" + std::to_string(i) + "/TotalRowsCount: expected a non-negative integer, found " +
                   row["TotalRowsCount"].dump();
        if (page.total && *page.total != *total)
            return "/" + std::to_string(i) + "/TotalRowsCount: " + std::to_string(*total) +
                   " differs from the first row's " + std::to_string(*page.total);
        page.total = total;
        page.total_type = row["TotalRowsCount"].type_name();
        json clean = row;
        clean.erase("TotalRowsCount");
        page.rows.push_back(std::move(clean));
    }
    return page;
}

}  // namespace

std::string to_string(std::optional<Envelope> setting) {
    return setting ? std::string(bds::to_string(*setting)) : kAutoEnvelope;
}

std::variant<ListPage, std::string> read_list(const HttpResponse& r, std::optional<Envelope> setting) {
    const json doc = parse_bounded(r.body);
    if (doc.is_discarded() && json_depth(r.body, kMaxJsonDepth) > kMaxJsonDepth)
        return std::string("expected a list of records, found JSON nested deeper than " +
                           std::to_string(kMaxJsonDepth) + " levels (the harness reads no deeper)");
    if (doc.is_discarded()) return std::string("expected a JSON body, found text that does not parse as JSON");
    if (setting) switch (*setting) {
            case Envelope::Object: return as_object(doc);
            case Envelope::Header: return as_header(r, doc);
            case Envelope::RowField: return as_row_field(doc);
        }
    if (doc.is_object()) return as_object(doc);
    if (!doc.is_array())
        return std::string("expected an object with TotalRowsCount or an array of rows, found ") + doc.type_name();
    if (r.header("TotalRowsCount")) return as_header(r, doc);
    return as_row_field(doc);  // an empty array without the header is an empty page of the row envelope
}

}  // namespace bds::client

#include "suites/server/limit_bounds.hpp"

#include <algorithm>

#include "suites/common/support.hpp"

namespace bds::suites::limits {

std::string page_text(long long size, long long number) {
    return "PageSize=" + std::to_string(size) + "&PageNumber=" + std::to_string(number);
}

namespace {

/// `digits` digits with a point before the last `scale`: "1234.56"; "0.0012" when the scale is the wider.
std::string with_scale(const std::string& digits, int scale) {
    const int whole = static_cast<int>(digits.size()) - scale;
    if (scale <= 0) return digits;
    if (whole > 0)
        return digits.substr(0, static_cast<std::size_t>(whole)) + "." + digits.substr(static_cast<std::size_t>(whole));
    return "0." + std::string(static_cast<std::size_t>(-whole), '0') + digits;
}

}  // namespace

std::vector<std::string> long_decimals(int precision, int scale) {
    if (precision < 16) return {};
    const auto digits = static_cast<std::size_t>(std::min(precision, 18));
    const std::string run = with_scale(std::string("123456789012345678").substr(0, digits), scale);
    const std::string third = precision - scale >= 16
                                  ? std::string("9007199254740993")
                                  : with_scale(std::string("987654321098765432").substr(0, digits), scale);
    return {run, "-" + run, third};
}

std::vector<const Field*> free_decimal_fields(const Record& record) {
    std::vector<const Field*> out;
    for (const auto& f : record.fields)
        if (f.type.kind == SqlKind::Decimal && !f.key && !f.managed && !f.tenant && f.values.empty()) out.push_back(&f);
    return out;
}

std::string body_with_numbers(const nlohmann::json& sent, const std::vector<const Field*>& fields,
                              const std::vector<std::string>& texts) {
    nlohmann::json rest = sent;
    std::string numbers;
    for (std::size_t i = 0; i < fields.size() && i < texts.size(); ++i) {
        rest.erase(fields[i]->name);
        numbers += "," + nlohmann::json(fields[i]->name).dump() + ":" + texts[i];
    }
    std::string body = nlohmann::json::array({rest}).dump();  // "[{…}]": the record has its key at least
    body.insert(body.size() - 2, numbers);
    return body;
}

client::HttpResponse send_text(Context& ctx, const Record& record, const std::string& body,
                               const nlohmann::json& sent) {
    auto r =
        ctx.api.authed(client::kWriter, "POST", "/api/sync/" + record.name, body, "application/json; charset=utf-8");
    if (r.transport_failed() || client::is_success(r.status))
        ctx.journal.accepted(client::kWriter, record.name, sent, r.transport_failed());
    return r;
}

}  // namespace bds::suites::limits

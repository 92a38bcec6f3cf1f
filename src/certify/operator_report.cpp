#include "certify/operator_report.hpp"

#include <variant>

#include "client/envelope.hpp"

namespace bds::certify {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) { return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
/// The character at `i`, or a space beyond either end.
char at(const std::string& text, std::size_t i, std::ptrdiff_t offset) {
    const auto j = static_cast<std::ptrdiff_t>(i) + offset;
    return j < 0 || j >= static_cast<std::ptrdiff_t>(text.size()) ? ' ' : text[static_cast<std::size_t>(j)];
}

}  // namespace

bool mentions_number(const std::string& text, long long n) {
    const std::string digits = std::to_string(n);
    const auto width = static_cast<std::ptrdiff_t>(digits.size());
    for (auto i = text.find(digits); i != std::string::npos; i = text.find(digits, i + 1)) {
        const char before = at(text, i, -1), after = at(text, i, width), next = at(text, i, width + 1);
        if (is_word(before) || is_word(after)) continue;  // inside a longer number, a word or a ticket
        if (before == '.' || before == ':') continue;     // a fraction, or the minutes or seconds of a time
        if ((before == '-' || before == ',') && is_digit(at(text, i, -2))) continue;  // a date's month or day; "1,039"
        if ((after == '.' || after == ':' || after == ',' || after == '-') && is_digit(next))
            continue;  // 39.5, 39:00, 39,500, 39-05
        return true;
    }
    return false;
}

std::optional<long long> count_read_after(const ScenarioRun& run, int after_seq) {
    if (!run.record) return std::nullopt;
    const std::string path = "/api/resources/" + run.record->name;
    std::optional<long long> count;
    for (const auto& r : run.recording.requests) {
        if (r.seq <= after_seq || r.method != "GET" || r.path != path || r.status != 200) continue;
        const client::HttpResponse response{r.status, r.response_headers, r.response_body, {}};
        const auto list = client::read_list(response, std::nullopt);  // any envelope
        if (const auto* page = std::get_if<client::ListPage>(&list); page && page->total) count = page->total;
    }
    return count;
}

std::optional<OperatorReport> kept_refusal(const ScenarioRun& run) {
    const Received* refused = run.first_refusal();
    if (!refused) return std::nullopt;
    // The ticket in the refused block's body is what CON-14 looks for: found, the body was kept.
    const bool ticketed = !run.marker.empty() && refused->response_body.find(run.marker) != std::string::npos;
    if (!ticketed || run.kept_text.find(run.marker) == std::string::npos) return std::nullopt;
    return OperatorReport{"its output keeps the body of the block answered " + std::to_string(refused->status) +
                              " (request " + std::to_string(refused->seq) +
                              "): its report that it stopped (000 §7, A-86)",
                          refused};
}

std::optional<OperatorReport> told_count(const ScenarioRun& run) {
    if (run.first_refusal()) return std::nullopt;
    const Received* last = nullptr;
    for (const Received* b : run.blocks())
        if (b->status == 200) last = b;
    if (!last) return std::nullopt;
    const auto count = count_read_after(run, last->seq);
    if (!count || !mentions_number(run.kept_text, *count)) return std::nullopt;
    return OperatorReport{
        "its output tells the TotalRowsCount it read after its last block, " + std::to_string(*count) + " (A-97)",
        last};
}

}  // namespace bds::certify

// The HAR 1.2 report: every exchange of a run (RunResult::exchanges) as a browser's network panel or any HAR viewer
// reads it, a page per check. Exchanges are as the other reports show them: redacted, bodies cut at kMaxShownBody.
#include <algorithm>
#include <cassert>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <map>
#include <sstream>
#include <tuple>

#include "common/http_text.hpp"
#include "common/text.hpp"
#include "report/reporters.hpp"

namespace bds::report {
namespace {

using nlohmann::ordered_json;
using Time = std::chrono::system_clock::time_point;

/// "2026-11-23T22:53:00.123Z".
std::string iso_ms(Time t) {
    const auto whole = std::chrono::floor<std::chrono::seconds>(t);
    char fraction[8];
    std::snprintf(fraction, sizeof fraction, ".%03dZ",
                  static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(t - whole).count()));
    return utc_formatted(whole, "%Y-%m-%dT%H:%M:%S") + fraction;
}

/// When the run started (RunResult::started_at, UTC to the second); the epoch when it cannot be read.
Time run_start(const std::string& started_at) {
    std::tm tm{};
    std::istringstream in(started_at);
    in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%S");
    if (in.fail()) return Time{};
    return std::chrono::system_clock::from_time_t(timegm(&tm));
}

ordered_json header_list(const client::Headers& headers) {
    ordered_json out = ordered_json::array();
    for (const auto& [name, value] : headers) out.push_back({{"name", name}, {"value", value}});
    return out;
}

std::string header_value(const client::Headers& headers, std::string_view name, std::string fallback) {
    for (const auto& [k, v] : headers)
        if (iequals(k, name)) return v;
    return fallback;
}

/// The URL as a URI: bytes a URI cannot hold (spaces, controls, non-ASCII: robustness checks send them) as %XX.
std::string uri_of(const std::string& url) {
    static constexpr std::string_view kAllowed = "-._~:/?#[]@!$&'()*+,;=%";
    std::string out;
    for (unsigned char c : url) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (alnum || kAllowed.find(static_cast<char>(c)) != std::string_view::npos) {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

/// The URL's query as HAR's name/value list, in the URL's order, decoded (bytes that are not UTF-8 as \xNN).
ordered_json query_string(const std::string& url) {
    ordered_json out = ordered_json::array();
    const auto q = url.find('?');
    if (q == std::string::npos) return out;
    const std::string query = url.substr(q + 1, url.find('#', q) - q - 1);
    std::size_t start = 0;
    while (start <= query.size()) {
        const std::size_t end = std::min(query.find('&', start), query.size());
        const std::string pair = query.substr(start, end - start);
        if (!pair.empty()) {
            const auto eq = pair.find('=');
            const std::string name = pair.substr(0, eq), value = eq == std::string::npos ? "" : pair.substr(eq + 1);
            out.push_back({{"name", client::escape_invalid_utf8(url_decoded(name))},
                           {"value", client::escape_invalid_utf8(url_decoded(value))}});
        }
        start = end + 1;
    }
    return out;
}

/// The size of the body a shown text stands for: its full length when it was cut ("… (N bytes in all, M not
/// shown)", client::shown_body), else the size of the text.
long long body_size(const std::string& shown) {
    const auto note = shown.rfind("… (");
    long long all = 0;
    if (shown.size() > client::kMaxShownBody && note != std::string::npos &&
        std::sscanf(shown.c_str() + note, "… (%lld bytes in all", &all) == 1)
        return all;
    return static_cast<long long>(shown.size());
}

ordered_json request_json(const client::Exchange& e) {
    ordered_json r = {{"method", e.method},
                      {"url", uri_of(e.url)},
                      {"httpVersion", "HTTP/1.1"},
                      {"cookies", ordered_json::array()},
                      {"headers", header_list(e.request_headers)},
                      {"queryString", query_string(e.url)},
                      {"headersSize", -1},
                      {"bodySize", e.request_body.empty() ? 0 : body_size(e.request_body)}};
    if (!e.request_body.empty())
        r["postData"] = {{"mimeType", header_value(e.request_headers, "Content-Type", "application/octet-stream")},
                         {"text", e.request_body}};
    return r;
}

/// The reason phrase where the harness knows it (reason_phrase says "Internal Server Error" for any other).
std::string status_text(int status) {
    const std::string phrase = reason_phrase(status);
    return status != 500 && phrase == reason_phrase(500) ? "" : phrase;
}

ordered_json response_json(const client::Exchange& e) {
    // No response (status 0): an entry still, as Chromium writes a failed request, with the error in _error.
    const std::string mime = header_value(e.response_headers, "Content-Type", "x-unknown");
    ordered_json r = {
        {"status", e.status},
        {"statusText", status_text(e.status)},
        {"httpVersion", e.status == 0 ? "" : "HTTP/1.1"},
        {"cookies", ordered_json::array()},
        {"headers", header_list(e.response_headers)},
        {"content", {{"size", body_size(e.response_body)}, {"mimeType", mime}, {"text", e.response_body}}},
        {"redirectURL", ""},
        {"headersSize", -1},
        {"bodySize", e.status == 0 ? -1 : body_size(e.response_body)}};
    if (!e.error.empty()) r["_error"] = e.error;
    return r;
}

ordered_json entry_json(const client::LoggedExchange& logged) {
    const client::Exchange& e = logged.exchange;
    const std::string comment =
        logged.page + ", request " + std::to_string(e.serial) + (e.error.empty() ? "" : ": no response: " + e.error);
    return {{"pageref", logged.page},
            {"startedDateTime", iso_ms(logged.started)},
            {"time", e.duration_ms},
            {"request", request_json(e)},
            {"response", response_json(e)},
            {"cache", ordered_json::object()},
            {"timings", {{"send", 0}, {"wait", e.duration_ms}, {"receive", 0}}},
            {"_check", logged.page},
            {"_serial", e.serial},
            {"comment", comment}};
}

/// A page per check of the run, and one for each other name entries use ("tokens", "clean-up"), in start order.
ordered_json pages_json(const run::RunResult& run) {
    std::map<std::string, Time> first;  // a page's first request
    for (const auto& logged : run.exchanges)
        if (const auto [it, added] = first.emplace(logged.page, logged.started); !added)
            it->second = std::min(it->second, logged.started);
    struct Page {
        Time started;
        ordered_json json;
    };
    std::vector<Page> pages;
    const Time start = run_start(run.started_at);
    for (const auto& r : run.results) {
        const auto it = first.find(r.id);
        const Time started = it != first.end()
                                 ? it->second
                                 : start + std::chrono::duration_cast<std::chrono::system_clock::duration>(
                                               std::chrono::duration<double, std::milli>(r.started_ms));
        pages.push_back({started,
                         {{"startedDateTime", iso_ms(started)},
                          {"id", r.id},
                          {"title", r.id + " " + r.title},
                          {"pageTimings", ordered_json::object()},
                          {"comment", std::string(run::to_string(r.outcome)) +
                                          (r.reason.empty() ? "" : ": " + client::shown_body(r.reason, 300))}}});
        first.erase(r.id);
    }
    for (const auto& [name, started] : first)
        pages.push_back({started,
                         {{"startedDateTime", iso_ms(started)},
                          {"id", name},
                          {"title", name == "tokens"     ? "tokens: the token requests of the run's users"
                                    : name == "clean-up" ? "clean-up: what the run wrote, sent back deleted"
                                                         : name},
                          {"pageTimings", ordered_json::object()}}});
    std::stable_sort(pages.begin(), pages.end(), [](const Page& a, const Page& b) { return a.started < b.started; });
    ordered_json out = ordered_json::array();
    for (auto& p : pages) out.push_back(std::move(p.json));
    return out;
}

}  // namespace

void write_har(const run::RunResult& run, std::ostream& out) {
    const std::string comment =
        "conformance run against " + run.target + " (seed " + std::to_string(run.seed) + "), " +
        std::to_string(run.exchanges.size()) +
        " requests: a page per check, and pages for the token requests and the clean-up. Secrets are redacted; bodies "
        "are cut after " +
        std::to_string(client::kMaxShownBody) +
        " bytes with a note of their full length, as in the other reports (`conformance run --record DIR` keeps them "
        "whole). An entry's _serial is its request's number in the run, as the HTML report's \"HAR entry N\" says." +
        (run.exchanges_not_kept == 0 ? std::string()
                                     : " " + std::to_string(run.exchanges_not_kept) +
                                           " more requests are not kept (counted only): a run keeps " +
                                           std::to_string(client::kMaxLoggedBytes >> 20) + " MiB of exchanges.");
    const ordered_json frame = {
        {"log",
         {{"version", "1.2"},
          {"creator", {{"name", "bds-conformance"}, {"version", std::string(run::harness_version())}}},
          {"comment", comment},
          {"pages", pages_json(run)},
          {"entries", ordered_json::array()}}}};
    // A run's entries (thousands, bodies up to kMaxShownBody each) are dumped one at a time into the frame's last
    // array, a line each, so the whole document is never held as a JSON tree. `replace`: a header a server sent in
    // invalid UTF-8 shows as U+FFFD instead of failing the report.
    const auto dump = [](const ordered_json& j) {
        return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    const std::string text = dump(frame);
    constexpr std::string_view kTail = "[]}}";  // the empty entries array, then the ends of log and the document
    assert(text.ends_with(kTail));
    out << std::string_view(text).substr(0, text.size() - kTail.size() + 1) << "\n";
    // In the order sent, which serials follow (ExchangeLog::take gives them so; a result built otherwise is put in
    // order here). Not by the wall clock, which may step back.
    std::vector<const client::LoggedExchange*> order;
    for (const auto& logged : run.exchanges) order.push_back(&logged);
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return std::tie(a->exchange.serial, a->started) < std::tie(b->exchange.serial, b->started);
    });
    for (std::size_t i = 0; i < order.size(); ++i)
        out << dump(entry_json(*order[i])) << (i + 1 < order.size() ? ",\n" : "\n");
    out << "]}}\n";
}

}  // namespace bds::report

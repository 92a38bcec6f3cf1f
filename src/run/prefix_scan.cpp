#include "run/prefix_scan.hpp"

#include <functional>
#include <set>

namespace bds::run {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

bool carries_prefix(const Record& record, const json& row, const std::string& prefix) {
    if (prefix.empty() || !row.is_object()) return false;
    int carried = 0;
    for (const auto& name : record.key) {
        const Field* f = record.field(name);
        if (!f || f->tenant || !f->type.is_text()) continue;
        const auto max = f->type.max_length();
        if (max && *max >= 0 && static_cast<std::size_t>(*max) < prefix.size()) continue;  // ind_clifor: one letter
        const auto it = row.find(name);
        if (it == row.end() || !it->is_string() || it->get_ref<const std::string&>().rfind(prefix, 0) != 0)
            return false;
        ++carried;
    }
    return carried > 0;
}

std::optional<std::string> unusable_prefix(const std::string& prefix) {
    if (prefix.size() < 3)
        return "--prefix \"" + prefix + "\": a run's prefix has three characters (the notes and the journal name it)";
    if (prefix.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos)
        return "--prefix \"" + prefix + "\": a run's prefix is lower-case letters and digits";
    return std::nullopt;
}

namespace {

/// Tries of one page, and the first pause between them (doubled each time).
constexpr int kPageTries = 5;
constexpr std::chrono::milliseconds kFirstPause{500};

/// Page `number` of `resource`, asked again while no usable answer comes (none, 5xx, 429).
client::ListResult read_page(client::Api& api, client::RunLimits& limits, const std::string& role,
                             const std::string& resource, long long size, long long number) {
    auto pause = Clock::duration(kFirstPause);
    for (int tries = 1;; ++tries) {
        client::ListResult r = api.list(role, resource, {std::nullopt, size, number});
        const int status = r.response.status;
        const bool again = status == 0 || status == 429 || status >= 500 || (status == 200 && !r.page);
        if (!again || tries >= kPageTries || limits.stopped()) return r;
        limits.sleep_until(Clock::now() + pause);
        pause *= 2;
    }
}

/// The fields a sender sends of `row`: the tenant and the platform's left out.
json as_sent(const Record& record, json row) {
    for (const Field& f : record.fields)
        if (f.tenant || f.managed) row.erase(f.name);
    return row;
}

/// The most pages one resource is read to (a target that never ends its pages is not read forever).
constexpr long long kMaxPages = 100000;

/// Scans every page of `resource`; false (with a problem said) when it could not be read whole.
bool scan(client::Api& api, client::RunLimits& limits, const Record& record, const std::string& role,
          const std::string& prefix, Journal& journal, PrefixScan& out) {
    long long size = api.page_size().get();
    std::optional<long long> total;
    std::set<std::size_t> seen;  // pages' signatures: a target serving one page forever is not read forever
    const std::string what = "reading " + record.name + " as " + role;
    for (long long number = 1;; ++number) {
        if (total && number > *total / size + 2) return true;
        auto r = read_page(api, limits, role, record.name, size, number);
        // A page size the target refuses: smaller ones, as the checks' reads do.
        while (number == 1 && r.response.status == 400 && size > 1) {
            size = std::max<long long>(1, size / 5);
            r = read_page(api, limits, role, record.name, size, number);
        }
        if (r.response.status != 200 || !r.page) {
            out.problems.push_back(what + ", page " + std::to_string(number) + ": " + r.response.exchange.summary() +
                                   (r.problem.empty() ? "" : " (" + r.problem + ")"));
            return false;
        }
        const auto& page = *r.page;
        if (page.total) total = page.total;
        if (!page.rows.empty() &&
            !seen.insert(std::hash<std::string>{}(page.rows.front().dump() + page.rows.back().dump())).second) {
            out.problems.push_back(what + ": page " + std::to_string(number) + " repeats an earlier page");
            return false;
        }
        out.rows_read += page.rows.size();
        for (const auto& row : page.rows) {
            if (!carries_prefix(record, row, prefix)) continue;
            const auto deleted = row.find("flg_isdeleted");
            if (deleted != row.end() && (*deleted == true || *deleted == 1)) {
                ++out.already_deleted;
                continue;
            }
            ++out.found;
            journal.accepted(role, record.name, json::array({as_sent(record, row)}));
        }
        const auto served = static_cast<long long>(page.rows.size());
        // A cap that clamps PageSize: page 1 serves fewer than asked while TotalRowsCount says there are more;
        // the pages after it are read at the size it serves.
        if (number == 1 && served > 0 && served < size && total && *total > served)
            size = served;
        else if (served < size)
            return true;
        if (number >= kMaxPages) {
            out.problems.push_back(what + ": still rows after " + std::to_string(kMaxPages) + " pages");
            return false;
        }
    }
}

}  // namespace

PrefixScan find_prefixed(client::Api& api, client::RunLimits& limits, const Catalogue& catalogue,
                         const std::string& role, const std::string& prefix, Journal& journal) {
    PrefixScan out;
    for (const Record* record : catalogue.resources())
        if (record->writable() && !record->read_only && !limits.stopped())
            scan(api, limits, *record, role, prefix, journal, out);
    if (limits.stopped()) out.problems.push_back("the scan was stopped: " + *limits.stopped());
    return out;
}

}  // namespace bds::run

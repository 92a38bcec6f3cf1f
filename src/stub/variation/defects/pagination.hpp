#pragma once
/// The defects of pagination (000 §4.1 PageSize, PageNumber and TotalRowsCount; 000 §8): each a Policy (policy.hpp)
/// that answers otherwise where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

using json = nlohmann::json;

/// Pages counted from 0: PageNumber=0 is the first page and PageNumber=1 the second.
struct PageNumberFromZero : Policy {
    void paging_input(std::optional<std::string>&, std::optional<std::string>& number) const override {
        if (!number || number->empty() || number->size() > 9) return;
        if (!std::all_of(number->begin(), number->end(), [](unsigned char c) { return std::isdigit(c) != 0; })) return;
        number = std::to_string(std::stoll(*number) + 1);
    }
};

/// TotalRowsCount counts the rows of the page.
struct TotalCountsPage : Policy {
    std::size_t total_rows_count(const User&, const Record&, const ListQuery&, std::size_t, std::size_t page_rows,
                                 std::size_t) const override {
        return page_rows;
    }
};

/// TotalRowsCount read from the page's first row, as COUNT(*) OVER () gives it: a page with no row has none to read
/// it from, and answers null.
struct TotalNullOnEmptyPage : Policy {
    std::optional<json> total_answered(Endpoint, std::size_t page_rows, std::size_t total) const override {
        return page_rows ? json(total) : json(nullptr);
    }
};

/// TotalRowsCount counts every row read, so reads are not narrowed by the selection or LastUtcRun.
struct TotalIgnoresFilter : Policy {
    std::size_t total_rows_count(const User&, const Record&, const ListQuery&, std::size_t, std::size_t,
                                 std::size_t read) const override {
        return read;
    }
    bool narrows_reads() const override { return false; }
};

/// Even pages are cut from the rows in reverse order: another plan, another order.
struct UnstablePageOrder : Policy {
    static bool even_page(const ListQuery& q) { return q.page_size && q.page_number % 2 == 0 && q.order_by.empty(); }
    bool needs_all_rows(const ListQuery& q) const override { return even_page(q); }
    void arrange(const Record&, const ListQuery& q, std::vector<json>& rows, std::size_t&) const override {
        if (even_page(q)) std::reverse(rows.begin(), rows.end());  // another plan, another order
    }
};

/// Every record at once, whatever PageSize and PageNumber say.
struct PageSizeIgnored : Policy {
    void paging(ListQuery& q) const override {
        q.page_size = 0;  // every record at once
        q.page_number = 1;
    }
};

/// A page past the last answers the last one.
struct PageBeyondEndClamped : Policy {
    bool needs_all_rows(const ListQuery& q) const override { return q.page_size != 0; }
    void arrange(const Record&, const ListQuery& q, std::vector<json>& rows, std::size_t& first) const override {
        if (q.page_size && first >= rows.size() && !rows.empty()) first = (rows.size() - 1) / q.page_size * q.page_size;
    }
};

/// Take(PageSize + 1) to learn whether a page follows, and the extra row answered with the page.
struct PageSizeOffByOne : Policy {
    void paging(ListQuery& q) const override {
        if (q.page_size) ++q.page_size;
    }
};

/// The unfiltered count kept for 30 s per tenant and resource ("count(*) cached per tenant and table"): the count a
/// sender reads right after its block still answers what it was before (000 §4.4 Check).
struct TotalCached : Policy {
    static constexpr std::chrono::seconds kKept{30};
    std::size_t total_rows_count(const User& user, const Record& resource, const ListQuery& q, std::size_t matching,
                                 std::size_t, std::size_t) const override {
        if (q.endpoint != Endpoint::Resources || q.selection) return matching;
        const auto now = std::chrono::steady_clock::now();
        std::lock_guard lock(mutex_);
        auto [it, added] = counts_.try_emplace({user.customer_ID, resource.name}, matching, now);
        if (!added && now - it->second.second >= kKept) it->second = {matching, now};
        return it->second.first;
    }

private:
    mutable std::mutex mutex_;
    mutable std::map<std::pair<int, std::string>, std::pair<std::size_t, std::chrono::steady_clock::time_point>>
        counts_;
};

}  // namespace bds::stub::defect_policies

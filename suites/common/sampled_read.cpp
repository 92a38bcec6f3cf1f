#include "suites/common/sampled_read.hpp"

#include <algorithm>
#include <set>

#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

/// SplitMix64's step: the pages between the first and the last are drawn with it (<random>'s distributions differ
/// between standard libraries, and the same seed must read the same pages everywhere).
std::uint64_t next(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// Page 1 with the run's page size; asked again with 20, 4, then 1 when the target refuses the size (a 4xx other
/// than 401 and 403 on page 1: its cap is smaller, A-08, A-81), as read_all does. Returns the answer and the size.
std::pair<client::ListResult, long long> first_page(Context& ctx, const PageRead& read) {
    auto& paging = ctx.api.page_size();
    long long size = paging.get();
    auto r = read(size, 1);
    ctx.answered(r.response);
    while (r.response.status >= 400 && r.response.status < 500 && r.response.status != 401 &&
           r.response.status != 403 && size > 1) {
        size = std::max<long long>(1, size / 5);  // 100, 20, 4, 1
        paging.lower(size);
        r = read(size, 1);
        ctx.answered(r.response);
    }
    return {std::move(r), size};
}

/// "1, 57 and 113".
std::string listed(const std::vector<long long>& numbers) {
    std::string out;
    for (std::size_t i = 0; i < numbers.size(); ++i)
        out += (i == 0 ? "" : i + 1 == numbers.size() ? " and " : ", ") + thousands(numbers[i]);
    return out;
}

}  // namespace

std::string thousands(long long n) {
    const std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::vector<long long> sampled_pages(long long page_count, int max_pages, std::uint64_t seed) {
    const long long most = std::max(max_pages, 2);
    std::set<long long> pages{1};
    if (page_count <= most) {
        for (long long p = 2; p <= page_count; ++p) pages.insert(p);
    } else {
        pages.insert(page_count);
        std::uint64_t state = seed;
        while (static_cast<long long>(pages.size()) < most)
            pages.insert(2 + static_cast<long long>(next(state) % static_cast<std::uint64_t>(page_count - 2)));
    }
    return {pages.begin(), pages.end()};
}

std::optional<long long> Sample::rows_on(long long number) const {
    for (std::size_t i = 0; i < pages.size(); ++i)
        if (pages[i] == number) return counts[i];
    return std::nullopt;
}

std::string Sample::text() const {
    const std::string size = " of PageSize " + thousands(page_size);
    const std::string rows_read = thousands(static_cast<long long>(rows.size()));
    if (whole)
        return (pages.size() == 1 ? "its one page" : "every page, " + thousands(static_cast<long long>(pages.size()))) +
               size + " (" + rows_read + " rows)";
    return "pages " + listed(pages) +
           (total ? " of " + thousands(page_count) : std::string(" (TotalRowsCount not shown)")) + size + " (" +
           rows_read + (total ? " of " + thousands(*total) : std::string()) + " rows)";
}

Sample read_sample(Context& ctx, const std::string& what, const PageRead& read, int max_pages, std::uint64_t salt) {
    auto [first, size] = first_page(ctx, read);
    Sample s;
    s.page_size = size;
    const auto take = [&](const client::ListResult& r, long long number) {
        const auto& page =
            ctx.page_of(r, what + " page " + std::to_string(number) + " of PageSize " + std::to_string(s.page_size));
        if (page.rows.size() > static_cast<std::size_t>(ctx.target.max_rows_read))
            throw CheckError(what + ": " + thousands(static_cast<long long>(page.rows.size())) + " rows on page " +
                                 std::to_string(number) + " of PageSize " + std::to_string(s.page_size) +
                                 ": the harness keeps at most max_rows_read rows of one read (a target setting)",
                             r.response.exchange);
        s.pages.push_back(number);
        s.counts.push_back(static_cast<long long>(page.rows.size()));
        s.rows.insert(s.rows.end(), page.rows.begin(), page.rows.end());
        return static_cast<long long>(page.rows.size());
    };
    s.total = ctx.page_of(first, what + " page 1 of PageSize " + std::to_string(size)).total;
    const long long served = take(first, 1);
    const bool clamped = served > 0 && served < size && s.total && *s.total > served;
    if (clamped) s.page_size = served;  // a cap that clamps: pages of what it serves
    const auto ended = [&](long long on_page) {
        return on_page < s.page_size || (s.total && static_cast<long long>(s.rows.size()) >= *s.total);
    };
    s.page_count = s.total ? std::max<long long>(1, (*s.total + s.page_size - 1) / s.page_size) : 1;
    const bool few = s.total ? s.page_count <= std::max(max_pages, 2) : true;
    if (few) {
        s.whole = ended(served);
        for (long long number = 2; !s.whole && number <= std::max(max_pages, 2); ++number) {
            s.whole = ended(take(read(s.page_size, number), number));
            if (!s.total) s.page_count = number;
        }
    } else {
        for (const long long number : sampled_pages(s.page_count, max_pages, ctx.seed * 1000003u + salt))
            if (number > 1) take(read(s.page_size, number), number);
    }
    // The run's page size is lowered only once a page after the first shows the cap, as read_all does.
    if (clamped && s.pages.size() > 1 && s.counts[1] > 0) ctx.api.page_size().lower(s.page_size);
    return s;
}

RowsAtLeast rows_at_least(Context& ctx, const std::string& what, const Sample& sample, const PageRead& read,
                          long long n) {
    RowsAtLeast out;
    if (n <= 0 || sample.page_size <= 0) return out;
    out.page = (n + sample.page_size - 1) / sample.page_size;
    if (const auto known = sample.rows_on(out.page)) {
        out.rows = *known;
    } else {
        const auto r = read(sample.page_size, out.page);
        out.rows = static_cast<long long>(ctx.page_of(r, what + " page " + std::to_string(out.page) + " of PageSize " +
                                                             std::to_string(sample.page_size))
                                              .rows.size());
        out.exchange = r.response.exchange;
    }
    out.holds = out.rows >= n - (out.page - 1) * sample.page_size;
    return out;
}

Sample sample_list(Context& ctx, const std::string& role, const std::string& resource,
                   const std::optional<std::string>& selection, int max_pages, std::uint64_t salt) {
    return read_sample(
        ctx, "reading " + resource,
        [&](long long size, long long number) {
            return ctx.api.list(role, resource, {selection, size, number});
        },
        max_pages, salt);
}

Sample sample_feed(Context& ctx, const std::string& role, const std::string& resource, const std::string& last_utc_run,
                   int max_pages, std::uint64_t salt) {
    return read_sample(
        ctx, "reading the change feed of " + resource + " after " + last_utc_run,
        [&](long long size, long long number) {
            return ctx.api.sync_get(role, resource, last_utc_run, {std::nullopt, size, number});
        },
        max_pages, salt);
}

}  // namespace bds::suites

#include "suites/common/support.hpp"
#include "schema/json_limits.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "run/at_once.hpp"
#include "sql/text.hpp"

namespace bds::suites {

std::string status_text(const client::HttpResponse& r) {
    return r.transport_failed() ? "no answer (" + r.exchange.error + ")" : "status " + std::to_string(r.status);
}

std::string body_shape(const client::HttpResponse& r) {
    if (r.body.empty()) return "no body";
    const json doc = parse_bounded(r.body);
    if (doc.is_discarded()) return "text \"" + (r.body.size() > 30 ? r.body.substr(0, 30) + "…" : r.body) + "\"";
    const auto members = [](const json& object, bool deeper, const auto& self) -> std::string {
        std::string out;
        for (const auto& [k, v] : object.items())
            out += (out.empty() ? "" : ", ") + k + (deeper && v.is_object() ? " " + self(v, false, self) : "");
        return "{" + out + "}";
    };
    if (doc.is_object()) return "a JSON object " + members(doc, true, members);
    if (doc.is_array())
        return "a JSON array of " + std::to_string(doc.size()) +
               (!doc.empty() && doc[0].is_object() ? " " + members(doc[0], false, members) : "");
    return std::string("a JSON ") + doc.type_name();
}

bool expect_status(Context& ctx, const client::HttpResponse& r, int expected, const std::string& what) {
    ctx.answered(r);
    if (r.status == expected) return true;
    ctx.finding({.expected = "status " + std::to_string(expected) + " for " + what,
                 .actual = "status " + std::to_string(r.status),
                 .exchange = r.exchange});
    return false;
}

bool expect_refused(Context& ctx, const client::HttpResponse& r, const std::string& what) {
    ctx.answered(r);
    if (r.status < 200 || r.status >= 300) return true;
    ctx.finding({.expected = what + " refused (a status other than 2xx)",
                 .actual = "status " + std::to_string(r.status),
                 .exchange = r.exchange});
    return false;
}

bool expect_own_read(Context& ctx, const client::ListResult& r, const std::string& what) {
    const int status = ctx.answered(r.response).status;
    if (status >= 400 && status < 500 && status != 401 && status != 403) {
        const client::DialectState* dialect = ctx.api.dialect();
        throw CheckError("the target refused the harness's own read, " + what + ": " + status_text(r.response) +
                             (dialect ? " (its literals were spelled as the target showed it accepts them: " +
                                            dialect->get().describe() + ", and in every other form they have)"
                                      : std::string()),
                         r.response.exchange);
    }
    return expect_status(ctx, r.response, 200, what);
}

std::string sql_text(const std::string& text) {
    bool cp1252 = true;
    if (const auto units = sql::utf8_to_u32(text))
        for (char32_t c : *units) cp1252 = cp1252 && sql::in_windows_1252(c);
    return cp1252 ? sql_ntext(text).substr(1) : sql_ntext(text);
}

std::string sql_ntext(const std::string& text) {
    std::string quoted = "N'";
    for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
    return quoted + "'";
}

std::string sql_literal(const Field& field, const json& value) {
    if (value.is_string()) return sql_text(value.get<std::string>());
    if (value.is_boolean()) return value.get<bool>() ? "1" : "0";
    if (value.is_null()) return "NULL";
    (void)field;
    return value.dump();
}

std::string equals_selection(const Record& record, const json& row, const std::vector<std::string>& fields) {
    std::string out;
    for (const auto& name : fields) {
        const Field* f = record.field(name);
        if (!f || f->tenant || !row.contains(name)) continue;
        out += (out.empty() ? "" : " and ") + name + " = " + sql_literal(*f, row[name]);
    }
    return out;
}

std::string key_selection(const Record& record, const json& row) { return equals_selection(record, row, record.key); }

std::string written_key(const Record& record, const json& row) {
    return record.name + "/" + oracle::index_key(record, row, Collation::CaseInsensitive);
}

const Field* marker_field(const Record& record) {
    for (const auto& f : record.fields) {
        if (f.key || f.managed || f.tenant || !f.values.empty()) continue;
        if (f.type.kind != SqlKind::NVarChar) continue;
        if (f.type.length && *f.type.length >= 0 && *f.type.length < 20) continue;
        return &f;
    }
    return nullptr;
}

std::string marker(const Context& ctx, const std::string& purpose) {
    return "bdsc " + (ctx.marker_prefix.empty() ? ctx.prefix : ctx.marker_prefix) + " " + purpose;
}

namespace {

/// The first page `first` of a read, or, when the target refused it with a 4xx (not 401 or 403), the first page it
/// serves of a smaller size (100, 20, 4, 1), `size` and the run's page size lowered to it. The run's page size is
/// lowered only when a smaller page was served: a refusal for another reason (a selection's form, A-114) must not
/// shrink every later read.
client::ListResult with_smaller_pages(Context& ctx, const std::function<client::ListResult(long long, long long)>& read,
                                      long long& size, client::ListResult first) {
    const int status = first.response.status;
    if (status < 400 || status >= 500 || status == 401 || status == 403) return first;
    for (long long smaller = size; smaller > 1;) {
        smaller = std::max<long long>(1, smaller / 5);
        auto retried = read(smaller, 1);
        ctx.answered(retried.response);
        if (retried.response.status == 200) {
            size = smaller;
            ctx.api.page_size().lower(size);
            return retried;
        }
        if (smaller == 1) return retried;
    }
    return first;
}

/// Pages `number` on to the last TotalRowsCount implies, read at once into `ahead`: once page 1 gave the count, a
/// read's pages cost one round trip rather than one each (docs/architecture.md, "A far target"). At most kLanes, no
/// more than reach one row past max_rows_read (the page that shows the list is larger), and no more than the read's
/// byte budget holds at the size of the pages so far. The loop judges them in order.
void read_ahead(Context& ctx, const std::function<client::ListResult(client::Api&, long long, long long)>& read_on,
                long long size, long long number, long long total, std::size_t rows, std::size_t bytes,
                std::map<long long, client::ListResult>& ahead) {
    const long long each = static_cast<long long>(bytes) / std::max<long long>(1, number - 1) + 1;
    const long long budget = (static_cast<long long>(kMaxBytesOfOneRead) - static_cast<long long>(bytes)) / each;
    const long long rows_left = std::max<long long>(0, ctx.target.max_rows_read - static_cast<long long>(rows)) + 1;
    const long long last = std::min({(total + size - 1) / size, number + static_cast<long long>(kLanes) - 1,
                                     number - 1 + budget, number - 1 + (rows_left + size - 1) / size});
    if (last <= number) return;
    auto answers = answers_at_once<client::ListResult>(
        ctx, static_cast<std::size_t>(last - number + 1),
        [&](std::size_t i, Context& c) { return read_on(c.api, size, number + static_cast<long long>(i)); });
    for (std::size_t i = 0; i < answers.size(); ++i)
        ahead.emplace(number + static_cast<long long>(i), std::move(answers[i]));
}

/// Every page of a read: `read(size, number)` from page 1, with the run's page size. A target that refuses the size
/// (a 4xx on page 1: its cap is smaller, A-08/A-81) is asked again with less; one that serves fewer rows than
/// asked while TotalRowsCount says more exist (it clamps) is read on with the size it served. Stops at the last
/// row TotalRowsCount announces, at a short or empty page, or after the pages TotalRowsCount implies; a page that
/// repeats an earlier one is an error (the pages would never end, however much memory they filled).
PagedRows read_pages(Context& ctx, const std::string& what,
                     const std::function<client::ListResult(client::Api&, long long, long long)>& read_on) {
    const auto read = [&](long long size, long long number) { return read_on(ctx.api, size, number); };
    auto& paging = ctx.api.page_size();
    PagedRows out;
    auto& rows = out.rows;
    long long size = paging.get();
    std::optional<long long> total;
    std::map<std::size_t, long long> seen;          // a page's signature → its number
    std::map<long long, client::ListResult> ahead;  // pages read at once before the loop reaches them
    bool clamp_seen = false;
    std::size_t bytes = 0;
    const auto larger = [&](const std::string& how, long long number) {
        return CheckError("the list is larger than the run reads: " + what + ": " + how + " by page " +
                          std::to_string(number) + " of PageSize " + std::to_string(size) +
                          (total ? " (TotalRowsCount " + std::to_string(*total) + ")" : std::string()));
    };
    for (long long number = 1;; ++number) {
        if (number > 100000 || (total && number > *total / size + 2))
            throw CheckError(what + ": the pages never end (page " + std::to_string(number) + " of PageSize " +
                             std::to_string(size) +
                             (total ? " for TotalRowsCount " + std::to_string(*total) : std::string()) + ")");
        if (number >= 2 && total && !ahead.contains(number))
            read_ahead(ctx, read_on, size, number, *total, rows.size(), bytes, ahead);
        auto r = ahead.contains(number) ? std::move(ahead.extract(number).mapped()) : read(size, number);
        ctx.answered(r.response);
        if (number == 1) r = with_smaller_pages(ctx, read, size, std::move(r));
        const auto& page =
            ctx.page_of(r, what + " page " + std::to_string(number) + " of PageSize " + std::to_string(size));
        if (page.total) total = *page.total;
        if (!page.rows.empty()) {
            // With its TotalRowsCount: as many rows entering ahead of it between two pages as a page holds (another
            // client's, A-123) bring the same rows back on a later page of a longer read, which ends.
            const std::size_t signature = std::hash<std::string>{}(
                std::to_string(page.rows.size()) + " " + (page.total ? std::to_string(*page.total) : "-") + " " +
                page.rows.front().dump() + page.rows.back().dump());
            if (const auto [at, added] = seen.emplace(signature, number); !added)
                throw CheckError(what + ": page " + std::to_string(number) + " of PageSize " + std::to_string(size) +
                                     " repeats page " + std::to_string(at->second) + ": the pages would never end",
                                 r.response.exchange);
        }
        const auto limit = static_cast<std::size_t>(ctx.target.max_rows_read);
        const bool announced_more = total && *total > ctx.target.max_rows_read;
        if (rows.size() + page.rows.size() > limit) {
            if (announced_more) paging.read_past_limit();
            throw larger("more than " + std::to_string(limit) + " rows (max_rows_read, a target setting)", number);
        }
        // Pages would end only past the limit, as they did for two earlier reads of the run: ended at the first.
        if (number == 1 && announced_more && static_cast<long long>(page.rows.size()) == size &&
            paging.reads_past_limit() >= 2)
            throw larger("a full page of the more than " + std::to_string(limit) +
                             " rows (max_rows_read, a target setting) it announces, as " +
                             std::to_string(paging.reads_past_limit()) + " earlier reads of the run read past it",
                         number);
        bytes += r.response.body.size();
        if (bytes > kMaxBytesOfOneRead)
            throw larger("more than " + std::to_string(kMaxBytesOfOneRead >> 20) + " MiB of answers", number);
        rows.insert(rows.end(), page.rows.begin(), page.rows.end());
        out.counts.push_back(page.rows.size());
        const auto served = static_cast<long long>(page.rows.size());
        if (number == 1 && served > 0 && served < size && total && *total > served) {
            size = served;  // a cap that clamps: page on with what it serves
            clamp_seen = true;
            continue;
        }
        // The run's page size is lowered only once a second page shows the cap: a TotalRowsCount that counts more
        // than the read holds must not shrink every later read.
        if (clamp_seen && number == 2 && !page.rows.empty()) paging.lower(size);
        if (served < size || (total && static_cast<long long>(rows.size()) >= *total)) break;
    }
    out.page_size = size;
    return out;
}

}  // namespace

std::vector<json> read_all(Context& ctx, const std::string& role, const std::string& resource,
                           const std::optional<std::string>& selection) {
    return read_pages(ctx, "reading " + resource,
                      [&](client::Api& api, long long size, long long number) {
                          return api.list(role, resource, {selection, size, number});
                      })
        .rows;
}

std::vector<json> read_feed(Context& ctx, const std::string& role, const std::string& resource,
                            const std::string& last_utc_run) {
    return read_feed_pages(ctx, role, resource, last_utc_run).rows;
}

PagedRows read_feed_pages(Context& ctx, const std::string& role, const std::string& resource,
                          const std::string& last_utc_run) {
    const auto still = ctx.api.still(resource);
    return read_feed_as_it_moves(ctx, role, resource, last_utc_run);
}

PagedRows read_feed_as_it_moves(Context& ctx, const std::string& role, const std::string& resource,
                                const std::string& last_utc_run) {
    return read_pages(ctx, "reading the change feed of " + resource + " after " + last_utc_run,
                      [&](client::Api& api, long long size, long long number) {
                          return api.sync_get(role, resource, last_utc_run, {std::nullopt, size, number});
                      });
}

long long page_size(Context& ctx) { return ctx.api.page_size().get(); }

SqlProfile sent_profile(const Context& ctx) { return {ctx.target.decimal_precision, ctx.target.decimal_scale}; }

SqlProfile returned_profile(const Context& ctx) { return {38, ctx.target.decimal_scale}; }

gen::RecordGenOptions gen_options(const Context& ctx) {
    gen::RecordGenOptions options;
    options.run_prefix = ctx.prefix;
    options.key_numbers = ctx.key_numbers;
    options.profile = sent_profile(ctx);
    options.active_only = true;
    return options;
}

oracle::CompareOptions compare_options(const Context& ctx) {
    oracle::CompareOptions options;
    options.profile = sent_profile(ctx);
    return options;
}

std::vector<json> read_by_key(Context& ctx, const std::string& role, const Record& record, const json& row) {
    return read_all(ctx, role, record.name, key_selection(record, row));
}

const Record& record_of(const Context& ctx, const std::string& name) {
    const Record* r = ctx.catalogue.find(name);
    if (!r) throw harness_error("the catalogue has no record " + name);
    return *r;
}

std::vector<json> sample_records(const Context& ctx, const Record& record, int n, std::uint64_t salt,
                                 const json& fixed) {
    try {
        return gen::distinct_records(ctx.catalogue, record, n, ctx.seed * 1000003u + salt, gen_options(ctx), fixed);
    } catch (const std::runtime_error& e) {
        throw harness_error(e.what());
    }
}

}  // namespace bds::suites

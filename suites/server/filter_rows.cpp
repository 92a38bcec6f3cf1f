// The filters suite's oracle over a check's own rows (filter_rows.hpp).
#include "suites/server/filter_rows.hpp"

#include "suites/registry.hpp"

namespace bds::suites {

Selection parse_ours(const std::string& text, const Record& record) {
    try {
        return Selection::parse(text, record);
    } catch (const SelectionError& e) {
        throw harness_error("internal: the condition " + text + " does not parse: " + e.what());
    }
}

ExpectedRows expected_rows(const Selection& selection, const Record& record, const std::vector<json>& rows,
                           std::optional<Collation> collation, Collation key_collation) {
    ExpectedRows out;
    const auto readings = oracle::readings_for(selection, collation);
    for (const auto& row : rows) {
        try {
            const auto m = oracle::membership(selection, row, readings);
            if (m == oracle::Membership::Selected) out.selected.insert(oracle::index_key(record, row, key_collation));
            if (m == oracle::Membership::Depends)
                out.depends.emplace(oracle::index_key(record, row, key_collation), &row);
        } catch (const SelectionError& e) {
            throw CheckError("a " + record.name + " row read back cannot be evaluated (" + e.what() +
                             "): " + row.dump());
        }
    }
    return out;
}

std::optional<std::set<std::string>> expect_rows(Context& ctx, const Record& record, const std::string& selection,
                                                 const ExpectedRows& expected, Collation key_collation,
                                                 const std::string& among, bool refusal_allowed, bool verbatim) {
    const long long size = page_size(ctx);
    const std::string want =
        "exactly the " + std::to_string(expected.selected.size()) + " rows satisfying RecordSelection " + selection +
        " (" + among +
        (expected.depends.empty()
             ? ""
             : "; " + std::to_string(expected.depends.size()) +
                   " more whose membership depends on the database's reading, A-98..A-104, A-108") +
        ")";
    std::set<std::string> seen;
    std::optional<client::Exchange> first;
    for (long long number = 1; number <= 100; ++number) {
        const auto r =
            ctx.api.list(client::kWriter, record.name,
                         {.selection = selection, .page_size = size, .page_number = number, .verbatim = verbatim});
        ctx.answered(r.response);
        if (!first) first = r.response.exchange;
        if (refusal_allowed && r.response.status >= 400 && r.response.status < 500) return std::nullopt;
        if (r.response.status != 200) {
            ctx.finding({.expected = "status 200 and " + want,
                         .actual = "status " + std::to_string(r.response.status),
                         .exchange = r.response.exchange,
                         .counterexample = selection});
            return std::nullopt;
        }
        if (!r.page) {
            ctx.finding({.expected = "a list response with " + want,
                         .actual = r.problem,
                         .exchange = r.response.exchange,
                         .counterexample = selection});
            return std::nullopt;
        }
        for (std::size_t i = 0; i < r.page->rows.size(); ++i) {
            const std::string key = oracle::index_key(record, r.page->rows[i], key_collation);
            if (!expected.selected.contains(key) && !expected.depends.contains(key))
                ctx.finding({.expected = want,
                             .actual = "a row that does not satisfy it: " + key,
                             .pointer = "/" + std::to_string(i),
                             .exchange = r.response.exchange,
                             .counterexample = selection});
            seen.insert(key);
        }
        if (static_cast<long long>(r.page->rows.size()) < size) break;
    }
    for (const auto& key : expected.selected)
        if (!seen.contains(key))
            ctx.finding({.expected = want,
                         .actual = "row " + key + " missing",
                         .exchange = first,
                         .counterexample = selection});
    return seen;
}

ExpectedRows exactly_rows(std::set<std::string> keys) { return {std::move(keys), {}}; }

}  // namespace bds::suites

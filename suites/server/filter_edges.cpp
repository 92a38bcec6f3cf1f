// Suite "filters", edge cases (000 §4.1 RecordSelection, rule 1; A-18): the constructs of the SQL every database
// shares where a server that evaluates conditions in its own code, or rewrites them for its database, most often goes
// wrong: NULL under <>, NOT and NOT IN (three-valued logic), AND before OR, NOT before AND, BETWEEN's inclusive and
// ordered bounds, LIKE's _ and ESCAPE. Six records of this check, each condition ANDed with their marker; the expected
// rows are the oracle's over the rows as read back (filter_rows.hpp). Texts are ASCII lower case without blanks or '',
// so every reading (collation, trailing blanks, empty text) selects alike.
#include <optional>
#include <string>
#include <vector>

#include "suites/common/written.hpp"
#include "suites/registry.hpp"
#include "suites/server/filter_rows.hpp"

namespace bds::suites {
namespace {

/// A record of the check: two free text fields (t, u) and a free decimal field (n); nullopt is NULL.
struct EdgeCaseRow {
    std::optional<std::string> t, u;
    std::optional<int> n;
};

const std::vector<EdgeCaseRow>& edge_case_rows() {
    static const std::vector<EdgeCaseRow> rows = {
        {"a_c", "p", 1},        {"abc", "q", 2}, {"a%c", std::nullopt, 3}, {"abbc", "p", std::nullopt},
        {std::nullopt, "q", 2}, {"a!c", "r", 5},
    };
    return rows;
}

/// The conditions over t, u and n, with the rows each selects (indices of edge_case_rows) in a comment.
std::vector<std::string> edge_case_conditions(const std::string& t, const std::string& u, const std::string& n) {
    return {
        t + " <> 'abc'",                                    // 0 2 3 5: NULL is not <> 'abc'
        "NOT (" + t + " = 'abc')",                          // 0 2 3 5: NOT UNKNOWN is UNKNOWN
        t + " NOT IN ('abc', NULL)",                        // none: x <> NULL is UNKNOWN for every x
        t + " IN ('abc', NULL)",                            // 1
        "NOT (" + n + " > 2)",                              // 0 1 4
        u + " = 'p' OR " + u + " = 'q' AND " + n + " = 2",  // 0 1 3 4: AND before OR
        "NOT " + u + " = 'p' AND " + n + " = 2",            // 1 4: NOT before AND
        n + " BETWEEN 2 AND 3",                             // 1 2 4: both bounds included
        n + " BETWEEN 3 AND 2",                             // none: bounds are not reordered
        t + " LIKE 'a_c'",                                  // 0 1 2 5: _ is any one character
        t + " LIKE 'a!_c' ESCAPE '!'",                      // 0
        t + " LIKE 'a!%c' ESCAPE '!'",                      // 2
    };
}

/// The catalogue field `name` of `record` if it is a free, nullable, writable field of `kind`; CheckError otherwise.
const Field& edge_case_field(const Record& record, const std::string& name, SqlKind kind) {
    const Field* f = record.field(name);
    if (!f || f->key || f->managed || f->tenant || !f->nullable || !f->values.empty() || f->type.kind != kind)
        throw CheckError(record.name + " has no free nullable field " + name + " of the kind this check writes");
    return *f;
}

void filter_edge_cases(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* mark = marker_field(clifor);
    if (!mark) throw CheckError("CliFor has no field that can carry a marker");
    const Field& t = edge_case_field(clifor, "des_campo_libero1", SqlKind::NVarChar);
    const Field& u = edge_case_field(clifor, "des_campo_libero2", SqlKind::NVarChar);
    const Field& n = edge_case_field(clifor, "val_campo_libero1", SqlKind::Decimal);
    const std::string text = marker(ctx, "edges");
    const auto& wanted = edge_case_rows();
    json block = sample_records(ctx, clifor, static_cast<int>(wanted.size()), 1200);
    auto value = [](const auto& v) { return v ? json(*v) : json(nullptr); };
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        block[i][mark->name] = text;
        block[i][t.name] = value(wanted[i].t);
        block[i][u.name] = value(wanted[i].u);
        block[i][n.name] = value(wanted[i].n);
    }
    send_or_error(ctx, clifor, block);
    const std::string scope = mark->name + " = " + sql_text(text);
    const std::vector<json> rows = read_all(ctx, client::kWriter, clifor.name, scope);
    if (rows.size() != block.size())
        ctx.fail({.expected = std::to_string(block.size()) + " rows satisfying " + scope + " after writing them",
                  .actual = std::to_string(rows.size()) + " rows",
                  .counterexample = scope});
    for (const auto& condition : edge_case_conditions(t.name, u.name, n.name)) {
        const std::string selection = scope + " and (" + condition + ")";
        expect_rows(
            ctx, clifor, selection,
            expected_rows(parse_ours(selection, clifor), clifor, rows, ctx.target.collation, Collation::CaseSensitive),
            Collation::CaseSensitive, "among the " + std::to_string(rows.size()) + " rows of this check, as read back",
            false, true);
    }
}

}  // namespace

// clang-format off
std::vector<Check> filter_edge_checks() {
    return {
        {.id = "FIL-12",
         .title = "Edge cases every SQL database reads alike: NULL under <>, NOT and NOT IN; AND before OR; NOT before "
                  "AND; BETWEEN's bounds; LIKE's _ and ESCAPE",
         .spec = "000 §4.1 RecordSelection, rule 1; A-18",
         .verifies = {"000-4.1-recordselection", "000-4.1-rule1-selection"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 14, .run = filter_edge_cases},
    };
}
// clang-format on

}  // namespace bds::suites

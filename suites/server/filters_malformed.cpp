// Suite "filters", malformed conditions (000 §7; ): what status a malformed RecordSelection gets, and that
// whatever a target makes of it, no 5xx and no row beyond the rest of the condition comes back.
#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <set>

#include "run/at_once.hpp"
#include "generate/draw.hpp"
#include "generate/malformed_selection_gen.hpp"
#include "sql/text.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

/// CliFor records of this check with a marker, and malformed conditions (gen::malformed_selection_gen) drawn from the
/// check's seed: the same for FIL-05 and FIL-08 in one run.
struct MalformedFixture {
    const Record* record = nullptr;
    std::string scope;
    std::set<std::string> keys;
    std::vector<gen::MalformedSelection> conditions;
};

MalformedFixture malformed_fixture(Context& ctx, const std::string& purpose) {
    MalformedFixture m;
    m.record = &record_of(ctx, "CliFor");
    const Field* field = marker_field(*m.record);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    const std::string text = marker(ctx, purpose);
    json block = sample_records(ctx, *m.record, 3, 700);
    for (auto& r : block) {
        r[field->name] = text;
        m.keys.insert(oracle::index_key(*m.record, r, Collation::CaseInsensitive));
    }
    send_or_error(ctx, record_of(ctx, "CliFor"), block);
    m.scope = field->name + " = " + sql_text(text);
    const auto gen = gen::malformed_selection_gen(*m.record);
    rc::Random random(ctx.seed * 1000003u + 701);
    for (int i = 0; i < std::max(ctx.cases, 1); ++i)
        m.conditions.push_back(gen::draw(gen, random.split(), 10 + (i * 13) % 90));
    return m;
}

/// `scope and (malformed)`: whatever the target makes of the malformed part, nothing beyond the scope may come back.
std::string wrapped(const MalformedFixture& m, const gen::MalformedSelection& c) {
    return m.scope + " and (" + c.text + ")";
}

void malformed_statuses(Context& ctx) {
    const MalformedFixture m = malformed_fixture(ctx, "malformed");
    std::vector<client::HttpResponse> answers(m.conditions.size());
    at_once(ctx, m.conditions.size(), [&](std::size_t i, Context& lane) {
        answers[i] = lane.answered(
            lane.api
                .list(client::kWriter, m.record->name,
                      {.selection = wrapped(m, m.conditions[i]), .page_size = 50, .page_number = 1, .verbatim = true})
                .response);
    });
    std::map<int, std::vector<std::string>> labels;
    std::map<int, client::HttpResponse> example;
    for (std::size_t i = 0; i < answers.size(); ++i) {
        labels[answers[i].status].push_back(m.conditions[i].why);
        example.emplace(answers[i].status, answers[i]);
    }
    for (const auto& [status, whys] : labels) {
        std::string list;
        for (const auto& w : whys) list += (list.empty() ? "" : ", ") + w;
        const auto& r = example.at(status);
        ctx.observe("malformed RecordSelection answered " + std::to_string(status) + " with " + body_shape(r) + " (" +
                        std::to_string(whys.size()) + " of " + std::to_string(m.conditions.size()) + "): " + list +
                        " (A-19, A-43)",
                    r.exchange);
    }
}

void malformed_harmless(Context& ctx) {
    const MalformedFixture m = malformed_fixture(ctx, "harmless");
    at_once(ctx, m.conditions.size(), [&](std::size_t n, Context& ctx) {
        const auto& c = m.conditions[n];
        const std::string text = wrapped(m, c);
        const auto r = ctx.api.list(client::kWriter, m.record->name,
                                    {.selection = text, .page_size = 50, .page_number = 1, .verbatim = true});
        ctx.answered(r.response);
        if (r.response.status >= 500)
            ctx.finding({.expected = "no 5xx for a malformed RecordSelection (" + c.why + ")",
                         .actual = "status " + std::to_string(r.response.status),
                         .exchange = r.response.exchange,
                         .counterexample = text});
        if (r.response.status != 200 || !r.page) return;
        for (std::size_t i = 0; i < r.page->rows.size(); ++i) {
            const std::string key = oracle::index_key(*m.record, r.page->rows[i], Collation::CaseInsensitive);
            if (!m.keys.contains(key))
                ctx.finding({.expected = "at most the rows " + m.scope +
                                         " selects, whatever becomes of the malformed part (" + c.why + ")",
                             .actual = "another row: " + key,
                             .pointer = "/" + std::to_string(i),
                             .exchange = r.response.exchange,
                             .counterexample = text});
        }
    });
}

}  // namespace

/// FIL-05 and FIL-08, for the filters suite's table (filters.cpp).
// clang-format off
std::vector<Check> malformed_selection_checks() {
    return {
        {.id = "FIL-05", .title = "Malformed RecordSelection: what status comes back?", .spec = "000 §7; A-19",
         .verifies = {"000-7-malformed-statuses-not-shown"}, .level = Level::Observe, .needs = {client::kWriter},
         .resources = {"CliFor"}, .writes = true, .own_rows = true, .chain = 14, .run = malformed_statuses},
        {.id = "FIL-08",
         .title = "A malformed RecordSelection gives no 5xx and no row beyond the rest of the condition",
         .spec = "000 §7; A-19, A-46", .verifies = {"000-7-malformed-statuses-not-shown", "000-4.1-rule1-selection"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 14, .run = malformed_harmless},
    };
}
// clang-format on

}  // namespace bds::suites

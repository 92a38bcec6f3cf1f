// Suite "engine" (000 §1 "Field types are given as database types"; spec/assumptions.md A-98..A-108): the seeds name
// SQL Server's types but no engine, so where real databases differ under a correct server the target's choice is
// observed, never judged: how it stores values, and how its RecordSelection reads text. The judging checks (SYN-01,
// FIL-06/07/09, FIL-01) accept every such choice; these two say which one the target made.
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

using client::kWriter;

/// 30 astral characters: 30 characters, 60 UTF-16 units.
std::string astral_text() {
    std::string out;
    for (int i = 0; i < 30; ++i) out += "\xF0\x9F\x98\x80";
    return out;
}

/// A value as the target returned it, or what became of the record.
std::string shown(const std::vector<json>& rows, const char* field) {
    return rows.size() == 1 ? value_of(rows[0], field).dump() : "no row";
}

/// One CliFor customer of this check, code `suffix`, with `values`.
json customer(const Context& ctx, const std::string& suffix, const json& values) {
    json r = sample_records(ctx, record_of(ctx, "CliFor"), 1, 990, {{"ind_clifor", "C"}}).front();
    r["cod_clifor"] = ctx.prefix + suffix;
    r.update(values);
    return r;
}

/// How the target's database stores values the seeds type but do not bound (A-98, A-100, A-104..A-107).
void stored_values(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const json a = customer(ctx, "e1", {{"ind_campo_libero1", ""}, {"des_cogn", ""}, {"cod_naz_res", "0.1"}});
    const auto sent = ctx.answered(ctx.sync(kWriter, clifor.name, json::array({a})));
    if (sent.status / 100 != 2)
        throw CheckError("a plain CliFor record was refused: " + status_text(sent), sent.exchange);
    const auto back = read_by_key(ctx, kWriter, clifor, a);
    ctx.observe("an nchar(1) sent '' reads back (A-98): " + shown(back, "ind_campo_libero1"));
    ctx.observe("an nvarchar sent '' reads back (A-100): " + shown(back, "des_cogn"));
    const auto view = read_by_key(ctx, kWriter, record_of(ctx, "MCPClienti"), a);
    ctx.observe("cod_naz_res '0.1' in MCPClienti's float(10) (A-104): " + shown(view, "cod_naz_res"));

    const json wide = customer(ctx, "e2", {{"des_cogn", astral_text()}});
    ctx.observe("30 characters of 2 UTF-16 units each in nvarchar(30) (A-107): " +
                std::string(ctx.answered(ctx.sync(kWriter, clifor.name, json::array({wide}))).status / 100 == 2
                                ? "accepted"
                                : "refused"));

    const Record& articoli = record_of(ctx, "Articoli");
    json article = sample_records(ctx, articoli, 1, 991).front();
    article["dat_obsoleto"] = "2026-03-01T10:00:00.507";
    const std::string digits = "1." + std::string(static_cast<std::size_t>(ctx.target.decimal_scale), '4') + "99";
    article["qta_pes_lordo_kg"] = json::parse(digits);
    const auto r = ctx.answered(ctx.sync(kWriter, articoli.name, json::array({article})));
    const auto stored = r.status / 100 == 2 ? read_by_key(ctx, kWriter, articoli, article) : std::vector<json>{};
    ctx.observe("a decimal with 2 digits beyond the scale, " + digits +
                " (A-105): " + (r.status / 100 == 2 ? shown(stored, "qta_pes_lordo_kg") : "refused"));
    if (stored.size() == 1) ctx.observe("a datetime sent 10:00:00.507 (A-106): " + shown(stored, "dat_obsoleto"));
}

/// Whether `condition`, ANDed with the check's marker, selects the one record it is about: "selects", "does not", or
/// the status of a refusal.
std::string probe(Context& ctx, const std::string& scope, const std::string& condition) {
    const auto r = ctx.api.list(kWriter, "CliFor", {scope + " and " + condition, 10, 1});
    ctx.answered(r.response);
    if (r.response.status != 200 || !r.page) return "refused: " + status_text(r.response);
    return r.page->rows.empty() ? "does not select it" : "selects it";
}

/// How the target's RecordSelection reads text where databases differ (A-98..A-103).
void text_readings(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* mark = marker_field(clifor);
    if (!mark) throw CheckError("CliFor has no field that can carry a marker");
    const std::string text = marker(ctx, "eng");
    json block =
        json::array({customer(ctx, "t1", {{"des_cogn", "ab "}}), customer(ctx, "t2", {{"des_cogn", "citt\xC3\xA0"}}),
                     customer(ctx, "t3", {{"ind_campo_libero1", ""}, {"des_nome", "x"}, {"num_priorita_evas", 3}})});
    for (auto& r : block) r[mark->name] = text;
    send_or_error(ctx, clifor, block);
    const std::string scope = mark->name + " = " + sql_text(text);
    ctx.observe("des_cogn 'ab ' and = 'ab' (A-99): " + probe(ctx, scope, "des_cogn = 'ab'"));
    ctx.observe("des_cogn 'ab ' and LIKE 'ab' (A-99): " + probe(ctx, scope, "des_cogn LIKE 'ab'"));
    ctx.observe("an nchar(1) sent '' and NOT LIKE '' (A-98): " + probe(ctx, scope, "ind_campo_libero1 NOT LIKE ''"));
    ctx.observe("des_nome 'x' and <> '' (A-100): " + probe(ctx, scope, "des_nome <> ''"));
    ctx.observe("num_priorita_evas 3 and = ' 3 ' (A-101): " + probe(ctx, scope, "num_priorita_evas = ' 3 '"));
    ctx.observe("des_cogn 'citt\xC3\xA0' and = 'CITT\xC3\x80' (A-102): " +
                probe(ctx, scope, "des_cogn = 'CITT\xC3\x80'"));
    ctx.observe("des_cogn 'citt\xC3\xA0' and = 'citta' (A-103): " + probe(ctx, scope, "des_cogn = 'citta'"));
    ctx.observe("des_cogn 'citt\xC3\xA0' and LIKE 'CITT\xC3\x80' (A-102, A-108): " +
                probe(ctx, scope, "des_cogn LIKE 'CITT\xC3\x80'"));
}

}  // namespace

// clang-format off
std::vector<Check> engine_checks() {
    return {
        {.id = "ENG-01", .title = "How does the target's database store values the seeds type but do not bound?",
         .spec = "000 §1; A-98, A-100, A-104, A-105, A-106, A-107", .verifies = {"000-1-field-types"},
         .level = Level::Observe, .needs = {kWriter}, .resources = {"CliFor", "MCPClienti", "Articoli"}, .writes = true,
         .own_rows = true, .run = stored_values},
        {.id = "ENG-02", .title = "How does the target's RecordSelection read text where databases differ?",
         .spec = "000 §4.1; A-98..A-103, A-108", .verifies = {"000-4.1-recordselection"}, .level = Level::Observe,
         .needs = {kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true, .run = text_readings},
    };
}
// clang-format on

}  // namespace bds::suites

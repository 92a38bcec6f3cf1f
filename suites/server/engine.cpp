// Suite "engine" (000 §1 "Field types are given as database types"; spec/assumptions.md A-98..A-108): the seeds name
// SQL Server's types but no engine, so where real databases differ under a correct server the target's choice is
// observed, never judged: how it stores values, and how its RecordSelection reads text. The judging checks (SYN-01,
// FIL-06/07/09, FIL-01) accept every such choice; ENG-01/02 say which one the target made, and ENG-03 which literal
// forms the harness's own reads may use.
#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

#include "oracle/readings.hpp"
#include "run/at_once.hpp"
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
std::string shown_values(const std::vector<json>& rows, const char* field) {
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
    ctx.observe("an nchar(1) sent '' reads back (A-98): " + shown_values(back, "ind_campo_libero1"));
    ctx.observe("an nvarchar sent '' reads back (A-100): " + shown_values(back, "des_cogn"));
    const auto view = read_by_key(ctx, kWriter, record_of(ctx, "MCPClienti"), a);
    ctx.observe("cod_naz_res '0.1' in MCPClienti's float(10) (A-104): " + shown_values(view, "cod_naz_res"));

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
                " (A-105): " + (r.status / 100 == 2 ? shown_values(stored, "qta_pes_lordo_kg") : "refused"));
    if (stored.size() == 1)
        ctx.observe("a datetime sent 10:00:00.507 (A-106): " + shown_values(stored, "dat_obsoleto"));
}

/// One page of CliFor where `condition`, sent as written: a probe, whose literal forms are what it asks about.
client::ListResult probe_read(Context& ctx, const std::string& condition) {
    const auto r =
        ctx.api.list(kWriter, "CliFor", {.selection = condition, .page_size = 10, .page_number = 1, .verbatim = true});
    ctx.answered(r.response);
    return r;
}

/// The cod_clifor of the rows `condition`, ANDed with the check's marker, selects; nullopt when the target refuses it.
std::optional<std::set<std::string>> probed(Context& ctx, const std::string& scope, const std::string& condition) {
    const auto r = probe_read(ctx, scope + " and " + condition);
    if (r.response.status != 200 || !r.page) return std::nullopt;
    std::set<std::string> out;
    for (const auto& row : r.page->rows)
        if (value_of(row, "cod_clifor").is_string()) out.insert(value_of(row, "cod_clifor").get<std::string>());
    return out;
}

/// How the target's RecordSelection reads text where databases differ (A-98..A-103, A-108), and which engines its
/// answers fit (oracle/engine_profiles.hpp).
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
    const std::vector<json> back = read_all(ctx, kWriter, clifor.name, scope);
    // What each probe is about: its label, its condition, and the record (of `block`) it asks about.
    const std::vector<std::tuple<const char*, const char*, std::size_t>> probes = {
        {"des_cogn 'ab ' and = 'ab' (A-99)", "des_cogn = 'ab'", 0},
        {"des_cogn 'ab ' and LIKE 'ab' (A-99)", "des_cogn LIKE 'ab'", 0},
        {"an nchar(1) sent '' and NOT LIKE '' (A-98)", "ind_campo_libero1 NOT LIKE ''", 2},
        {"des_nome 'x' and <> '' (A-100)", "des_nome <> ''", 2},
        {"num_priorita_evas 3 and = ' 3 ' (A-101)", "num_priorita_evas = ' 3 '", 2},
        {"des_cogn 'citt\xC3\xA0' and = 'CITT\xC3\x80' (A-102)", "des_cogn = 'CITT\xC3\x80'", 1},
        {"des_cogn 'citt\xC3\xA0' and = 'citta' (A-103)", "des_cogn = 'citta'", 1},
        {"des_cogn 'citt\xC3\xA0' and LIKE 'CITT\xC3\x80' (A-102, A-108)", "des_cogn LIKE 'CITT\xC3\x80'", 1},
    };
    oracle::ReadingEvidence evidence(ctx.target.collation);
    for (const auto& [label, condition, about] : probes) {
        const auto selected = probed(ctx, scope, condition);
        const std::string code = block[about]["cod_clifor"].get<std::string>();
        ctx.observe(std::string(label) + ": " +
                    (!selected               ? "refused"
                     : selected->count(code) ? "selects it"
                                             : "does not select it"));
        if (!selected) continue;
        const Selection parsed = Selection::parse(condition, clifor);
        for (const auto& row : back) try {
                if (value_of(row, "cod_clifor").is_string())
                    evidence.note(parsed, row, selected->count(value_of(row, "cod_clifor").get<std::string>()) > 0);
            } catch (const SelectionError&) {  // a value of the wrong type: SCH-01 judges it, it tells nothing here
            }
    }
    ctx.observe("the RecordSelection answers fit: " + evidence.families());
}

/// Whether `condition` (sent as written) selects exactly the CliFor record `cod_clifor`, and the answer: "selects
/// it", "selects nothing", "selects N rows", or the refusal.
std::pair<bool, std::string> selects_only(Context& ctx, const std::string& condition, const std::string& cod_clifor) {
    const auto r = probe_read(ctx, condition);
    if (r.response.status != 200 || !r.page) return {false, "refused (" + status_text(r.response) + ")"};
    const auto& rows = r.page->rows;
    if (rows.size() == 1 && value_of(rows[0], "cod_clifor") == json(cod_clifor)) return {true, "selects it"};
    return {false, rows.empty() ? "selects nothing" : "selects " + std::to_string(rows.size()) + " rows"};
}

/// A question of ENG-03's probe: which of `conditions` (one per literal form, the preferred first) select the CliFor
/// record `cod_clifor` alone.
struct Question {
    std::string what;
    std::vector<std::string> conditions;
    std::string cod_clifor;
};

/// For each question, the positions of its conditions that select its record alone, in order; every read goes at
/// once (a far target pays one round trip for them all), and each question's answers are observed as its `what`.
std::vector<std::vector<std::size_t>> selecting(Context& ctx, const std::vector<Question>& questions) {
    std::vector<std::pair<std::size_t, std::size_t>> reads;  // (question, condition)
    for (std::size_t q = 0; q < questions.size(); ++q)
        for (std::size_t c = 0; c < questions[q].conditions.size(); ++c) reads.emplace_back(q, c);
    const auto answers =
        answers_at_once<std::pair<bool, std::string>>(ctx, reads.size(), [&](std::size_t i, Context& lane) {
            const Question& q = questions[reads[i].first];
            return selects_only(lane, q.conditions[reads[i].second], q.cod_clifor);
        });
    std::vector<std::vector<std::size_t>> out(questions.size());
    std::vector<std::string> said(questions.size());
    for (std::size_t i = 0; i < reads.size(); ++i) {
        const auto [q, c] = reads[i];
        said[q].append(said[q].empty() ? "" : "; ").append(questions[q].conditions[c] + ": " + answers[i].second);
        if (answers[i].first) out[q].push_back(c);
    }
    for (std::size_t q = 0; q < questions.size(); ++q) ctx.observe(questions[q].what + " (A-114): " + said[q]);
    return out;
}

/// The engine families the literal forms that selected fit, by what each does with N'…' and '…': SQL Server
/// reads '…' in its code page, SQLite has no N'…', MariaDB/MySQL's N'…' is 3-byte utf8, PostgreSQL reads both as text.
/// `national[i]`, `plain[i]`: whether the form selected the text within Windows-1252 (0), beyond it (1), beyond U+FFFF
/// (2).
std::string literal_families(const std::array<bool, 3>& national, const std::array<bool, 3>& plain) {
    const auto all = [](const std::array<bool, 3>& a) { return a[0] && a[1] && a[2]; };
    const auto none = [](const std::array<bool, 3>& a) { return !a[0] && !a[1] && !a[2]; };
    if (all(national) && plain[0] && !plain[1] && !plain[2]) return "SQL Server";
    if (none(national) && all(plain)) return "SQLite";
    if (national[0] && national[1] && !national[2] && all(plain)) return "MariaDB/MySQL";
    if (all(national) && all(plain)) return "PostgreSQL (or SQL Server under a UTF-8 collation)";
    return "none of SQL Server, PostgreSQL, SQLite, MariaDB/MySQL";
}

using Text = client::Dialect::Text;

/// A text ENG-03 writes and reads back in each of `forms`, and the member of the dialect that spells it.
struct TextProbe {
    const char* what;
    std::string text;
    std::vector<Text> forms;  // the preferred first
    Text client::Dialect::*member;
};

/// Which forms select each probe's text (`block[i]`, its record), into `found`, `national` and `plain`; the probes
/// no form selected, named.
std::string probe_texts(Context& ctx, const Field& mark, const std::vector<TextProbe>& probes, const json& block,
                        client::Dialect& found, std::array<bool, 3>& national, std::array<bool, 3>& plain) {
    std::vector<Question> questions;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        auto& q = questions.emplace_back(Question{probes[i].what, {}, block[i]["cod_clifor"].get<std::string>()});
        for (Text t : probes[i].forms)
            q.conditions.push_back(mark.name + " = " + client::Dialect{t, t, t}.text_literal(probes[i].text));
    }
    const auto selected = selecting(ctx, questions);
    std::string unreadable;
    for (std::size_t i = 0; i < probes.size(); ++i) {
        for (std::size_t f : selected[i]) {
            national[i] = national[i] || probes[i].forms[f] == Text::National;
            plain[i] = plain[i] || probes[i].forms[f] == Text::Plain;
        }
        if (!selected[i].empty())
            found.*(probes[i].member) = probes[i].forms[selected[i].front()];
        else
            unreadable.append(unreadable.empty() ? "" : ", ").append(probes[i].what);
    }
    return unreadable;
}

/// The literal forms the target's RecordSelection accepts and selects the run's own records with: texts
/// within Windows-1252, beyond it and beyond U+FFFF in '…' and N'…', a backslash as is or doubled, bits as 1/0,
/// true/false and '1'/'0'. It runs before every other check; their own reads then use what it found
/// (client/dialect.hpp). Two rounds of reads at once: the texts, then what is spelt with the text form found.
void literal_forms(Context& ctx) {
    client::DialectState* state = ctx.api.dialect();
    if (!state) throw harness_error("the run has no dialect to set");
    if (state->declared()) return ctx.observe("stated by the target file (A-114): " + state->get().describe());
    const Record& clifor = record_of(ctx, "CliFor");
    const Field* mark = marker_field(clifor);
    if (!mark) throw CheckError("CliFor has no field that can carry a marker");
    const std::string base = marker(ctx, "lit");
    const std::vector<TextProbe> probes = {
        {"a text within Windows-1252",
         base + " \xC3\xA9\xE2\x82\xAC",
         {Text::Plain, Text::National},
         &client::Dialect::latin},
        {"a text beyond Windows-1252", base + " \xE4\xB8\xAD", {Text::National, Text::Plain}, &client::Dialect::bmp},
        {"a text beyond U+FFFF", base + " \xF0\x9D\x95\x8F", {Text::National, Text::Plain}, &client::Dialect::astral},
    };
    json block = json::array();
    for (std::size_t i = 0; i < probes.size(); ++i)
        block.push_back(customer(ctx, "d" + std::to_string(i), {{mark->name, probes[i].text}}));
    block.push_back(customer(ctx, "d8", {{mark->name, base + " a\\b"}}));
    block.push_back(customer(ctx, "d9", {{mark->name, base}, {"dat_nasc", "2001-02-03T00:00:00"}}));
    send_or_error(ctx, clifor, block);

    client::Dialect found = state->get();
    std::array<bool, 3> national{}, plain{};
    const std::string unreadable = probe_texts(ctx, *mark, probes, block, found, national, plain);
    using Bit = client::Dialect::Bit;
    const std::vector<bool> escapes{false, true};
    const std::vector<Bit> bits{Bit::Number, Bit::Boolean, Bit::Quoted};
    const std::string scope = mark->name + " = " + found.text_literal(base) + " and ";
    const std::string dated = block[4]["cod_clifor"].get<std::string>();
    std::vector<Question> more{{"a text with a backslash", {}, block[3]["cod_clifor"].get<std::string>()},
                               {"flg_isdeleted false", {}, dated},
                               {"dat_nasc 2001-02-03T00:00:00", {}, dated}};
    for (bool b : escapes)
        more[0].conditions.push_back(
            mark->name + " = " +
            client::Dialect{found.latin, found.latin, found.latin, {}, b}.text_literal(base + " a\\b"));
    for (Bit b : bits)
        more[1].conditions.push_back(scope + "flg_isdeleted = " + client::Dialect{.bit = b}.bit_literal(false));
    for (const char* d : {"'2001-02-03'", "'2001-02-03 00:00:00'", "'2001-02-03T00:00:00'"})
        more[2].conditions.push_back(scope + "dat_nasc = " + d);
    const auto selected = selecting(ctx, more);
    if (!selected[0].empty()) found.backslash_escapes = escapes[selected[0].front()];
    if (!selected[1].empty()) found.bit = bits[selected[1].front()];
    state->found(found, "ENG-03's probe");
    ctx.observe("the run's own reads use " + found.describe() + " (A-114)" +
                (unreadable.empty() ? std::string()
                                    : "; no form selected " + unreadable +
                                          ": reads of the run's records holding such texts may find nothing"));
    ctx.observe("the literal forms fit: " + literal_families(national, plain));
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
         .needs = {kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true,
         .chain = 10, .run = text_readings},
        {.id = "ENG-03", .title = "Which literal forms does the target's RecordSelection accept for the run's own reads?",
         .spec = "000 §4.1; A-114", .verifies = {"000-4.1-recordselection"}, .level = Level::Observe,
         .needs = {kWriter}, .resources = {"CliFor"}, .writes = true, .own_rows = true, .first = true,
         .run = literal_forms},
    };
}
// clang-format on

}  // namespace bds::suites

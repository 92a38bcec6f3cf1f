// Suite "views", the document views (001 §2.6, §2.7): MCPDocumentiT carries its lines and MCPDocumentiR has them,
// each repeating its header's data, prg_riga distinct, the seeds' example filters select on both; mese and
// settimana derive from dat_doc; a line carries its article's classification and brand, a header its counterpart's
// classification.
#include <rapidcheck.h>

#include <set>

#include "generate/data_set_gen.hpp"
#include "run/at_once.hpp"
#include "run/block_property.hpp"
#include "suites/common/batched_reads.hpp"
#include "sql/datetime.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/view_rows.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

/// The fields every line of MCPDocumentiR repeats from its header (001 §2.7 "Each line repeats header data
/// (year, date, type, counterpart and agent)"), besides key_documento (000 §2.1).
const std::vector<std::string> kRepeated = {"key_documento", "num_anno",     "dat_doc",   "cod_tipodoc",
                                            "ind_clifor_c",  "cod_clifor_c", "cod_agente"};

// ---- VIEW-03 and VIEW-07 ----

/// The MCPDocumentiT row of a header written among `rows` (read by its key_documento), or nullopt with a finding
/// when there is not exactly one.
std::optional<json> header_row(Context& ctx, const json& doc, const Rows& rows) {
    if (rows.rows.size() != 1) {
        ctx.finding({.expected = "one MCPDocumentiT row for the header written with " +
                                 equals_selection(record_of(ctx, "MCPDocumentiT"), doc, {"key_documento"}) +
                                 " (it has cod_tipodoc, num_anno and dat_doc)",
                     .actual = std::to_string(rows.rows.size()) + " rows",
                     .exchange = rows.exchange});
        return std::nullopt;
    }
    return rows.rows.front();
}

/// A header of a case and its reads (BatchedReads ids): its MCPDocumentiT rows and its MCPDocumentiR rows.
struct DocumentReads {
    const json* doc;
    std::size_t header;
    std::size_t lines;
};

/// Sends the data sets of a block's cases and reads each case's headers back from both document views, in batches.
std::vector<std::vector<DocumentReads>> read_documents(Context& ctx, const std::vector<const gen::DataSet*>& sets,
                                                       BatchedReads& batch, std::size_t lines_per_doc) {
    send_data_set(ctx, merged(sets));
    std::vector<std::vector<DocumentReads>> out(sets.size());
    for (std::size_t p = 0; p < sets.size(); ++p)
        for (const auto& doc : records_in(*sets[p], kHeader))
            out[p].push_back({&doc, batch.add("MCPDocumentiT", doc, {"key_documento"}),
                              batch.add("MCPDocumentiR", doc, {"key_documento"}, lines_per_doc)});
    batch.fetch(ctx, client::kWriter);
    return out;
}

/// Each line repeats its header's key and data (kRepeated), compared as the line view types them.
void expect_repeats(Context& ctx, const json& doc, const json& line, const std::string& pointer,
                    const client::Exchange& exchange) {
    compare_fields(ctx, record_of(ctx, "MCPDocumentiR"), doc, kHeader, line, kRepeated, pointer, exchange);
}

/// `fields` and `key` of `row` selected together on `view` return the row, and no row whose integer `fields` differ
/// from `row`'s: the seeds' example filters (001 §2.6, §2.7) on the values the view itself returned. Text fields
/// are not held to equality in the other rows: a collation or trailing-blank rule may match other spellings (A-17,
///
void expect_example_filter(Context& ctx, const std::string& view, const json& row,
                           const std::vector<std::string>& fields, const std::vector<std::string>& key) {
    const Record& record = record_of(ctx, view);
    for (const auto& f : fields)
        if (!value_of(row, f).is_string() && !value_of(row, f).is_number_integer())
            return;  // a null: nothing to filter by
    // With the row's key too: on a target holding data, the example's values alone may select more than a page.
    const std::string selection = equals_selection(record, row, fields) + " and " + equals_selection(record, row, key);
    bool found = false;
    const Rows rows = read_rows(ctx, client::kWriter, view, selection);
    for (std::size_t i = 0; i < rows.rows.size(); ++i) {
        bool same_key = true;
        for (const auto& k : key) same_key = same_key && value_of(rows.rows[i], k) == value_of(row, k);
        found = found || same_key;
        for (const auto& f : fields)
            if (value_of(row, f).is_number_integer() && value_of(rows.rows[i], f) != value_of(row, f))
                ctx.finding({.expected = "only rows with " + selection + " (the seeds' example filter)",
                             .actual = f + " = " + value_of(rows.rows[i], f).dump(),
                             .pointer = "/" + std::to_string(i) + "/" + f,
                             .exchange = rows.exchange});
    }
    if (!found)
        ctx.finding({.expected = "the row it read before among the rows of " + view + " with " + selection +
                                 " (the seeds' example filter)",
                     .actual = "not among the " + std::to_string(rows.rows.size()) + " rows",
                     .exchange = rows.exchange});
}

/// A header's rows in both document views (VIEW-03): its lines carried in MCPDocumentiT and listed in MCPDocumentiR,
/// each repeating the header's data, prg_riga distinct.
void judge_nested_lines(Context& ctx, const json& doc, const Rows& rows, const Rows& view_lines) {
    const std::size_t sent = doc.at(kLines).size();
    if (const auto row = header_row(ctx, doc, rows)) {
        const json lines = value_of(*row, "MCPDocumentiR");
        if (!lines.is_array() || lines.size() != sent) {
            ctx.finding({.expected = "the MCPDocumentiT row carries its " + std::to_string(sent) +
                                     " lines in the list MCPDocumentiR (001 §2.6)",
                         .actual = lines.is_array() ? std::to_string(lines.size()) + " lines"
                                                    : "MCPDocumentiR = " + lines.dump(),
                         .pointer = rows.at(0) + "/MCPDocumentiR",
                         .exchange = rows.exchange});
        } else {
            for (std::size_t i = 0; i < lines.size(); ++i)
                expect_repeats(ctx, doc, lines[i], rows.at(0) + "/MCPDocumentiR/" + std::to_string(i), rows.exchange);
        }
    }
    if (view_lines.rows.size() != sent)
        ctx.finding(
            {.expected = std::to_string(sent) + " MCPDocumentiR rows with the header's key_documento (its lines)",
             .actual = std::to_string(view_lines.rows.size()) + " rows",
             .exchange = view_lines.exchange});
    for (std::size_t i = 0; i < view_lines.rows.size(); ++i)
        expect_repeats(ctx, doc, view_lines.rows[i], view_lines.at(i), view_lines.exchange);
    expect_distinct_prg_riga(ctx, view_lines);
}

/// One of the seeds' example filters to read (expect_example_filter's arguments), for the case at `position`.
struct ExampleFilter {
    std::size_t position;
    std::string view;
    json row;
    std::vector<std::string> fields, key;
};

/// The example filters on both document views of a header's rows.
void add_example_filters(std::vector<ExampleFilter>& out, std::size_t position, const Rows& rows,
                         const Rows& view_lines) {
    if (rows.rows.size() == 1)
        out.push_back({position, "MCPDocumentiT", rows.rows[0], {"cod_tipodoc", "num_anno"}, {"key_documento"}});
    if (!view_lines.rows.empty())
        out.push_back({position,
                       "MCPDocumentiR",
                       view_lines.rows[0],
                       {"cod_tipodoc", "num_anno", "cod_famiglia"},
                       {"key_documento", "prg_riga"}});
}

/// Reads `filters` at once (each is a read of its own), their findings marked as concerning their cases.
void expect_example_filters(Context& ctx, CaseMarks& marks, const std::vector<ExampleFilter>& filters) {
    at_once(
        ctx, lanes_in_turn(filters.size()),
        [&](std::size_t i, Context& lane) {
            const auto& f = filters[i];
            expect_example_filter(lane, f.view, f.row, f.fields, f.key);
        },
        [&](std::size_t i, Context& lane) {
            marks.at(filters[i].position);
            ctx.merge(lane);
        });
}

/// Headers of a block whose example filters VIEW-03 reads (the filter is the same rule whatever the values; each
/// header costs two more reads).
constexpr int kExampleHeaders = 4;

void document_lines(Context& ctx) {
    const auto options = small_data_set_options(ctx);
    CaseDataSets data_sets(ctx, options);
    for_all_blocks<gen::DataSet>(
        ctx, {"MCPDocumentiT rows carry their lines in MCPDocumentiR, and MCPDocumentiR has them",
              [&] { return data_sets.next(); },
              [&](const std::vector<const gen::DataSet*>& sets, CaseMarks& marks) {
                  BatchedReads batch;
                  const auto docs = read_documents(ctx, sets, batch, static_cast<std::size_t>(options.max_lines));
                  int examples = kExampleHeaders;
                  std::vector<ExampleFilter> filters;
                  for (std::size_t p = 0; p < sets.size(); ++p) {
                      marks.at(p);
                      for (const auto& d : docs[p]) {
                          judge_nested_lines(ctx, *d.doc, batch.rows(d.header), batch.rows(d.lines));
                          if (examples-- > 0)
                              add_example_filters(filters, p, batch.rows(d.header), batch.rows(d.lines));
                      }
                  }
                  expect_example_filters(ctx, marks, filters);
              },
              kCaseSlots});
}

/// The week of the year as SQL Server's DATEPART(week, …) counts it with its default first day (Sunday):
/// week 1 holds 1 January, weeks start on Sunday.
int sunday_week(sql::Ticks t) {
    constexpr sql::Ticks kDay = 864000000000LL;
    const auto civil = sql::civil_from_ticks(t);
    const sql::Ticks jan1 = sql::ticks_from_civil({civil.year, 1, 1});
    const long long day_of_year = (t - jan1) / kDay;
    const long long jan1_weekday = (jan1 / kDay + 1) % 7;  // 0001-01-01 was a Monday; 0 = Sunday
    return static_cast<int>((day_of_year + jan1_weekday) / 7 + 1);
}

/// Every week number a correct server may give `t`, as databases count them: ISO 8601; DATEPART(week) with
/// Sunday or Monday first (week 1 holds 1 January); strftime's %U and %W (Sunday or Monday first, the days before
/// the first such day week 0: SQLite, MySQL's WEEK modes 0 and 5); weeks counted from 1 January (Oracle's WW).
std::set<int> week_numbers(sql::Ticks t) {
    constexpr sql::Ticks kDay = 864000000000LL;
    const auto civil = sql::civil_from_ticks(t);
    const long long jan1 = sql::ticks_from_civil({civil.year, 1, 1}) / kDay, day = t / kDay, day_of_year = day - jan1;
    const int monday0 = static_cast<int>(day % 7),
              sunday0 = static_cast<int>((day + 1) % 7);  // 0001-01-01 was a Monday
    const int jan1_monday0 = static_cast<int>(jan1 % 7);
    return {sql::iso_week(t),
            sunday_week(t),
            static_cast<int>((day_of_year + jan1_monday0) / 7 + 1),
            static_cast<int>((day_of_year + 7 - sunday0) / 7),
            static_cast<int>((day_of_year + 7 - monday0) / 7),
            static_cast<int>(day_of_year / 7 + 1)};
}

/// mese and settimana of a header's MCPDocumentiT row (VIEW-07).
void judge_month(Context& ctx, const json& doc, const Rows& rows) {
    const auto date =
        sql::parse_datetime(doc.at("dat_doc").get<std::string>(), SqlKind::Datetime, sql::TimeSource::Record);
    if (!date.ticks)
        throw harness_error("the generated dat_doc " + doc.at("dat_doc").dump() + " is no date: " + date.error);
    const int month = sql::civil_from_ticks(*date.ticks).month;
    const auto row = header_row(ctx, doc, rows);
    if (!row) return;
    const std::string dat_doc = doc.at("dat_doc").get<std::string>();
    if (value_of(*row, "mese") != json(month))
        ctx.finding({.expected = "mese = " + std::to_string(month) + ", the month of dat_doc " + dat_doc,
                     .actual = "mese = " + value_of(*row, "mese").dump(),
                     .pointer = rows.at(0) + "/mese",
                     .exchange = rows.exchange});
    const json week = value_of(*row, "settimana");
    const auto weeks = week_numbers(*date.ticks);
    if (!week.is_number_integer() || !weeks.contains(week.get<int>())) {
        std::string any;
        for (int w : weeks) any += (any.empty() ? "" : ", ") + std::to_string(w);
        ctx.finding({.expected = "settimana a week of dat_doc " + dat_doc + " under some numbering (" + any +
                                 ": ISO 8601; DATEPART or strftime weeks from Sunday or Monday; weeks from 1 January)",
                     .actual = "settimana = " + week.dump(),
                     .pointer = rows.at(0) + "/settimana",
                     .exchange = rows.exchange});
    }
}

void month_of_date(Context& ctx) {
    auto options = small_data_set_options(ctx);
    options.min_lines = options.max_lines = 1;
    CaseDataSets data_sets(ctx, options);
    for_all_blocks<gen::DataSet>(
        ctx, {"MCPDocumentiT.mese is the month of dat_doc, settimana a week of it", [&] { return data_sets.next(); },
              [&](const std::vector<const gen::DataSet*>& sets, CaseMarks& marks) {
                  BatchedReads batch;
                  const auto docs = read_documents(ctx, sets, batch, 1);
                  for (std::size_t p = 0; p < sets.size(); ++p) {
                      marks.at(p);
                      for (const auto& d : docs[p]) judge_month(ctx, *d.doc, batch.rows(d.header));
                  }
              },
              kCaseSlots});
}

void week_numbering(Context& ctx) {
    gen::DataSet set = one_data_set(ctx, 9);
    // A Sunday early in January: ISO 8601 says week 1 (of 2026), DATEPART(week) with Sunday first says week 2.
    for (auto& b : set)
        if (b.resource == kHeader)
            for (auto& doc : b.records) doc["dat_doc"] = "2026-01-04T10:00:00";
    send_data_set(ctx, set);
    for (const auto& doc : records_in(set, kHeader)) {
        const Rows rows = read_rows(ctx, client::kWriter, "MCPDocumentiT",
                                    equals_selection(record_of(ctx, "MCPDocumentiT"), doc, {"key_documento"}));
        if (rows.rows.size() != 1) {  // VIEW-03 holds the header to its one row; this check only observes
            ctx.observe("the header written has " + std::to_string(rows.rows.size()) +
                            " rows in MCPDocumentiT: no settimana to observe (A-39)",
                        rows.exchange);
            continue;
        }
        const json* row = &rows.rows.front();
        const auto date =
            sql::parse_datetime(doc.at("dat_doc").get<std::string>(), SqlKind::Datetime, sql::TimeSource::Record);
        if (!date.ticks) throw harness_error("the generated dat_doc " + doc.at("dat_doc").dump() + " is no date");
        const json week = value_of(*row, "settimana");
        const int iso = sql::iso_week(*date.ticks), sunday = sunday_week(*date.ticks);
        std::string kind = "neither";
        if (week == json(iso) && week == json(sunday))
            kind = "both the ISO 8601 week and DATEPART(week) (Sunday first)";
        else if (week == json(iso))
            kind = "the ISO 8601 week";
        else if (week == json(sunday))
            kind = "DATEPART(week) with Sunday as first day";
        ctx.observe("settimana for dat_doc " + doc.at("dat_doc").get<std::string>() + " is " + week.dump() + ": " +
                        kind + " (ISO " + std::to_string(iso) + ", Sunday-first " + std::to_string(sunday) + ") (A-39)",
                    rows.exchange);
    }
    // POST query beyond MCPClienti, with the target's body template.
    if (const auto q = ctx.api.query(client::kWriter, "MCPFornitori", {std::nullopt, 1, 1}))
        ctx.observe("POST query on MCPFornitori (A-85): " + status_text(q->response), q->response.exchange);
}

// ---- VIEW-13 ----

/// Each document view row of `set`'s headers shows the classification codes of its article (lines) and counterpart
/// (headers) as `set` holds them.
void expect_joined_codes(Context& ctx, const gen::DataSet& set) {
    for (const auto& read : view_reads(ctx, set)) {
        if (read.view != "MCPDocumentiR" && read.view != "MCPDocumentiT") continue;
        const Record& view = record_of(ctx, read.view);
        const Rows rows = read_rows(ctx, client::kWriter, read.view, read.selection);
        for (std::size_t i = 0; i < rows.rows.size(); ++i) {
            const json& row = rows.rows[i];
            const std::string at = "/" + std::to_string(i);
            if (read.view == "MCPDocumentiR") {
                if (const json* article =
                        referenced(set, "Articoli", row, {{"cod_art", "cod_art"}, {"cod_variante", "cod_variante"}}))
                    compare_fields(ctx, view, *article, "Articoli (the line's article)", row, kArticleClassification,
                                   at, rows.exchange);
            } else if (const json* party = counterpart_of(set, *read.base)) {
                compare_fields(ctx, view, *party, "CliFor (the counterpart)", row, kCounterpartClassification, at,
                               rows.exchange);
            }
        }
    }
}

/// `set` with every classification code of its articles and counterparts changed to a value of this run's own
/// (at most 10 characters, the shortest of those fields).
gen::DataSet reclassified(const Context& ctx, gen::DataSet set) {
    for (auto& b : set) {
        const auto& codes = b.resource == "Articoli" ? kArticleClassification
                            : b.resource == "CliFor" ? kCounterpartClassification
                                                     : std::vector<std::string>{};
        for (auto& r : b.records)
            for (std::size_t i = 0; i < codes.size(); ++i)
                r[codes[i]] = ("u" + std::to_string(i) + ctx.prefix).substr(0, 10);
    }
    return set;
}

/// One data set is enough: which codes a document view shows does not depend on the values drawn, and the documents'
/// views are the largest a run reads (VIEW-04 already reads them case after case). The views are derived from the
/// base records (001 §2.3-2.7), so they follow an article's and a counterpart's later changes too.
void joined_data(Context& ctx) {
    const gen::DataSet set = one_data_set(ctx, 13);
    send_data_set(ctx, set);
    expect_joined_codes(ctx, set);
    const gen::DataSet changed = reclassified(ctx, set);
    for (const char* resource : {"CliFor", "Articoli"}) {
        const auto r = ctx.sync(client::kWriter, resource, records_in(changed, resource));
        ctx.answered(r);
        if (r.status !=
            200) {  // codes no record has: the seeds state no referential rule, so a refusal is the target's
            ctx.observe("re-sending the data set's " + std::string(resource) +
                            " records with classification codes of "
                            "their own answered " +
                            std::to_string(r.status) + ": whether the views follow them is not judged",
                        r.exchange);
            return;
        }
    }
    expect_joined_codes(ctx, changed);
}

}  // namespace

// clang-format off
std::vector<Check> view_document_checks(const std::vector<std::string>& data_set_resources) {
    return {
        {.id = "VIEW-03",
         .title = "MCPDocumentiT carries its lines; MCPDocumentiR has them, each repeating its header's data",
         .spec = "001 §2.6, §2.7; 000 §2.1; A-38",
         .verifies = {"001-2.6-lines-nested", "001-2.7-line-repeats-header", "000-2.1-catalogue-mcpdocumentit",
                      "001-2.7-mcpdocumentir-key", "001-2.6-example-filter", "001-2.7-example-filter",
                      "000-4.1-rule3-filter-large-views"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = data_set_resources, .writes = true,
         .own_rows = true, .chain = 25, .run = document_lines},
        {.id = "VIEW-07", .title = "MCPDocumentiT.mese is the month of dat_doc, settimana a week of it",
         .spec = "001 §2.6; A-39", .verifies = {"001-2.6-mese-settimana"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = data_set_resources, .writes = true, .own_rows = true,
         .chain = 20, .run = month_of_date},
        {.id = "VIEW-09", .title = "MCPDocumentiT.settimana: which week numbering? POST query beyond MCPClienti?",
         .spec = "001 §2.6; 000 §4.2; A-39, A-85",
         .verifies = {"001-2.6-mese-settimana", "000-4.2-other-resources-not-shown"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = data_set_resources, .writes = true, .own_rows = true,
         .run = week_numbering},
        {.id = "VIEW-13",
         .title =
             "Document lines carry their article's classification and brand, headers their counterpart's classification, "
             "and follow them when they change",
         .spec = "001 §2.6, §2.7; 000 §2.1 Relations; A-38, A-67, A-112",
         .verifies = {"001-2.7-line-article-classification", "001-2.6-counterpart-on-header",
                      "000-2.1-rel-counterpart", "000-1-cap5-views"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = data_set_resources, .writes = true,
         .own_rows = true, .run = joined_data},
    };
}
// clang-format on

}  // namespace bds::suites

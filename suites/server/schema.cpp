// Suite "schema" (000 §2, 001 §2; ): every record the target returns validates against its
// resource's returned-record schema (schemas/*.json, generated from the catalogue) and the SQL type rules a schema
// cannot express (RecordValidator): NOT NULL fields present and not null, JSON types, lengths, allowed values,
// timestamps as strings or integers. How it writes what the seeds leave open (date-times, decimals, rowversions,
// nulls, the code page of varchar) is observed (SCH-03), never judged.
#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "generate/draw.hpp"
#include "run/at_once.hpp"
#include "generate/data_set_gen.hpp"
#include "schema/record_validator.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "suites/registry.hpp"
#include "suites/common/statements.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

/// Rows per resource SCH-01 reads (the first page).
constexpr long long kFirstPage = 50;
/// Findings per resource and source, so that one systematic fault does not flood the report.
constexpr int kFindingsPerSource = 5;

/// Validators per record, built on first use. The decimal precision is SQL Server's largest (38): the seeds give
/// none (A-16 only sets the scale), so a target with wider decimals than the stub's 19 must pass.
class Validators {
public:
    explicit Validators(const Context& ctx) : ctx_(ctx) {}
    const RecordValidator& of(const Record& record) {
        auto& v = cache_[record.name];
        if (!v)
            v = std::make_unique<RecordValidator>(ctx_.catalogue, record, Direction::Returned, returned_profile(ctx_));
        return *v;
    }

private:
    const Context& ctx_;
    std::map<std::string, std::unique_ptr<RecordValidator>> cache_;
};

/// The JSON pointer of the rows in a page's body: "/Records" in an object envelope, "" for a bare array.
std::string rows_pointer(const client::ListPage& page) {
    return page.envelope == client::EnvelopeSetting::Object ? "/" + page.rows_member : std::string();
}

/// Validates every row of `page`; one finding per invalid row (at most kFindingsPerSource), with the pointer of its
/// first violation. Returns the number of rows validated.
std::size_t validate_page(Context& ctx, Validators& validators, const Record& record, const client::ListPage& page,
                          const client::Exchange& exchange, const std::string& source) {
    const RecordValidator& validator = validators.of(record);
    const std::string base = rows_pointer(page);
    int reported = 0;
    for (std::size_t i = 0; i < page.rows.size(); ++i) {
        const auto violations = validator.validate(page.rows[i], base + "/" + std::to_string(i));
        if (violations.empty() || reported >= kFindingsPerSource) continue;
        ++reported;
        std::string actual;
        for (std::size_t k = 0; k < violations.size() && k < 6; ++k)
            actual += (k ? "; " : "") + violations[k].pointer + ": " + violations[k].message;
        if (violations.size() > 6) actual += "; and " + std::to_string(violations.size() - 6) + " more";
        ctx.finding({.expected = "every " + record.name + " record returned by " + source +
                                 " valid against its schema (000 §2; A-13, A-14, A-15)",
                     .actual = actual,
                     .pointer = violations.front().pointer,
                     .exchange = exchange});
    }
    return page.rows.size();
}

/// Views of document lines, and headers carrying theirs, are read a document at a time rather than whole, as the
/// seeds advise (000 §4.1 rule 3: "Large views (document lines) are to be filtered"): a target's millions of lines
/// are never counted for a check that validates a page (docs/architecture.md, "Reads of a target's data").
bool read_by_document(const std::string& resource) {
    return resource == kLines || resource == "MCPDocumentiT" || resource == "MCPDocumentiR";
}
/// The documents of the header page whose rows SCH-01 reads in those views.
constexpr std::size_t kDocuments = 3;

/// What SCH-01's reads left unread: "`name` (why)" for each page it could not read, and among them the 200 answers
/// that were no list in any envelope; `read`, the pages it did read.
struct Unread {
    std::vector<std::string> names;
    std::vector<std::pair<std::string, client::Exchange>> malformed;
    std::size_t read = 0;
};

/// Validates `r`, one page of `record` read as the writer from `source`. A list answered 403 is observed (whether the
/// writer may read it is the access suite's business); any other failure is added to `unreadable`. Returns the rows
/// validated.
std::vector<json> validate_answer(Context& ctx, Validators& validators, const Record& record,
                                  const client::ListResult& r, const std::string& source, const std::string& name,
                                  Unread& unreadable) {
    ctx.answered(r.response);
    if (r.response.status == 403 && source.rfind("GET /api/resources/", 0) == 0) {
        ctx.observe(record.name + " not read: 403 for the writer", r.response.exchange);
        return {};
    }
    if (r.response.status != 200 || !r.page) {
        const std::string why = r.response.status != 200 ? "status " + std::to_string(r.response.status) : r.problem;
        unreadable.names.push_back(name + " (" + why + ")");
        if (r.response.status == 200) unreadable.malformed.emplace_back(source + ": " + why, r.response.exchange);
        return {};
    }
    ++unreadable.read;
    validate_page(ctx, validators, record, *r.page, r.response.exchange, source);
    return r.page->rows;
}

/// The rows of the first kDocuments documents of `headers` in the views read by document, read at once. Returns the
/// rows validated.
std::size_t document_views(Context& ctx, Validators& validators, const std::vector<json>& headers, long long size,
                           Unread& unreadable) {
    std::vector<std::pair<const Record*, std::string>> reads;  // a view and its selection
    std::size_t documents = 0;
    for (const auto& header : headers) {
        const json key = header.value("key_documento", json());
        if (!key.is_string() || documents == kDocuments) continue;
        ++documents;
        const std::string selection = "key_documento = " + sql_text(key.get<std::string>());
        for (const Record* record : ctx.catalogue.resources())
            if (read_by_document(record->name) && record->has(Operation::GetResources))
                reads.emplace_back(record, selection);
    }
    if (documents == 0)
        ctx.observe("no document on the first page of StoricoDocumentiT: its lines and document views were not read");
    const auto answers = answers_at_once<client::ListResult>(ctx, reads.size(), [&](std::size_t i, Context& c) {
        return c.api.list(client::kWriter, reads[i].first->name, {reads[i].second, size, 1});
    });
    std::size_t validated = 0;
    for (std::size_t i = 0; i < reads.size(); ++i) {
        const auto& [record, selection] = reads[i];
        validated += validate_answer(ctx, validators, *record, answers[i],
                                     "GET /api/resources/" + record->name + " where " + selection,
                                     record->name + " where " + selection, unreadable)
                         .size();
    }
    return validated;
}

void first_pages(Context& ctx) {
    Validators validators(ctx);
    const long long size = std::min<long long>(kFirstPage, page_size(ctx));
    std::size_t validated = 0;
    Unread unreadable;
    // The first page of each list, then the change feed's from the seeds' "returns every record" instant (000 §4.3),
    // paged like the lists: validated in that order.
    std::vector<const Record*> lists, feeds;
    for (const Record* record : ctx.catalogue.resources()) {
        if (record->has(Operation::GetResources) && !read_by_document(record->name)) lists.push_back(record);
        if (record->has(Operation::GetSync)) feeds.push_back(record);
    }
    // One read after another until a page holds rows: the envelope the target's lists use settles on that answer
    // (client::EnvelopeState) as it did with every read after another, and the others go at once, read in it.
    auto read = [&](std::size_t i, Context& c) {
        if (i < lists.size()) return c.api.list(client::kWriter, lists[i]->name, {std::nullopt, size, 1});
        return c.api.sync_get(client::kWriter, feeds[i - lists.size()]->name, "1900-01-01 00:00:00.000",
                              {std::nullopt, size, 1});
    };
    std::vector<client::ListResult> answers;
    while (answers.size() < lists.size() + feeds.size() &&
           std::none_of(answers.begin(), answers.end(), [](const auto& a) { return a.page && !a.page->rows.empty(); }))
        answers.push_back(read(answers.size(), ctx));
    const std::size_t first = answers.size();
    for (auto& answer : answers_at_once<client::ListResult>(
             ctx, lists.size() + feeds.size() - first, [&](std::size_t k, Context&c) { return read(first + k, c); }))
        answers.push_back(std::move(answer));
    std::vector<json> headers;
    for (std::size_t i = 0; i < lists.size(); ++i) {
        const auto rows = validate_answer(ctx, validators, *lists[i], answers[i],
                                          "GET /api/resources/" + lists[i]->name, lists[i]->name, unreadable);
        validated += rows.size();
        if (lists[i]->name == kHeader) headers = rows;
    }
    validated += document_views(ctx, validators, headers, size, unreadable);
    for (std::size_t i = 0; i < feeds.size(); ++i) {
        const std::string source = "GET /api/sync/" + feeds[i]->name;
        validated +=
            validate_answer(ctx, validators, *feeds[i], answers[lists.size() + i], source, source, unreadable).size();
    }
    // A 200 answer that is no list while the target's other pages were read in their envelope breaks the answer's
    // shape (000 §4.1, §4.3 Response 200), whatever A-07 chose: a failure, not an undecided read.
    if (unreadable.read > 0)
        for (const auto& [what, exchange] : unreadable.malformed)
            ctx.finding({.expected = "a 200 answer holding records and TotalRowsCount in the envelope the target's "
                                     "other lists use (000 §4.1, §4.3 Response 200; A-07)",
                         .actual = what,
                         .exchange = exchange});
    if (!unreadable.names.empty()) {
        std::string list;
        for (const auto& u : unreadable.names) list += (list.empty() ? "" : ", ") + u;
        if (ctx.findings.empty()) throw CheckError("the first page of these resources could not be read: " + list);
        ctx.observe("not read: " + list);
    }
    // Nothing returned: nothing can be invalid (SCH-02 validates rows it writes).
    if (validated == 0)
        ctx.observe("every readable resource and change feed was empty for the writer: no row to validate");
}

/// One page of `selection` on `record` (this check's few rows), validated. A read that fails is a CheckError: the
/// rows are this check's own, and reading them is the filters suite's rule.
std::vector<json> read_validated(Context& ctx, Validators& validators, const Record& record,
                                 const std::string& selection) {
    const auto r = ctx.api.list(client::kWriter, record.name, {selection, page_size(ctx), 1});
    const auto& page = ctx.page_of(r, "reading " + record.name + " with RecordSelection " + selection);
    validate_page(ctx, validators, record, page, r.response.exchange,
                  "GET /api/resources/" + record.name + " (this check's rows, by key)");
    return page.rows;
}

/// A coherent data set with at least one customer and one supplier, so that every view has rows of this check.
gen::DataSet data_set(const Context& ctx) {
    gen::DataSetOptions options = data_set_options(ctx);
    options.counts = {{"CliFor", 4}, {"StoricoDocumentiT", 2}};
    options.min_records = 1;
    options.max_records = 2;
    options.min_lines = 1;
    options.max_lines = 3;
    const auto gen = gen::data_set_gen(ctx.catalogue, options);
    rc::Random random(ctx.seed * 1000003u + 800);
    for (int attempt = 0; attempt < 50; ++attempt) {
        gen::DataSet set = gen::draw(gen, random.split(), 30);
        std::set<std::string> kinds;
        for (const auto& b : set)
            if (b.resource == "CliFor")
                for (const auto& r : b.records) kinds.insert(r.value("ind_clifor", std::string()));
        if (kinds.contains("C") && kinds.contains("F")) return set;
    }
    throw harness_error("could not generate a data set with both customers and suppliers");
}

/// "YYYY-MM-DD HH:MM:SS.fff" (the seeds' LastUtcRun form) one second before the earliest dat_ultvar of `rows`, or
/// nullopt when none carries one: instants come from the target's own clock.
std::optional<std::string> before_earliest(const std::vector<json>& rows) {
    std::optional<sql::Ticks> earliest;
    for (const auto& row : rows) {
        const json v = row.value("dat_ultvar", json());
        if (!v.is_string()) continue;
        const auto t = sql::parse_datetime(v.get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record);
        if (t.ticks && (!earliest || *t.ticks < *earliest)) earliest = t.ticks;
    }
    if (!earliest) return std::nullopt;
    std::string text = sql::format_datetime(*earliest - 10'000'000, SqlKind::Datetime);
    for (auto& c : text)
        if (c == 'T') c = ' ';
    return text;
}

void written_rows(Context& ctx) {
    Validators validators(ctx);
    gen::DataSet set = data_set(ctx);
    // The category tables are in no data set (no view joins them): a few records of their own.
    std::uint64_t salt = 810;
    for (const char* other : {"MacroCategClifor", "CategClifor"}) {
        const Record* record = ctx.catalogue.find(other);
        if (record && record->writable()) set.push_back({other, sample_records(ctx, *record, 2, ++salt)});
    }
    send_data_set(ctx, set);
    std::map<std::string, std::vector<json>> read;  // rows read per resource
    auto read_into = [&](const std::string& resource, const std::string& selection) {
        const auto rows = read_validated(ctx, validators, record_of(ctx, resource), selection);
        auto& all = read[resource];
        all.insert(all.end(), rows.begin(), rows.end());
    };
    for (const auto& b : set) {
        const Record& record = record_of(ctx, b.resource);
        for (const auto& sent : b.records) {
            read_into(b.resource, key_selection(record, sent));
            if (b.resource == "CliFor") {
                const std::string kind = sent.value("ind_clifor", std::string());
                const Record& view = record_of(ctx, kind == "C" ? "MCPClienti" : "MCPFornitori");
                read_into(view.name, key_selection(view, sent));
            } else if (b.resource == "Articoli") {
                read_into("MCPArticoli", key_selection(record_of(ctx, "MCPArticoli"), sent));
            } else if (b.resource == "StoricoDocumentiT") {
                const std::string by_document =
                    "key_documento = " + sql_text(sent.at("key_documento").get<std::string>());
                for (const char* lines : {"StoricoDocumentiR", "MCPDocumentiT", "MCPDocumentiR"})
                    read_into(lines, by_document);
            }
        }
    }
    // The registry view holds no record of this check, but one per resource the user may use.
    for (const char* other : {"MCPResources", "GruppiDocumento"}) {
        const Record* record = ctx.catalogue.find(other);
        if (!record || !record->has(Operation::GetResources)) continue;
        const auto r =
            ctx.api.list(client::kWriter, other, {std::nullopt, std::min<long long>(kFirstPage, page_size(ctx)), 1});
        read[other] = ctx.page_of(r, std::string("reading ") + other).rows;
        validate_page(ctx, validators, *record, *r.page, r.response.exchange,
                      std::string("GET /api/resources/") + other);
    }
    std::string empty;
    for (const Record* record : ctx.catalogue.resources())
        if (record->has(Operation::GetResources) && record->name != "GruppiDocumento" && read[record->name].empty())
            empty += (empty.empty() ? "" : ", ") + record->name;
    if (!empty.empty()) ctx.observe("no row of this check was shown by " + empty + " (nothing there to validate)");

    // The change feed (000 §4.3) returns records too: from just before this check's first write.
    for (const char* resource : {"StoricoDocumentiT", "Articoli", "CliFor"}) {
        const Record& record = record_of(ctx, resource);
        const auto since = before_earliest(read[resource]);
        if (!since) {
            ctx.observe(std::string(resource) +
                        ": no dat_ultvar on the rows read back, so the change feed was not read");
            continue;
        }
        const auto r = ctx.api.sync_get(client::kWriter, resource, *since, {std::nullopt, page_size(ctx), 1});
        const auto& page = ctx.page_of(r, std::string("reading GET /api/sync/") + resource + "?LastUtcRun=" + *since);
        validate_page(ctx, validators, record, page, r.response.exchange, std::string("GET /api/sync/") + resource);
    }
}

// ---- SCH-03 ----

/// A value's shape: its digits as 9 ("2026-03-01T10:00:00.000Z" → "9999-99-99T99:99:99.999Z").
std::string shape(const std::string& text) {
    std::string out = text.substr(0, 40);
    for (char& c : out)
        if (c >= '0' && c <= '9') c = '9';
    return out;
}

/// The form of a rowversion written as text, not its value (rowversions move with every write in the database).
std::string timestamp_form(const std::string& text) {
    const auto all = [&](std::size_t from, const char* alphabet) {
        return text.find_first_not_of(alphabet, from) == std::string::npos;
    };
    const std::string n = std::to_string(text.size());
    if (text.size() > 2 && text.compare(0, 2, "0x") == 0 && all(2, "0123456789abcdefABCDEF"))
        return "0x and " + std::to_string(text.size() - 2) + " hex digits";
    if (!text.empty() && text.size() % 4 == 0 &&
        all(0, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="))
        return "base64, " + n + " characters";
    if (!text.empty() && all(0, "0123456789")) return "decimal digits, " + n + " characters";
    return "another string, " + n + " characters";
}

/// What forms the rows show for each kind of value the seeds leave open.
struct Forms {
    std::map<std::string, std::set<std::string>> seen;  // what → forms
    int decimal_places = -1;                            // the most digits after a decimal's point
    void add(const std::string& what, const std::string& form) {
        if (auto& forms = seen[what]; forms.size() < 4) forms.insert(form);
    }
    void of(const Record& record, const json& row) {
        for (const auto& f : record.fields) {
            const auto it = row.find(f.name);
            if (it == row.end()) {
                if (f.nullable && !record.open) add("null fields (A-13)", "left out");
                continue;
            }
            const json& v = *it;
            if (v.is_null()) {
                add("null fields (A-13)", "null");
                continue;
            }
            if (!f.values.empty() && std::none_of(f.values.begin(), f.values.end(), [&](const auto& a) {
                    return json(a.value) == v || v.dump() == a.value;
                }))
                add("values outside a field's allowed values (A-33)", f.name + " " + v.dump().substr(0, 20));
            switch (f.type.kind) {
                case SqlKind::Datetime:
                case SqlKind::Datetime2:
                    add(f.type.str() + " (A-14)",
                        v.is_string() ? shape(v.get<std::string>()) : std::string("a JSON ") + v.type_name());
                    break;
                case SqlKind::Decimal: {
                    add("decimal (A-83)", std::string("a JSON ") + v.type_name());
                    const std::string text = v.is_string() ? v.get<std::string>() : v.dump();
                    const auto point = text.find('.');
                    if (point != std::string::npos && text.find_first_of("eE") == std::string::npos)
                        decimal_places = std::max(decimal_places, static_cast<int>(text.size() - point - 1));
                    break;
                }
                case SqlKind::Timestamp:
                    // The form, not the value: rowversions move with every write anywhere in the database.
                    add("timestamp (A-15)", v.is_string() ? "a string: " + timestamp_form(v.get<std::string>())
                                                          : std::string("a JSON ") + v.type_name());
                    break;
                case SqlKind::VarChar:
                case SqlKind::Char:
                    if (v.is_string())
                        if (const auto text = sql::utf8_to_u32(v.get<std::string>()))
                            for (char32_t c : *text)
                                if (!sql::in_windows_1252(c)) {
                                    add(f.type.str() + " text (A-61)",
                                        "holds U+" + sql::hex_code_point(c) + " (outside Windows-1252)");
                                    break;
                                }
                    break;
                default: break;
            }
        }
    }
};

void forms_written(Context& ctx) {
    Forms forms;
    std::set<std::string> count_types;
    for (const char* name : {"StoricoDocumentiT", "CliFor", "Articoli", "AliquoteIva"}) {
        const Record& record = record_of(ctx, name);
        const auto r =
            ctx.api.list(client::kWriter, name, {std::nullopt, std::min<long long>(kFirstPage, page_size(ctx)), 1});
        ctx.answered(r.response);
        if (r.response.status != 200 || !r.page) continue;
        for (const auto& row : r.page->rows) forms.of(record, row);
        if (!r.page->total_type.empty()) count_types.insert("a JSON " + r.page->total_type);
    }
    for (const auto& type : count_types) ctx.observe("TotalRowsCount (A-118): " + type);
    if (forms.seen.empty())
        ctx.skip("no rows to look at on the first pages of StoricoDocumentiT, CliFor, Articoli, AliquoteIva");
    for (const auto& [what, seen] : forms.seen) {
        std::string text;
        for (const auto& form : seen) text += (text.empty() ? "" : ", ") + form;
        ctx.observe(what + ": " + text);
    }
    if (forms.decimal_places >= 0)
        ctx.observe("decimals show at most " + std::to_string(forms.decimal_places) + " decimal places (A-16)");
}

const std::vector<std::string>& data_set_resources() {
    static const std::vector<std::string> resources = {
        "AliquoteIva",      "Famiglia",   "Sottofamiglia", "MarcaArticoli",     "Articoli",          "CliFor",
        "CodiciDocumento",  "CondPagam",  "StatiEsteri",   "StoricoDocumentiT", "StoricoDocumentiR", "MCPResources",
        "MCPArticoli",      "MCPClienti", "MCPFornitori",  "MCPDocumentiT",     "MCPDocumentiR",     "GruppiDocumento",
        "MacroCategClifor", "CategClifor"};
    return resources;
}

}  // namespace

// clang-format off
std::vector<Check> schema_checks() {
    return {
        {.id = "SCH-01",
         .title = "The first page of every readable resource and change feed validates against its schema",
         .spec = "000 §2, §4.1 (rule 3: document lines by document), §4.3; 001 §2; A-13, A-14, A-15",
         .verifies = joined({"000-4.1-response-200", "000-4.3-response-200", "000-4-get-resources", "000-1-cap2-list",
                             "001-intro-read-operations"},
                            {statements::catalogue_rows(), statements::written_fields(), statements::view_fields(),
                             statements::nullability(), statements::allowed_values()}),
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"*"}, .own_rows = true, .run = first_pages},
        {.id = "SCH-02",
         .title = "Records this check wrote validate against their schemas on every resource, view and change feed",
         .spec = "000 §2, §4.1, §4.3; 001 §2; A-13, A-14, A-15",
         .verifies = joined({"000-4.1-response-200", "000-4.3-response-200"},
                            {statements::written_fields(), statements::view_fields(), statements::nullability(),
                             statements::allowed_values()}),
         .level = Level::Must, .needs = {client::kWriter}, .resources = data_set_resources(), .writes = true,
         .own_rows = true, .chain = 43, .run = written_rows},
        {.id = "SCH-03", .title = "How are date-times, decimals, rowversions, nulls, varchar text and TotalRowsCount written?",
         .spec = "000 §1, §4.1; A-13, A-14, A-15, A-61, A-83, A-118", .verifies = {"000-1-field-types"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = {"StoricoDocumentiT", "CliFor", "Articoli", "AliquoteIva"},
         .own_rows = true, .run = forms_written},
    };
}
// clang-format on

}  // namespace bds::suites

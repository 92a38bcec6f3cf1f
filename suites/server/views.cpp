// Suite "views" (001 §2.3-2.7; 000 §1 capability 5): the MCP views return only their fields with their types,
// MCPClienti holds the customers and MCPFornitori the suppliers, MCPArticoli the articles, view rows agree with the
// base records this run wrote, MCPResources lists resources, and MCPClienti answers POST query (where its order
// puts NULLs is observed, A-96). The document views' own rules are in view_documents.cpp.
#include <rapidcheck.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "client/body_template.hpp"
#include "generate/data_set_gen.hpp"
#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "schema/record_validator.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "run/block_property.hpp"
#include "suites/common/batched_reads.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/view_rows.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

// ---- VIEW-01 ----

void fields_and_types(Context& ctx) {
    std::map<std::string, std::unique_ptr<RecordValidator>> validators;
    for (const char* v : {"MCPClienti", "MCPFornitori", "MCPArticoli", "MCPDocumentiT", "MCPDocumentiR"})
        validators[v] = std::make_unique<RecordValidator>(ctx.catalogue, record_of(ctx, v), Direction::Returned,
                                                          returned_profile(ctx));
    for_each_view_read(
        ctx, "every view row of a written data set has only the view's fields, each of its type",
        [&](const gen::DataSet&, const ViewRead& read, const Rows& rows) {
            for (std::size_t i = 0; i < rows.rows.size(); ++i)
                for (const auto& v : validators.at(read.view)->validate(rows.rows[i], rows.at(i)))
                    ctx.finding(
                        {.expected = read.view + " rows with only the fields 001 lists for it, each of its type",
                         .actual = v.pointer + " (" + v.field + "): " + v.message,
                         .pointer = v.pointer,
                         .exchange = rows.exchange});
        });
}

// ---- VIEW-02 ----

/// `view` shows the record of `kind` ("C" or "F") that `selection` selects once (`rows`: what it read with it), and no
/// row of the other kind.
void shows_only_its_kind(Context& ctx, const std::string& view, const std::string& kind, const std::string& selection,
                         const Rows& rows) {
    const std::string other = kind == "C" ? "F" : "C";
    int shown = 0;
    for (std::size_t k = 0; k < rows.rows.size(); ++k) {
        // The kind is told by ind_clifor alone: that des_ragsoc is the base record's is VIEW-04's (SHOULD).
        const json& row = rows.rows[k];
        const json ind = value_of(row, "ind_clifor");
        if (ind == kind) {
            ++shown;
            continue;
        }
        ctx.finding({.expected = view + " shows only ind_clifor " + kind +
                                 " (001 §2.1: " + (kind == "C" ? "customers" : "suppliers") + " only; " + selection +
                                 " was written as C and as F)",
                     .actual = "a row with ind_clifor " + ind.dump() + ", des_ragsoc " +
                               value_of(row, "des_ragsoc").dump() + (ind == other ? " (the " + other + " record)" : ""),
                     .pointer = rows.at(k) + "/ind_clifor",
                     .exchange = rows.exchange});
    }
    if (shown != 1)
        ctx.finding({.expected = view + " shows the " + kind + " record written with " + selection + " once",
                     .actual = std::to_string(shown) + " such rows",
                     .exchange = rows.exchange});
}

/// "MCPArticoli: articles with descriptions" (000 §2.1): each article written shows once in it, by its key, as
/// MCPClienti shows each customer (VIEW-02). Which descriptions it joins is VIEW-04's (SHOULD).
void articles_shown(Context& ctx) {
    const Record& articoli = record_of(ctx, "Articoli");
    const Record& view = record_of(ctx, "MCPArticoli");
    const auto block = sample_records(ctx, articoli, 3, 23);
    send_or_error(ctx, articoli, json(block));
    for (const auto& article : block) {
        const Rows rows = read_rows(ctx, client::kWriter, view.name, key_selection(view, article));
        if (rows.rows.size() != 1)
            ctx.finding({.expected = "the Articoli record written with " + key_selection(view, article) +
                                     " once in MCPArticoli (articles with descriptions)",
                         .actual = std::to_string(rows.rows.size()) + " rows",
                         .exchange = rows.exchange});
    }
}

/// A case of VIEW-02: customers, each followed by a supplier with the same cod_clifor (under the case's prefix).
json customers_case(Context& ctx, const Record& clifor, const rc::Gen<json>& record_gen,
                    const std::string& case_prefix) {
    json drawn = json::array();
    for (json c : *rc::gen::container<std::vector<json>>(static_cast<std::size_t>(*rc::gen::inRange(1, 4)),
                                                         rc::gen::noShrink(record_gen)))
        drawn.push_back(std::move(c));
    // One pair per cod_clifor, distinct as a case-insensitive unique index compares them; names that tell the two
    // apart.
    json pairs = json::array();
    for (json customer : under_case_prefix(clifor, drawn, ctx.prefix, case_prefix)) {
        customer["ind_clifor"] = "C";
        const std::string name = case_prefix + "." + std::to_string(pairs.size() / 2);
        customer["des_ragsoc"] = marker(ctx, "C " + name);
        json supplier = customer;
        supplier["ind_clifor"] = "F";
        supplier["des_ragsoc"] = marker(ctx, "F " + name);
        pairs.push_back(std::move(customer));
        pairs.push_back(std::move(supplier));
    }
    return pairs;
}

void view_customers_and_suppliers(Context& ctx) {
    const Record& clifor = record_of(ctx, "CliFor");
    const Record& clienti = record_of(ctx, "MCPClienti");
    const auto record_gen = gen::sent_record_gen(ctx.catalogue, clifor, gen_options(ctx));
    CasePrefixes prefixes(ctx.prefix);
    for_all_blocks<json>(
        ctx, {"each cod_clifor written as C and as F shows as C in MCPClienti and as F in MCPFornitori only",
              [&] { return customers_case(ctx, clifor, record_gen, prefixes.next()); },
              [&](const std::vector<const json*>& cases, CaseMarks& marks) {
                  std::vector<json> block;
                  BatchedReads batch;
                  std::vector<std::vector<std::pair<std::string, std::size_t>>> reads(
                      cases.size());  // selection, read id (C then F)
                  for (std::size_t p = 0; p < cases.size(); ++p) {
                      block.insert(block.end(), cases[p]->begin(), cases[p]->end());
                      for (std::size_t i = 0; i < cases[p]->size(); i += 2) {
                          const json& customer = (*cases[p])[i];
                          const std::string selection = equals_selection(clienti, customer, {"cod_clifor"});
                          reads[p].emplace_back(selection, batch.add("MCPClienti", customer, {"cod_clifor"}, 2));
                          reads[p].emplace_back(selection, batch.add("MCPFornitori", customer, {"cod_clifor"}, 2));
                      }
                  }
                  send_all(ctx, clifor, block);
                  batch.fetch(ctx, client::kWriter);
                  for (std::size_t p = 0; p < cases.size(); ++p) {
                      marks.at(p);
                      for (std::size_t k = 0; k < reads[p].size(); ++k)
                          shows_only_its_kind(ctx, k % 2 ? "MCPFornitori" : "MCPClienti", k % 2 ? "F" : "C",
                                              reads[p][k].first, batch.rows(reads[p][k].second));
                  }
              },
              kCaseSlots});
}

// ---- VIEW-04 ----

/// The counterpart fields the MCP document views join from CliFor by ind_clifor_c + cod_clifor_c, the one
/// relation the seeds state for them (000 §2.1 Relations; 001 §2.6 "counterpart name", "counterpart tax
/// code, VAT number"). Other joined descriptions are OBSERVE (A-38, A-58).
const std::vector<std::string> kCounterpartT = {"des_ragsoc", "cod_cfisc", "cod_piva"};
const std::vector<std::string> kCounterpartR = {"des_ragsoc"};

/// Each line of the header `read` names has one MCPDocumentiR row (matched by num_riga: the data set numbers them
/// 1..n), carrying the line's values and its counterpart's.
void lines_agree(Context& ctx, const gen::DataSet& set, const ViewRead& read, const Rows& rows) {
    const Record& view = record_of(ctx, read.view);
    const json* party = counterpart_of(set, *read.base);
    for (const auto& line : read.base->at(kLines)) {
        int found = 0;
        for (std::size_t i = 0; i < rows.rows.size(); ++i) {
            if (value_of(rows.rows[i], "num_riga") != value_of(line, "num_riga")) continue;
            ++found;
            const std::string pointer = rows.at(i);
            compare_fields(ctx, view, line, kLines, rows.rows[i], same_named(view, line), pointer, rows.exchange, &set);
            if (party)
                compare_fields(ctx, view, *party, "CliFor (the counterpart)", rows.rows[i], kCounterpartR, pointer,
                               rows.exchange);
        }
        if (found != 1)
            ctx.finding({.expected = "one MCPDocumentiR row for the line with num_riga " +
                                     value_of(line, "num_riga").dump() + " of " + read.selection,
                         .actual = std::to_string(found) + " rows",
                         .exchange = rows.exchange});
    }
}

/// The base record `read` names has one row in its view, with its values (a header's: and its counterpart's).
void record_agrees(Context& ctx, const gen::DataSet& set, const ViewRead& read, const Rows& rows) {
    if (rows.rows.size() != 1) {
        ctx.finding({.expected = "one " + read.view + " row for the " + read.base_name + " record written with " +
                                 read.selection,
                     .actual = std::to_string(rows.rows.size()) + " rows",
                     .exchange = rows.exchange});
        return;
    }
    const Record& view = record_of(ctx, read.view);
    compare_fields(ctx, view, *read.base, read.base_name, rows.rows[0], same_named(view, *read.base), rows.at(0),
                   rows.exchange, &set);
    if (read.view == "MCPDocumentiT")
        if (const json* party = counterpart_of(set, *read.base))
            compare_fields(ctx, view, *party, "CliFor (the counterpart)", rows.rows[0], kCounterpartT, rows.at(0),
                           rows.exchange);
}

void rows_agree(Context& ctx) {
    for_each_view_read(
        ctx, "each base record written has one row in its view, with the same values in same-named fields",
        [&](const gen::DataSet& set, const ViewRead& read, const Rows& rows) {
            read.view == "MCPDocumentiR" ? lines_agree(ctx, set, read, rows) : record_agrees(ctx, set, read, rows);
        });
}

// ---- VIEW-05 ----

void resources_registry(Context& ctx) {
    const Record& record = record_of(ctx, "MCPResources");
    const RecordValidator validator(ctx.catalogue, record, Direction::Returned, returned_profile(ctx));
    const long long size = std::min<long long>(page_size(ctx), 200);
    const auto r = ctx.api.list(client::kWriter, record.name, {std::nullopt, size, 1});
    if (!expect_status(ctx, r.response, 200, "GET /api/resources/MCPResources (listed in 000 §2.1)")) return;
    if (!r.page)
        ctx.fail({.expected = "a list response from GET /api/resources/MCPResources",
                  .actual = r.problem,
                  .exchange = r.response.exchange});
    const auto& rows = r.page->rows;
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (const auto& v : validator.validate(rows[i], "/" + std::to_string(i)))
            ctx.finding({.expected = "MCPResources rows with only the fields 001 §2.3 lists, each of its type",
                         .actual = v.pointer + " (" + v.field + "): " + v.message,
                         .pointer = v.pointer,
                         .exchange = r.response.exchange});
    std::set<std::string> ids;  // Resource_ID is its key (001 §2.3)
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (const json id = value_of(rows[i], "Resource_ID"); !id.is_null() && !ids.insert(id.dump()).second)
            ctx.finding({.expected = "Resource_ID distinct among MCPResources rows (its key, 001 §2.3)",
                         .actual = "Resource_ID " + id.dump() + " again",
                         .pointer = "/" + std::to_string(i) + "/Resource_ID",
                         .exchange = r.response.exchange});
    // The registry of the resources offered (000 §2.1, 001 §2.3) offers something to a user who reads resources, as
    // the writer does; which rows it holds is not shown: what it lists is recorded.
    if (rows.empty())
        ctx.finding({.expected = "MCPResources, the registry of the resources offered (001 §2.3), listing at least one "
                                 "resource to a user who reads resources (A-40)",
                     .actual = "no row on its first page",
                     .exchange = r.response.exchange});
    std::string names;
    int known = 0;
    const Record* listed = nullptr;  // the first catalogue resource it lists that a PageSize read may read whole
    for (const auto& row : rows) {
        const json name = value_of(row, "ResourceName");
        const Record* named = name.is_string() ? ctx.catalogue.find(name.get<std::string>()) : nullptr;
        if (named) ++known;
        if (named && !listed && named->has(Operation::GetResources) && named->name != "MCPDocumentiR" &&
            named->name != "StoricoDocumentiR" && named->name != record.name)
            listed = named;
        if (names.size() < 400)
            names += (names.empty() ? "" : ", ") + (name.is_string() ? name.get<std::string>() : name.dump());
    }
    ctx.observe("MCPResources lists " + std::to_string(rows.size()) + " rows on its first page of " +
                    std::to_string(size) +
                    (r.page->total ? " (TotalRowsCount " + std::to_string(*r.page->total) + ")" : std::string()) +
                    ", " + std::to_string(known) + " naming resources of the catalogue: " + names + " (A-40)",
                r.response.exchange);
    // Whether the caller reads what it lists: the registry is keyed by customer_ID, not by user.
    if (!listed) return;
    const auto read = ctx.api.list(client::kWriter, listed->name, {std::nullopt, 1, 1});
    ctx.observe("GET /api/resources/" + listed->name + ", listed in MCPResources, answered " +
                    std::to_string(read.response.status) + " to the writer (A-40)",
                read.response.exchange);
}

// ---- VIEW-06 ----

void query_clienti(Context& ctx) {
    if (!ctx.target.query_body) ctx.skip(kNoQueryTemplate);
    const Record& clifor = record_of(ctx, "CliFor");
    const Record& clienti = record_of(ctx, "MCPClienti");
    const auto record_gen = gen::sent_record_gen(ctx.catalogue, clifor, gen_options(ctx));
    // The cases run one after another, each judged before the next writes, under the key slots in turn
    // (CasePrefixes): the customers of the other slots, with other markers, are there for a query that ignores the
    // selection to show.
    CasePrefixes slots(ctx.prefix);
    int run = 0;
    for_all_staged(ctx, "POST query on MCPClienti returns the customers its RecordSelection selects", [&] {
        const std::string slot = slots.next();  // the cases of one slot write the same keys: one lane
        const json drawn =
            under_case_prefix(clifor,
                              json(*rc::gen::container<std::vector<json>>(
                                  static_cast<std::size_t>(*rc::gen::inRange(1, 4)), rc::gen::noShrink(record_gen))),
                              ctx.prefix, slot);
        // des_indir_res (nvarchar(255) in CliFor and MCPClienti) carries this run's marker; every cod_clifor is
        // written as C (selected) and as F (in MCPFornitori, never in MCPClienti).
        const std::string text = marker(ctx, "query " + std::to_string(++run));
        std::vector<json> customers;
        std::set<std::string> expected;
        json block = json::array();
        for (json c : drawn) {
            c["ind_clifor"] = "C";
            c["des_indir_res"] = text;
            if (!expected.insert(oracle::index_key(clienti, c, Collation::CaseInsensitive)).second) continue;
            json supplier = c;
            supplier["ind_clifor"] = "F";
            block.push_back(c);
            block.push_back(std::move(supplier));
        }
        return StagedCase{
            [&clifor, &clienti, text, expected, block](Context& ctx) {
                send_or_error(ctx, clifor, block);
                const std::string selection = "des_indir_res = " + sql_text(text);
                const auto q = ctx.api.query(client::kWriter, "MCPClienti", {selection, std::nullopt, std::nullopt});
                if (!q) ctx.skip(kNoQueryTemplate);
                if (!expect_status(ctx, q->response, 200,
                                   "POST /api/resources/MCPClienti/query with RecordSelection " + selection))
                    return;
                if (!q->page)
                    throw CheckError(
                        "the POST query response could not be read as a list (its shape is not shown, A-41): " +
                            q->problem,
                        q->response.exchange);
                std::set<std::string> shown;
                for (std::size_t i = 0; i < q->page->rows.size(); ++i) {
                    const json& row = q->page->rows[i];
                    const std::string key = oracle::index_key(clienti, row, Collation::CaseInsensitive);
                    if (!expected.contains(key) || value_of(row, "ind_clifor") != "C")
                        ctx.finding({.expected = "only the customers with " + selection +
                                                 " (the rows its RecordSelection selects)",
                                     .actual = "a row that is not one of them: ind_clifor " +
                                               value_of(row, "ind_clifor").dump() + ", cod_clifor " +
                                               value_of(row, "cod_clifor").dump(),
                                     .pointer = "/" + std::to_string(i),
                                     .exchange = q->response.exchange});
                    else if (!shown.insert(key).second)
                        ctx.finding({.expected = "each selected customer once",
                                     .actual = "cod_clifor " + value_of(row, "cod_clifor").dump() + " again",
                                     .pointer = "/" + std::to_string(i),
                                     .exchange = q->response.exchange});
                }
                if (shown.size() != expected.size())
                    ctx.finding({.expected = std::to_string(expected.size()) + " customers with " + selection,
                                 .actual = std::to_string(shown.size()) + " of them",
                                 .exchange = q->response.exchange});
            },
            {slot}};
    });
}

// ---- VIEW-10 ----

constexpr const char* kNoOrderField =
    "the target file's POST query template has no \"$OrderField\" (the body shape is not shown, A-41): put \"$OrderField\" where the "
    "body names the field to order by, with \"$OrderDescending\" (true or false) or \"$OrderDirection\" (ASC or DESC) where it says the "
    "direction (\"OrderBy\": \"$OrderField $OrderDirection\" for a SQL ORDER BY text), to run it";

/// What follows "`text` " in a des_ragsoc the check wrote ("2"); any other value as its JSON (a null, a number, a
/// text the check did not write), so that a wrong row is a finding, never an exception.
std::string number_after(const json& value, const std::string& text) {
    if (value.is_string() && value.get_ref<const std::string&>().starts_with(text + " "))
        return value.get<std::string>().substr(text.size() + 1);
    return value.dump();
}

void query_ordering(Context& ctx) {
    if (!ctx.target.query_body) ctx.skip(kNoQueryTemplate);
    if (!client::mentions(*ctx.target.query_body, "$OrderField")) ctx.skip(kNoOrderField);
    const Record& clifor = record_of(ctx, "CliFor");
    // Three customers whose des_ragsoc differ only in a last digit: the same order under any collation. des_ragsoc
    // is NOT NULL in MCPClienti (001 §2.5) and set in each: where a server sorts NULLs cannot move a row.
    const std::string text = marker(ctx, "order");
    json block = json::array();
    // Customers all (a key that differed only in ind_clifor would become one row: a false alarm, found by seed 309548).
    for (const auto& c : sample_records(ctx, clifor, 3, 61, {{"ind_clifor", "C"}})) {
        json r = c;
        r["des_indir_res"] = text;
        r["des_ragsoc"] = text + " " + std::to_string(block.size() + 1);
        block.push_back(r);
    }
    send_or_error(ctx, clifor, block);
    const std::string selection = "des_indir_res = " + sql_text(text);
    for (const bool descending : {true, false}) {
        const auto q = ctx.api.query(client::kWriter, "MCPClienti", {selection, std::nullopt, std::nullopt},
                                     client::QueryOrder{"des_ragsoc", descending});
        if (!expect_status(ctx, q->response, 200, "POST /api/resources/MCPClienti/query ordered by des_ragsoc")) return;
        if (!q->page)
            throw CheckError("the POST query response could not be read as a list (A-41): " + q->problem,
                             q->response.exchange);
        std::string got, want;
        for (const auto& row : q->page->rows)
            got += (got.empty() ? "" : ", ") + number_after(value_of(row, "des_ragsoc"), text);
        want = descending ? "3, 2, 1" : "1, 2, 3";
        if (got != want)
            ctx.finding({.expected = "the customers ordered by des_ragsoc " +
                                     std::string(descending ? "descending" : "ascending") + ": " + want +
                                     " (000 §1: \"filters and ordering in a request body\")",
                         .actual = got.empty() ? "none" : got,
                         .exchange = q->response.exchange});
    }
}

// ---- VIEW-11 (OBSERVE) ----

/// Where the row whose `field` is null stands in two rows ordered by `field`: "first", "last", or what came
/// instead (a row count, a status), so that an odd answer is recorded, never an exception.
std::string null_place(const std::optional<client::ListResult>& q, const std::string& field) {
    if (q->response.status != 200) return "answered " + status_text(q->response);
    if (!q->page) return "an answer that is no list (" + q->problem + ")";
    const auto& rows = q->page->rows;
    if (rows.size() != 2) return std::to_string(rows.size()) + " rows, not the 2 written";
    const bool first_null = value_of(rows[0], field).is_null(), second_null = value_of(rows[1], field).is_null();
    if (first_null == second_null) return first_null ? "both rows null" : "neither row null";
    return first_null ? "first" : "last";
}

void nulls_in_order(Context& ctx) {
    if (!ctx.target.query_body) ctx.skip(kNoQueryTemplate);
    if (!client::mentions(*ctx.target.query_body, "$OrderField")) ctx.skip(kNoOrderField);
    const Record& clifor = record_of(ctx, "CliFor");
    // des_email1 is nullable in CliFor and in MCPClienti (001 §2.5 "Fields not listed above are nullable"): one
    // customer without it, one with it.
    const std::string field = "des_email1", text = marker(ctx, "nulls");
    json block = json::array();
    for (json c : sample_records(ctx, clifor, 2, 71, {{"ind_clifor", "C"}})) {
        c["des_indir_res"] = text;
        c[field] = block.empty() ? json() : json("ordered@example.invalid");
        block.push_back(std::move(c));
    }
    send_or_error(ctx, clifor, block);
    const std::string selection = "des_indir_res = " + sql_text(text);
    for (const bool descending : {false, true}) {
        const auto q = ctx.api.query(client::kWriter, "MCPClienti", {selection, std::nullopt, std::nullopt},
                                     client::QueryOrder{field, descending});
        ctx.observe("where POST query ordered by " + field + (descending ? " descending" : " ascending") +
                        " puts a NULL (A-96): " + null_place(q, field),
                    q->response.exchange);
    }
}

// ---- VIEW-08 (OBSERVE) ----

void deleted_rows(Context& ctx) {
    gen::DataSet set = one_data_set(ctx, 8);
    for (auto& b : set)
        if (b.resource == "CliFor" || b.resource == "Articoli" || b.resource == kHeader)
            for (auto& r : b.records) r["flg_isdeleted"] = true;
    send_data_set(ctx, set);
    for (const auto& read : view_reads(ctx, set)) {
        const Rows rows = read_rows(ctx, client::kWriter, read.view, read.selection);
        std::string shown = rows.rows.empty()
                                ? "not shown"
                                : "shown (" + std::to_string(rows.rows.size()) + " rows), flg_isdeleted " +
                                      value_of(rows.rows[0], "flg_isdeleted").dump();
        ctx.observe("a logically deleted " + read.base_name + " record in " + read.view + ": " + shown + " (A-42)",
                    rows.exchange);
    }
}

}  // namespace

std::vector<Check> view_document_checks(const std::vector<std::string>& data_set_resources);

// clang-format off
std::vector<Check> views_checks() {
    const std::vector<std::string> data_set_resources = {
        "MCPClienti", "MCPFornitori",  "MCPArticoli",       "MCPDocumentiT",    "MCPDocumentiR", "AliquoteIva",
        "Famiglia",   "Sottofamiglia", "MarcaArticoli",     "Articoli",         "CliFor",        "CodiciDocumento",
        "CondPagam",  "StatiEsteri",   "StoricoDocumentiT", "StoricoDocumentiR"};
    std::vector<Check> out{
        {.id = "VIEW-01", .title = "Each MCP view returns only its fields, each of its type",
         .spec = "001 §2.4-2.7; 000 §1 capability 5; A-38",
         .verifies = {"000-1-cap5-views", "001-2.4-mcparticoli-fields", "001-2.5-mcpclienti-fields",
                      "001-2.5-same-fields", "001-2.6-mcpdocumentit-fields", "001-2.6-amounts",
                      "001-2.7-mcpdocumentir-fields", "001-2.7-no-cost-no-fulfilled-refs",
                      "001-2.4-mcparticoli-nullability", "001-2.5-nullability", "001-2.4-mcparticoli-required",
                      "001-2.5-mcpclienti-required", "001-2.6-mcpdocumentit-required",
                      "001-2.7-mcpdocumentir-required"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = data_set_resources, .writes = true,
         .own_rows = true, .chain = 20, .run = fields_and_types},
        {.id = "VIEW-02", .title = "MCPClienti holds only customers (C), MCPFornitori only suppliers (F)",
         .spec = "001 §2.1, §2.5; A-38",
         .verifies = {"001-2.1-read-customers-suppliers", "000-2.1-rel-clifor-c-f", "001-2.1-ind-clifor",
                      "000-2.1-catalogue-mcpclienti", "000-2.1-catalogue-mcpfornitori"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor", "MCPClienti", "MCPFornitori"},
         .writes = true, .own_rows = true, .chain = 10, .run = view_customers_and_suppliers},
        {.id = "VIEW-04",
         .title = "View rows agree with the base records written (one row per record, same-named fields equal)",
         .spec = "000 §1 capability 5; 000 §2.1 Relations; A-38, A-54, A-58, A-67",
         .verifies = {"000-1-cap5-views", "000-2.1-rel-counterpart", "001-2.6-counterpart-on-header",
                      "001-2.4-mcparticoli-key", "001-2.5-mcpclienti-key", "001-2.6-mcpdocumentit-key"},
         .level = Level::Should, .needs = {client::kWriter}, .resources = data_set_resources, .writes = true,
         .own_rows = true, .chain = 20, .run = rows_agree},
        {.id = "VIEW-05", .title = "MCPResources lists the resources offered, in its own fields", .spec = "001 §2.3; A-40",
         .verifies = {"001-2.3-registry", "001-2.3-ordinary-resource", "000-2.1-catalogue-mcpresources",
                      "001-2.3-mcpresources-fields", "001-2.3-mcpresources-nullability", "001-2.3-mcpresources-key"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"MCPResources"}, .run = resources_registry},
        {.id = "VIEW-06", .title = "POST query on MCPClienti returns the customers its RecordSelection selects",
         .spec = "000 §4.2; 001 §2.5; A-41",
         .verifies = {"001-2.5-mcpclienti-query", "000-4.2-listed-for-mcpclienti", "000-4-post-query",
                      "000-1-cap3-query", "000-4.2-query", "000-2.1-catalogue-mcpclienti"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"CliFor", "MCPClienti", "MCPFornitori"},
         .writes = true, .own_rows = true, .chain = 40, .run = query_clienti},
        {.id = "VIEW-10", .title = "POST query on MCPClienti returns its rows in the order its body asks for",
         .spec = "000 §1 capability 3; §4.2; A-41",
         .verifies = {"000-1-cap3-query", "000-4.2-query", "000-4-post-query"}, .level = Level::Must,
         .needs = {client::kWriter}, .resources = {"CliFor", "MCPClienti"}, .writes = true, .own_rows = true,
         .run = query_ordering},
        {.id = "VIEW-11", .title = "POST query ordering: where do NULLs sort?", .spec = "000 §4.2; 001 §2.5; A-96",
         .verifies = {"000-4.2-query", "001-2.5-nullability"}, .level = Level::Observe, .needs = {client::kWriter},
         .resources = {"CliFor", "MCPClienti"}, .writes = true, .own_rows = true, .run = nulls_in_order},
        {.id = "VIEW-12", .title = "Each article written shows once in MCPArticoli",
         .spec = "000 §2.1 catalogue; 001 §2.4",
         .verifies = {"000-2.1-catalogue-mcparticoli", "000-1-cap5-views", "001-2.4-mcparticoli-key"},
         .level = Level::Must, .needs = {client::kWriter}, .resources = {"Articoli", "MCPArticoli"}, .writes = true,
         .own_rows = true, .run = articles_shown},
        {.id = "VIEW-08", .title = "Logically deleted base records in the views: shown or not?",
         .spec = "001 §2.4-2.7; A-42", .verifies = {"000-1-deletion-logical"}, .level = Level::Observe,
         .needs = {client::kWriter}, .resources = data_set_resources, .writes = true, .own_rows = true,
         .run = deleted_rows},
    };
    for (auto& check : view_document_checks(data_set_resources)) out.push_back(std::move(check));
    return out;
}
// clang-format on

}  // namespace bds::suites

// Suite "tenancy", what a view takes from another record (000 §1 "one tenant per record"; 000 §2.1 a header's
// counterpart has "the same key as CliFor", whose key holds customer_ID; 001 §2.6, §2.7): two tenants write the same
// keys with different data, as real tenants share codes such as "C001", and each tenant's document views show its own
// counterpart's and article's values, never the other tenant's; the document's lines are its own tenant's alone.
#include "suites/common/support.hpp"
#include "suites/common/view_rows.hpp"
#include "suites/common/written.hpp"
#include "suites/registry.hpp"

namespace bds::suites {
namespace {

/// A header the document views list (cod_tipodoc, num_anno and dat_doc set) whose counterpart is in `set`.
const json& joined_document(const gen::DataSet& set) {
    for (const auto& doc : records_in(set, kHeader))
        if (counterpart_of(set, doc) && !value_of(doc, "cod_tipodoc").is_null() &&
            !value_of(doc, "num_anno").is_null() && !value_of(doc, "dat_doc").is_null())
            return doc;
    throw harness_error("the data set holds no document the views list with its counterpart");
}

/// `set` as the other tenant writes it: the same keys, a counterpart name of its own, and its counterparts and
/// articles without classification, so that every code the writer's records hold is one the other tenant's do not.
gen::DataSet as_other_tenant(gen::DataSet set, const std::string& name) {
    for (auto& b : set)
        for (auto& r : b.records) {
            if (b.resource == "CliFor") {
                r["des_ragsoc"] = name;
                for (const auto& code : kCounterpartClassification) r.erase(code);
            } else if (b.resource == "Articoli") {
                for (const auto& code : kArticleClassification) r.erase(code);
            }
        }
    return set;
}

/// Sends `set` as `role`, block by block; the other tenant's refusal to write skips the check (as TEN-04).
void send_as(Context& ctx, const std::string& role, const gen::DataSet& set) {
    for (const auto& b : set)
        for (const auto& block : in_posts(ctx, record_of(ctx, b.resource), b.records)) {
            const auto r = ctx.sync(role, b.resource, block);
            ctx.answered(r);
            if (role == client::kOtherTenant && (r.status == 401 || r.status == 403))
                ctx.skip("the other_tenant user may not write " + b.resource + " (" + status_text(r) +
                         "): give users.other_tenant a user enabled for writing, to run it");
            if (r.status != 200)
                throw CheckError("writing the check's " + b.resource + " records as " + role + ": expected 200, got " +
                                     status_text(r),
                                 r.exchange);
        }
}

/// What one tenant wrote and the other tenant wrote under the same keys.
struct TwoTenants {
    const gen::DataSet& mine;
    const gen::DataSet& theirs;
};

/// A finding when `row` shows in `field` the other tenant's value of the record it joins (`theirs`), which is not
/// the tenant's own (`mine`).
void expect_not_theirs(Context& ctx, const std::string& role, const std::string& view, const json& row,
                       const std::string& field, const json* mine, const json* theirs, const std::string& at,
                       const client::Exchange& exchange) {
    const json their = theirs ? value_of(*theirs, field) : json();
    if (!their.is_string() || their.get<std::string>().empty() || (mine && value_of(*mine, field) == their)) return;
    if (value_of(row, field) == their)
        ctx.finding({.expected = role + "'s " + view + " showing " + field +
                                 " of its own tenant's record (000 §1: one "
                                 "tenant per record; the joined record has the same key in the same tenant, 000 §2.1)",
                     .actual = "the other tenant's " + field + " " + their.dump(),
                     .pointer = at + "/" + field,
                     .exchange = exchange});
}

/// A finding unless `rows` holds `expected` rows of the document.
void expect_count(Context& ctx, const std::string& role, const std::string& what, const Rows& rows,
                  std::size_t expected) {
    if (rows.rows.size() != expected)
        ctx.finding({.expected = std::to_string(expected) + " " + what + " rows for " + role +
                                 "'s document (the same key_documento in another tenant is another document, 000 §1)",
                     .actual = std::to_string(rows.rows.size()) + " rows",
                     .exchange = rows.exchange});
}

/// Reads `doc`'s document views and lines as `role` and judges them against what its tenant wrote.
void expect_own_joins(Context& ctx, const std::string& role, const json& doc, const TwoTenants& t) {
    const std::string selection = equals_selection(record_of(ctx, kHeader), doc, {"key_documento"});
    const std::size_t lines = doc.contains(kLines) ? doc.at(kLines).size() : 0;
    const Rows header = read_rows(ctx, role, "MCPDocumentiT", selection);
    expect_count(ctx, role, "MCPDocumentiT", header, 1);
    const json* party_mine = counterpart_of(t.mine, doc);
    const json* party_theirs = counterpart_of(t.theirs, doc);
    std::vector<std::string> party_fields = kCounterpartClassification;
    party_fields.push_back("des_ragsoc");
    for (std::size_t i = 0; i < header.rows.size(); ++i)
        for (const auto& field : party_fields)
            expect_not_theirs(ctx, role, "MCPDocumentiT", header.rows[i], field, party_mine, party_theirs, header.at(i),
                              header.exchange);
    const Rows view_lines = read_rows(ctx, role, "MCPDocumentiR", selection);
    expect_count(ctx, role, "MCPDocumentiR", view_lines, lines);
    const std::vector<std::pair<std::string, std::string>> article_key = {{"cod_art", "cod_art"},
                                                                          {"cod_variante", "cod_variante"}};
    for (std::size_t i = 0; i < view_lines.rows.size(); ++i) {
        const json& row = view_lines.rows[i];
        for (const auto& field : kArticleClassification)
            expect_not_theirs(ctx, role, "MCPDocumentiR", row, field, referenced(t.mine, "Articoli", row, article_key),
                              referenced(t.theirs, "Articoli", row, article_key), view_lines.at(i),
                              view_lines.exchange);
        expect_not_theirs(ctx, role, "MCPDocumentiR", row, "des_ragsoc", party_mine, party_theirs, view_lines.at(i),
                          view_lines.exchange);
    }
    expect_count(ctx, role, kLines, read_rows(ctx, role, kLines, selection), lines);
}

// ---- TEN-06 ----

void joins_in_tenant(Context& ctx) {
    gen::DataSet writer = one_data_set(ctx, 16);
    for (auto& b : writer)
        if (b.resource == "CliFor")
            for (auto& r : b.records) r["des_ragsoc"] = marker(ctx, "TEN-06 writer");
    const gen::DataSet other = as_other_tenant(writer, marker(ctx, "TEN-06 other"));
    const json& doc = joined_document(writer);
    send_as(ctx, client::kWriter, writer);
    send_as(ctx, client::kOtherTenant, other);
    // The writer reads first: a lookup shared by the tenants then holds the writer's records when the other reads.
    expect_own_joins(ctx, client::kWriter, doc, {writer, other});
    expect_own_joins(ctx, client::kOtherTenant, doc, {other, writer});
}

}  // namespace

// clang-format off
std::vector<Check> tenancy_join_checks(const std::vector<std::string>& data_set_resources) {
    std::vector<std::string> resources = data_set_resources;
    resources.insert(resources.end(), {"MCPDocumentiT", "MCPDocumentiR"});
    return {
        {.id = "TEN-06",
         .title = "What a view takes from another record is its own tenant's: counterpart, article and lines",
         .spec = "000 §1; §2.1 Relations; 001 §2.6, §2.7 (derived: one tenant per record); A-68",
         .verifies = {"000-1-tenant", "000-2.1-rel-counterpart", "001-2-customer-id", "001-2.6-counterpart-on-header",
                      "001-2.7-line-article-classification"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant}, .resources = resources,
         .writes = true, .own_rows = true, .chain = 26, .run = joins_in_tenant},
    };
}
// clang-format on

}  // namespace bds::suites

// Suite "tenancy" (000 §1 "one tenant per record (field customer_ID identifies the tenant)"; A-26): records one
// tenant writes never reach another, by read, filter, whole-resource pages, change feed or view; the same key
// in two tenants is two records; customer_ID in a sent body never moves a record into another tenant.
// Every rule here is derived from "one tenant per record" with the tenant taken from the token (the target
// file's writer and other_tenant users are different tenants); the seeds state no exception.
#include <rapidcheck.h>

#include <map>
#include <tuple>

#include "catalogue/service_matrix.hpp"
#include "generate/draw.hpp"
#include "generate/data_set_gen.hpp"
#include "schema/json_limits.hpp"
#include "oracle/compare.hpp"
#include "sql/datetime.hpp"
#include "suites/registry.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {
namespace {

/// The base resources whose records carry the check's marker (besides their keys).
const std::vector<std::string> kMarked = {"CliFor", "Articoli", kHeader};
/// Rows read per page, and pages at most, when reading a whole resource or change feed as the other tenant.
constexpr long long kPage = 500;
constexpr long long kMaxPages = 4;

/// What the writer wrote: a coherent data set (every resource of a data set, documents with lines), the
/// records of kMarked carrying one marker text in their marker field.
struct Written {
    gen::DataSet set;
    std::string marker;
    std::map<std::string, std::string> marker_fields;  ///< resource → field

    const std::vector<json>& records(const std::string& resource) const { return records_in(set, resource); }
};

Written write_as_writer(Context& ctx, std::uint64_t salt) {
    gen::DataSetOptions options = data_set_options(ctx);
    options.min_records = 1;
    options.max_records = 2;
    options.min_lines = 1;
    options.max_lines = 2;
    rc::Random random(ctx.seed * 1000003u + salt);
    Written w{gen::draw(gen::data_set_gen(ctx.catalogue, options), random, 30), marker(ctx, "ten"), {}};
    for (auto& b : w.set) {
        if (std::find(kMarked.begin(), kMarked.end(), b.resource) == kMarked.end()) continue;
        const Field* f = marker_field(record_of(ctx, b.resource));
        if (!f) throw CheckError(b.resource + " has no field that can carry a marker");
        w.marker_fields[b.resource] = f->name;
        for (auto& r : b.records) r[f->name] = w.marker;
    }
    if (const auto broken = gen::unresolved_links(ctx.catalogue, w.set); !broken.empty())
        throw CheckError("the marker broke a link of the data set: " + broken.front());
    send_data_set(ctx, w.set);
    return w;
}

/// The written record of `resource` that `row` is, or nullptr: a row carrying the check's marker, or with the
/// key of a written record (keys carry the check's own prefix: no other tenant writes them) and its values.
const json* ours(Context& ctx, const Written& w, const std::string& resource, const json& row) {
    if (resource == kLines) {  // open records: a line is ours when its key_documento is one of our headers'
        for (const auto& doc : w.records(kHeader))
            if (oracle::same_key(record_of(ctx, kHeader), doc, json{{"key_documento", value_of(row, "key_documento")}},
                                 Collation::CaseInsensitive))
                return &doc;
        return nullptr;
    }
    const Record& record = record_of(ctx, resource);
    const auto field = w.marker_fields.find(resource);
    for (const auto& sent : w.records(resource)) {
        if (!oracle::same_key(record, sent, row, Collation::CaseInsensitive)) continue;
        if (field != w.marker_fields.end() ? value_of(row, field->second) == w.marker
                                           : oracle::compare_record(ctx.catalogue, record, sent, row).empty())
            return &sent;
    }
    if (field != w.marker_fields.end() && value_of(row, field->second) == w.marker) return &w.records(resource).front();
    return nullptr;
}

/// Records a finding for each row of `rows` that is one of the writer's records.
void expect_none_of_ours(Context& ctx, const Written& w, const std::string& resource, const std::vector<json>& rows,
                         const std::string& how, const client::Exchange& exchange) {
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (ours(ctx, w, resource, rows[i]))
            ctx.finding({.expected = "none of the writer's records in what the other tenant reads (" + how +
                                     "; 000 §1: one tenant per record)",
                         .actual = "the writer's " + resource + " record with key " +
                                   oracle::index_key(record_of(ctx, resource == kLines ? kHeader : resource), rows[i],
                                                     Collation::CaseSensitive),
                         .pointer = "/" + std::to_string(i),
                         .exchange = exchange});
}

/// Reads `resource` where `selection` as `role`: one page of a few rows (the selection names a key or marker).
client::ListResult read_selected(Context& ctx, const std::string& role, const std::string& resource,
                                 const std::string& selection) {
    return ctx.api.list(role, resource, {selection, std::min<long long>(page_size(ctx), 100), 1});
}

/// "key_documento = '…'" of a header: its lines in StoricoDocumentiR, its rows in MCPDocumentiT and MCPDocumentiR.
std::string lines_selection(Context& ctx, const json& doc) {
    return equals_selection(record_of(ctx, kHeader), doc, {"key_documento"});
}

// ---- TEN-01 ----

void reads_and_filters(Context& ctx) {
    const Written w = write_as_writer(ctx, 1);
    // The control: the writer sees its records by the marker, so their absence for the other tenant means something.
    for (const auto& resource : kMarked) {
        const std::string selection = w.marker_fields.at(resource) + " = " + sql_text(w.marker);
        const auto own = read_selected(ctx, client::kWriter, resource, selection);
        if (ctx.page_of(own, "the writer reading its own " + resource).rows.empty())
            throw CheckError("the writer does not see its own " + resource + " records where " + selection +
                                 ": nothing to compare with",
                             own.response.exchange);
        const auto other = read_selected(ctx, client::kOtherTenant, resource, selection);
        const auto& page = ctx.page_of(other, "the other tenant reading " + resource + " where " + selection);
        expect_none_of_ours(ctx, w, resource, page.rows, "GET " + resource + " where " + selection,
                            other.response.exchange);
    }
    // By key, every record of every resource written, and the documents' lines by key_documento.
    for (const auto& b : w.set) {
        const Record& record = record_of(ctx, b.resource);
        for (const auto& sent : b.records) {
            const std::string selection = key_selection(record, sent);
            const auto other = read_selected(ctx, client::kOtherTenant, b.resource, selection);
            expect_none_of_ours(ctx, w, b.resource, ctx.page_of(other, "the other tenant reading " + b.resource).rows,
                                "GET " + b.resource + " where " + selection, other.response.exchange);
        }
    }
    for (const auto& doc : w.records(kHeader)) {
        const std::string selection = lines_selection(ctx, doc);
        const auto other = read_selected(ctx, client::kOtherTenant, kLines, selection);
        expect_none_of_ours(ctx, w, kLines, ctx.page_of(other, "the other tenant reading StoricoDocumentiR").rows,
                            "GET StoricoDocumentiR where " + selection, other.response.exchange);
    }
    // Whole resources, page by page (bounded: a large tenant is read only in part, and that is said).
    const long long size = std::min<long long>(page_size(ctx), kPage);
    for (const std::string resource : {"CliFor", "Articoli", kHeader, kLines}) {
        long long number = 1;
        for (; number <= kMaxPages; ++number) {
            const auto r = ctx.api.list(client::kOtherTenant, resource, {std::nullopt, size, number});
            const auto& page =
                ctx.page_of(r, "the other tenant reading " + resource + " page " + std::to_string(number));
            expect_none_of_ours(
                ctx, w, resource, page.rows,
                "GET " + resource + " page " + std::to_string(number) + " of PageSize " + std::to_string(size),
                r.response.exchange);
            if (static_cast<long long>(page.rows.size()) < size) break;
        }
        if (number > kMaxPages)
            ctx.observe("the other tenant's " + resource + " was read in its first " + std::to_string(kMaxPages) +
                        " pages only (it holds more rows)");
    }
}

// ---- TEN-02 ----

/// "YYYY-MM-DD HH:MM:SS.000" (000 §4.3) one second before the instant `text`, or nullopt if it is none.
std::optional<std::string> second_before(const json& text) {
    if (!text.is_string()) return std::nullopt;
    const auto t = sql::parse_datetime(text.get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record);
    if (!t.ticks) return std::nullopt;
    std::string s = sql::format_datetime(*t.ticks - 10000000, SqlKind::Datetime2);  // ticks of 100 ns
    s[10] = ' ';
    return s.substr(0, 19) + ".000";
}

std::string encoded(const std::string& instant) {
    std::string out;
    for (char c : instant) out += c == ' ' ? std::string("%20") : c == ':' ? std::string("%3A") : std::string(1, c);
    return out;
}

/// Reads GET /api/sync/{resource} since `instant` as the other tenant, paged (PageSize, PageNumber: 000 §4.3),
/// at most kMaxPages pages, and records a finding for each of the writer's records on them. Returns whether
/// the feed ended within those pages.
bool read_other_feed(Context& ctx, const Written& w, const std::string& resource, const std::string& instant) {
    const long long size = std::min<long long>(page_size(ctx), kPage);
    for (long long number = 1; number <= kMaxPages; ++number) {
        const auto r = ctx.api.read(ctx.api.authed(client::kOtherTenant, "GET",
                                                   "/api/sync/" + resource + "?LastUtcRun=" + encoded(instant) +
                                                       "&PageSize=" + std::to_string(size) +
                                                       "&PageNumber=" + std::to_string(number)));
        const std::string what = "GET sync " + resource + " since " + instant + " page " + std::to_string(number);
        const auto& page = ctx.page_of(r, "the other tenant's " + what);
        expect_none_of_ours(ctx, w, resource, page.rows, what, r.response.exchange);
        if (static_cast<long long>(page.rows.size()) < size) return true;
    }
    return false;
}

void change_feed(Context& ctx) {
    const Written w = write_as_writer(ctx, 2);
    for (const std::string resource : {"CliFor", "Articoli", kHeader}) {
        // The instant comes from the target's own dat_ultvar of a record just written.
        const Record& record = record_of(ctx, resource);
        const json& first = w.records(resource).front();
        const auto back = read_selected(ctx, client::kWriter, resource, key_selection(record, first));
        const auto& rows = ctx.page_of(back, "the writer reading back " + resource).rows;
        std::vector<std::string> instants = {"1900-01-01 00:00:00.000"};  // "returns every record" (000 §4.3)
        if (!rows.empty())
            if (const auto since = second_before(value_of(rows.front(), "dat_ultvar"))) instants.push_back(*since);
        for (const auto& instant : instants) {
            if (!read_other_feed(ctx, w, resource, instant))
                ctx.observe("the other tenant's change feed of " + resource + " since " + instant +
                            " was read in its first " + std::to_string(kMaxPages) + " pages only (it holds more rows)");
        }
    }
}

// ---- TEN-03 ----

/// The other tenant's reads of the views (list-view): by key of each written record, and MCPClienti by the marker.
void other_tenants_view_reads(Context& ctx, const Written& w) {
    struct Read {
        std::string view;
        std::string selection;
        const json* sent;
    };
    std::vector<Read> reads;
    const Record& clienti = record_of(ctx, "MCPClienti");
    for (const auto& c : w.records("CliFor")) {
        reads.push_back({"MCPClienti", equals_selection(clienti, c, {"cod_clifor"}), &c});
        reads.push_back({"MCPFornitori", equals_selection(clienti, c, {"cod_clifor"}), &c});
    }
    for (const auto& a : w.records("Articoli"))
        reads.push_back({"MCPArticoli", key_selection(record_of(ctx, "MCPArticoli"), a), &a});
    for (const auto& d : w.records(kHeader)) {
        reads.push_back({"MCPDocumentiT", lines_selection(ctx, d), &d});
        reads.push_back({"MCPDocumentiR", lines_selection(ctx, d), &d});
    }
    int seen_by_writer = 0;
    for (const auto& read : reads) {
        const Record& view = record_of(ctx, read.view);
        // A row with the key of a written record: the keys carry the check's own prefix, no other tenant has them.
        const std::vector<std::string> key_fields =
            read.view == "MCPDocumentiR" || read.view == "MCPDocumentiT"
                ? std::vector<std::string>{"key_documento"}
                : std::vector<std::string>{"cod_clifor", "cod_art", "cod_variante"};
        auto is_ours = [&](const json& row) {
            for (const auto& f : key_fields) {
                if (!read.sent->contains(f) || !view.field(f)) continue;
                const json a = value_of(row, f), b = value_of(*read.sent, f);
                if (!a.is_string() || !b.is_string()) return false;
                if (oracle::index_key(view, json{{f, a}}, Collation::CaseInsensitive) !=
                    oracle::index_key(view, json{{f, b}}, Collation::CaseInsensitive))
                    return false;
            }
            return true;
        };
        const auto mine = read_selected(ctx, client::kWriter, read.view, read.selection);
        for (const auto& row : ctx.page_of(mine, "the writer reading " + read.view).rows)
            seen_by_writer += is_ours(row) ? 1 : 0;
        const auto other = read_selected(ctx, client::kOtherTenant, read.view, read.selection);
        const auto& page = ctx.page_of(other, "the other tenant reading " + read.view + " where " + read.selection);
        for (std::size_t i = 0; i < page.rows.size(); ++i)
            if (is_ours(page.rows[i]))
                ctx.finding({.expected = "none of the writer's records in the other tenant's " + read.view +
                                         " (000 §1: one tenant per record)",
                             .actual = "a row of the writer's record where " + read.selection,
                             .pointer = "/" + std::to_string(i),
                             .exchange = other.response.exchange});
    }
    if (seen_by_writer == 0)
        throw CheckError("the writer sees none of its records in the MCP views: nothing to compare with");
    // MCPClienti by the marker (des_ragsoc is CliFor's marker field and a field of the view).
    const std::string field = w.marker_fields.at("CliFor");
    if (clienti.field(field)) {
        const std::string selection = field + " = " + sql_text(w.marker);
        for (const std::string view : {"MCPClienti", "MCPFornitori"}) {
            const auto other = read_selected(ctx, client::kOtherTenant, view, selection);
            const auto& page = ctx.page_of(other, "the other tenant reading " + view + " where " + selection);
            for (std::size_t i = 0; i < page.rows.size(); ++i)
                ctx.finding({.expected = "none of the writer's records in the other tenant's " + view +
                                         " (000 §1: one tenant per record)",
                             .actual = "a row carrying the writer's marker where " + selection,
                             .pointer = "/" + std::to_string(i),
                             .exchange = other.response.exchange});
        }
    }
}

/// The other tenant's POST query on MCPClienti (000 §4.2: the search of the view; 000 §1 one tenant per record): by the
/// marker of a customer the writer wrote for it (a data set may hold no customer), and by its key.
void other_tenants_query_reads(Context& ctx, const Written& w) {
    if (!ctx.target.query_body) ctx.skip(kNoQueryTemplate);
    const Record& clifor = record_of(ctx, "CliFor");
    const std::string field = w.marker_fields.at("CliFor");
    const json customer = sample_records(ctx, clifor, 1, 31, {{"ind_clifor", "C"}, {field, w.marker}}).front();
    send_or_error(ctx, clifor, json::array({customer}));
    const long long size = std::min<long long>(page_size(ctx), 100);
    const std::string by_marker = field + " = " + sql_text(w.marker);
    const auto mine = ctx.api.query(client::kWriter, "MCPClienti", {by_marker, size, 1});
    if (ctx.page_of(*mine, "the writer's POST query on MCPClienti where " + by_marker).rows.empty())
        throw CheckError("the writer's POST query on MCPClienti where " + by_marker +
                         " finds none of its customers: nothing to compare with");
    for (const auto& selection :
         {by_marker, equals_selection(record_of(ctx, "MCPClienti"), customer, {"cod_clifor"})}) {
        const auto q = ctx.api.query(client::kOtherTenant, "MCPClienti", {selection, size, 1});
        const auto& page = ctx.page_of(*q, "the other tenant's POST query on MCPClienti where " + selection);
        for (std::size_t i = 0; i < page.rows.size(); ++i)
            if (value_of(page.rows[i], field) == w.marker ||
                value_of(page.rows[i], "cod_clifor") == value_of(customer, "cod_clifor"))
                ctx.finding({.expected =
                                 "none of the writer's customers in the other tenant's POST query on MCPClienti "
                                 "(000 §1: one tenant per record)",
                             .actual = "a row of the writer's customer where " + selection,
                             .pointer = "/" + std::to_string(i),
                             .exchange = q->response.exchange});
    }
}

void views(Context& ctx) {
    const Written w = write_as_writer(ctx, 3);
    for (const auto& [rule, endpoint] : cells_judged_by(ctx.check.id))
        ctx.cell(rule, endpoint, [&, endpoint = endpoint] {
            if (endpoint == "query")
                other_tenants_query_reads(ctx, w);
            else
                other_tenants_view_reads(ctx, w);
        });
}

// ---- TEN-04 ----

void same_key_two_tenants(Context& ctx) {
    for (const std::string resource : {"CliFor", "Articoli"}) {
        const Record& record = record_of(ctx, resource);
        const Field* field = marker_field(record);
        if (!field) throw CheckError(resource + " has no field that can carry a marker");
        std::vector<json> writer = sample_records(ctx, record, 3, resource == "CliFor" ? 41 : 42);
        std::vector<json> other = sample_records(ctx, record, 3, resource == "CliFor" ? 43 : 44);
        const std::string mine = marker(ctx, "w"), theirs = marker(ctx, "o");
        for (std::size_t i = 0; i < writer.size(); ++i) {
            for (const auto& k : record.key)
                if (writer[i].contains(k)) other[i][k] = writer[i][k];  // the same key, other values
            writer[i][field->name] = mine;
            other[i][field->name] = theirs;
        }
        const auto a = ctx.sync(client::kWriter, resource, writer);
        if (a.transport_failed() || a.status != 200)
            throw CheckError(
                "writing the check's " + resource + " records as the writer: expected 200, got " + status_text(a),
                a.exchange);
        const auto b = ctx.sync(client::kOtherTenant, resource, other);
        ctx.answered(b);
        if (b.status == 401 || b.status == 403)
            ctx.skip("the other_tenant user may not write " + resource + " (" + status_text(b) +
                     "): give users.other_tenant a user enabled for writing, to run it");
        if (b.status != 200)
            throw CheckError("writing the same keys as the other tenant: expected 200, got " + status_text(b),
                             b.exchange);
        for (const auto& [role, sent, text] :
             {std::tuple{client::kWriter, &writer, mine}, std::tuple{client::kOtherTenant, &other, theirs}}) {
            for (const auto& s : *sent) {
                const std::string selection = key_selection(record, s);
                const auto r = read_selected(ctx, role, resource, selection);
                const auto& page = ctx.page_of(r, std::string(role) + " reading back " + resource);
                if (page.rows.size() != 1 || value_of(page.rows.front(), field->name) != text)
                    ctx.finding({.expected = std::string(role) + " reads back its own " + resource + " record where " +
                                             selection + " (" + field->name + " = \"" + text +
                                             "\"): the same key in two tenants is two records (000 §1)",
                                 .actual = std::to_string(page.rows.size()) + " rows" +
                                           (page.rows.empty() ? std::string()
                                                              : ", " + field->name + " = " +
                                                                    value_of(page.rows.front(), field->name).dump()),
                                 .exchange = r.response.exchange});
            }
        }
    }
}

// ---- TEN-05 ----

/// A role's tenant id, if the target shows it: TokenInfo's customer_ID (its shape is not shown, A-02, so only
/// if it has one), else the customer_ID of a row of MCPResources the role reads.
std::optional<long long> tenant_of(Context& ctx, const std::string& role) {
    const auto info = ctx.api.token_info(role);
    if (!info.transport_failed() && info.status == 200) {
        const json body = parse_bounded(info.body);
        if (body.is_object() && body.contains("customer_ID") && body.at("customer_ID").is_number_integer())
            return body.at("customer_ID").get<long long>();
    }
    const auto r = ctx.api.list(role, "MCPResources", {std::nullopt, 1, 1});
    if (r.page && !r.page->rows.empty() && value_of(r.page->rows.front(), "customer_ID").is_number_integer())
        return value_of(r.page->rows.front(), "customer_ID").get<long long>();
    return std::nullopt;
}

void body_tenant_ignored(Context& ctx) {
    const auto writer_id = tenant_of(ctx, client::kWriter);
    auto other_id = tenant_of(ctx, client::kOtherTenant);
    if (!other_id || other_id == writer_id) other_id = writer_id ? *writer_id + 1 : 2;
    ctx.observe("tenant ids: the writer's " + (writer_id ? std::to_string(*writer_id) : std::string("unknown")) +
                ", customer_ID sent " + std::to_string(*other_id));
    const Record& record = record_of(ctx, "CliFor");
    const Field* field = marker_field(record);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    std::vector<json> block = sample_records(ctx, record, 2, 51);
    const std::string text = marker(ctx, "body id");
    for (auto& r : block) {
        r["customer_ID"] = *other_id;
        r[field->name] = text;
    }
    const auto w = ctx.sync(client::kWriter, "CliFor", block);
    ctx.answered(w);
    const bool accepted = client::is_success(w.status);
    ctx.observe("a block whose records name customer_ID " + std::to_string(*other_id) +
                    " (not the writer's tenant): answered " + std::to_string(w.status) +
                    " (A-26: refusing or ignoring it both pass)",
                w.exchange);
    const std::string selection = field->name + " = " + sql_text(text);
    const auto other = read_selected(ctx, client::kOtherTenant, "CliFor", selection);
    const auto& other_rows = ctx.page_of(other, "the other tenant reading CliFor where " + selection).rows;
    if (!other_rows.empty())
        ctx.finding(
            {.expected =
                 "no record in the other tenant's data: customer_ID in a sent record never moves it out of the token's tenant (000 §1; A-26)",
             .actual = std::to_string(other_rows.size()) + " of the writer's records are the other tenant's",
             .pointer = "/0",
             .exchange = other.response.exchange});
    if (!accepted) return;
    // Every page: a target serving pages of one row shows the block's two records on two pages.
    const auto rows = read_all(ctx, client::kWriter, "CliFor", selection);
    if (rows.size() != block.size())
        ctx.finding({.expected = "the " + std::to_string(block.size()) +
                                 " records of the accepted block in the writer's tenant (the token's)",
                     .actual = std::to_string(rows.size()) + " of them, reading CliFor where " + selection});
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (writer_id && *other_id != *writer_id && value_of(rows[i], "customer_ID") == json(*other_id))
            ctx.finding({.expected = "customer_ID " + std::to_string(*writer_id) +
                                     " (the writer's tenant) on the writer's record",
                         .actual = "customer_ID " + std::to_string(*other_id) + ", as sent, reading CliFor where " +
                                   selection});
}

}  // namespace

std::vector<Check> tenancy_join_checks(const std::vector<std::string>& data_set_resources);
std::vector<Check> tenancy_platform_checks();

// clang-format off
std::vector<Check> tenancy_checks() {
    const std::vector<std::string> data_set_resources = {
        "AliquoteIva",     "Famiglia",  "Sottofamiglia", "MarcaArticoli", "Articoli", "CliFor",
        "CodiciDocumento", "CondPagam", "StatiEsteri",   kHeader,         kLines};
    std::vector<std::string> view_resources = data_set_resources;
    view_resources.insert(view_resources.end(),
                          {"MCPClienti", "MCPFornitori", "MCPArticoli", "MCPDocumentiT", "MCPDocumentiR"});
    std::vector<Check> out = {
        {.id = "TEN-01", .title = "Another tenant never reads the writer's records: by key, by filter, or page by page",
         .spec = "000 §1; §4.1 (derived: one tenant per record)", .verifies = {"000-1-tenant", "001-2-customer-id"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant}, .resources = data_set_resources,
         .writes = true, .own_rows = true, .chain = 32, .run = reads_and_filters},
        {.id = "TEN-02", .title = "Another tenant's change feed never carries the writer's records",
         .spec = "000 §1; §4.3 (derived: one tenant per record)", .verifies = {"000-1-tenant", "000-4.3-response-200"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant}, .resources = data_set_resources,
         .writes = true, .own_rows = true, .chain = 12, .run = change_feed},
        {.id = "TEN-03", .title = "Another tenant's MCP views never show the writer's records, read or searched (POST query)",
         .spec = "000 §1; 000 §1 capability 5; §4.2 (derived: one tenant per record)",
         .verifies = {"000-1-tenant", "000-1-cap5-views"}, .level = Level::Must,
         .needs = {client::kWriter, client::kOtherTenant}, .resources = view_resources, .writes = true,
         .own_rows = true, .chain = 23, .run = views},
        {.id = "TEN-04", .title = "The same key written by two tenants is two records, each reading back its own",
         .spec = "000 §1; 001 §2 Conventions (customer_ID is K)", .verifies = {"000-1-tenant", "001-2-customer-id"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant}, .resources = {"CliFor", "Articoli"},
         .writes = true, .own_rows = true, .chain = 16, .run = same_key_two_tenants},
        {.id = "TEN-05", .title = "customer_ID in a sent record never puts it in another tenant",
         .spec = "000 §1; §4.4; A-26 (derived)", .verifies = {"000-1-tenant", "000-4.4-customer-id-not-sent"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant},
         .resources = {"CliFor", "MCPResources"}, .writes = true, .own_rows = true, .run = body_tenant_ignored},
    };
    for (auto& check : tenancy_join_checks(data_set_resources)) out.push_back(std::move(check));
    for (auto& check : tenancy_platform_checks()) out.push_back(std::move(check));
    return out;
}
// clang-format on

}  // namespace bds::suites

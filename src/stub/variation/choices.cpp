// The table of the stub's choices: for each silent point of the seeds, the behaviours a correct server may have.
#include "stub/variation/choices.hpp"

#include <algorithm>
#include <charconv>
#include <random>

namespace bds::stub {
namespace {

/// A table row for the choice held in `Member`.
template <auto Member>
ChoiceInfo entry(std::string_view id, std::string_view title, std::vector<std::string_view> values,
                 std::vector<std::string_view> meanings, bool declared = false) {
    using Enum = std::remove_reference_t<decltype(std::declval<Choices&>().*Member)>;
    return {id,
            title,
            std::move(values),
            std::move(meanings),
            [](const Choices& c) { return static_cast<std::size_t>(c.*Member); },
            [](Choices& c, std::size_t i) { c.*Member = static_cast<Enum>(i); },
            declared};
}

/// The values of a choice whose enum has its own spelling table (common/enum_text.hpp).
template <class E>
std::vector<std::string_view> spellings() {
    const auto& texts = enum_texts<E>();
    return {texts.begin(), texts.end()};
}

using C = Choices;

const std::vector<ChoiceInfo> kTable = {
    entry<&C::token_response>(
        "A-01", "token response of POST /Token", {"rfc", "owin", "no-expiry"},
        {"RFC 6749: access_token, token_type, expires_in; bad credentials 400 invalid_grant",
         "ASP.NET OWIN: also userName, .issued, .expires; bad credentials 400 with error_description",
         "access_token and token_type only (no expires_in); bad credentials 401"}),
    entry<&C::token_info>("A-02", "body of GET /api/Account/TokenInfo", {"object", "claims", "text"},
                          {"{userName, customer_ID, canWrite, resources}", "{Name, Claims: [{Type, Value}]}",
                           "the user name as text/plain"}),
    entry<&C::token_lifetime>("A-03", "token lifetime", {"configured", "3s"},
                              {"--token-ttl (default 3600 s)", "3 seconds: tokens expire during a run"}),
    entry<&C::auth_order>("A-05", "401 or 403 first, for a bad token on an unknown resource",
                          {"token-first", "resource-first"},
                          {"the token is checked first: 401", "the resource is resolved first: 403"}),
    entry<&C::envelope>(
        "A-07", "where TotalRowsCount stands in a list", spellings<Envelope>(),
        {"{\"TotalRowsCount\": n, \"<rows>\": [...]}", "a bare array, TotalRowsCount in a response header",
         "a bare array whose rows each carry TotalRowsCount"}),
    entry<&C::page_cap>("A-08", "the largest PageSize", {"10000", "none", "100", "5000"},
                        {"10,000", "no cap", "100", "5,000"}),
    entry<&C::paging_values>("A-09", "PageNumber or PageSize below 1 or not a number", {"strict", "lenient"},
                             {"refused", "PageNumber below 1 is 1, a bad PageSize is the default page size"}),
    entry<&C::row_order>("A-11", "order of rows", {"key", "insertion", "shuffle"},
                         {"ascending by key", "in the order first written (Id)", "a fixed shuffle of the keys"}),
    entry<&C::deleted_in_lists>(
        "A-12", "logically deleted rows in GET resources", {"shown", "hidden"},
        {"listed with flg_isdeleted true", "left out of GET resources (the change feed still has them)"}),
    entry<&C::nulls>("A-13", "null fields in answers", {"null", "omitted"},
                     {"every field, nulls as null", "null fields left out"}),
    entry<&C::datetime_form>("A-14", "how date-times are written", {"iso", "z", "offset", "space"},
                             {"2026-03-01T10:00:00.000 (datetime2: 7 digits)", "2026-03-01T10:00:00.000Z, milliseconds",
                              "2026-03-01T10:00:00+00:00, fraction only when not zero", "2026-03-01 10:00:00.000"}),
    entry<&C::rowversion>("A-15", "how ts_update (rowversion) is written", {"base64", "integer", "hex"},
                          {"base64 of 8 bytes", "a JSON integer", "\"0x00000000000007D1\""}),
    entry<&C::decimal_scale>("A-16", "precision and scale of decimal", {"6", "4", "2"},
                             {"decimal(19,6)", "decimal(18,4)", "decimal(38,2)"}),
    entry<&C::collation>("A-17", "collation of text comparisons and keys", {"ci", "cs"},
                         {"case-insensitive, accent-sensitive", "case-sensitive"}),
    entry<&C::feed_elsewhere>("A-21", "GET sync on resources beyond StoricoDocumentiT, Articoli, CliFor",
                              {"served", "403", "404"}, {"served like the three", "403", "404"}),
    entry<&C::last_utc_run_forms>("A-22", "forms of LastUtcRun accepted", {"seed-and-iso", "seed-only"},
                                  {"YYYY-MM-DD HH:MM:SS.fff and ISO 8601 with T", "only YYYY-MM-DD HH:MM:SS.fff"}),
    entry<&C::change_clock>("A-23", "the clock behind dat_ultvar", {"utc", "skewed"},
                            {"the machine's UTC clock", "17 minutes ahead of the machine's clock"}),
    entry<&C::sync_answer>(
        "A-24", "body of a 200 to POST sync", {"count", "empty", "results", "text"},
        {"{\"accepted\": n}", "no body", "an array of {index, status, key: {...}}", "\"OK\" as text/plain"}),
    entry<&C::tenant_in_body>("A-26", "customer_ID in a sent record", {"ignored", "refused"},
                              {"ignored: the tenant comes from the token", "the block is refused"}),
    entry<&C::platform_fields>("A-27", "Id, ts_update or dat_ultvar in a sent record", {"refused", "ignored"},
                               {"the block is refused", "the fields are ignored"}),
    entry<&C::unknown_fields>("A-28", "unknown fields in a sent record", {"refused", "ignored"},
                              {"the block is refused, naming the field", "the fields are ignored"}),
    entry<&C::duplicate_keys>("A-29", "the same key twice in one block", {"last-wins", "refused"},
                              {"the later record wins", "the block is refused"}),
    entry<&C::empty_block>("A-30", "an empty block []", {"accepted", "refused"}, {"200, nothing stored", "refused"}),
    entry<&C::max_block>("A-31", "the most records per block", {"10000", "500"},
                         {"10,000 (413 beyond)", "500 (413 beyond)"}),
    entry<&C::content_type>(
        "A-32", "Content-Type of POST sync", {"json", "any"},
        {"application/json (any charset) only, else 415", "any Content-Type, the body read as JSON"}),
    entry<&C::allowed_values>("A-33", "values outside a field's allowed values on write", {"refused", "ignored"},
                              {"the block is refused", "stored as sent"}),
    entry<&C::deleted_header_lines>("A-36", "the lines of a logically deleted document in StoricoDocumentiR",
                                    {"kept", "hidden"}, {"still listed", "no longer listed"}),
    entry<&C::view_write_status>("A-37", "status of POST sync on a read-only view", {"403", "405", "404"},
                                 {"403", "405", "404"}),
    entry<&C::week>("A-39", "week numbering of settimana", {"iso", "us", "monday-zero"},
                    {"ISO 8601 weeks", "SQL Server DATEPART(week): weeks from Sunday, week 1 holds 1 January",
                     "SQLite's strftime('%W'): weeks from Monday, the days before the first Monday week 0"}),
    entry<&C::resources_listed>("A-40", "rows of MCPResources", {"user", "views"},
                                {"every resource the user may use", "only the MCP views the user may use"}),
    entry<&C::query_body>(
        "A-41", "body of POST query", {"nested", "flat", "sql"},
        {"{RecordSelection, OrderBy: [{field, desc}], PageSize, PageNumber}",
         "{filter, orderBy: \"field\", descending, pageSize, page}",
         "{RecordSelection, OrderBy: \"field [ASC|DESC], …\" (a SQL ORDER BY text), PageSize, PageNumber}"},
        /*declared=*/true),
    entry<&C::deleted_in_views>("A-42", "logically deleted rows in the MCP views", {"shown", "hidden"},
                                {"listed with flg_isdeleted true", "left out"}),
    entry<&C::error_body>("A-43", "body of an error response", {"json", "nested", "text", "empty"},
                          {"{\"error\": code, \"message\": text}", "{\"error\": {\"code\": code, \"message\": text}}",
                           "the message as text/plain", "no body"}),
    entry<&C::rate_limit>("A-44", "rate limits", {"none", "429"},
                          {"none", "every 25th GET is answered 429 with Retry-After: 0"}),
    entry<&C::parameter_case>("A-45", "case of query parameter names", {"exact", "any"},
                              {"only the seeds' spelling", "names matched without case"}),
    entry<&C::wrong_method>("A-46", "a known path with another method", {"404", "405"}, {"404", "405 with Allow"}),
    entry<&C::code_page>(
        "A-61", "varchar/char text outside Windows-1252", {"refuse", "replace", "utf8"},
        {"refused, naming the character", "stored with '?' for each such character (SQL Server's code page 1252)",
         "stored as sent (a UTF-8 collation)"}),
    entry<&C::upsert>("A-60", "fields left out of an upsert", {"replace", "merge"},
                      {"become null", "keep their stored values"}),
    entry<&C::view_derivation>(
        "A-67", "a view field named like a field of its base record and of a record it references", {"own", "joined"},
        {"from its own base record when that has it", "from the referenced record when it exists"}),
    entry<&C::id_on_update>("A-77", "Id of a record updated by key", {"kept", "new"},
                            {"kept", "a new Id on every write"}),
    entry<&C::line_order>("A-78", "order of the nested lines read back", {"sent", "reversed"}, {"as sent", "reversed"}),
    entry<&C::change_precision>("A-79", "precision of dat_ultvar", {"100ns", "datetime"},
                                {"datetime2, 100 ns", "SQL Server datetime, 1/300 s"}),
    entry<&C::rows_member>("A-80", "name of the row array in the object envelope", {"Records", "Data", "Items"},
                           {"Records", "Data", "Items"}),
    entry<&C::over_cap>("A-81", "a PageSize beyond the cap", {"400", "clamp"}, {"refused", "served as the cap"}),
    entry<&C::default_page>("A-82", "page size without PageSize", {"all", "50"}, {"every matching row", "50 rows"}),
    entry<&C::decimal_form>("A-83", "how decimals are written", {"number", "string"},
                            {"a JSON number", "a JSON string"}),
    entry<&C::bad_input_status>("A-84", "status of malformed input (RecordSelection, sync body, records)",
                                {"400", "422"}, {"400", "422"}),
    entry<&C::query_elsewhere>("A-85", "POST query on resources other than MCPClienti", {"404", "served"},
                               {"404", "served"}),
    entry<&C::repeated_parameter>("A-73", "a query parameter given twice", {"first", "last"},
                                  {"the first counts", "the last counts"}),
    entry<&C::null_order>(
        "A-96", "where NULLs sort in POST query ordering", {"first", "last"},
        {"first ascending, last descending (SQL Server, SQLite)", "last ascending, first descending (PostgreSQL)"}),
    entry<&C::fixed_text>(
        "A-98", "how char(n)/nchar(n) values are stored", {"padded", "as-sent", "trimmed"},
        {"padded with blanks to n (SQL Server, PostgreSQL's char(n))", "as sent (a text or varchar column)",
         "padded, answered without trailing blanks (a data layer that trims them)"}),
    entry<&C::trailing_blanks>("A-99", "trailing blanks in RecordSelection's = and LIKE",
                               {"sql-server", "significant", "trimmed"},
                               {"ignored by =, significant in LIKE but for varchar with '...' (SQL Server)",
                                "significant in = and LIKE (PostgreSQL's text, SQLite)",
                                "ignored by =, removed from the value before LIKE (PostgreSQL's char(n))"}),
    entry<&C::empty_text>(
        "A-100", "empty text", {"kept", "null"},
        {"'' is a text", "'' sent to a nullable field is stored as NULL, and a literal '' is NULL (Oracle Database)"}),
    entry<&C::conversions>("A-101", "text literals compared with numbers and date-times", {"lenient", "strict"},
                           {"converted as SQL Server does (blanks around, '' as 0, compact dates)",
                            "only plain numbers and YYYY-MM-DD[ hh:mm[:ss[.f]]] convert; other literals are refused"}),
    entry<&C::case_folding>("A-102", "letters a case-insensitive comparison folds", {"letters", "ascii"},
                            {"Latin, Greek and Cyrillic letters (SQL Server)",
                             "ASCII letters only, under ci: SQLite's NOCASE, which also counts trailing blanks and "
                             "accents whatever A-99 and A-103 say"}),
    entry<&C::accents>("A-103", "accents in text comparisons", {"sensitive", "insensitive"},
                       {"significant (SQL Server's _AS collations)", "ignored: é = e (an _AI collation, MySQL's _ci)"}),
    entry<&C::float_precision>("A-104", "float(n <= 24)", {"real", "double"},
                               {"a 4-byte real (SQL Server)", "a double (PostgreSQL's float8, SQLite's REAL)"}),
    entry<&C::decimal_excess>(
        "A-105", "a decimal sent with more digits than the scale", {"round", "truncate", "refuse"},
        {"rounded, halves away from zero (SQL Server)", "cut towards zero (some drivers)", "the block is refused"}),
    entry<&C::time_precision>("A-106", "precision of stored date-times", {"sql-server", "microseconds", "seconds"},
                              {"datetime 1/300 s, datetime2 100 ns (SQL Server)", "1 µs (PostgreSQL's timestamp)",
                               "whole seconds (MySQL's DATETIME)"}),
    entry<&C::text_length>("A-107", "what a text's length counts", {"utf16", "code-points"},
                           {"UTF-16 units for nvarchar/nchar (SQL Server)", "characters (PostgreSQL, MySQL)"}),
    entry<&C::like_case>(
        "A-108", "case in RecordSelection's LIKE", {"collation", "ascii"},
        {"as = compares it (the collation)",
         "ASCII letters folded whatever = does: SQLite's default LIKE, beside its BINARY = under cs and its NOCASE = "
         "under ci; trailing blanks and accents counted whatever A-99 and A-103 say"}),
    entry<&C::nested_lists>(
        "A-109", "GET of a nested list whose fields are not shown", {"refused", "empty"},
        {"403, as a name that is no resource", "an empty list (a server that serves them, none stored)"}),
    entry<&C::database>(
        "A-115", "the database a server passes RecordSelection and a query's OrderBy into", {"evaluator", "sqlite"},
        {"the stub's own evaluator, SQL Server's semantics (and the engine choices A-98..A-108)",
         "SQLite 3 in memory, the condition and the ordering passed as sent (BINARY =, LIKE folding ASCII, N'...' a "
         "syntax error); implies A-17=cs, A-96=first, A-98=as-sent, A-99=significant, A-100=kept, A-101=lenient, "
         "A-102=ascii, A-103=sensitive, A-104=double, A-108=ascii"}),
    entry<&C::count_form>("A-118", "JSON type of TotalRowsCount", {"number", "string"},
                          {"a JSON number", "a JSON string of digits"}),
    entry<&C::id_numbering>("A-119", "Id of a new record", {"per-tenant", "shared"},
                            {"numbered per tenant and resource: two tenants' records may hold the same Id",
                             "one numbering per resource for every tenant (one table, one identity column)"}),
    entry<&C::last_utc_run_range>("A-122", "a LastUtcRun before 1753-01-01", {"datetime2", "datetime"},
                                  {"read as any other instant (datetime2 holds years 1 to 9999)",
                                   "refused: before the first day of SQL Server's datetime"}),
};

}  // namespace

std::size_t Choices::max_page_size() const {
    switch (page_cap) {
        case PageCap::C10000: return 10000;
        case PageCap::None: return 0;
        case PageCap::C100: return 100;
        case PageCap::C5000: return 5000;
    }
    return 0;
}

const std::vector<ChoiceInfo>& choice_table() { return kTable; }

const ChoiceInfo* find_choice(std::string_view id) {
    const auto it = std::find_if(kTable.begin(), kTable.end(), [&](const ChoiceInfo& c) { return c.id == id; });
    return it == kTable.end() ? nullptr : &*it;
}

std::string_view value_of(const ChoiceInfo& info, const Choices& choices) { return info.values.at(info.get(choices)); }

Choices random_choices(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    Choices c;
    for (const auto& info : kTable) info.set(c, random() % info.values.size());
    c.shuffle_seed = random();
    return implied(c);
}

Choices implied(Choices c) {
    if (c.database == C::Database::Sqlite) {
        c.collation = C::Collation::Cs;       // BINARY =
        c.null_order = C::NullOrder::First;   // NULL sorts below every value
        c.fixed_text = C::FixedText::AsSent;  // TEXT columns: no char(n) padding
        c.trailing_blanks = C::TrailingBlanks::Significant;
        c.empty_text = C::EmptyText::Kept;
        c.conversions = C::Conversions::Lenient;  // the stub refuses nothing SQLite would read its own way
        c.case_folding = C::CaseFolding::Ascii;
        c.like_case = C::LikeCase::Ascii;  // LIKE folds ASCII letters
        c.accents = C::Accents::Sensitive;
        c.float_precision = C::FloatPrecision::Double;  // REAL is 8 bytes
    }
    return c;
}

void apply_choices(Choices& choices, std::string_view spec) {
    while (!spec.empty()) {
        const auto comma = spec.find(',');
        const std::string_view item = spec.substr(0, comma);
        spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
        if (item.empty()) continue;
        if (item.rfind("random:", 0) == 0) {
            std::uint64_t seed = 0;
            const auto text = item.substr(7);
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
            if (ec != std::errc{} || end != text.data() + text.size())
                throw ChoiceError{"random:SEED needs a whole number, got \"" + std::string(item) + "\""};
            choices = random_choices(seed);
            continue;
        }
        const auto eq = item.find('=');
        const ChoiceInfo* info = find_choice(item.substr(0, eq));
        if (eq == std::string_view::npos || !info)
            throw ChoiceError{"expected ID=VALUE with an id of --list-choices (e.g. A-08=5000), got \"" +
                              std::string(item) + "\""};
        const auto value = item.substr(eq + 1);
        const auto it = std::find(info->values.begin(), info->values.end(), value);
        if (it == info->values.end()) {
            std::string known;
            for (const auto v : info->values) known.append(known.empty() ? "" : ", ").append(v);
            throw ChoiceError{std::string(info->id) + " has no value \"" + std::string(value) +
                              "\"; its values: " + known};
        }
        info->set(choices, static_cast<std::size_t>(it - info->values.begin()));
    }
    choices = implied(choices);
}

std::string describe(const Choices& choices) {
    std::string out;
    for (const auto& info : kTable)
        if (info.get(choices) != 0)
            out.append(out.empty() ? "" : ",").append(info.id).append("=").append(value_of(info, choices));
    return out;
}

}  // namespace bds::stub

// Suite "tenancy", the platform's fields a client sends back (000 §1 "Fields Id, ts_update and dat_ultvar are
// maintained by the platform and are not supplied by senders"; 000 §4.4 "Id, ts_update and dat_ultvar are
// platform-managed"; 000 §2.1 the key fields decide the record; 000 §1 one tenant per record): a client that reads a
// record, changes it and sends it back sends them with it. Whatever the server does with them (refuse the block or
// ignore them: ), a record sent with another record's Id, ts_update and dat_ultvar, of its own tenant or of
// another, or with another tenant's customer_ID, changes no record but its own key's.
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"
#include "suites/registry.hpp"

namespace bds::suites {
namespace {

/// The fields a client sends back with a record it read: the platform's (000 §1).
const std::vector<std::string> kSentBack = {"Id", "ts_update", "dat_ultvar"};

/// A record of the check as its owner wrote it and read it back.
struct Stored {
    const char* name;  ///< "A" (the writer's) or "B" (the other tenant's), for messages
    std::string role;
    json sent;
    json row;
};

/// A record C the writer sends on a new key with platform fields of a stored record.
struct SentBack {
    std::string what;  ///< what it carries, for messages
    json record;
    bool same_tenant;  ///< it carries the platform fields of a record of the writer's own tenant
    bool accepted = false;
};

/// Sends `record` alone as `role`, a precondition: CheckError unless accepted (SYN-01, TEN-04 judge that); the
/// other tenant's refusal to write skips the check (as TEN-04).
void write_own(Context& ctx, const std::string& role, const json& record) {
    const auto r = ctx.answered(ctx.sync(role, "CliFor", json::array({record})));
    if (role == client::kOtherTenant && (r.status == 401 || r.status == 403))
        ctx.skip("the other_tenant user may not write CliFor (" + status_text(r) +
                 "): give users.other_tenant a user enabled for writing, to run it");
    if (r.status != 200)
        throw CheckError("writing the check's CliFor record as " + role + ": expected 200, got " + status_text(r),
                         r.exchange);
}

/// `row`'s platform fields as the target answered them: what a client sends back.
json sent_back_of(const json& row) {
    json out = json::object();
    for (const auto& f : kSentBack)
        if (row.contains(f)) out[f] = row.at(f);
    return out;
}

/// `row`'s key for messages: `ind_clifor "C", cod_clifor "K1"` (the tenant aside).
std::string shown_key(const Record& record, const json& row) {
    std::string out;
    for (const auto& name : record.key) {
        const Field* f = record.field(name);
        if (f && f->tenant) continue;
        out += (out.empty() ? "" : ", ") + name + " " + value_of(row, name).dump();
    }
    return out;
}

/// A finding unless `s`, read again by its owner, is one row equal to what was sent (values and key).
void expect_unchanged(Context& ctx, const Record& record, const Stored& s) {
    const auto rows = read_by_key(ctx, s.role, record, s.sent);
    const std::string expected = s.role + "'s record " + s.name + " (key " + shown_key(record, s.sent) +
                                 ") unchanged: a record sent with its Id, ts_update and dat_ultvar is written under "
                                 "its own key (000 §1: they are the platform's; 000 §2.1: the key fields decide the "
                                 "record; one tenant per record)";
    if (rows.size() != 1)
        return ctx.finding({.expected = expected,
                            .actual = std::to_string(rows.size()) + " rows where " + key_selection(record, s.sent)});
    const auto differences = oracle::compare_record(ctx.catalogue, record, s.sent, rows.front(), compare_options(ctx));
    if (!differences.empty()) ctx.finding({.expected = expected, .actual = oracle::format_differences(differences)});
}

/// The writer's record `c` read back by its key, judged: exactly one row, equal to what was sent, its ts_update the
/// platform's own, its customer_ID not the other tenant's when the writer's (`writer_tenant`, record A's) differs.
void judge_landed(Context& ctx, const Record& record, const SentBack& c, const json& writer_tenant) {
    const auto rows = read_by_key(ctx, client::kWriter, record, c.record);
    if (!c.accepted) {
        if (rows.empty()) return;
        ctx.observe("a refused block's record carrying " + c.what +
                    " was stored nonetheless (A-25: SYN-08 judges that, as SHOULD)");
    }
    const std::string where = "the writer's record C (key " + shown_key(record, c.record) + ") carrying " + c.what;
    if (rows.size() != 1)
        return ctx.finding({.expected = where + (c.accepted ? ", accepted," : ", stored though refused,") +
                                        " read back once under its own key in the writer's tenant (000 §2.1: the key "
                                        "fields decide the record; 000 §4.4 status 200 when the block is accepted)",
                            .actual = std::to_string(rows.size()) + " rows where " + key_selection(record, c.record)});
    const json& row = rows.front();
    const auto differences = oracle::compare_record(ctx.catalogue, record, c.record, row, compare_options(ctx));
    if (!differences.empty())
        ctx.finding(
            {.expected = where + " read back with the values sent", .actual = oracle::format_differences(differences)});
    const json sent_ts = value_of(c.record, "ts_update");
    const bool ts_as_sent = !sent_ts.is_null() && value_of(row, "ts_update") == sent_ts;
    if (ts_as_sent && c.same_tenant)
        ctx.finding({.expected = where + " with a ts_update of the platform's, not the one sent (000 §1: maintained by "
                                         "the platform; A's second version, which no new row holds, A-75, A-119)",
                     .actual = "ts_update " + sent_ts.dump() + ", the one sent (record A's)"});
    ctx.observe("a landed record's ts_update, sent with " + c.what +
                " (A-119): " + (ts_as_sent ? "the one sent" : "another"));
    ctx.observe("a landed record's dat_ultvar, sent with " + c.what + " (A-119): " +
                (value_of(row, "dat_ultvar") == value_of(c.record, "dat_ultvar") ? "the one sent" : "another"));
    ctx.observe("a landed record's Id, sent with " + c.what +
                " (A-119): " + (value_of(row, "Id") == value_of(c.record, "Id") ? "the one sent" : "another"));
    if (c.record.contains("customer_ID") && writer_tenant != c.record.at("customer_ID") &&
        value_of(row, "customer_ID") == c.record.at("customer_ID"))
        ctx.finding({.expected = where + " showing the writer's customer_ID (000 §1: one tenant per record; A-26)",
                     .actual = "customer_ID " + c.record.at("customer_ID").dump() + ", the other tenant's, as sent"});
}

/// A finding for each row the other tenant reads with a record C's key, or with the records C's marker.
void expect_none_for_other(Context& ctx, const Record& record, const std::vector<SentBack>& sent,
                           const std::string& by_marker) {
    const std::string expected =
        "none of the writer's records C in the other tenant's data, whatever platform fields "
        "or customer_ID they were sent with (000 §1: one tenant per record; A-26, A-27)";
    const auto marked = read_all(ctx, client::kOtherTenant, record.name, by_marker);
    for (const auto& row : marked)
        ctx.finding({.expected = expected, .actual = "a row where " + by_marker + ", key " + shown_key(record, row)});
    for (const auto& c : sent)
        for (const auto& row : read_by_key(ctx, client::kOtherTenant, record, c.record))
            ctx.finding(
                {.expected = expected,
                 .actual = "a row with the key of the record C carrying " + c.what + ": " + shown_key(record, row)});
}

/// "a lower Id", "the same Id" or "a higher Id": `b`'s Id beside `a`'s, when both are numbers.
std::optional<std::string> id_order(const json& a, const json& b) {
    if (!a.is_number_integer() || !b.is_number_integer()) return std::nullopt;
    const auto x = a.get<long long>(), y = b.get<long long>();
    return y < x ? "a lower Id" : y == x ? "the same Id" : "a higher Id";
}

// ---- TEN-07 ----

void platform_fields_sent_back(Context& ctx) {
    const Record& record = record_of(ctx, "CliFor");
    const Field* field = marker_field(record);
    if (!field) throw CheckError("CliFor has no field that can carry a marker");
    // A, B and three records C, each on a key of its own under the check's prefix.
    std::vector<json> drawn = sample_records(ctx, record, 5, 81);
    drawn[0][field->name] = marker(ctx, "A");
    drawn[1][field->name] = marker(ctx, "B");
    const std::string c_marker = marker(ctx, "C");
    for (std::size_t i = 2; i < drawn.size(); ++i) drawn[i][field->name] = c_marker;
    // A written twice: its ts_update is then a second version, which no new row holds however a server numbers its
    // versions (SQL Server's rowversion is unique in its database; a counter per row starts again at each new row).
    write_own(ctx, client::kWriter, drawn[0]);
    write_own(ctx, client::kWriter, drawn[0]);
    write_own(ctx, client::kOtherTenant, drawn[1]);
    const Stored a{"A", client::kWriter, drawn[0], read_one(ctx, record, drawn[0], client::kWriter)};
    const Stored b{"B", client::kOtherTenant, drawn[1], read_one(ctx, record, drawn[1], client::kOtherTenant)};
    for (const auto* s : {&a, &b})
        if (value_of(s->row, "Id").is_null())
            ctx.skip("record " + std::string(s->name) +
                     " read back without an Id: nothing a client would send back; it runs against a target that "
                     "answers Id (001 §2: platform-managed in every resource)");
    if (const auto order = id_order(a.row.at("Id"), b.row.at("Id")))
        ctx.observe("Ids across tenants (A-119): the other tenant's record B, written after the writer's A, has " +
                    *order);

    std::vector<SentBack> sent;
    sent.push_back({"the Id, ts_update and dat_ultvar of the writer's record A", drawn[2], true});
    sent.back().record.update(sent_back_of(a.row));
    sent.push_back({"the Id, ts_update and dat_ultvar of the other tenant's record B", drawn[3], false});
    sent.back().record.update(sent_back_of(b.row));
    if (const json other = value_of(b.row, "customer_ID"); other.is_number_integer()) {
        sent.push_back(
            {"the Id, ts_update, dat_ultvar and customer_ID of the other tenant's record B", drawn[4], false});
        sent.back().record.update(sent_back_of(b.row));
        sent.back().record["customer_ID"] = other;
    } else {
        ctx.observe("record B read back without a customer_ID: no record sent with the other tenant's");
    }
    for (auto& c : sent) {
        const auto r = ctx.answered(ctx.sync(client::kWriter, record.name, json::array({c.record})));
        c.accepted = client::is_success(r.status);
        ctx.observe("a new record sent with " + c.what + " (A-27, A-26): " + status_text(r), r.exchange);
    }

    expect_unchanged(ctx, record, a);
    expect_unchanged(ctx, record, b);
    expect_none_for_other(ctx, record, sent, field->name + " = " + sql_text(c_marker));
    for (const auto& c : sent) judge_landed(ctx, record, c, value_of(a.row, "customer_ID"));
}

}  // namespace

// clang-format off
std::vector<Check> tenancy_platform_checks() {
    return {
        {.id = "TEN-07",
         .title = "Client-sent Id, ts_update, dat_ultvar and customer_ID of existing rows change no other record",
         .spec = "000 §1; §2.1 Key fields; §4.4 Record key rule; A-26, A-27, A-119 (derived)",
         .verifies = {"000-1-platform-fields", "000-4.4-platform-managed", "001-2-platform-managed", "000-1-tenant",
                      "001-2-customer-id", "000-4.4-customer-id-not-sent", "001-2.1-clifor-key",
                      "000-2.1-catalogue-clifor"},
         .level = Level::Must, .needs = {client::kWriter, client::kOtherTenant}, .resources = {"CliFor"},
         .writes = true, .own_rows = true, .chain = 17, .run = platform_fields_sent_back},
    };
}
// clang-format on

}  // namespace bds::suites

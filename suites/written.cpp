#include "suites/written.hpp"

#include <set>

#include "generate/record_gen.hpp"
#include "sql/datetime.hpp"
#include "suites/support.hpp"

namespace bds::suites {

std::vector<const Record*> writable_records(const Context& ctx) {
    std::vector<const Record*> out;
    for (const Record* r : ctx.catalogue.resources())
        if (r->writable()) out.push_back(r);
    if (out.empty()) throw harness_error("the catalogue lists no resource with POST sync");
    return out;
}

rc::Gen<nlohmann::json> sent_gen(Context& ctx, const Record& record) {
    return ctx.kept<rc::Gen<nlohmann::json>>("sent_gen " + record.name, [&] {
        return rc::gen::map(gen::sent_record_gen(ctx.catalogue, record, gen_options(ctx)), [](nlohmann::json r) {
            gen::tie_lines(r);
            return r;
        });
    });
}

rc::Gen<nlohmann::json> block_gen(Context& ctx, const Record& record, int n) {
    return rc::gen::map(rc::gen::container<std::vector<nlohmann::json>>(static_cast<std::size_t>(std::max(n, 1)), sent_gen(ctx, record)),
                        [&record](std::vector<nlohmann::json> rows) {
                            nlohmann::json block = nlohmann::json::array();
                            std::set<std::string> keys;
                            for (auto& r : rows)
                                if (keys.insert(oracle::index_key(record, r, Collation::CaseInsensitive)).second) block.push_back(std::move(r));
                            return block;
                        });
}

std::vector<oracle::Difference> written_differences(const Context& ctx, const Record& record, const nlohmann::json& sent,
                                                    const nlohmann::json& returned) {
    nlohmann::json s = sent, r = returned;
    std::vector<oracle::Difference> lists;
    for (const auto& f : record.fields) {
        if (f.list_of.empty() || !s.contains(f.name)) continue;
        const Record* line_record = ctx.catalogue.find(f.list_of);
        const nlohmann::json sent_lines = s[f.name].is_array() ? s[f.name] : nlohmann::json::array();
        const nlohmann::json got = r.contains(f.name) && r[f.name].is_array() ? r[f.name] : nlohmann::json::array();
        s.erase(f.name);
        if (r.is_object()) r.erase(f.name);
        if (got.size() != sent_lines.size()) {
            lists.push_back({"/" + f.name, f.name, sent_lines, got,
                             std::to_string(sent_lines.size()) + " lines sent, " + std::to_string(got.size()) + " returned"});
            continue;
        }
        std::vector<bool> used(got.size(), false);
        for (std::size_t i = 0; i < sent_lines.size(); ++i) {
            bool found = false;
            for (std::size_t j = 0; j < got.size() && !found; ++j)
                if (!used[j] && (!line_record || oracle::compare_record(ctx.catalogue, *line_record, sent_lines[i], got[j],
                                                                        compare_options(ctx)).empty())) {
                    used[j] = found = true;
                }
            if (!found)
                lists.push_back({"/" + f.name, f.name, sent_lines[i], got,
                                 "no returned line equals sent line " + std::to_string(i) + " (lines compared in any order: A-35)"});
        }
    }
    auto out = oracle::compare_record(ctx.catalogue, record, s, r, compare_options(ctx));
    out.insert(out.end(), lists.begin(), lists.end());
    return out;
}

std::optional<nlohmann::json> expect_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                               const std::string& what, const std::string& role) {
    const std::string selection = key_selection(record, sent);
    const auto r = ctx.api.list(role, record.name, {selection, page_size(ctx), 1});
    const auto& page = ctx.page_of(r, "reading back " + what);
    if (page.rows.size() != 1) {
        ctx.finding({"one " + record.name + " row for the key of " + what + " (" + selection + ")",
                     std::to_string(page.rows.size()) + " rows", "", r.response.exchange, ""});
        return std::nullopt;
    }
    const nlohmann::json& row = page.rows.front();
    for (const char* platform : {"Id", "ts_update"})
        if (record.field(platform) && (!row.contains(platform) || row[platform].is_null()))
            ctx.finding({std::string(platform) + " set by the platform (not null, 000 §1/§2) on " + what, "none", std::string("/0/") + platform,
                         r.response.exchange, ""});
    const auto differences = written_differences(ctx, record, sent, row);
    if (!differences.empty())
        ctx.finding({what + " reads back as sent (type-aware)", oracle::format_differences(differences),
                     "/0" + differences.front().pointer, r.response.exchange, ""});
    return row;
}

bool stored(Context& ctx, const Record& record, const nlohmann::json& sent, const std::string& role) {
    const auto r = ctx.api.list(role, record.name, {key_selection(record, sent), 1, 1});
    return !ctx.page_of(r, "reading " + record.name + " by key").rows.empty();
}

std::optional<std::int64_t> dat_ultvar_of(const nlohmann::json& row) {
    if (!row.is_object() || !row.contains("dat_ultvar") || !row["dat_ultvar"].is_string()) return std::nullopt;
    return sql::parse_datetime(row["dat_ultvar"].get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record).ticks;
}

std::string last_utc_run_after(Context& ctx, const Record& record, const std::vector<nlohmann::json>& rows) {
    std::int64_t latest = 0;
    for (const auto& row : rows) {
        if (!row.contains("dat_ultvar") || row["dat_ultvar"].is_null())
            ctx.skip(record.name + " rows come without dat_ultvar (nullable): the change feed has no instant of the target's own to start from (A-23); "
                     "a target that fills dat_ultvar lets it run");
        const auto ticks = dat_ultvar_of(row);
        if (!ticks) throw CheckError(record.name + " dat_ultvar is not a date-time (SCH-01 judges that): " + row["dat_ultvar"].dump());
        latest = std::max(latest, *ticks);
    }
    constexpr std::int64_t kMillisecond = 10000;
    const std::int64_t anchor = (latest + kMillisecond - 1) / kMillisecond * kMillisecond;
    std::string text = sql::format_datetime(anchor, SqlKind::Datetime2);  // YYYY-MM-DDTHH:MM:SS.fffffff
    text[10] = ' ';
    return text.substr(0, 23);
}

nlohmann::json read_one(Context& ctx, const Record& record, const nlohmann::json& sent, const std::string& role) {
    const auto rows = read_by_key(ctx, role, record, sent);
    if (rows.size() != 1)
        throw CheckError("reading back " + record.name + " " + key_selection(record, sent) + ": expected one row, got " +
                         std::to_string(rows.size()) + " (SYN-01 and SYN-02 judge that)");
    return rows.front();
}

void send_or_error(Context& ctx, const Record& record, const nlohmann::json& block) {
    const auto r = ctx.answered(ctx.sync(client::kWriter, record.name, block));
    if (r.status != 200)
        throw CheckError("sending " + std::to_string(block.size()) + " valid " + record.name + " records: expected 200, got " +
                             std::to_string(r.status) + " (SYN-01 judges that)",
                         r.exchange);
}

void send_data_set(Context& ctx, const gen::DataSet& set) {
    for (const auto& b : set)
        if (!b.records.empty()) send_or_error(ctx, record_of(ctx, b.resource), nlohmann::json(b.records));
}

gen::DataSetOptions data_set_options(const Context& ctx) {
    gen::DataSetOptions options;
    options.record = gen_options(ctx);
    return options;
}

const std::vector<nlohmann::json>& records_in(const gen::DataSet& set, const std::string& resource) {
    static const std::vector<nlohmann::json> kNone;
    for (const auto& b : set)
        if (b.resource == resource) return b.records;
    return kNone;
}

}  // namespace bds::suites

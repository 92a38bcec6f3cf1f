#include "suites/common/written.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include "generate/data_set_gen.hpp"
#include "generate/record_gen.hpp"
#include "run/at_once.hpp"
#include "common/text.hpp"
#include "sql/datetime.hpp"
#include "sql/text.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {

std::string CasePrefixes::next(const std::string& resource) {
    return base_ + base36(counts_[resource]++ % kResourceSlots, 2);
}

nlohmann::json under_case_prefix(const Record& record, nlohmann::json block, const std::string& prefix,
                                 const std::string& case_prefix, std::size_t first) {
    nlohmann::json out = nlohmann::json::array();
    std::set<std::string> keys;
    std::size_t position = first;
    for (auto& r : block) {
        const std::string tail = base36(position++, 1);
        for (const auto& k : record.key) {
            const Field* f = record.field(k);
            if (f && !f->values.empty() && r.contains(k) && r[k].is_string())  // ind_clifor: its values in turn
                r[k] = f->values[(position - 1) % f->values.size()].value;
            if (!f || !r.contains(k) || !r[k].is_string() || !r[k].get<std::string>().starts_with(prefix)) continue;
            std::string moved = case_prefix + tail;
            if (const auto most = f->type.max_length())
                moved = sql::truncate_utf16(moved, static_cast<std::size_t>(*most));
            r[k] = moved;
        }
        gen::tie_lines(r);
        if (keys.insert(oracle::index_key(record, r, Collation::CaseInsensitive)).second) out.push_back(std::move(r));
    }
    return out;
}

std::vector<std::string> written_keys(const Record& record, const nlohmann::json& records) {
    std::vector<std::string> out;
    for (const auto& r : records.is_array() ? records : nlohmann::json::array({records}))
        out.push_back(record.name + " " + oracle::index_key(record, r, Collation::CaseInsensitive));
    return out;
}

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
    return rc::gen::map(rc::gen::container<std::vector<nlohmann::json>>(static_cast<std::size_t>(std::max(n, 1)),
                                                                        sent_gen(ctx, record)),
                        [&record](std::vector<nlohmann::json> rows) {
                            nlohmann::json block = nlohmann::json::array();
                            std::set<std::string> keys;
                            for (auto& r : rows)
                                if (keys.insert(oracle::index_key(record, r, Collation::CaseInsensitive)).second)
                                    block.push_back(std::move(r));
                            return block;
                        });
}

std::vector<oracle::Difference> written_differences(const Context& ctx, const Record& record,
                                                    const nlohmann::json& sent, const nlohmann::json& returned) {
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
            lists.push_back(
                {"/" + f.name, f.name, sent_lines, got,
                 std::to_string(sent_lines.size()) + " lines sent, " + std::to_string(got.size()) + " returned"});
            continue;
        }
        std::vector<bool> used(got.size(), false);
        for (std::size_t i = 0; i < sent_lines.size(); ++i) {
            bool found = false;
            for (std::size_t j = 0; j < got.size() && !found; ++j)
                if (!used[j] && (!line_record || oracle::compare_record(ctx.catalogue, *line_record, sent_lines[i],
                                                                        got[j], compare_options(ctx))
                                                     .empty())) {
                    used[j] = found = true;
                }
            if (!found)
                lists.push_back({"/" + f.name, f.name, sent_lines[i], got,
                                 "no returned line equals sent line " + std::to_string(i) +
                                     " (lines compared in any order: A-35)"});
        }
    }
    auto out = oracle::compare_record(ctx.catalogue, record, s, r, compare_options(ctx));
    out.insert(out.end(), lists.begin(), lists.end());
    return out;
}

std::size_t records_per_post(const Context& ctx, const Record& record) {
    const auto block = static_cast<std::size_t>(std::max(ctx.target.max_block, 1));
    for (const auto& f : record.fields)
        if (!f.list_of.empty()) return std::max<std::size_t>(block / 4, 1);
    return block;
}

std::vector<std::vector<std::size_t>> key_rounds(const Record& record,
                                                 const std::vector<const nlohmann::json*>& cases) {
    std::vector<std::vector<std::size_t>> rounds;
    std::vector<std::set<std::string>> keys;
    for (std::size_t p = 0; p < cases.size(); ++p) {
        std::set<std::string> mine;
        for (const auto& r : *cases[p]) mine.insert(oracle::index_key(record, r, Collation::CaseInsensitive));
        std::size_t k = 0;
        while (k < rounds.size() &&
               std::any_of(mine.begin(), mine.end(), [&](const std::string& key) { return keys[k].contains(key); }))
            ++k;
        if (k == rounds.size()) {
            rounds.emplace_back();
            keys.emplace_back();
        }
        rounds[k].push_back(p);
        keys[k].insert(mine.begin(), mine.end());
    }
    return rounds;
}

std::vector<std::vector<std::size_t>> posts(const Context& ctx, const Record& record,
                                            const std::vector<const nlohmann::json*>& cases,
                                            const std::vector<std::size_t>& round) {
    const std::size_t most = records_per_post(ctx, record);
    std::vector<std::vector<std::size_t>> out;
    std::size_t records = 0;
    for (std::size_t p : round) {
        if (out.empty() || records + cases[p]->size() > most) {
            out.emplace_back();
            records = 0;
        }
        out.back().push_back(p);
        records += cases[p]->size();
    }
    return out;
}

std::vector<ReadBack> read_back(Context& ctx, const Record& record, const std::vector<const nlohmann::json*>& sent,
                                const std::string& role) {
    std::vector<ReadBack> out(sent.size());
    const auto per_read =
        std::min<std::size_t>(kMostOwnSelections, static_cast<std::size_t>(std::max<long long>(page_size(ctx), 1)));
    for (std::size_t from = 0; from < sent.size();) {
        std::string selection = key_selection(record, *sent[from]);
        std::size_t to = from + 1;
        if (to < sent.size()) selection = "(" + selection + ")";
        for (; to < sent.size() && to - from < per_read; ++to) {
            const std::string next = " or (" + key_selection(record, *sent[to]) + ")";
            if (selection.size() + next.size() > kMaxOwnSelection) break;
            selection += next;
        }
        const auto r = ctx.api.list(role, record.name, {selection, page_size(ctx), 1});
        const auto& page =
            ctx.page_of(r, "reading back " + std::to_string(to - from) + " " + record.name + " records by key");
        std::vector<bool> matched(page.rows.size(), false);
        for (std::size_t i = from; i < to; ++i) {
            out[i].exchange = r.response.exchange;
            const std::string key = oracle::index_key(record, *sent[i], Collation::CaseInsensitive);
            for (std::size_t j = 0; j < page.rows.size(); ++j)
                if (oracle::index_key(record, page.rows[j], Collation::CaseInsensitive) == key) {
                    out[i].rows.emplace_back(j, page.rows[j]);
                    matched[j] = true;
                }
        }
        // A row with none of the keys asked for is one row too many for each of them, as it is in a read of one key.
        for (std::size_t j = 0; j < page.rows.size(); ++j)
            if (!matched[j])
                for (std::size_t i = from; i < to; ++i) out[i].rows.emplace_back(j, page.rows[j]);
        from = to;
    }
    return out;
}

std::optional<nlohmann::json> judge_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                              const std::string& what, const ReadBack& back) {
    if (back.rows.size() != 1) {
        ctx.finding({.expected = "one " + record.name + " row for the key of " + what + " (" +
                                 key_selection(record, sent) + ")",
                     .actual = std::to_string(back.rows.size()) + " rows",
                     .exchange = back.exchange});
        return std::nullopt;
    }
    const auto& [position, row] = back.rows.front();
    const std::string at = "/" + std::to_string(position);
    for (const char* platform : {"Id", "ts_update"})
        if (record.field(platform) && (!row.contains(platform) || row[platform].is_null()))
            ctx.finding({.expected = std::string(platform) + " set by the platform (not null, 000 §1/§2) on " + what,
                         .actual = "none",
                         .pointer = at + "/" + platform,
                         .exchange = back.exchange});
    const auto differences = written_differences(ctx, record, sent, row);
    if (!differences.empty())
        ctx.finding({.expected = what + " reads back as sent (type-aware)",
                     .actual = oracle::format_differences(differences),
                     .pointer = at + differences.front().pointer,
                     .exchange = back.exchange});
    return row;
}

std::optional<nlohmann::json> expect_read_back(Context& ctx, const Record& record, const nlohmann::json& sent,
                                               const std::string& what, const std::string& role) {
    return judge_read_back(ctx, record, sent, what, read_back(ctx, record, {&sent}, role).front());
}

std::optional<nlohmann::json> row_with_key(Context& ctx, const Record& record, const nlohmann::json& sent,
                                           const std::string& role) {
    const auto r = ctx.api.list(role, record.name, {key_selection(record, sent), 1, 1});
    const auto& rows = ctx.page_of(r, "reading " + record.name + " by key").rows;
    if (rows.empty()) return std::nullopt;
    return rows.front();
}

std::optional<nlohmann::json> left_by_earlier_runs(Context& ctx, const Record& record, const nlohmann::json& sent) {
    if (!ctx.key_numbers) return std::nullopt;
    return row_with_key(ctx, record, sent);
}

bool stored(Context& ctx, const Record& record, const nlohmann::json& sent,
            const std::optional<nlohmann::json>& earlier) {
    const auto row = row_with_key(ctx, record, sent);
    return row && (!earlier || *row != *earlier);
}

std::optional<std::int64_t> dat_ultvar_of(const nlohmann::json& row) {
    if (!row.is_object() || !row.contains("dat_ultvar") || !row["dat_ultvar"].is_string()) return std::nullopt;
    return sql::parse_datetime(row["dat_ultvar"].get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record).ticks;
}

std::string last_utc_run_after(Context& ctx, const Record& record, const std::vector<nlohmann::json>& rows) {
    std::int64_t latest = 0;
    for (const auto& row : rows) {
        if (!row.contains("dat_ultvar") || row["dat_ultvar"].is_null())
            ctx.skip(
                record.name +
                " rows come without dat_ultvar (nullable): the change feed has no instant of the target's own to start from (A-23); "
                "a target that fills dat_ultvar lets it run");
        const auto ticks = dat_ultvar_of(row);
        if (!ticks)
            throw CheckError(record.name +
                             " dat_ultvar is not a date-time (SCH-01 judges that): " + row["dat_ultvar"].dump());
        latest = std::max(latest, *ticks);
    }
    constexpr std::int64_t kMillisecond = 10000;
    return last_utc_run_at((latest + kMillisecond - 1) / kMillisecond * kMillisecond);
}

std::string last_utc_run_at(std::int64_t ticks) {
    std::string text = sql::format_datetime(ticks, SqlKind::Datetime2);  // YYYY-MM-DDTHH:MM:SS.fffffff
    text[10] = ' ';
    return text.substr(0, 23);
}

nlohmann::json read_one(Context& ctx, const Record& record, const nlohmann::json& sent, const std::string& role) {
    const auto rows = read_by_key(ctx, role, record, sent);
    if (rows.size() != 1)
        throw CheckError("reading back " + record.name + " " + key_selection(record, sent) +
                         ": expected one row, got " + std::to_string(rows.size()) + " (SYN-01 and SYN-02 judge that)");
    return rows.front();
}

void send_or_error(Context& ctx, const Record& record, const nlohmann::json& block) {
    const auto r = ctx.answered(ctx.sync(client::kWriter, record.name, block));
    if (r.status != 200)
        throw CheckError("sending " + std::to_string(block.size()) + " valid " + record.name +
                             " records: expected 200, got " + std::to_string(r.status) + " (SYN-01 judges that)",
                         r.exchange);
}

std::vector<nlohmann::json> in_posts(const Context& ctx, const Record& record,
                                     const std::vector<nlohmann::json>& records) {
    const std::size_t most = records_per_post(ctx, record);
    std::vector<nlohmann::json> out;
    for (std::size_t from = 0; from < records.size(); from += most)
        out.emplace_back(
            std::vector<nlohmann::json>(records.begin() + static_cast<long>(from),
                                        records.begin() + static_cast<long>(std::min(records.size(), from + most))));
    return out;
}

void send_all(Context& ctx, const Record& record, const std::vector<nlohmann::json>& records) {
    for (const auto& block : in_posts(ctx, record, records)) send_or_error(ctx, record, block);
}

std::vector<nlohmann::json> read_each(Context& ctx, const Record& record,
                                      const std::vector<const nlohmann::json*>& sent) {
    std::vector<nlohmann::json> out;
    const auto backs = read_back(ctx, record, sent);
    for (std::size_t i = 0; i < sent.size(); ++i) {
        if (backs[i].rows.size() != 1)
            throw CheckError("reading back " + record.name + " " + key_selection(record, *sent[i]) +
                                 ": expected one row, got " + std::to_string(backs[i].rows.size()) +
                                 " (SYN-01 and SYN-02 judge that)",
                             backs[i].exchange);
        out.push_back(backs[i].rows.front().second);
    }
    return out;
}

void send_data_set(Context& ctx, const gen::DataSet& set) {
    // A dependency level's resources link only to those before it: its blocks go at once (a far target then pays a
    // round trip a level, not one a resource). A block of another resource, whose links are not known here, is a step
    // of its own where the set puts it.
    const auto levels = gen::dependency_levels(ctx.catalogue);
    auto level_of = [&](const std::string& resource) -> std::optional<std::size_t> {
        for (std::size_t l = 0; l < levels.size(); ++l)
            if (std::find(levels[l].begin(), levels[l].end(), resource) != levels[l].end()) return l;
        return std::nullopt;
    };
    std::vector<std::vector<const gen::ResourceBlock*>> steps;
    std::size_t levelled = 0;  // where the steps of the current run of data set blocks begin
    for (const auto& b : set) {
        if (b.records.empty()) continue;
        if (const auto l = level_of(b.resource)) {
            if (steps.size() < levelled + *l + 1) steps.resize(levelled + *l + 1);
            steps[levelled + *l].push_back(&b);
        } else {
            steps.push_back({&b});
            levelled = steps.size();
        }
    }
    for (const auto& blocks : steps)
        at_once(ctx, blocks.size(), [&](std::size_t i, Context& lane) {
            send_all(lane, record_of(lane, blocks[i]->resource), blocks[i]->records);
        });
}

gen::DataSet merged(const std::vector<const gen::DataSet*>& sets) {
    gen::DataSet out;
    for (const auto* set : sets)
        for (const auto& b : *set) {
            auto it = std::find_if(out.begin(), out.end(),
                                   [&](const gen::ResourceBlock& o) { return o.resource == b.resource; });
            if (it == out.end()) it = out.insert(out.end(), gen::ResourceBlock{b.resource, {}});
            it->records.insert(it->records.end(), b.records.begin(), b.records.end());
        }
    return out;
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

// Reading the history file back as one picture (history_store.hpp: read_history).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>

#include "catalogue/requirements.hpp"
#include "history/history_schema.hpp"
#include "history/history_store.hpp"
#include "history/sqlite_file.hpp"
#include "report/observation_shape.hpp"

namespace bds::history {
namespace {

/// An outcome as the file holds it (run::to_string's text); a damaged file's other text decides nothing.
run::Outcome outcome_named(const std::string& text) {
    for (const auto o : {run::Outcome::Pass, run::Outcome::Fail, run::Outcome::Skip, run::Outcome::Error})
        if (run::to_string(o) == text) return o;
    return run::Outcome::Error;
}

/// A seed as the file holds it (decimal text: SQLite's integers are signed), 0 for anything else.
std::uint64_t seed_of(const std::string& text) {
    std::uint64_t seed = 0;
    std::from_chars(text.data(), text.data() + text.size(), seed);
    return seed;
}

std::vector<RunRow> read_runs(SqliteFile& file, const Filter& filter) {
    auto stmt = file.prepare(
        "SELECT id, started_at, target, release, harness_version, seed, cases, verdict, requests, duration_ms, reruns "
        "FROM runs WHERE (?1 = '' OR target = ?1 OR release = ?1) AND started_at >= ?2 ORDER BY id");
    stmt.bind(1, filter.target).bind(2, filter.since);
    std::vector<RunRow> runs;
    while (stmt.step())
        runs.push_back({.id = stmt.integer(0),
                        .started_at = stmt.text(1),
                        .target = stmt.text(2),
                        .release = stmt.text(3),
                        .harness_version = stmt.text(4),
                        .seed = seed_of(stmt.text(5)),
                        .cases = static_cast<int>(stmt.integer(6)),
                        .verdict = stmt.text(7),
                        .requests = static_cast<long>(stmt.integer(8)),
                        .duration_ms = stmt.real(9),
                        .reruns = static_cast<int>(stmt.integer(10))});
    if (filter.last > 0 && runs.size() > static_cast<std::size_t>(filter.last))
        runs.erase(runs.begin(), runs.end() - filter.last);
    return runs;
}

/// Tracks by id, each with a cell per run.
class TrackTable {
public:
    explicit TrackTable(std::size_t runs) : runs_(runs) {}
    Track& at(const std::string& id) {
        auto [it, added] = tracks_.try_emplace(id);
        if (added) {
            it->second.id = id;
            it->second.cells.resize(runs_);
        }
        return it->second;
    }
    /// The tracks in `order`'s order, then the others by id.
    std::vector<Track> ordered(const std::vector<std::string>& order) {
        std::vector<Track> out;
        for (const auto& id : order)
            if (auto it = tracks_.find(id); it != tracks_.end())
                out.push_back(std::move(it->second)), tracks_.erase(it);
        for (auto& [id, track] : tracks_) out.push_back(std::move(track));
        return out;
    }

private:
    std::size_t runs_;
    std::map<std::string, Track> tracks_;
};

/// The server build a run judged: its release label, or its base URL when it has none; with the harness version,
/// the runs whose outcomes should agree.
std::string build_of(const RunRow& run) {
    return (run.release.empty() ? "url " + run.target : "release " + run.release) + '\n' + run.harness_version;
}

/// Pass rate, first failure and flakiness from the cells: outcomes that differ (pass and fail) among runs of one
/// build (build_of), or a failure a rerun passed.
void summarise(Track& track, const std::vector<RunRow>& runs) {
    std::map<std::string, std::set<run::Outcome>> by_release;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& cell = track.cells[i];
        if (!cell) continue;
        if (cell->outcome == run::Outcome::Pass) ++track.passed;
        if (cell->outcome == run::Outcome::Pass || cell->outcome == run::Outcome::Fail) {
            ++track.decided;
            by_release[build_of(runs[i])].insert(cell->outcome);
        }
        if (cell->outcome == run::Outcome::Fail && !track.first_failed) track.first_failed = i;
        track.flaky = track.flaky || cell->flaky;
    }
    for (const auto& [key, outcomes] : by_release) track.flaky = track.flaky || outcomes.size() > 1;
}

/// The runs a filter kept (oldest first), and where each run's number stands among them.
struct KeptRuns {
    explicit KeptRuns(const std::vector<RunRow>& kept) : runs(kept) {
        for (std::size_t i = 0; i < runs.size(); ++i) index[runs[i].id] = i;
    }
    const std::vector<RunRow>& runs;
    std::map<std::int64_t, std::size_t> index;
};

/// Check outcomes into `checks`, and their time per request by suite into `timing`.
void read_checks(SqliteFile& file, const KeptRuns& kept, TrackTable& checks,
                 std::map<std::string, SuiteTiming>& timing) {
    const auto& [runs, index] = kept;
    std::map<std::pair<std::string, std::size_t>, std::pair<double, long>> spent;  // (suite, run) → (ms, requests)
    auto stmt = file.prepare(
        "SELECT o.run_id, o.check_id, o.level, o.outcome, o.flaky, o.cases, o.requests, o.duration_ms, n.suite, "
        "n.title FROM check_outcomes o JOIN check_names n ON n.check_id = o.check_id WHERE o.run_id >= ?1");
    stmt.bind(1, runs.front().id);
    while (stmt.step()) {
        const auto at = index.find(stmt.integer(0));
        if (at == index.end()) continue;
        auto& track = checks.at(stmt.text(1));
        track.level = stmt.text(2);
        track.text = stmt.text(9);
        track.cells[at->second] = Cell{outcome_named(stmt.text(3)), stmt.integer(4) != 0};
        // Property checks left out: their time is mostly the harness's generating and shrinking.
        if (stmt.integer(5) > 0 || stmt.integer(6) == 0) continue;
        auto& [ms, requests] = spent[{stmt.text(8), at->second}];
        ms += stmt.real(7);
        requests += static_cast<long>(stmt.integer(6));
    }
    for (const auto& [key, total] : spent) {
        auto& suite = timing[key.first];
        suite.suite = key.first;
        suite.ms_per_request.resize(runs.size());
        suite.ms_per_request[key.second] = total.first / static_cast<double>(total.second);
    }
}

void read_statements(SqliteFile& file, const KeptRuns& kept, TrackTable& statements) {
    const auto& [runs, index] = kept;
    auto stmt =
        file.prepare("SELECT run_id, statement_id, level, outcome, flaky FROM statement_outcomes WHERE run_id >= ?1");
    stmt.bind(1, runs.front().id);
    while (stmt.step()) {
        const auto at = index.find(stmt.integer(0));
        if (at == index.end()) continue;
        auto& track = statements.at(stmt.text(1));
        track.level = stmt.text(2);
        track.cells[at->second] = Cell{outcome_named(stmt.text(3)), stmt.integer(4) != 0};
    }
}

/// How the texts of one behaviour (one wording, in run order) changed: Behaviour::change.
void describe_change(Behaviour& b, const std::vector<std::pair<std::size_t, std::string>>& texts,
                     const std::vector<RunRow>& runs) {
    std::vector<std::size_t> changes;  // where a text differs from the one before
    for (std::size_t k = 1; k < texts.size(); ++k)
        if (texts[k].second != texts[k - 1].second) changes.push_back(k);
    if (changes.empty()) return;
    // A value that moved once counts as a change when it held on both sides (two runs each), or when the runs
    // around it had one seed: else it may only follow the seed (a count of generated cases).
    const auto once_and_held = [&] {
        if (changes.size() != 1) return false;
        const auto k = changes.front();
        return (k >= 2 && texts.size() - k >= 2) || runs[texts[k - 1].first].seed == runs[texts[k].first].seed;
    };
    if (once_and_held()) {
        const auto k = changes.front();
        b.changed_at = texts[k].first;
        b.change = report::value_change(texts[k - 1].second, texts[k].second).value_or("changed") + " from run #" +
                   std::to_string(runs[texts[k].first].id);
        return;
    }
    std::string values;
    std::set<std::string> shown;
    for (const auto& [run, text] : texts) {
        std::string v;
        for (const auto& value : report::text_shape(text).values) v += (v.empty() ? "" : " ") + value;
        if (shown.insert(v).second && shown.size() <= 5) values += (values.empty() ? "" : ", ") + v;
    }
    b.change = "values vary: " + values + (shown.size() > 5 ? ", …" : "");
}

/// Each behaviour (observations of one check and wording) with the first and last run that made it, by first run
/// then check then wording.
std::vector<Behaviour> read_behaviour(SqliteFile& file, const KeptRuns& kept) {
    const auto& [runs, index] = kept;
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::size_t, std::string>>> found;
    auto stmt = file.prepare(
        "SELECT o.run_id, o.check_id, t.text FROM observations o JOIN texts t ON t.id = o.text_id "
        "WHERE o.run_id >= ?1 ORDER BY o.run_id, t.text");
    stmt.bind(1, runs.front().id);
    while (stmt.step()) {
        const auto at = index.find(stmt.integer(0));
        if (at == index.end()) continue;
        std::string text = stmt.text(2);
        found[{stmt.text(1), report::text_shape(text).wording}].emplace_back(at->second, std::move(text));
    }
    std::vector<Behaviour> out;
    for (const auto& [key, texts] : found) {
        std::set<std::size_t> in;
        for (const auto& t : texts) in.insert(t.first);
        auto& b = out.emplace_back(Behaviour{.check = key.first,
                                             .text = texts.back().second,
                                             .first = *in.begin(),
                                             .last = *in.rbegin(),
                                             .seen = static_cast<int>(in.size())});
        if (in.size() == texts.size()) describe_change(b, texts, runs);  // one text a run: comparable run to run
    }
    std::stable_sort(out.begin(), out.end(), [](const Behaviour& a, const Behaviour& b) {
        return std::min(a.first, a.changed_at.value_or(a.first)) < std::min(b.first, b.changed_at.value_or(b.first));
    });
    return out;
}

std::vector<std::string> statement_order() {
    std::vector<std::string> out;
    for (const auto& r : requirements()) out.push_back(r.id);
    return out;
}

}  // namespace

int runs_judging(const HistoryView& view, const std::string& check) {
    for (const auto& t : view.checks)
        if (t.id == check)
            return static_cast<int>(
                std::count_if(t.cells.begin(), t.cells.end(), [](const auto& c) { return c.has_value(); }));
    return static_cast<int>(view.runs.size());
}

HistoryView read_history(const std::string& path, const Filter& filter) {
    if (!std::filesystem::exists(path))
        throw HistoryError(path + ": no such history (`conformance run --history " + path + "` makes it)");
    SqliteFile file(path, false);
    prepare_for_reading(file);
    HistoryView view;
    view.file = path;
    view.runs = read_runs(file, filter);
    if (view.runs.empty()) return view;
    TrackTable checks(view.runs.size()), statements(view.runs.size());
    std::map<std::string, SuiteTiming> timing;
    const KeptRuns kept(view.runs);
    read_checks(file, kept, checks, timing);
    read_statements(file, kept, statements);
    view.checks = checks.ordered({});  // by id: ids group by area of the seeds
    view.statements = statements.ordered(statement_order());
    for (auto* tracks : {&view.checks, &view.statements})
        for (auto& t : *tracks) summarise(t, view.runs);
    for (auto& t : view.statements)
        if (const auto* r = find_requirement(t.id)) t.text = r->quote;
    view.behaviour = read_behaviour(file, kept);
    for (auto& [suite, t] : timing) view.timing.push_back(std::move(t));
    return view;
}

}  // namespace bds::history

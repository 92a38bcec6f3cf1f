#pragma once
/// What the connector checks (suites/connector/) share to judge a scenario run: its blocks and records, keys, and
/// how the connector's process ended.
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "certify/connector_check.hpp"

namespace bds::suites::connector {

using certify::Fault;
using certify::Judge;
using certify::Mode;
using certify::Received;
using certify::ScenarioRun;
using json = nlohmann::json;

std::string lower(std::string s);
std::string trim(const std::string& s);
bool is_push(const ScenarioRun& run);
/// The records of a block, or a discarded value when its body is no JSON array of objects.
json records_of(const Received& block);
/// Calls `visit(record, pointer, record type)` for each record of every readable block, and for each record nested in
/// a list field of it (document lines).
template <class F>
void each_sent_record(const ScenarioRun& run, F&& visit) {
    for (const Received* block : run.blocks()) {
        const json records = records_of(*block);
        if (records.is_discarded()) continue;
        const Record* type = run.catalogue->find(block->path.substr(std::string("/api/sync/").size()));
        if (!type) type = run.record;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const std::string at = "/" + std::to_string(i);
            visit(*block, records[i], at, *type);
            for (const auto& field : type->fields) {
                const Record* child = field.list_of.empty() ? nullptr : run.catalogue->find(field.list_of);
                if (!child || !records[i].contains(field.name) || !records[i][field.name].is_array()) continue;
                const json& lines = records[i][field.name];
                for (std::size_t j = 0; j < lines.size(); ++j)
                    if (lines[j].is_object())
                        visit(*block, lines[j], at + "/" + field.name + "/" + std::to_string(j), *child);
            }
        }
    }
}

/// Not applicable unless the scenario sends and the connector sent a block.
void need_blocks(Judge& j);
/// A record's key as the index compares it (case-insensitive).
std::string key_of(const Record& record, const json& r);
std::map<std::string, const json*> by_key(const Record& record, const std::vector<json>& records);
/// "cod_clifor=\"C1\"": a record's key as a finding shows it.
std::string key_text(const Record& record, const json& r);
/// Compares `expected` (records as handed over or loaded) with `actual` (as stored or as read), by key and type-aware.
void same_records(Judge& j, const std::vector<json>& expected, const std::vector<json>& actual,
                  const std::string& where);
/// The end of what the connector printed (stderr, else stdout), at most 400 bytes.
std::string stderr_tail(const ScenarioRun& run);
/// How its process ended and how many requests it sent, with what it printed last.
std::string how_it_ended(const ScenarioRun& run);

}  // namespace bds::suites::connector

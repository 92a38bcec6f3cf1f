#include "generate/data_set_gen.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <stdexcept>

#include "common/text.hpp"
#include "generate/record_gen.hpp"
#include "oracle/compare.hpp"
#include "schema/json_value.hpp"
#include "schema/record_schema.hpp"
#include "sql/datetime.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

constexpr const char* kHeader = "StoricoDocumentiT";
constexpr const char* kLines = "StoricoDocumentiR";
/// The lines' fields are not in the catalogue (StoricoDocumentiR is open, A-51); the view that shows them types
/// them (A-38: the view takes the same-named field of the line).
constexpr const char* kLineView = "MCPDocumentiR";
/// Line fields generated besides the linked ones, key_documento and num_riga.
const std::vector<std::string> kLineFields = {"des_articolo_riga", "cod_um_doc",  "qta_merce",         "prz_merce",
                                              "val_merce",         "prc_sconto1", "dat_cons_richiesta"};

/// rc::gen::inRange over the whole range whatever RapidCheck's size (as in value_gen.cpp).
rc::Gen<int> nominal_range(int min, int max) { return rc::gen::resize(rc::kNominalSize, rc::gen::inRange(min, max)); }

json plain(const nlohmann::ordered_json& j) { return json::parse(j.dump()); }

/// The record a record type belongs to in the data set: lines belong to their header (relation "nested").
std::string owner(const Catalogue& cat, const std::string& name) {
    const auto& mine = data_set_resources();
    if (std::find(mine.begin(), mine.end(), name) != mine.end()) return name;
    for (const auto& r : cat.relations())
        if (r.kind == "nested" && r.from_record == name &&
            std::find(mine.begin(), mine.end(), r.to_record) != mine.end())
            return r.to_record;
    return {};
}

/// The type of a field of `record`; lines' fields as kLineView types them.
std::optional<SqlType> field_type(const Catalogue& cat, const std::string& record, const std::string& field) {
    const Record* r = cat.find(record);
    if (const Field* f = r ? r->field(field) : nullptr) return f->type;
    if (record == kLines)
        if (const Field* f = cat.find(kLineView)->field(field)) return f->type;
    return std::nullopt;
}

/// The narrowest text type that fits both: a value of it fits `a` and `b`.
SqlType narrower(const SqlType& a, const SqlType& b) {
    const bool unicode = a.is_unicode_text() && b.is_unicode_text();
    SqlType t;
    t.kind = a.is_fixed_text() ? (unicode ? SqlKind::NChar : SqlKind::Char)
                               : (unicode ? SqlKind::NVarChar : SqlKind::VarChar);
    const auto la = a.max_length(), lb = b.max_length();
    if (la && lb)
        t.length = std::min(*la, *lb);
    else if (la || lb)
        t.length = la ? *la : *lb;
    else
        t.length = -1;
    return t;
}

/// A property made to always hold a value: "null" left out of its type and enum, and listed as required.
void require(json& schema, const std::string& name) {
    json& p = schema["properties"][name];
    if (p.contains("type") && p["type"].is_array()) {
        json types = json::array();
        for (const auto& t : p["type"])
            if (t != "null") types.push_back(t);
        p["type"] = types.size() == 1 ? types[0] : types;
    }
    if (p.contains("enum")) {
        json values = json::array();
        for (const auto& v : p["enum"])
            if (!v.is_null()) values.push_back(v);
        p["enum"] = values;
    }
    if (!schema.contains("required")) schema["required"] = json::array();
    if (std::find(schema["required"].begin(), schema["required"].end(), json(name)) == schema["required"].end())
        schema["required"].push_back(name);
}

/// Narrows text targets so that every referencing or copying field can hold their values.
std::map<std::string, std::map<std::string, SqlType>> narrowings(const Catalogue& cat, const std::vector<Link>& links) {
    std::map<std::string, std::map<std::string, SqlType>> out;
    for (const auto& link : links) {
        const Record& to = *cat.find(link.to_record);
        for (std::size_t i = 0; i < link.from_fields.size(); ++i) {
            const Field* target = to.field(link.to_fields[i]);
            const auto from = field_type(cat, link.from_record, link.from_fields[i]);
            if (!target || !from || !target->values.empty() || !target->type.is_text() || !from->is_text()) continue;
            auto [it, fresh] = out[link.to_record].try_emplace(target->name, target->type);
            it->second = narrower(it->second, *from);
        }
    }
    return out;
}

/// The sent-record schema of `resource` as the data set generates it.
json generation_schema(const Catalogue& cat, const std::string& resource, const std::vector<Link>& links,
                       const std::map<std::string, SqlType>& narrowed) {
    json schema = plain(record_schema(cat, *cat.find(resource), Dialect::JsonSchema07, Direction::Sent));
    for (const auto& [field, type] : narrowed) {
        json& p = schema["properties"][field];
        p["x-sql-type"] = type.str();
        if (auto max = type.max_length()) p["maxLength"] = *max;
    }
    for (const auto& link : links)
        if (link.from_record == resource && link.kind != "copy")
            for (const auto& f : link.from_fields) require(schema, f);  // overwritten, but never left null
    if (resource == kHeader) {
        schema["properties"].erase(kLines);  // made below, coherent with the header
        for (const char* f : {"cod_tipodoc", "num_anno", "dat_doc"}) require(schema, f);  // NOT NULL in MCPDocumentiT
    }
    return schema;
}

/// The schema of a document line: key_documento as the catalogue gives it, other fields as kLineView types them.
json line_schema(const Catalogue& cat, const std::vector<Link>& links) {
    const json view = plain(record_schema(cat, *cat.find(kLineView), Dialect::JsonSchema07, Direction::Returned));
    json schema = {{"type", "object"},
                   {"properties", json::object()},
                   {"required", json::array()},
                   {"additionalProperties", true}};
    std::vector<std::string> fields = kLineFields;
    for (const auto& link : links)
        if (link.from_record == kLines) fields.insert(fields.end(), link.from_fields.begin(), link.from_fields.end());
    for (const auto& f : fields) schema["properties"][f] = view.at("properties").at(f);
    for (const auto& link : links)
        if (link.from_record == kLines && link.kind != "copy")
            for (const auto& f : link.from_fields) require(schema, f);
    return schema;
}

/// Sets the linked fields of `record` (of `record_type`): each reference or join picks a target at random,
/// copies pick the target of the reference between the same records.
void apply_links(json& record, const std::string& record_type, const std::vector<Link>& links,
                 const std::map<std::string, std::vector<json>>& made) {
    std::map<std::string, const json*> chosen;  // to_record → the target its first reference picked
    for (const auto& link : links) {
        if (link.from_record != record_type || link.kind == "copy") continue;
        const auto& targets = made.at(link.to_record);
        const json& target = targets[static_cast<std::size_t>(*nominal_range(0, static_cast<int>(targets.size())))];
        chosen.try_emplace(link.to_record, &target);
        for (std::size_t i = 0; i < link.from_fields.size(); ++i)
            record[link.from_fields[i]] = value_of(target, link.to_fields[i]);
    }
    for (const auto& link : links) {
        if (link.from_record != record_type || link.kind != "copy") continue;
        const json* target = chosen.at(link.to_record);
        for (std::size_t i = 0; i < link.from_fields.size(); ++i)
            record[link.from_fields[i]] = value_of(*target, link.to_fields[i]);
    }
}

/// Everything data_set_gen needs, built once per generator.
struct Plan {
    std::vector<std::string> order;
    std::vector<Link> links;
    std::map<std::string, rc::Gen<json>> records;
    rc::Gen<json> lines = rc::gen::just(json::object());
    std::map<std::string, int> counts;    ///< fixed counts; others drawn
    std::map<std::string, Record> types;  ///< copies: the generator may outlive the catalogue
    std::map<std::string, std::map<std::string, SqlType>> narrowed;  ///< key fields narrowed to fit their referrers
};

/// DataSetOptions::numbered_keys: each text key of `r` (the `position`-th record of `record`) that starts with the
/// prefix is the prefix and `position`, where that fits the field (as narrowed to fit the fields referring to it);
/// a key of stated values (ind_clifor) takes them in turn.
void number_keys(const Plan& plan, const Record& record, json& r, const std::string& prefix, std::size_t position) {
    const auto narrowed = plan.narrowed.find(record.name);
    for (const auto& k : record.key) {
        const Field* f = record.field(k);
        if (!f || !r.contains(k) || !r[k].is_string()) continue;
        if (!f->values.empty()) {
            r[k] = f->values[position % f->values.size()].value;
            continue;
        }
        if (!r[k].get<std::string>().starts_with(prefix)) continue;
        const std::string numbered = prefix + base36(position, 1);
        SqlType type = f->type;
        if (narrowed != plan.narrowed.end())
            if (const auto it = narrowed->second.find(k); it != narrowed->second.end()) type = it->second;
        const auto most = type.max_length();
        if (!most || *most < 0 || numbered.size() <= static_cast<std::size_t>(*most)) r[k] = numbered;
    }
}

}  // namespace

const std::vector<std::string>& data_set_resources() {
    static const std::vector<std::string> kResources = {"AliquoteIva", "Famiglia", "Sottofamiglia",   "MarcaArticoli",
                                                        "Articoli",    "CliFor",   "CodiciDocumento", "CondPagam",
                                                        "StatiEsteri", kHeader};
    return kResources;
}

std::vector<Link> data_set_links(const Catalogue& cat) {
    std::vector<Link> out;
    for (const auto& r : cat.relations()) {
        if (r.kind != "reference" && r.kind != "copy") continue;
        if (owner(cat, r.from_record).empty() || owner(cat, r.to_record) != r.to_record) continue;
        out.push_back(r);
    }
    const std::string a38 = "spec/assumptions.md A-38 (views join descriptions by code)";
    out.push_back({"CliFor",
                   {"cod_naz_res"},
                   "StatiEsteri",
                   {"cod_naz"},
                   "join",
                   a38,
                   "a view shows the description this code names"});
    out.push_back({"Articoli",
                   {"cod_marca"},
                   "MarcaArticoli",
                   {"cod_marca"},
                   "join",
                   a38,
                   "a view shows the description this code names"});
    out.push_back({"Articoli",
                   {"cod_famiglia"},
                   "Famiglia",
                   {"cod_famiglia"},
                   "join",
                   a38,
                   "a view shows the description this code names"});
    out.push_back({kHeader,
                   {"cod_tipodoc", "cod_gruppo_tipodoc"},
                   "CodiciDocumento",
                   {"cod_tipodoc", "cod_gruppo_tipodoc"},
                   "join",
                   a38,
                   "a view shows the description this code names"});
    out.push_back(
        {kHeader, {"cod_pag"}, "CondPagam", {"cod_pag"}, "join", a38, "a view shows the description this code names"});
    out.push_back({kLines,
                   {"cod_art", "cod_variante"},
                   "Articoli",
                   {"cod_art", "cod_variante"},
                   "join",
                   a38,
                   "a view shows the description this code names"});
    return out;
}

namespace {

/// Each data set resource's resources it links to (itself left out).
std::map<std::string, std::set<std::string>> links_out(const Catalogue& cat) {
    std::map<std::string, std::set<std::string>> needs;
    for (const auto& link : data_set_links(cat)) {
        const std::string from = owner(cat, link.from_record);
        if (from != link.to_record) needs[from].insert(link.to_record);
    }
    return needs;
}

}  // namespace

std::vector<std::vector<std::string>> dependency_levels(const Catalogue& cat) {
    auto needs = links_out(cat);
    std::map<std::string, std::size_t> level;
    std::vector<std::vector<std::string>> out;
    for (const auto& r : dependency_order(cat)) {  // every resource after those it links to
        std::size_t l = 0;
        for (const auto& n : needs[r]) l = std::max(l, level.at(n) + 1);
        level[r] = l;
        if (out.size() <= l) out.resize(l + 1);
        out[l].push_back(r);
    }
    return out;
}

std::vector<std::string> dependency_order(const Catalogue& cat) {
    const auto& all = data_set_resources();
    auto needs = links_out(cat);
    std::vector<std::string> order;
    while (order.size() < all.size()) {
        const auto ready = std::find_if(all.begin(), all.end(), [&](const std::string& r) {
            if (std::find(order.begin(), order.end(), r) != order.end()) return false;
            return std::all_of(needs[r].begin(), needs[r].end(), [&](const std::string& n) {
                return std::find(order.begin(), order.end(), n) != order.end();
            });
        });
        if (ready == all.end()) throw std::logic_error("dependency_order: the data set's links form a cycle");
        order.push_back(*ready);
    }
    return order;
}

rc::Gen<DataSet> data_set_gen(const Catalogue& cat, const DataSetOptions& options) {
    if (options.min_records < 1 || options.min_records > options.max_records)
        throw std::invalid_argument("data_set_gen: expected 1 <= min_records <= max_records, got " +
                                    std::to_string(options.min_records) + ".." + std::to_string(options.max_records));
    if (options.min_lines < 0 || options.min_lines > options.max_lines)
        throw std::invalid_argument("data_set_gen: expected 0 <= min_lines <= max_lines, got " +
                                    std::to_string(options.min_lines) + ".." + std::to_string(options.max_lines));
    auto plan = std::make_shared<Plan>();
    plan->order = dependency_order(cat);
    plan->links = data_set_links(cat);
    plan->counts = options.counts;
    for (const auto& [name, n] : options.counts) {
        if (std::find(plan->order.begin(), plan->order.end(), name) == plan->order.end())
            throw std::invalid_argument("data_set_gen: counts names \"" + name +
                                        "\", which is not a resource of a data set");
        const bool linked_to =
            std::any_of(plan->links.begin(), plan->links.end(), [&](const Link& l) { return l.to_record == name; });
        if (n < 0 || (n == 0 && linked_to))
            throw std::invalid_argument("data_set_gen: count of " + name + " must be " +
                                        (linked_to ? "at least 1 (records link to it)" : "at least 0") + ", got " +
                                        std::to_string(n));
    }
    const auto narrowed = narrowings(cat, plan->links);
    plan->narrowed = narrowed;
    for (const auto& name : plan->order) {
        const auto it = narrowed.find(name);
        plan->types.emplace(name, *cat.find(name));
        plan->records.emplace(
            name, record_gen(generation_schema(cat, name, plan->links,
                                               it == narrowed.end() ? std::map<std::string, SqlType>{} : it->second),
                             options.record));
    }
    plan->lines = record_gen(line_schema(cat, plan->links), options.record);

    return rc::gen::exec([plan, options] {
        DataSet set;
        std::map<std::string, std::vector<json>> made;
        for (const auto& name : plan->order) {
            const Record& record = plan->types.at(name);
            const auto fixed = plan->counts.find(name);
            const int n = fixed != plan->counts.end() ? fixed->second
                                                      : *nominal_range(options.min_records, options.max_records + 1);
            std::vector<json> records;
            std::set<std::string> keys;
            // Keys are drawn until distinct: a prefix leaves few characters for short codes (Famiglia's 10).
            const int max_attempts = 50 * n + 100;
            for (int attempt = 0; static_cast<int>(records.size()) < n; ++attempt) {
                if (attempt == max_attempts)
                    throw std::runtime_error("data_set_gen: could not make " + std::to_string(n) + " distinct " + name +
                                             " keys in " + std::to_string(max_attempts) +
                                             " attempts (does the run prefix \"" + options.record.run_prefix +
                                             "\" leave room in its key fields?)");
                json r = *plan->records.at(name);
                if (options.numbered_keys && !options.record.run_prefix.empty())
                    number_keys(*plan, record, r, options.record.run_prefix, records.size());
                if (options.active_only) r["flg_isdeleted"] = false;
                apply_links(r, name, plan->links, made);
                if (name == kHeader) {
                    const auto date = sql::parse_datetime(r.at("dat_doc").get<std::string>(), SqlKind::Datetime,
                                                          sql::TimeSource::Record);
                    r["num_anno"] = sql::civil_from_ticks(*date.ticks).year;  // the generator's dates are valid
                    const int count = *nominal_range(options.min_lines, options.max_lines + 1);
                    json lines = json::array();
                    for (int i = 0; i < count; ++i) {
                        json line = *plan->lines;
                        line["key_documento"] = r.at("key_documento");  // each line repeats its header's key (000 §2.1)
                        line["num_riga"] = i + 1;
                        apply_links(line, kLines, plan->links, made);
                        lines.push_back(std::move(line));
                    }
                    r[kLines] = std::move(lines);
                }
                if (!keys.insert(oracle::index_key(record, r, Collation::CaseInsensitive)).second) continue;
                records.push_back(std::move(r));
            }
            made[name] = records;
            set.push_back({name, std::move(records)});
        }
        return set;
    });
}

namespace {

bool ascii(const std::string& text) {
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return c >= 0x20 && c < 0x7F; });
}

/// Every text in `value` that starts with `from` starts with `to` instead.
void trade_prefix(json& value, const std::string& from, const std::string& to) {
    if (value.is_string()) {
        auto& text = value.get_ref<std::string&>();
        if (text.starts_with(from)) text.replace(0, from.size(), to);
    } else if (value.is_structured()) {
        for (auto& item : value) trade_prefix(item, from, to);
    }
}

DataSetOptions with_prefix(DataSetOptions options, std::string prefix) {
    options.record.run_prefix = std::move(prefix);
    return options;
}

}  // namespace

DataSetGens::DataSetGens(const Catalogue& catalogue, DataSetOptions options)
    // U+001E (record separator): ASCII, so it counts and fits like the prefix, and no generator writes it.
    : catalogue_(catalogue),
      options_(std::move(options)),
      stand_in_(options_.record.run_prefix.size(), '\x1e'),
      gen_(data_set_gen(catalogue, with_prefix(options_, stand_in_))) {}

rc::Gen<DataSet> DataSetGens::operator()(const std::string& prefix) const {
    if (prefix.empty() || prefix.size() != stand_in_.size() || !ascii(prefix))
        return data_set_gen(catalogue_, with_prefix(options_, prefix));
    return rc::gen::map(gen_, [from = stand_in_, prefix](DataSet set) {
        for (auto& block : set)
            for (auto& record : block.records) trade_prefix(record, from, prefix);
        return set;
    });
}

namespace {

std::string field_list(const std::vector<std::string>& fields, const json& values) {
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i] + " = " + values[i].dump();
    return out;
}

const json* find_target(const DataSet& set, const std::string& to_record, const std::vector<std::string>& to_fields,
                        const json& values) {
    for (const auto& block : set) {
        if (block.resource != to_record) continue;
        for (const auto& candidate : block.records) {
            bool all = true;
            for (std::size_t i = 0; i < to_fields.size() && all; ++i)
                all = !values[i].is_null() && value_of(candidate, to_fields[i]) == values[i];
            if (all) return &candidate;
        }
    }
    return nullptr;
}

void check_record(const json& record, const std::string& where, const std::string& record_type,
                  const std::vector<Link>& links, const DataSet& set, std::vector<std::string>& out) {
    for (const auto& link : links) {
        if (link.from_record != record_type) continue;
        const Link* reference = &link;
        if (link.kind == "copy") {
            const auto it = std::find_if(links.begin(), links.end(), [&](const Link& l) {
                return l.kind != "copy" && l.from_record == link.from_record && l.to_record == link.to_record;
            });
            if (it == links.end()) {
                out.push_back(where + ": copy of " + link.to_record + " without a reference to it");
                continue;
            }
            reference = &*it;
        }
        json values = json::array();
        for (const auto& f : reference->from_fields) values.push_back(value_of(record, f));
        const json* target = find_target(set, reference->to_record, reference->to_fields, values);
        if (!target) {
            if (link.kind != "copy")
                out.push_back(where + " " + field_list(link.from_fields, values) + ": no " + link.to_record + " with " +
                              field_list(link.to_fields, values));
            continue;
        }
        if (link.kind != "copy") continue;
        for (std::size_t i = 0; i < link.from_fields.size(); ++i) {
            const json mine = value_of(record, link.from_fields[i]), theirs = value_of(*target, link.to_fields[i]);
            if (mine != theirs)
                out.push_back(where + " " + link.from_fields[i] + " = " + mine.dump() + ": copies " + link.to_record +
                              "." + link.to_fields[i] + " = " + theirs.dump() + " of its " +
                              field_list(reference->to_fields, values));
        }
    }
}

}  // namespace

std::vector<std::string> unresolved_links(const Catalogue& cat, const DataSet& set) {
    const auto links = data_set_links(cat);
    std::vector<std::string> out;
    for (const auto& block : set) {
        for (std::size_t i = 0; i < block.records.size(); ++i) {
            const json& r = block.records[i];
            const std::string where = block.resource + "[" + std::to_string(i) + "]";
            check_record(r, where, block.resource, links, set, out);
            if (block.resource != kHeader || !r.contains(kLines) || !r.at(kLines).is_array()) continue;
            for (std::size_t j = 0; j < r.at(kLines).size(); ++j)
                check_record(r.at(kLines)[j], where + "." + kLines + "[" + std::to_string(j) + "]", kLines, links, set,
                             out);
        }
    }
    return out;
}

}  // namespace bds::gen

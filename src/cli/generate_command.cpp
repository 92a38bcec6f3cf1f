// `conformance generate`: records (or invalid variants) of a resource from the schema-driven generators, one
// JSON document per line, reproducibly from a seed.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "cli/commands.hpp"
#include "generate/invalid_gen.hpp"
#include "generate/record_gen.hpp"
#include "schema/record_schema.hpp"

namespace bds::cli {
namespace {

using nlohmann::json;

/// The seed when --seed is not given: output is reproducible by default.
constexpr std::uint64_t kDefaultSeed = 1;

struct GenerateArgs {
    std::string resource;
    int count = 10;
    std::uint64_t seed = kDefaultSeed;
    bool invalid = false;
    std::string prefix = "gen";
    /// customer_ID to put in each record; unset: left out of sent records (the service takes the tenant from
    /// the token), 1 in records of read-only views (a returned record always carries it).
    std::optional<std::int32_t> tenant;
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

/// Resources whose name is close to `name` (ignoring case: within a third of its length in edits, or
/// containing it), for the "unknown resource" message.
std::vector<std::string> close_names(const Catalogue& cat, const std::string& name) {
    std::vector<std::string> out;
    const std::string wanted = lower(name);
    for (const Record* r : cat.resources()) {
        const std::string candidate = lower(r->name);
        if (edit_distance(wanted, candidate) <= std::max<std::size_t>(2, wanted.size() / 3) ||
            (wanted.size() >= 3 && candidate.find(wanted) != std::string::npos))
            out.push_back(r->name);
    }
    return out;
}

const Record& find_resource(const Catalogue& cat, const std::string& name) {
    for (const Record* r : cat.resources())
        if (r->name == name) return *r;
    std::string message =
        "unknown resource \"" + name + "\" (expected a resource of the catalogue; names are case-sensitive)";
    const auto close = close_names(cat, name);
    if (!close.empty()) {
        message += "; did you mean";
        for (std::size_t i = 0; i < close.size(); ++i) message += (i ? ", " : " ") + close[i];
        message += "?";
    } else {
        message += "; resources:";
        for (const Record* r : cat.resources()) message += " " + r->name;
    }
    throw ExitError{kUsage, message};
}

void run(const GenerateArgs& args) {
    const Catalogue cat = builtin_catalogue();
    const Record& record = find_resource(cat, args.resource);
    gen::RecordGenOptions options;
    options.run_prefix = args.prefix;
    options.tenant_id = args.tenant;
    if (!record.writable() && !options.tenant_id) options.tenant_id = 1;
    // Same seed, same lines: each line draws from its own split of one random stream, at RapidCheck's nominal size.
    rc::Random random(args.seed);
    if (!args.invalid) {
        // Read-only views have no sent record: their records are generated as the service returns them.
        const rc::Gen<json> gen =
            record.writable()
                ? gen::sent_record_gen(cat, record, options)
                : gen::record_gen(
                      json::parse(record_schema(cat, record, Dialect::JsonSchema07, Direction::Returned).dump()),
                      options);
        for (int i = 0; i < args.count; ++i) {
            json r = gen(random.split(), rc::kNominalSize).value();
            gen::tie_lines(
                r);  // each document line repeats its header's key_documento (000 §2.1), or the stub refuses it
            std::cout << r.dump() << "\n";
        }
        return;
    }
    if (!record.writable())
        throw ExitError{kUsage, "--invalid: \"" + record.name +
                                    "\" is read-only (no POST sync), so it has no sent records to break"};
    // Cycle through the rules that apply, so that every one comes up once count reaches their number.
    const auto kinds = gen::applicable_kinds(cat, record, options);
    std::vector<rc::Gen<gen::InvalidRecord>> gens;
    for (gen::InvalidKind k : kinds) gens.push_back(gen::invalid_record_gen(cat, record, k, options));
    for (int i = 0; i < args.count; ++i) {
        const gen::InvalidRecord bad =
            gens[static_cast<std::size_t>(i) % gens.size()](random.split(), rc::kNominalSize).value();
        // Written by hand to keep the keys in this order.
        std::cout << "{\"rule\":" << json(std::string(gen::to_string(bad.kind))).dump()
                  << ",\"field\":" << json(bad.field).dump() << ",\"description\":" << json(bad.description).dump()
                  << ",\"record\":" << bad.value.dump() << "}\n";
    }
}

}  // namespace

void add_generate_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "generate",
        "Print generated records of RESOURCE, one JSON document per line, reproducibly from --seed (default 1).\n"
        "Writable resources: valid sent records (the sent-record schema). Read-only views: records as the\n"
        "service returns them (the returned-record schema, customer_ID 1 unless --tenant); --invalid refuses them.\n"
        "With --invalid, each line is {\"rule\", \"field\", \"description\", \"record\"}: a sent record breaking exactly\n"
        "one rule (missing_required, string_too_long, wrong_json_type, int_out_of_range, malformed_datetime), or\n"
        "for non_array_block the whole block, which is not an array; the rules that apply are taken in turn.");
    auto args = std::make_shared<GenerateArgs>();
    cmd->add_option("RESOURCE", args->resource, "A resource of the catalogue, e.g. CliFor (case-sensitive)")
        ->required();
    cmd->add_option("--count", args->count, "Number of lines")->capture_default_str()->check(CLI::NonNegativeNumber);
    cmd->add_option("--seed", args->seed, "Seed of the random stream: the same seed gives the same lines")
        ->capture_default_str();
    cmd->add_flag("--invalid", args->invalid, "Invalid variants, each labelled with the rule it breaks");
    cmd->add_option("--prefix", args->prefix,
                    "Run prefix of text key fields, where it fits their length (\"\" for none)")
        ->capture_default_str();
    cmd->add_option("--tenant", args->tenant,
                    "customer_ID to put in every record (default: left out of sent records, 1 for views)");
    cmd->callback([args] { run(*args); });
}

}  // namespace bds::cli

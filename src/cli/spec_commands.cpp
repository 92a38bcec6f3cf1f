// `conformance schemas` and `conformance openapi`: write (or --check) the files generated from the catalogue.
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "catalogue/catalogue.hpp"
#include "cli/commands.hpp"
#include "schema/openapi.hpp"
#include "schema/openapi_per_resource.hpp"
#include "schema/schema_files.hpp"

namespace bds::cli {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_text_file(const fs::path& path, const std::string& text) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw ExitError{kUsage, "cannot write " + path.string()};
}

/// Compares the generated files with what is on disk; prints each difference and returns their count.
int report_drift(const fs::path& dir, const std::map<std::string, std::string>& files) {
    int drift = 0;
    for (const auto& [name, text] : files) {
        const fs::path path = dir / name;
        if (!fs::exists(path)) {
            std::cerr << path.string() << ": missing (expected a file generated from the catalogue)\n";
            ++drift;
        } else if (read_file(path) != text) {
            std::cerr << path.string() << ": differs from what the catalogue generates\n";
            ++drift;
        }
    }
    return drift;
}

/// A command writing generated files: where to (--out) and whether only to compare (--check).
struct Generation {
    std::string out;
    bool check = false;
};

CLI::App* add_generation(CLI::App& app, const char* name, const char* description, std::string out,
                         const char* out_help, const char* check_help, std::function<void(const Generation&)> run) {
    auto g = std::make_shared<Generation>(Generation{std::move(out)});
    auto* cmd = app.add_subcommand(name, description);
    cmd->add_option("--out", g->out, out_help)->capture_default_str();
    cmd->add_flag("--check", g->check, check_help);
    cmd->callback([g, run = std::move(run)] { run(*g); });
    return cmd;
}

}  // namespace

void add_schemas_command(CLI::App& app) {
    add_generation(app, "schemas", "Generate the JSON Schemas (draft-07) of every record from the catalogue", "schemas",
                   "Directory to write <Record>.json, <Record>.sent.json and <Record>.block.json into",
                   "Write nothing; exit 1 if the files in --out differ from what the catalogue generates",
                   [](const Generation& g) {
                       const auto files = schema_files(builtin_catalogue());
                       const fs::path dir(g.out);
                       if (g.check) {
                           if (const int drift = report_drift(dir, files); drift > 0)
                               throw ExitError{kFailure,
                                               std::to_string(drift) +
                                                   " schema file(s) out of date; run `conformance schemas --out " +
                                                   g.out + "`"};
                           // Files the catalogue no longer generates are drift too.
                           for (const auto& entry : fs::directory_iterator(dir))
                               if (!files.count(entry.path().filename().string()))
                                   throw ExitError{
                                       kFailure, entry.path().string() + ": not generated from the catalogue (stale?)"};
                           return;
                       }
                       for (const auto& [name, text] : files) write_text_file(dir / name, text);
                       std::cout << "wrote " << files.size() << " schema files to " << dir.string() << "\n";
                   });
}

void add_openapi_command(CLI::App& app) {
    auto per_resource = std::make_shared<bool>(false);
    auto* cmd = add_generation(
        app, "openapi", "Generate the OpenAPI 3.0.3 description of the service from the catalogue", "-",
        "File to write (- for standard output)",
        "Write nothing; exit 1 if --out differs from what the catalogue generates",
        [per_resource](const Generation& g) {
            const Catalogue cat = builtin_catalogue();
            const std::string text =
                render_json(*per_resource ? openapi_per_resource_document(cat) : openapi_document(cat));
            // As `schemas --check` reads schemas/: the committed file.
            const std::string committed = *per_resource ? "spec/openapi.per-resource.json" : "spec/openapi.json";
            const std::string out = g.out == "-" && g.check ? committed : g.out;
            const std::string regenerate =
                std::string("conformance openapi") + (*per_resource ? " --per-resource" : "") + " --out " + out;
            if (g.check) {
                if (report_drift(fs::path(out).parent_path(), {{fs::path(out).filename().string(), text}}) > 0)
                    throw ExitError{kFailure, out + " is out of date; run `" + regenerate + "`"};
                return;
            }
            if (out == "-")
                std::cout << text;
            else
                write_text_file(out, text);
        });
    cmd->add_flag("--per-resource", *per_resource,
                  "A path per resource and operation the catalogue shows, each body with exactly its record's schema "
                  "(spec/openapi.per-resource.json), instead of the paths as 000 §4 lists them");
}

}  // namespace bds::cli

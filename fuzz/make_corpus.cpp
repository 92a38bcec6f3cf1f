// Writes the fuzz targets' seed corpus (fuzz/corpus/<target>/) from the project's generators, deterministically:
// RecordSelection conditions (well-formed and malformed), POST sync blocks (valid and invalid records), POST
// query bodies in both shapes, and target files. Run `make_fuzz_corpus fuzz/corpus` to refresh the committed
// files after a generator or an input layout (fuzz_inputs.hpp) changes.
#include <rapidcheck.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz/fuzz_inputs.hpp"
#include "generate/invalid_gen.hpp"
#include "generate/malformed_selection_gen.hpp"
#include "generate/selection_gen.hpp"

namespace {

namespace fs = std::filesystem;
using bds::Catalogue;
using bds::Record;
using nlohmann::json;

/// One value of `gen`, deterministically from `seed`.
template <typename T>
T draw(const rc::Gen<T>& gen, std::uint64_t seed, int size) {
    rc::Random random(seed);
    return gen(random, size).value();
}

class CorpusDir {
public:
    CorpusDir(const fs::path& root, const std::string& target) : dir_(root / target) {
        fs::remove_all(dir_);  // a refresh replaces the whole directory: no stale inputs of an older layout
        fs::create_directories(dir_);
    }
    void add(const std::string& bytes) {
        char name[16];
        std::snprintf(name, sizeof name, "seed-%03d", count_++);
        std::ofstream(dir_ / name, std::ios::binary) << bytes;
    }
    int count() const { return count_; }

private:
    fs::path dir_;
    int count_ = 0;
};

/// Conditions about several resources: generated ones in both collation modes, then malformed ones.
void selection_corpus(const Catalogue& catalogue, CorpusDir& out) {
    const auto records = bds::fuzz::selection_records(catalogue);
    for (std::size_t i = 0; i < records.size() * 2; ++i) {
        const std::size_t which = i % records.size();
        const Record& record = *records[which];
        try {
            const auto rows = bds::fuzz::sample_records(catalogue, record, 100 + i, 3);
            bds::gen::ConditionGenOptions options;
            options.mode = i % 2 ? bds::gen::CollationMode::Declared : bds::gen::CollationMode::Portable;
            options.platform_fields = i % 3 == 0;
            const auto condition =
                draw(bds::gen::condition_gen(record, rows, options), 200 + i, 30 + static_cast<int>(i) * 2);
            out.add(bds::fuzz::with_choice(which, bds::gen::to_tsql(condition)));
        } catch (const std::invalid_argument&) {  // a record without a field a condition can use
        }
    }
    for (std::size_t i = 0; i < 12; ++i) {
        const std::size_t which = (i * 5) % records.size();
        try {
            out.add(bds::fuzz::with_choice(which,
                                           draw(bds::gen::malformed_selection_gen(*records[which]), 300 + i, 50).text));
        } catch (const std::invalid_argument&) {
        }
    }
}

/// POST sync blocks: two valid records of each writable resource, then invalid records of several kinds.
void sync_corpus(const Catalogue& catalogue, CorpusDir& out) {
    const auto records = bds::fuzz::writable_records(catalogue);
    for (std::size_t which = 0; which < records.size(); ++which)
        out.add(bds::fuzz::with_choice(
            which, json(bds::fuzz::sample_records(catalogue, *records[which], 400 + which, 2)).dump()));
    for (std::size_t i = 0; i < 20; ++i) {
        const std::size_t which = (i * 7) % records.size();
        const auto invalid = draw(bds::gen::invalid_record_gen(catalogue, *records[which]), 500 + i, 40);
        const json block = invalid.kind == bds::gen::InvalidKind::NonArrayBlock
                               ? invalid.value
                               : json::array({invalid.valid, invalid.value});
        out.add(bds::fuzz::with_choice(which, block.dump()));
    }
}

/// POST query bodies for MCPClienti, nested (choice 0) and flat (choice 1), with and without each member.
void query_corpus(const Catalogue& catalogue, CorpusDir& out) {
    const Record& view = *catalogue.find(bds::fuzz::kQueryResource);
    const auto rows = bds::fuzz::sample_records(catalogue, *catalogue.find(bds::fuzz::kQueryBase), 600, 4);
    std::vector<std::string> fields;
    for (const auto& f : view.fields)
        if (f.type.kind != bds::SqlKind::List) fields.push_back(f.name);
    for (int i = 0; i < 30; ++i) {
        const bool flat = i % 2 == 1;
        bds::gen::ConditionGenOptions options;
        options.mode = i % 4 < 2 ? bds::gen::CollationMode::Portable : bds::gen::CollationMode::Declared;
        const std::string condition =
            bds::gen::to_tsql(draw(bds::gen::condition_gen(view, rows, options), 700 + i, 20 + i * 3));
        const std::string& field = fields[(i * 3) % fields.size()];
        json body = json::object();
        if (i % 5 != 4) body[flat ? "filter" : "RecordSelection"] = condition;
        if (i % 3 != 2)
            body[flat ? "pageSize" : "PageSize"] = i % 2 ? json(1 + i % 7) : json(std::to_string(1 + i % 7));
        if (i % 4 == 1) body[flat ? "page" : "PageNumber"] = 1 + i % 3;
        if (i % 3 != 1) {
            if (flat) {
                body["orderBy"] = field;
                body["descending"] = i % 2 == 0;
            } else {
                body["OrderBy"] = json::array({{{"field", field}, {"desc", i % 4 == 0}}});
            }
        }
        out.add(bds::fuzz::with_choice(flat ? 1 : 0, body.dump()));
    }
}

/// Target files: the target file's settings (docs/command-line.md) in several combinations, compact and indented.
void target_corpus(CorpusDir& out) {
    const json users = {
        {"writer", {{"username", "writer"}, {"password", "writer-pw"}}},
        {"reader", {{"username", "reader"}, {"password", "reader-pw"}}},
        {"other_tenant", {{"username", "other"}, {"password", "other-pw"}}},
        {"limited", {{"username", "limited"}, {"password", "limited-pw"}, {"resources", {"CliFor", "Articoli"}}}}};
    const json query = {{"RecordSelection", "$RecordSelection"},
                        {"PageSize", "$PageSize"},
                        {"PageNumber", "$PageNumber"},
                        {"OrderBy", json::array({{{"field", "$OrderField"}, {"desc", "$OrderDescending"}}})}};
    const json settings[] = {
        {{"base_url", "http://127.0.0.1:8080"}},
        {{"base_url", "https://staging.example/bds/"}, {"users", users}},
        {{"base_url", "http://localhost:5000/api-prefix"},
         {"token", {{"path", "/oauth/token"}, {"form", {{"client_id", "bds"}}}}},
         {"users", users}},
        {{"base_url", "http://h"},
         {"envelope", "object"},
         {"collation", "ci"},
         {"decimal_scale", 6},
         {"decimal_precision", 18}},
        {{"base_url", "http://h"},
         {"envelope", "header"},
         {"collation", "cs"},
         {"timeout_ms", 500},
         {"rate_per_s", 2.5}},
        {{"base_url", "http://h"},
         {"envelope", "row"},
         {"collation", "unknown"},
         {"read_only", true},
         {"max_page_size", 100}},
        {{"base_url", "http://h"},
         {"envelope", "auto"},
         {"max_block", 50},
         {"token_expiry_wait_s", 0},
         {"query", query}},
        {{"base_url", "https://h"},
         {"ca_file", "/etc/ssl/certs/ca-certificates.crt"},
         {"insecure", false},
         {"users", users}},
        {{"base_url", "https://h"}, {"insecure", true}, {"query", {{"where", "$RecordSelection"}}}},
        {{"$comment", "the demo stub"},
         {"base_url", "http://127.0.0.1:8080"},
         {"users", users},
         {"query", query},
         {"decimal_scale", 2}},
        {{"base_url", "http://h"}, {"users", {{"writer", {{"username", "${USER}"}, {"password", "${BDS_PASSWORD}"}}}}}},
        {{"base_url", "ftp://h"}},
        {{"base_url", "http://h"}, {"timeout_ms", 0}},
        {{"base_url", "http://h"}, {"envelop", "auto"}},
    };
    int i = 0;
    for (const json& s : settings) {
        out.add(s.dump(i % 2 ? 2 : -1));
        ++i;
    }
    out.add("{\"base_url\": \"http://h\", ");  // cut short
    out.add("[1, 2, 3]");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_fuzz_corpus DIR   (e.g. fuzz/corpus)\n";
        return 2;
    }
    try {
        const Catalogue catalogue = bds::builtin_catalogue();
        const fs::path root = argv[1];
        CorpusDir selection(root, "selection_fuzz"), sync(root, "sync_body_fuzz"), query(root, "query_body_fuzz"),
            target(root, "target_file_fuzz");
        selection_corpus(catalogue, selection);
        sync_corpus(catalogue, sync);
        query_corpus(catalogue, query);
        target_corpus(target);
        std::cout << "selection_fuzz " << selection.count() << ", sync_body_fuzz " << sync.count()
                  << ", query_body_fuzz " << query.count() << ", target_file_fuzz " << target.count() << " seeds in "
                  << root.string() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "make_fuzz_corpus: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

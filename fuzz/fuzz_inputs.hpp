#pragma once
// How the fuzz targets read their input bytes, shared with make_corpus.cpp so that the seed corpus it writes
// means to each target what the generator meant. A leading byte picks a resource (or a variant), modulo the
// number of choices, so that every byte string is a valid input and mutations move between resources.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "catalogue/catalogue.hpp"
#include "generate/record_gen.hpp"

namespace bds::fuzz {

/// selection_fuzz: byte 0 picks one of these, the rest is the RecordSelection text.
inline std::vector<const Record*> selection_records(const Catalogue& catalogue) { return catalogue.resources(); }

/// sync_body_fuzz: byte 0 picks one of these, the rest is the body of POST /api/sync/{Resource}.
inline std::vector<const Record*> writable_records(const Catalogue& catalogue) {
    std::vector<const Record*> out;
    for (const Record* r : catalogue.resources())
        if (r->writable()) out.push_back(r);
    return out;
}

/// query_body_fuzz: byte 0 % 3 picks the stub's query body shape (0: nested, 1: flat, 2: sql, spec/assumptions.md
/// A-41), the rest is the body of POST /api/resources/MCPClienti/query.
inline constexpr std::string_view kQueryResource = "MCPClienti";
/// The resource whose records the query target's stub holds (MCPClienti is a view of it).
inline constexpr std::string_view kQueryBase = "CliFor";

/// `count` records of `record` as a client sends them, drawn deterministically from `seed` at growing sizes.
inline std::vector<nlohmann::json> sample_records(const Catalogue& catalogue, const Record& record, std::uint64_t seed,
                                                  int count) {
    const auto gen = gen::sent_record_gen(catalogue, record);
    rc::Random random(seed);
    std::vector<nlohmann::json> out;
    for (int i = 0; i < count; ++i) out.push_back(gen(random.split(), 10 + 20 * i).value());
    return out;
}

/// The input that makes `text` a target's input after the choice `choice`.
inline std::string with_choice(std::size_t choice, std::string_view text) {
    return std::string(1, static_cast<char>(static_cast<std::uint8_t>(choice))) + std::string(text);
}

}  // namespace bds::fuzz

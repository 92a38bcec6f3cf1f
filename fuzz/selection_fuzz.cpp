// libFuzzer target: the RecordSelection parser, evaluator and printer (src/selection). Byte 0 picks a resource,
// the rest is the condition. A condition that parses is evaluated on a few generated records of the resource
// under both collations, printed, and the printed text must parse back to the same condition selecting the same
// records (Selection::to_string's contract). Refusals (SelectionError) are expected; anything else stops the run.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_inputs.hpp"
#include "selection/selection.hpp"

namespace {

using bds::Collation;
using bds::Record;
using bds::Selection;
using bds::SelectionError;
using bds::Truth;
using nlohmann::json;

struct Fixture {
    bds::Catalogue catalogue = bds::builtin_catalogue();
    std::vector<const Record*> records = bds::fuzz::selection_records(catalogue);
    std::vector<std::vector<json>> rows;  // per record: generated records, an empty one (all NULL), a wrong one

    Fixture() {
        for (const Record* r : records) {
            std::vector<json> mine;
            try {
                mine = bds::fuzz::sample_records(catalogue, *r, 17, 3);
            } catch (const std::exception&) {  // a record the generators cannot build: NULLs only
            }
            mine.push_back(json::object());
            rows.push_back(std::move(mine));
        }
    }
};

[[noreturn]] void finding(const std::string& what, std::string_view text) {
    std::fprintf(stderr, "selection_fuzz: %s\n  condition: %.*s\n", what.c_str(), static_cast<int>(text.size()),
                 text.data());
    std::abort();
}

const char* name(Truth t) { return t == Truth::True ? "TRUE" : t == Truth::False ? "FALSE" : "UNKNOWN"; }

/// The truth value, or "error" when the row cannot be evaluated (a field of the wrong JSON type).
std::string truth(const Selection& s, const json& row, Collation c) {
    try {
        return name(s.evaluate(row, c));
    } catch (const SelectionError&) {
        return "error";
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Fixture f;
    if (size == 0) return 0;
    const std::size_t which = data[0] % f.records.size();
    const Record& record = *f.records[which];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    std::optional<Selection> parsed;
    try {
        parsed = Selection::parse(text, record);
    } catch (const SelectionError& e) {
        if (e.offset() > text.size())
            finding("error offset " + std::to_string(e.offset()) + " past the end: " + e.what(), text);
        return 0;
    }
    const std::string printed = parsed->to_string();
    (void)parsed->columns();

    std::optional<Selection> again;
    try {
        again = Selection::parse(printed, record);
    } catch (const SelectionError& e) {
        // Canonical text may be longer than what was sent (parentheses, N'' prefixes, spaces): only the length cap
        // may refuse it.
        if (printed.size() > bds::kMaxSelectionLength) return 0;
        finding("the printed condition does not parse: " + std::string(e.what()) + "\n  printed: " + printed, text);
    }
    if (again->to_string() != printed)
        finding("printing is not stable:\n  printed: " + printed + "\n  then:    " + again->to_string(), text);

    for (const json& row : f.rows[which])
        for (const Collation c : {Collation::CaseInsensitive, Collation::CaseSensitive}) {
            const std::string a = truth(*parsed, row, c), b = truth(*again, row, c);
            if (a != b)
                finding("the printed condition evaluates differently (" + a + " vs " + b + ") on " + row.dump() +
                            "\n  printed: " + printed,
                        text);
        }
    // A row that is not an object, and fields of every wrong type, must be refused, not crash.
    (void)truth(*parsed, json::array(), Collation::CaseInsensitive);
    for (const json& wrong : {json::array({1}), json("x"), json(1.5), json(true), json(-7), json::object()}) {
        json odd = json::object();
        for (const auto& column : parsed->columns()) odd[column] = wrong;
        (void)truth(*parsed, odd, Collation::CaseInsensitive);
    }
    return 0;
}

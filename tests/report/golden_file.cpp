#include "report/golden_file.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "test_paths.hpp"

namespace bds::test {

namespace {

/// `page` with its stylesheet left out: a constant of the reporter's source, not what a golden page is kept for (its
/// structure and escaping), and a copy of the source in every golden page.
std::string without_style(const std::string& page) {
    const auto from = page.find("<style>"), to = page.find("</style>");
    if (from == std::string::npos || to == std::string::npos || to < from) return page;
    return page.substr(0, from) + "<style>(the reporter's stylesheet, not compared)" + page.substr(to);
}

}  // namespace

void expect_golden(const std::string& name, const std::string& whole) {
    const auto path = source_dir() / "tests" / "report" / "golden" / name;
    const std::string actual = without_style(whole);
    if (const char* update = std::getenv("BDS_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary) << actual;
        return;
    }
    const std::string expected = read_text(path);
    if (expected == actual) return;
    std::istringstream e(expected), a(actual);
    std::string el, al;
    int line = 0;
    while (true) {
        ++line;
        const bool more_e = static_cast<bool>(std::getline(e, el)), more_a = static_cast<bool>(std::getline(a, al));
        if (!more_e && !more_a) break;
        if (el != al || more_e != more_a) {
            // Lines of bodies are long: show them from a little before the first differing byte.
            std::size_t column = 0;
            while (column < el.size() && column < al.size() && el[column] == al[column]) ++column;
            const std::size_t from = column > 40 ? column - 40 : 0;
            ADD_FAILURE() << path.string() << ":" << line << " differs from byte " << column + 1
                          << "\n  golden: " << (more_e ? el.substr(from, 160) : "<end>")
                          << "\n  actual: " << (more_a ? al.substr(from, 160) : "<end>")
                          << "\nIf the change is intended, regenerate with BDS_UPDATE_GOLDEN=1 and review the diff.";
            return;
        }
    }
    // Every line equal: the texts differ in a last newline.
    ADD_FAILURE() << path.string() << " differs at its end (a last newline)"
                  << "\nIf the change is intended, regenerate with BDS_UPDATE_GOLDEN=1 and review the diff.";
}

}  // namespace bds::test

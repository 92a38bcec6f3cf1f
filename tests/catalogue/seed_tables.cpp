#include "catalogue/seed_tables.hpp"

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "test_paths.hpp"

namespace bds::test {
namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '|') {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += line[i];
        }
    }
    return out;
}

}  // namespace

std::vector<std::map<std::string, std::string>> seed_table(const std::string& text, const std::string& heading,
                                                           const std::string& first_column) {
    std::istringstream in(text);
    std::string line;
    bool after_heading = false;
    std::vector<std::string> header;
    std::vector<std::map<std::string, std::string>> rows;
    while (std::getline(in, line)) {
        if (!after_heading) {
            after_heading = line == heading;
            continue;
        }
        if (header.empty()) {
            if (line.rfind("| " + first_column + " |", 0) == 0) header = cells(line);
            continue;
        }
        if (line.rfind("|---", 0) == 0) continue;
        if (line.empty() || line[0] != '|') break;
        const auto c = cells(line);
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < header.size() && i < c.size(); ++i) row[header[i]] = c[i];
        rows.push_back(row);
    }
    if (rows.empty())
        throw std::runtime_error("no table starting with column \"" + first_column + "\" after \"" + heading + "\"");
    return rows;
}

std::string seed_text(const std::string& prefix) {
    for (const auto& entry : std::filesystem::directory_iterator(seeds_dir()))
        if (entry.path().filename().string().rfind(prefix + "_", 0) == 0) return read_text(entry.path());
    throw std::runtime_error("no seed " + prefix + "_*.txt in " + seeds_dir().string());
}

std::vector<std::string> split_list(const std::string& cell) {
    std::vector<std::string> out;
    std::istringstream in(cell);
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(trim(item));
    return out;
}

}  // namespace bds::test

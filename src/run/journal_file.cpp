#include "run/journal_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace bds::run {

using nlohmann::json;

namespace {

std::runtime_error cannot(const std::string& what, const std::filesystem::path& path) {
    return std::runtime_error("cannot " + what + " the journal " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

JournalFile::JournalFile(std::filesystem::path path, const json& header) : path_(std::move(path)) {
    std::error_code ec;
    if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), ec);
    file_ = std::fopen(path_.c_str(), "w");
    if (!file_) throw cannot("write", path_);
    line(header);
    if (failed_) throw std::runtime_error(*failed_);
}

JournalFile::~JournalFile() {
    if (file_) std::fclose(file_);
}

void JournalFile::line(const json& doc) {
    // One write and a flush per line: the kernel holds it once fflush returns, so a kill of the process loses none.
    const std::string text = doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
        if (!failed_) failed_ = cannot("write", path_).what();
}

void JournalFile::append(const std::string& role, const std::string& resource, const std::vector<json>& records,
                         bool uncertain) {
    for (const auto& record : records)
        line({{"role", role}, {"resource", resource}, {"record", record}, {"uncertain", uncertain}});
}

void JournalFile::status(const json& status) { line(status); }

json cleanup_status(std::size_t sent, std::size_t refused, std::size_t left, const std::string& at) {
    return {{"clean_up", left == 0 && refused == 0 ? "done" : "incomplete"},
            {"sent", sent},
            {"refused", refused},
            {"left", left},
            {"at", at}};
}

JournalContents read_journal_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) throw cannot("read", path);
    JournalContents out;
    std::string text;
    for (std::size_t number = 1; std::getline(in, text); ++number) {
        const bool last = in.peek() == std::char_traits<char>::eof();
        const json doc = json::parse(text, nullptr, false);
        if (doc.is_discarded() || !doc.is_object()) {
            if (last) break;  // cut short by a kill while it was written
            throw std::runtime_error(path.string() + " line " + std::to_string(number) + " is no JSON object");
        }
        if (number == 1) {
            if (doc.value("journal", "") != "conformance")
                throw std::runtime_error(path.string() + " is no journal of `conformance run` (its first line: " +
                                         text.substr(0, 120) + ")");
            out.header = doc;
        } else if (doc.contains("clean_up")) {
            out.status = doc;
        } else if (doc.contains("role") && doc.contains("resource") && doc.contains("record")) {
            out.entries.push_back(
                {doc.value("role", ""), doc.value("resource", ""), doc["record"], doc.value("uncertain", false)});
        } else {
            throw std::runtime_error(path.string() + " line " + std::to_string(number) + " is no journal line");
        }
    }
    if (out.header.is_null()) throw std::runtime_error(path.string() + " is empty: no journal");
    return out;
}

void append_journal_status(const std::filesystem::path& path, const json& status) {
    // A run killed mid-line left a line without its end: the status goes on a line of its own all the same.
    bool line_open = false;
    if (std::ifstream in(path, std::ios::binary | std::ios::ate); in && in.tellg() > 0) {
        in.seekg(-1, std::ios::end);
        line_open = in.get() != '\n';
    }
    std::ofstream out(path, std::ios::app);
    out << (line_open ? "\n" : "") << status.dump() << "\n";
    out.flush();
    if (!out) throw cannot("append to", path);
}

std::string journal_file_name(const std::string& run_prefix) { return "conformance-journal-" + run_prefix + ".jsonl"; }

std::unique_ptr<JournalFile> open_run_journal(const std::string& file, const std::string& dir,
                                              const std::string& run_prefix, const std::string& target,
                                              const std::string& started_at, const std::string& harness_version) {
    if (file.empty() && dir.empty()) return nullptr;
    const auto path =
        !file.empty() ? std::filesystem::path(file) : std::filesystem::path(dir) / journal_file_name(run_prefix);
    return std::make_unique<JournalFile>(path, json{{"journal", "conformance"},
                                                    {"version", 1},
                                                    {"run_prefix", run_prefix},
                                                    {"target", target},
                                                    {"started_at", started_at},
                                                    {"harness_version", harness_version}});
}

}  // namespace bds::run

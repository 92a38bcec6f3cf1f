// bds-sample-connector: the sample connector of `conformance certify`.
//
// A small, correct client of the Business data service, written to be read: it pushes JSON-lines records
// to /api/sync/{Resource} in blocks and checks the row count afterwards, or pulls the change feed page by
// page. Where the seeds leave a sender free it takes a choice (--choose NAME=VALUE, each a correct connector);
// with --defect NAME it breaks exactly one rule on purpose, so the harness can show it catches each
// (variations.hpp lists both). The correct path comes first in every function; each defect is one small
// `if (defect == ...)` at the one place its rule lives.
//
// Exit status: 0 when the whole job succeeded, or when it stopped short and said so on stdout under a report
// choice (refused-block=report, short-count=report); 1 on any other failure (the message on stderr); 2 on a
// usage error.

#include <CLI/CLI.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "variations.hpp"

namespace {

using nlohmann::json;

using sample::Choices;
using sample::Defect;

struct Options {
    std::string url, user, password, resource, mode, input, output;
    std::string since = "1900-01-01 00:00:00.000";  // the whole feed unless told otherwise
    std::size_t block = 0;                          // 0: the resource's default block size
    std::size_t page_size = 100;
    int timeout_s = 30;
    Defect defect = Defect::none;
    Choices choices;
};

// Every failure is thrown as one of these and reported once, in main().
struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A run that ended short of its job and says so on stdout, under a report choice (refused-block=report,
// short-count=report): it did what the seeds ask (stop, keep the body, compare the count), so it exits 0.
struct Reported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

constexpr const char* kDocuments = "StoricoDocumentiT";  // headers carrying their lines nested
constexpr const char* kLinesMember = "StoricoDocumentiR";
constexpr long kMaxPages = 100000;  // a server whose feed never ends must not keep us forever

// ---------------------------------------------------------------------------------------------------------
// Small text helpers.

// Percent-encodes everything but the unreserved characters of RFC 3986: safe in a query and a form body.
std::string url_encode(const std::string& text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0x0F];
        }
    }
    return out;
}

// The latin1 defect: UTF-8 text re-encoded as ISO-8859-1 (one byte up to U+00FF, '?' beyond). The input is
// valid UTF-8 (dump() checked it), and JSON's own syntax is ASCII, so only string contents change.
std::string to_latin1(const std::string& utf8) {
    std::string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto lead = static_cast<unsigned char>(utf8[i]);
        if (lead < 0x80) {
            out += utf8[i++];
            continue;
        }
        const int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        std::uint32_t code = lead & (0x3F >> (length - 1));
        for (int j = 1; j < length && i + j < utf8.size(); ++j)
            code = (code << 6) | (static_cast<unsigned char>(utf8[i + j]) & 0x3F);
        out += code <= 0xFF ? static_cast<char>(code) : '?';
        i += length;
    }
    return out;
}

// Compact JSON, refusing (not replacing) invalid UTF-8: what we send must be exactly what we read.
std::string to_text(const json& value) {
    try {
        return value.dump(-1, ' ', false, json::error_handler_t::strict);
    } catch (const json::exception& e) {
        throw Failure(std::string("cannot write JSON: ") + e.what());
    }
}

// ---------------------------------------------------------------------------------------------------------
// The service: one HTTP client, the bearer token, and the three kinds of request the connector makes.

class Service {
public:
    explicit Service(const Options& options)
        : client_(origin_of(options.url)), prefix_(path_of(options.url)), options_(options) {
        if (!client_.is_valid()) throw Failure("cannot use URL '" + options.url + "'");
        client_.set_connection_timeout(options.timeout_s);
        client_.set_write_timeout(options.timeout_s);
        client_.set_read_timeout(options.timeout_s);
        if (options.defect == Defect::short_timeout) client_.set_read_timeout(1);
    }

    // POST /Token (password grant); every later request carries the token it answers.
    void login() {
        const std::string form =
            "grant_type=password&username=" + url_encode(options_.user) + "&password=" + url_encode(options_.password);
        auto res = client_.Post(prefix_ + "/Token", form, "application/x-www-form-urlencoded");
        if (!res) throw Failure("POST /Token: no answer: " + httplib::to_string(res.error()));
        if (res->status != 200) throw Failure("POST /Token: HTTP " + std::to_string(res->status) + ": " + res->body);
        const json answer = json::parse(res->body, nullptr, false);
        if (!answer.is_object() || !answer.contains("access_token") || !answer["access_token"].is_string())
            throw Failure("POST /Token: the answer has no access_token: " + res->body);
        token_ = answer["access_token"].get<std::string>();
    }

    // One block to /api/sync/{resource}. No answer is an empty Result, for the caller to retry.
    httplib::Result post_sync(const std::string& resource, const std::string& body) {
        httplib::Headers headers = bearer();
        if (options_.defect == Defect::no_bearer) headers.clear();
        const char* type = "application/json; charset=utf-8";
        if (options_.defect == Defect::no_charset) type = "application/json";
        return client_.Post(prefix_ + "/api/sync/" + url_encode(resource), headers, body, type);
    }

    // A GET that must succeed: a 401 (token expired) earns one new token and one more try.
    httplib::Response get(const std::string& target) {
        auto res = client_.Get(prefix_ + target, bearer());
        if (res && res->status == 401) {
            login();
            res = client_.Get(prefix_ + target, bearer());
        }
        if (!res) throw Failure("GET " + target + ": no answer: " + httplib::to_string(res.error()));
        if (res->status != 200)
            throw Failure("GET " + target + ": HTTP " + std::to_string(res->status) + ": " + res->body);
        return res.value();
    }

    // The flood defect: answers do not matter, only the load.
    void get_ignoring_answer(const std::string& target) { client_.Get(prefix_ + target, bearer()); }

private:
    httplib::Headers bearer() const { return {{"Authorization", "Bearer " + token_}}; }

    // httplib::Client takes scheme://host[:port]; a service mounted under a path keeps it as a prefix.
    static std::string origin_of(const std::string& url) {
        const auto scheme_end = url.find("://");
        const auto path_start = url.find('/', scheme_end == std::string::npos ? 0 : scheme_end + 3);
        return url.substr(0, path_start);
    }
    static std::string path_of(const std::string& url) {
        const auto scheme_end = url.find("://");
        const auto path_start = url.find('/', scheme_end == std::string::npos ? 0 : scheme_end + 3);
        std::string path = path_start == std::string::npos ? "" : url.substr(path_start);
        while (!path.empty() && path.back() == '/') path.pop_back();
        return path;
    }

    httplib::Client client_;
    std::string prefix_;
    const Options& options_;
    std::string token_;
};

// ---------------------------------------------------------------------------------------------------------
// Reading a list answer. The service's envelope is not documented, so all three seen in the wild are read:
// (a) {"TotalRowsCount": n, "<any name>": [records]}, (b) [records] with a TotalRowsCount header,
// (c) [records] each carrying TotalRowsCount (removed here; an empty page then tells no total).

struct Page {
    std::vector<json> records;
    std::optional<long long> total;
};

std::optional<long long> count_of(const json& value) {
    if (value.is_number_integer()) return value.get<long long>();
    return std::nullopt;
}

Page read_page(const httplib::Response& res) {
    const json body = json::parse(res.body, nullptr, false);
    if (body.is_discarded()) throw Failure("list answer is not JSON: " + res.body);
    Page page;
    if (body.is_object()) {
        const json* rows = nullptr;
        for (const auto& [name, value] : body.items()) {
            if (!value.is_array()) continue;
            if (rows) throw Failure("list answer has more than one array member: " + res.body);
            rows = &value;
        }
        if (!rows) throw Failure("list answer has no array of records: " + res.body);
        page.records.assign(rows->begin(), rows->end());
        if (body.contains("TotalRowsCount")) page.total = count_of(body["TotalRowsCount"]);
        return page;
    }
    if (!body.is_array()) throw Failure("list answer is neither an object nor an array: " + res.body);
    page.records.assign(body.begin(), body.end());
    if (res.has_header("TotalRowsCount")) {
        const std::string text = res.get_header_value("TotalRowsCount");
        long long total = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), total);
        if (error != std::errc() || end != text.data() + text.size())
            throw Failure("TotalRowsCount header is not a count: '" + text + "'");
        page.total = total;
        return page;
    }
    for (auto& record : page.records) {
        if (!record.is_object() || !record.contains("TotalRowsCount")) continue;
        if (!page.total) page.total = count_of(record["TotalRowsCount"]);
        record.erase("TotalRowsCount");
    }
    return page;
}

// TotalRowsCount of the resource (one row asked for: only the total matters).
std::optional<long long> row_count(Service& service, const std::string& resource) {
    const auto res = service.get("/api/resources/" + url_encode(resource) + "?PageSize=1&PageNumber=1");
    const Page page = read_page(res);
    // An empty first page counts 0 rows, whatever the envelope (rows that each carry the total carry none here).
    return page.total ? page.total : page.records.empty() ? std::optional<long long>(0) : std::nullopt;
}

// ---------------------------------------------------------------------------------------------------------
// Push.

// JSON lines: one record object per non-empty line.
std::vector<json> read_records(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Failure("cannot read " + path);
    std::vector<json> records;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        json record = json::parse(line, nullptr, false);
        const std::string where = path + " line " + std::to_string(number);
        if (record.is_discarded()) throw Failure(where + ": not valid JSON");
        if (!record.is_object()) throw Failure(where + ": not a JSON object");
        records.push_back(std::move(record));
    }
    return records;
}

// The record-level defects; the correct connector sends each record exactly as read.
void apply_record_defects(json& record, Defect defect) {
    if (defect == Defect::platform_fields) {
        record["Id"] = 1;
        record["ts_update"] = "AAAAAAAAB9E=";
        record["dat_ultvar"] = "2026-01-01T00:00:00";
    }
    if (defect == Defect::customer_id) record["customer_ID"] = 1;
    if (defect == Defect::drop_required) record.erase("flg_isdeleted");
    if (defect == Defect::overlong_text)
        for (auto& [field, value] : record.items())
            if (field.rfind("des_", 0) == 0 && value.is_string())
                value = value.get<std::string>() + std::string(600, 'x');
    if (defect == Defect::flip_deleted && record.contains("flg_isdeleted") && record["flg_isdeleted"] == false)
        record["flg_isdeleted"] = true;
}

// Splits records into blocks of `size` (the last may be shorter), in input order.
std::vector<json> make_blocks(const std::vector<json>& records, std::size_t size) {
    std::vector<json> blocks;
    for (std::size_t start = 0; start < records.size(); start += size) {
        json block = json::array();
        for (std::size_t i = start; i < records.size() && i < start + size; ++i) block.push_back(records[i]);
        blocks.push_back(std::move(block));
    }
    return blocks;
}

// Why the sender stops at a refused block, with the block's body kept (000 §7: "stops the sender, which records
// the response body"): in the message, or in kBodyFile in the working directory (keep-body=file).
std::string refusal(std::size_t k, std::size_t n, const httplib::Response& res, const Options& options) {
    const std::string message =
        "block " + std::to_string(k) + " of " + std::to_string(n) + " refused: HTTP " + std::to_string(res.status);
    if (options.defect == Defect::forget_body || options.defect == Defect::exit_zero_on_error) return message;
    if (!options.choices.body_in_file) return message + ": " + res.body;
    std::ofstream file(sample::kBodyFile, std::ios::binary | std::ios::trunc);
    file << res.body;
    if (!file) return message + " (its body could not be written to " + sample::kBodyFile + "): " + res.body;
    return message + "; its body is kept in " + sample::kBodyFile;
}

// Sends block k of n until it is accepted. Returns false when refused and the (defective) connector goes on.
bool send_block(Service& service, const Options& options, const json& block, std::size_t k, std::size_t n) {
    std::string body = to_text(block);
    if (options.defect == Defect::latin1) body = to_latin1(body);
    bool new_token = false;
    for (int attempts = 1;; ++attempts) {
        auto res = service.post_sync(options.resource, body);
        if (!res) {  // no HTTP answer: the block may or may not have arrived; sync is an upsert, so resend
            if (attempts == 3 || options.defect == Defect::short_timeout)
                throw Failure("block " + std::to_string(k) + " of " + std::to_string(n) + ": no answer after " +
                              std::to_string(attempts) + " attempt(s): " + httplib::to_string(res.error()));
            std::this_thread::sleep_for(std::chrono::seconds(1));
            continue;
        }
        if (res->status == 200) return true;
        if (res->status == 401 && !new_token) {  // the token expired: a new one, and the same block again
            service.login();
            new_token = true;
            if (options.defect == Defect::skip_refused_block) return true;
            continue;
        }
        // Refused: the rest would build on a block that is not there, so stop and keep the reason.
        if (options.defect == Defect::continue_after_error && res->status != 401) {
            std::cerr << refusal(k, n, res.value(), options) << "\n";
            return false;
        }
        if (options.choices.report_refusal) throw Reported("stopped: " + refusal(k, n, res.value(), options));
        throw Failure(refusal(k, n, res.value(), options));
    }
}

// The lines-separately defect: takes the nested lines out of the documents, to be sent on their own.
// (The service publishes a document with its lines in one POST; lines sent apart are not that.)
std::vector<json> take_lines(std::vector<json>& documents) {
    std::vector<json> lines;
    for (auto& document : documents) {
        if (!document.contains(kLinesMember) || !document[kLinesMember].is_array()) continue;
        for (auto& line : document[kLinesMember]) lines.push_back(line);
        document.erase(kLinesMember);
    }
    return lines;
}

// Compares TotalRowsCount after sending with the count before plus what was sent (000 §4.4). What a sender does
// when it differs is not shown (A-97): fail, or tell the count read (short-count=report).
void check_count(Service& service, const Options& options, std::optional<long long> before, std::size_t expected_new,
                 std::size_t active_new, std::size_t sent, std::size_t blocks) {
    const auto after = row_count(service, options.resource);
    if (!before || !after) {
        std::cerr << "warning: TotalRowsCount not given; count check skipped\n";
        return;
    }
    if (options.defect == Defect::ignore_count) return;
    // Whether a list counts logically deleted records is not shown (A-12): either count is right.
    const long long expected = *before + static_cast<long long>(expected_new);
    if (*after == expected || *after == *before + static_cast<long long>(active_new)) return;
    const std::string shortfall = "expected " + std::to_string(expected) + ", TotalRowsCount " + std::to_string(*after);
    if (!options.choices.report_short_count) throw Failure("count check failed: " + shortfall);
    throw Reported("count check: " + shortfall + " after sending " + std::to_string(sent) + " records in " +
                   std::to_string(blocks) + " blocks");
}

void push(Service& service, const Options& options) {
    std::vector<json> records = read_records(options.input);
    const std::size_t expected_new = records.size();
    const auto active_new = static_cast<std::size_t>(std::count_if(
        records.begin(), records.end(), [](const json& r) { return r.value("flg_isdeleted", false) != true; }));
    for (auto& record : records) apply_record_defects(record, options.defect);

    std::vector<json> lines;  // only for the lines-separately defect
    if (options.defect == Defect::lines_separately && options.resource == kDocuments) lines = take_lines(records);

    // Documents are heavy (their lines ride along), so they go in smaller blocks.
    std::size_t size = options.block ? options.block : options.resource == kDocuments ? 50 : 200;
    if (options.defect == Defect::one_block) size = std::max<std::size_t>(records.size(), 1);
    std::vector<json> blocks = make_blocks(records, size);
    if (options.defect == Defect::drop_last_block && !blocks.empty() && blocks.back().size() < size) blocks.pop_back();

    const bool count = options.defect != Defect::no_count_check;
    std::optional<long long> before;
    if (count) before = row_count(service, options.resource);

    std::size_t refused = 0, sent = 0;
    for (std::size_t k = 1; k <= blocks.size(); ++k) {
        if (send_block(service, options, blocks[k - 1], k, blocks.size()))
            sent += blocks[k - 1].size();
        else
            ++refused;
    }
    if (!lines.empty()) {  // lines-separately: their answers are not even looked at
        for (const auto& block : make_blocks(lines, options.block ? options.block : 200))
            service.post_sync(kLinesMember, to_text(block));
    }
    if (refused) throw Failure(std::to_string(refused) + " of " + std::to_string(blocks.size()) + " blocks refused");

    // The service answered 200 to every block; the count tells whether the records are really there.
    if (count) check_count(service, options, before, expected_new, active_new, sent, blocks.size());
    std::cout << "delivered " << sent << " records in " << blocks.size() << " blocks" << std::endl;

    if (options.defect == Defect::hang)
        for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    if (options.defect == Defect::flood)
        for (;;) service.get_ignoring_answer("/api/Account/TokenInfo");
}

// ---------------------------------------------------------------------------------------------------------
// Pull.

// "YYYY-MM-DD HH:MM:SS.000" as the iso-last-utc-run defect sends it: "YYYY-MM-DDTHH:MM:SSZ".
std::string iso_8601(const std::string& since) { return since.substr(0, 10) + "T" + since.substr(11, 8) + "Z"; }

void pull(Service& service, const Options& options) {
    std::ofstream file;
    if (!options.output.empty()) {
        file.open(options.output, std::ios::binary | std::ios::trunc);
        if (!file) throw Failure("cannot write " + options.output);
    }
    std::ostream& out = options.output.empty() ? std::cout : file;

    const std::string since = options.defect == Defect::iso_last_utc_run ? iso_8601(options.since) : options.since;
    const std::string base = "/api/sync/" + url_encode(options.resource) + "?LastUtcRun=" + url_encode(since) +
                             "&PageSize=" + std::to_string(options.page_size) + "&PageNumber=";
    long long read = 0;
    long pages = 0;
    for (long number = options.defect == Defect::pages_from_zero ? 0 : 1;; ++number) {
        if (pages == kMaxPages) throw Failure("gave up after " + std::to_string(kMaxPages) + " pages");
        Page page = read_page(service.get(base + std::to_string(number)));
        ++pages;
        // An empty page ends the feed; a short one does not (the server may cap PageSize below ours).
        if (page.records.empty()) break;
        for (const auto& record : page.records) {
            const bool deleted =
                record.is_object() && record.contains("flg_isdeleted") && record["flg_isdeleted"] == true;
            if (options.defect == Defect::skip_deleted && deleted) continue;
            out << to_text(record) << '\n';
        }
        read += static_cast<long long>(page.records.size());
        if (page.total && read >= *page.total) break;
        if (options.defect == Defect::first_page_only) break;
    }
    out.flush();
    if (!out) throw Failure("cannot write the records");
    (options.output.empty() ? std::cerr : std::cout)
        << "read " << read << " records in " << pages << " pages" << std::endl;
}

// Checks what CLI11 cannot: the defect and the choices named, --input for push, the form of --since. Returns
// what is wrong, or "".
std::string settle(Options& options, const std::string& defect_name, const std::vector<std::string>& chosen) {
    if (!defect_name.empty()) {
        const auto found = std::find_if(sample::kDefects.begin(), sample::kDefects.end(),
                                        [&](const sample::DefectInfo& d) { return d.name == defect_name; });
        if (found == sample::kDefects.end()) {
            std::string known;
            for (const auto& d : sample::kDefects) known += std::string(" ") + d.name;
            return "unknown --defect '" + defect_name + "'; known:" + known;
        }
        options.defect = found->defect;
    }
    for (const auto& setting : chosen)
        if (auto wrong = sample::choose(setting, options.choices); !wrong.empty()) return wrong;
    if (options.mode == "push" && options.input.empty()) return "--mode push needs --input";
    static const std::regex timestamp(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?)");
    if (!std::regex_match(options.since, timestamp)) return "--since must read \"YYYY-MM-DD HH:MM:SS.000\"";
    return "";
}

// The tables of variations.hpp, tab-separated, for the harness's matrices; false when `flag` names neither.
bool list(const std::string& flag) {
    if (flag == "--list-defects")  // name, level, rule, the statements it breaks, description
        for (const auto& d : sample::kDefects)
            std::cout << d.name << '\t' << d.level << '\t' << d.rule << '\t' << d.breaks << '\t' << d.description
                      << '\n';
    else if (flag == "--list-choices")  // name, default and other value (comma-separated), row, description
        for (const auto& c : sample::kChoices)
            std::cout << c.name << '\t' << c.values[0] << ',' << c.values[1] << '\t' << c.row << '\t' << c.description
                      << '\n';
    else
        return false;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && list(argv[1])) return 0;
    Options options;
    std::string defect_name;
    std::vector<std::string> chosen;
    CLI::App app{"Sample connector of the Business data service: push JSON-lines records, or pull the change feed"};
    app.add_option("--url", options.url, "Base URL of the service")->required();
    app.add_option("--user", options.user, "User name")->required();
    app.add_option("--password", options.password, "Password")->required();
    app.add_option("--resource", options.resource, "Resource, e.g. CliFor")->required();
    app.add_option("--mode", options.mode, "push or pull")->required()->check(CLI::IsMember({"push", "pull"}));
    app.add_option("--input", options.input, "push: JSON lines, one record per line");
    app.add_option("--output", options.output, "pull: JSON lines written here (default: standard output)");
    app.add_option("--since", options.since, "pull: LastUtcRun, \"YYYY-MM-DD HH:MM:SS.000\"")->capture_default_str();
    app.add_option("--block", options.block, "push: records per block (default 200, 50 for StoricoDocumentiT)")
        ->check(CLI::PositiveNumber);
    app.add_option("--page-size", options.page_size, "pull: PageSize")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--timeout-s", options.timeout_s, "Connect, read and write timeout in seconds")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--choose", chosen, sample::choices_help())->delimiter(',');
    app.add_option("--defect", defect_name,
                   "Break one rule on purpose (for the harness's kill matrix; --list-defects lists them)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }
    if (const auto wrong = settle(options, defect_name, chosen); !wrong.empty()) {
        std::cerr << wrong << "\n";
        return 2;
    }

    try {
        Service service(options);
        service.login();
        if (options.mode == "push")
            push(service, options);
        else
            pull(service, options);
        return 0;
    } catch (const Reported& e) {  // stopped short, and says so: the report is the outcome (A-86, A-97)
        std::cout << "bds-sample-connector: " << e.what() << std::endl;
        return 0;
    } catch (const std::exception& e) {  // Failure, and anything unforeseen: a message, never a crash
        if (options.defect == Defect::exit_zero_on_error) return 0;  // and not a word of it
        std::cerr << "bds-sample-connector: " << e.what() << "\n";
        return 1;
    }
}

#pragma once
/// The service's endpoints (000 §4) as calls: authenticated as a role of the target file, with the token
/// renewed once on a 401, and list responses read through the target's envelope.
#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "client/dialect.hpp"
#include "client/envelope.hpp"
#include "client/http_client.hpp"
#include "client/target.hpp"
#include "client/tokens.hpp"
#include "client/write_gate.hpp"

namespace bds::client {

/// The envelope a run settled on: fixed by the target file, or the first one auto-detection saw. Shared by
/// every Api of a run; thread-safe.
class EnvelopeState {
public:
    explicit EnvelopeState(std::optional<Envelope> configured)
        : value_(configured ? static_cast<int>(*configured) : kAuto) {}
    /// The settled envelope; unset while auto-detection has seen no page with rows.
    std::optional<Envelope> get() const {
        const int v = value_.load();
        return v == kAuto ? std::nullopt : std::optional<Envelope>(static_cast<Envelope>(v));
    }
    /// Records the envelope a page came in, if none is settled yet (only a page with rows settles Auto:
    /// an empty bare array cannot tell the header envelope from the row one).
    void settle(const ListPage& page);

private:
    static constexpr int kAuto = -1;  ///< none settled yet
    std::atomic<int> value_;
};

/// The page size a run reads with: the target's declared cap (`max_page_size`) or kReadPageSize, whichever is
/// smaller, lowered when the target is found to serve less (A-08: "Maximum PageSize … not shown"). Shared by
/// every Api of a run; thread-safe.
class PageSizeState {
public:
    /// A modest page: within any cap a real server is likely to have, large enough to keep reads few.
    static constexpr long long kReadPageSize = 100;
    explicit PageSizeState(std::optional<int> declared)
        : value_(declared ? std::min<long long>(*declared, kReadPageSize) : kReadPageSize) {}
    long long get() const { return value_.load(); }
    /// The target refused a page of `refused` rows, or served only `served` of a fuller page: read with less.
    void lower(long long size);
    /// The size the run lowered to, when it had to.
    std::optional<long long> lowered() const;
    /// A read ran past the rows the run reads (max_rows_read) on full pages whose TotalRowsCount announced more.
    void read_past_limit() { ++past_limit_; }
    /// How many reads did (read_past_limit): from the second on, the run's reads end at a full first page announcing
    /// more rows than the run reads, rather than reading on to the limit each time (a target serving full pages
    /// forever, in every check).
    int reads_past_limit() const { return past_limit_.load(); }

private:
    std::atomic<long long> value_;
    std::atomic<bool> lowered_{false};
    std::atomic<int> past_limit_{0};
};

/// Parameters of GET /api/resources/{Resource} (000 §4.1). Unset members are not sent.
struct ListQuery {
    std::optional<std::string> selection{};
    std::optional<long long> page_size{};
    std::optional<long long> page_number{};
    /// The selection is a condition under test, sent exactly as given. Otherwise it is one of the harness's own reads,
    /// composed in T-SQL's forms: it is sent in the run's dialect (DialectState), and when the target refuses it (a
    /// 4xx other than 401, 403, 429), in the other forms its literals have, until one is accepted.
    bool verbatim = false;
};

/// The order a POST query asks for (through the target's body template: "$OrderField", and "$OrderDescending"
/// as a boolean or "$OrderDirection" as ASC or DESC).
struct QueryOrder {
    std::string field;
    bool descending = false;
};

/// A list read: the response, and the page or why it could not be read.
struct ListResult {
    HttpResponse response;
    std::optional<ListPage> page;
    std::string problem;  ///< why `page` is empty when the status was 200
};

class Api {
public:
    /// `gate`: the run's, when checks run at once (every POST to /api/sync/{R} passes it). `dialect`: the run's
    /// (without one, selections are sent as given).
    Api(const TargetConfig& target, TokenSource& tokens, EnvelopeState& envelope, PageSizeState& page_size,
        RunLimits* limits, WriteGate* gate = nullptr, DialectState* dialect = nullptr);

    const TargetConfig& target() const { return target_; }
    /// The page size this run reads with, and lowers when the target serves less.
    PageSizeState& page_size() { return page_size_; }
    /// The forms of the run's own reads; nullptr when the Api has none.
    DialectState* dialect() { return dialect_; }
    HttpClient& http() { return http_; }
    /// `resource` held still against the run's other writers while the result lives (WriteGate; a no-op without one).
    /// The holder writes no other resource meanwhile.
    WriteGate::Still still(const std::string& resource) { return WriteGate::Still(gate_, resource); }
    /// A write of `resource` in flight for the run's other checks while the result lives (WriteGate::Writing).
    std::unique_ptr<WriteGate::Writing> writing(const std::string& resource) {
        return std::make_unique<WriteGate::Writing>(gate_, resource);
    }
    /// Its requests take no slot of the run's limit and pass no write gate: the caller holds both for it, across
    /// requests of several clients that must be in flight at once (a race's: RunLimits::enter_group, writing()).
    void held_by_caller() {
        http_.take_no_slots();
        gate_ = nullptr;
    }

    /// A request with `role`'s bearer token; a 401 makes it get a fresh token and send once more. `a_list`: the answer
    /// is read as a list, which says whether it was usable (HttpClient::judged).
    HttpResponse authed(const std::string& role, const std::string& method, const std::string& target,
                        const std::string& body = "", const std::string& content_type = "", bool a_list = false);

    /// GET /api/resources/{resource} (an own read's selection in the run's dialect: ListQuery::verbatim).
    ListResult list(const std::string& role, const std::string& resource, const ListQuery& query = {});
    /// POST /api/sync/{resource} with a JSON body (a block of records).
    HttpResponse sync_post(const std::string& role, const std::string& resource, const nlohmann::json& block);
    /// GET /api/sync/{resource}?LastUtcRun=… (the seeds' form "YYYY-MM-DD HH:MM:SS.fff"), with the paging of
    /// `paging` (its selection is not sent: the feed has no RecordSelection).
    ListResult sync_get(const std::string& role, const std::string& resource, const std::string& last_utc_run,
                        const ListQuery& paging = {});
    /// POST /api/resources/{resource}/query with the target's body template (the selection as list() sends it); nullopt
    /// if it has none.
    std::optional<ListResult> query(const std::string& role, const std::string& resource, const ListQuery& query,
                                    const std::optional<QueryOrder>& order = std::nullopt);
    /// GET /api/Account/TokenInfo.
    HttpResponse token_info(const std::string& role);

    /// Reads a 200 list response with the run's envelope (settling Auto).
    ListResult read(HttpResponse response);

private:
    /// `send(query)`, the selection of an own read spelled in the run's dialect, and in its other forms while refused.
    ListResult in_dialect(const std::string& resource, const ListQuery& query,
                          const std::function<ListResult(const ListQuery&)>& send);

    const TargetConfig& target_;
    TokenSource& tokens_;
    EnvelopeState& envelope_;
    PageSizeState& page_size_;
    WriteGate* gate_;
    DialectState* dialect_;
    HttpClient http_;
};

/// The HTTP settings of a target file (base URL, timeouts, TLS).
HttpSettings http_settings(const TargetConfig& target);

/// "/api/resources/CliFor?RecordSelection=…&PageSize=…&PageNumber=…", parameters percent-encoded.
std::string list_target(const std::string& base, const ListQuery& query);

/// The query body for `query` from a template (TargetConfig::query_body), filled by fill_template.
nlohmann::json query_body(const nlohmann::json& body_template, const ListQuery& query,
                          const std::optional<QueryOrder>& order = std::nullopt);

}  // namespace bds::client

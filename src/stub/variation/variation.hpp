#pragma once
/// The stub's one variation mechanism: where the reference path reaches a point the seeds leave "not shown"
/// it asks the Variation, which answers with the stub's choice (choices.hpp) and then asks its policy (policy.hpp),
/// whose answers are the reference service's unless a defect (defects.hpp) overrides them. Where the seeds decide,
/// the routes ask the policy itself. The routes read as the service; every behaviour a choice changes is written
/// here, every behaviour a defect changes in its class.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "stub/list_query.hpp"
#include "stub/sql_engine.hpp"
#include "stub/store.hpp"
#include "stub/users.hpp"
#include "stub/variation/choices.hpp"
#include "stub/variation/defects.hpp"
#include "stub/variation/engine.hpp"
#include "stub/variation/intermittence.hpp"
#include "stub/variation/query_body.hpp"

namespace bds::stub {

class Variation {
public:
    /// `database`: the SQL database RecordSelection and OrderBy are passed into, or none (the evaluator).
    /// `defect_rate`, `defect_seed`: the fraction of requests `defect` shows on, and the seed drawing them
    /// (StubOptions::defect_rate, intermittence.hpp).
    Variation(const Catalogue& catalogue, Choices choices, Defect defect, std::shared_ptr<SqlEngine> database = nullptr,
              double defect_rate = 1.0, std::uint64_t defect_seed = 0);

    const Choices& choices() const { return choices_; }
    /// The answers of the reference service, or of the defect the stub is set to: always at defect_rate 1, else on
    /// the requests the defect shows on (intermittence.hpp). Both policies live as long as the stub, so that a defect
    /// keeping state (a cache) keeps it across the requests it does not show on.
    const Policy& policy() const { return intermittence_.shows() ? *defect_policy_ : *reference_policy_; }
    Collation collation() const {
        return choices_.case_insensitive() ? Collation::CaseInsensitive : Collation::CaseSensitive;
    }
    SqlProfile sql_profile() const {
        return {choices_.precision(), choices_.scale(), engine_.lengths_in_code_points()};
    }
    /// How keys compare (a unique index's rules: the collation's and the database's folding, trailing blanks ignored,
    /// the store's keys and text indexes.
    sql::TextRules key_rules() const {
        sql::TextRules rules = engine_.reading().text_rules();
        rules.ignore_trailing_blanks = true;
        return rules;
    }
    /// The database under the stub (A-98..A-108): how it stores values and reads RecordSelection.
    const Engine& engine() const { return engine_; }

    // --- every request ---
    /// The server's thread begins to serve a request (before intercept): draws whether the defect shows on it.
    void begin_request() const { intermittence_.begin_request(); }
    /// The server's thread has answered its request (before the answer is written).
    void end_request() const { intermittence_.end_request(); }
    /// Answers a request before it is routed (a rate limit's 429); false: route it.
    bool intercept(const httplib::Request& req, httplib::Response& res) const;
    /// A query parameter as the target reads its name and a repeated one.
    std::optional<std::string> param(const httplib::Request& req, const char* name) const;
    /// An error answer: the status (A-84 for malformed input, A-37, A-46) and its body, which lists
    /// `violations` when given and the body is JSON.
    void error(httplib::Response& res, int status, const std::string& code, const std::string& message,
               const nlohmann::json& violations = nullptr) const;

    /// A known path asked with another method: 404 or 405.
    int wrong_method_status() const { return choices_.wrong_method == Choices::WrongMethod::S405 ? 405 : 404; }

    // --- tokens (000 §5) ---
    std::chrono::seconds token_ttl(std::chrono::seconds configured) const;
    void token_answer(httplib::Response& res, const std::string& token, const User& user,
                      std::chrono::seconds ttl) const;
    /// Bad credentials at POST /Token (RFC 6749 §5.2's body).
    void token_refusal(httplib::Response& res, const std::string& error, const std::string& description) const;
    void token_info(httplib::Response& res, const User& user) const;
    /// Whether an unknown resource is refused 403 before the token is looked at.
    bool resource_first() const { return choices_.auth_order == Choices::AuthOrder::ResourceFirst; }
    /// GET /api/resources/`name` of a nested list whose fields are not shown (StoricoDocumentiIVA, CondPagamDett,
    /// AgentiClienti) answered as an empty list.
    bool serves_nested_list(std::string_view name) const;

    // --- reads (000 §4.1-4.3) ---
    /// PageSize and PageNumber (pages start at 1, 000 §8) with the cap, the default and
    /// out-of-range values. Throws BadRequest.
    void paging(ListQuery& q, std::optional<std::string> size, std::optional<std::string> number) const;
    /// Whether GET sync serves `record`, else the status refusing it.
    std::optional<int> feed_refusal(const Record& record) const;
    /// LastUtcRun as ticks, or nullopt when the form is not accepted.
    std::optional<std::int64_t> last_utc_run(const std::string& text) const;
    /// Whether a LastUtcRun read as `ticks` is refused for its range: before 1753-01-01 when the database's type is
    /// datetime.
    bool last_utc_run_refused(std::int64_t ticks) const;
    /// A POST query body read in its shape. Throws BadRequest.
    QueryRequest query_request(const nlohmann::json& body, const Record& record) const;
    bool query_served(const Record& record) const;
    /// Whether a row of `record` is listed; `deleted`: its flg_isdeleted is true.
    bool visible(const Record& record, bool deleted, const ListQuery& q) const;
    /// Whether a database under the stub decides which rows a read returns and their OrderBy: then the
    /// rows are collected whole, not narrowed by the selection, and select_in_database keeps what it selects.
    bool selects_in_database(const ListQuery& q) const { return database_ && (q.selection || !q.order_by.empty()); }
    /// Whether a '...' literal is read in SQL Server's code page (its other characters refused by the guard): not when
    /// a database under the stub reads the condition, as every engine but SQL Server reads '...' as Unicode.
    bool code_page_literals() const { return !database_; }
    /// The rows the database selects, in its order for a query with OrderBy, else in theirs. Throws BadRequest when
    /// the database refuses the condition (its message, as a server passing the text on answers it).
    void select_in_database(const Record& record, const ListQuery& q, std::vector<nlohmann::json>& rows) const;
    /// Whether the list must be collected whole before paging (an order other than the key's, a database's read).
    bool needs_all_rows(const ListQuery& q) const;
    /// Orders every matching row (A-11, or the query's OrderBy with its NULLs where A-96 puts them, unless the database
    /// ordered them) and says where the page starts.
    void arrange(const Record& record, const ListQuery& q, std::vector<nlohmann::json>& rows, std::size_t& first) const;
    /// A stored or derived row as answered: every field, date-times, ts_update, decimals.
    void present(const Catalogue& catalogue, const Record& record, nlohmann::json& row) const;
    /// The list answer, from its rows' texts (each a JSON object, as `present` left it).
    void write_list(httplib::Response& res, const std::vector<RowText>& rows, std::size_t total,
                    Endpoint endpoint = Endpoint::Resources) const;

    // --- writes (000 §4.4) ---
    bool content_type_ok(const std::string& type) const;
    /// The refusal status of POST sync on a read-only view.
    int read_only_status() const;
    /// A sent record before validation: fields a lenient target ignores are dropped.
    void before_validate(const Record& record, nlohmann::json& sent) const;
    /// Whether before_validate may change a sent record (else it leaves every record as it is).
    bool edits_sent() const;
    /// Whether a violation refuses the block (A-33, A-61 let some pass).
    bool refuses(const Record& record, const nlohmann::json& sent, const Violation& v) const;
    /// Violations of the block as a whole and of records the database refuses, as
    /// {index, field, pointer, message}.
    void block_violations(const Record& record, const nlohmann::json& block, nlohmann::json& violations) const;
    /// A normalised record before it is stored (the database's storage A-98..A-106, A-61's '?', A-78's line order).
    void before_store(const Record& record, const nlohmann::json& sent, nlohmann::json& normalized) const;
    /// The answer to an accepted block.
    void sync_answer(httplib::Response& res, const Record& record, const std::vector<nlohmann::json>& stored) const;
    /// One record upserted over `old` (nullptr: new): merge or replace, Id. Sets `new_id` when the
    /// row takes a new Id.
    void upsert(const Record& record, const Row* old, nlohmann::json& rec, StoreEdit& edit, bool& new_id) const;
    /// The dat_ultvar of a write at `now` after the tenant's `last`: strictly after `last`.
    std::int64_t change_instant(std::int64_t now, std::int64_t last) const;

    // --- views ---
    /// The ISO week, or SQL Server's DATEPART(week), of an instant.
    int week(std::int64_t ticks) const;
    bool resource_listed(const Record& record) const;
    /// Whether the lines of a logically deleted document stay listed in StoricoDocumentiR.
    bool lines_of_deleted_listed() const { return choices_.deleted_header_lines == Choices::DeletedHeaderLines::Kept; }
    bool joined_derivation() const { return choices_.view_derivation == Choices::ViewDerivation::Joined; }

private:
    int reference_week(std::int64_t ticks) const;
    const Catalogue& catalogue_;
    Choices choices_;
    std::unique_ptr<Policy> defect_policy_, reference_policy_;
    Intermittence intermittence_;
    Engine engine_;  ///< after the policies, which it asks
    std::shared_ptr<SqlEngine> database_;
    mutable std::atomic<unsigned long> requests_{0};
};

}  // namespace bds::stub

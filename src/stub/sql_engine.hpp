#pragma once
/// A real SQL database under the stub, as a vendor's server has one: RecordSelection (000 §4.1 "a SQL WHERE
/// condition, without the word WHERE") and a POST query's ordering (§4.2) are passed into SQL after the stub's guard
/// (its own parser refuses what is not a condition), and the engine, not the stub's evaluator, decides which rows a
/// read returns and in what order. The seeds give SQL Server type names, not an engine (000 §1), so every engine a
/// correct server may run on is a choice (spec/assumptions.md A-115); the suites must pass on each.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "stub/list_query.hpp"

namespace bds::stub {

/// The engine refused the condition or the ordering (a syntax it does not read, a conversion it does not make): the
/// stub answers 400 with the engine's message, as a server passing the text on answers its database's error.
class EngineRefusal : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One database. Called from the stub's request threads at once: an implementation serialises what it must.
class SqlEngine {
public:
    virtual ~SqlEngine() = default;
    /// For messages and reports: "SQLite 3.40.1", "PostgreSQL 15 (bit as boolean)", "MariaDB 10.11".
    virtual std::string name() const = 0;
    /// The indexes into `rows` (JSON records of `record` as the stub stores them; a missing field is NULL, list
    /// fields are not columns) that `where` selects (unset: every row), in the order `order` gives under the engine's
    /// own collation and NULL placement (empty: the order of `rows`). EngineRefusal when the engine refuses either.
    virtual std::vector<std::size_t> select(const Record& record, const std::vector<nlohmann::json>& rows,
                                            const std::optional<std::string>& where,
                                            const std::vector<OrderBy>& order) = 0;
};

}  // namespace bds::stub

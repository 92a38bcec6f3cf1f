#pragma once
/// The engines a correct server may evaluate RecordSelection in (000 §4.1 "a SQL WHERE condition"). The seeds give
/// SQL Server's type names but no engine, so the oracle reads a condition as each real engine does, with the variants
/// that engine really has (spec/assumptions.md ..A-108), and never as a mix of points no engine has (a
/// case-insensitive = beside a case-sensitive LIKE): tolerance of every engine, not of every product of switches.
/// The storage choices of a data layer before the engine (char(n) stored as sent, A-98; '' stored as NULL, A-100;
/// floats kept as doubles, A-104) combine with every engine.
#include <optional>
#include <string>
#include <vector>

#include "selection/reading.hpp"

namespace bds::oracle {

/// One engine in one of its variants: how it reads a condition, with the data layer's choices at SQL Server's.
struct EngineProfile {
    std::string family;   ///< "SQL Server", "PostgreSQL", "SQLite" or "MariaDB/MySQL"
    std::string variant;  ///< e.g. "CI_AS", "BINARY, LIKE folding ASCII"
    Reading reading;
};

/// Every engine variant, SQL Server's CI_AS first.
const std::vector<EngineProfile>& engine_profiles();

/// The engine families, in the order engine_profiles() lists them.
const std::vector<std::string>& engine_families();

/// Whether `profile`'s = folds case as a declared collation says; unset, every profile fits. LIKE is not
/// declared: each profile brings its own (SQLite's BINARY = beside its ASCII-folding LIKE under `cs`, A-108).
bool fits_collation(const EngineProfile& profile, std::optional<Collation> collation);

/// `engine` under each data layer's storage choices it meets (A-98 char(n) padded or read as stored, A-100 '' as
/// NULL, A-104 float as double), `engine` itself first.
std::vector<Reading> with_storage(const Reading& engine);

/// `r` in the form readings are compared in: case folding under a case-sensitive = is meaningless, and an LIKE folding
/// ASCII beside an = folding ASCII folds as = does.
Reading canonical(Reading r);

/// Whether some engine profile fitting `collation`, under some storage choices, reads every condition as `r` does.
bool admitted(const Reading& r, std::optional<Collation> collation);

}  // namespace bds::oracle

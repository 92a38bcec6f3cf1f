#pragma once
/// The collation text is compared with: by RecordSelection, by the stub's keys, by the oracles.

namespace bds {

/// How text compares. CaseInsensitive is SQL Server's default (SQL_Latin1_General_CP1_CI_AS:
/// case-insensitive, accent-sensitive); CaseSensitive is, e.g., Latin1_General_CS_AS (spec/assumptions.md A-17).
enum class Collation { CaseInsensitive, CaseSensitive };

}  // namespace bds

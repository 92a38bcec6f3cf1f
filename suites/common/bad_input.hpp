#pragma once
/// The bad input of the suite "robustness" (suites/robustness.cpp), one family per check: POST sync bodies the
/// seeds do not foresee, with what storing each may mean, and query strings outside what the seeds show.
#include <optional>
#include <string>
#include <vector>

#include "suites/common/support.hpp"

namespace bds::suites {

inline constexpr const char* kJsonType = "application/json; charset=utf-8";

/// A POST sync body the seeds do not foresee, and what storing it may mean.
struct BadBody {
    std::string label;  ///< what is wrong with it, for reports
    std::string body;   ///< the bytes sent
    std::string content_type = kJsonType;
    /// Valid records carrying the keys the body holds: read back by key after sending, and journaled for the
    /// clean-up whenever they may have landed.
    std::vector<json> probes;
    /// What a reading of the body means, one per probe: when it is answered 2xx each must be readable as meant.
    /// Empty: the body means no record at all, so nothing with a probe's key may be stored, whatever the status
    /// (unless `unclear`).
    std::vector<json> meant;
    /// The body is no text a parser can read exactly (invalid UTF-8, NaN), yet some decoders read it anyway
    /// (U+FFFD, null): when it is answered 2xx what was stored is observed; when refused nothing may be stored.
    bool unclear = false;
};

/// A bad RecordSelection, GET sync parameter or page parameter: a path with its query string.
struct BadQuery {
    std::string label;
    std::string target;
};

/// The CliFor record of the catalogue.
const Record& clifor_of(const Context& ctx);

/// The field of `record` that carries a check's marker; CheckError when it has none.
const Field& marker_of(const Record& record);

/// A minimal CliFor record (001 §2.1: the key ind_clifor + cod_clifor, flg_isdeleted required) in plain ASCII,
/// so that its text survives any rewriting of the body (single quotes, other content types); key = prefix + suffix.
json plain_clifor(const Context& ctx, const std::string& suffix, const std::string& purpose);

/// `[record]` as JSON text.
std::string block_text(const json& record);

/// ROB-01: bodies that are not JSON (RFC 8259), each around one record with its own key.
std::vector<BadBody> malformed_bodies(const Context& ctx);

/// ROB-02: JSON bodies that are no array of records (000 §1 "always arrays of records").
std::vector<BadBody> non_array_bodies(const Context& ctx);

/// ROB-03: 1 MiB strings in a bounded text field (far over its length) and in an unbounded one (no maximum is
/// shown for the field, nor for the request: 000 §8).
std::vector<BadBody> huge_string_bodies(const Context& ctx);

/// ROB-04: a valid block under other Content-Types (000 §4.4 names application/json; charset=utf-8).
std::vector<BadBody> content_type_bodies(const Context& ctx);

/// ROB-05: valid Articoli records with fields the catalogue does not list.
std::vector<BadBody> unknown_field_bodies(const Context& ctx);

/// ROB-06: RecordSelection texts that try to escape the tenant or run other statements. `mine` and `theirs`
/// are the markers of the writer's and the other tenant's records in `field`; `tenant` the other tenant's
/// customer_ID when known.
std::vector<std::string> injections(const std::string& field, const std::string& mine, const std::string& theirs,
                                    const std::optional<json>& tenant);

/// ROB-07: page parameters, RecordSelection and LastUtcRun values outside what the seeds show.
std::vector<BadQuery> bad_queries();

}  // namespace bds::suites

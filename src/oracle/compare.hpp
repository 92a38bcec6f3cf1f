#pragma once
/// Type-aware comparison of a record as sent with what the target returned for it, the way SQL Server stores
/// values (docs/architecture.md, "SQL type semantics"), and the key identity of SQL Server's unique index.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "sql/collation.hpp"

namespace bds::oracle {

/// One field whose returned value is not what storing the sent value gives.
struct Difference {
    std::string pointer;      ///< JSON pointer into the returned record, e.g. "/StoricoDocumentiR/2/cod_iva"
    std::string field;        ///< the field's name
    nlohmann::json sent;      ///< the value sent
    nlohmann::json returned;  ///< the value returned; null when the field was absent (A-13)
    std::string reason;       ///< the rule applied and how the values differ under it
};

struct CompareOptions {
    /// Decimal scale the target stores (A-16 setting `decimal_scale`, default 6).
    SqlProfile profile;
    /// The tenant field, never compared (it comes from the token: A-26).
    std::string tenant_field = "customer_ID";
    /// Unset: key fields compare like any field of their type. Set: text key fields compare as the unique index
    /// does under this collation (trailing spaces ignored, case folded when case-insensitive), for targets that
    /// keep the first spelling of a key when an upsert changes only its case (A-59: which spelling survives is
    /// not shown).
    std::optional<Collation> key_collation;
};

/// Compares `sent` (a sent record of `record`) with `returned`, field by field, over the fields present in
/// `sent` only. Not compared: the tenant field, platform-managed fields (Id, ts_update, dat_ultvar) and
/// timestamp fields. A sent field absent from `returned` compares as null. The rules, by SQL type:
/// Where real databases store a value differently under a correct server, each way is equal (A-98..A-108):
///  - char(n)/nchar(n): equal modulo trailing spaces (padded or not, A-98); nvarchar/varchar: exact (UTF-8 bytes); a
///    sent '' returned null in a nullable field is equal;
///  - int: exact; decimal: equal once both are rounded, halves away from zero, to `profile.decimal_scale`, or the sent
///    value cut to it;
///  - float(n): equal as a 4-byte float for n <= 24, as a double otherwise;
///  - datetime: equal as instants at 1/300 s (both read as SQL Server reads text into datetime: .0015 -> .000,
///    .0017 -> .003); datetime2: equal to 100 ns; either also when the returned instant is the sent one rounded or cut
///    to 1 µs, 1 ms or 1 s; either side may use 'T' or a space, a fraction, 'Z' or an offset;
///  - bit: booleans; a returned 0 or 1 equals false or true (the JSON type is the returned-record schema's concern,
///    so a target printing bits as numbers gets one schema finding, not one difference per field and record);
///  - list: element by element in order (each as a record of the list's type); a null list equals an empty one
///    (lines are child rows, not a nullable column); extra or missing elements give one difference for the list;
///  - fields the catalogue does not list (open records): equal JSON, numbers compared by value.
/// Values of an unexpected JSON type (a number for a text field, ...) are reported, never thrown.
std::vector<Difference> compare_record(const Catalogue& catalogue, const Record& record, const nlohmann::json& sent,
                                       const nlohmann::json& returned, const CompareOptions& options = {});

/// The rule of compare_record for one non-list value of type `type`: nullopt when equal, else the reason.
std::optional<std::string> value_difference(const SqlType& type, const nlohmann::json& sent,
                                            const nlohmann::json& returned, const CompareOptions& options = {});

/// Whether `returned` is null where `sent` is an empty text of a nullable, non-key text field: equal, as a database may
/// store '' as NULL.
bool stored_as_null(const Field& field, const nlohmann::json& sent, const nlohmann::json& returned);

/// A readable multi-line report: a count, then one line per difference (pointer, sent, returned, reason).
/// "no differences" when the list is empty.
std::string format_differences(const std::vector<Difference>& differences);

/// The key of `values` (a record or just its key fields) as SQL Server's unique index compares it: the
/// key fields of `record` except the tenant field, text with trailing spaces removed and, under a case-insensitive
/// collation, case and accents folded (an accent-insensitive collation's keys, A-103, are one key where these are),
/// null and absent alike. Equal texts mean the same record.
std::string index_key(const Record& record, const nlohmann::json& values, Collation collation);

/// The seeds' minimal record of `sent` (000 §2.1): its key fields and the fields a sent record requires, as sent.
nlohmann::json minimal_record(const Record& record, const nlohmann::json& sent);

/// index_key(record, a, collation) == index_key(record, b, collation).
bool same_key(const Record& record, const nlohmann::json& a, const nlohmann::json& b, Collation collation);

}  // namespace bds::oracle

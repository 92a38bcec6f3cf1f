#pragma once
/// The field catalogue (spec/catalogue.json) as typed data: records, fields, relations, endpoints.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalogue/sql_type.hpp"
#include "common/enum_text.hpp"

namespace bds {

/// One allowed value of a coded field, e.g. ind_stato_evas "E" = "fully fulfilled".
struct AllowedValue {
    std::string value;
    std::string meaning;
};

/// One field of a record, as the seeds give it.
struct Field {
    std::string name;
    SqlType type;
    bool nullable = true;
    bool key = false;
    /// Required in a sent record (000 §2.1 "Fields required in a sent record", 001 "Required beyond keys").
    bool required = false;
    /// Maintained by the platform (Id, ts_update, dat_ultvar); never supplied by senders.
    bool managed = false;
    /// customer_ID: the tenant, taken from the token.
    bool tenant = false;
    std::string meaning;
    std::vector<AllowedValue> values;
    /// For type `list`: the record type of the nested elements.
    std::string list_of;
};

/// The operations the seeds list per resource (000 §2.1 "Operations shown").
enum class Operation { GetResources, PostQuery, GetSync, PostSync };
/// The catalogue's spellings of the operations.
NLOHMANN_JSON_SERIALIZE_ENUM(Operation, {{Operation::GetResources, "GET resources"},
                                         {Operation::PostQuery, "POST query"},
                                         {Operation::GetSync, "GET sync"},
                                         {Operation::PostSync, "POST sync"}})
inline std::string_view to_string(Operation op) { return enum_text(op); }
inline std::optional<Operation> operation_from_string(std::string_view text) { return enum_from_text<Operation>(text); }

/// A resource of the catalogue table, or a record type that only exists nested in another (`kind` nested).
struct Record {
    std::string name;
    bool nested_only = false;
    std::string area;
    std::string meaning;
    std::string seed;
    /// The "Field count" column; empty where the seeds say "see below" or give none.
    std::optional<int> stated_field_count;
    /// Fields not shown by the seeds: the known fields are listed, others are allowed.
    bool open = false;
    /// A read-only view (001 "read only"); no POST sync listed.
    bool read_only = false;
    std::vector<std::string> key;
    std::vector<Operation> operations;
    std::vector<Field> fields;
    std::vector<std::string> notes;
    /// (name, position in `fields`) sorted by name, for field(); built by index_fields(). A record built or
    /// changed without it (its size differs from `fields`) is still searched, by a scan.
    std::vector<std::pair<std::string, std::size_t>> field_index{};

    const Field* field(std::string_view field_name) const;
    /// Builds field_index from `fields` (the catalogue does, once its fields are read).
    void index_fields();
    bool has(Operation op) const;
    /// POST /api/sync/{Resource} is listed for it.
    bool writable() const { return has(Operation::PostSync); }
};

/// A relation the seeds state between records (reference, copy, nested, view).
struct Relation {
    std::string from_record;
    std::vector<std::string> from_fields;
    std::string to_record;
    std::vector<std::string> to_fields;
    std::string kind;
    std::string seed;
    std::string text;
};

/// One endpoint of 000 §4.
struct Endpoint {
    std::string method;
    std::string path;
    std::string operation;
    bool bearer = true;
    std::string purpose;
    std::string seed;
};

/// The whole catalogue. Construct with `Catalogue::from_json` or `builtin_catalogue()`.
class Catalogue {
public:
    /// Reads and cross-checks a catalogue document; throws std::runtime_error naming the record and
    /// field at fault (unknown type, key naming a missing field, list of an unknown record, ...).
    static Catalogue from_json(const nlohmann::json& doc);

    const std::vector<Record>& records() const { return records_; }
    const std::vector<Relation>& relations() const { return relations_; }
    const std::vector<Endpoint>& endpoints() const { return endpoints_; }
    const nlohmann::json& service() const { return service_; }

    /// A record by its exact (case-sensitive) name, or nullptr.
    const Record* find(std::string_view name) const;
    /// The records that are resources of the catalogue table (addressable as {Resource}).
    std::vector<const Record*> resources() const;

private:
    std::vector<Record> records_;
    std::vector<Relation> relations_;
    std::vector<Endpoint> endpoints_;
    nlohmann::json service_;
};

/// The text of spec/catalogue.json as compiled into this program.
std::string_view builtin_catalogue_text();
/// The catalogue compiled into this program.
Catalogue builtin_catalogue();
/// SHA-256 of builtin_catalogue_text(), lower-case hex: which catalogue a report was judged by.
std::string builtin_catalogue_sha256();

}  // namespace bds

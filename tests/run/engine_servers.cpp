// PostgreSQL and MariaDB under the stub: a table per record, the stub's rows put in, the condition passed as is.
#include "run/engine_servers.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace bds::testing {
namespace {

using nlohmann::json;

constexpr const char* kIndex = "bds_idx";
constexpr std::size_t kRowsPerInsert = 200;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// A message cut to a readable length (an INSERT of many rows is long).
std::string cut(const std::string& message) {
    return message.size() > 2000 ? message.substr(0, 2000) + "..." : message;
}

/// The stub's date-time ("2026-01-02T03:04:05.1230000", sql/datetime.hpp) as both engines read it without a warning:
/// a blank for the T, at most six digits of fraction.
std::string datetime_text(std::string text) {
    if (text.size() > 10 && text[10] == 'T') text[10] = ' ';
    const auto dot = text.find('.');
    if (dot != std::string::npos && text.size() > dot + 7) text.resize(dot + 7);
    return text;
}

bool bit_value(const json& v) {
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_number()) return v.get<double>() != 0;
    return v.is_string() && (v.get<std::string>() == "1" || lower(v.get<std::string>()) == "true");
}

}  // namespace

std::string TableEngine::literal(const Field& field, const json& value) const {
    if (value.is_null()) return "NULL";
    switch (field.type.kind) {
        case SqlKind::Bit: return bit_literal(bit_value(value));
        case SqlKind::Datetime:
        case SqlKind::Datetime2:
            return quote_text(value.is_string() ? datetime_text(value.get<std::string>()) : value.dump());
        case SqlKind::Int:
        case SqlKind::Decimal:
        case SqlKind::Float:
            if (value.is_number()) return value.dump();
            break;
        default: break;
    }
    return quote_text(value.is_string() ? value.get<std::string>() : value.dump());
}

TableEngine::Table& TableEngine::table_for(const Record& record) {
    for (auto& t : tables_)
        if (t->name == "r_" + lower(record.name)) return *t;
    auto table = std::make_unique<Table>();
    table->name = "r_" + lower(record.name);
    std::string ddl = "CREATE TABLE " + quote_name(table->name) + " (" + quote_name(kIndex) + " INTEGER PRIMARY KEY";
    for (const Field& f : record.fields) {
        if (f.type.kind == SqlKind::List) continue;  // nested records are not columns
        table->columns.push_back(&f);
        ddl += ", " + quote_name(f.name) + " " + column_type(f);
    }
    execute("DROP TABLE IF EXISTS " + quote_name(table->name));
    execute(ddl + ")");
    tables_.push_back(std::move(table));
    return *tables_.back();
}

void TableEngine::replace_rows(Table& table, const std::vector<json>& rows) {
    if (rows == table.rows_held) return;
    table.rows_held.clear();
    execute("DELETE FROM " + quote_name(table.name));
    for (std::size_t first = 0; first < rows.size(); first += kRowsPerInsert) {
        std::string insert = "INSERT INTO " + quote_name(table.name) + " VALUES ";
        for (std::size_t i = first; i < std::min(rows.size(), first + kRowsPerInsert); ++i) {
            insert += (i > first ? ", (" : "(") + std::to_string(i);
            for (const Field* f : table.columns) {
                const auto it = rows[i].find(f->name);
                insert += ", " + literal(*f, it == rows[i].end() ? json() : *it);
            }
            insert += ")";
        }
        execute(insert);
    }
    table.rows_held = rows;
}

std::vector<std::size_t> TableEngine::select(const Record& record, const std::vector<json>& rows,
                                             const std::optional<std::string>& where,
                                             const std::vector<stub::OrderBy>& order) {
    const std::lock_guard<std::mutex> lock(mutex_);
    Table* table = nullptr;
    try {
        table = &table_for(record);
        replace_rows(*table, rows);
    } catch (const std::runtime_error& e) {
        // The rows, not the request: a fault of the test's mapping, not an answer of the engine.
        throw std::runtime_error(name() + " could not store " + record.name + " rows: " + cut(e.what()));
    }
    std::string sql = "SELECT " + quote_name(kIndex) + " FROM " + quote_name(table->name);
    if (where) sql += " WHERE (" + *where + ")";
    sql += " ORDER BY ";
    for (const auto& o : order) {
        const Field* f = record.field(o.field);
        sql += quote_name(f ? f->name : o.field) + (o.desc ? " DESC, " : ", ");
    }
    sql += quote_name(kIndex);
    std::vector<std::string> ids;
    try {
        ids = first_column(sql);
    } catch (const std::runtime_error& e) {
        throw stub::EngineRefusal(cut(e.what()));
    }
    std::vector<std::size_t> out;
    for (const auto& id : ids) out.push_back(std::stoul(id));
    return out;
}

// --- PostgreSQL ---

PostgresEngine::PostgresEngine(const std::string& conninfo, PgBit bit) : pg_(conninfo), bit_(bit) {
    pg_.exec("SET client_min_messages = warning");  // no NOTICE on stderr for DROP TABLE IF EXISTS
    version_ = PQgetvalue(pg_.exec("SHOW server_version").get(), 0, 0);
    version_ = version_.substr(0, version_.find(' '));
}

std::string PostgresEngine::name() const {
    return "PostgreSQL " + version_ + (bit_ == PgBit::Boolean ? " (bit as boolean)" : " (bit as smallint)");
}

std::string PostgresEngine::column_type(const Field& f) const {
    switch (f.type.kind) {
        case SqlKind::Int: return "integer";
        case SqlKind::Decimal: return "numeric";
        case SqlKind::Float: return f.type.is_single_precision_float() ? "real" : "double precision";
        case SqlKind::Datetime: return "timestamp(3)";
        case SqlKind::Datetime2: return "timestamp(6)";
        case SqlKind::Bit: return bit_ == PgBit::Boolean ? "boolean" : "smallint";
        case SqlKind::Timestamp: return "text";
        default: break;
    }
    const auto n = f.type.max_length();
    if (!n) return "text";
    return (f.type.is_fixed_text() ? "char(" : "varchar(") + std::to_string(*n) + ")";
}

std::string PostgresEngine::quote_name(const std::string& name) const {
    // Lower-case, as PostgreSQL folds an unquoted name in the condition: `Id = 1` finds the column "id".
    return "\"" + lower(name) + "\"";
}

std::string PostgresEngine::quote_text(const std::string& text) const { return pg_.literal(text); }

std::string PostgresEngine::bit_literal(bool value) const {
    if (bit_ == PgBit::Boolean) return value ? "TRUE" : "FALSE";
    return value ? "1" : "0";
}

void PostgresEngine::execute(const std::string& sql) { pg_.exec(sql); }

std::vector<std::string> PostgresEngine::first_column(const std::string& sql) {
    const PgResult r = pg_.exec(sql);
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(PQgetvalue(r.get(), i, 0));
    return out;
}

// --- MariaDB ---

MariadbEngine::MariadbEngine(const std::string& socket, const std::string& database, int scale)
    : db_(socket, database), scale_(scale) {
    // InnoDB's strict mode refuses a table whose widest possible row exceeds a page (CliFor's 191 columns); the rows
    // held are far smaller. A vendor's server with such tables runs with it off, as this one does.
    db_.exec("SET SESSION innodb_strict_mode = OFF");
    version_ = db_.exec("SELECT VERSION()").at(0).at(0).value_or("?");
    version_ = version_.substr(0, version_.find('-'));
}

std::string MariadbEngine::name() const { return "MariaDB " + version_ + " (utf8mb4_general_ci)"; }

std::string MariadbEngine::column_type(const Field& f) const {
    switch (f.type.kind) {
        case SqlKind::Int: return "INT";
        case SqlKind::Decimal: return "DECIMAL(38, " + std::to_string(scale_) + ")";
        case SqlKind::Float: return f.type.is_single_precision_float() ? "FLOAT" : "DOUBLE";
        case SqlKind::Datetime: return "DATETIME(3)";
        case SqlKind::Datetime2: return "DATETIME(6)";
        case SqlKind::Bit: return "TINYINT(1)";
        case SqlKind::Timestamp: return "VARCHAR(64)";
        default: break;
    }
    const auto n = f.type.max_length();
    if (!n) return "LONGTEXT";
    return (f.type.is_fixed_text() ? "CHAR(" : "VARCHAR(") + std::to_string(*n) + ")";
}

std::string MariadbEngine::quote_name(const std::string& name) const { return "`" + name + "`"; }

std::string MariadbEngine::quote_text(const std::string& text) const { return db_.literal(text); }

std::string MariadbEngine::bit_literal(bool value) const { return value ? "1" : "0"; }

void MariadbEngine::execute(const std::string& sql) { db_.exec(sql); }

std::vector<std::string> MariadbEngine::first_column(const std::string& sql) {
    std::vector<std::string> out;
    for (const auto& row : db_.exec(sql)) out.push_back(row.at(0).value_or(""));
    return out;
}

}  // namespace bds::testing

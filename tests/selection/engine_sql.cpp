// A record's rows in SQLite, PostgreSQL and MariaDB, stored, read back and filtered as a server passing RecordSelection
// on would.
#include "selection/engine_sql.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <stdexcept>

#include "selection/sqlite_db.hpp"
#include "sql/text.hpp"

namespace bds::testing {
namespace {

using nlohmann::json;

bool plain_identifier(const std::string& name) {
    const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
    return !name.empty() && letter(name[0]) &&
           std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

/// The fields stored: text, int and decimal ones, whose names every engine reads unquoted.
std::vector<const Field*> stored_fields(const Record& record) {
    std::vector<const Field*> out;
    for (const Field& f : record.fields) {
        const bool held = f.type.is_text() || f.type.kind == SqlKind::Int || f.type.kind == SqlKind::Decimal;
        if (!held)
            throw std::invalid_argument("engine tables hold text, int and decimal fields, not " + f.name + " " +
                                        f.type.str());
        if (!plain_identifier(f.name))
            throw std::invalid_argument("engine tables need plain column names, not " + f.name);
        out.push_back(&f);
    }
    return out;
}

/// A field's value as sent to the engine: text, or a number's JSON text; nullopt for NULL.
std::optional<std::string> sent_value(const json& row, const Field& f, bool pad_fixed) {
    const auto it = row.find(f.name);
    if (it == row.end() || it->is_null()) return std::nullopt;
    if (!f.type.is_text()) return it->dump();
    std::string text = it->get<std::string>();
    if (pad_fixed && f.type.is_fixed_text() && f.type.length)
        text = sql::pad_utf16(text, static_cast<std::size_t>(*f.type.length));
    return text;
}

// --- SQLite ---

class SqliteEngineTable : public EngineTable {
public:
    SqliteEngineTable(Storage storage, const Record& record, const std::vector<json>& rows)
        : fields_(stored_fields(record)) {
        const bool nocase = storage == Storage::SqliteNocase;
        // SQLite's own affinities: TEXT, INTEGER, and NUMERIC for decimals (integers and doubles).
        std::string ddl = "CREATE TABLE t(row_index INTEGER PRIMARY KEY";
        for (const Field* f : fields_)
            ddl += ", " + f->name +
                   (f->type.is_text()              ? (nocase ? " TEXT COLLATE NOCASE" : " TEXT")
                    : f->type.kind == SqlKind::Int ? " INTEGER"
                                                   : " NUMERIC");
        ddl += std::string("); PRAGMA case_sensitive_like = ") +
               (nocase || storage == Storage::SqliteDefault ? "OFF;" : "ON;");
        db_.exec(ddl);
        std::string insert = "INSERT INTO t VALUES (?";
        for (std::size_t k = 0; k < fields_.size(); ++k) insert += ", ?";
        const Statement stmt = db_.prepare(insert + ")");
        for (std::size_t i = 0; i < rows.size(); ++i) {
            sqlite3_reset(stmt.get());
            sqlite3_bind_int64(stmt.get(), 1, static_cast<sqlite3_int64>(i));
            for (std::size_t k = 0; k < fields_.size(); ++k) {
                const auto v = sent_value(rows[i], *fields_[k], storage == Storage::SqlitePadded);
                SqliteDb::bind_text(stmt.get(), static_cast<int>(k) + 2, v ? &*v : nullptr);
            }
            db_.insert_step(stmt.get());
        }
    }

    std::vector<json> read_back() const override {
        const Statement stmt = db_.prepare("SELECT * FROM t ORDER BY row_index");
        std::vector<json> out;
        while (sqlite3_step(stmt.get()) == SQLITE_ROW) {
            json row = json::object();
            for (std::size_t k = 0; k < fields_.size(); ++k) {
                const int col = static_cast<int>(k) + 1;
                switch (sqlite3_column_type(stmt.get(), col)) {
                    case SQLITE_NULL: row[fields_[k]->name] = nullptr; break;
                    case SQLITE_INTEGER: row[fields_[k]->name] = sqlite3_column_int64(stmt.get(), col); break;
                    case SQLITE_FLOAT: row[fields_[k]->name] = sqlite3_column_double(stmt.get(), col); break;
                    default:
                        row[fields_[k]->name] =
                            std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt.get(), col)));
                }
            }
            out.push_back(std::move(row));
        }
        return out;
    }

    std::set<std::size_t> select(const std::string& where) const override {
        return db_.indexes("SELECT row_index FROM t WHERE " + where);
    }

private:
    std::vector<const Field*> fields_;
    SqliteDb db_;
};

// --- PostgreSQL ---

/// The column type a server on PostgreSQL declares for `f`.
std::string postgres_type(const Field& f, Storage storage) {
    if (f.type.kind == SqlKind::Int) return "integer";
    if (f.type.kind == SqlKind::Decimal) return "numeric";
    const auto n = f.type.max_length();
    if (storage == Storage::PostgresText || !n) return "text";
    return (f.type.is_fixed_text() ? "char(" : "varchar(") + std::to_string(*n) + ")";
}

class PostgresEngineTable : public EngineTable {
public:
    PostgresEngineTable(Storage storage, const Record& record, const std::vector<json>& rows, const PgConnection& pg)
        : fields_(stored_fields(record)), pg_(pg), table_(storage == Storage::PostgresText ? "t_text" : "t_typed") {
        std::string ddl =
            "DROP TABLE IF EXISTS " + table_ + "; CREATE TABLE " + table_ + "(row_index integer PRIMARY KEY";
        for (const Field* f : fields_) ddl += ", " + f->name + " " + postgres_type(*f, storage);
        pg_.exec(ddl + ")");
        std::string insert = "INSERT INTO " + table_ + " VALUES ($1";
        for (std::size_t k = 0; k < fields_.size(); ++k) insert += ", $" + std::to_string(k + 2);
        insert += ")";
        for (std::size_t i = 0; i < rows.size(); ++i) {
            std::vector<std::optional<std::string>> values = {std::to_string(i)};
            for (const Field* f : fields_) values.push_back(sent_value(rows[i], *f, false));
            pg_.exec(insert, values);
        }
    }

    std::vector<json> read_back() const override {
        const PgResult r = pg_.exec("SELECT * FROM " + table_ + " ORDER BY row_index");
        std::vector<json> out;
        for (int i = 0; i < PQntuples(r.get()); ++i) {
            json row = json::object();
            for (std::size_t k = 0; k < fields_.size(); ++k) {
                const int col = static_cast<int>(k) + 1;
                const Field& f = *fields_[k];
                const std::string v = PQgetvalue(r.get(), i, col);
                if (PQgetisnull(r.get(), i, col))
                    row[f.name] = nullptr;
                else if (f.type.is_text())
                    row[f.name] = v;
                else
                    row[f.name] = json::parse(v);  // integer and numeric print as JSON numbers
            }
            out.push_back(std::move(row));
        }
        return out;
    }

    std::set<std::size_t> select(const std::string& where) const override {
        const PgResult r = pg_.exec("SELECT row_index FROM " + table_ + " WHERE " + where);
        std::set<std::size_t> ids;
        for (int i = 0; i < PQntuples(r.get()); ++i) ids.insert(std::stoul(PQgetvalue(r.get(), i, 0)));
        return ids;
    }

private:
    std::vector<const Field*> fields_;
    const PgConnection& pg_;
    std::string table_;
};

// --- MariaDB ---

/// The column type a server on MariaDB declares for `f` (the table's collation, utf8mb4_general_ci, applies to text).
std::string mariadb_type(const Field& f) {
    if (f.type.kind == SqlKind::Int) return "INT";
    if (f.type.kind == SqlKind::Decimal) return "DECIMAL(38, 6)";
    const auto n = f.type.max_length();
    if (!n) return "LONGTEXT";
    return (f.type.is_fixed_text() ? "CHAR(" : "VARCHAR(") + std::to_string(*n) + ")";
}

class MariadbEngineTable : public EngineTable {
public:
    MariadbEngineTable(const Record& record, const std::vector<json>& rows, const MariadbConnection& db)
        : fields_(stored_fields(record)), db_(db) {
        db_.exec("DROP TABLE IF EXISTS t_mariadb");
        std::string ddl = "CREATE TABLE t_mariadb(row_index INT PRIMARY KEY";
        for (const Field* f : fields_) ddl += ", " + f->name + " " + mariadb_type(*f);
        db_.exec(ddl + ") CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
        if (rows.empty()) return;
        std::string insert = "INSERT INTO t_mariadb VALUES ";
        for (std::size_t i = 0; i < rows.size(); ++i) {
            insert += (i ? ", (" : "(") + std::to_string(i);
            for (const Field* f : fields_) {
                const auto v = sent_value(rows[i], *f, false);
                insert += ", " + (!v ? std::string("NULL") : f->type.is_text() ? db_.literal(*v) : *v);
            }
            insert += ")";
        }
        db_.exec(insert);
    }

    std::vector<json> read_back() const override {
        std::vector<json> out;
        for (const auto& r : db_.exec("SELECT * FROM t_mariadb ORDER BY row_index")) {
            json row = json::object();
            for (std::size_t k = 0; k < fields_.size(); ++k) {
                const Field& f = *fields_[k];
                const auto& v = r.at(k + 1);
                if (!v)
                    row[f.name] = nullptr;
                else if (f.type.is_text())
                    row[f.name] = *v;
                else
                    row[f.name] = json::parse(*v);  // INT and DECIMAL print as JSON numbers
            }
            out.push_back(std::move(row));
        }
        return out;
    }

    std::set<std::size_t> select(const std::string& where) const override {
        std::set<std::size_t> ids;
        for (const auto& r : db_.exec("SELECT row_index FROM t_mariadb WHERE " + where))
            ids.insert(std::stoul(r.at(0).value()));
        return ids;
    }

private:
    std::vector<const Field*> fields_;
    const MariadbConnection& db_;
};

/// Whether the tree uses a spelling only T-SQL reads (selection_condition.hpp).
bool tsql_only(const gen::Expr& e) {
    using K = gen::Expr::Kind;
    const auto unicode = [](const gen::Literal& l) { return l.kind == gen::Literal::Kind::Text && l.unicode; };
    if (e.kind == K::Compare && (e.op == gen::CompareOp::NeBang || e.op == gen::CompareOp::NotLt ||
                                 e.op == gen::CompareOp::NotGt || unicode(e.left.literal) || unicode(e.right.literal)))
        return true;
    if (std::any_of(e.values.begin(), e.values.end(), unicode)) return true;
    if (e.kind == K::Like &&
        (e.pattern.unicode || std::any_of(e.pattern.elements.begin(), e.pattern.elements.end(),
                                          [](const auto& el) { return el.kind == gen::PatternElement::Kind::Set; })))
        return true;
    return std::any_of(e.operands.begin(), e.operands.end(), tsql_only);
}

}  // namespace

const std::vector<Storage>& all_storages() {
    static const std::vector<Storage> kAll = {Storage::SqliteAsSent,  Storage::SqlitePadded, Storage::SqliteNocase,
                                              Storage::SqliteDefault, Storage::PostgresText, Storage::PostgresTyped,
                                              Storage::Mariadb};
    return kAll;
}

std::string storage_name(Storage storage) {
    switch (storage) {
        case Storage::SqliteAsSent: return "SQLite, as sent";
        case Storage::SqlitePadded: return "SQLite, padded";
        case Storage::SqliteNocase: return "SQLite, NOCASE";
        case Storage::SqliteDefault: return "SQLite, default LIKE";
        case Storage::PostgresText: return "PostgreSQL, text";
        case Storage::PostgresTyped: return "PostgreSQL, typed";
        case Storage::Mariadb: return "MariaDB, utf8mb4_general_ci";
    }
    return "?";
}

bool is_postgres(Storage storage) { return storage == Storage::PostgresText || storage == Storage::PostgresTyped; }

Collation storage_collation(Storage storage) {
    return storage == Storage::SqliteNocase || storage == Storage::Mariadb ? Collation::CaseInsensitive
                                                                           : Collation::CaseSensitive;
}

std::unique_ptr<EngineTable> store(Storage storage, const Record& record, const std::vector<json>& rows,
                                   const EngineConnections& connections) {
    if (storage == Storage::Mariadb) {
        if (!connections.mariadb) throw std::invalid_argument("store: " + storage_name(storage) + " needs MariaDB");
        return std::make_unique<MariadbEngineTable>(record, rows, *connections.mariadb);
    }
    if (!is_postgres(storage)) return std::make_unique<SqliteEngineTable>(storage, record, rows);
    if (!connections.postgres)
        throw std::invalid_argument("store: " + storage_name(storage) + " needs a PostgreSQL connection");
    return std::make_unique<PostgresEngineTable>(storage, record, rows, *connections.postgres);
}

std::string engine_where(const gen::Condition& condition) {
    if (tsql_only(condition.expr) || !condition.plain_names)
        throw std::invalid_argument("engine_where: a condition in T-SQL's own spelling: " + gen::to_tsql(condition));
    return gen::to_tsql(condition);
}

}  // namespace bds::testing

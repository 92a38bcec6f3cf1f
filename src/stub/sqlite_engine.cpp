// SQLite as the database under the stub (sqlite_engine.hpp): the stub's rows copied into an in-memory table per read,
// the condition and the ordering passed into SQL as they came.
#include "stub/sqlite_engine.hpp"

#include <sqlite3.h>

#include <cctype>
#include <memory>
#include <numeric>

namespace bds::stub {
namespace {

using json = nlohmann::json;

/// A hidden column no field of the catalogue is named: the index of the row in the rows given.
constexpr const char* kRowColumn = "\"bds_row\"";

struct Finalize {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

std::string quoted(const std::string& name) {
    std::string out = "\"";
    for (const char c : name) out.append(c == '"' ? "\"\"" : std::string(1, c));
    return out + "\"";
}

const char* column_type(SqlKind kind) {
    switch (kind) {
        case SqlKind::Int:
        case SqlKind::Bit: return "INTEGER";
        case SqlKind::Decimal: return "NUMERIC";
        case SqlKind::Float: return "REAL";
        default: return "TEXT";  // text kinds, date-times, rowversions
    }
}

bool is_column(const Field& f) { return f.type.kind != SqlKind::List; }

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// The columns the condition or the ordering may name: those whose name (SQLite's identifiers ignore case) occurs in
/// their text. Only these are copied: a read of a wide record then copies a column or two, not all of them.
std::vector<const Field*> named(const Record& record, const std::optional<std::string>& where,
                                const std::vector<OrderBy>& order) {
    std::string text = where ? lower(*where) : "";
    for (const auto& o : order) text += " " + lower(o.field);
    std::vector<const Field*> out;
    for (const auto& f : record.fields)
        if (is_column(f) && text.find(lower(f.name)) != std::string::npos) out.push_back(&f);
    return out;
}

/// A stored ISO date-time (YYYY-MM-DDTHH:MM:SS[.f…]) as a SQLite application writes one: 'YYYY-MM-DD HH:MM:SS.fff'.
std::string sqlite_datetime(const std::string& iso) {
    if (iso.size() < 19 || iso[10] != 'T') return iso;
    std::string fraction = iso.size() > 20 && iso[19] == '.' ? iso.substr(20, 3) : "";
    fraction.resize(3, '0');
    return iso.substr(0, 10) + ' ' + iso.substr(11, 8) + '.' + fraction;
}

void bind(sqlite3_stmt* s, int at, const Field& f, const json* v) {
    if (!v || v->is_null()) {
        sqlite3_bind_null(s, at);
    } else if (v->is_boolean()) {
        sqlite3_bind_int(s, at, v->get<bool>() ? 1 : 0);
    } else if (v->is_number_integer()) {
        sqlite3_bind_int64(s, at, v->get<std::int64_t>());
    } else if (v->is_number()) {
        sqlite3_bind_double(s, at, v->get<double>());
    } else {
        std::string text = v->is_string() ? v->get<std::string>() : v->dump();
        if (f.type.kind == SqlKind::Datetime || f.type.kind == SqlKind::Datetime2) text = sqlite_datetime(text);
        sqlite3_bind_text(s, at, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    }
}

}  // namespace

SqliteEngine::SqliteEngine() {
    if (sqlite3_open(":memory:", &db_) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("SQLite: cannot open an in-memory database: " + why);
    }
}

SqliteEngine::~SqliteEngine() { sqlite3_close(db_); }

std::string SqliteEngine::name() const { return std::string("SQLite ") + sqlite3_libversion(); }

void SqliteEngine::exec(const std::string& sql) {
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
}

void SqliteEngine::table(const Record& record) {
    if (!tables_.insert(record.name).second) return;
    std::string ddl = "CREATE TABLE " + quoted(record.name) + " (" + kRowColumn + " INTEGER PRIMARY KEY";
    for (const auto& f : record.fields)
        if (is_column(f)) ddl += ", " + quoted(f.name) + " " + column_type(f.type.kind);
    exec(ddl + ")");
}

void SqliteEngine::fill(const Record& record, const std::vector<const Field*>& columns, const std::vector<json>& rows) {
    std::string sql = "INSERT INTO " + quoted(record.name) + " (" + kRowColumn;
    std::string values = "?";
    for (const Field* f : columns) {
        sql += ", " + quoted(f->name);
        values += ", ?";
    }
    sql += ") VALUES (" + values + ")";
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    const Statement insert(raw);
    exec("BEGIN");
    exec("DELETE FROM " + quoted(record.name));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        sqlite3_reset(insert.get());
        sqlite3_bind_int64(insert.get(), 1, static_cast<sqlite3_int64>(i));
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const auto v = rows[i].is_object() ? rows[i].find(columns[c]->name) : rows[i].end();
            bind(insert.get(), static_cast<int>(c) + 2, *columns[c], v == rows[i].end() ? nullptr : &*v);
        }
        if (sqlite3_step(insert.get()) != SQLITE_DONE) {
            const std::string why = sqlite3_errmsg(db_);
            exec("ROLLBACK");
            throw std::runtime_error("SQLite: " + why);
        }
    }
    exec("COMMIT");
}

std::vector<std::size_t> SqliteEngine::select(const Record& record, const std::vector<json>& rows,
                                              const std::optional<std::string>& where,
                                              const std::vector<OrderBy>& order) {
    std::vector<std::size_t> out;
    if (!where && order.empty()) {
        out.resize(rows.size());
        std::iota(out.begin(), out.end(), std::size_t{0});
        return out;
    }
    std::lock_guard lock(mutex_);
    table(record);
    // Line breaks around the condition: a trailing "--" comment ends with its line, as it would in a server's SQL.
    std::string sql = "SELECT ";
    sql.append(kRowColumn).append(" FROM ").append(quoted(record.name));
    if (where) sql += " WHERE (\n" + *where + "\n)";
    sql += " ORDER BY ";
    for (const auto& o : order) sql += quoted(o.field) + (o.desc ? " DESC, " : " ASC, ");
    sql += kRowColumn;
    // Prepared before the rows are copied: a refused condition costs nothing.
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int prepared = sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &raw, &tail);
    Statement query(raw);
    if (prepared != SQLITE_OK) throw EngineRefusal(sqlite3_errmsg(db_));
    if (!query || (tail && *tail)) throw EngineRefusal("not one condition");
    fill(record, named(record, where, order), rows);
    int step = SQLITE_ROW;
    while ((step = sqlite3_step(query.get())) == SQLITE_ROW)
        out.push_back(static_cast<std::size_t>(sqlite3_column_int64(query.get(), 0)));
    if (step != SQLITE_DONE) throw EngineRefusal(sqlite3_errmsg(db_));
    return out;
}

}  // namespace bds::stub

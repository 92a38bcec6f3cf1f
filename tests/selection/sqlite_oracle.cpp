// SQLite as an oracle for RecordSelection: storing rows, and writing condition trees in SQLite's dialect.
#include "selection/sqlite_oracle.hpp"

#include <stdexcept>
#include <string_view>

#include "sql/datetime.hpp"
#include "sql/text.hpp"

namespace bds::testing {
namespace {

using nlohmann::json;

bool is_time(const SqlType& t) { return t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2; }

std::string sql_name(const std::string& name) {
    std::string out = "\"";
    for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string sql_text(std::string_view text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string utf8(char32_t c) { return sql::to_utf8(std::u32string(1, c)); }

char32_t ascii_lower(char32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

std::int64_t ticks_of(const std::string& text, SqlKind kind, sql::TimeSource source) {
    const auto t = sql::parse_datetime(text, kind, source);
    if (!t.ticks) throw std::invalid_argument("sqlite oracle: not a date-time: " + text + " (" + t.error + ")");
    return *t.ticks;
}

class Writer {
public:
    Writer(const Record& record, Collation collation)
        : record_(record), nocase_(collation == Collation::CaseInsensitive) {}

    std::string write(const gen::Expr& e) const {
        using K = gen::Expr::Kind;
        switch (e.kind) {
            case K::Compare: {
                const Field& f = field(e.left.is_column() ? e.left.column : e.right.column);
                return operand(e.left, f) + " " + op(e.op) + " " + operand(e.right, f);
            }
            case K::IsNull: return sql_name(field(e.column).name) + (e.negated ? " IS NOT NULL" : " IS NULL");
            case K::In: {
                const Field& f = field(e.column);
                std::string list;
                for (const auto& v : e.values) list += (list.empty() ? "" : ", ") + literal(v, f);
                return column(f) + (e.negated ? " NOT IN (" : " IN (") + list + ")";
            }
            case K::Between: {
                const Field& f = field(e.column);
                return column(f) + (e.negated ? " NOT BETWEEN " : " BETWEEN ") + literal(e.values[0], f) + " AND " +
                       literal(e.values[1], f);
            }
            case K::Like: return like(e);
            case K::Not: return "NOT (" + write(e.operands.at(0)) + ")";
            case K::And:
            case K::Or: {
                std::string out;
                for (const auto& o : e.operands)
                    out += (out.empty() ? "(" : (e.kind == K::And ? " AND (" : " OR (")) + write(o) + ")";
                return out;
            }
        }
        return "";
    }

private:
    const Field& field(const std::string& name) const {
        const Field* f = record_.field(name);
        if (!f || !sqlite_holds(f->type)) throw std::invalid_argument("sqlite oracle: no column " + name);
        return *f;
    }

    static const char* op(gen::CompareOp o) {
        switch (o) {
            case gen::CompareOp::Eq: return "=";
            case gen::CompareOp::Ne:
            case gen::CompareOp::NeBang: return "<>";
            case gen::CompareOp::Lt: return "<";
            case gen::CompareOp::Le:
            case gen::CompareOp::NotGt: return "<=";
            case gen::CompareOp::Gt: return ">";
            case gen::CompareOp::Ge:
            case gen::CompareOp::NotLt: return ">=";
        }
        return "=";
    }

    // A column as compared: text without trailing spaces (SQL Server pads the shorter side instead).
    std::string column(const Field& f) const {
        if (!f.type.is_text()) return sql_name(f.name);
        return "rtrim(" + sql_name(f.name) + ", ' ')" + (nocase_ ? " COLLATE NOCASE" : "");
    }

    std::string operand(const gen::Operand& o, const Field& other_side) const {
        return o.is_column() ? column(field(o.column)) : literal(o.literal, other_side);
    }

    // A literal compared with column `f`.
    std::string literal(const gen::Literal& l, const Field& f) const {
        if (l.kind == gen::Literal::Kind::Null) return "NULL";
        if (l.kind == gen::Literal::Kind::Number) return l.text;
        if (f.type.is_text()) {
            std::string_view t = l.text;
            while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
            return sql_text(t);
        }
        if (is_time(f.type)) return std::to_string(ticks_of(l.text, f.type.kind, sql::TimeSource::Literal));
        if (f.type.kind == SqlKind::Bit) {
            if (sql::fold_case_utf8(l.text) == "true") return "1";
            if (sql::fold_case_utf8(l.text) == "false") return "0";
        }
        return sql_text(l.text);
    }

    std::string like(const gen::Expr& e) const {
        const Field& f = field(e.column);
        if (!f.type.is_text()) throw std::invalid_argument("sqlite oracle: LIKE on " + f.name);
        const std::string subject = sql_name(f.name);
        if (e.pattern.null) return subject + (e.negated ? " NOT LIKE NULL" : " LIKE NULL");
        bool sets = false;
        for (const auto& el : e.pattern.elements) sets = sets || el.kind == gen::PatternElement::Kind::Set;
        using PK = gen::PatternElement::Kind;
        std::string pattern;
        if (!sets) {
            bool escaped = false;
            for (const auto& el : e.pattern.elements) {
                if (el.kind == PK::AnyOne)
                    pattern += "_";
                else if (el.kind == PK::AnyRun)
                    pattern += "%";
                else if (el.ch == U'%' || el.ch == U'_' || el.ch == U'\\') {
                    pattern += "\\" + utf8(el.ch);
                    escaped = true;
                } else {
                    pattern += utf8(el.ch);
                }
            }
            return subject + (e.negated ? " NOT LIKE " : " LIKE ") + sql_text(pattern) +
                   (escaped || e.pattern.escape ? " ESCAPE '\\'" : "");
        }
        // GLOB is case-sensitive: under NOCASE both sides go through lower(), which folds ASCII like NOCASE.
        auto c = [&](char32_t ch) { return utf8(nocase_ ? ascii_lower(ch) : ch); };
        for (const auto& el : e.pattern.elements) {
            switch (el.kind) {
                case PK::AnyOne: pattern += "?"; break;
                case PK::AnyRun: pattern += "*"; break;
                case PK::Char:
                    pattern += el.ch == U'*' || el.ch == U'?' || el.ch == U'[' ? "[" + c(el.ch) + "]" : c(el.ch);
                    break;
                case PK::Set:
                    pattern += el.negated ? "[^" : "[";
                    for (const auto& [lo, hi] : el.members) pattern += lo == hi ? c(lo) : c(lo) + "-" + c(hi);
                    pattern += "]";
                    break;
            }
        }
        return (nocase_ ? "lower(" + subject + ")" : subject) + (e.negated ? " NOT GLOB " : " GLOB ") +
               sql_text(pattern);
    }

    const Record& record_;
    bool nocase_;
};

}  // namespace

bool sqlite_holds(const SqlType& type) {
    switch (type.kind) {
        case SqlKind::Int:
        case SqlKind::Decimal:
        case SqlKind::Bit:
        case SqlKind::NVarChar:
        case SqlKind::NChar:
        case SqlKind::Datetime:
        case SqlKind::Datetime2: return true;
        default: return false;
    }
}

Record sqlite_record(const Record& record) {
    Record out = record;
    out.fields.clear();
    for (const auto& f : record.fields)
        if (sqlite_holds(f.type)) out.fields.push_back(f);
    return out;
}

SqliteTable::SqliteTable(const Record& record, const std::vector<json>& rows, Collation collation) {
    std::vector<const Field*> fields;
    std::string ddl = "CREATE TABLE t(", names, params;
    for (const auto& f : record.fields) {
        if (!sqlite_holds(f.type)) continue;
        const char* type = f.type.is_text() ? "TEXT" : f.type.kind == SqlKind::Decimal ? "REAL" : "INTEGER";
        ddl += std::string(fields.empty() ? "" : ", ") + sql_name(f.name) + " " + type;
        names += ", " + sql_name(f.name);
        params += ", ?";
        fields.push_back(&f);
    }
    ddl += std::string(fields.empty() ? "dummy INTEGER" : "") +
           "); PRAGMA case_sensitive_like = " + (collation == Collation::CaseInsensitive ? "OFF" : "ON") + ";";
    db_.exec(ddl);
    const Statement insert = db_.prepare("INSERT INTO t(rowid" + names + ") VALUES (?" + params + ")");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        sqlite3_reset(insert.get());
        sqlite3_bind_int64(insert.get(), 1, static_cast<sqlite3_int64>(i));
        for (std::size_t k = 0; k < fields.size(); ++k) {
            const Field& f = *fields[k];
            const int slot = static_cast<int>(k) + 2;
            const auto it = rows[i].find(f.name);
            if (it == rows[i].end() || it->is_null()) {
                sqlite3_bind_null(insert.get(), slot);
            } else if (f.type.is_text()) {
                std::string text = it->get<std::string>();
                if (f.type.is_fixed_text() && f.type.length)
                    text = sql::pad_utf16(text, static_cast<std::size_t>(*f.type.length));
                SqliteDb::bind_text(insert.get(), slot, &text);
            } else if (is_time(f.type)) {
                sqlite3_bind_int64(insert.get(), slot,
                                   ticks_of(it->get<std::string>(), f.type.kind, sql::TimeSource::Record));
            } else if (f.type.kind == SqlKind::Decimal) {
                sqlite3_bind_double(insert.get(), slot, it->get<double>());
            } else if (it->is_boolean()) {
                sqlite3_bind_int64(insert.get(), slot, it->get<bool>() ? 1 : 0);
            } else {
                sqlite3_bind_int64(insert.get(), slot, it->get<std::int64_t>());
            }
        }
        db_.insert_step(insert.get());
    }
}

std::set<std::size_t> SqliteTable::select(const std::string& where) const {
    return db_.indexes("SELECT rowid FROM t WHERE " + where);
}

std::string to_sqlite(const gen::Expr& expr, const Record& record, Collation collation) {
    return Writer(record, collation).write(expr);
}

std::set<std::size_t> selected(const Selection& selection, const std::vector<json>& rows, Collation collation) {
    std::set<std::size_t> out;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (selection.matches(rows[i], collation)) out.insert(i);
    return out;
}

std::string ids(const std::set<std::size_t>& rows) {
    std::string out = "{";
    for (auto id : rows) out += (out.size() > 1 ? ", " : "") + std::to_string(id);
    return out + "}";
}

std::string describe(const std::vector<json>& rows) {
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i)
        out +=
            "  row " + std::to_string(i) + ": " + rows[i].dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    return out;
}

}  // namespace bds::testing

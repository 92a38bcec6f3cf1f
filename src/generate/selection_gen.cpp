// The RecordSelection condition generator. Imperative (rc::gen::exec): every choice is one RapidCheck draw,
// so a failing condition shrinks draw by draw, towards predicates on the first columns with plain literals.
#include "generate/selection_gen.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <stdexcept>
#include <string>

#include "common/text.hpp"
#include "generate/selection_columns.hpp"
#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds::gen {
namespace {

using nlohmann::json;

constexpr std::int64_t kTicksPerSecond = 10'000'000;
constexpr std::int64_t kTicksPerDay = 86'400 * kTicksPerSecond;

bool portable_char(char32_t c) {
    if (c >= 0x20 && c < 0x7F) return true;
    if (c < 0xC0 || c > 0xFF) return false;
    return std::u32string_view(U"\u00D7\u00F7\u00DF\u00C6\u00E6\u00DE\u00FE\u00D0\u00F0").find(c) ==
           std::u32string_view::npos;
}

std::u32string to_u32(const std::string& s) {
    auto t = sql::utf8_to_u32(s);
    return t ? *t : std::u32string();
}

bool needs_unicode(const std::u32string& s) { return !std::all_of(s.begin(), s.end(), sql::in_windows_1252); }

/// Digits as the lexer counts them against SQL Server's 38: leading zeros of the integer part do not count.
std::size_t lexer_digits(std::string_view number) {
    std::size_t digits = 0;
    bool point = false;
    for (char c : number) {
        if (c == '.')
            point = true;
        else if (c >= '0' && c <= '9' && (digits > 0 || c != '0' || point))
            ++digits;
    }
    return digits;
}

// --- draws ---

/// A uniform choice in [lo, hi), whatever RapidCheck's size (inRange alone narrows the range at small sizes).
int uniform(int lo, int hi) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi)); }
bool chance(int percent) { return uniform(0, 100) < percent; }
template <class T>
const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(uniform(0, static_cast<int>(v.size())))];
}

// --- the builder ---

class Builder {
public:
    explicit Builder(const ColumnSet& ctx) : c_(ctx) {}

    Expr condition(int depth) {
        if (depth <= 0 || uniform(0, 3) == 0) return predicate();
        Expr e;
        const int k = uniform(0, 8);
        if (k < 2) {
            e.kind = Expr::Kind::Not;
            e.operands.push_back(condition(depth - 1));
            return e;
        }
        e.kind = k < 5 ? Expr::Kind::And : Expr::Kind::Or;
        for (int n = uniform(2, 4); n > 0; --n) e.operands.push_back(condition(depth - 1));
        return e;
    }

    Expr is_null(const Column& col) {
        Expr e;
        e.kind = Expr::Kind::IsNull;
        e.column = col.name;
        e.negated = chance(50);
        return e;
    }

    const Column& any_column() { return choose(all()); }

private:
    using Columns = std::vector<const Column*>;

    // --- columns ---

    Columns all() const {
        Columns out;
        for (const auto& c : c_.columns) out.push_back(&c);
        return out;
    }
    /// Columns a literal can be compared with (text ones only where the mode allows it).
    Columns comparable() const {
        Columns out;
        for (const auto& c : c_.columns)
            if (c.family != Family::Text || !c_.portable() || c.portable) out.push_back(&c);
        return out;
    }
    Columns of(const Columns& from, bool (*keep)(const Column&)) const {
        Columns out;
        for (const Column* c : from)
            if (keep(*c)) out.push_back(c);
        return out;
    }
    /// Mostly a column the rows hold values of, so that conditions are about something.
    const Column& choose(const Columns& from) {
        const Columns held = of(from, [](const Column& c) { return !c.values.empty(); });
        return *pick(!held.empty() && chance(85) ? held : from);
    }
    static bool compatible(const Column& a, const Column& b) {
        const bool na = a.family == Family::Exact || a.family == Family::Float,
                   nb = b.family == Family::Exact || b.family == Family::Float;
        return a.family == b.family || (na && nb);
    }

    // --- operators ---

    CompareOp op_for(const Column& col) {
        if (col.family == Family::Text && c_.portable())
            return c_.standard() ? pick(std::vector<CompareOp>{CompareOp::Eq, CompareOp::Ne})
                                 : pick(std::vector<CompareOp>{CompareOp::Eq, CompareOp::Ne, CompareOp::NeBang});
        if (c_.standard())
            return pick(std::vector<CompareOp>{CompareOp::Eq, CompareOp::Ne, CompareOp::Lt, CompareOp::Le,
                                               CompareOp::Gt, CompareOp::Ge});
        return static_cast<CompareOp>(uniform(0, 9));
    }

    // --- literals ---

    Literal text_literal(std::string s) {
        Literal l{Literal::Kind::Text, std::move(s), false};
        l.unicode = !c_.standard() && (needs_unicode(to_u32(l.text)) || chance(35));
        return l;
    }

    std::string random_text() {
        static const std::vector<std::string> kPortable = {
            "a", "b", "c", "x", "A", "B", "C", "Z", "0", "7", " ",     "'",     "%",          "_",
            "[", "!", "-", "à", "è", "é", "ò", "ù", "À", "È", "Rossi", "ROSSI", "D'Annunzio", "Città"};
        static const std::vector<std::string> kMore = {"ß", "€", "’", "Σ", "ж", "Ł", "中", "\U0001F600", "\U0001D11E"};
        std::string out;
        for (int n = uniform(0, 7); n > 0; --n)
            out += !c_.portable() && !c_.standard() && chance(20) ? pick(kMore) : pick(kPortable);
        return out;
    }

    static std::string make_portable(const std::string& s) {
        std::u32string t = to_u32(s);
        for (auto& c : t)
            if (!portable_char(c)) c = U'x';
        return sql::to_utf8(t);
    }

    static char32_t flip(char32_t c) {
        if ((c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7)) return c - 32;
        if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7)) return c + 32;
        return c;
    }

    /// A text to compare with or to build a pattern from: mostly a value of the rows.
    std::string text_value(const Column& col, bool for_like) {
        std::string s;
        const int r = uniform(0, 100);
        if (r < 15 && !col.choices.empty())
            s = pick(col.choices);
        else if (r < 70 && !col.values.empty())
            s = pick(col.values).get<std::string>();
        else if (r < 80 && !c_.texts.empty())
            s = pick(c_.texts);
        else
            s = random_text();
        std::u32string t = to_u32(s);
        if (t.size() > 60) t.resize(60);  // long texts still select by prefix in LIKE; keeps conditions short
        if (!c_.portable()) {
            if (chance(15))
                for (auto& c : t)
                    if (chance(50)) c = flip(c);
            if (chance(10) && !t.empty()) t.resize(static_cast<std::size_t>(uniform(0, static_cast<int>(t.size()))));
        }
        if (c_.standard()) {
            std::erase(t, U'\\');  // MariaDB's and MySQL's default sql_mode read it as an escape
            while (!t.empty() && t.back() == U' ')
                t.pop_back();  // whether trailing spaces count differs between engines
            // A pattern matching a row's value only without case: every case-insensitive engine folds ASCII letters in
            // LIKE, so under a declared ci the oracle judges it (a LIKE that compares case beside a folding =).
            if (for_like && chance(85))
                for (auto& c : t)
                    if (c < 0x80) c = flip(c);
        } else if (!for_like && chance(10)) {
            t += chance(50) ? U" " : U"  ";  // equal when padded
        }
        s = sql::to_utf8(t);
        return c_.portable() ? make_portable(s) : s;
    }

    /// A number as a decimal text, from a row value or a JSON number.
    static std::optional<std::string> decimal_text(const json& v) {
        if (v.is_boolean()) return std::string(v.get<bool>() ? "1" : "0");
        const auto d = sql::Decimal::parse(v.dump(), true);
        if (!d) return std::nullopt;
        std::string s = d->str();
        if (lexer_digits(s) > 38) return std::nullopt;
        return s;
    }

    /// A number literal written one of the ways T-SQL reads it, or a quoted number where `quotable`.
    Literal number_literal(std::string canonical, bool quotable) {
        if (quotable && !c_.standard() && chance(15)) return {Literal::Kind::Text, canonical, chance(20)};
        const bool negative = canonical[0] == '-';
        std::string body = negative ? canonical.substr(1) : canonical;
        const int r = uniform(0, 100);
        if (r < 10 && body.rfind("0.", 0) == 0)
            body = body.substr(1);  // .5
        else if (r < 15 && body.find('.') == std::string::npos)
            body += chance(50) ? "." : ".0";  // 5. 5.0
        else if (r < 18 && !negative)
            body = "+" + body;
        return {Literal::Kind::Number, (negative ? "-" : "") + body, false};
    }

    Literal exact_literal(const Column& col) {
        if (col.type.kind == SqlKind::Bit) {
            int v = chance(10) ? pick(std::vector<int>{2, -1}) : uniform(0, 2);
            if (!col.values.empty() && chance(50)) v = decimal_text(pick(col.values)) == "0" ? 0 : 1;
            if ((v == 0 || v == 1) && chance(15))
                return {Literal::Kind::Text, chance(50) ? (v ? "true" : "false") : std::to_string(v), false};
            return {Literal::Kind::Number, std::to_string(v), false};
        }
        if (col.type.kind == SqlKind::Int) {
            std::string text;
            const int r = uniform(0, 100);
            if (r < 55 && !col.values.empty()) {
                const json& v = pick(col.values);
                if (v.is_number_integer() && r >= 45)
                    text = std::to_string(v.get<std::int64_t>() + (chance(50) ? 1 : -1));
                else
                    text = decimal_text(v).value_or("0");
            } else if (r < 85) {
                text = std::to_string(uniform(-10, 11));
            } else {
                text = pick(
                    std::vector<std::string>{"0", "1", "-1", "2147483647", "-2147483648", "2147483648", "-2147483649"});
            }
            const auto d = sql::Decimal::parse(text);
            const bool int32 = d && d->to_int32().has_value();
            if (d && d->is_integer() && chance(5)) text += ".5";  // 1.5 between two ints
            return number_literal(text, int32 && d->is_integer() && text.find('.') == std::string::npos);
        }
        // decimal
        std::string text;
        const int r = uniform(0, 100);
        if (r < 55 && !col.values.empty()) {
            text = decimal_text(pick(col.values)).value_or("0");
        } else if (r < 90) {
            const int scale = uniform(0, 4);
            std::int64_t k = uniform(-100000, 100001);
            std::string digits = std::to_string(k < 0 ? -k : k);
            if (scale > 0) {
                if (digits.size() <= static_cast<std::size_t>(scale))
                    digits.insert(0, static_cast<std::size_t>(scale) + 1 - digits.size(), '0');
                digits.insert(digits.size() - static_cast<std::size_t>(scale), ".");
            }
            text = sql::Decimal::parse((k < 0 ? "-" : "") + digits)->str();
        } else {
            text = pick(std::vector<std::string>{"0", "1", "-1", "0.5", "-0.25"});
        }
        const auto point = text.find('.');
        // SQL Server rounds a quoted number to the column's scale (unknown here): quote only short fractions.
        return number_literal(text, point == std::string::npos || text.size() - point - 1 <= 2);
    }

    Literal float_literal(const Column& col) {
        std::string text;
        if (!col.values.empty() && chance(55))
            text = decimal_text(pick(col.values)).value_or("0");
        else
            text = sql::Decimal::parse(std::to_string(uniform(-2000, 2001)) + "." + std::to_string(uniform(0, 100)))
                       ->str();
        if (col.type.is_single_precision_float()) {
            float f = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), f);
            if (ec != std::errc{} || end != text.data() + text.size()) text = "0";
        }
        return number_literal(text, true);
    }

    Literal time_literal(const Column& col) {
        const SqlKind kind = col.type.kind;
        std::int64_t ticks = 0;
        const int r = uniform(0, 100);
        if (r < 65 && !col.values.empty()) {
            ticks = *sql::parse_datetime(pick(col.values).get<std::string>(), kind, sql::TimeSource::Record).ticks;
            if (r >= 55)
                ticks += chance(50) ? (chance(50) ? kTicksPerDay : -kTicksPerDay)
                                    : (chance(50) ? kTicksPerSecond : -kTicksPerSecond);
        } else {
            const int y = uniform(1900, 2101), m = uniform(1, 13), d = uniform(1, 29);
            ticks = sql::ticks_from_civil({y, m, d}) + static_cast<std::int64_t>(uniform(0, 86'400)) * kTicksPerSecond;
            if (chance(30)) ticks += static_cast<std::int64_t>(uniform(0, 1000)) * 10'000;  // milliseconds
        }
        // "YYYY-MM-DDTHH:MM:SS.fff[ffff]"
        const std::string iso = sql::format_datetime(ticks, kind);
        std::string date = iso.substr(0, 10), time = iso.substr(11, 8), frac = iso.size() > 20 ? iso.substr(20) : "";
        while (!frac.empty() && frac.back() == '0') frac.pop_back();
        const std::string compact = date.substr(0, 4) + date.substr(5, 2) + date.substr(8, 2);
        const std::string fraction = frac.empty() ? "" : "." + frac;
        std::string text;
        switch (uniform(0, kind == SqlKind::Datetime2 ? 7 : 5)) {
            case 0: text = iso; break;
            case 1: text = date + "T" + time + fraction; break;
            case 2: text = compact; break;
            case 3: text = compact + " " + time + fraction; break;
            case 4: text = compact + " " + time.substr(0, 5); break;
            // 'YYYY-MM-DD' is read per DATEFORMAT for datetime, never for datetime2.
            case 5: text = date; break;
            default: text = date + " " + time + fraction; break;
        }
        if (chance(5)) text = " " + text + " ";
        if (!sql::parse_datetime(text, kind, sql::TimeSource::Literal).ticks) text = "20000101";  // e.g. before 1753
        return {Literal::Kind::Text, text, chance(20)};
    }

    Literal literal_for(const Column& col, int null_percent = 8) {
        if (chance(null_percent)) return {};
        switch (col.family) {
            case Family::Text: return text_literal(text_value(col, false));
            case Family::Exact: return exact_literal(col);
            case Family::Float: return float_literal(col);
            case Family::Time: return time_literal(col);
        }
        return {};
    }

    // --- LIKE ---

    bool set_member_ok(char32_t c) const {
        const bool ascii_alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        const bool latin = c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7;
        return ascii_alnum || (latin && (!c_.portable() || portable_char(c)));
    }

    /// A range of one-case ASCII letters or digits, containing `c` when it is one.
    std::pair<char32_t, char32_t> range_around(char32_t c) {
        char32_t first = 'a', last = 'z';
        if (c >= 'A' && c <= 'Z')
            first = 'A', last = 'Z';
        else if (c >= '0' && c <= '9')
            first = '0', last = '9';
        else if (!(c >= 'a' && c <= 'z'))
            c = static_cast<char32_t>(uniform('a', 'z' + 1));
        const auto lo = static_cast<char32_t>(uniform(static_cast<int>(first), static_cast<int>(c) + 1));
        const auto hi = static_cast<char32_t>(uniform(static_cast<int>(c), static_cast<int>(last) + 1));
        return {lo, hi};
    }

    /// A set holding `c` (or a letter, when `c` cannot stand in a set) and perhaps more.
    PatternElement set_for(char32_t c) {
        PatternElement e;
        e.kind = PatternElement::Kind::Set;
        static const std::u32string kExtra = U"abxzABXZ09\u00E0\u00E8";
        if (!set_member_ok(c)) c = kExtra[static_cast<std::size_t>(uniform(0, static_cast<int>(kExtra.size())))];
        if (!c_.portable() && chance(40))
            e.members.push_back(range_around(c));
        else
            e.members.emplace_back(c, c);
        for (int n = uniform(0, 3); n > 0; --n) {
            const char32_t x = kExtra[static_cast<std::size_t>(uniform(0, static_cast<int>(kExtra.size())))];
            if (!c_.portable() && chance(25))
                e.members.push_back(range_around(x));
            else
                e.members.emplace_back(x, x);
        }
        return e;
    }

    /// ESCAPE characters every database reads alike (no backslash: MySQL reads it in a literal).
    inline static const std::vector<char32_t> kStandardEscapes = {U'!', U'#', U'~', U'/'};

    /// The SQL every database shares. Only T-SQL reads [%] [_] [[] as literal characters (to_tsql's spelling without an
    /// ESCAPE), and [ as a set opener: a literal % _ or [ needs an ESCAPE. PostgreSQL's LIKE without ESCAPE reads a
    /// backslash as its escape character: a literal backslash becomes _, which matches it everywhere.
    void standard_pattern(LikePattern& p) {
        for (auto& e : p.elements) {
            if (e.kind == PatternElement::Kind::Char && e.ch == U'\\') e = {PatternElement::Kind::AnyOne, 0, false, {}};
            if (e.kind == PatternElement::Kind::Char && (e.ch == U'%' || e.ch == U'_' || e.ch == U'[') && !p.escape)
                p.escape = pick(kStandardEscapes);
        }
    }

    LikePattern like_pattern(const Column& col) {
        LikePattern p;
        if (chance(40))
            p.escape =
                c_.standard() ? pick(kStandardEscapes) : pick(std::vector<char32_t>{U'!', U'#', U'~', U'\\', U'/'});
        if (chance(7)) {
            p.null = true;
            return p;
        }
        using K = PatternElement::Kind;
        auto element = [](K kind, char32_t ch = 0) { return PatternElement{kind, ch, false, {}}; };
        if (chance(25)) p.elements.push_back(element(K::AnyRun));
        for (char32_t c : to_u32(text_value(col, true))) {
            const int r = uniform(0, 100);
            if (r < 8) {
                p.elements.push_back(element(K::AnyOne));
            } else if (r < 13) {
                p.elements.push_back(element(K::AnyRun));
            } else if (r < 19) {
                p.elements.push_back(element(K::Char, c));
                p.elements.push_back(element(K::AnyRun));
            } else if (r < 30 && c_.standard()) {
                p.elements.push_back(element(K::AnyOne));
            } else if (r < 27) {
                p.elements.push_back(set_for(c));
            } else if (r < 30) {
                PatternElement e = set_for(c);
                e.negated = true;
                p.elements.push_back(std::move(e));
            } else {
                p.elements.push_back(element(K::Char, c));
            }
        }
        if (!p.elements.empty() && chance(20)) {
            p.elements.resize(static_cast<std::size_t>(uniform(0, static_cast<int>(p.elements.size()))));
            p.elements.push_back(element(K::AnyRun));
        } else if (chance(30)) {
            p.elements.push_back(element(K::AnyRun));
        }
        if (c_.standard()) standard_pattern(p);
        std::u32string written;
        for (const auto& e : p.elements) {
            written.push_back(e.ch);
            for (const auto& [lo, hi] : e.members) written += {lo, hi};
        }
        written.erase(std::remove(written.begin(), written.end(), U'\0'), written.end());
        p.unicode = !c_.standard() && (needs_unicode(written) || chance(35));
        return p;
    }

    // --- predicates ---

    Expr predicate() {
        Expr e;
        const int k = uniform(0, 21);
        const Columns comparable_cols = comparable();
        if (comparable_cols.empty()) return is_null(any_column());  // e.g. only non-portable text columns
        if (k < 8) {  // column op literal, either way round; half of them the seeds' own shape, column = literal
            const Column& col = choose(comparable_cols);
            e.kind = Expr::Kind::Compare;
            e.op = k < 4 ? CompareOp::Eq : op_for(col);
            e.left.column = col.name;
            e.right.literal = literal_for(col);
            if (k >= 4 && chance(30)) std::swap(e.left, e.right);
            return e;
        }
        if (k < 10) {  // column op column
            const Column& a = choose(comparable_cols);
            Columns others;
            for (const Column* b : comparable_cols)
                if (compatible(a, *b)) others.push_back(b);
            e.kind = Expr::Kind::Compare;
            e.op = op_for(a);
            e.left.column = a.name;
            e.right.column = choose(others).name;
            return e;
        }
        if (k < 11) {  // with NULL: never TRUE
            const Column& col = any_column();
            e.kind = Expr::Kind::Compare;
            e.op = op_for(col);
            e.left.column = col.name;
            if (chance(30)) std::swap(e.left, e.right);
            return e;
        }
        if (k < 14) {
            const Columns texts = of(comparable_cols, [](const Column& c) { return c.family == Family::Text; });
            if (texts.empty()) return is_null(any_column());
            const Column& col = choose(texts);
            e.kind = Expr::Kind::Like;
            e.column = col.name;
            e.negated = chance(30);
            e.pattern = like_pattern(col);
            return e;
        }
        if (k < 17) {
            const Column& col = choose(comparable_cols);
            e.kind = Expr::Kind::In;
            e.column = col.name;
            e.negated = chance(35);
            for (int n = uniform(1, c_.options.max_in_list + 1); n > 0; --n) e.values.push_back(literal_for(col, 6));
            return e;
        }
        if (k < 19) {
            const Columns ordered = c_.portable()
                                        ? of(comparable_cols, [](const Column& c) { return c.family != Family::Text; })
                                        : comparable_cols;
            if (ordered.empty()) return is_null(any_column());
            const Column& col = choose(ordered);
            e.kind = Expr::Kind::Between;
            e.column = col.name;
            e.negated = chance(30);
            e.values = {literal_for(col, 5), literal_for(col, 5)};
            return e;
        }
        return is_null(any_column());
    }

    const ColumnSet& c_;
};

}  // namespace

rc::Gen<Condition> condition_gen(const Record& record, const std::vector<json>& rows,
                                 const ConditionGenOptions& options) {
    auto ctx = std::make_shared<const ColumnSet>(make_columns(record, rows, options));
    return rc::gen::exec([ctx] {
        Builder builder(*ctx);
        Condition c;
        c.style = chance(15) ? 0 : *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>());
        c.plain_names = ctx->options.standard_sql;
        const int depth = uniform(0, ctx->options.max_depth + 1);
        // Long row values can make a deep condition longer than Selection accepts: then a shallower one.
        for (int d = depth; d >= 0; --d) {
            c.expr = builder.condition(d);
            if (to_tsql(c).size() <= kMaxSelectionLength) return c;
        }
        c.expr = builder.is_null(builder.any_column());
        return c;
    });
}

bool collation_independent(const Selection& selection, const std::vector<json>& rows) {
    for (const auto& row : rows)
        if (selection.matches(row, Collation::CaseInsensitive) != selection.matches(row, Collation::CaseSensitive))
            return false;
    return true;
}

bool portable_text(std::string_view utf8) {
    const auto text = sql::utf8_to_u32(utf8);
    return text && std::all_of(text->begin(), text->end(), portable_char);
}

}  // namespace bds::gen

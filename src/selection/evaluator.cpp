// Evaluation of a parsed condition on one JSON record, with SQL's three-valued logic (semantics in
// selection.hpp). Literals were converted at parse time; here only the record's values are read.
#include <utility>

#include "selection/ast.hpp"
#include "selection/reading.hpp"
#include "selection/selection.hpp"
#include "selection/sql_values.hpp"

namespace bds {
namespace selection_impl {
namespace {

Truth negate(Truth t) { return t == Truth::True ? Truth::False : t == Truth::False ? Truth::True : Truth::Unknown; }

class Evaluator {
public:
    Evaluator(const Selection::FieldReader& read, const Reading& reading)
        : read_(read),
          reading_(reading),
          rules_(reading.text_rules()),
          counted_(rules_),
          like_rules_(reading.like_rules()) {
        counted_.ignore_trailing_blanks = false;
    }

    Truth operator()(const Node& node) const {
        offset_ = node.offset;
        return std::visit([&](const auto& n) { return eval(n); }, node.v);
    }

private:
    // The field's JSON value, or nullptr when it is missing or null (both are SQL NULL).
    const nlohmann::json* field(const Column& c) const {
        const nlohmann::json* v = read_(c.name);
        return v && !v->is_null() ? v : nullptr;
    }

    [[noreturn]] void wrong_value(const Column& c, const nlohmann::json& v, const std::string& expected) const {
        std::string shown = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (shown.size() > 40) shown = shown.substr(0, 40) + "...";
        throw SelectionError(offset_,
                             "field '" + c.name + "' (" + c.type.str() + ") holds " + shown + ", expected " + expected);
    }

    /// A text value as this reading compares it: char(n)/nchar(n) padded to n UTF-16 units when it pads them.
    std::u32string text_of(const Column& c, const nlohmann::json& v) const {
        if (!v.is_string()) wrong_value(c, v, "a string");
        auto decoded = utf8_to_u32(v.get_ref<const std::string&>());
        if (!decoded) wrong_value(c, v, "valid UTF-8");
        if (reading_.pad_fixed && c.type.is_fixed_text() && c.type.length) {
            const auto units = utf16_length(*decoded), n = static_cast<std::size_t>(*c.type.length);
            if (units < n) decoded->append(n - units, U' ');
        }
        return std::move(*decoded);
    }

    /// Whether a literal is NULL under this reading: NULL, or '' read as NULL.
    bool null_literal(const Operand& o) const {
        return std::holds_alternative<std::monostate>(o.value) ||
               (reading_.empty_text_is_null && o.literal.kind == Literal::Kind::Text && o.literal.text.empty());
    }

    Decimal exact_of(const Column& c, const nlohmann::json& v) const {
        if (c.type.kind == SqlKind::Bit) {
            if (v.is_boolean()) return *Decimal::parse(v.get<bool>() ? "1" : "0");
            if (v.is_number_integer() && (v.get<long long>() == 0 || v.get<long long>() == 1))
                return *Decimal::parse(v.dump());
            wrong_value(c, v, "true or false");
        }
        if (c.type.kind == SqlKind::Decimal && v.is_string())  // a target may write decimals as strings
            if (const auto d = Decimal::parse(v.get_ref<const std::string&>(), true)) return *d;
        if (!v.is_number()) wrong_value(c, v, "a number");
        // nlohmann_json prints a double as the shortest text that reads back to it: the decimal it was parsed from.
        return *Decimal::parse(v.dump(), true);
    }

    double double_of(const Column& c, const nlohmann::json& v) const {
        if (c.type.kind == SqlKind::Bit && v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
        if (c.type.kind == SqlKind::Decimal && v.is_string())  // written as a string, or kept exact
            if (const auto d = Decimal::parse(v.get_ref<const std::string&>(), true)) return std::stod(d->str());
        if (!v.is_number() || (c.type.kind == SqlKind::Bit && v.is_number_float())) wrong_value(c, v, "a number");
        return v.get<double>();
    }

    Ticks time_of(const Column& c, const nlohmann::json& v) const {
        if (!v.is_string()) wrong_value(c, v, "an ISO 8601 date-time string");
        const auto t = parse_datetime(v.get_ref<const std::string&>(), c.type.kind, TimeSource::Record);
        if (!t.ticks) wrong_value(c, v, "an ISO 8601 date-time (" + t.error + ")");
        return *t.ticks;
    }

    Scalar value_of(const Operand& o, Domain d) const {
        if (!o.column) {
            if (null_literal(o)) return std::monostate{};
            if (d == Domain::Single && reading_.float_as_double) return o.wide;
            return o.value;
        }
        const nlohmann::json* v = field(*o.column);
        if (!v) return std::monostate{};
        switch (d) {
            case Domain::Text: return text_of(*o.column, *v);
            case Domain::Exact: return exact_of(*o.column, *v);
            case Domain::Double: return double_of(*o.column, *v);
            case Domain::Single:
                if (reading_.float_as_double) return double_of(*o.column, *v);
                return static_cast<float>(double_of(*o.column, *v));
            case Domain::Time: return time_of(*o.column, *v);
        }
        return std::monostate{};
    }

    template <class T>
    static int order(const T& a, const T& b) {
        return a < b ? -1 : (b < a ? 1 : 0);
    }

    int compare_values(const Scalar& a, const Scalar& b, Domain d, const sql::TextRules& rules) const {
        switch (d) {
            case Domain::Text: return rules.compare(std::get<std::u32string>(a), std::get<std::u32string>(b));
            case Domain::Exact: return compare(std::get<Decimal>(a), std::get<Decimal>(b));
            case Domain::Double: return order(std::get<double>(a), std::get<double>(b));
            case Domain::Single:
                if (reading_.float_as_double) return order(std::get<double>(a), std::get<double>(b));
                return order(std::get<float>(a), std::get<float>(b));
            case Domain::Time: return order(std::get<Ticks>(a), std::get<Ticks>(b));
        }
        return 0;
    }

    Truth compare_op(const Scalar& a, CompareOp op, const Scalar& b, Domain d, const sql::TextRules& rules) const {
        if (std::holds_alternative<std::monostate>(a) || std::holds_alternative<std::monostate>(b))
            return Truth::Unknown;
        const int c = compare_values(a, b, d, rules);
        bool r = false;
        switch (op) {
            case CompareOp::Eq: r = c == 0; break;
            case CompareOp::Ne: r = c != 0; break;
            case CompareOp::Lt: r = c < 0; break;
            case CompareOp::Le: r = c <= 0; break;
            case CompareOp::Gt: r = c > 0; break;
            case CompareOp::Ge: r = c >= 0; break;
        }
        return r ? Truth::True : Truth::False;
    }

    static Truth both(Truth a, Truth b) {
        if (a == Truth::False || b == Truth::False) return Truth::False;
        return a == Truth::Unknown || b == Truth::Unknown ? Truth::Unknown : Truth::True;
    }
    static Truth either(Truth a, Truth b) {
        if (a == Truth::True || b == Truth::True) return Truth::True;
        return a == Truth::Unknown || b == Truth::Unknown ? Truth::Unknown : Truth::False;
    }

    /// The sides whose trailing blanks PostgreSQL removes before comparing (Reading::postgres_char): both where it
    /// compares as char(n), the char(n) side alone where it casts it to text to meet a text column; none where no side
    /// is a char(n) column.
    std::pair<bool, bool> postgres_trims(const Operand& a, const Operand& b) const {
        const auto fixed = [](const Operand& o) { return o.column && o.column->type.is_fixed_text(); };
        const auto unbounded = [](const Operand& o) {
            return o.column && !o.column->type.is_fixed_text() && !o.column->type.max_length();
        };
        if (!reading_.postgres_char || (!fixed(a) && !fixed(b))) return {false, false};
        return {!unbounded(a), !unbounded(b)};
    }

    static Scalar trimmed(const Scalar& v) {
        const auto* s = std::get_if<std::u32string>(&v);
        if (!s) return v;
        return std::u32string(*s, 0, s->find_last_not_of(U' ') + 1);
    }

    Truth compare_sides(const Operand& a, const Scalar& va, CompareOp op, const Operand& b, const Scalar& vb,
                        Domain d) const {
        if (d == Domain::Text) {
            const auto [trim_a, trim_b] = postgres_trims(a, b);
            if (trim_a || trim_b)
                return compare_op(trim_a ? trimmed(va) : va, op, trim_b ? trimmed(vb) : vb, d, counted_);
        }
        return compare_op(va, op, vb, d, rules_);
    }

    Truth eval(const Comparison& c) const {
        return compare_sides(c.left, value_of(c.left, c.domain), c.op, c.right, value_of(c.right, c.domain), c.domain);
    }

    Truth eval(const InPredicate& in) const {
        const Scalar subject = value_of(in.subject, in.domain);
        Truth t = Truth::False;
        for (const auto& v : in.values)
            t = either(t, compare_sides(in.subject, subject, CompareOp::Eq, v, value_of(v, in.domain), in.domain));
        return in.negated ? negate(t) : t;
    }

    Truth eval(const BetweenPredicate& b) const {
        const Scalar subject = value_of(b.subject, b.domain);
        const Truth t =
            both(compare_sides(b.subject, subject, CompareOp::Ge, b.low, value_of(b.low, b.domain), b.domain),
                 compare_sides(b.subject, subject, CompareOp::Le, b.high, value_of(b.high, b.domain), b.domain));
        return b.negated ? negate(t) : t;
    }

    Truth eval(const NullPredicate& n) const {
        const bool is_null = field(n.column) == nullptr;
        return is_null != n.negated ? Truth::True : Truth::False;
    }

    Truth eval(const LikePredicate& l) const {
        const nlohmann::json* v = field(l.column);
        // A char(n)/nchar(n) value stored padded to n: LIKE sees the padding, unless the reading trims it.
        const std::u32string text = v ? text_of(l.column, *v) : std::u32string{};
        const bool null_pattern =
            reading_.empty_text_is_null && l.pattern.kind == Literal::Kind::Text && l.pattern.text.empty();
        if (!v || !l.compiled || null_pattern) return Truth::Unknown;
        std::u16string units = to_utf16(text);
        bool blanks_optional = false;
        switch (reading_.like_blanks) {
            case Reading::LikeBlanks::SqlServer: blanks_optional = !l.unicode; break;
            case Reading::LikeBlanks::Significant: break;
            case Reading::LikeBlanks::Trimmed: units.erase(units.find_last_not_of(u' ') + 1); break;
        }
        const bool t = like_match(*l.compiled, units, like_rules_, blanks_optional);
        return t != l.negated ? Truth::True : Truth::False;
    }

    Truth eval(const Negation& n) const { return negate((*this)(*n.operand)); }

    Truth eval(const Junction& j) const {
        // No short circuit: every predicate reads its fields, so a malformed record is always reported.
        Truth t = j.conjunction ? Truth::True : Truth::False;
        for (const auto& o : j.operands) t = j.conjunction ? both(t, (*this)(o)) : either(t, (*this)(o));
        return t;
    }

    const Selection::FieldReader& read_;
    const Reading& reading_;
    sql::TextRules rules_;
    sql::TextRules counted_;  ///< rules_ with every trailing blank counted
    sql::TextRules like_rules_;
    mutable std::size_t offset_ = 0;  ///< the node being evaluated, for error messages
};

}  // namespace
}  // namespace selection_impl

Truth Selection::evaluate(const nlohmann::json& row, const Reading& reading) const {
    if (!row.is_object())
        throw SelectionError(0, "a record must be a JSON object, found " + std::string(row.type_name()));
    return evaluate(
        [&](const std::string& name) {
            const auto it = row.find(name);
            return it == row.end() ? nullptr : &*it;
        },
        reading);
}

Truth Selection::evaluate(const FieldReader& read, const Reading& reading) const {
    return selection_impl::Evaluator(read, reading)(*root_);
}

}  // namespace bds

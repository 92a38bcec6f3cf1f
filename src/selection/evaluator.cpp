// Evaluation of a parsed condition on one JSON record, with SQL's three-valued logic (semantics in
// selection.hpp). Literals were converted at parse time; here only the record's values are read.
#include <utility>

#include "selection/ast.hpp"
#include "selection/selection.hpp"
#include "selection/sql_values.hpp"

namespace bds {
namespace selection_impl {
namespace {

Truth negate(Truth t) { return t == Truth::True ? Truth::False : t == Truth::False ? Truth::True : Truth::Unknown; }

class Evaluator {
public:
    Evaluator(const Selection::FieldReader& read, Collation collation) : read_(read), fold_(collation == Collation::CaseInsensitive) {}

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
        throw SelectionError(offset_, "field '" + c.name + "' (" + c.type.str() + ") holds " + shown + ", expected " + expected);
    }

    std::u32string text_of(const Column& c, const nlohmann::json& v) const {
        if (!v.is_string()) wrong_value(c, v, "a string");
        auto decoded = utf8_to_u32(v.get_ref<const std::string&>());
        if (!decoded) wrong_value(c, v, "valid UTF-8");
        return std::move(*decoded);
    }

    Decimal exact_of(const Column& c, const nlohmann::json& v) const {
        if (c.type.kind == SqlKind::Bit) {
            if (v.is_boolean()) return *Decimal::parse(v.get<bool>() ? "1" : "0");
            if (v.is_number_integer() && (v.get<long long>() == 0 || v.get<long long>() == 1)) return *Decimal::parse(v.dump());
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
        if (!o.column) return o.value;
        const nlohmann::json* v = field(*o.column);
        if (!v) return std::monostate{};
        switch (d) {
            case Domain::Text: return text_of(*o.column, *v);
            case Domain::Exact: return exact_of(*o.column, *v);
            case Domain::Double: return double_of(*o.column, *v);
            case Domain::Single: return static_cast<float>(double_of(*o.column, *v));
            case Domain::Time: return time_of(*o.column, *v);
        }
        return std::monostate{};
    }

    template <class T>
    static int order(const T& a, const T& b) { return a < b ? -1 : (b < a ? 1 : 0); }

    int compare_values(const Scalar& a, const Scalar& b, Domain d) const {
        switch (d) {
            case Domain::Text: return compare_padded(std::get<std::u32string>(a), std::get<std::u32string>(b), fold_);
            case Domain::Exact: return compare(std::get<Decimal>(a), std::get<Decimal>(b));
            case Domain::Double: return order(std::get<double>(a), std::get<double>(b));
            case Domain::Single: return order(std::get<float>(a), std::get<float>(b));
            case Domain::Time: return order(std::get<Ticks>(a), std::get<Ticks>(b));
        }
        return 0;
    }

    Truth compare_op(const Scalar& a, CompareOp op, const Scalar& b, Domain d) const {
        if (std::holds_alternative<std::monostate>(a) || std::holds_alternative<std::monostate>(b)) return Truth::Unknown;
        const int c = compare_values(a, b, d);
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

    Truth eval(const Comparison& c) const {
        return compare_op(value_of(c.left, c.domain), c.op, value_of(c.right, c.domain), c.domain);
    }

    Truth eval(const InPredicate& in) const {
        const Scalar subject = value_of(in.subject, in.domain);
        Truth t = Truth::False;
        for (const auto& v : in.values) t = either(t, compare_op(subject, CompareOp::Eq, v.value, in.domain));
        return in.negated ? negate(t) : t;
    }

    Truth eval(const BetweenPredicate& b) const {
        const Scalar subject = value_of(b.subject, b.domain);
        const Truth t = both(compare_op(subject, CompareOp::Ge, b.low.value, b.domain), compare_op(subject, CompareOp::Le, b.high.value, b.domain));
        return b.negated ? negate(t) : t;
    }

    Truth eval(const NullPredicate& n) const {
        const bool is_null = field(n.column) == nullptr;
        return is_null != n.negated ? Truth::True : Truth::False;
    }

    Truth eval(const LikePredicate& l) const {
        const nlohmann::json* v = field(l.column);
        const std::u32string text = v ? text_of(l.column, *v) : std::u32string{};
        if (!v || !l.compiled) return Truth::Unknown;
        std::u16string units = to_utf16(text);
        // char(n)/nchar(n) values are stored padded to n: LIKE sees the padding.
        if (l.column.type.is_fixed_text() && l.column.type.length && units.size() < static_cast<std::size_t>(*l.column.type.length))
            units.resize(static_cast<std::size_t>(*l.column.type.length), u' ');
        const bool t = like_match(*l.compiled, units, fold_, !l.unicode);
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
    bool fold_;
    mutable std::size_t offset_ = 0;  ///< the node being evaluated, for error messages
};

}  // namespace
}  // namespace selection_impl

Truth Selection::evaluate(const nlohmann::json& row, Collation collation) const {
    if (!row.is_object()) throw SelectionError(0, "a record must be a JSON object, found " + std::string(row.type_name()));
    return evaluate(
        [&](const std::string& name) {
            const auto it = row.find(name);
            return it == row.end() ? nullptr : &*it;
        },
        collation);
}

Truth Selection::evaluate(const FieldReader& read, Collation collation) const { return selection_impl::Evaluator(read, collation)(*root_); }

}  // namespace bds

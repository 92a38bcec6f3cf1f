// The canonical text of a condition (Selection::to_string) and the fields it reads (Selection::columns).
#include <algorithm>

#include "selection/ast.hpp"
#include "selection/lexer.hpp"
#include "selection/selection.hpp"

namespace bds {
namespace selection_impl {
namespace {

bool plain_name(const std::string& name) {
    if (name.empty() || !((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z') || name[0] == '_'))
        return false;
    for (char c : name)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return !is_keyword(name) && !is_reserved_word(name);
}

std::string name(const Column& c) {
    if (plain_name(c.name)) return c.name;
    std::string out = "[";
    for (char ch : c.name) out += ch == ']' ? std::string("]]") : std::string(1, ch);
    return out + "]";
}

std::string quoted(const std::string& text, bool national, bool double_backslashes) {
    std::string out = national ? "N'" : "'";
    for (char ch : text) {
        out += ch;
        if (ch == '\'' || (ch == '\\' && double_backslashes)) out += ch;
    }
    return out + "'";
}

/// A literal as written, or as `spelling` writes it: a text's N prefix by its content, a bit column's 1/0 in the
/// target's form (`bit`: the literal is compared with a bit column).
std::string literal(const Literal& l, const LiteralSpelling* spelling = nullptr, const Scalar* value = nullptr,
                    bool bit = false) {
    if (l.kind == Literal::Kind::Null) return "NULL";
    if (spelling && bit && value)
        if (const auto* d = std::get_if<Decimal>(value)) return d->is_zero() ? spelling->bit_false : spelling->bit_true;
    if (l.kind == Literal::Kind::Number) return l.text;
    return quoted(l.text, spelling && spelling->national ? spelling->national(l.text) : l.unicode,
                  spelling && spelling->double_backslashes);
}

bool is_bit(const Operand& o) { return o.column && o.column->type.kind == SqlKind::Bit; }

std::string_view op_text(CompareOp op) {
    switch (op) {
        case CompareOp::Eq: return "=";
        case CompareOp::Ne: return "<>";
        case CompareOp::Lt: return "<";
        case CompareOp::Le: return "<=";
        case CompareOp::Gt: return ">";
        case CompareOp::Ge: return ">=";
    }
    return "?";
}

std::string negation(bool negated) { return negated ? "NOT " : ""; }

struct Printer {
    const LiteralSpelling* spelling = nullptr;

    /// An operand; `bit`: it is compared with a bit column.
    std::string operand(const Operand& o, bool bit = false) const {
        return o.column ? name(*o.column) : literal(o.literal, spelling, &o.value, bit);
    }
    std::string text(const Literal& l) const { return literal(l, spelling); }
    std::string render(const Node& node) const { return std::visit(*this, node.v); }

    std::string operator()(const Comparison& c) const {
        return operand(c.left, is_bit(c.right)) + " " + std::string(op_text(c.op)) + " " +
               operand(c.right, is_bit(c.left));
    }
    std::string operator()(const LikePredicate& l) const {
        std::string out = name(l.column) + " " + negation(l.negated) + "LIKE " + text(l.pattern);
        if (l.escape) out += " ESCAPE " + text(*l.escape);
        return out;
    }
    std::string operator()(const InPredicate& in) const {
        std::string out = operand(in.subject) + " " + negation(in.negated) + "IN (";
        for (std::size_t i = 0; i < in.values.size(); ++i)
            out += (i ? ", " : "") + operand(in.values[i], is_bit(in.subject));
        return out + ")";
    }
    std::string operator()(const BetweenPredicate& b) const {
        const bool bit = is_bit(b.subject);
        return operand(b.subject) + " " + negation(b.negated) + "BETWEEN " + operand(b.low, bit) + " AND " +
               operand(b.high, bit);
    }
    std::string operator()(const NullPredicate& n) const {
        return name(n.column) + " IS " + negation(n.negated) + "NULL";
    }
    std::string operator()(const Negation& n) const {
        // NOT binds tighter than AND and OR, so only a junction needs parentheses.
        const bool junction = std::holds_alternative<Junction>(n.operand->v);
        const std::string inner = render(*n.operand);
        return junction ? "NOT (" + inner + ")" : "NOT " + inner;
    }
    std::string operator()(const Junction& j) const {
        std::string out;
        for (std::size_t i = 0; i < j.operands.size(); ++i) {
            if (i) out += j.conjunction ? " AND " : " OR ";
            const bool nested = std::holds_alternative<Junction>(j.operands[i].v);
            out += nested ? "(" + render(j.operands[i]) + ")" : render(j.operands[i]);
        }
        return out;
    }
};

void collect(const Node& node, std::vector<std::string>& out) {
    auto add = [&](const std::string& n) {
        if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    };
    auto add_operand = [&](const Operand& o) {
        if (o.column) add(o.column->name);
    };
    std::visit(
        [&](const auto& n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, Comparison>) {
                add_operand(n.left);
                add_operand(n.right);
            } else if constexpr (std::is_same_v<T, LikePredicate> || std::is_same_v<T, NullPredicate>) {
                add(n.column.name);
            } else if constexpr (std::is_same_v<T, InPredicate> || std::is_same_v<T, BetweenPredicate>) {
                add_operand(n.subject);
            } else if constexpr (std::is_same_v<T, Negation>) {
                collect(*n.operand, out);
            } else {
                for (const auto& o : n.operands) collect(o, out);
            }
        },
        node.v);
}

}  // namespace

std::string render(const Node& node) { return Printer{}.render(node); }

}  // namespace selection_impl

std::string Selection::to_string() const { return selection_impl::render(*root_); }

std::string Selection::to_string(const LiteralSpelling& spelling) const {
    return selection_impl::Printer{&spelling}.render(*root_);
}

std::vector<std::pair<std::string, std::u32string>> Selection::pinned_texts() const {
    using namespace selection_impl;
    std::vector<std::pair<std::string, std::u32string>> out;
    const auto pin = [&](const Node& node) {
        const auto* c = std::get_if<Comparison>(&node.v);
        if (!c || c->op != CompareOp::Eq || c->domain != Domain::Text) return;
        for (const auto& [column, literal] : {std::pair{&c->left, &c->right}, std::pair{&c->right, &c->left}})
            if (column->column && !literal->column)
                if (const auto* text = std::get_if<std::u32string>(&literal->value))
                    out.emplace_back(column->column->name, *text);
    };
    if (const auto* j = std::get_if<Junction>(&root_->v); j && j->conjunction) {
        for (const auto& operand : j->operands) pin(operand);
    } else {
        pin(*root_);
    }
    return out;
}

std::vector<Selection> Selection::disjuncts() const {
    const auto* j = std::get_if<selection_impl::Junction>(&root_->v);
    if (!j || j->conjunction) return {};
    std::vector<Selection> out;
    for (const auto& operand : j->operands)
        out.push_back(Selection(std::shared_ptr<const selection_impl::Node>(root_, &operand)));  // shares the tree
    return out;
}

std::vector<Selection> Selection::conjuncts() const {
    const auto* j = std::get_if<selection_impl::Junction>(&root_->v);
    if (!j || !j->conjunction) return {*this};
    std::vector<Selection> out;
    for (const auto& operand : j->operands)
        out.push_back(Selection(std::shared_ptr<const selection_impl::Node>(root_, &operand)));  // shares the tree
    return out;
}

std::vector<std::string> Selection::columns() const {
    std::vector<std::string> out;
    selection_impl::collect(*root_, out);
    return out;
}

}  // namespace bds

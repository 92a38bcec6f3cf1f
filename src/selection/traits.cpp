// Selection::traits: what a parsed condition reads, found by walking its tree once.
#include "selection/ast.hpp"
#include "selection/selection.hpp"

namespace bds {
namespace selection_impl {
namespace {

class TraitWalker {
public:
    explicit TraitWalker(Selection::Traits& out) : out_(out) {}

    void operator()(const Node& node) {
        std::visit([&](const auto& n) { visit(n); }, node.v);
    }

private:
    void column(const Column& c, Domain d) {
        if (d == Domain::Text) {
            out_.text = true;
            out_.fixed_text = out_.fixed_text || c.type.is_fixed_text();
        }
        if (d == Domain::Single) out_.single_float = true;
    }
    void operand(const Operand& o, Domain d) {
        if (o.column) return column(*o.column, d);
        out_.lenient_conversions = out_.lenient_conversions || o.lenient;
        out_.empty_text = out_.empty_text || (o.literal.kind == Literal::Kind::Text && o.literal.text.empty());
    }
    void visit(const Comparison& c) {
        operand(c.left, c.domain);
        operand(c.right, c.domain);
    }
    void visit(const InPredicate& in) {
        operand(in.subject, in.domain);
        for (const auto& v : in.values) operand(v, in.domain);
    }
    void visit(const BetweenPredicate& b) {
        operand(b.subject, b.domain);
        operand(b.low, b.domain);
        operand(b.high, b.domain);
    }
    void visit(const LikePredicate& l) {
        column(l.column, Domain::Text);
        out_.like = true;
        out_.empty_text = out_.empty_text || (l.pattern.kind == Literal::Kind::Text && l.pattern.text.empty());
    }
    void visit(const NullPredicate&) {}
    void visit(const Negation& n) { (*this)(*n.operand); }
    void visit(const Junction& j) {
        for (const auto& o : j.operands) (*this)(o);
    }

    Selection::Traits& out_;
};

}  // namespace
}  // namespace selection_impl

Selection::Traits Selection::traits() const {
    Traits out;
    selection_impl::TraitWalker{out}(*root_);
    return out;
}

}  // namespace bds

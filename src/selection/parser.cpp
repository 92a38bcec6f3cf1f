// Recursive-descent parser of RecordSelection (grammar in selection.hpp), with the type checks and literal
// conversions SQL Server would do, so that evaluation never has to guess.
#include <utility>

#include "common/text.hpp"
#include "selection/ast.hpp"
#include "selection/convert.hpp"
#include "selection/lexer.hpp"
#include "selection/selection.hpp"
#include "selection/sql_values.hpp"

namespace bds {

SelectionError::SelectionError(std::size_t offset, const std::string& reason)
    : std::runtime_error("at " + std::to_string(offset) + ": " + reason), offset_(offset), reason_(reason) {}

namespace selection_impl {
namespace {

/// An operand before its type is known: a column, or a literal not yet converted.
struct RawOperand {
    std::size_t offset = 0;
    std::optional<Column> column;
    Literal literal;
    std::string description;  ///< for error messages
};

class Parser {
public:
    Parser(std::string_view text, const Record& record, bool code_page) : lexer_(text, code_page), record_(record) {
        advance();
    }

    Node parse_condition() {
        if (token_.kind == TokenKind::End) expected("a condition");
        Node node = parse_junction(false, 0);
        if (token_.kind == TokenKind::RParen) fail(token_.offset, "unexpected ')' without a matching '('");
        if (token_.kind != TokenKind::End) expected("AND, OR or end of input");
        return node;
    }

private:
    void advance() { token_ = lexer_.next(); }
    bool at_keyword(std::string_view kw) const { return token_.kind == TokenKind::Word && iequals(token_.text, kw); }
    [[noreturn]] void fail(std::size_t offset, const std::string& why) const { throw SelectionError(offset, why); }
    [[noreturn]] void expected(const std::string& what) const {
        fail(token_.offset, "expected " + what + ", found " + describe(token_));
    }

    // OR of ANDs (conjunction = false), or AND of factors (conjunction = true); operands of the same kind
    // that come from parentheses are merged, so the tree has one canonical shape.
    Node parse_junction(bool conjunction, int depth) {
        auto operand = [&] { return conjunction ? parse_factor(depth) : parse_junction(true, depth); };
        Node first = operand();
        if (!at_keyword(conjunction ? "AND" : "OR")) return first;
        Junction j{conjunction, {}};
        auto add = [&](Node n) {
            if (auto* inner = std::get_if<Junction>(&n.v); inner && inner->conjunction == conjunction) {
                for (auto& o : inner->operands) j.operands.push_back(std::move(o));
            } else {
                j.operands.push_back(std::move(n));
            }
        };
        const std::size_t offset = first.offset;
        add(std::move(first));
        while (at_keyword(conjunction ? "AND" : "OR")) {
            advance();
            add(operand());
        }
        return Node{offset, std::move(j)};
    }

    Node parse_factor(int depth) {
        const std::size_t offset = token_.offset;
        if (at_keyword("NOT") || token_.kind == TokenKind::LParen) {
            if (depth + 1 > kMaxSelectionDepth)
                fail(offset, "nesting deeper than " + std::to_string(kMaxSelectionDepth) + " (parentheses and NOTs)");
            if (at_keyword("NOT")) {
                advance();
                return Node{offset, Negation{std::make_unique<const Node>(parse_factor(depth + 1))}};
            }
            advance();
            Node inner = parse_junction(false, depth + 1);
            if (token_.kind != TokenKind::RParen) expected("')' to close the '(' at " + std::to_string(offset));
            advance();
            return inner;
        }
        return parse_predicate();
    }

    const Field& find_field(const Token& name) const {
        const Field* found = record_.field(name.text);  // an exact match wins over case-insensitive ones
        if (!found) {
            for (const auto& f : record_.fields) {
                if (!iequals(f.name, name.text)) continue;
                if (found)
                    fail(name.offset,
                         "column '" + name.text + "' is ambiguous: '" + found->name + "' and '" + f.name + "'");
                found = &f;
            }
        }
        if (!found) {
            if (name.kind == TokenKind::Word && is_reserved_word(name.text))
                fail(name.offset,
                     "SQL keyword '" + name.text + "' is not allowed: RecordSelection is a single condition");
            fail(name.offset, "unknown column '" + name.text + "' in " + record_.name);
        }
        if (found->type.kind == SqlKind::List)
            fail(name.offset,
                 "column '" + found->name + "' is a list of nested records and cannot be used in a condition");
        if (found->type.kind == SqlKind::Timestamp)
            fail(
                name.offset,
                "column '" + found->name +
                    "' is a timestamp (rowversion), opaque (spec/assumptions.md A-15), and cannot be used in a condition");
        return *found;
    }

    // A literal: 'text', N'text', [+|-]number or NULL.
    std::optional<RawOperand> try_literal() {
        RawOperand r;
        r.offset = token_.offset;
        r.description = describe(token_);
        if (token_.kind == TokenKind::Text) {
            r.literal = {Literal::Kind::Text, token_.text, token_.unicode};
        } else if (at_keyword("NULL")) {
            r.literal = {Literal::Kind::Null, {}, false};
            r.description = "NULL";
        } else if (token_.kind == TokenKind::Number || token_.kind == TokenKind::Minus ||
                   token_.kind == TokenKind::Plus) {
            std::string sign;
            if (token_.kind != TokenKind::Number) {
                sign = token_.kind == TokenKind::Minus ? "-" : "";
                advance();
                if (token_.kind != TokenKind::Number) expected("a number after the sign");
            }
            const auto value = Decimal::parse(sign + token_.text);
            r.literal = {Literal::Kind::Number, value->str(), false};
            r.description = "number " + value->str();
        } else {
            return std::nullopt;
        }
        advance();
        return r;
    }

    RawOperand parse_literal(const std::string& context) {
        if (auto r = try_literal()) return *r;
        if ((token_.kind == TokenKind::Word && !is_keyword(token_.text)) || token_.kind == TokenKind::BracketName)
            expected("a value (text, number or NULL) " + context + ", not a column");
        expected("a value (text, number or NULL) " + context);
    }

    // A column or a literal; `what` names it in errors ("a value after '='").
    RawOperand parse_operand(const std::string& what) {
        if (auto r = try_literal()) return *r;
        if ((token_.kind == TokenKind::Word && !is_keyword(token_.text)) || token_.kind == TokenKind::BracketName) {
            const Token name = token_;
            // Name SELECT, UNION, EXEC... before the lexer meets what follows them ('*', '@x', ...).
            if (name.kind == TokenKind::Word && is_reserved_word(name.text)) find_field(name);
            advance();
            if (name.kind == TokenKind::Word && token_.kind == TokenKind::LParen)
                fail(name.offset, "function calls ('" + name.text + "(') are not allowed");
            const Field& f = find_field(name);
            return {name.offset, Column{f.name, f.type}, {}, "'" + f.name + "'"};
        }
        if (token_.kind == TokenKind::LParen) expected(what + " (subqueries and parenthesised values are not allowed)");
        expected(what);
    }

    Operand convert(const RawOperand& raw, const Column& against, Domain domain) const {
        if (raw.column) return Operand{raw.column, {}, {}, {}, false};
        auto converted = convert_literal(raw.literal, against, domain);
        if (!converted.error.empty()) fail(raw.offset, converted.error);
        // A real compared as a double by some readings: the literal at double precision too.
        Scalar wide = domain == Domain::Single ? convert_literal(raw.literal, against, Domain::Double).value : Scalar{};
        return Operand{std::nullopt, raw.literal, std::move(converted.value), std::move(wide), converted.lenient};
    }

    Node parse_predicate() {
        const RawOperand left = parse_operand("a condition");
        if (token_.kind == TokenKind::Operator) return parse_comparison(left);

        bool negated = false;
        if (at_keyword("NOT")) {
            advance();
            negated = true;
            if (!at_keyword("LIKE") && !at_keyword("IN") && !at_keyword("BETWEEN"))
                expected("LIKE, IN or BETWEEN after NOT");
        }
        const bool known = at_keyword("LIKE") || at_keyword("IN") || at_keyword("BETWEEN") || at_keyword("IS");
        if (!known) expected("a comparison operator, LIKE, IN, BETWEEN or IS after " + left.description);
        if (!left.column)
            fail(left.offset, "expected a column before " + describe(token_) + ", found " + left.description);
        const Column& column = *left.column;
        const std::string keyword = token_.text;
        advance();
        if (iequals(keyword, "IS")) {
            const bool is_not = at_keyword("NOT");
            if (is_not) advance();
            if (!at_keyword("NULL")) expected(is_not ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
            advance();
            return Node{left.offset, NullPredicate{column, is_not}};
        }
        if (iequals(keyword, "LIKE")) return parse_like(left, negated);

        const Domain domain = domain_of(column.type);
        const Operand subject{column, {}, {}, {}, false};
        if (iequals(keyword, "IN")) {
            if (token_.kind != TokenKind::LParen) expected("'(' after IN");
            advance();
            InPredicate in{subject, negated, {}, domain};
            while (true) {
                if (in.values.size() == kMaxInListSize)
                    fail(token_.offset, "more than " + std::to_string(kMaxInListSize) + " values in an IN list");
                in.values.push_back(convert(parse_literal("in the IN list"), column, domain));
                if (token_.kind == TokenKind::RParen) break;
                if (token_.kind != TokenKind::Comma) expected("',' or ')' in the IN list");
                advance();
            }
            advance();
            return Node{left.offset, std::move(in)};
        }
        const RawOperand low = parse_literal("after BETWEEN");
        if (!at_keyword("AND")) expected("AND between the bounds of BETWEEN");
        advance();
        const RawOperand high = parse_literal("after BETWEEN ... AND");
        return Node{left.offset, BetweenPredicate{subject, negated, convert(low, column, domain),
                                                  convert(high, column, domain), domain}};
    }

    Node parse_comparison(const RawOperand& left) {
        static const std::pair<std::string_view, CompareOp> kOps[] = {
            {"=", CompareOp::Eq},  {"<>", CompareOp::Ne}, {"!=", CompareOp::Ne},
            {"<", CompareOp::Lt},  {"<=", CompareOp::Le}, {">", CompareOp::Gt},
            {">=", CompareOp::Ge}, {"!<", CompareOp::Ge}, {"!>", CompareOp::Le}};
        CompareOp op = CompareOp::Eq;
        for (const auto& [text, o] : kOps)
            if (token_.text == text) op = o;
        const std::string op_text = token_.text;
        advance();
        const RawOperand right = parse_operand("a value after '" + op_text + "'");
        if (!left.column && !right.column)
            fail(left.offset, "a comparison needs a column on at least one side, found " + left.description + " " +
                                  op_text + " " + right.description);
        Domain domain{};
        if (left.column && right.column) {
            const auto common = common_domain(left.column->type, right.column->type);
            if (!common)
                fail(left.offset, "cannot compare " + left.description + " (" + left.column->type.str() + ") with " +
                                      right.description + " (" + right.column->type.str() +
                                      "): SQL Server would convert one of them on every row, failing on some");
            domain = *common;
        } else {
            domain = domain_of(left.column ? left.column->type : right.column->type);
        }
        const Column& against = left.column ? *left.column : *right.column;
        return Node{left.offset,
                    Comparison{op, convert(left, against, domain), convert(right, against, domain), domain}};
    }

    Node parse_like(const RawOperand& left, bool negated) {
        const Column& column = *left.column;
        if (!column.type.is_text())
            fail(left.offset, "LIKE needs a text column; " + left.description + " is " + column.type.str());
        if (token_.kind != TokenKind::Text && !at_keyword("NULL")) expected("a quoted pattern after LIKE");
        const std::size_t pattern_offset = token_.offset;
        LikePredicate like{column, negated, try_literal()->literal, std::nullopt, std::nullopt, false};
        std::optional<char16_t> escape;
        if (at_keyword("ESCAPE")) {
            advance();
            if (token_.kind != TokenKind::Text) expected("a quoted character after ESCAPE");
            const auto units = to_utf16(*utf8_to_u32(token_.text));
            if (units.size() != 1)
                fail(token_.offset, "the ESCAPE text must be exactly one character, found " + describe(token_));
            escape = units[0];
            like.escape = Literal{Literal::Kind::Text, token_.text, token_.unicode};
            advance();
        }
        like.unicode = column.type.is_unicode_text() || like.pattern.unicode || (like.escape && like.escape->unicode);
        if (like.pattern.kind == Literal::Kind::Text) {
            LikeError error;
            like.compiled = compile_like(to_utf16(*utf8_to_u32(like.pattern.text)), escape, error);
            if (!like.compiled)
                fail(pattern_offset,
                     "LIKE pattern, at character " + std::to_string(error.index + 1) + ": " + error.message);
        }
        return Node{left.offset, std::move(like)};
    }

    Lexer lexer_;
    const Record& record_;
    Token token_;
};

}  // namespace
}  // namespace selection_impl

Selection Selection::parse(std::string_view text, const Record& record, bool code_page_literals) {
    using namespace selection_impl;
    if (text.size() > kMaxSelectionLength)
        throw SelectionError(kMaxSelectionLength,
                             "the condition is longer than " + std::to_string(kMaxSelectionLength) + " bytes");
    std::size_t bad = 0;
    if (!utf8_to_u32(text, &bad)) throw SelectionError(bad, "invalid UTF-8");
    Parser parser(text, record, code_page_literals);
    return Selection(std::make_shared<const Node>(parser.parse_condition()));
}

}  // namespace bds

// Writing a condition tree as T-SQL: parentheses where precedence needs them (NOT > AND > OR), the surface
// style drawn from a seed, literals quoted as T-SQL quotes them.
#include "generate/selection_condition.hpp"

#include <stdexcept>
#include <string_view>

#include "sql/text.hpp"

namespace bds::gen {
namespace {

/// The style's choices: splitmix64 from the seed; seed 0 always chooses the plain alternative (0).
class Dice {
public:
    explicit Dice(std::uint64_t seed) : plain_(seed == 0), state_(seed) {}
    int below(int n) {
        if (plain_) return 0;
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return static_cast<int>((z ^ (z >> 31)) % static_cast<std::uint64_t>(n));
    }
    bool chance(int percent) { return !plain_ && below(100) < percent; }
    bool plain() const { return plain_; }

private:
    bool plain_;
    std::uint64_t state_;
};

bool is_plain_identifier(std::string_view name) {
    if (name.empty()) return false;
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
    if (!letter(name[0])) return false;
    for (char c : name)
        if (!letter(c) && !(c >= '0' && c <= '9')) return false;
    return true;
}

char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }
char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

std::string sql_text(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string utf8(char32_t c) { return sql::to_utf8(std::u32string(1, c)); }

/// A piece of the text. Punctuation ( ) , and operators may touch their neighbours; words, names, numbers
/// and quoted texts are kept apart by at least one space.
struct Token {
    std::string text;
    bool punctuation = false;
};

class Writer {
public:
    Writer(std::uint64_t style, bool plain_names) : dice_(style), plain_names_(plain_names) {}

    std::string write(const Expr& e) {
        node(e, false);
        return join();
    }

private:
    void punct(std::string text) { tokens_.push_back({std::move(text), true}); }
    void word(std::string text) { tokens_.push_back({std::move(text), false}); }

    void keyword(std::string_view k) {
        std::string out(k);
        switch (dice_.below(4)) {
            case 0: break;
            case 1:
                for (auto& c : out) c = ascii_lower(c);
                break;
            case 2:
                for (std::size_t i = 1; i < out.size(); ++i) out[i] = ascii_lower(out[i]);
                break;
            default:
                for (auto& c : out)
                    if (dice_.below(2)) c = ascii_lower(c);
        }
        word(std::move(out));
    }

    void name(const std::string& n) {
        if (n.empty()) throw std::invalid_argument("to_tsql: a predicate without a column");
        if (plain_names_ && is_plain_identifier(n)) return word(n);
        std::string out = n;
        const int choice = dice_.below(4);
        if (choice >= 2) {
            const int casing = dice_.below(3);
            for (auto& c : out)
                c = casing == 0   ? ascii_upper(c)
                    : casing == 1 ? ascii_lower(c)
                                  : (dice_.below(2) ? ascii_upper(c) : ascii_lower(c));
        }
        if (choice == 1 || choice == 3 || !is_plain_identifier(n)) {
            std::string bracketed = "[";
            for (char c : out) bracketed += c == ']' ? std::string("]]") : std::string(1, c);
            out = bracketed + "]";
        }
        word(std::move(out));
    }

    void literal(const Literal& l) {
        switch (l.kind) {
            case Literal::Kind::Null: keyword("NULL"); return;
            case Literal::Kind::Number:
                if (l.text.empty()) throw std::invalid_argument("to_tsql: empty number");
                word(l.text);
                return;
            case Literal::Kind::Text:
                word((l.unicode ? (dice_.below(4) == 3 ? "n" : "N") : "") + sql_text(l.text));
                return;
        }
    }

    void operand(const Operand& o) {
        if (o.is_column())
            name(o.column);
        else
            literal(o.literal);
    }

    static bool escape_ok(char32_t c) {
        return c > 0x20 && c < 0x7F && std::u32string_view(U"%_[]^-'").find(c) == std::u32string_view::npos;
    }

    std::string pattern_text(const LikePattern& p) {
        std::string out;
        for (const auto& e : p.elements) {
            switch (e.kind) {
                case PatternElement::Kind::AnyOne: out += "_"; break;
                case PatternElement::Kind::AnyRun: out += "%"; break;
                case PatternElement::Kind::Char: {
                    const bool special = e.ch == U'%' || e.ch == U'_' || e.ch == U'[';
                    if (p.escape && (special || e.ch == *p.escape))
                        out += utf8(*p.escape) + utf8(e.ch);
                    else if (special)
                        out += "[" + utf8(e.ch) + "]";
                    else
                        out += utf8(e.ch);
                    break;
                }
                case PatternElement::Kind::Set: {
                    if (e.members.empty()) throw std::invalid_argument("to_tsql: empty LIKE set");
                    out += e.negated ? "[^" : "[";
                    for (const auto& [lo, hi] : e.members) {
                        for (char32_t c : {lo, hi})
                            if (c == U']' || c == U'[' || c == U'^' || c == U'-' || (p.escape && c == *p.escape))
                                throw std::invalid_argument("to_tsql: character U+" + sql::hex_code_point(c) +
                                                            " in a LIKE set");
                        out += utf8(lo);
                        if (hi != lo) out += "-" + utf8(hi);
                    }
                    out += "]";
                    break;
                }
            }
        }
        return out;
    }

    void predicate_negation(bool negated) {
        if (negated) keyword("NOT");
    }

    void node(const Expr& e, bool needs_parens) {
        int parens = needs_parens ? 1 : 0;
        if (dice_.chance(12)) parens += dice_.chance(25) ? 2 : 1;
        for (int i = 0; i < parens; ++i) punct("(");
        switch (e.kind) {
            case Expr::Kind::Compare:
                if (!e.left.is_column() && !e.right.is_column())
                    throw std::invalid_argument("to_tsql: a comparison without a column");
                operand(e.left);
                punct(spelling(e.op));
                operand(e.right);
                break;
            case Expr::Kind::Like:
                name(e.column);
                predicate_negation(e.negated);
                keyword("LIKE");
                if (e.pattern.null) {
                    keyword("NULL");
                } else {
                    word((e.pattern.unicode ? "N" : "") + sql_text(pattern_text(e.pattern)));
                }
                if (e.pattern.escape) {
                    if (!escape_ok(*e.pattern.escape))
                        throw std::invalid_argument("to_tsql: unusable ESCAPE character");
                    keyword("ESCAPE");
                    word(sql_text(utf8(*e.pattern.escape)));
                }
                break;
            case Expr::Kind::In:
                if (e.values.empty()) throw std::invalid_argument("to_tsql: IN without values");
                name(e.column);
                predicate_negation(e.negated);
                keyword("IN");
                punct("(");
                for (std::size_t i = 0; i < e.values.size(); ++i) {
                    if (i > 0) punct(",");
                    literal(e.values[i]);
                }
                punct(")");
                break;
            case Expr::Kind::Between:
                if (e.values.size() != 2) throw std::invalid_argument("to_tsql: BETWEEN needs two values");
                name(e.column);
                predicate_negation(e.negated);
                keyword("BETWEEN");
                literal(e.values[0]);
                keyword("AND");
                literal(e.values[1]);
                break;
            case Expr::Kind::IsNull:
                name(e.column);
                keyword("IS");
                predicate_negation(e.negated);
                keyword("NULL");
                break;
            case Expr::Kind::Not: {
                if (e.operands.size() != 1) throw std::invalid_argument("to_tsql: NOT needs one operand");
                keyword("NOT");
                const auto k = e.operands[0].kind;
                node(e.operands[0], k == Expr::Kind::And || k == Expr::Kind::Or);
                break;
            }
            case Expr::Kind::And:
            case Expr::Kind::Or: {
                if (e.operands.size() < 2) throw std::invalid_argument("to_tsql: AND/OR needs two operands");
                const bool conjunction = e.kind == Expr::Kind::And;
                for (std::size_t i = 0; i < e.operands.size(); ++i) {
                    if (i > 0) keyword(conjunction ? "AND" : "OR");
                    // NOT binds tighter than AND, AND tighter than OR: only an OR inside an AND needs them.
                    node(e.operands[i], conjunction && e.operands[i].kind == Expr::Kind::Or);
                }
                break;
            }
        }
        for (int i = 0; i < parens; ++i) punct(")");
    }

    std::string join() {
        std::string out;
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            if (i > 0) {
                const Token& a = tokens_[i - 1];
                const Token& b = tokens_[i];
                if (dice_.plain()) {
                    if (a.text != "(" && b.text != ")" && b.text != ",") out += " ";
                } else if (a.punctuation || b.punctuation) {
                    static constexpr const char* kTight[] = {"", " ", "", "  "};
                    out += kTight[dice_.below(4)];
                } else {
                    static constexpr const char* kApart[] = {" ", " ", "  ", "\t"};
                    out += kApart[dice_.below(4)];
                }
            }
            out += tokens_[i].text;
        }
        return out;
    }

    Dice dice_;
    bool plain_names_;
    std::vector<Token> tokens_;
};

}  // namespace

const char* spelling(CompareOp op) {
    switch (op) {
        case CompareOp::Eq: return "=";
        case CompareOp::Ne: return "<>";
        case CompareOp::NeBang: return "!=";
        case CompareOp::Lt: return "<";
        case CompareOp::Le: return "<=";
        case CompareOp::Gt: return ">";
        case CompareOp::Ge: return ">=";
        case CompareOp::NotLt: return "!<";
        case CompareOp::NotGt: return "!>";
    }
    return "=";
}

std::string to_tsql(const Expr& expr, std::uint64_t style, bool plain_names) {
    return Writer(style, plain_names).write(expr);
}

}  // namespace bds::gen

#pragma once
/// The defects of how a server reads the SQL every database shares in RecordSelection (000 §4.1 rule 1, A-18): NULL
/// under <>, NOT and NOT IN, the precedence of NOT, AND and OR, BETWEEN's bounds, LIKE's _ and ESCAPE. Each rewrites
/// the text the stub then reads, so the stub's database gets the rewritten text too; where to splice comes
/// from the text's tokens (selection/lexer.hpp). A text that does not lex is left as sent: the stub refuses it anyway.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "selection/lexer.hpp"
#include "selection/selection.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// A token of a RecordSelection: the lexer's, with where it ends and its parenthesis depth.
struct EdgeToken {
    selection_impl::TokenKind kind;
    std::size_t begin = 0, end = 0;
    std::string text;  ///< the lexer's value; a word in lower case
    bool unicode = false;
    int depth = 0;       ///< parentheses open around it ('(' and ')' at the depth outside them)
    bool joins = false;  ///< an AND or OR joining conditions (not the AND of BETWEEN x AND y)
};

/// The tokens of `text`, or nullopt when it does not lex or its parentheses do not pair.
inline std::optional<std::vector<EdgeToken>> edge_tokens(std::string_view text) {
    using selection_impl::TokenKind;
    std::vector<EdgeToken> out;
    std::vector<bool> between{false};  // per depth: a BETWEEN waits for its AND
    try {
        selection_impl::Lexer lexer(text, false);
        for (auto t = lexer.next(); t.kind != TokenKind::End; t = lexer.next()) {
            EdgeToken e{t.kind, t.offset, lexer.position(), t.text, t.unicode, static_cast<int>(between.size()) - 1};
            if (t.kind == TokenKind::Word)
                std::transform(e.text.begin(), e.text.end(), e.text.begin(),
                               [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (t.kind == TokenKind::LParen) between.push_back(false);
            if (t.kind == TokenKind::RParen) {
                if (between.size() == 1) return std::nullopt;
                between.pop_back();
                e.depth = static_cast<int>(between.size()) - 1;
            }
            if (e.text == "between" && t.kind == TokenKind::Word) between.back() = true;
            if (t.kind == TokenKind::Word && (e.text == "and" || e.text == "or")) {
                e.joins = !(e.text == "and" && between.back());
                if (e.text == "and") between.back() = false;
            }
            out.push_back(std::move(e));
        }
    } catch (const SelectionError&) {
        return std::nullopt;
    }
    if (between.size() != 1) return std::nullopt;
    return out;
}

/// Text `text` takes the place of [begin, end) (an insertion when they are equal).
struct Splice {
    std::size_t begin, end;
    std::string text;
};

/// `text` with `splices` made. Splices do not overlap; of insertions at one place, a later one goes left of an earlier.
inline std::string spliced(std::string text, std::vector<Splice> splices) {
    std::stable_sort(splices.begin(), splices.end(),
                     [](const Splice& a, const Splice& b) { return a.begin > b.begin; });
    for (const auto& s : splices) text.replace(s.begin, s.end - s.begin, s.text);
    return text;
}

inline bool is_word(const EdgeToken& t, std::string_view lower) {
    return t.kind == selection_impl::TokenKind::Word && t.text == lower;
}

/// A column: a bracketed name, or a word that is not a keyword.
inline bool is_column(const EdgeToken& t) {
    return t.kind == selection_impl::TokenKind::BracketName ||
           (t.kind == selection_impl::TokenKind::Word && !selection_impl::is_keyword(t.text));
}

inline bool is_sign(const EdgeToken& t) {
    return t.kind == selection_impl::TokenKind::Minus || t.kind == selection_impl::TokenKind::Plus;
}

/// A NOT in front of a condition (not x NOT LIKE, NOT IN, NOT BETWEEN, nor IS NOT NULL).
inline bool prefix_not(const std::vector<EdgeToken>& ts, std::size_t i) {
    if (!is_word(ts[i], "not")) return false;
    if (i == 0 || ts[i - 1].kind == selection_impl::TokenKind::LParen) return true;
    return ts[i - 1].joins || is_word(ts[i - 1], "not");
}

/// The index past the last token of the parentheses' group holding token `i`: its ')' or the end.
inline std::size_t group_end(const std::vector<EdgeToken>& ts, std::size_t i) {
    for (std::size_t j = i + 1; j < ts.size(); ++j)
        if (ts[j].kind == selection_impl::TokenKind::RParen && ts[j].depth < ts[i].depth) return j;
    return ts.size();
}

/// The index past the ')' pairing the '(' at `i`.
inline std::size_t paren_end(const std::vector<EdgeToken>& ts, std::size_t i) {
    for (std::size_t j = i + 1; j < ts.size(); ++j)
        if (ts[j].kind == selection_impl::TokenKind::RParen && ts[j].depth == ts[i].depth) return j + 1;
    return ts.size();
}

/// The index of the next AND or OR (`which`: "or" for ORs only) joining conditions at token `i`'s depth, or of its
/// group's end.
inline std::size_t junction_end(const std::vector<EdgeToken>& ts, std::size_t i, std::string_view which = "") {
    const std::size_t end = group_end(ts, i);
    for (std::size_t j = i + 1; j < end; ++j)
        if (ts[j].joins && ts[j].depth == ts[i].depth && (which.empty() || ts[j].text == which)) return j;
    return end;
}

/// The index past the condition a prefix NOT at `i` negates: a parenthesised group, or a predicate.
inline std::size_t negated_end(const std::vector<EdgeToken>& ts, std::size_t i) {
    if (i + 1 < ts.size() && ts[i + 1].kind == selection_impl::TokenKind::LParen) return paren_end(ts, i + 1);
    return junction_end(ts, i);
}

/// The source text of tokens [first, last).
inline std::string token_source(const std::string& text, const std::vector<EdgeToken>& ts, std::size_t first,
                                std::size_t last) {
    return text.substr(ts[first].begin, ts[last - 1].end - ts[first].begin);
}

/// The index past a literal starting at `i` (a sign and its number count as one).
inline std::size_t literal_end(const std::vector<EdgeToken>& ts, std::size_t i) {
    return i + 1 < ts.size() && is_sign(ts[i]) ? i + 2 : i + 1;
}

/// A BETWEEN at `i`: its column's token, whether NOT BETWEEN, and its bounds as token ranges.
struct BetweenAt {
    std::size_t column, low, low_end, high, high_end;
    bool negated;
};

inline std::optional<BetweenAt> between_at(const std::vector<EdgeToken>& ts, std::size_t i) {
    if (!is_word(ts[i], "between") || i == 0) return std::nullopt;
    const bool negated = is_word(ts[i - 1], "not");
    if (negated && i < 2) return std::nullopt;
    BetweenAt b{negated ? i - 2 : i - 1, i + 1, literal_end(ts, i + 1), 0, 0, negated};
    if (b.low_end >= ts.size() || !is_word(ts[b.low_end], "and") || ts[b.low_end].joins) return std::nullopt;
    b.high = b.low_end + 1;
    b.high_end = literal_end(ts, b.high);
    if (b.high_end > ts.size()) return std::nullopt;
    return b;
}

/// A text literal of `content`, quotes doubled; N'…' when `unicode`.
inline std::string quoted_literal(const std::string& content, bool unicode) {
    std::string out = unicode ? "N'" : "'";
    for (const char c : content) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

/// A defect that rewrites the RecordSelection: `splices` says what to change in a text that lexes.
struct SelectionRewrite : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const final {
        if (!text) return text;
        const auto tokens = edge_tokens(*text);
        if (!tokens) return text;
        return spliced(*text, splices(*text, *tokens));
    }
    virtual std::vector<Splice> splices(const std::string& text, const std::vector<EdgeToken>& ts) const = 0;
};

/// `a <> b` also selects rows where a column side is NULL: `(a <> b OR a IS NULL)`.
struct NeMatchesNull : SelectionRewrite {
    std::vector<Splice> splices(const std::string& text, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t k = 1; k + 1 < ts.size(); ++k) {
            if (ts[k].kind != selection_impl::TokenKind::Operator || (ts[k].text != "<>" && ts[k].text != "!="))
                continue;
            const std::size_t left = k >= 2 && is_sign(ts[k - 2]) ? k - 2 : k - 1, right_end = literal_end(ts, k + 1);
            if (right_end > ts.size()) continue;
            std::string nulls;
            for (const std::size_t side : {k - 1, k + 1})
                if (is_column(ts[side])) nulls += " OR " + token_source(text, ts, side, side + 1) + " IS NULL";
            if (nulls.empty()) continue;
            out.push_back({ts[left].begin, ts[left].begin, "("});
            out.push_back({ts[right_end - 1].end, ts[right_end - 1].end, nulls + ")"});
        }
        return out;
    }
};

/// NOT of an UNKNOWN condition is true: `NOT p` → `(NOT p OR c IS NULL …)` for each column c of p.
struct NotTwoValued : SelectionRewrite {
    std::vector<Splice> splices(const std::string& text, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
            if (!prefix_not(ts, i)) continue;
            const std::size_t end = negated_end(ts, i);
            std::vector<std::string> seen;  // columns, in lower case
            std::string nulls;
            for (std::size_t j = i + 1; j < end; ++j) {
                if (!is_column(ts[j]) || std::find(seen.begin(), seen.end(), ts[j].text) != seen.end()) continue;
                seen.push_back(ts[j].text);
                nulls += " OR " + token_source(text, ts, j, j + 1) + " IS NULL";
            }
            if (nulls.empty()) continue;
            out.push_back({ts[i].begin, ts[i].begin, "("});
            out.push_back({ts[end - 1].end, ts[end - 1].end, nulls + ")"});
        }
        return out;
    }
};

/// The NULL items of an IN list are dropped (a list of only NULLs is left): `x NOT IN ('a', NULL)` selects rows.
struct NotInDropsNull : SelectionRewrite {
    std::vector<Splice> splices(const std::string&, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
            if (!is_word(ts[i], "in") || ts[i + 1].kind != selection_impl::TokenKind::LParen) continue;
            const std::size_t close = paren_end(ts, i + 1) - 1;
            std::vector<std::size_t> items;  // each item's first token; items are separated by commas
            for (std::size_t j = i + 2; j < close; j = literal_end(ts, j) + 1) items.push_back(j);
            const auto is_null = [&](std::size_t j) { return is_word(ts[j], "null"); };
            if (std::all_of(items.begin(), items.end(), is_null)) continue;
            bool kept_before = false;
            for (const std::size_t j : items) {
                if (!is_null(j)) {
                    kept_before = true;
                } else if (kept_before) {
                    out.push_back({ts[j - 1].begin, ts[j].end, ""});  // ", NULL"
                } else if (j + 2 < close) {
                    out.push_back({ts[j].begin, ts[j + 2].begin, ""});  // "NULL, "
                }
            }
        }
        return out;
    }
};

/// AND and OR of one level read left to right, with no precedence: `a OR b AND c` → `((a OR b) AND c)`.
struct AndOrLeftToRight : SelectionRewrite {
    std::vector<Splice> splices(const std::string&, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        const auto group = [&](std::size_t first, std::size_t end) {
            std::vector<std::size_t> ops;
            for (std::size_t j = first; j < end; ++j)
                if (ts[j].joins && ts[j].depth == ts[first].depth) ops.push_back(j);
            const auto is_or = [&](std::size_t j) { return ts[j].text == "or"; };
            if (std::all_of(ops.begin(), ops.end(), is_or) || std::none_of(ops.begin(), ops.end(), is_or)) return;
            out.push_back({ts[first].begin, ts[first].begin, std::string(ops.size() - 1, '(')});
            for (std::size_t k = 1; k < ops.size(); ++k) out.push_back({ts[ops[k] - 1].end, ts[ops[k] - 1].end, ")"});
        };
        if (!ts.empty()) group(0, ts.size());
        for (std::size_t i = 0; i + 2 < ts.size(); ++i)
            if (ts[i].kind == selection_impl::TokenKind::LParen) group(i + 1, paren_end(ts, i) - 1);
        return out;
    }
};

/// A NOT negates the rest of its conjunction: `NOT x AND y` → `NOT (x AND y)`.
struct NotBindsLoosely : SelectionRewrite {
    std::vector<Splice> splices(const std::string&, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
            if (!prefix_not(ts, i)) continue;
            const std::size_t end = junction_end(ts, i, "or");
            if (junction_end(ts, i) >= end) continue;  // no AND before the OR or the group's end
            out.push_back({ts[i + 1].begin, ts[i + 1].begin, "("});
            out.push_back({ts[end - 1].end, ts[end - 1].end, ")"});
        }
        return out;
    }
};

/// BETWEEN leaves its bounds out: `c BETWEEN a AND b` → `(c > a AND c < b)`.
struct BetweenExclusive : SelectionRewrite {
    std::vector<Splice> splices(const std::string& text, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 0; i < ts.size(); ++i) {
            const auto b = between_at(ts, i);
            if (!b) continue;
            const std::string c = token_source(text, ts, b->column, b->column + 1);
            out.push_back({ts[b->column].begin, ts[b->high_end - 1].end,
                           std::string(b->negated ? "NOT " : "") + "(" + c + " > " +
                               token_source(text, ts, b->low, b->low_end) + " AND " + c + " < " +
                               token_source(text, ts, b->high, b->high_end) + ")"});
        }
        return out;
    }
};

/// BETWEEN with numeric bounds in reverse order swaps them: `n BETWEEN 3 AND 2` reads as `n BETWEEN 2 AND 3`.
struct BetweenSwapsBounds : SelectionRewrite {
    std::vector<Splice> splices(const std::string& text, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        const auto number = [&](std::size_t first, std::size_t end) -> std::optional<double> {
            if (ts[end - 1].kind != selection_impl::TokenKind::Number) return std::nullopt;
            const double v = std::strtod(ts[end - 1].text.c_str(), nullptr);
            return end - first == 2 && ts[first].kind == selection_impl::TokenKind::Minus ? -v : v;
        };
        for (std::size_t i = 0; i < ts.size(); ++i) {
            const auto b = between_at(ts, i);
            if (!b) continue;
            const auto low = number(b->low, b->low_end), high = number(b->high, b->high_end);
            if (!low || !high || *low <= *high) continue;
            out.push_back({ts[b->low].begin, ts[b->low_end - 1].end, token_source(text, ts, b->high, b->high_end)});
            out.push_back({ts[b->high].begin, ts[b->high_end - 1].end, token_source(text, ts, b->low, b->low_end)});
        }
        return out;
    }
};

/// LIKE's _ matches only itself (only % is a wildcard): each unescaped _ of a pattern is escaped, with the pattern's
/// ESCAPE character or with `ESCAPE '!'` added.
struct LikeUnderscoreLiteral : SelectionRewrite {
    std::vector<Splice> splices(const std::string&, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
            const EdgeToken& p = ts[i + 1];
            if (!is_word(ts[i], "like") || p.kind != selection_impl::TokenKind::Text) continue;
            if (p.text.find('_') == std::string::npos) continue;
            const bool has_escape = i + 3 < ts.size() && is_word(ts[i + 2], "escape") &&
                                    ts[i + 3].kind == selection_impl::TokenKind::Text && !ts[i + 3].text.empty();
            const std::string esc = has_escape ? ts[i + 3].text : "!";
            std::string pattern;
            for (std::size_t k = 0; k < p.text.size(); ++k) {
                if (p.text.compare(k, esc.size(), esc) == 0) {
                    pattern += esc;
                    k += esc.size() - 1;
                    if (has_escape && k + 1 < p.text.size())
                        pattern += p.text[++k];  // the escaped character
                    else if (!has_escape)
                        pattern += esc;  // '!' itself, now escaped
                } else {
                    pattern += p.text[k] == '_' ? esc + "_" : std::string(1, p.text[k]);
                }
            }
            out.push_back({p.begin, p.end, quoted_literal(pattern, p.unicode) + (has_escape ? "" : " ESCAPE '!'")});
        }
        return out;
    }
};

/// LIKE's ESCAPE clause is dropped: the escape character is an ordinary one.
struct LikeEscapeIgnored : SelectionRewrite {
    std::vector<Splice> splices(const std::string&, const std::vector<EdgeToken>& ts) const override {
        std::vector<Splice> out;
        for (std::size_t i = 1; i + 1 < ts.size(); ++i)
            if (is_word(ts[i], "escape") && ts[i + 1].kind == selection_impl::TokenKind::Text)
                out.push_back({ts[i - 1].end, ts[i + 1].end, ""});
        return out;
    }
};

}  // namespace bds::stub::defect_policies

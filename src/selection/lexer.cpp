#include "selection/lexer.hpp"

#include <cstdio>

#include "common/text.hpp"
#include "selection/selection.hpp"
#include "selection/sql_values.hpp"

namespace bds::selection_impl {
namespace {

bool is_word_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_word_char(char c) { return is_word_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string code_point_name(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

// The character at `pos` for an error message: 'x' for printable ASCII, U+XXXX otherwise.
std::string character_at(std::string_view text, std::size_t pos) {
    const auto b = static_cast<unsigned char>(text[pos]);
    if (b >= 0x21 && b < 0x7F) return std::string("'") + text[pos] + "'";
    std::size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    const auto decoded = utf8_to_u32(text.substr(pos, len));
    return "character " + code_point_name(decoded && !decoded->empty() ? (*decoded)[0] : b);
}

constexpr std::size_t kMaxNumberDigits = 38;  // SQL Server's numeric precision

}  // namespace

Token Lexer::next() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    const std::size_t start = pos_;
    if (pos_ == text_.size()) return {TokenKind::End, start, {}, false};
    const char c = text_[pos_];
    const char c1 = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
    auto single = [&](TokenKind kind, std::size_t len) {
        pos_ += len;
        return Token{kind, start, std::string(text_.substr(start, len)), false};
    };
    auto refuse = [&](const std::string& why) -> Token { throw SelectionError(start, why); };

    if ((c == 'N' || c == 'n') && c1 == '\'') {
        ++pos_;
        return quoted_text(start, true);
    }
    if (is_word_start(c)) {
        while (pos_ < text_.size() && is_word_char(text_[pos_])) ++pos_;
        return {TokenKind::Word, start, std::string(text_.substr(start, pos_ - start)), false};
    }
    if (c == '\'') return quoted_text(start, false);
    if (c == '[') return bracket_name(start);
    if (is_digit(c) || (c == '.' && is_digit(c1))) return number(start);
    switch (c) {
        case '=': return single(TokenKind::Operator, 1);
        case '<': return single(TokenKind::Operator, (c1 == '=' || c1 == '>') ? 2 : 1);
        case '>': return single(TokenKind::Operator, c1 == '=' ? 2 : 1);
        case '!':
            if (c1 == '=' || c1 == '<' || c1 == '>') return single(TokenKind::Operator, 2);
            return refuse("unexpected '!': expected '!=', '!<' or '!>'");
        case '(': return single(TokenKind::LParen, 1);
        case ')': return single(TokenKind::RParen, 1);
        case ',': return single(TokenKind::Comma, 1);
        case '+': return single(TokenKind::Plus, 1);
        case '-':
            if (c1 == '-') return refuse("comments ('--') are not allowed");
            return single(TokenKind::Minus, 1);
        case '/':
            if (c1 == '*') return refuse("comments ('/*') are not allowed");
            return refuse("unexpected '/': arithmetic is not allowed");
        case '*':
        case '%':
        case '&':
        case '|':
        case '^':
        case '~':
            return refuse("unexpected " + character_at(text_, start) +
                          ": arithmetic and bitwise operators are not allowed");
        case ';': return refuse("';' is not allowed: a RecordSelection is one condition, not a list of statements");
        case '"':
            return refuse(
                "unexpected '\"': double quotes delimit names in T-SQL; quote text with single quotes ('...')");
        case '@': return refuse("variables ('@name') are not allowed");
        case '.': return refuse("unexpected '.': qualified names (table.column) are not allowed");
        case ']': return refuse("unexpected ']' without a matching '['");
        default: break;
    }
    return refuse("unexpected " + character_at(text_, start));
}

bool Lexer::closes(char close, std::string& out) {
    if (pos_ + 1 < text_.size() && text_[pos_ + 1] == close) {  // doubled: one of it, kept
        out.push_back(close);
        pos_ += 2;
        return false;
    }
    ++pos_;
    return true;
}

Token Lexer::quoted_text(std::size_t start, bool unicode) {
    ++pos_;  // the opening quote
    std::string content;
    while (true) {
        if (pos_ >= text_.size())
            throw SelectionError(start, "unterminated text: the quote opened here is never closed");
        const char c = text_[pos_];
        if (c == '\'') {
            if (closes(c, content)) break;
            continue;
        }
        if (!unicode && code_page_ && static_cast<unsigned char>(c) >= 0x80) {
            // A non-Unicode literal is converted to the database code page before anything else:
            // characters outside it become '?' or a "best fit" letter, which we cannot reproduce.
            std::size_t len = 1;
            while (pos_ + len < text_.size() && (static_cast<unsigned char>(text_[pos_ + len]) & 0xC0) == 0x80) ++len;
            const auto decoded = utf8_to_u32(text_.substr(pos_, len));
            if (decoded && decoded->size() == 1 && !in_windows_1252((*decoded)[0]))
                throw SelectionError(
                    pos_,
                    "character " + code_point_name((*decoded)[0]) +
                        " is not in Windows-1252, so SQL Server would replace it in a '...' literal: write N'...'");
        }
        content.push_back(c);
        ++pos_;
    }
    return {TokenKind::Text, start, std::move(content), unicode};
}

Token Lexer::bracket_name(std::size_t start) {
    ++pos_;
    std::string name;
    while (true) {
        if (pos_ >= text_.size()) throw SelectionError(start, "unterminated name: the '[' opened here is never closed");
        const char c = text_[pos_];
        if (c == ']') {
            if (closes(c, name)) break;
            continue;
        }
        name.push_back(c);
        ++pos_;
    }
    if (name.empty()) throw SelectionError(start, "empty name '[]'");
    return {TokenKind::BracketName, start, std::move(name), false};
}

Token Lexer::number(std::size_t start) {
    std::size_t digits = 0;
    bool seen_point = false;
    while (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (is_digit(c)) {
            // Leading zeros of the integer part do not count towards SQL Server's precision.
            if (digits > 0 || c != '0' || seen_point) ++digits;
        } else if (c == '.' && !seen_point) {
            seen_point = true;
        } else {
            break;
        }
        ++pos_;
    }
    if (digits > kMaxNumberDigits)
        throw SelectionError(start, "number with more than 38 digits (SQL Server's numeric precision)");
    if (pos_ < text_.size()) {
        const char c = text_[pos_];
        if (c == 'e' || c == 'E')
            throw SelectionError(pos_,
                                 "exponent notation (a float literal) is not supported; write the number in full");
        if (c == 'x' || c == 'X') throw SelectionError(start, "binary literals (0x...) are not allowed");
        if (is_word_char(c) || c == '.')
            throw SelectionError(pos_, "unexpected " + character_at(text_, pos_) + " right after a number");
    }
    return {TokenKind::Number, start, std::string(text_.substr(start, pos_ - start)), false};
}

bool is_keyword(std::string_view word) {
    for (std::string_view k : {"AND", "OR", "NOT", "LIKE", "IN", "BETWEEN", "IS", "NULL", "ESCAPE"})
        if (iequals(word, k)) return true;
    return false;
}

bool is_reserved_word(std::string_view word) {
    static constexpr std::string_view kWords[] = {
        "ALL",     "ALTER",    "ANY",    "BEGIN",   "BULK",      "CASE",       "CAST",   "COLLATE", "CONTAINS",
        "CONVERT", "CREATE",   "DBCC",   "DECLARE", "DELETE",    "DROP",       "ELSE",   "END",     "EXCEPT",
        "EXEC",    "EXECUTE",  "EXISTS", "FROM",    "GRANT",     "GROUP",      "HAVING", "INSERT",  "INTERSECT",
        "INTO",    "JOIN",     "KILL",   "MERGE",   "OPENQUERY", "OPENROWSET", "ORDER",  "REVOKE",  "SELECT",
        "SET",     "SHUTDOWN", "SOME",   "THEN",    "TOP",       "TRUNCATE",   "UNION",  "UPDATE",  "USE",
        "WAITFOR", "WHEN",     "WHERE",  "WITH"};
    for (std::string_view k : kWords)
        if (iequals(word, k)) return true;
    return false;
}

std::string describe(const Token& token) {
    switch (token.kind) {
        case TokenKind::End: return "end of input";
        case TokenKind::Word: return "'" + token.text + "'";
        case TokenKind::BracketName: return "'[" + token.text + "]'";
        case TokenKind::Number: return "number " + token.text;
        case TokenKind::Text: {
            // Cut long texts at a character boundary.
            std::string shown = token.text;
            if (shown.size() > 24) {
                shown = shown.substr(0, utf8_cut(shown, 24)) + "...";
            }
            return std::string("text ") + (token.unicode ? "N'" : "'") + shown + "'";
        }
        default: return "'" + token.text + "'";
    }
}

}  // namespace bds::selection_impl

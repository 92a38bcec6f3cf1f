#pragma once
/// Tokens of the RecordSelection language. Internal to src/selection.
#include <cstddef>
#include <string>
#include <string_view>

namespace bds::selection_impl {

enum class TokenKind {
    End,          ///< end of input
    Word,         ///< a bare identifier or keyword: [A-Za-z_][A-Za-z0-9_]*
    BracketName,  ///< [name], `text` holds the name with ']]' undone
    Text,         ///< '...' or N'...', `text` holds the UTF-8 content with '' undone
    Number,       ///< digits[.digits] or .digits, unsigned (signs are tokens)
    Operator,     ///< = <> != < <= > >= !< !>
    Minus,
    Plus,
    LParen,
    RParen,
    Comma,
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::size_t offset = 0;  ///< byte offset of the token's first character in the condition
    std::string text;        ///< the token's value (see TokenKind)
    bool unicode = false;    ///< Text: written N'...'
};

/// Splits a condition into tokens on demand. Refuses, with a SelectionError at the offending byte,
/// everything the language does not have: comments (-- and /* */), ';', double-quoted names, variables
/// (@x), exponent and binary literals, unterminated quotes and brackets, control characters and
/// non-ASCII characters outside quotes. The caller has already checked that the text is valid UTF-8.
class Lexer {
public:
    /// `code_page`: a '...' literal is read in Windows-1252, as SQL Server reads it (other characters refused).
    explicit Lexer(std::string_view text, bool code_page = true) : text_(text), code_page_(code_page) {}
    /// The next token; End (repeatedly) at the end of input.
    Token next();
    /// The byte offset just past the last token next() returned: where that token ends.
    std::size_t position() const { return pos_; }

private:
    Token quoted_text(std::size_t start, bool unicode);
    Token bracket_name(std::size_t start);
    /// At `close` (a quote or ']'): true when it ends the token (it is passed), false when it is doubled (both are
    /// passed and one is kept in `out`).
    bool closes(char close, std::string& out);
    Token number(std::size_t start);

    std::string_view text_;
    bool code_page_;
    std::size_t pos_ = 0;
};

/// The grammar's keywords (AND OR NOT LIKE IN BETWEEN IS NULL ESCAPE), case-insensitively.
bool is_keyword(std::string_view word);

/// T-SQL words that start statements, subqueries or expressions we do not have (SELECT, UNION, EXEC, CASE,
/// ...), case-insensitively: named in error messages, and written in brackets when a field is so named.
bool is_reserved_word(std::string_view word);

/// How a token is named in error messages: 'AND', text 'abc', number 12, end of input.
std::string describe(const Token& token);

}  // namespace bds::selection_impl

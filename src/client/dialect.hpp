#pragma once
/// The literal forms a target's RecordSelection accepts and selects correctly (spec/assumptions.md A-114). The seeds
/// show the condition's shape, not its dialect (000 §4.1: "a comparison of a field with a quoted text, joined by and;
/// numbers are unquoted"), and the same text means different things in different engines: N'…' is T-SQL's Unicode
/// literal, a syntax error in SQLite, and MariaDB's 3-byte utf8; a bit column compares with 1 in SQL Server, with true
/// or '1' in PostgreSQL's boolean. The harness's own reads (of the records it wrote) use only the forms the target
/// showed it accepts: found by ENG-03's probe before the checks, stated in the target file (`"dialect"`), or learnt
/// when a read is refused and another form is accepted.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"

namespace bds::client {

struct Dialect {
    /// How a text literal is written: '…' or N'…'.
    enum class Text : std::uint8_t { Plain, National };
    /// For texts within Windows-1252 (SQL Server reads '…' in its code page), with other characters of the Basic
    /// Multilingual Plane, and with characters beyond U+FFFF (MariaDB's N'…' is 3-byte utf8).
    Text latin = Text::Plain, bmp = Text::National, astral = Text::National;
    /// How a bit column's 1 and 0 are written: 1/0 (SQL Server, MariaDB, SQLite, PostgreSQL's smallint), true/false
    /// (PostgreSQL's boolean, MariaDB), '1'/'0' (converted by every engine we know).
    enum class Bit : std::uint8_t { Number, Boolean, Quoted } bit = Bit::Number;
    /// A backslash in a quoted text is an escape character (MariaDB's and MySQL's default sql_mode): written doubled.
    bool backslash_escapes = false;

    /// The form a text with this UTF-8 content is written in.
    Text text_form(const std::string& utf8) const;
    /// The literal of `value`, quotes doubled.
    std::string text_literal(const std::string& value) const;
    std::string bit_literal(bool value) const;
    /// "texts '…' within Windows-1252, N'…' beyond it and beyond U+FFFF; bits 1/0".
    std::string describe() const;

    friend bool operator==(const Dialect&, const Dialect&) = default;
};

/// The target file's `"dialect"` ({"latin_text", "bmp_text", "astral_text": "plain"|"national", "bit":
/// "number"|"boolean"|"quoted", "backslash": "literal"|"escape"}; members left out keep the default's).
/// std::invalid_argument naming a bad value.
Dialect dialect_from_json(const nlohmann::json& doc);
/// The names of a Text and a Bit form as the target file writes them.
std::string to_string(Dialect::Text form);
std::string to_string(Dialect::Bit form);

/// The dialect a run's own reads use, shared by every Api of the run; thread-safe. It starts as the target file's
/// (or SQL Server's forms), is set by ENG-03's probe, and is changed when a read refused in one form is accepted in
/// another (each change noted).
class DialectState {
public:
    DialectState(const Catalogue& catalogue, std::optional<Dialect> declared);

    Dialect get() const;
    /// Whether the target file states the dialect (then nothing probes or changes it).
    bool declared() const { return declared_; }
    /// Whether the dialect is known: stated, or found by ENG-03's probe.
    bool settled() const;
    /// The dialect ENG-03 found; `how`: what showed it, for the notes.
    void found(const Dialect& dialect, const std::string& how);
    /// `selection` (a condition the harness composed for `resource`, in T-SQL's forms) spelled in `dialect`; the text
    /// itself when it holds no literal whose form the dialect changes, or when it does not parse.
    std::string spelled(const std::string& resource, const std::string& selection, const Dialect& dialect) const;
    /// The other dialects to try, in order, when `selection` in `current`'s forms was refused: each differing from it
    /// in the form of a literal the selection holds. None once the dialect is stated or probed: a read refused then is
    /// refused for another reason (a PageNumber under test, a cap), and its tries would only add requests.
    std::vector<Dialect> alternatives(const std::string& resource, const std::string& selection,
                                      const Dialect& current) const;
    /// A read refused in `before`'s forms was accepted in `after`'s: the run uses them from now on.
    void learnt(const Dialect& before, const Dialect& after, const std::string& what);
    /// What changed the dialect during the run, in order (for the run's notes).
    std::vector<std::string> notes() const;

private:
    const Catalogue& catalogue_;
    const bool declared_;
    mutable std::mutex mutex_;
    bool probed_ = false;
    Dialect value_;
    std::vector<std::string> notes_;
};

}  // namespace bds::client

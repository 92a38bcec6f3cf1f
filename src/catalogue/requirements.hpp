#pragma once
/// The normative statements of the seeds (spec/requirements.json) as typed data: the rules checks verify, the
/// points assumptions interpret. Each quotes the seed's own words; its id (<doc>-<section>-<slug>) is stable.
#include <string>
#include <string_view>
#include <vector>

namespace bds {

/// Who a statement binds: the service, a sender (a client sending or reading records), or both.
enum class Binds { Server, Sender, Both };
/// "server", "sender", "both".
std::string_view to_string(Binds binds);

/// What a statement is: a stated behaviour or property (rule); a point the seeds say is not shown, or leave open
/// (not-shown); a field-table statement: fields and types, keys, nullability, required-to-send fields, a list of
/// allowed values, a derivation or a relation (field).
enum class RequirementKind { Rule, NotShown, Field };
/// "rule", "not-shown", "field".
std::string_view to_string(RequirementKind kind);

/// One normative statement of a seed document.
struct Requirement {
    std::string id;       ///< "000-4.4-check": the document, the section, a slug; never renamed or reused
    std::string doc;      ///< "000" or "001"
    std::string section;  ///< "4.4", "2.1"; "intro" for the text before a document's first section
    std::string quote;    ///< the seed's words exactly (a table row: its cells joined by " | ")
    Binds binds = Binds::Server;
    RequirementKind kind = RequirementKind::Rule;
    std::string about;  ///< a few words, for lists and reports
};

/// Reads a requirements document ({"requirements": [{"id", "doc", "section", "quote", "binds", "kind", "about"}]});
/// std::runtime_error naming the entry at fault (not JSON, a member missing or not a string, an unknown binds or
/// kind, an id twice).
std::vector<Requirement> requirements_from_text(std::string_view json_text);

/// The text of spec/requirements.json as compiled into this program.
std::string_view builtin_requirements_text();
/// The requirements compiled into this program, in the file's order (read once).
const std::vector<Requirement>& requirements();
/// The requirement with this id, or nullptr.
const Requirement* find_requirement(std::string_view id);
/// The quote a check shows: that of the first of `ids` (its verifies), or "" when there is none or it is unknown.
std::string shown_quote(const std::vector<std::string>& ids);

}  // namespace bds

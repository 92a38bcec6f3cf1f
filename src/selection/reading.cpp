#include "selection/reading.hpp"

namespace bds {

std::string Reading::describe() const {
    std::string out;
    const auto add = [&](const char* what) { out.append(out.empty() ? "" : "; ").append(what); };
    if (collation == Collation::CaseInsensitive && folding == sql::CaseFolding::Ascii)
        add("case folded for ASCII letters only");
    if (ignore_accents) add("accents ignored");
    if (!pad_fixed) add("char(n)/nchar(n) not padded");
    if (!equality_ignores_trailing_blanks) add("trailing blanks count in =");
    if (postgres_char) add("char(n) compared as PostgreSQL's");
    if (like_blanks == LikeBlanks::Significant) add("trailing blanks always count in LIKE");
    if (like_blanks == LikeBlanks::Trimmed) add("trailing blanks removed before LIKE");
    if (like_case == LikeCase::Ascii) add("LIKE folds ASCII letters only");
    if (like_case == LikeCase::Exact) add("LIKE compares case");
    if (empty_text_is_null) add("'' is NULL");
    if (float_as_double) add("float(n<=24) compared as double");
    return out.empty() ? "SQL Server's" : out;
}

}  // namespace bds

#pragma once
/// The columns a generated RecordSelection condition can use (generate/selection_gen.cpp): a record's fields with
/// the family each compares as (selection/selection.hpp) and the values the rows hold.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/selection_gen.hpp"

namespace bds::gen {

/// What a column compares as (selection.hpp): columns of one family compare with each other.
enum class Family { Text, Exact, Float, Time };

struct Column {
    std::string name;
    SqlType type;
    Family family = Family::Text;
    std::vector<nlohmann::json> values;  ///< the non-null values the rows hold, of the JSON type the column needs
    std::vector<std::string> choices;    ///< the catalogue's allowed values (ind_clifor C/F, ...)
    bool portable = true;                ///< Text: every value is portable_text
};

/// The columns of one record a condition can use, and the texts of its rows.
struct ColumnSet {
    std::vector<Column> columns;
    std::vector<std::string> texts;  ///< every text value of the rows, for literals taken from another column
    ConditionGenOptions options;
    bool portable() const { return options.mode == CollationMode::Portable; }
    bool standard() const { return options.standard_sql; }
};

/// The columns of `record` a condition can use among `rows` (options.standard_sql leaves out what not every database
/// reads alike). std::invalid_argument when there is none.
ColumnSet make_columns(const Record& record, const std::vector<nlohmann::json>& rows,
                       const ConditionGenOptions& options);

/// `name` as a condition writes it: bare when it is a plain identifier, else in brackets.
std::string bracketed_if_needed(const std::string& name);

}  // namespace bds::gen

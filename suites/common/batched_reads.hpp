#pragma once
/// Reads of views by the equal values of a few fields, many selections a read: a block property's reads of the
/// rows its cases wrote (run/block_property.hpp), where reading each case's rows alone would cost a request each.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "suites/common/view_rows.hpp"

namespace bds::suites {

class BatchedReads {
public:
    /// Asks for the rows of `view` whose `fields` equal those of `values` (at most `per_selection` rows expected);
    /// returns its number for rows().
    std::size_t add(const std::string& view, const json& values, std::vector<std::string> fields,
                    std::size_t per_selection = 1);
    /// Reads every selection asked for as `role`: those of one view and fields joined with "or", as many as one
    /// page holds and a URL carries, a page each; each row goes to the selections whose values it has (texts
    /// compared as `=` may under any collation: trailing blanks and case aside).
    void fetch(Context& ctx, const std::string& role);
    /// The rows of selection `id`, each with its position on the page of its read (Rows::at).
    const Rows& rows(std::size_t id) const { return rows_.at(id); }

private:
    struct Asked {
        std::string view;
        json values;
        std::vector<std::string> fields;
        std::size_t per_selection;
    };
    void fetch_some(Context& ctx, const std::string& role, const std::vector<std::size_t>& ids);
    std::vector<Asked> asked_;
    std::vector<Rows> rows_;
};

}  // namespace bds::suites

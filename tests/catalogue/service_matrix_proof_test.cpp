// The service matrix proved cell by cell (catalogue/service_matrix.hpp): each defect a cell names fails one of the
// cell's checks on that cell, under the stub's defaults (tokens of 3 s for AUTH-06). The kill matrix proves each defect
// caught by a check of a statement it breaks; this proves it caught where the matrix says, on that endpoint.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "catalogue/service_matrix.hpp"
#include "run/suite_fixture.hpp"

namespace bds {
namespace {

/// `r`'s outcome on the cell (`rule`, `endpoint`): the one it recorded there, else its whole outcome.
run::Outcome on_cell(const run::CheckResult& r, std::string_view rule, std::string_view endpoint) {
    for (const auto& c : r.cells)
        if (c.rule == rule && c.endpoint == endpoint) return c.outcome;
    return r.cells.empty() ? r.outcome : run::Outcome::Skip;
}

TEST(ServiceMatrixProof, EachDefectACellNamesFailsOneOfItsChecksThere) {
    std::map<std::pair<std::string, std::string>, run::CheckResult> runs;  // (defect, check), each run once
    const auto result = [&](std::string_view defect, std::string_view check) -> const run::CheckResult& {
        const auto key = std::make_pair(std::string(defect), std::string(check));
        auto it = runs.find(key);
        // Tokens that expire within the run, for AUTH-06 to wait for.
        const std::string choices = check == "AUTH-06" ? "A-03=3s" : "";
        if (it == runs.end())
            it = runs.emplace(key, test::result_on_stub(key.second, stub::Defect::named(key.first), choices)).first;
        return it->second;
    };
    int proved = 0;
    for (const auto& rule : matrix_rules())
        for (const auto& cell : rule.cells)
            for (const auto defect : cell.proved_by) {
                std::string seen;
                bool caught = false;
                for (const auto check : cell.checks) {
                    const auto outcome = on_cell(result(defect, check), rule.id, cell.endpoint);
                    caught = caught || outcome == run::Outcome::Fail;
                    seen += std::string(check) + " " + std::string(run::to_string(outcome)) + "; ";
                }
                EXPECT_TRUE(caught) << rule.id << " on " << cell.endpoint << ": " << defect << " caught by none of its "
                                    << "checks there (" << seen << ")";
                ++proved;
            }
    EXPECT_GE(proved, 40);
}

}  // namespace
}  // namespace bds

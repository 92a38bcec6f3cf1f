// suites/common/support: a read of every page keeps what a correct server's list holds whole, and errs, saying the
// list is larger than the run reads, past max_rows_read rows or kMaxBytesOfOneRead bytes of answers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run/at_once.hpp"
#include "run/suite_fixture.hpp"
#include "suites/common/support.hpp"

namespace bds::suites {
namespace {

using json = nlohmann::json;

/// What read_all of `resource` (no selection) gave, as the one check of a run after writing `written` records of it:
/// its rows, or its error.
struct Read {
    std::size_t rows = 0;
    std::optional<long long> total;  ///< page 1's TotalRowsCount, read alone
    run::CheckResult result;
};

Read read_everything(const client::TargetConfig& target, const std::string& resource, int written = 0) {
    const Catalogue cat = builtin_catalogue();
    Read out;
    const Check check{
        .id = "ZZZ-01",
        .title = "reads a whole list",
        .run =
            [&](Context& ctx) {
                const auto records = sample_records(ctx, record_of(ctx, resource), written, 1);
                for (std::size_t i = 0; i < records.size(); i += 200) {
                    const auto end = records.begin() + static_cast<long>(std::min(records.size(), i + 200));
                    const json block = std::vector<json>(records.begin() + static_cast<long>(i), end);
                    ASSERT_EQ(ctx.sync(client::kWriter, resource, block).status, 200);
                }
                out.total =
                    ctx.page_of(ctx.api.list(client::kWriter, resource, {std::nullopt, 100, 1}), "page 1").total;
                out.rows = read_all(ctx, client::kWriter, resource, std::nullopt).size();
            },
        .suite = "zzz"};
    run::RunOptions options;
    options.seed = 1;
    out.result = test::result_of(run::run_checks(cat, target, {check}, options), "ZZZ-01");
    return out;
}

/// Answers every GET of CliFor with a full page of rows of `bytes` bytes each, counting 10^12 rows.
test::BreakingProxy::Before full_pages(std::size_t bytes) {
    return [bytes](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/CliFor") return false;
        const long long size = req.has_param("PageSize") ? std::stoll(req.get_param_value("PageSize")) : 100;
        const long long number = req.has_param("PageNumber") ? std::stoll(req.get_param_value("PageNumber")) : 1;
        json rows = json::array();
        for (long long i = 0; i < size; ++i)
            rows.push_back({{"Id", (number - 1) * size + i + 1}, {"Filler", std::string(bytes, 'x')}});
        res.status = 200;
        res.set_content(json{{"Records", rows}, {"TotalRowsCount", 1'000'000'000'000LL}}.dump(), "application/json");
        return true;
    };
}

TEST(ReadAll, KeepsACorrectServersListWhole) {
    const Catalogue cat = builtin_catalogue();
    auto stub = bundled::start_embedded_stub(cat, {});
    const auto read = read_everything(stub.target, "CliFor", 450);
    ASSERT_EQ(read.result.outcome, run::Outcome::Pass) << read.result.reason;
    ASSERT_TRUE(read.total);
    EXPECT_EQ(read.rows, 450u) << "five pages";
    EXPECT_EQ(static_cast<long long>(read.rows), *read.total) << "every row";
}

TEST(ReadAll, PastMaxRowsReadTheListIsLargerThanTheRunReads) {
    test::Broken target(full_pages(10));
    target.target.max_rows_read = 250;
    const auto read = read_everything(target.target, "CliFor");
    EXPECT_EQ(read.result.outcome, run::Outcome::Error) << "never a pass, never a failure";
    EXPECT_NE(read.result.reason.find("the list is larger than the run reads"), std::string::npos)
        << read.result.reason;
    EXPECT_NE(read.result.reason.find("more than 250 rows (max_rows_read"), std::string::npos) << read.result.reason;
    EXPECT_NE(read.result.reason.find("by page 3 of PageSize 100"), std::string::npos) << read.result.reason;
}

TEST(ReadAll, PastItsBytesTheListIsLargerThanTheRunReads) {
    // Rows of 20 kB: the rows bound (50,000) is far, the bytes bound is past by page 5 of 100 rows.
    test::Broken target(full_pages(20'000));
    const auto read = read_everything(target.target, "CliFor");
    EXPECT_EQ(read.result.outcome, run::Outcome::Error) << "never a pass, never a failure";
    EXPECT_NE(read.result.reason.find("the list is larger than the run reads"), std::string::npos)
        << read.result.reason;
    EXPECT_NE(read.result.reason.find("more than 8 MiB of answers by page 5 of PageSize 100"), std::string::npos)
        << read.result.reason;
}

/// Four reads of every page of CliFor in one check: the requests each took, and the errors of those that erred.
struct Reads {
    std::vector<long> requests;
    std::vector<std::string> errors;
};

Reads four_reads(const client::TargetConfig& target) {
    Reads out;
    const Check check{.id = "ZZZ-01",
                      .title = "reads a whole list four times",
                      .run =
                          [&](Context& ctx) {
                              // The check's requests, its lanes' too (a read's pages at once).
                              const auto sent = [&] {
                                  long n = ctx.api.http().requests_sent();
                                  for (std::size_t l = 0; l < kLanes; ++l)
                                      n += ctx.connection(kFirstLaneConnection + l).http().requests_sent();
                                  return n;
                              };
                              for (int i = 0; i < 4; ++i) {
                                  const long before = sent();
                                  try {
                                      (void)read_all(ctx, client::kWriter, "CliFor", std::nullopt);
                                  } catch (const CheckError& e) {
                                      out.errors.push_back(e.what());
                                  }
                                  out.requests.push_back(sent() - before);
                              }
                          },
                      .suite = "zzz"};
    run::RunOptions options;
    options.seed = 1;
    (void)run::run_checks(builtin_catalogue(), target, {check}, options);
    return out;
}

TEST(ReadAll, AfterTwoReadsPastTheLimitAFullFirstPageAnnouncingMoreEndsTheRead) {
    // A target serving full pages forever, in every check (the hostile target fullpages): the first two reads of the
    // run read on to max_rows_read; later ones end at their first page, with the same error.
    test::Broken target(full_pages(10));
    target.target.max_rows_read = 250;
    const auto reads = four_reads(target.target);
    ASSERT_EQ(reads.errors.size(), 4u) << "every read errs: the list is larger than the run reads";
    EXPECT_EQ(reads.requests, (std::vector<long>{3, 3, 1, 1}));
    for (const auto& e : reads.errors)
        EXPECT_NE(e.find("the list is larger than the run reads"), std::string::npos) << e;
    EXPECT_NE(reads.errors[2].find("as 2 earlier reads of the run read past it"), std::string::npos) << reads.errors[2];
}

TEST(ReadAll, ACountThatOverstatesOnPagesThatEndIsReadWholeEveryTime) {
    // Three full pages, then an empty one, each announcing 10^18 rows (as the hostile target hugecount does): no read
    // runs past the limit, so none is cut short at a full first page. Pages 2 to 9 go at once (eight lanes), as the
    // count announces more: five read for nothing.
    test::Broken target([](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" || req.path != "/api/resources/CliFor") return false;
        const long long number = req.has_param("PageNumber") ? std::stoll(req.get_param_value("PageNumber")) : 1;
        json rows = json::array();
        for (long long i = 0; number <= 3 && i < 100; ++i) rows.push_back({{"Id", (number - 1) * 100 + i + 1}});
        res.status = 200;
        res.set_content(json{{"Records", rows}, {"TotalRowsCount", 1'000'000'000'000'000'000LL}}.dump(),
                        "application/json");
        return true;
    });
    target.target.max_rows_read = 1000;
    const auto reads = four_reads(target.target);
    EXPECT_TRUE(reads.errors.empty()) << reads.errors.front();
    EXPECT_EQ(reads.requests, (std::vector<long>{9, 9, 9, 9}));
}

}  // namespace
}  // namespace bds::suites

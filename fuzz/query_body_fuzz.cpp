// libFuzzer target: the body of the stub's POST /api/resources/MCPClienti/query (src/stub/read_routes.cpp), sent
// as the demo writer through the stub's routes in memory, to a stub holding a few generated customers. Byte 0 % 3
// picks the body shape the stub reads (nested, flat or sql, spec/assumptions.md A-41), the rest is the body. The stub
// must answer 200 or a clear 4xx, never throw. A query stores nothing, so the stub is built once.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz/fuzz_inputs.hpp"
#include "fuzz/stub_harness.hpp"

namespace {

using bds::fuzz::InProcessStub;

std::unique_ptr<InProcessStub> stub_with_customers(const bds::Catalogue& catalogue,
                                                   bds::stub::Choices::QueryBody shape) {
    bds::stub::Choices choices;
    choices.query_body = shape;
    auto stub = std::make_unique<InProcessStub>(catalogue, choices);
    const bds::Record& base = *catalogue.find(bds::fuzz::kQueryBase);
    auto records = bds::fuzz::sample_records(catalogue, base, 29, 8);
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i]["ind_clifor"] = i % 3 ? "C" : "F";  // the view lists customers
    const auto answer = stub->request("POST", "/api/sync/" + base.name, nlohmann::json(records).dump());
    if (answer.status != 200) {
        std::fprintf(stderr, "query_body_fuzz: the customers were refused: %s\n", answer.body.c_str());
        std::abort();
    }
    return stub;
}

struct Fixture {
    bds::Catalogue catalogue = bds::builtin_catalogue();
    std::unique_ptr<InProcessStub> nested = stub_with_customers(catalogue, bds::stub::Choices::QueryBody::Nested);
    std::unique_ptr<InProcessStub> flat = stub_with_customers(catalogue, bds::stub::Choices::QueryBody::Flat);
    std::unique_ptr<InProcessStub> sql = stub_with_customers(catalogue, bds::stub::Choices::QueryBody::Sql);
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Fixture f;
    if (size == 0) return 0;
    InProcessStub& stub = data[0] % 3 == 2 ? *f.sql : data[0] % 3 == 1 ? *f.flat : *f.nested;
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
    bds::fuzz::expect_clear_answer(
        stub.request("POST", "/api/resources/" + std::string(bds::fuzz::kQueryResource) + "/query", body), body);
    return 0;
}

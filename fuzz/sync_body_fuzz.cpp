// libFuzzer target: the body of the stub's POST /api/sync/{Resource} (src/stub/write_routes.cpp), sent as the
// demo writer through the stub's routes in memory. Byte 0 picks a writable resource, the rest is the body. The
// stub must answer 200 or a clear 4xx, never throw; after a 200 the resource must still read back (GET), so a
// stored value that breaks reading is found too.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_inputs.hpp"
#include "fuzz/stub_harness.hpp"

namespace {

struct Fixture {
    bds::Catalogue catalogue = bds::builtin_catalogue();
    std::vector<const bds::Record*> records = bds::fuzz::writable_records(catalogue);
    bds::fuzz::InProcessStub stub{catalogue};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Fixture f;
    if (size == 0) return 0;
    const std::string& resource = f.records[data[0] % f.records.size()]->name;
    const std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);

    const auto answer = f.stub.request("POST", "/api/sync/" + resource, body);
    bds::fuzz::expect_clear_answer(answer, body);
    if (answer.status != 200) return 0;
    bds::fuzz::expect_clear_answer(f.stub.request("GET", "/api/resources/" + resource), body);
    // The next input meets an empty store again, so inputs stay independent and memory bounded. (Building a new stub
    // compiles every resource's schema: six times slower.)
    f.stub.state().store.clear();
    return 0;
}

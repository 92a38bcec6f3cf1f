// libFuzzer target: the target-file loader (src/client/target.cpp): the input is the text of a target file, read
// as `conformance run --target` reads it once load_target has read the file (parse_target: from memory, twice as
// fast as through a file). A refusal (TargetError, documented) is expected; any other exception, a crash or a
// sanitizer report is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "client/target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto target =
            bds::client::parse_target(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
        (void)target.user(bds::client::kWriter);
    } catch (const bds::client::TargetError&) {
    } catch (const std::exception& e) {
        std::fprintf(stderr, "target_file_fuzz: parse_target threw something other than TargetError: %s\n", e.what());
        std::abort();
    }
    return 0;
}

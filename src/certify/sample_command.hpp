#pragma once
/// How `conformance certify` runs the sample connector (connector/sample_connector.cpp): its options, each given the
/// certify placeholder it stands for. The connector selfcheck and the tests certify it so.
#include <string>
#include <vector>

namespace bds::certify {

/// `exe` and the sample's options with their placeholders ({base_url}, {username}, …, {since}), a 5 s timeout.
inline std::vector<std::string> sample_command(const std::string& exe) {
    return {exe,          "--url",      "{base_url}", "--user",      "{username}", "--password", "{password}",
            "--resource", "{resource}", "--mode",     "{mode}",      "--input",    "{input}",    "--output",
            "{output}",   "--since",    "{since}",    "--timeout-s", "5"};
}

}  // namespace bds::certify

#pragma once
/// Self-signed certificates for the HTTPS tests, made with OpenSSL in the test (no files committed, nothing to
/// expire): a P-256 key and a certificate for 127.0.0.1 and localhost that is its own CA.
#include <string>

namespace bds::test {

struct TestCertificate {
    std::string cert_path;  ///< PEM certificate
    std::string key_path;   ///< PEM private key
};

/// Writes `<dir>/<name>.crt` and `<dir>/<name>.key`, valid from an hour ago for a day. Throws std::runtime_error.
TestCertificate make_self_signed(const std::string& dir, const std::string& name);

}  // namespace bds::test

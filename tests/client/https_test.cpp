// The harness's HTTPS path against the reference stub serving HTTPS (`conformance stub --tls-cert/--tls-key`):
// a certificate given as ca_file is trusted, insecure skips verification, and an untrusted certificate
// is an error that says what to try, not "SSLServerVerification".
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "catalogue/catalogue.hpp"
#include "client/http_client.hpp"
#include "client/test_certificate.hpp"
#include "stub/stub_server.hpp"

namespace bds::client {
namespace {

namespace fs = std::filesystem;

class Https : public ::testing::Test {
protected:
    void SetUp() override {
        dir = fs::temp_directory_path() / ("bds-https-" + std::to_string(::getpid()));
        fs::create_directories(dir);
        cert = test::make_self_signed(dir.string(), "stub");
        stub::StubOptions options;
        options.tls_cert = cert.cert_path;
        options.tls_key = cert.key_path;
        server = std::make_unique<stub::StubServer>(catalogue, options);
        server->start();
    }
    void TearDown() override {
        server.reset();
        fs::remove_all(dir);
    }

    HttpSettings settings() const {
        HttpSettings s;
        s.base_url = server->base_url();
        s.timeout_ms = 5000;
        return s;
    }

    Catalogue catalogue = builtin_catalogue();
    fs::path dir;
    test::TestCertificate cert;
    std::unique_ptr<stub::StubServer> server;
};

TEST_F(Https, TheStubServesHttpsAndItsCertificateAsCaFileIsTrusted) {
    ASSERT_EQ(server->base_url().rfind("https://127.0.0.1:", 0), 0u) << server->base_url();
    auto s = settings();
    s.ca_file = cert.cert_path;
    HttpClient http(s);
    const auto r = http.request("GET", "/api/resources/CliFor");
    EXPECT_FALSE(r.transport_failed()) << r.exchange.error;
    EXPECT_EQ(r.status, 401) << "reached the stub, which wants a token";
}

TEST_F(Https, InsecureSkipsVerification) {
    auto s = settings();
    s.insecure = true;
    HttpClient http(s);
    EXPECT_EQ(http.request("GET", "/api/resources/CliFor").status, 401);
}

TEST_F(Https, AnUntrustedCertificateSaysWhatToTry) {
    HttpClient http(settings());
    const auto r = http.request("GET", "/api/resources/CliFor");
    ASSERT_TRUE(r.transport_failed());
    EXPECT_NE(r.exchange.error.find("ca_file"), std::string::npos) << r.exchange.error;
    EXPECT_NE(r.exchange.error.find("insecure"), std::string::npos) << r.exchange.error;
}

TEST_F(Https, ACertificateForAnotherCaIsNotTrusted) {
    const auto other = test::make_self_signed(dir.string(), "other");
    auto s = settings();
    s.ca_file = other.cert_path;
    HttpClient http(s);
    const auto r = http.request("GET", "/api/resources/CliFor");
    ASSERT_TRUE(r.transport_failed()) << "status " << r.status;
    EXPECT_NE(r.exchange.error.find("ca_file"), std::string::npos) << r.exchange.error;
}

TEST(HttpsStub, ACertificateWithoutItsKeyIsRefusedClearly) {
    const Catalogue catalogue = builtin_catalogue();
    const auto dir = fs::temp_directory_path() / ("bds-https-bad-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const auto a = test::make_self_signed(dir.string(), "a");
    const auto b = test::make_self_signed(dir.string(), "b");
    stub::StubOptions options;
    options.tls_cert = a.cert_path;
    options.tls_key = b.key_path;  // not the certificate's key
    std::string message = "no error";
    try {
        stub::StubServer server(catalogue, options);
    } catch (const std::runtime_error& e) {
        message = e.what();
    }
    fs::remove_all(dir);
    EXPECT_NE(message.find("cannot serve HTTPS with certificate"), std::string::npos) << message;
    EXPECT_NE(message.find("the key matching the certificate"), std::string::npos) << message;
}

}  // namespace
}  // namespace bds::client

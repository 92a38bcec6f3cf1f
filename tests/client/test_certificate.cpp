#include "client/test_certificate.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>

namespace bds::test {
namespace {

template <class T, void (*Free)(T*)>
using Owned = std::unique_ptr<T, decltype([](T* p) { Free(p); })>;

void check(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("test certificate: ") + what + " failed");
}

void add_extension(X509* cert, int nid, const char* value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    Owned<X509_EXTENSION, X509_EXTENSION_free> ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
    check(ext && X509_add_ext(cert, ext.get(), -1) == 1, value);
}

void write_pem(const std::string& path, const std::function<int(FILE*)>& write) {
    std::unique_ptr<FILE, decltype(&std::fclose)> file(std::fopen(path.c_str(), "w"), &std::fclose);
    check(file && write(file.get()) == 1, path.c_str());
}

}  // namespace

TestCertificate make_self_signed(const std::string& dir, const std::string& name) {
    Owned<EVP_PKEY, EVP_PKEY_free> key(EVP_EC_gen("P-256"));
    check(key != nullptr, "EC key generation");
    Owned<X509, X509_free> cert(X509_new());
    check(cert && X509_set_version(cert.get(), 2) == 1, "X509_new");
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
    check(X509_set_pubkey(cert.get(), key.get()) == 1, "X509_set_pubkey");
    X509_NAME* subject = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(name.c_str()), -1,
                               -1, 0);
    check(X509_set_issuer_name(cert.get(), subject) == 1, "X509_set_issuer_name");
    add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    add_extension(cert.get(), NID_key_usage, "critical,digitalSignature,keyCertSign");
    add_extension(cert.get(), NID_subject_alt_name, "IP:127.0.0.1,DNS:localhost");
    check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "X509_sign");

    TestCertificate out{dir + "/" + name + ".crt", dir + "/" + name + ".key"};
    write_pem(out.cert_path, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
    write_pem(out.key_path,
              [&](FILE* f) { return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr); });
    return out;
}

}  // namespace bds::test

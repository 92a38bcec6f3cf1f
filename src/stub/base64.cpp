#include "stub/base64.hpp"

#include <openssl/evp.h>

#include <algorithm>

namespace bds::stub {

std::string to_base64(std::string_view bytes, Base64 form) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');  // whole quanta and the NUL EVP_EncodeBlock writes
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    if (form == Base64::Url) {
        std::replace(out.begin(), out.end(), '+', '-');
        std::replace(out.begin(), out.end(), '/', '_');
        out.erase(out.find_last_not_of('=') + 1);
    }
    return out;
}

std::optional<std::string> from_base64(std::string_view text) {
    // EVP_DecodeBlock reads whole quanta and counts each pad as a zero byte: the text is cut at its first pad, padded
    // again to a quantum, and the bytes the pads stand for are cut from what it decodes.
    std::string quanta(text.substr(0, text.find('=')));
    if (quanta.size() % 4 == 1) return std::nullopt;  // 6 bits: no byte
    const std::size_t pads = (4 - quanta.size() % 4) % 4;
    quanta.append(pads, '=');
    std::string out(quanta.size() / 4 * 3, '\0');
    const int n =
        EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                        reinterpret_cast<const unsigned char*>(quanta.data()), static_cast<int>(quanta.size()));
    if (n < 0 || static_cast<std::size_t>(n) < pads) return std::nullopt;
    out.resize(static_cast<std::size_t>(n) - pads);
    return out;
}

}  // namespace bds::stub

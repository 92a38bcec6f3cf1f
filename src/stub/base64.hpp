#pragma once
/// Base64 text of bytes and back (RFC 4648), by OpenSSL's EVP_EncodeBlock and EVP_DecodeBlock: the bearer tokens the
/// stub issues and the rowversions it writes (ts_update, A-15).
#include <optional>
#include <string>
#include <string_view>

namespace bds::stub {

/// The two alphabets of RFC 4648: Standard (§4: `+` and `/`, padded with `=`, as .NET writes a byte[]) and Url (§5:
/// `-` and `_`, unpadded, safe in a URL or a header as it is).
enum class Base64 { Standard, Url };

/// `bytes` as base64 text of `form`.
std::string to_base64(std::string_view bytes, Base64 form = Base64::Standard);

/// The bytes of Standard base64 `text`, padded or not (what follows the first `=` is not read); nullopt when it is
/// not base64. Blanks before the text are skipped, as OpenSSL skips them.
std::optional<std::string> from_base64(std::string_view text);

}  // namespace bds::stub

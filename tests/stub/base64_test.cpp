// The stub's one base64 codec (stub/base64.hpp): RFC 4648's test vectors, the URL form of tokens, and the rowversions
// the stub writes read back.
#include "stub/base64.hpp"

#include <gtest/gtest.h>

namespace bds::test {
namespace {

using stub::Base64;
using namespace std::string_literals;

TEST(StubBase64, WritesRfc4648sVectorsPadded) {
    EXPECT_EQ(stub::to_base64(""), "");
    EXPECT_EQ(stub::to_base64("f"), "Zg==");
    EXPECT_EQ(stub::to_base64("fo"), "Zm8=");
    EXPECT_EQ(stub::to_base64("foo"), "Zm9v");
    EXPECT_EQ(stub::to_base64("foobar"), "Zm9vYmFy");
}

TEST(StubBase64, UrlFormUsesDashAndUnderscoreWithoutPadding) {
    EXPECT_EQ(stub::to_base64("\xfb\xff", Base64::Standard), "+/8=");
    EXPECT_EQ(stub::to_base64("\xfb\xff", Base64::Url), "-_8");
    EXPECT_EQ(stub::to_base64("fo", Base64::Url), "Zm8");
    // A token: 32 random bytes are 43 characters.
    EXPECT_EQ(stub::to_base64(std::string(32, '\xff'), Base64::Url), "__________________________________________8");
}

TEST(StubBase64, ReadsPaddedAndUnpaddedTextBack) {
    for (const std::string& bytes : {""s, "f"s, "fo"s, "foo"s, "foob"s, "fooba"s, "foobar"s, "\x00\xff\x10"s}) {
        const std::string text = stub::to_base64(bytes);
        EXPECT_EQ(stub::from_base64(text), bytes) << text;
        EXPECT_EQ(stub::from_base64(text.substr(0, text.find('='))), bytes) << text;
    }
    // A rowversion as the stub writes it (8 bytes, big-endian; A-15).
    EXPECT_EQ(stub::from_base64("AAAAAAAAAAE="), std::string("\0\0\0\0\0\0\0\x01", 8));
}

TEST(StubBase64, RefusesWhatIsNotBase64) {
    EXPECT_FALSE(stub::from_base64("Zm9v!"));
    EXPECT_FALSE(stub::from_base64("-_8"));    // the URL alphabet is not the standard one
    EXPECT_FALSE(stub::from_base64("Zm9vY"));  // 6 bits make no byte
}

}  // namespace
}  // namespace bds::test

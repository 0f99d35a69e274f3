#include <boost/test/unit_test.hpp>

#include <string>

#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/input_error.hpp"

using namespace boilerdex::plugin;

BOOST_AUTO_TEST_SUITE(byte_text)

BOOST_AUTO_TEST_CASE(validity_follows_the_utf8_decoder) {
  BOOST_TEST(is_valid_utf8(""));
  BOOST_TEST(is_valid_utf8("caf\xC3\xA9 \xEF\xBF\xBD \xF0\x9F\x98\x80"));  // é, U+FFFD itself, an emoji
  BOOST_TEST(is_valid_utf8(std::string("a\0b", 3)));
  BOOST_TEST(!is_valid_utf8("caf\xE9"));          // Latin-1 é
  BOOST_TEST(!is_valid_utf8("\xC0\xAF"));         // overlong '/'
  BOOST_TEST(!is_valid_utf8("\xED\xB2\x80"));     // a surrogate (U+DC80)
  BOOST_TEST(!is_valid_utf8("\xF4\x90\x80\x80")); // above U+10FFFF
  BOOST_TEST(!is_valid_utf8("\xE2\x82"));         // truncated
}

BOOST_AUTO_TEST_CASE(replacement_and_printable_forms) {
  BOOST_TEST(utf8_or_replacement("caf\xC3\xA9") == "caf\xC3\xA9");
  BOOST_TEST(utf8_or_replacement("caf\xE9!") == "caf\xEF\xBF\xBD!");
  BOOST_TEST(utf8_or_replacement("\xE2\x82") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // one U+FFFD a byte
  BOOST_TEST(printable_bytes("caf\xE9/\xC3\xA9\tx\ny\x7F") == "caf\\xe9/\xC3\xA9\\x09x\\x0ay\\x7f");
  BOOST_TEST(printable_bytes("plain/path.trec") == "plain/path.trec");
}

BOOST_AUTO_TEST_CASE(hex_round_trips_every_byte) {
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  BOOST_TEST(to_hex(std::string("\x00\xE9z", 3)) == "00e97a");
  BOOST_TEST(from_hex(to_hex(all)) == all);
  BOOST_TEST(from_hex("00E97A") == std::string("\x00\xE9z", 3));
  BOOST_CHECK_THROW((void)from_hex("abc"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)from_hex("zz"), boilerdex::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

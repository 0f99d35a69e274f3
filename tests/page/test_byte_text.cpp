#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

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

BOOST_AUTO_TEST_CASE(binary_bytes_are_named_with_their_evidence) {
  using namespace std::string_view_literals;
  const auto png = binary_evidence("\x89PNG\r\n\x1a\n"sv);
  BOOST_REQUIRE(png.has_value());
  BOOST_TEST(png->what == "a PNG image");
  BOOST_TEST(png->offset == 0u);
  BOOST_TEST(binary_evidence("%PDF-1.7\n"sv)->what == "a PDF document");
  // Control bytes beyond 5% of the head: the first one is where the evidence shows.
  std::string noisy = "<html><body>";
  for (int i = 0; i < 20; ++i) noisy += "ab\x01\x02";
  const auto control = binary_evidence(noisy);
  BOOST_REQUIRE(control.has_value());
  BOOST_TEST(control->offset == 14u);
  BOOST_TEST(looks_binary(noisy));
  // Pages: text, a few stray NULs, UTF-16 by its BOM or its NUL pattern, nothing at all.
  std::string page = "<html><body><p>" + std::string(200, 'x') + "</p></body></html>";
  page[20] = '\0';
  BOOST_TEST(!binary_evidence(page).has_value());
  BOOST_TEST(!binary_evidence("\xff\xfe<\0h\0t\0m\0l\0>\0"sv).has_value());
  BOOST_TEST(!binary_evidence("<\0h\0t\0m\0l\0>\0<\0p\0>\0h\0i\0"sv).has_value());
  BOOST_TEST(!binary_evidence(""sv).has_value());
}

BOOST_AUTO_TEST_CASE(require_text_names_the_source_and_position) {
  BOOST_CHECK_NO_THROW(require_text("<p>a page</p>", "page.html"));
  try {
    require_text("GIF89a\x01\x00", "photo.html");
    BOOST_FAIL("no error for a GIF");
  } catch (const boilerdex::InputError& e) {
    BOOST_TEST(std::string(e.what()) == "photo.html@0: binary data (a GIF image), not a web page");
    BOOST_TEST(e.offset() == 0u);
  }
}

BOOST_AUTO_TEST_SUITE_END()

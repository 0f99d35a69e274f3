#include <boost/test/unit_test.hpp>
#include <string>

#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/double_encoding.hpp"

using boilerdex::plugin::CharsetSource;
using boilerdex::plugin::decode_to_utf8;
using boilerdex::plugin::repair_double_encoding;

namespace {

// UTF-8 text once read as windows-1252 (or Latin-1) and encoded again, written here as the
// UTF-8 of what that reading gives (the strings of Python's s.encode().decode("cp1252")).
const std::string k_apostrophe_1252 = "\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2";  // "â€™" for "’"
const std::string k_apostrophe_latin1 = "\xC3\xA2\xC2\x80\xC2\x99";        // "â" U+0080 U+0099
const std::string k_dash_latin1 = "\xC3\xA2\xC2\x80\xC2\x94";              // for "—"
const std::string k_e_acute = "\xC3\x83\xC2\xA9";                          // "Ã©" for "é"
const std::string k_copyright = "\xC3\x82\xC2\xA9";                        // "Â©" for "©"

std::string repaired(std::string text, std::size_t expected_count) {
  const std::size_t n = repair_double_encoding(text);
  BOOST_TEST(n == expected_count);
  return text;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(double_encoding)

BOOST_AUTO_TEST_CASE(punctuation_and_letters_are_read_back) {
  BOOST_TEST(repaired("It" + k_apostrophe_1252 + "s a caf" + k_e_acute + ".", 2) ==
             "It\xE2\x80\x99s a caf\xC3\xA9.");
  BOOST_TEST(
      repaired("itertools " + k_dash_latin1 + " Functions, Investor" + k_apostrophe_latin1 + "s",
               2) == "itertools \xE2\x80\x94 Functions, Investor\xE2\x80\x99s");
}

BOOST_AUTO_TEST_CASE(one_telling_sequence_is_enough) {
  BOOST_TEST(repaired("Copyright " + k_copyright + " 2008", 1) == "Copyright \xC2\xA9 2008");
  BOOST_TEST(repaired("Dise" + k_e_acute, 1) == "Dise\xC3\xA9");
  // "Â•": a windows-1252 bullet read as Latin-1 (U+0095), then encoded twice: the bullet.
  BOOST_TEST(repaired("\xC3\x82\xE2\x80\xA2 item", 1) == "\xE2\x80\xA2 item");
}

// C1 controls become windows-1252's characters where it has one; text without any is
// left as it is, and so are the five codes it leaves undefined.
BOOST_AUTO_TEST_CASE(c1_controls_read_as_windows_1252) {
  std::string text = "\xC2\x95 one \xC2\x92s \xC2\x80 \xC2\x81 \xC2\xA9 \xC2\x9F";
  BOOST_TEST(boilerdex::plugin::read_c1_as_windows_1252(text) == 4u);
  BOOST_TEST(text == "\xE2\x80\xA2 one \xE2\x80\x99s \xE2\x82\xAC \xC2\x81 \xC2\xA9 \xC5\xB8");
  std::string plain = "caf\xC3\xA9 \xC2\xA0 nbsp";
  BOOST_TEST(boilerdex::plugin::read_c1_as_windows_1252(plain) == 0u);
  BOOST_TEST(plain == "caf\xC3\xA9 \xC2\xA0 nbsp");
}

BOOST_AUTO_TEST_CASE(legitimate_text_is_left_as_it_is) {
  for (const std::string& text :
       {std::string("plain ASCII <p>text</p>"),
        std::string("na\xC3\xAFve caf\xC3\xA9 \xE2\x80\x94 \xE2\x80\x9Cquotes\xE2\x80\x9D"),
        // "Anarâškielâ" (Inari Sámi): "â" then "š" (0x9A) then "k", not a continuation.
        std::string("Anar\xC3\xA2\xC5\xA1kiel\xC3\xA2"),
        // "CAFÉ”" and "«ACCIÓN»": 0xC9 0x94 and 0xD3 0xBB are valid UTF-8 but tell nothing.
        std::string("\xE2\x80\x9C"
                    "CAF\xC3\x89\xE2\x80\x9D \xC2\xAB"
                    "ACCI\xC3\x93\xC2\xBB"),
        // A lead at the end, a lead before ASCII.
        std::string("S\xC3\x83O PAULO \xC3\xA2"), std::string("\xC3\xA2\xE2\x82\xAC"),
        std::string()}) {
    BOOST_TEST(repaired(text, 0) == text);
  }
}

BOOST_AUTO_TEST_CASE(other_sequences_are_read_back_where_two_tell) {
  // "привет" encoded twice: Cyrillic leads 0xD0 and 0xD1 read as "Ð" and "Ñ".
  const std::string privet =
      "\xC3\x90\xC2\xBF\xC3\x91\xE2\x82\xAC\xC3\x90\xC2\xB8\xC3\x90\xC2\xB2\xC3\x90\xC2\xB5"
      "\xC3\x91\xE2\x80\x9A";
  BOOST_TEST(repaired(privet, 0) == privet);  // alone it tells nothing
  BOOST_TEST(repaired(privet + " it" + k_apostrophe_1252 + "s caf" + k_e_acute, 8) ==
             "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 it\xE2\x80\x99s caf\xC3\xA9");
}

BOOST_AUTO_TEST_CASE(text_misread_twice_is_read_back_layer_by_layer) {
  // "’" misread twice: "Ã¢â‚¬â„¢" (three sequences) gives "â€™", which gives "’".
  std::string text =
      "Waters\xC3\x83\xC2\xA2\xC3\xA2\xE2\x80\x9A\xC2\xAC\xC3\xA2\xE2\x80\x9E\xC2\xA2 Cry-Baby";
  BOOST_TEST(repair_double_encoding(text) == 4u);
  BOOST_TEST(text == "Waters\xE2\x80\x99 Cry-Baby");
}

BOOST_AUTO_TEST_CASE(decoding_reads_the_page_back) {
  // Double-encoded UTF-8, as the page's bytes.
  const auto page = decode_to_utf8("<meta charset=utf-8><p>It" + k_apostrophe_1252 + "s caf" +
                                   k_e_acute + "</p>");
  BOOST_TEST(page.utf8 == "<meta charset=utf-8><p>It\xE2\x80\x99s caf\xC3\xA9</p>");
  BOOST_TEST(page.double_encoded == 2u);
  // UTF-8 bytes declared as Latin-1 are read as UTF-8 (charset.hpp), with nothing to read back;
  // without the read-back (parity), as declared: the misreading the read-back would undo.
  const auto declared = decode_to_utf8("<p>It\xE2\x80\x99s caf\xC3\xA9</p>", "iso-8859-1");
  BOOST_TEST(declared.charset == "UTF-8");
  BOOST_TEST((declared.source == CharsetSource::Detected));
  BOOST_TEST(declared.utf8 == "<p>It\xE2\x80\x99s caf\xC3\xA9</p>");
  BOOST_TEST(declared.double_encoded == 0u);
  const auto kept = decode_to_utf8("<p>It\xE2\x80\x99s caf\xC3\xA9</p>", "iso-8859-1", false);
  BOOST_TEST(kept.charset == "windows-1252");
  BOOST_TEST((kept.source == CharsetSource::Declared));
  BOOST_TEST(kept.utf8 == "<p>It" + k_apostrophe_1252 + "s caf" + k_e_acute + "</p>");
  // A windows-1252 page that means what it says is left alone.
  const auto latin = decode_to_utf8("<p>caf\xE9 \x97 na\xEFve</p>", "windows-1252");
  BOOST_TEST(latin.utf8 == "<p>caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve</p>");
  BOOST_TEST(latin.double_encoded == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

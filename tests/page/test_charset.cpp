#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>

#include "boilerdex/plugin/charset.hpp"

using boilerdex::plugin::charset_from_content_type;
using boilerdex::plugin::CharsetSource;
using boilerdex::plugin::decode_to_utf8;

namespace {

// The same sentences in three legacy encodings (generated with Python's codecs).
const std::string k_koi8r =
    "\xf3\xdf\xc5\xdb\xd8\x20\xd6\xc5\x20\xc5\xdd\xa3\x20\xdc\xd4\xc9\xc8\x20\xcd\xd1\xc7\xcb\xc9"
    "\xc8\x20\xc6\xd2\xc1"
    "\xce\xc3\xd5\xda\xd3\xcb\xc9\xc8\x20\xc2\xd5\xcc\xcf\xcb\x2c\x20\xc4\xc1\x20\xd7\xd9\xd0\xc5"
    "\xca\x20\xde\xc1\xc0"
    "\x2e\x20\xfb\xc9\xd2\xcf\xcb\xc1\xd1\x20\xdc\xcc\xc5\xcb\xd4\xd2\xc9\xc6\xc9\xcb\xc1\xc3\xc9"
    "\xd1\x20\xc0\xd6\xce"
    "\xd9\xc8\x20\xc7\xd5\xc2\xc5\xd2\xce\xc9\xca\x20\xc4\xc1\xd3\xd4\x20\xcd\xcf\xdd\xce\xd9\xca"
    "\x20\xd4\xcf\xcc\xde"
    "\xcf\xcb\x20\xd0\xcf\xc4\xdf\xa3\xcd\xd5\x20\xd3\xc5\xcc\xd8\xd3\xcb\xcf\xc7\xcf\x20\xc8\xcf"
    "\xda\xd1\xca\xd3\xd4"
    "\xd7\xc1\x2e";
const std::string k_shift_jis =
    "\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x65\x83\x4c\x83\x58\x83\x67\x82\xc5\x82\xb7\x81\x42\x82"
    "\xb1\x82\xea\x82\xcd"
    "\x83\x56\x83\x74\x83\x67\x4a\x49\x53\x82\xc5\x83\x47\x83\x93\x83\x52\x81\x5b\x83\x68\x82\xb3"
    "\x82\xea\x82\xbd\x95"
    "\xb6\x8f\xcd\x82\xc5\x81\x41\x95\xb6\x8e\x9a\x83\x52\x81\x5b\x83\x68\x82\xcc\x8e\xa9\x93\xae"
    "\x94\xbb\x92\xe8\x82"
    "\xf0\x8e\x8e\x8c\xb1\x82\xb5\x82\xdc\x82\xb7\x81\x42\x8d\xa1\x93\xfa\x82\xcd\x97\xc7\x82\xa2"
    "\x93\x56\x8b\x43\x82"
    "\xc5\x82\xb7\x82\xcb\x81\x42";
const std::string k_cp1252 =
    "\x43\x61\x66\xe9\x20\x63\x72\xe8\x6d\x65\x20\x62\x72\xfb\x6c\xe9\x65\x20\x97\x20\x6e\x61\xef"
    "\x76\x65\x20\x93\x71"
    "\x75\x6f\x74\x65\x73\x94\x20\x66\x61\xe7\x61\x64\x65\x20\x64\xe9\x6a\xe0\x20\x76\x75\x2c\x20"
    "\xe0\x20\x6c\x61\x20"
    "\x63\x61\x72\x74\x65\x2e\x20\xdc\x62\x65\x72\x20\x73\x63\x68\xf6\x6e\x65\x20\x47\x72\xfc\xdf"
    "\x65\x20\x61\x75\x73"
    "\x20\x4b\xf6\x6c\x6e\x2e";

std::string page(std::string_view body) {
  return "<html><body><p>" + std::string(body) + "</p></body></html>";
}

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(charset)

BOOST_AUTO_TEST_CASE(utf8_bom_wins_over_declaration_and_is_removed) {
  const auto d = decode_to_utf8("\xEF\xBB\xBFh\xC3\xA9", "windows-1252");
  BOOST_TEST(d.utf8 == "h\xC3\xA9");
  BOOST_TEST(d.charset == "UTF-8");
  BOOST_TEST((d.source == CharsetSource::Bom));
}

BOOST_AUTO_TEST_CASE(utf16_boms) {
  const auto le = decode_to_utf8(std::string("\xFF\xFEh\0\xE9\0", 6));
  BOOST_TEST(le.utf8 == "h\xC3\xA9");
  BOOST_TEST((le.source == CharsetSource::Bom));
  const auto be = decode_to_utf8(std::string("\xFE\xFF\0h\0\xE9", 6));
  BOOST_TEST(be.utf8 == "h\xC3\xA9");
}

// Issue #16, item 7: labels mean what the WHATWG Encoding Standard says (`utf-16` is
// UTF-16LE; ICU alone would read it big-endian), and UTF-16 without a BOM is found by its
// NUL pattern instead of being read as UTF-8 with NULs.
namespace {
std::string utf16(std::string_view ascii, bool little_endian) {
  std::string out;
  for (const char c : ascii) {
    if (little_endian) out += {c, '\0'};
    else out += {'\0', c};
  }
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(utf16_labels_follow_whatwg) {
  const std::string le = utf16("<p>h</p>", true) + std::string("\xE9\0", 2);
  for (const char* label : {"utf-16", "UTF-16", "utf-16le", "unicode", "ucs-2", "csUnicode"}) {
    const auto d = decode_to_utf8(le, label);
    BOOST_TEST(d.utf8 == "<p>h</p>\xC3\xA9", label);
    BOOST_TEST(d.charset.find("UTF-16LE") != std::string::npos, label << ": " << d.charset);
  }
  const auto be = decode_to_utf8(utf16("<p>h</p>", false), "utf-16be");
  BOOST_TEST(be.utf8 == "<p>h</p>");
}

BOOST_AUTO_TEST_CASE(utf16_without_bom_is_detected_by_its_nuls) {
  const std::string page = "<html><head><title>Caf</title></head><body><p>Hello, world.</p></body></html>";
  for (const bool little : {true, false}) {
    const auto d = decode_to_utf8(utf16(page, little));
    BOOST_TEST(d.utf8 == page);
    BOOST_TEST((d.source == CharsetSource::Detected));
    BOOST_TEST(d.charset == (little ? "UTF-16LE" : "UTF-16BE"));
    BOOST_TEST(boilerdex::plugin::sniff_utf16(utf16(page, little)) == (little ? "UTF-16LE" : "UTF-16BE"));
  }
  // Not UTF-16: text with a stray NUL, and a run of NULs (a bomb), stay as they were read.
  BOOST_TEST(boilerdex::plugin::sniff_utf16(std::string("abc\0defghij", 11)).empty());
  BOOST_TEST(boilerdex::plugin::sniff_utf16(std::string(1000, '\0')).empty());
}

BOOST_AUTO_TEST_CASE(declared_charset_beats_meta) {
  const auto d = decode_to_utf8("<meta charset=utf-8><p>caf\xE9", "windows-1252");
  BOOST_TEST(d.utf8 == "<meta charset=utf-8><p>caf\xC3\xA9");
  BOOST_TEST((d.source == CharsetSource::Declared));
  BOOST_TEST(d.charset == "windows-1252");
}

BOOST_AUTO_TEST_CASE(unknown_declaration_is_ignored) {
  const auto d = decode_to_utf8("<p>caf\xC3\xA9", "no-such-charset");
  BOOST_TEST((d.source == CharsetSource::Detected));
  BOOST_TEST(d.charset == "UTF-8");
}

BOOST_DATA_TEST_CASE(
    meta_charset_forms,
    boost::unit_test::data::make({std::string("<meta charset=\"koi8-r\">"),
                                  std::string("<META CHARSET='KOI8-R'/>"),
                                  std::string("<meta http-equiv=\"Content-Type\" "
                                              "content=\"text/html; charset=koi8-r\">")}),
    meta) {
  const auto d = decode_to_utf8(meta + "<p>\xf3\xdf\xc5\xdb\xd8");
  BOOST_TEST((d.source == CharsetSource::Meta));
  BOOST_TEST(d.charset == "KOI8-R");
  BOOST_TEST(d.utf8.find("\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C") !=
             std::string::npos);  // "Съешь"
}

BOOST_AUTO_TEST_CASE(meta_beyond_1024_bytes_is_not_seen) {
  const auto d = decode_to_utf8(std::string(1100, ' ') + "<meta charset=koi8-r><p>abc");
  BOOST_TEST((d.source != CharsetSource::Meta));
}

BOOST_AUTO_TEST_CASE(latin1_label_means_windows_1252_as_in_browsers) {
  const auto d = decode_to_utf8("<meta charset=iso-8859-1><p>\x93q\x94");
  BOOST_TEST(d.charset == "windows-1252");
  BOOST_TEST(d.utf8.find("\xE2\x80\x9Cq\xE2\x80\x9D") != std::string::npos);
}

// A UTF-8 page under a stale legacy declaration (a re-encoded page that kept its <meta>, a
// server's default Latin-1): valid UTF-8 beyond ASCII is read as UTF-8, not as declared.
BOOST_AUTO_TEST_CASE(utf8_page_with_a_stale_legacy_declaration_is_read_as_utf8) {
  const std::string chinese = "\xE8\xB0\xB7\xE6\xAD\x8C\xE5\x85\xAC\xE5\x8F\xB8";  // "谷歌公司"
  const std::string meta_page = "<meta charset=\"gb2312\">" + page(chinese);
  const auto d = decode_to_utf8(meta_page);
  BOOST_TEST(d.utf8 == meta_page);
  BOOST_TEST(d.charset == "UTF-8");
  BOOST_TEST((d.source == CharsetSource::Detected));
  BOOST_TEST(d.replacements == 0u);
  const auto header = decode_to_utf8(page("caf\xC3\xA9 \xE2\x80\x94 ok"), "ISO-8859-1");
  BOOST_TEST(header.utf8 == page("caf\xC3\xA9 \xE2\x80\x94 ok"));
  BOOST_TEST((header.source == CharsetSource::Detected));
  // Parity with Java boilerpipe (no read-back) decodes as declared.
  const auto as_declared = decode_to_utf8(meta_page, {}, false);
  BOOST_TEST((as_declared.source == CharsetSource::Meta));
  BOOST_TEST(as_declared.charset == "GB2312");
  BOOST_TEST(as_declared.utf8 != meta_page);
}

// Text in a legacy encoding is not valid UTF-8, so its declaration stands; a declared page
// of ASCII alone is decoded as declared too (the same characters, but the source says so).
BOOST_AUTO_TEST_CASE(legacy_text_and_ascii_keep_their_declaration) {
  const auto sjis = decode_to_utf8("<meta charset=shift_jis>" + page(k_shift_jis));
  BOOST_TEST(sjis.charset == "Shift_JIS");
  BOOST_TEST((sjis.source == CharsetSource::Meta));
  const auto koi = decode_to_utf8(page(k_koi8r), "koi8-r");
  BOOST_TEST(koi.charset == "KOI8-R");
  BOOST_TEST((koi.source == CharsetSource::Declared));
  const auto cp = decode_to_utf8("<meta charset=windows-1252>" + page(k_cp1252));
  BOOST_TEST(cp.charset == "windows-1252");
  const auto ascii = decode_to_utf8("<meta charset=windows-1251>" + page("plain words"));
  BOOST_TEST((ascii.source == CharsetSource::Meta));
  BOOST_TEST(ascii.charset == "windows-1251");
}

// ISO-2022-JP is written in ASCII bytes with escapes: a stray UTF-8 character does not
// make such a page UTF-8, whose escapes would then show as text.
BOOST_AUTO_TEST_CASE(seven_bit_declarations_are_not_second_guessed) {
  const std::string jis = "\x1B$B$3$s$K$A$O\x1B(B \xC3\xA9";  // "こんにちは" in ISO-2022-JP, then "é"
  const auto d = decode_to_utf8("<meta charset=iso-2022-jp>" + page(jis));
  BOOST_TEST(d.charset == "ISO-2022-JP");
  BOOST_TEST(d.utf8.find("\xE3\x81\x93\xE3\x82\x93") != std::string::npos);  // "こん"
}

// On such a page a C1 control is a windows-1252 byte carried across as Latin-1 ("•" written
// as U+0095): it reads as the declared charset would have shown it. Undefined ones stay.
BOOST_AUTO_TEST_CASE(c1_controls_on_a_stale_latin1_page_read_as_windows_1252) {
  const auto d = decode_to_utf8("<meta charset=iso-8859-1>" + page("\xC2\x95 Ddos \xC2\x81 caf\xC3\xA9"));
  BOOST_TEST(d.utf8.find("\xE2\x80\xA2 Ddos \xC2\x81 caf\xC3\xA9") != std::string::npos);
  BOOST_TEST(d.charset == "UTF-8");
  BOOST_TEST(d.double_encoded == 1u);
}

BOOST_AUTO_TEST_CASE(valid_utf8_is_detected_and_copied) {
  const std::string s = page("\xC3\xBC\x62\x65r \xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x98\x80");
  const auto d = decode_to_utf8(s);
  BOOST_TEST(d.utf8 == s);
  BOOST_TEST(d.charset == "UTF-8");
  BOOST_TEST((d.source == CharsetSource::Detected));
  BOOST_TEST(d.replacements == 0u);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_becomes_replacement_characters) {
  // lone continuation, truncated 3-byte sequence, overlong, surrogate, out of range.
  const auto d = decode_to_utf8(
      "a\x80"
      "b\xE2\x82"
      "c\xC0\xAF"
      "d\xED\xA0\x80"
      "e\xF5",
      "UTF-8");
  BOOST_TEST(valid_utf8(d.utf8));
  BOOST_TEST(d.utf8.rfind("a\xEF\xBF\xBD"
                          "b\xEF\xBF\xBD"
                          "c",
                          0) == 0u);  // E2 82 is one maximal subpart
  BOOST_TEST(d.replacements == 8u);
}

BOOST_AUTO_TEST_CASE(nul_bytes_become_replacement_characters) {
  const auto d = decode_to_utf8(std::string("a\0b", 3), "UTF-8");
  BOOST_TEST(d.utf8 ==
             "a\xEF\xBF\xBD"
             "b");
  const auto w = decode_to_utf8(std::string("a\0b", 3), "windows-1252");
  BOOST_TEST(w.utf8 ==
             "a\xEF\xBF\xBD"
             "b");
}

// The decoder reads ASCII eight bytes at a time: a NUL, a bad byte or a valid sequence at
// any position of a word, and in the short tail, is still seen.
BOOST_AUTO_TEST_CASE(odd_bytes_are_seen_at_every_position_of_an_ascii_run) {
  const std::string ascii = "abcdefghijklmnopqrstuvwx";  // 24 bytes: three words
  for (std::size_t k = 0; k < ascii.size(); ++k) {
    for (const std::string_view odd : {std::string_view("\0", 1), std::string_view("\xFF"),
                                       std::string_view("\x80")}) {
      std::string bytes = ascii;
      bytes.replace(k, 1, odd);
      std::string expected = ascii;
      expected.replace(k, 1, "\xEF\xBF\xBD");
      const auto d = decode_to_utf8(bytes, "UTF-8");
      BOOST_TEST(d.utf8 == expected, "declared, odd byte at " << k);
      BOOST_TEST(d.replacements == 1u);
    }
    std::string bytes = ascii;
    bytes.replace(k, 1, "\xC3\xBC");  // valid: ü, detected as UTF-8 and copied
    const auto d = decode_to_utf8(bytes);
    BOOST_TEST(d.utf8 == bytes, "detected, u-umlaut at " << k);
    BOOST_TEST(d.charset == "UTF-8");
    BOOST_TEST(d.replacements == 0u);
    bytes = ascii;
    bytes[k] = '\x80';  // a lone continuation byte: not UTF-8, so not detected as UTF-8
    BOOST_TEST(decode_to_utf8(bytes).charset != "UTF-8", "detected, 0x80 at " << k);
  }
}

struct Legacy {
  const std::string* bytes;
  const char* expected_charset;
  const char* expected_fragment;  // UTF-8 of some decoded text
};
std::ostream& operator<<(std::ostream& os, const Legacy& l) { return os << l.expected_charset; }

BOOST_DATA_TEST_CASE(undeclared_legacy_charsets_are_detected,
                     boost::unit_test::data::make(
                         {Legacy{&k_koi8r, "KOI8-R", "\xD0\xA1\xD1\x8A\xD0\xB5\xD1\x88\xD1\x8C"},
                          Legacy{&k_shift_jis, "Shift_JIS", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"},
                          Legacy{&k_cp1252, "windows-1252", "Caf\xC3\xA9 cr\xC3\xA8me"}}),
                     legacy) {
  std::string bytes = page(*legacy.bytes + " " + *legacy.bytes);
  const auto d = decode_to_utf8(bytes);
  BOOST_TEST(valid_utf8(d.utf8));
  BOOST_TEST((d.source == CharsetSource::Detected));
  BOOST_TEST(d.charset == legacy.expected_charset);
  BOOST_TEST(d.utf8.find(legacy.expected_fragment) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(binary_data_gives_valid_utf8) {
  std::string bytes;
  unsigned state = 12345;
  for (int i = 0; i < 100000; ++i) {
    state = state * 1103515245u + 12345u;
    bytes.push_back(static_cast<char>(state >> 16));
  }
  const auto d = decode_to_utf8(bytes);
  BOOST_TEST(valid_utf8(d.utf8));
  BOOST_TEST(!d.utf8.empty());
  BOOST_TEST(d.utf8.find('\0') == std::string::npos);
}

BOOST_AUTO_TEST_CASE(empty_input) {
  const auto d = decode_to_utf8("");
  BOOST_TEST(d.utf8.empty());
  BOOST_TEST(d.replacements == 0u);
}

BOOST_AUTO_TEST_CASE(content_type_parameter) {
  BOOST_TEST(charset_from_content_type("text/html; charset=ISO-8859-1") == "ISO-8859-1");
  BOOST_TEST(charset_from_content_type("text/html;charset=\"utf-8\"") == "utf-8");
  BOOST_TEST(charset_from_content_type("text/html; Charset = 'koi8-r' ; q=1") == "koi8-r");
  BOOST_TEST(charset_from_content_type("text/html") == "");
  BOOST_TEST(charset_from_content_type("text/html; x-charset=foo") == "");
  BOOST_TEST(charset_from_content_type("") == "");
}

BOOST_AUTO_TEST_SUITE_END()

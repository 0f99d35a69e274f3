#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "boilerdex/plugin/word_tokenizer.hpp"

using boilerdex::plugin::is_word;
using boilerdex::plugin::tokenize;
using boilerdex::plugin::utf16_length;

namespace {

struct TokenCase {
  const char* input;
  std::vector<std::string> tokens;  // expected tokens, in order
  int words;                        // how many of them pass is_word
};
std::ostream& operator<<(std::ostream& os, const TokenCase& c) { return os << c.input; }

// Spec §2.6 examples (verified against the Debian jar), plus edges of the same rules.
const std::vector<TokenCase> k_cases = {
    {"don't", {"don't"}, 1},
    {"e-mail", {"e-mail"}, 1},
    {"me@x.com", {"me@x.com"}, 1},
    {"3.5%", {"3.5", "%"}, 1},
    {"foo&bar", {"foo", "&", "bar"}, 2},
    {"C++", {"C", "++"}, 1},
    {"#tag", {"#", "tag"}, 1},
    {"a_b", {"a_b"}, 1},
    {"1,000,000", {"1,000,000"}, 1},
    {"well...done", {"well...done"}, 1},
    {"U.S.A.", {"U.S.A."}, 1},
    {"(USA)", {"(USA)"}, 1},
    {"a/b/c", {"a/b/c"}, 1},
    {"aujourd\xE2\x80\x99hui", {"aujourd", "\xE2\x80\x99", "hui"}, 2},
    {"word\xE2\x80\x94"
     "dash",
     {"word", "\xE2\x80\x94", "dash"},
     2},
    {"\xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97\xE7\xAC\xA6\xE6\xB5\x8B\xE8\xAF\x95",
     {"\xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97\xE7\xAC\xA6\xE6\xB5\x8B\xE8\xAF\x95"},
     1},
    // हिन्दी: the Mc vowel signs split; the virama (Mn) stays with its base.
    {"\xE0\xA4\xB9\xE0\xA4\xBF\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6\xE0\xA5\x80",
     {"\xE0\xA4\xB9", "\xE0\xA4\xBF", "\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6", "\xE0\xA5\x80"},
     2},
    {"x\xC2\xA0y", {"x", "\xC2\xA0", "y"}, 2},
    {"\xC3\xBC"
     "ber stra\xC3\x9F"
     "e",
     {"\xC3\xBC"
      "ber",
      "stra\xC3\x9F"
      "e"},
     2},                                                         // JDK ≤ 18: Unicode \b
    {"\xC2\xBD \xE2\x85\xAB", {"\xC2\xBD", "\xE2\x85\xAB"}, 2},  // No and Nl are words
    {"  a   b  ", {"a", "b"}, 2},
    {"|", {"|"}, 0},
    {"$\xEE\x80\x8A< link >\xEE\x80\x8A$",
     {"$\xEE\x80\x8A<", "link", ">\xEE\x80\x8A$"},
     1},  // anchor markers
    {"\x01\x02"
     "foo \x01 bar\x01",
     {"foo", "\x01", "bar"},
     2},  // trim() strips controls at the ends only
    {"a.,b", {"a.,b"}, 1},
    {"ab12cd", {"ab12cd"}, 1},
    {"x-", {"x-"}, 1},
    {"-- --", {"--", "--"}, 0},
    {"\xF0\x9D\x90\x80"
     "bc",
     {"\xF0\x9D\x90\x80"
      "bc"},
     1},  // supplementary letter (MATHEMATICAL BOLD A)
    {"", {}, 0},
    {"   ", {}, 0},
};

}  // namespace

BOOST_AUTO_TEST_SUITE(word_tokenizer)

BOOST_DATA_TEST_CASE(boilerpipe_tokens, boost::unit_test::data::make(k_cases), c) {
  std::vector<std::string_view> tokens;
  tokenize(c.input, tokens);
  std::vector<std::string> got(tokens.begin(), tokens.end());
  BOOST_TEST(got == c.tokens, boost::test_tools::per_element());
  int words = 0;
  for (auto t : tokens) words += is_word(t) ? 1 : 0;
  BOOST_TEST(words == c.words);
}

BOOST_AUTO_TEST_CASE(tokens_are_views_into_the_input) {
  const std::string text = "one two";
  std::vector<std::string_view> tokens{"stale"};
  tokenize(text, tokens);
  BOOST_REQUIRE(tokens.size() == 2u);
  BOOST_TEST(static_cast<const void*>(tokens[1].data()) ==
             static_cast<const void*>(text.data() + 4));
}

BOOST_AUTO_TEST_CASE(word_test_classes) {
  BOOST_TEST(is_word("a"));
  BOOST_TEST(is_word("7"));
  BOOST_TEST(is_word("\xE2\x85\xAB"));  // Ⅻ Nl
  BOOST_TEST(is_word("\xC2\xBD"));      // ½ No
  BOOST_TEST(!is_word("_"));
  BOOST_TEST(!is_word("\xC2\xA0"));
  BOOST_TEST(!is_word("\xE2\x80\x94"));
  BOOST_TEST(!is_word("\xEF\xBF\xBD"));
  BOOST_TEST(!is_word("\xFF\xFE"));  // invalid bytes: never a word, never a crash
  BOOST_TEST(!is_word(""));
}

BOOST_AUTO_TEST_CASE(utf16_units) {
  BOOST_TEST(utf16_length("") == 0u);
  BOOST_TEST(utf16_length("abc") == 3u);
  BOOST_TEST(utf16_length("\xC3\xBC") == 1u);
  BOOST_TEST(utf16_length("\xE4\xB8\xAD") == 1u);
  BOOST_TEST(utf16_length("\xF0\x9F\x98\x80") == 2u);
  BOOST_TEST(utf16_length("\x80\x80") == 2u);
  BOOST_TEST(utf16_length("\xE4\xB8") == 2u);  // truncated: each byte one unit
}

BOOST_AUTO_TEST_CASE(invalid_utf8_never_crashes) {
  std::vector<std::string_view> tokens;
  const std::string junk = "\xFF\xC3 a\xE2\x82 \xF0\x9F\x98";
  tokenize(junk, tokens);
  BOOST_TEST(!tokens.empty());
}

BOOST_AUTO_TEST_SUITE_END()

// The lexical pieces the markup scans share (plugin/page/internal/markup_lexer_internal.hpp).
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../../plugin/page/internal/markup_lexer_internal.hpp"

using namespace boilerdex::plugin::detail;

BOOST_AUTO_TEST_SUITE(markup_lexer)

// PrefixTable answers what any_prefix over each list answers, whatever the case and the
// first character, with each list's own bits.
BOOST_AUTO_TEST_CASE(prefix_table_matches_any_prefix_per_list) {
  static constexpr std::string_view k_a[] = {"comment", "disqus", "reply"};
  static constexpr std::string_view k_b[] = {"nav", "menu", "related", "re"};
  static constexpr std::string_view k_c[] = {"content", "post", "text"};
  const PrefixTable table = {{k_a, 1u}, {k_b, 2u}, {k_c, 4u}};
  for (const std::string_view word :
       {"comments", "CommentList", "Disqus_thread", "reply", "replies", "navbar", "MENU", "related",
        "recent", "content", "ContentMain", "postbody", "textual", "x", "", "9lives", "c", "Re"}) {
    const std::uint32_t expected = (any_prefix(word, k_a) ? 1u : 0u) | (any_prefix(word, k_b) ? 2u : 0u) |
                                   (any_prefix(word, k_c) ? 4u : 0u);
    BOOST_TEST_CONTEXT(word) { BOOST_TEST(table.bits(word) == expected); }
  }
  BOOST_TEST(table.bits("replyform") == 3u);  // "re" and "reply": two lists at once
  BOOST_TEST(table.bits("Navigation") == 2u);
  BOOST_TEST(table.bits("pos") == 0u);      // shorter than every prefix
}

// The byte tables answer what the character tests they replaced answered, for all 256 bytes.
BOOST_AUTO_TEST_CASE(byte_tables_match_the_ascii_tests) {
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    BOOST_TEST_CONTEXT("byte " << b) {
      BOOST_TEST(is_ascii_alnum(c) == alnum);
      BOOST_TEST(ascii_lower(c) == lower);
    }
  }
  static_assert(is_ascii_alnum('Z') && !is_ascii_alnum('-') && ascii_lower('Q') == 'q');
}

// ValueMemo answers f(value) for every value, however many values share a slot and in
// whatever order they come (a value that lost its slot is worked out again), over values
// longer than it keeps too; a value met again in its slot is not worked out again.
BOOST_AUTO_TEST_CASE(value_memo_answers_what_the_function_answers) {
  std::size_t calls = 0;
  const auto f = [&calls](std::string_view v) {
    ++calls;
    std::size_t h = v.size();
    for (const char c : v) h = h * 31 + static_cast<unsigned char>(c);
    return h;
  };
  std::vector<std::string> values;
  for (int k = 0; k < 3000; ++k) values.push_back("entry-" + std::to_string(k * 7919 % 1013));
  values.emplace_back(300, 'x');  // longer than the memo keeps
  values.emplace_back("");
  values.emplace_back("a");
  ValueMemo<std::size_t> memo;
  for (int round = 0; round < 2; ++round) {
    for (const std::string& v : values) {
      const std::size_t before = calls;
      const std::size_t expected = f(v);
      calls = before;
      BOOST_TEST_CONTEXT(v) { BOOST_TEST(memo.get(v, f) == expected); }
    }
  }
  calls = 0;
  const std::string same = "menu-item menu-item-type-post";
  BOOST_TEST(memo.get(same, f) == memo.get(std::string(same), f));  // equal text, another copy
  BOOST_TEST(calls <= 1u);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/word_tokenizer.hpp"
#include "test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

BOOST_AUTO_TEST_SUITE(block_features)

BOOST_AUTO_TEST_CASE(token_statistics) {
  TextDocument doc = document({block(
      "The U.S. economy grew 3.5% in May. Markets | rallied at 10:30pm on 2010-02-04!", 13, 2)});
  doc.blocks[0].enclosing_tag = TagClass::P;
  const auto features = compute_features(doc);
  BOOST_REQUIRE(features.size() == 1u);
  const BlockFeatures& f = features[0];
  BOOST_TEST(f.num_words == 13);
  BOOST_TEST(f.link_density == 2.0f / 13.0f);
  BOOST_TEST(f.text_density == 13.0f);
  BOOST_TEST(f.num_word_tokens == 13);
  BOOST_TEST(f.num_start_uppercase == 4);  // The U.S. May. Markets
  BOOST_TEST(f.start_uppercase_ratio == 4.0 / 13.0);
  BOOST_TEST(f.num_all_uppercase == 1);  // U.S.
  BOOST_TEST(f.num_full_stops == 2);     // U.S. May.
  BOOST_TEST(f.full_stop_ratio == 2.0 / 13.0);
  BOOST_TEST(f.num_sentences == 3);
  BOOST_TEST(f.average_sentence_length == 13.0 / 3.0);
  BOOST_TEST(f.average_word_length == 55.0 / 13.0);
  BOOST_TEST(f.num_date_tokens == 3);  // May. 10:30pm 2010-02-04!
  BOOST_TEST(f.num_vertical_bars == 1);
  BOOST_TEST((f.enclosing_tag == TagClass::P));
  BOOST_TEST(f.position == 0u);
  BOOST_TEST(f.relative_position == 0.0);
}

BOOST_AUTO_TEST_CASE(unterminated_tail_is_a_sentence_and_empty_blocks_are_zero) {
  TextDocument doc =
      document({block("One two. Three four five", 5), block("| \u00bb |", 0), block("", 0)});
  const auto f = compute_features(doc);
  BOOST_TEST(f[0].num_sentences == 2);
  BOOST_TEST(f[0].average_sentence_length == 2.5);
  BOOST_TEST(f[1].num_word_tokens == 0);
  BOOST_TEST(f[1].num_vertical_bars == 2);
  BOOST_TEST(f[1].average_word_length == 0.0);
  BOOST_TEST(f[1].start_uppercase_ratio == 0.0);
  BOOST_TEST(f[2].num_sentences == 0);
  BOOST_TEST(f[1].relative_position == 0.5);
  BOOST_TEST(f[2].relative_position == 1.0);
}

BOOST_AUTO_TEST_CASE(context_uses_empty_start_at_both_edges) {
  TextDocument doc = document({block("a b", 2), block("c d e", 3)});
  const auto f = compute_features(doc);
  const BlockContext first = context_of(f, 0);
  BOOST_TEST(&first.previous == &empty_start_features());
  BOOST_TEST(first.next.num_words == 3);
  const BlockContext last = context_of(f, 1);
  BOOST_TEST(last.previous.num_words == 2);
  BOOST_TEST(&last.next == &empty_start_features());
  TextDocument one = document({block("x", 1)});
  const auto g = compute_features(one);
  BOOST_TEST(&context_of(g, 0).previous == &context_of(g, 0).next);
  BOOST_TEST(empty_start_features().num_words == 0);
  BOOST_TEST(empty_start_features().link_density == 0.0f);
}

BOOST_AUTO_TEST_CASE(date_and_time_tokens) {
  for (const char* yes : {"12:30", "9:05:59", "10:30pm", "2010-02-04", "4/2/2010", "04.02.10",
                          "(2010-02-04)", "May", "Sept.", "MON", "Tuesday,", "Jan"}) {
    BOOST_TEST(is_date_time_token(yes), yes);
  }
  for (const char* no : {"may", "1,000", "3.5", "12:3", "123:45", "1-2", "2010", "MAYBE", "Mayday",
                         "a/b/c", "1/2/3/4", "", "..."}) {
    BOOST_TEST(!is_date_time_token(no), no);
  }
}

BOOST_AUTO_TEST_CASE(named_features_are_complete_and_stable) {
  BlockFeatures f;
  f.num_words = 7;
  f.enclosing_tag = TagClass::H2;
  f.relative_position = 0.25;
  const auto named = named_features(f);
  BOOST_TEST(named.front().name == "num_words");
  BOOST_TEST(named.front().value == 7.0);
  BOOST_TEST(named[15].name == "enclosing_tag");
  BOOST_TEST(named[15].value == 5.0);
  BOOST_TEST(named.back().name == "relative_position");
  BOOST_TEST(named.back().value == 0.25);
  BOOST_TEST(tag_class_name(TagClass::H2) == "h2");
  BOOST_TEST(tag_class_name(TagClass::Other) == "other");
  BOOST_TEST(tag_class_name(TagClass::Div) == "div");
}

namespace {

// The token statistics as the features define them, read token by token from tokenize's
// tokens (compute_block_features reads them while it tokenizes).
struct ReferenceCounts {
  int word_tokens = 0, letters_and_digits = 0, start_uppercase = 0, all_uppercase = 0,
      full_stops = 0, sentences = 0, date_tokens = 0;
};

ReferenceCounts reference_counts(std::string_view text) {
  ReferenceCounts r;
  std::vector<std::string_view> tokens;
  tokenize(text, tokens);
  bool open = false;
  for (const std::string_view t : tokens) {
    if (is_date_time_token(t)) ++r.date_tokens;
    if (!is_word(t)) continue;
    ++r.word_tokens;
    bool has_letter = false, has_lower = false, first_upper = false;
    const auto n = static_cast<int32_t>(t.size());
    for (int32_t i = 0; i < n;) {
      UChar32 c = 0;
      U8_NEXT(t.data(), i, n, c);
      if (c < 0) continue;
      const auto mask = U_GET_GC_MASK(c);
      if (mask & U_GC_L_MASK) {
        if (!has_letter) first_upper = (mask & (U_GC_LU_MASK | U_GC_LT_MASK)) != 0;
        has_letter = true;
        has_lower = has_lower || (mask & U_GC_LL_MASK) != 0;
        ++r.letters_and_digits;
      } else if (mask & (U_GC_ND_MASK | U_GC_NL_MASK | U_GC_NO_MASK)) {
        ++r.letters_and_digits;
      }
    }
    r.start_uppercase += first_upper ? 1 : 0;
    r.all_uppercase += has_letter && !has_lower ? 1 : 0;
    r.full_stops += t.back() == '.' ? 1 : 0;
    std::string_view end = t;
    while (!end.empty() && (end.back() == '"' || end.back() == '\'' || end.back() == ')'))
      end.remove_suffix(1);
    const bool ends = !end.empty() && (end.back() == '.' || end.back() == '!' || end.back() == '?');
    r.sentences += ends ? 1 : 0;
    open = !ends;
  }
  r.sentences += open ? 1 : 0;
  return r;
}

void check_counts(const TokenCounts& c, const ReferenceCounts& r) {
  BOOST_TEST(c.word_tokens == r.word_tokens);
  BOOST_TEST(c.letters_and_digits == r.letters_and_digits);
  BOOST_TEST(c.sentences == r.sentences);
  BOOST_TEST(c.start_uppercase == r.start_uppercase);
  BOOST_TEST(c.all_uppercase == r.all_uppercase);
  BOOST_TEST(c.full_stops == r.full_stops);
  BOOST_TEST(c.date_tokens == r.date_tokens);
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_pass_counts_as_tokens_read_one_by_one) {
  // Pieces of many scripts and classes: title case (U+01C5), Roman numerals (Nl),
  // superscripts (No), combining marks (Mn) after letters and after punctuation, U+2063,
  // CJK, Greek, Cyrillic, NBSP, glue characters, dates, and invalid UTF-8 bytes.
  static const std::array<std::string_view, 40> pieces = {
      "The", "U.S.", "economy", " ", "  ", "May.", "10:30pm", "2010-02-04!", "|", "\u01C5ungla",
      "\u2162", "x\u00B2", "e\u0301t\u00E9", "\u0301", "-\u0301", "\u2063", "\u4E2D\u6587",
      "\u0395\u039B\u039B\u0391\u03A3", "\u041C\u043E\u0441\u043A\u0432\u0430",
      "\u00A0", "\"Quoted.\"", "(Sept.)", "a_b", "ABC", "\xE0\xA0", "\xFF", "\x80x", "$5,000",
      "e-mail", "isn't", "?", "!!", "\t", "\n", "\u0663\u0664", "Stra\u00DFe", "\u00C9T\u00C9",
      "\U0001D400\U0001D41A", "12/31/99", "..."};
  std::mt19937 random(20101);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(0, 24);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    for (int i = length(random); i > 0; --i) text += pieces[pick(random)];
    const TextDocument doc = document({block(text, 1)});
    const BlockFeatures f = compute_features(doc)[0];
    const ReferenceCounts r = reference_counts(text);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(f.num_word_tokens == r.word_tokens);
      BOOST_TEST(f.average_word_length ==
                 (r.word_tokens == 0 ? 0.0 : static_cast<double>(r.letters_and_digits) / r.word_tokens));
      BOOST_TEST(f.num_start_uppercase == r.start_uppercase);
      BOOST_TEST(f.num_all_uppercase == r.all_uppercase);
      BOOST_TEST(f.num_full_stops == r.full_stops);
      BOOST_TEST(f.num_sentences == r.sentences);
      BOOST_TEST(f.num_date_tokens == r.date_tokens);
    }
  }
}

BOOST_AUTO_TEST_CASE(segmenter_token_counts_are_the_texts) {
  // Pages of text, anchors (empty, nested, glued to text), block and inline tags, control
  // characters (kept in the text, trimmed at a block's ends), U+2063, U+E00A (the anchor
  // markers' own character) and dates. Every count the segmenter says it knows must be the
  // count of its block's text; its blocks must be the same as without counting.
  static const std::array<std::string_view, 38> pieces = {
      "The", "U.S.", "economy", " ", "  ", "May.", "10:30pm", "(May", "\"Quoted.\"", "|",
      "<a href=x>", "</a>", "<a href=y></a>", "<p>", "</p>", "<div>", "</div>", "<b>", "</b>",
      "<span>", "</span>", "<abbr>", "</abbr>", "<br>", "<h2>", "</h2>", "\x01", "\x07(",
      ".\x1B", "\t", "\n", "&nbsp;", "\u2063", "\uE00A", "$\uE00A<", "x\u00B2",
      "\u4E2D\u6587", "12/31/99"};
  std::mt19937 random(20261126);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(0, 40);
  std::size_t known = 0, blocks = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string html = "<html><body>";
    for (int i = length(random); i > 0; --i) html += pieces[pick(random)];
    SegmentLimits limits;
    if (round % 10 == 0) limits.max_block_bytes = 12;  // truncated blocks
    const TextDocument counted = segment_html(html, limits, nullptr, true);
    const TextDocument plain = segment_html(html, limits);
    BOOST_TEST_CONTEXT(html) {
      BOOST_TEST(plain.token_counts.empty());
      BOOST_REQUIRE(counted.token_counts.size() == counted.blocks.size());
      BOOST_REQUIRE(plain.blocks.size() == counted.blocks.size());
      for (std::size_t i = 0; i < counted.blocks.size(); ++i) {
        const TextBlock& a = counted.blocks[i];
        const TextBlock& b = plain.blocks[i];
        BOOST_TEST(a.text == b.text);
        BOOST_TEST(a.num_words == b.num_words);
        BOOST_TEST(a.num_words_in_anchor_text == b.num_words_in_anchor_text);
        BOOST_TEST(a.num_words_in_wrapped_lines == b.num_words_in_wrapped_lines);
        BOOST_TEST(a.num_wrapped_lines == b.num_wrapped_lines);
        ++blocks;
        const TokenCounts& c = counted.token_counts[i];
        if (!c.known) continue;
        ++known;
        BOOST_TEST_CONTEXT(a.text) {
          check_counts(c, reference_counts(a.text));
          // The features read from the counts are those read from the text.
          const BlockFeatures from_counts = compute_features(counted.blocks, counted.token_counts)[i];
          const BlockFeatures from_text = compute_features(counted.blocks)[i];
          BOOST_TEST(from_counts.num_sentences == from_text.num_sentences);
          BOOST_TEST(from_counts.average_word_length == from_text.average_word_length);
          BOOST_TEST(from_counts.num_date_tokens == from_text.num_date_tokens);
        }
      }
    }
  }
  // Most blocks are counted (the others are counted from their text).
  BOOST_TEST(known * 2 > blocks);
}

BOOST_AUTO_TEST_CASE(compute_token_counts_follows_the_one_by_one_reading) {
  for (const std::string_view text : {"The U.S. economy grew 3.5% in May. Markets | rallied",
                                      "", "  ", "(Sept.) \"Quoted.\" ABC x\u00B2 \u01C5ungla"}) {
    const TokenCounts c = compute_token_counts(text);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(c.known);
      check_counts(c, reference_counts(text));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

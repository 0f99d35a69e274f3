#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/block_features.hpp"
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

BOOST_AUTO_TEST_SUITE_END()

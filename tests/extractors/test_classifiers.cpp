#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/classifiers.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

namespace {
const TextBlock& none() { return empty_start_block(); }
// A block with the given text density (words in one complete line, no links).
TextBlock dense(float td_words_in_lines, int lines = 1) {
  return block("x", 100, 0, static_cast<int>(td_words_in_lines), lines);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(classifiers)

BOOST_AUTO_TEST_CASE(empty_start_sentinel) {
  const TextBlock& s = empty_start_block();
  BOOST_TEST(s.text.empty());
  BOOST_TEST(s.num_words == 0);
  BOOST_TEST(s.text_density == 0.0f);
  BOOST_TEST(s.link_density == 0.0f);
  BOOST_TEST(s.offset_blocks_start == -1);
  BOOST_TEST(s.offset_blocks_end == -1);
}

BOOST_AUTO_TEST_CASE(num_words_link_density_thresholds) {
  // 1/3 is 0.33333334f, above 0.333333: link-heavy even though "a third".
  BOOST_TEST(block("", 3, 1).link_density == 0.33333334f);
  BOOST_TEST(!num_words_rule(none(), block("", 3, 1), block("", 30)));
  BOOST_TEST(num_words_rule(none(), block("", 4, 1), block("", 30)));
  // 5/9 is 0.5555556f, below 0.555556: the previous block still counts as not link-heavy.
  const TextBlock prev59 = block("", 9, 5);
  BOOST_TEST(static_cast<double>(prev59.link_density) <= 0.555556);
  BOOST_TEST(num_words_rule(prev59, block("", 3), none()));  // prev.nw 9 > 4
  const TextBlock prev47 = block("", 7, 4);                  // 0.5714286f
  BOOST_TEST(!num_words_rule(prev47, block("", 3), none()));
}

BOOST_AUTO_TEST_CASE(num_words_count_thresholds) {
  // curr ≤ 16: next > 15 or prev > 4.
  BOOST_TEST(!num_words_rule(block("", 4), block("", 16), block("", 15)));
  BOOST_TEST(num_words_rule(block("", 4), block("", 16), block("", 16)));
  BOOST_TEST(num_words_rule(block("", 5), block("", 16), block("", 15)));
  BOOST_TEST(num_words_rule(none(), block("", 17), none()));
  // link-heavy previous block: curr > 40 or next > 17.
  const TextBlock links = block("", 10, 10);
  BOOST_TEST(!num_words_rule(links, block("", 40), block("", 17)));
  BOOST_TEST(num_words_rule(links, block("", 41), block("", 17)));
  BOOST_TEST(num_words_rule(links, block("", 40), block("", 18)));
}

BOOST_AUTO_TEST_CASE(density_thresholds) {
  // curr.td ≤ 9: next.td > 10 or prev.td > 4.
  BOOST_TEST(!density_rule(dense(4), dense(9), dense(10)));
  BOOST_TEST(density_rule(dense(4), dense(9), dense(11)));
  BOOST_TEST(density_rule(dense(5), dense(9), dense(10)));
  BOOST_TEST(density_rule(dense(9, 2), dense(9), dense(10)));  // prev.td 4.5 > 4
  // curr.td > 9: content unless next.td is 0 (a dense last block is boilerplate).
  BOOST_TEST(density_rule(none(), dense(19, 2), dense(1)));  // 9.5
  BOOST_TEST(!density_rule(none(), dense(19, 2), none()));
  BOOST_TEST(!density_rule(none(), dense(19, 2), block("|", 0)));
  // link-heavy previous block: next.td > 11.
  const TextBlock links = block("", 10, 10);
  BOOST_TEST(!density_rule(links, dense(30), dense(11)));
  BOOST_TEST(density_rule(links, dense(3), dense(23, 2)));  // 11.5
  // link-heavy current block.
  BOOST_TEST(!density_rule(none(), block("", 3, 1), dense(30)));
}

BOOST_AUTO_TEST_CASE(canola_rule_branches) {
  BOOST_TEST(canola_rule(none(), block("", 10, 1), block("", 12)));
  BOOST_TEST(!canola_rule(none(), block("", 5, 1), block("", 11)));
  BOOST_TEST(canola_rule(none(), block("", 20), none()));
  BOOST_TEST(!canola_rule(none(), block("", 19), none()));
  BOOST_TEST(canola_rule(none(), block("", 7), block("", 7)));
  BOOST_TEST(!canola_rule(none(), block("", 6), block("", 7)));
  BOOST_TEST(canola_rule(block("", 8), block("", 6), block("", 7)));
  BOOST_TEST(canola_rule(none(), block("", 6), block("", 20)));
  BOOST_TEST(!canola_rule(block("", 8, 1), block("", 7), block("", 7)));  // prev has links
  BOOST_TEST(!canola_rule(none(), block("", 7), block("", 7, 1)));        // next has links
}

BOOST_AUTO_TEST_CASE(cleaneval_and_min_words) {
  BOOST_TEST(cleaneval_rule(block("", 20, 7, 7, 1)));  // td 7, ld 0.35f (≤ 0.35 as double)
  BOOST_TEST(static_cast<double>(block("", 20, 7).link_density) <= 0.35);
  BOOST_TEST(!cleaneval_rule(block("", 20, 8, 7, 1)));
  BOOST_TEST(!cleaneval_rule(block("", 20, 0, 13, 2)));  // td 6.5
  BOOST_TEST(min_words_rule(block("", 5), 5));
  BOOST_TEST(!min_words_rule(block("", 4), 5));
}

BOOST_AUTO_TEST_CASE(context_uses_empty_start_at_both_ends) {
  // One block: prev and next are both EMPTY_START; 10 words alone are not enough.
  TextDocument one = document({block("a", 10)});
  BOOST_TEST(!classify_in_context(one.blocks, num_words_rule));
  BOOST_TEST(flags(one) == "-");
  one.blocks[0].is_content = true;
  BOOST_TEST(classify_in_context(one.blocks, num_words_rule));
  BOOST_TEST(flags(one) == "-");
  // Decisions are overwritten and see unmodified neighbours.
  TextDocument doc =
      document({content(block("nav", 3, 3)), block("a", 5), block("b", 3), block("c", 20)});
  BOOST_TEST(classify_in_context(doc.blocks, num_words_rule));
  BOOST_TEST(flags(doc) == "--CC");
  std::vector<TextBlock> empty;
  BOOST_TEST(!classify_in_context(empty, num_words_rule));
}

BOOST_AUTO_TEST_SUITE_END()

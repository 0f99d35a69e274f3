#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/text_block.hpp"
#include "test_block_builder.hpp"

using namespace boilerdex::plugin;

namespace {
TextBlock make(std::string text, int words, int anchor, int wrapped_words, int wrapped_lines,
               int offset, std::uint32_t origin) {
  TextBlock b = testing::block(std::move(text), words, anchor, wrapped_words, wrapped_lines);
  b.offset_blocks_start = b.offset_blocks_end = offset;
  b.origins = {origin};
  return b;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(text_block)

BOOST_AUTO_TEST_CASE(single_line_block_counts_as_one_wrapped_line) {
  TextBlock b = make("a b c", 3, 1, 0, 0, 0, 0);
  BOOST_TEST(b.num_words_in_wrapped_lines == 3);  // overwritten, as in Java
  BOOST_TEST(b.num_wrapped_lines == 1);
  BOOST_TEST(b.text_density == 3.0f);
  BOOST_TEST(b.link_density == 0.33333334f);  // float division, exactly Java's
  BOOST_TEST(static_cast<double>(b.link_density) > 0.333333);
}

BOOST_AUTO_TEST_CASE(wrapped_density_and_empty_block) {
  TextBlock b = make("x", 30, 0, 20, 3, 0, 0);
  BOOST_TEST(b.text_density == 20.0f / 3.0f);
  TextBlock e = make("", 0, 0, 0, 0, 0, 0);
  BOOST_TEST(e.link_density == 0.0f);
  BOOST_TEST(e.text_density == 0.0f);
  BOOST_TEST(e.num_wrapped_lines == 1);
}

BOOST_AUTO_TEST_CASE(merge_next_follows_boilerpipe) {
  TextBlock a = make("first", 10, 2, 8, 1, 3, 3);
  a.tag_level = 5;
  a.source_begin = 100;
  a.source_end = 150;
  a.labels.add(Label::Title);
  TextBlock b = make("second", 5, 5, 0, 0, 4, 4);
  b.is_content = true;
  b.tag_level = 2;
  b.source_begin = 160;
  b.source_end = 200;
  b.labels.add(Label::Hr);
  a.merge_next(b);
  BOOST_TEST(a.text == "first\nsecond");
  BOOST_TEST(a.num_words == 15);
  BOOST_TEST(a.num_words_in_anchor_text == 7);
  BOOST_TEST(a.num_words_in_wrapped_lines == 8 + 5);  // b's were overwritten to 5/1 at init
  BOOST_TEST(a.num_wrapped_lines == 2);
  BOOST_TEST(a.text_density == 13.0f / 2.0f);
  BOOST_TEST(a.link_density == 7.0f / 15.0f);
  BOOST_TEST(a.offset_blocks_start == 3);
  BOOST_TEST(a.offset_blocks_end == 4);
  BOOST_TEST(a.is_content);
  BOOST_TEST(a.tag_level == 2);
  BOOST_TEST(a.labels.has(Label::Title));
  BOOST_TEST(a.labels.has(Label::Hr));
  BOOST_TEST(a.source_begin == 100u);
  BOOST_TEST(a.source_end == 200u);
  const std::vector<std::uint32_t> expected = {3, 4};
  BOOST_TEST(a.origins == expected, boost::test_tools::per_element());
  BOOST_TEST(b.text == "second");  // next untouched
}

BOOST_AUTO_TEST_CASE(merge_of_out_of_order_origins_stays_sorted_and_unique) {
  TextBlock a = make("a", 1, 0, 0, 0, 5, 5);
  a.origins = {2, 5, 9};
  TextBlock b = make("b", 1, 0, 0, 0, 1, 1);
  b.origins = {1, 5, 7};
  a.merge_next(b);
  const std::vector<std::uint32_t> expected = {1, 2, 5, 7, 9};
  BOOST_TEST(a.origins == expected, boost::test_tools::per_element());
  BOOST_TEST(a.offset_blocks_start == 1);
  BOOST_TEST(a.offset_blocks_end == 5);
}

BOOST_AUTO_TEST_SUITE_END()

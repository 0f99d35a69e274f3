#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/text_document.hpp"

using namespace boilerdex::plugin;

namespace {
TextDocument three_blocks() {
  TextDocument doc;
  for (std::uint32_t i = 0; i < 3; ++i) {
    TextBlock b;
    b.text = "block " + std::to_string(i);
    b.num_words = 2;
    b.offset_blocks_start = b.offset_blocks_end = static_cast<int>(i);
    b.origins = {i};
    b.init_densities();
    doc.blocks.push_back(std::move(b));
  }
  doc.num_parse_blocks = 3;
  return doc;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(text_document)

BOOST_AUTO_TEST_CASE(content_is_content_blocks_each_with_newline) {
  TextDocument doc = three_blocks();
  BOOST_TEST(doc.content().empty());
  doc.blocks[0].is_content = true;
  doc.blocks[2].is_content = true;
  BOOST_TEST(doc.content() == "block 0\nblock 2\n");
  BOOST_TEST(doc.text(false, true) == "block 1\n");
  BOOST_TEST(doc.text(true, true) == "block 0\nblock 1\nblock 2\n");
  BOOST_TEST(doc.text(false, false).empty());
}

BOOST_AUTO_TEST_CASE(content_mask_after_merge_and_removal) {
  TextDocument doc = three_blocks();
  doc.blocks[0].merge_next(doc.blocks[1]);
  doc.blocks.erase(doc.blocks.begin() + 1);
  doc.blocks[0].is_content = true;
  BOOST_TEST(doc.content() == "block 0\nblock 1\n");
  std::vector<bool> expected = {true, true, false};
  BOOST_TEST(content_mask(doc) == expected, boost::test_tools::per_element());
  doc.blocks.erase(doc.blocks.begin());
  expected = {false, false, false};
  BOOST_TEST(content_mask(doc) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(content_mask_ignores_foreign_origins) {
  TextDocument doc = three_blocks();
  doc.blocks[2].origins = {2, 17};
  doc.blocks[2].is_content = true;
  const std::vector<bool> expected = {false, false, true};
  BOOST_TEST(content_mask(doc) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

#include "labelled_pages.hpp"

#include <boost/test/unit_test.hpp>
#include <ostream>

#include "mini_fixture.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::train;
using namespace boilerdex::plugin::train::testing;

namespace boilerdex::plugin {
// For Boost.Test's messages.
std::ostream& operator<<(std::ostream& out, BlockClass c) { return out << static_cast<int>(c); }
}  // namespace boilerdex::plugin

namespace {
constexpr std::string_view k_annotated =
    "<html><body><div><span class=\"x-nc-sel0\"><a href=\"/\">Home</a></span></div>"
    "<h1><span class=\"x-nc-sel1\">The headline</span></h1>"
    "<p><span class=\"x-nc-sel2\">The body text of the story, long enough.</span></p>"
    "<p><span class=\"x-nc-sel3\">A caption</span></p>"
    "<p><span class=\"x-nc-sel5\">A reader's comment</span></p>"
    "<p><span class=\"x-nc-sel4\">Related story</span></p>"
    "<p>Text outside every span</p></body></html>";
}  // namespace

BOOST_AUTO_TEST_SUITE(labelled_pages)

BOOST_AUTO_TEST_CASE(l3s_spans_label_their_blocks_with_the_papers_classes) {
  const LabelledPage page = label_l3s_page(k_annotated, "inline");
  const std::vector<BlockClass> expected = {BlockClass::Boilerplate, BlockClass::Headline,
                                            BlockClass::FullText,    BlockClass::Supplemental,
                                            BlockClass::FullText,    BlockClass::Boilerplate,
                                            BlockClass::Boilerplate};
  BOOST_TEST(page.gold == expected, boost::test_tools::per_element());
  BOOST_TEST(page.features.size() == page.gold.size());
  BOOST_TEST(page.features[2].num_words == 8);
  BOOST_TEST(page.four_class);
  BOOST_TEST(page.id == "inline");

  LabelOptions no_comments;
  no_comments.comments_are_content = false;
  const LabelledPage strict = label_l3s_page(k_annotated, "inline", no_comments);
  BOOST_TEST((strict.gold[4] == BlockClass::Boilerplate));
  BOOST_TEST((strict.gold[2] == BlockClass::FullText));
}

BOOST_AUTO_TEST_CASE(text_gold_labels_blocks_by_aligned_share) {
  const std::string html =
      "<p>Home News Sport</p><p>The council voted to extend the harbour wall.</p>"
      "<p>Work starts in summer.</p>";
  const LabelledPage page = label_text_page(html, "The council voted to extend the wall. Work starts soon.", "t");
  const std::vector<BlockClass> expected = {BlockClass::Boilerplate, BlockClass::FullText, BlockClass::FullText};
  BOOST_TEST(page.gold == expected, boost::test_tools::per_element());
  BOOST_TEST(!page.four_class);
  LabelOptions strict;
  strict.min_aligned_share = 0.9;  // "Work starts in summer": 2 of 4
  BOOST_TEST((label_text_page(html, "The council voted to extend the wall. Work starts soon.", "t", strict).gold[2] ==
              BlockClass::Boilerplate));
}

BOOST_AUTO_TEST_CASE(loads_a_data_set_in_page_order) {
  const auto& pages = mini_pages();
  BOOST_REQUIRE(pages.size() == 8u);
  BOOST_TEST(pages.front().id == "l3s-mini/page1");
  BOOST_TEST(pages.back().id == "l3s-mini/page8");
  std::size_t headlines = 0;
  for (const auto& p : pages) {
    BOOST_TEST(p.four_class);
    for (const auto g : p.gold) headlines += g == BlockClass::Headline ? 1 : 0;
  }
  BOOST_TEST(headlines == 8u);
  const LabelledCollection first = load_labelled_pages({{DatasetFormat::L3sGn1, k_mini}}, 3, 2, nullptr);
  BOOST_TEST(first.pages.size() == 3u);
  BOOST_TEST(first.notes.empty());
}

BOOST_AUTO_TEST_SUITE_END()

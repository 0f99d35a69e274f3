#include <boost/test/unit_test.hpp>
#include <string>

#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/learned_labels.hpp"

using namespace boilerdex::plugin;

namespace boilerdex::plugin {
// For Boost.Test's messages.
inline std::ostream& operator<<(std::ostream& out, L3sClass c) { return out << static_cast<int>(c); }
}  // namespace boilerdex::plugin

BOOST_AUTO_TEST_SUITE(learned_labels)

BOOST_AUTO_TEST_CASE(l3s_blocks_take_the_class_of_most_bytes) {
  const AnnotatedPage page = parse_l3s_annotated(
      "<html><body><div><span class=\"x-nc-sel0\"><a href=\"/\">Home</a></span></div>"
      "<h1><span class=\"x-nc-sel1\">The headline</span></h1>"
      "<p><span class=\"x-nc-sel2\">Most of this paragraph is full text,</span> <span "
      "class=\"x-nc-sel3\">a bit not</span></p>"
      "<p><span class=\"x-nc-sel5\">A reader's comment</span></p>"
      "<p>Text outside every span</p></body></html>");
  const TextDocument doc = segment_html(page.html);
  const std::vector<L3sClass> expected = {L3sClass::NotContent, L3sClass::Headline, L3sClass::FullText,
                                          L3sClass::Comments, L3sClass::Unlabelled};
  BOOST_TEST(l3s_block_labels(doc, page) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(gold_text_aligns_in_order) {
  const TextDocument doc = segment_html(
      "<html><body><p>Home News Sport</p>"
      "<p>The council voted to extend the harbour wall.</p>"
      "<p>Work starts in summer and ends next year.</p>"
      "<p>Share this story on the web</p><p>&middot;</p></body></html>");
  // The gold repeats "the", "story" and "on" after the article: the alignment keeps order,
  // so the share line finds 2 of its 6 tokens ("story on"), the navigation none.
  const auto shares = aligned_block_shares(
      doc, "The council voted to extend the harbour wall.\nWork starts in summer and ends next year; "
           "the story goes on.");
  BOOST_REQUIRE(shares.size() == 5u);
  BOOST_TEST(shares[0] == 0.0);
  BOOST_TEST(shares[1] == 1.0);
  BOOST_TEST(shares[2] == 1.0);
  BOOST_TEST(shares[3] == 2.0 / 6.0);
  BOOST_TEST(shares[4] == 0.0);  // no token at all
  // Order matters: the same words reversed align only partly.
  const auto reversed = aligned_block_shares(doc, "Work starts in summer. The council voted to extend the harbour wall.");
  BOOST_TEST(reversed[1] + reversed[2] < 2.0);
  BOOST_TEST(aligned_block_shares(doc, "")[1] == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

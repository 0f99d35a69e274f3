// markdown_structure and line_recall: the heading and list-item lines of Markdown, as
// `eval --markdown` compares them with WCXB's gold.
#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/markdown_evaluation.hpp"

using namespace boilerdex::plugin;

BOOST_AUTO_TEST_SUITE(markdown_evaluation)

BOOST_AUTO_TEST_CASE(headings_and_items_outside_code_fences) {
  const MarkdownStructure s = markdown_structure(
      "# The *Title*\n"
      "Text with # inside\n"
      "####### seven hashes is text\n"
      "#hashtag is text\n"
      "   ## Indented: ok\n"
      "- one\n"
      "  * Two, nested!\n"
      "3. three\n"
      "10) ten\n"
      "-not an item\n"
      "> - quoted item\n"
      "```\n"
      "# code comment\n"
      "- code\n"
      "```\n"
      "~~~\n"
      "## fenced too\n"
      "~~~\n"
      "##\n"
      "- \n"
      "Ünïcode:\n"
      "## Straße İst");
  BOOST_TEST(s.headings == (std::vector<std::string>{"the title", "indented ok", "straße i̇st"}),
             boost::test_tools::per_element());
  BOOST_TEST(s.items == (std::vector<std::string>{"one", "two nested", "three", "ten", "quoted item"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(recall_counts_each_found_line_once) {
  const std::vector<std::string> gold = {"a", "b", "b", "c"};
  BOOST_TEST(*line_recall(gold, {"b", "a", "x"}) == 0.5);
  BOOST_TEST(*line_recall(gold, {"b", "b", "b", "c", "a"}) == 1.0);
  BOOST_TEST(*line_recall(gold, {}) == 0.0);
  BOOST_TEST(!line_recall({}, {"a"}).has_value());
}

BOOST_AUTO_TEST_SUITE_END()

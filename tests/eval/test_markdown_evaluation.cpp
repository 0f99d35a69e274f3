// markdown_structure, line_recall and without_link_destinations: the heading and list-item lines and the
// emphasised words of Markdown, as
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
      "## Straße İst\n"
      "### Install\xC2\xB6\n"
      "- \xC2\xA7 Examples");
  // Words as Python's re.findall(r"\w+", line.lower()): "İ" lowers to "i" and a combining dot,
  // which is no word character; a permalink's "¶" or "§" is no word either.
  BOOST_TEST(s.headings == (std::vector<std::string>{"the title", "indented ok", "straße i st", "install"}),
             boost::test_tools::per_element());
  BOOST_TEST(s.items == (std::vector<std::string>{"one", "two nested", "three", "ten", "quoted item", "examples"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(emphasised_words_as_commonmark_pairs_them) {
  const MarkdownStructure s = markdown_structure(
      "# The *Title*\n"
      "Some **bold words** and *one* or __two__, _three_ in ***both***.\n"
      "5 * 3 * 2 is no emphasis, snake_case_name is none, \\*escaped\\* neither.\n"
      "`code *not* here` but **outer *inner* tail**\n"
      "```\n"
      "**fenced**\n"
      "```\n"
      "**open at a line's end\n"
      "next** line");
  BOOST_TEST(s.emphasised ==
                 (std::vector<std::string>{"title", "bold", "words", "one", "two", "three", "both", "outer", "inner",
                                           "tail"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(recall_counts_each_found_line_once) {
  const std::vector<std::string> gold = {"a", "b", "b", "c"};
  BOOST_TEST(*line_recall(gold, {"b", "a", "x"}) == 0.5);
  BOOST_TEST(*line_recall(gold, {"b", "b", "b", "c", "a"}) == 1.0);
  BOOST_TEST(*line_recall(gold, {}) == 0.0);
  BOOST_TEST(!line_recall({}, {"a"}).has_value());
}

BOOST_AUTO_TEST_CASE(link_destinations_left_out) {
  BOOST_TEST(without_link_destinations("See [the docs](https://a.example/b \"Title\") now.") == "See [the docs] now.");
  BOOST_TEST(without_link_destinations("![a chart](img/x.png) and [two](b)[three](<c d>)") ==
             "![a chart] and [two][three]");
  // Balanced parentheses belong to the destination.
  BOOST_TEST(without_link_destinations("[Red](https://en.wikipedia.org/wiki/Red_(language)) is") == "[Red] is");
  // A linked image inside a link.
  BOOST_TEST(without_link_destinations("[![logo](l.png)](https://a.example/)") == "[![logo]]");
  // Not inline links: an escaped bracket, a space before '(', a destination with a space in
  // it, an unclosed one; autolinks show their URL and stay.
  for (const char* kept : {"a \\](b) c", "[a] (b)", "[a](b c)", "[a](b", "<https://a.example/x>", "]("})
    BOOST_TEST(without_link_destinations(kept) == kept);
  // What is left is only the words a reader sees.
  BOOST_TEST(without_link_destinations("- [Item one](/one)\n- [Item two](/two)\n") == "- [Item one]\n- [Item two]\n");
}

BOOST_AUTO_TEST_SUITE_END()

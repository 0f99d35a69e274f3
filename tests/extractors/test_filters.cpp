#include <boost/test/unit_test.hpp>
#include <cmath>

#include "boilerdex/plugin/filters.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

namespace {
std::vector<std::string> texts(const TextDocument& doc) {
  std::vector<std::string> out;
  for (const auto& b : doc.blocks) out.push_back(b.text);
  return out;
}
using Strings = std::vector<std::string>;
using Origins = std::vector<std::uint32_t>;
}  // namespace

BOOST_AUTO_TEST_SUITE(filters)

BOOST_AUTO_TEST_CASE(full_text_words_need_density_9) {
  BOOST_TEST(num_full_text_words(block("", 9)) == 9);
  BOOST_TEST(num_full_text_words(block("", 8)) == 0);
  BOOST_TEST(num_full_text_words(block("", 40, 0, 17, 2)) == 0);  // 8.5
}

BOOST_AUTO_TEST_CASE(simple_block_fusion_uses_exact_float_equality) {
  // td 1/3 twice (as floats) merges; 0.33333334f vs the float of 2/6 are equal too.
  TextDocument doc =
      document({block("a", 5, 0, 1, 3), block("b", 5, 0, 2, 6), block("c", 5, 0, 3, 9),
                block("d", 7), block("e", 7), block("f", 3)});
  BOOST_TEST(simple_block_fusion(doc));
  BOOST_TEST(texts(doc) == (Strings{"a\nb\nc", "d\ne", "f"}), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[0].text_density == 6.0f / 18.0f);
  BOOST_TEST(doc.blocks[1].text_density == 7.0f);  // (7+7)/2, then compared with f's 3
  BOOST_TEST(doc.blocks[0].origins == (Origins{0, 1, 2}), boost::test_tools::per_element());
  // A float that differs in the last bit does not merge.
  TextDocument near = document({block("a", 5, 0, 1, 3), block("b", 5)});
  near.blocks[1].text_density = std::nextafter(near.blocks[0].text_density, 1.0f);
  BOOST_TEST(!simple_block_fusion(near));
  TextDocument one = document({block("a", 1)});
  BOOST_TEST(!simple_block_fusion(one));
}

BOOST_AUTO_TEST_CASE(simple_block_fusion_chains_from_the_cursor) {
  TextDocument doc = document({block("x", 4), block("y", 2), block("z", 2), block("w", 4)});
  BOOST_TEST(simple_block_fusion(doc));
  BOOST_TEST(texts(doc) == (Strings{"x", "y\nz", "w"}), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[1].text_density == 2.0f);
  BOOST_TEST(doc.blocks[1].num_wrapped_lines == 2);
  TextDocument doc2 = document({block("x", 3), block("y", 3), block("z", 3)});
  BOOST_TEST(simple_block_fusion(doc2));
  BOOST_TEST(doc2.blocks.size() == 1u);
  BOOST_TEST(doc2.blocks[0].text_density == 3.0f);
}

BOOST_AUTO_TEST_CASE(proximity_fusion_pulls_in_boilerplate_predecessor) {
  TextDocument doc = document({block("nav", 2), block("head", 3), content(block("p1", 30)),
                               content(block("p2", 30)), block("foot", 2)});
  BOOST_TEST(block_proximity_fusion(doc, 1, false, false));
  BOOST_TEST(texts(doc) == (Strings{"nav", "head\np1\np2", "foot"}),
             boost::test_tools::per_element());
  BOOST_TEST(flags(doc) == "-C-");
  BOOST_TEST(doc.blocks[1].offset_blocks_start == 1);
  BOOST_TEST(doc.blocks[1].offset_blocks_end == 3);
}

BOOST_AUTO_TEST_CASE(proximity_fusion_gaps_and_modes) {
  TextDocument doc = document({content(block("a", 5)), block("b", 5), content(block("c", 5)),
                               content(block("d", 5)), content(block("e", 5))});
  doc.blocks.erase(doc.blocks.begin() + 1);  // a(0) c(2) d(3) e(4)
  doc.blocks.erase(doc.blocks.begin() + 2);  // a(0) c(2) e(4): gaps of 1
  doc.blocks[2].tag_level = 7;
  TextDocument same_level = doc;
  BOOST_TEST(block_proximity_fusion(doc, 0, true, false) == false);  // gap 1 > 0
  BOOST_TEST(block_proximity_fusion(same_level, 1, true, true));
  BOOST_TEST(texts(same_level) == (Strings{"a\nc", "e"}), boost::test_tools::per_element());
  BOOST_TEST(block_proximity_fusion(doc, 1, true, false));
  BOOST_TEST(texts(doc) == (Strings{"a\nc\ne"}), boost::test_tools::per_element());
  // content_only starts at the first content block and never merges boilerplate.
  TextDocument co =
      document({block("x", 1), content(block("a", 5)), block("b", 1), content(block("c", 5))});
  BOOST_TEST(!block_proximity_fusion(co, 1, true, false));
  TextDocument none = document({block("x", 1), block("y", 1)});
  BOOST_TEST(!block_proximity_fusion(none, 1, true, false));
}

BOOST_AUTO_TEST_CASE(keep_largest_block_marks_the_rest_might_be_content) {
  TextDocument doc = document(
      {block("a", 50), content(block("b", 10)), content(block("c", 20)), content(block("d", 20))});
  BOOST_TEST(keep_largest_block(doc));
  BOOST_TEST(flags(doc) == "--C-");  // first of the maximal content blocks
  BOOST_TEST(doc.blocks[0].labels.has(Label::MightBeContent));  // also former boilerplate
  BOOST_TEST(!doc.blocks[2].labels.has(Label::MightBeContent));
  TextDocument nothing = document({block("a", 5), block("b", 5)});
  BOOST_TEST(keep_largest_block(nothing));
  BOOST_TEST(flags(nothing) == "--");
  BOOST_TEST(nothing.blocks[1].labels.has(Label::MightBeContent));
  TextDocument one = document({content(block("a", 5))});
  BOOST_TEST(!keep_largest_block(one));
}

BOOST_AUTO_TEST_CASE(keep_largest_block_expands_to_same_tag_level) {
  TextDocument doc = document({block("a", 200), block("b", 5), block("c", 5),
                               content(block("d", 200)), block("e", 5), block("f", 200)});
  const int levels[] = {3, 2, 3, 3, 4, 3};
  for (std::size_t i = 0; i < 6; ++i) doc.blocks[i].tag_level = levels[i];
  TextDocument post = doc;
  BOOST_TEST(keep_largest_block(doc, {true, 0, false}));
  BOOST_TEST(flags(doc) == "--CC-C");  // stops at b (level 2) going back
  BOOST_TEST(keep_largest_block(post, {true, 150, true}));
  BOOST_TEST(flags(post) == "---C-C");
  BOOST_TEST(post.blocks[3].labels.has(Label::VeryLikelyContent));
}

BOOST_AUTO_TEST_CASE(expand_title_to_content_between_title_and_content) {
  TextDocument doc = document({labelled(block("Title", 2), Label::Title), block("by", 1),
                               block("x", 1), content(block("body", 50))});
  doc.blocks[0].labels.add(Label::MightBeContent);
  doc.blocks[2].labels.add(Label::MightBeContent);
  BOOST_TEST(expand_title_to_content(doc));
  BOOST_TEST(flags(doc) == "C-CC");
  TextDocument after =
      document({content(block("body", 50)), labelled(block("Title", 2), Label::Title)});
  BOOST_TEST(!expand_title_to_content(after));
  TextDocument no_title = document({block("x", 1), content(block("body", 50))});
  BOOST_TEST(!expand_title_to_content(no_title));
}

BOOST_AUTO_TEST_CASE(terminating_blocks) {
  TextDocument doc = document(
      {block("  Comments (3)", 2), block("12 comments so far", 4), block("3 users responded in", 4),
       block("\u00a9 Reuters 2010", 2), block("What do you think... tell us what you think...", 8),
       block("Comment", 1), block("123 Comments", 2), block("Add comment", 2),
       block("comments " + std::string(60, 'x'), 15),
       block("Thanks for your comments - this feedback is now closed", 9),
       block("R\u00c4TTA ARTIKELN nu", 3), block("no end here", 3)});
  BOOST_TEST(terminating_blocks_finder(doc));
  std::string end;
  for (const auto& b : doc.blocks) end += b.labels.has(Label::IndicatesEndOfText) ? 'E' : '-';
  // "Comment" is too short (< 8), the 15-word block too long.
  BOOST_TEST(end == "EEEEE-EE-EE-");
  TextDocument post = document({block("Comment", 1, 1), block("Comment", 1, 0)});
  BOOST_TEST(!terminating_blocks_finder(post, false));
  BOOST_TEST(terminating_blocks_finder(post, true));
  BOOST_TEST(post.blocks[0].labels.has(Label::IndicatesEndOfText));
  BOOST_TEST(!post.blocks[1].labels.has(Label::IndicatesEndOfText));
}

BOOST_AUTO_TEST_CASE(document_title_match_1_2_0) {
  TextDocument doc =
      document({block("My Page Title", 3), block(" Site.com", 1),
                block("My Page Title | Site.com", 5), block("my page title", 3), block("Site", 1)},
               "  My Page Title | Site.com ");
  BOOST_TEST(document_title_match(doc));
  std::string t;
  for (const auto& b : doc.blocks) t += b.labels.has(Label::Title) ? 'T' : '-';
  BOOST_TEST(t == "T-T--");  // parts with ".com" are skipped; case-sensitive; all matches
  // The longest part (first of maximal length) of each separator class is a candidate.
  TextDocument dash = document({block("Breaking - the long headline here", 6), block("Breaking", 1),
                                block("the long headline here", 4), block("News", 1)},
                               "News: Breaking - the long headline here");
  BOOST_TEST(document_title_match(dash));
  t.clear();
  for (const auto& b : dash.blocks) t += b.labels.has(Label::Title) ? 'T' : '-';
  BOOST_TEST(t == "T-T-");
  TextDocument untitled = document({block("x", 1)}, "   ");
  BOOST_TEST(!document_title_match(untitled));
}

BOOST_AUTO_TEST_CASE(document_title_match_2012_normalises_and_stops_at_the_first_match) {
  const auto titles = [](TextDocument& doc) {
    std::string t;
    for (const auto& b : doc.blocks) t += b.labels.has(Label::Title) ? 'T' : '-';
    return t;
  };
  // Case-insensitive, first match only.
  TextDocument first =
      document({block("x", 1), block("Storm Closes Harbour", 3), block("storm closes harbour", 3)},
               "Storm closes harbour - Example Times");
  BOOST_TEST(document_title_match_2012(first));
  BOOST_TEST(titles(first) == "-T-");
  // Apostrophes removed; trailing ? ! . - : stripped on a second try.
  TextDocument quote =
      document({block("Don\u2019t", 1), block("Don't panic!", 2)}, "Don't panic | Site");
  BOOST_TEST(document_title_match_2012(quote));
  BOOST_TEST(titles(quote) == "-T");
  // Parts of at least four words between " | ", even when not the longest.
  TextDocument four =
      document({block("One two three four", 4)}, "One two three four | five six seven eight nine");
  BOOST_TEST(document_title_match_2012(four));
  // The title without its trailing " - x", and without a leading "x - ".
  TextDocument trailing =
      document({block("Big storm - hits coast", 4)}, "Big storm - hits coast - Example");
  BOOST_TEST(document_title_match_2012(trailing));
  TextDocument leading =
      document({block("big storm - hits coast", 4)}, "Example - Big storm - hits coast");
  BOOST_TEST(document_title_match_2012(leading));
  // 1.2.0 does none of this: exact, case-sensitive, all matches.
  TextDocument old =
      document({block("Big storm - hits coast", 4)}, "Big storm - hits coast - Example");
  BOOST_TEST(!document_title_match(old));
  TextDocument none = document({block("x", 1)}, "\u00a0 ");
  BOOST_TEST(!document_title_match_2012(none));
}

BOOST_AUTO_TEST_CASE(lower_case_of_text_with_caseless_and_cased_non_ascii) {
  // Curly quotes and dashes have no case: only the ASCII letters around them change.
  TextDocument end = document({block("\u201cADD YOUR COMMENT\u201d \u2014 below", 5),
                               block("\u201cADD YOUR COMMENTS\u201d", 3)});
  BOOST_TEST(terminating_blocks_finder(end));
  BOOST_TEST(end.blocks[0].labels.has(Label::IndicatesEndOfText));
  BOOST_TEST(end.blocks[1].labels.has(Label::IndicatesEndOfText));
  const auto title_at = [](TextDocument& doc) {
    std::string t;
    for (const auto& b : doc.blocks) t += b.labels.has(Label::Title) ? 'T' : '-';
    return t;
  };
  TextDocument quoted = document({block("x", 1), block("\u201cSTORM\u201d \u2013 Harbour", 3)},
                                 "\u201cstorm\u201d \u2013 harbour | Site");
  BOOST_TEST(document_title_match_2012(quoted));
  BOOST_TEST(title_at(quoted) == "-T");
  // Cased letters beyond ASCII: É, and a Greek capital sigma that lower-cases to the final
  // form at the end of a word (ICU's full mapping) on both sides.
  TextDocument cased = document({block("CAF\u00c9 \u201c\u00c9LAN\u201d \u039f\u0394\u039f\u03a3", 3),
                                 block("caf\u00e9 \u00e9lan", 2)},
                                "Caf\u00e9 \u201c\u00e9lan\u201d \u03bf\u03b4\u03bf\u03c2");
  BOOST_TEST(document_title_match_2012(cased));
  BOOST_TEST(title_at(cased) == "T-");
}

BOOST_AUTO_TEST_CASE(ignore_blocks_after_content_counts_full_text_words) {
  TextDocument doc = document({content(block("p", 30)),
                               labelled(content(block("3 Comments", 2)), Label::IndicatesEndOfText),
                               content(block("p2", 31)),
                               labelled(block("Comments here", 2), Label::IndicatesEndOfText),
                               content(block("c", 30))});
  BOOST_TEST(ignore_blocks_after_content(doc, 60));
  BOOST_TEST(flags(doc) == "CCC--");  // 30 < 60 at the first marker, 61 at the second
  TextDocument sparse = document({content(block("p", 80, 0, 16, 2)),  // td 8: no full-text words
                                  labelled(content(block("end", 2)), Label::IndicatesEndOfText)});
  BOOST_TEST(!ignore_blocks_after_content(sparse, 60));
  BOOST_TEST(flags(sparse) == "CC");
}

BOOST_AUTO_TEST_CASE(ignore_blocks_after_content_from_end_marks_strictly_not_content) {
  TextDocument doc = document({content(block("p", 300)),
                               labelled(content(block("end", 2)), Label::IndicatesEndOfText),
                               content(block("c", 5))});
  doc.blocks[1].labels.add(Label::MightBeContent);
  BOOST_TEST(ignore_blocks_after_content_from_end(doc));
  BOOST_TEST(flags(doc) == "C-C");
  BOOST_TEST(doc.blocks[1].labels.has(Label::StrictlyNotContent));
  BOOST_TEST(!doc.blocks[1].labels.has(Label::MightBeContent));
}

BOOST_AUTO_TEST_CASE(boilerplate_removal_mark_all_min_words) {
  TextDocument doc =
      document({block("a", 1), content(block("b", 5)), labelled(block("t", 1), Label::Title)});
  TextDocument keep = doc;
  BOOST_TEST(remove_boilerplate_blocks(doc));
  BOOST_TEST(texts(doc) == (Strings{"b"}), boost::test_tools::per_element());
  BOOST_TEST(!remove_boilerplate_blocks(doc));
  BOOST_TEST(remove_boilerplate_blocks(keep, true));
  BOOST_TEST(texts(keep) == (Strings{"b", "t"}), boost::test_tools::per_element());
  TextDocument all = document({block("a", 1), content(block("b", 5))});
  BOOST_TEST(mark_everything_content(all));
  BOOST_TEST(flags(all) == "CC");
  BOOST_TEST(!mark_everything_content(all));
  BOOST_TEST(min_words_filter(all, 5));
  BOOST_TEST(flags(all) == "-C");
}

BOOST_AUTO_TEST_CASE(split_paragraph_blocks_zeroes_counts_and_keeps_origins) {
  TextDocument doc =
      document({content(block("one", 1)), content(block("two", 1)), block("three", 1)});
  doc.blocks[0].merge_next(doc.blocks[1]);
  doc.blocks.erase(doc.blocks.begin() + 1);
  doc.blocks[0].labels.add(Label::Title);
  BOOST_TEST(split_paragraph_blocks(doc));
  BOOST_TEST(texts(doc) == (Strings{"one", "two", "three"}), boost::test_tools::per_element());
  BOOST_TEST(flags(doc) == "CC-");
  BOOST_TEST(doc.blocks[1].labels.has(Label::Title));
  BOOST_TEST(doc.blocks[1].num_words == 0);
  BOOST_TEST(doc.blocks[1].text_density == 0.0f);
  BOOST_TEST(doc.blocks[1].offset_blocks_start == 0);
  BOOST_TEST(doc.blocks[0].origins == (Origins{0}), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[1].origins == (Origins{1}), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[2].num_words == 1);  // unsplit blocks are untouched
  // Java split: leading empty piece kept, trailing ones dropped, runs of breaks are one.
  TextDocument odd = document({block("\na\r\n\nb\n\n", 2)});
  BOOST_TEST(split_paragraph_blocks(odd));
  BOOST_TEST(texts(odd) == (Strings{"", "a", "b"}), boost::test_tools::per_element());
  BOOST_TEST(odd.blocks[1].origins == (Origins{0}), boost::test_tools::per_element());
  TextDocument single = document({block("a\n", 1)});
  BOOST_TEST(!split_paragraph_blocks(single));
}

BOOST_AUTO_TEST_CASE(split_paragraph_blocks_gives_each_line_of_a_fused_block_its_origin) {
  // Lines are counted on from piece to piece; each must still find its own parse block.
  TextDocument doc = document({content(block("a", 1)), content(block("b", 1)), content(block("c", 1)),
                               content(block("d", 1)), content(block("e", 1))});
  for (int i = 0; i < 4; ++i) {
    doc.blocks[0].merge_next(doc.blocks[1]);
    doc.blocks.erase(doc.blocks.begin() + 1);
  }
  BOOST_TEST(split_paragraph_blocks(doc));
  BOOST_TEST(texts(doc) == (Strings{"a", "b", "c", "d", "e"}), boost::test_tools::per_element());
  for (std::uint32_t i = 0; i < 5; ++i)
    BOOST_TEST(doc.blocks[i].origins == (Origins{i}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(min_clause_words_needs_a_delimited_clause) {
  TextDocument doc = document(
      {content(block("This has exactly five words. And more", 7)),
       content(block("Only four words here. Short.", 5)),
       content(block("one two three four five six", 6)), content(block("a b c d e.f g", 6)),
       content(block("3.5% of x, y z w v u. ok", 9)),
       content(block("Tabs\tand\nnew lines count too!", 6)), block("not content at all", 4)});
  BOOST_TEST(min_clause_words(doc, 5, false));
  // 3: no delimiter; 4: "e.f" is no delimiter (not followed by space); 5: "3.5%" is not,
  // "x," ends a 3-word clause, "u." ends "y z w v u" (5 words).
  BOOST_TEST(flags(doc) == "C---CC-");
  TextDocument lenient = document({content(block("one two three four five six", 6))});
  BOOST_TEST(!min_clause_words(lenient, 5, true));
  BOOST_TEST(flags(lenient) == "C");
}

BOOST_AUTO_TEST_CASE(post_1_2_filters) {
  TextDocument doc =
      document({content(block("body", 100)), content(labelled(block("h", 2), Label::Heading)),
                content(labelled(block("h2", 2), Label::Heading))});
  BOOST_TEST(trailing_headline_to_boilerplate(doc));
  BOOST_TEST(flags(doc) == "C--");

  TextDocument large =
      document({block("a", 120), labelled(content(block("b", 300)), Label::VeryLikelyContent),
                block("c", 99), block("d", 100)});
  for (auto& b : large.blocks) b.tag_level = 4;
  large.blocks[0].tag_level = 3;
  BOOST_TEST(large_block_same_tag_level_to_content(large));
  BOOST_TEST(flags(large) == "-C-C");

  TextDocument list = document({labelled(content(block("b", 300)), Label::VeryLikelyContent),
                                block("li1", 5), block("li2", 5, 1), block("li3", 5)});
  list.blocks[0].tag_level = 3;
  for (std::size_t i = 1; i < 4; ++i) {
    list.blocks[i].tag_level = 5;
    list.blocks[i].labels.add(Label::Li);
    list.blocks[i].labels.add(Label::MightBeContent);
  }
  BOOST_TEST(list_at_end(list));
  BOOST_TEST(flags(list) == "CC--");  // the linked item breaks the run
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/extractors.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

namespace {

// The worked ArticleExtractor trace of spec §5, with hand-made blocks.
TextDocument article_page() {
  return document(
      {
          block("Home News Sport", 3, 3),                                           // 0 nav
          block("intro before heading", 3),                                         // 1
          block("Big News Story", 3),                                               // 2 title
          block("text after heading in div", 5),                                    // 3
          block("item one here", 3),                                                // 4 C
          block("linked item", 2, 2),                                               // 5
          block("Subheading", 1),                                                   // 6 C
          block("This is the first paragraph of the story. It goes on here.", 30),  // 7 C
          block("Short one.", 30),                                                  // 8 C
          block("Related", 1),                                                      // 9 C
          block("3 Comments", 2),                                                   // 10 END
          block("a reader comment that is long enough", 20),                        // 11
      },
      "Big News Story | Site");
}

std::string run(const Extractor& e, TextDocument& doc) {
  e.process(doc);
  return doc.content();
}

using Origins = std::vector<std::uint32_t>;

}  // namespace

BOOST_AUTO_TEST_SUITE(extractors)

BOOST_AUTO_TEST_CASE(article_worked_trace) {
  TextDocument doc = article_page();
  const FilterPipeline article("article", pipelines::article());
  const auto changes = article.process_traced(doc);
  BOOST_TEST(changes.size() == 9u);
  BOOST_TEST(doc.blocks.size() == 1u);
  BOOST_TEST(doc.content() ==
             "text after heading in div\nitem one here\nlinked item\nSubheading\n"
             "This is the first paragraph of the story. It goes on here.\nShort one.\nRelated\n");
  BOOST_TEST(doc.blocks[0].origins == (Origins{3, 4, 5, 6, 7, 8, 9}),
             boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[0].offset_blocks_start == 3);
  BOOST_TEST(doc.blocks[0].offset_blocks_end == 9);
  const std::vector<bool> mask = content_mask(doc);
  const std::vector<bool> expected = {false, false, false, true, true,  true,
                                      true,  true,  true,  true, false, false};
  BOOST_TEST(mask == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(article_intermediate_steps) {
  TextDocument doc = article_page();
  const auto steps = pipelines::article();
  BOOST_TEST(steps[0].name == "TerminatingBlocksFinder");
  steps[0].run(doc);
  BOOST_TEST(doc.blocks[10].labels.has(Label::IndicatesEndOfText));
  steps[1].run(doc);
  BOOST_TEST(doc.blocks[2].labels.has(Label::Title));
  steps[2].run(doc);
  BOOST_TEST(flags(doc) == "----C-CCCCCC");
  steps[3].run(doc);
  BOOST_TEST(flags(doc) == "----C-CCCC--");
  steps[4].run(doc);
  BOOST_TEST(flags(doc) == "---CC--");
  BOOST_TEST(doc.blocks[3].origins == (Origins{3, 4}), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[4].origins == (Origins{5, 6, 7, 8, 9}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(article_2012_drops_a_trailing_headline) {
  const auto page = [] {
    return document({block("Intro paragraph", 30), block("More text", 30),
                     labelled(block("Read more", 3), Label::Heading)});
  };
  TextDocument old = page();
  TextDocument post = page();
  BOOST_TEST(run(FilterPipeline("article", pipelines::article()), old) ==
             "Intro paragraph\nMore text\nRead more\n");
  const FilterPipeline e("article-2012", pipelines::article_2012());
  BOOST_TEST(e.steps().size() == 12u);
  BOOST_TEST(run(e, post) == "Intro paragraph\nMore text\n");
}

BOOST_AUTO_TEST_CASE(article_sentences_keeps_lines_with_a_clause) {
  TextDocument doc = article_page();
  const FilterPipeline e("article-sentences", pipelines::article_sentences());
  BOOST_TEST(run(e, doc) == "This is the first paragraph of the story. It goes on here.\n");
  const std::vector<bool> expected = {false, false, false, false, false, false,
                                      false, true,  false, false, false, false};
  BOOST_TEST(content_mask(doc) == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(default_extractor_drops_a_dense_last_block) {
  // Spec §11.3: a 7-word line followed by a 60-word paragraph keeps only the line.
  TextDocument doc = document(
      {block("seven words in a short line here", 7), block("long paragraph", 60, 0, 50, 4)});
  const FilterPipeline e("default", pipelines::default_extractor());
  BOOST_TEST(run(e, doc) == "seven words in a short line here\n");
}

BOOST_AUTO_TEST_CASE(largest_content_and_num_words_rules) {
  TextDocument doc = document({block("nav", 3, 3), block("head", 2), block("p1", 30),
                               block("p2", 30), block("links", 4, 4), block("other", 50)});
  TextDocument doc2 = doc;
  const FilterPipeline nwr("num-words-rules", pipelines::num_words_rules());
  // "head" follows a link-heavy block and precedes 30 words (> 17): content.
  BOOST_TEST(run(nwr, doc2) == "head\np1\np2\nother\n");
  const FilterPipeline largest("largest-content", pipelines::largest_content());
  // The proximity fusion pulls "nav" in front of head+p1+p2 (62 words) and "links" in
  // front of "other" (54 words): the first is kept, boilerplate predecessor and all (§11.1).
  BOOST_TEST(run(largest, doc) == "nav\nhead\np1\np2\n");
  BOOST_TEST(doc.blocks.size() == 2u);
  BOOST_TEST(doc.blocks[1].labels.has(Label::MightBeContent));
}

BOOST_AUTO_TEST_CASE(canola_keep_everything_min_words_cleaneval) {
  TextDocument doc = document({block("a", 3), block("b", 25), block("c", 8), block("d", 3, 3)});
  TextDocument all = doc;
  TextDocument min = doc;
  TextDocument kemin = doc;
  TextDocument ce = doc;
  // a: next has 25 > 19 words and nobody has links; c: next has only 3 words.
  BOOST_TEST(run(FilterPipeline("canola", pipelines::canola()), doc) == "a\nb\n");
  BOOST_TEST(run(FilterPipeline("keep-everything", pipelines::keep_everything()), all) ==
             "a\nb\nc\nd\n");
  BOOST_TEST(run(FilterPipeline("min-words:8", pipelines::min_words(8)), min) == "b\nc\n");
  // Blocks a and d share text density 3 but are not adjacent: no fusion.
  BOOST_TEST(run(FilterPipeline("kemw:8", pipelines::keep_everything_min_words(8)), kemin) ==
             "b\nc\n");
  BOOST_TEST(run(FilterPipeline("cleaneval", pipelines::cleaneval()), ce) == "b\nc\n");
}

BOOST_AUTO_TEST_CASE(keep_everything_min_words_fuses_equal_densities_first) {
  TextDocument doc = document({block("a", 4), block("b", 4), block("c", 5)});
  BOOST_TEST(run(FilterPipeline("kemw", pipelines::keep_everything_min_words(6)), doc) == "a\nb\n");
}

BOOST_AUTO_TEST_CASE(all_pipelines_survive_empty_and_single_block_documents) {
  const std::vector<std::vector<PipelineStep>> all = {pipelines::article(),
                                                      pipelines::article_sentences(),
                                                      pipelines::default_extractor(),
                                                      pipelines::largest_content(),
                                                      pipelines::canola(),
                                                      pipelines::num_words_rules(),
                                                      pipelines::density_rules(),
                                                      pipelines::keep_everything(),
                                                      pipelines::keep_everything_min_words(3),
                                                      pipelines::cleaneval(),
                                                      pipelines::min_words(3),
                                                      pipelines::article_2012()};
  for (const auto& steps : all) {
    const FilterPipeline e("x", steps);
    TextDocument empty;
    BOOST_TEST(run(e, empty).empty());
    TextDocument one = document({block("only block", 2)});
    e.process(one);
    BOOST_TEST(one.blocks.size() <= 1u);
  }
}

BOOST_AUTO_TEST_SUITE_END()

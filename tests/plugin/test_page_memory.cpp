// Memory per page (issue #16, item 5): Gumbo's tree costs about 0.4 KB per tag whatever the
// tag, so the parse reads at most k_max_parse_tags tags of a page and reports the cut
// (SegmentStats::truncated_input); one-line JSON is streamed (test_output_writer). Peak RSS
// on generated worst cases is measured by plugin/bench/page_memory.sh, not here.
#include <boost/test/unit_test.hpp>

#include <string>

#include "../../plugin/src/gumbo_guard_internal.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/text_document.hpp"

using namespace boilerdex::plugin;
using detail::k_max_parse_tags;
using detail::tag_budget_end;

BOOST_AUTO_TEST_SUITE(page_memory)

BOOST_AUTO_TEST_CASE(the_tag_budget_counts_what_makes_nodes) {
  // Start tags, comments and doctypes count; end tags, '<' in text and a lone '<' do not.
  const std::string html = "<!doctype html><p>a < b</p><!-- c --><br/>x</p><";
  BOOST_TEST(tag_budget_end(html, 100) == html.size());
  BOOST_TEST(tag_budget_end(html, 4) == html.size());
  BOOST_TEST(tag_budget_end(html, 3) == html.find("<br/>"));
  BOOST_TEST(tag_budget_end(html, 0) == 0u);
  BOOST_TEST(tag_budget_end("", 0) == 0u);
}

BOOST_AUTO_TEST_CASE(a_page_over_the_tag_budget_is_cut_and_says_so) {
  std::string page = "<html><body>";
  for (std::size_t i = 0; i < k_max_parse_tags + 1000; ++i) page += "<p>w</p>";
  page += "<p>after the budget</p></body></html>";
  SegmentLimits limits;
  limits.max_blocks = 10;  // the point is the parse, not the blocks
  SegmentStats stats;
  const TextDocument doc = segment_html(page, limits, &stats);
  BOOST_TEST(stats.truncated_input);
  BOOST_TEST(doc.blocks.size() <= 10u);

  // Within the budget: read whole, nothing said.
  const std::string small = "<html><body><p>one</p><p>two</p></body></html>";
  SegmentStats small_stats;
  (void)segment_html(small, SegmentLimits{}, &small_stats);
  BOOST_TEST(!small_stats.truncated_input);
}

BOOST_AUTO_TEST_CASE(container_chains_keep_the_nearest_and_end_with_body) {
  std::string deep = "<html><body>";
  for (int i = 0; i < 300; ++i) deep += "<div>";
  deep += "<p>deep text</p>";
  for (int i = 0; i < 300; ++i) deep += "</div>";
  deep += "<p>shallow text</p></body></html>";
  const TextDocument doc = segment_html(deep);
  BOOST_REQUIRE(doc.containers.size() == 2u);
  const auto& chain = doc.containers[0];
  BOOST_TEST(chain.size() == k_max_container_chain + 1);  // the nearest 128, then body
  BOOST_TEST(chain.back() == doc.containers[1].back());   // body, as the shallow block's
  BOOST_TEST(chain[0] > chain[1]);                        // nearest first (pre-order ids)
  BOOST_TEST(doc.containers[1].size() == 2u);             // its <p>, then body
}

BOOST_AUTO_TEST_SUITE_END()

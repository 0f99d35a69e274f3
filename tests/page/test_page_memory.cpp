// Memory per page (issue #16, item 5): Gumbo's tree costs about 0.4 KB per tag whatever the
// tag, so the parse reads at most k_max_parse_tags tags of a page and reports the cut
// (SegmentStats::truncated_input); one-line JSON is streamed (test_output_writer). Peak RSS
// on generated worst cases is measured by plugin/bench/page_memory.sh, not here.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../plugin/page/internal/gumbo_guard_internal.hpp"
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

BOOST_AUTO_TEST_CASE(nesting_is_limited_at_the_tags_true_ends) {
  using detail::limit_nesting;
  // A '>' inside a quoted value does not end the tag; a quote that does not follow '=' is a
  // name character and opens nothing. The fourth open element is past max_depth 3: its
  // start tag and its end tag are blanked, whole.
  const std::string html = R"(<div a="x>y"><span b'><div c='p">q'><i d=">">t</i></div></span></div>)";
  std::string expected = html;
  const std::size_t i = html.find("<i ");
  const std::size_t i_end = html.find(">t") + 1;
  std::fill(expected.begin() + static_cast<std::ptrdiff_t>(i), expected.begin() + static_cast<std::ptrdiff_t>(i_end), ' ');
  const std::size_t close = html.find("</i>");
  std::fill(expected.begin() + static_cast<std::ptrdiff_t>(close), expected.begin() + static_cast<std::ptrdiff_t>(close + 4), ' ');
  const std::optional<std::string> flat = limit_nesting(html, 3);
  BOOST_REQUIRE(flat.has_value());
  BOOST_TEST(*flat == expected);
  BOOST_TEST(!limit_nesting(html, 4).has_value());
  // A quoted value that never closes ends the reading: nothing past it is counted.
  BOOST_TEST(!limit_nesting(R"(<div><div a="x>y<div><div>)", 1).has_value());
  BOOST_TEST(limit_nesting(R"(<div><div a=x>y<div><div>)", 1).has_value());
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
  BOOST_REQUIRE(doc.containers.num_blocks() == 2u);
  const std::vector<std::uint32_t> chain = doc.containers.chain(0).to_vector();
  const std::vector<std::uint32_t> shallow = doc.containers.chain(1).to_vector();
  BOOST_REQUIRE(chain.size() == k_max_container_chain + 1);  // the nearest 128, then body
  BOOST_TEST(chain.back() == 2u);                            // body (html 0, head 1, body 2)
  BOOST_TEST(chain[0] == 303u);                              // the <p> inside divs 3–302
  BOOST_TEST(chain[127] == 176u);                            // the 128th nearest: div 176
  BOOST_TEST(shallow == (std::vector<std::uint32_t>{304, 2}), boost::test_tools::per_element());
  BOOST_TEST(doc.containers.chain(0).at(200) == 2u);         // levels past the end: body
  BOOST_TEST(doc.containers.chain(2).empty());               // no such block
  // The tree, not a chain per block: a few bytes per container and block.
  BOOST_TEST(doc.containers.memory_bytes() < 4096u);
}

// The chains the tree gives are the ones a copy of the open-container stack per block gave
// (before issue #16's item 5): the nearest k_max_container_chain open containers around the
// block's first text, nearest first, then body. Checked on a generated page whose element
// ids and open containers the test tracks itself: nesting goes up and down past the cap,
// text sits in containers and in inline elements, and empty containers come and go.
BOOST_AUTO_TEST_CASE(container_tree_chains_are_the_open_containers_per_block) {
  std::string page = "<html><body>";
  std::uint32_t next_id = 3;  // html 0, head 1, body 2
  constexpr std::uint32_t body = 2;
  std::vector<std::uint32_t> open_divs;  // element ids, outermost first
  std::vector<std::vector<std::uint32_t>> expected;
  const auto chain_with = [&](std::optional<std::uint32_t> innermost) {
    std::vector<std::uint32_t> open = open_divs;
    if (innermost) open.push_back(*innermost);
    std::vector<std::uint32_t> chain(open.rbegin(),
                                     open.rbegin() + static_cast<std::ptrdiff_t>(
                                                         std::min(open.size(), k_max_container_chain)));
    chain.push_back(body);  // the divs never include body
    return chain;
  };
  std::uint32_t state = 12345;  // a fixed LCG: the same page every run
  const auto next = [&] { return (state = state * 1103515245u + 12345u) >> 16; };
  for (int step = 0; step < 3000; ++step) {
    const std::uint32_t r = next() % 10;
    // Down past the cap (but within GuardedParse's nesting bound), then back up.
    const bool deepen = (step < 1500 ? r < 5 : r < 3) && open_divs.size() < 200;
    if (deepen) {
      page += "<div>";
      open_divs.push_back(next_id++);
    } else if (r < 6 && !open_divs.empty()) {
      page += "</div>";
      open_divs.pop_back();
    } else if (r < 8) {
      page += "<p>w" + std::to_string(step) + "</p>";  // the <p> is a container too
      expected.push_back(chain_with(next_id++));
    } else if (r < 9) {
      page += "<div><span>s" + std::to_string(step) + "</span></div>";  // text in an inline
      const std::uint32_t div = next_id++;
      ++next_id;  // the span
      expected.push_back(chain_with(div));
    } else {
      page += "<div></div>";  // a container without text: no block
      ++next_id;
    }
  }
  page += "</body></html>";
  const TextDocument doc = segment_html(page);
  BOOST_REQUIRE(doc.blocks.size() == expected.size());
  BOOST_REQUIRE(doc.containers.num_blocks() == expected.size());
  std::size_t capped = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST_CONTEXT("block " << i << ": " << doc.blocks[i].text) {
      BOOST_TEST(doc.containers.chain(i).to_vector() == expected[i], boost::test_tools::per_element());
    }
    capped += expected[i].size() == k_max_container_chain + 1;
  }
  BOOST_TEST(capped > 0u);  // the page reaches past the cap
  // max_element_id bounds every chain's ids (a table by id sized by it holds them all), and
  // names no element the page does not have.
  std::uint32_t largest = 0;
  for (const auto& chain : expected) {
    for (const std::uint32_t id : chain) largest = std::max(largest, id);
  }
  BOOST_TEST(doc.containers.max_element_id() >= largest);
  BOOST_TEST(doc.containers.max_element_id() < next_id);
}

BOOST_AUTO_TEST_CASE(hand_made_chains_read_back_as_given) {
  const std::vector<std::vector<std::uint32_t>> chains = {{7, 3, 0}, {}, {0}, {9, 3, 0}};
  const ContainerTree tree = ContainerTree::from_chains(chains);
  BOOST_REQUIRE(tree.num_blocks() == chains.size());
  for (std::size_t i = 0; i < chains.size(); ++i)
    BOOST_TEST(tree.chain(i).to_vector() == chains[i], boost::test_tools::per_element());
  BOOST_TEST(tree.chain(0).at(1) == 3u);
  BOOST_TEST(tree.chain(0).at(9) == 0u);
  BOOST_TEST(tree.chain(1).at(0) == k_no_container);
  BOOST_TEST(tree.max_element_id() == 9u);
  const std::vector<std::vector<std::uint32_t>> empty_chains = {{}, {}};
  BOOST_TEST(ContainerTree::from_chains(empty_chains).max_element_id() == k_no_container);
  BOOST_TEST(ContainerTree().max_element_id() == k_no_container);
  TextDocument doc;
  doc.containers = tree;
  const TextDocument copy = doc;  // copies share the tables
  BOOST_TEST(copy.containers.chain(3).to_vector() == chains[3], boost::test_tools::per_element());
  const std::vector<std::vector<std::uint32_t>> too_long = {std::vector<std::uint32_t>(k_max_container_chain + 1, 1)};
  BOOST_CHECK_THROW((void)ContainerTree::from_chains(too_long), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()

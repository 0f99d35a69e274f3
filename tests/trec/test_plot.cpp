#include <boost/test/unit_test.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "boilerdex/trec/plot.hpp"

using namespace boilerdex::trec;

namespace {

std::size_t count(const std::string& haystack, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
  return n;
}

Figure two_panels() {
  Figure f;
  f.title = "P@10 & NDCG@10 <by> cut-off";
  f.caption = "sample";
  ChartPanel words{"Minimum words", "words per block", "score", {}, {}};
  words.series.push_back({"P@10", {1, 5, 10, 20}, {0.40, 0.44, 0.47, 0.45}, "#1f77b4", false});
  words.series.push_back({"NDCG@10", {1, 5, 10, 20}, {0.60, 0.62, 0.66, NAN}, "#d62728", false});
  words.references.push_back({"P@10, all text", 0.41, "#1f77b4"});
  ChartPanel density{"Minimum density", "text density", "score", {}, {}};
  f.panels = {words, density};
  return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plot)

BOOST_AUTO_TEST_CASE(nice_ticks_cover_the_range_with_round_steps) {
  const auto t = nice_ticks(0.41, 0.66, 5);
  BOOST_TEST(t.front() <= 0.41);
  BOOST_TEST(t.back() >= 0.66);
  const std::vector<double> expected = {0.40, 0.45, 0.50, 0.55, 0.60, 0.65, 0.70};
  BOOST_REQUIRE(t.size() == expected.size());
  for (std::size_t i = 0; i < t.size(); ++i) BOOST_TEST(t[i] == expected[i], boost::test_tools::tolerance(1e-12));

  const auto w = nice_ticks(1, 100, 6);
  BOOST_TEST(w.front() == 0.0);
  BOOST_TEST(w.back() == 100.0);
  BOOST_TEST(w[1] == 20.0);

  const auto flat = nice_ticks(0.5, 0.5, 5);  // one value: a unit-wide range around it
  BOOST_TEST(flat.front() <= 0.0);
  BOOST_TEST(flat.back() >= 1.0);
  BOOST_TEST(nice_ticks(3, -2).front() <= -2.0);  // reversed bounds are swapped
}

BOOST_AUTO_TEST_CASE(svg_has_axes_lines_legend_and_escaped_text) {
  const std::string svg = to_svg(two_panels());
  BOOST_TEST(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0U);
  BOOST_TEST(svg.substr(svg.size() - 7) == "</svg>\n");
  BOOST_TEST(count(svg, "<polyline") == 2U);
  BOOST_TEST(count(svg, "stroke-dasharray") == 2U);  // the reference line and its legend entry
  BOOST_TEST(svg.find("P@10 &amp; NDCG@10 &lt;by&gt; cut-off") != std::string::npos);
  BOOST_TEST(svg.find("P@10, all text") != std::string::npos);
  BOOST_TEST(svg.find("no data") != std::string::npos);  // the empty density panel
  BOOST_TEST(svg.find("nan") == std::string::npos);      // the NaN point is skipped
  BOOST_TEST(count(svg, "<circle") == 3U + 4U + 2U);     // 4 + 3 finite points, 2 legend markers
  BOOST_TEST(svg.find(">0.5<") != std::string::npos);    // a y tick label (steps of 0.1)
  BOOST_TEST(svg == to_svg(two_panels()));               // deterministic
}

BOOST_AUTO_TEST_CASE(a_long_caption_wraps_to_the_figure_width) {
  Figure f = two_panels();
  const std::string one_line = to_svg(f);
  BOOST_TEST(count(one_line, ">sample</text>") == 1U);
  std::string caption;
  for (int i = 0; i < 12; ++i) caption += (i ? "; " : "") + std::string("extractor:view-") + std::to_string(i) + ": P@10 0.877";
  f.caption = caption;
  const std::string svg = to_svg(f);
  // Every word is there once, no caption line is wider than the figure (880 px at < 7 px a
  // character), and the figure grows to hold the lines.
  std::size_t lines = 0, words = 0;
  const std::string small_print = "fill=\"#555555\">";
  for (auto at = svg.find(small_print); at != std::string::npos; at = svg.find(small_print, at + 1)) {
    const std::size_t begin = at + small_print.size(), end = svg.find("</text>", begin);
    const std::string line = svg.substr(begin, end - begin);
    BOOST_TEST(line.size() <= 860U / 7U);
    words += count(line, "extractor:view-");
    ++lines;
  }
  BOOST_TEST(lines >= 2U);
  BOOST_TEST(words == 12U);
  BOOST_TEST(one_line.find("height=\"392\"") != std::string::npos);
  BOOST_TEST(svg.find("height=\"392\"") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

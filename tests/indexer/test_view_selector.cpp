#include <boost/test/unit_test.hpp>

#include "boilerdex/indexer/view_selector.hpp"

using namespace boilerdex::indexer;
using boilerdex::plugin::ContainerTree;
using boilerdex::plugin::TextBlock;
using boilerdex::plugin::TextDocument;

namespace {

/// A parse-block list with the given word counts and densities (origins = own index).
TextDocument page(const std::vector<std::pair<int, float>>& blocks) {
  TextDocument doc;
  doc.title = "t";
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    TextBlock b;
    b.text = "block " + std::to_string(i);
    b.num_words = blocks[i].first;
    b.text_density = blocks[i].second;
    b.num_words_in_wrapped_lines = b.num_words;
    b.num_wrapped_lines = 1;
    b.origins = {static_cast<std::uint32_t>(i)};
    b.offset_blocks_start = b.offset_blocks_end = static_cast<int>(i);
    doc.blocks.push_back(std::move(b));
  }
  doc.num_parse_blocks = static_cast<std::uint32_t>(blocks.size());
  const std::vector<std::vector<std::uint32_t>> chains(blocks.size(), {0});
  doc.containers = ContainerTree::from_chains(chains);
  return doc;
}

std::vector<int> row(const std::vector<std::uint8_t>& keep, std::size_t view, std::size_t n) {
  return {keep.begin() + static_cast<std::ptrdiff_t>(view * n), keep.begin() + static_cast<std::ptrdiff_t>((view + 1) * n)};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(view_selector)

// Thresholds are inclusive: a block with exactly K words / density D passes.
BOOST_AUTO_TEST_CASE(rules_at_their_boundaries) {
  const TextDocument doc = page({{9, 6.99f}, {10, 7.0f}, {11, 7.01f}, {0, 0.0f}, {100, 20.0f}});
  std::vector<ViewSpec> views;
  for (const char* s : {"all", "min-words:10", "min-density:7", "min-words:100", "min-density:20", "min-words:101",
                        "min-words:0"})
    views.push_back(parse_view_specs(s).front());
  const ViewSelector selector(views);
  std::vector<std::uint8_t> keep;
  selector.select(doc, {}, keep);
  const std::size_t n = doc.blocks.size();
  BOOST_REQUIRE(keep.size() == views.size() * n);
  using R = std::vector<int>;
  BOOST_TEST(row(keep, 0, n) == (R{1, 1, 1, 1, 1}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 1, n) == (R{0, 1, 1, 0, 1}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 2, n) == (R{0, 1, 1, 0, 1}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 3, n) == (R{0, 0, 0, 0, 1}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 4, n) == (R{0, 0, 0, 0, 1}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 5, n) == (R{0, 0, 0, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 6, n) == (R{1, 1, 1, 1, 1}), boost::test_tools::per_element());
}

// A fractional density threshold compares against the float density as a double.
BOOST_AUTO_TEST_CASE(fractional_density_threshold) {
  const TextDocument doc = page({{5, 7.5f}, {5, 7.49f}});
  const ViewSelector selector({parse_view_specs("min-density:7.5").front()});
  std::vector<std::uint8_t> keep;
  selector.select(doc, {}, keep);
  BOOST_TEST(row(keep, 0, 2) == (std::vector<int>{1, 0}), boost::test_tools::per_element());
}

// Extractor views map the extractor's decisions back to parse blocks; the min-words:K
// extractor must agree with the min-words:K view rule, and keep-everything with all.
BOOST_AUTO_TEST_CASE(extractor_views_agree_with_the_equivalent_rules) {
  const TextDocument doc = page({{3, 3.0f}, {12, 9.0f}, {10, 8.0f}, {9, 12.0f}, {40, 11.0f}});
  std::vector<ViewSpec> views;
  for (const char* s : {"min-words:10", "extractor:min-words:10", "all", "extractor:keep-everything"})
    views.push_back(parse_view_specs(s).front());
  const ViewSelector selector(views);
  std::vector<std::uint8_t> keep;
  selector.select(doc, {}, keep);
  const std::size_t n = doc.blocks.size();
  BOOST_TEST(row(keep, 1, n) == row(keep, 0, n), boost::test_tools::per_element());
  BOOST_TEST(row(keep, 3, n) == row(keep, 2, n), boost::test_tools::per_element());
  BOOST_TEST(doc.blocks[0].is_content == false);  // the extractor worked on a copy
}

BOOST_AUTO_TEST_CASE(empty_page) {
  const ViewSelector selector(default_view_specs());
  std::vector<std::uint8_t> keep(5, 1);
  selector.select(page({}), {}, keep);
  BOOST_TEST(keep.empty());
}

BOOST_AUTO_TEST_SUITE_END()

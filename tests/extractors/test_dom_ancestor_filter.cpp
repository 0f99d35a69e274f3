#include <boost/test/unit_test.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/dom_ancestor_filter.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

using namespace boilerdex::plugin;

namespace {

// A document of parse blocks with the given texts and container chains (nearest first).
TextDocument make_doc(
    const std::vector<std::pair<std::string, std::vector<std::uint32_t>>>& blocks) {
  TextDocument doc;
  std::vector<std::vector<std::uint32_t>> chains;
  for (std::uint32_t i = 0; i < blocks.size(); ++i) {
    TextBlock b;
    b.text = blocks[i].first;
    b.origins = {i};
    doc.blocks.push_back(b);
    chains.push_back(blocks[i].second);
  }
  doc.containers = ContainerTree::from_chains(chains);
  doc.num_parse_blocks = static_cast<std::uint32_t>(blocks.size());
  return doc;
}

// A base that keeps every block and merges the first two, as boilerpipe's fusions do.
class KeepAllMergingBase final : public Extractor {
 public:
  [[nodiscard]] std::string name() const override { return "keep-all-merging"; }
  void process(TextDocument& doc) const override {
    for (auto& b : doc.blocks) b.is_content = true;
    if (doc.blocks.size() >= 2) {
      doc.blocks[0].merge_next(doc.blocks[1]);
      doc.blocks.erase(doc.blocks.begin() + 1);
    }
  }
};

const std::string k_page =
    "<html><body>"
    "<div id='nav'><p>Home News Sport Weather</p></div>"
    "<div id='main'><div class='story'>"
    "<p>The first paragraph of the story is long and full of words about the news of the day.</p>"
    "<p>The second paragraph of the story goes on with more detail and quotes from people.</p>"
    "</div><div class='related'><p>Related: five other stories you may like to read "
    "today</p></div></div>"
    "<div id='side'><p>A sidebar with a rather long advertisement text that tries very hard to be "
    "the "
    "biggest single block on the whole page, so wide and so long.</p></div>"
    "</body></html>";

std::string kept_text(const TextDocument& doc) { return doc.content(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(dom_ancestor_filter)

BOOST_AUTO_TEST_CASE(the_group_with_most_selected_text_wins) {
  // Containers: 10 = body, 20 = div#main, 21/22 = two story divs, 30 = a sidebar div.
  const TextDocument doc = make_doc({{"aaaa", {21, 20, 10}},
                                     {"bbbbbb", {22, 20, 10}},
                                     {"cccccccc", {30, 10}},
                                     {"dd", {21, 20, 10}}});
  const std::vector<bool> all(4, true);
  // Parent: groups 21 (6), 22 (6), 30 (8) → the sidebar.
  BOOST_TEST(dom_ancestor_select(doc, all, 1) == (std::vector<bool>{false, false, true, false}));
  // Grandparent: 20 (12) vs body (8, the sidebar's chain is clamped) → the story.
  BOOST_TEST(dom_ancestor_select(doc, all, 2) == (std::vector<bool>{true, true, false, true}));
  // Deep enough, everything is body: plain base output.
  BOOST_TEST(dom_ancestor_select(doc, all, 5) == all);
  // Only selected blocks count and are kept.
  const std::vector<bool> some{true, false, true, true};
  BOOST_TEST(dom_ancestor_select(doc, some, 1) == (std::vector<bool>{false, false, true, false}));
  BOOST_TEST(dom_ancestor_select(doc, std::vector<bool>(4, false), 2) ==
             std::vector<bool>(4, false));
}

BOOST_AUTO_TEST_CASE(ties_go_to_the_first_group_and_text_counts_code_points) {
  const TextDocument doc = make_doc({{"ééé", {1, 9}}, {"abc", {2, 9}}});  // 3 code points each
  BOOST_TEST(dom_ancestor_select(doc, {true, true}, 1) == (std::vector<bool>{true, false}));
  BOOST_CHECK_THROW((void)dom_ancestor_select(doc, {true, true}, 0), std::invalid_argument);
  BOOST_CHECK_THROW((void)dom_ancestor_select(doc, {true, true}, 6), std::invalid_argument);
  BOOST_CHECK_THROW((void)dom_ancestor_select(doc, {true}, 2), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_extractor_groups_paragraphs_of_a_real_page) {
  const DomAncestorExtractor grandparent(std::make_unique<KeepAllMergingBase>(), 2);
  BOOST_TEST(grandparent.name() == "dom-ancestor:keep-all-merging:2");
  TextDocument doc = segment_html(k_page);
  const std::size_t parse_blocks = doc.blocks.size();
  grandparent.process(doc);
  BOOST_TEST(doc.blocks.size() == parse_blocks);  // paragraphs restored, none merged
  const std::string text = kept_text(doc);
  BOOST_TEST(text.find("first paragraph") != std::string::npos);
  BOOST_TEST(text.find("second paragraph") != std::string::npos);
  BOOST_TEST(text.find("sidebar") == std::string::npos);
  BOOST_TEST(text.find("Home News") == std::string::npos);

  // Parent level: every paragraph is its own group; the longest single one wins.
  const DomAncestorExtractor parent(std::make_unique<KeepAllMergingBase>(), 1);
  TextDocument doc1 = segment_html(k_page);
  parent.process(doc1);
  BOOST_TEST(kept_text(doc1).find("sidebar") != std::string::npos);
  BOOST_TEST(kept_text(doc1).find("first paragraph") == std::string::npos);

  // Depth 3: #main (story + related) against body (nav + sidebar).
  const DomAncestorExtractor three(std::make_unique<KeepAllMergingBase>(), 3);
  TextDocument doc3 = segment_html(k_page);
  three.process(doc3);
  BOOST_TEST(kept_text(doc3).find("Related: five") != std::string::npos);
  BOOST_TEST(kept_text(doc3).find("sidebar") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(names_give_base_and_depth) {
  BOOST_TEST(make_dom_ancestor_extractor("")->name() ==
             "dom-ancestor:" + std::string(k_dom_ancestor_default_base) + ":2");
  BOOST_TEST(make_dom_ancestor_extractor("article")->name() == "dom-ancestor:article:2");
  BOOST_TEST(make_dom_ancestor_extractor("article:4")->name() == "dom-ancestor:article:4");
  BOOST_TEST(make_dom_ancestor_extractor("3")->name() ==
             "dom-ancestor:" + std::string(k_dom_ancestor_default_base) + ":3");
  BOOST_TEST(make_dom_ancestor_extractor("keep-everything-min-words:10:1")->name() ==
             "dom-ancestor:keep-everything-min-words:10:1");
  BOOST_CHECK_THROW((void)make_dom_ancestor_extractor("article:0"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)make_dom_ancestor_extractor("article:6"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)make_dom_ancestor_extractor("no-such-extractor"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)make_dom_ancestor_extractor("dom-ancestor:article"),
                    boilerdex::UsageError);
  BOOST_CHECK_THROW(DomAncestorExtractor(nullptr, 2), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(dom_ancestor_is_registered) {
  const auto names = list_extractors();
  BOOST_TEST(std::any_of(names.begin(), names.end(), [](const ExtractorInfo& i) {
    return i.name.starts_with("dom-ancestor");
  }));
  BOOST_TEST(make_extractor("dom-ancestor:article:2")->name() == "dom-ancestor:article:2");
  BOOST_TEST(make_extractor("dom-ancestor")->name() ==
             "dom-ancestor:" + std::string(k_dom_ancestor_default_base) + ":2");
  TextDocument doc = segment_html(k_page);
  make_extractor("dom-ancestor:keep-everything:2")->process(doc);
  BOOST_TEST(doc.content().find("first paragraph") != std::string::npos);
  BOOST_TEST(doc.content().find("sidebar") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

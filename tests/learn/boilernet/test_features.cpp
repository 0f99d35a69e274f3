// Block features: ancestor tags from the second Gumbo walk, lower-cased words, the two
// vocabularies and the sparse bags the network reads.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "boilerdex/plugin/html_segmenter.hpp"
#include "features.hpp"

namespace bn = boilerdex::plugin::boilernet;
using boilerdex::plugin::segment_html;

namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(BOILERDEX_FIXTURES_DIR) + "/boilernet/" + name, std::ios::binary);
  BOOST_TEST_REQUIRE(in.good(), "fixture " << name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> block_strings(const bn::PageFeatures& f, std::size_t block, bool tags) {
  const auto& ids = tags ? f.tags : f.words;
  const auto& end = tags ? f.tag_end : f.word_end;
  std::vector<std::string> out;
  for (std::uint32_t i = block == 0 ? 0 : end[block - 1]; i < end[block]; ++i)
    out.push_back(f.strings[ids[i]]);
  return out;
}

using Strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(features)

BOOST_AUTO_TEST_CASE(blocks_get_their_ancestor_tags_and_lower_cased_words) {
  const std::string html = read_fixture("original/harbour.html");
  const auto doc = segment_html(html);
  BOOST_TEST_REQUIRE(doc.blocks.size() == 13u);
  const auto f = bn::extract_features(doc, html);
  BOOST_TEST_REQUIRE(f.blocks() == doc.blocks.size());
  BOOST_TEST((block_strings(f, 0, true) == Strings{"html", "body", "div", "ul", "li", "a"}));
  BOOST_TEST((block_strings(f, 0, false) == Strings{"home"}));
  BOOST_TEST((block_strings(f, 4, true) == Strings{"html", "body", "div", "h1"}));
  BOOST_TEST((block_strings(f, 5, true) == Strings{"html", "body", "div", "p"}));
  const Strings words = block_strings(f, 5, false);
  BOOST_TEST_REQUIRE(words.size() == 15u);
  BOOST_TEST(words.front() == "the");
  BOOST_TEST(words[7] == "tuesday");
  BOOST_TEST((block_strings(f, 12, false).front() == "copyright"));
}

BOOST_AUTO_TEST_CASE(unknown_elements_keep_their_name_and_inline_markup_counts_once) {
  const std::string html =
      "<html><body><My-Widget><section><p>Alpha <b>beta</b> gamma</p></section></My-Widget>"
      "</body></html>";
  const auto doc = segment_html(html);
  BOOST_TEST_REQUIRE(doc.blocks.size() == 1u);
  const auto f = bn::extract_features(doc, html);
  BOOST_TEST((block_strings(f, 0, true) == Strings{"html", "body", "my-widget", "section", "p"}));
  BOOST_TEST((block_strings(f, 0, false) == Strings{"alpha", "beta", "gamma"}));
}

BOOST_AUTO_TEST_CASE(vocabulary_keeps_the_most_frequent_ties_by_byte_order) {
  const std::string html =
      "<html><body><div><p>b a b c</p></div><div><p>a b d</p></div><ul><li>c</li></ul>"
      "</body></html>";
  const auto doc = segment_html(html);
  const auto f = bn::extract_features(doc, html);
  bn::VocabularyBuilder builder;
  builder.add(f);
  const bn::Vocabulary v = builder.build(3, 2);
  // tags: html 3, body 3, div 2, p 2, ul 1, li 1 → html, body tie → by bytes: body, html; then div
  BOOST_TEST((v.tags() == Strings{"body", "html", "div"}));
  // words: b 3, a 2, c 2, d 1 → b, then a before c
  BOOST_TEST((v.words() == Strings{"b", "a"}));
  BOOST_TEST(v.size() == 3u + 2u + 2u);
  BOOST_TEST(v.tag_id("html") == 1u);
  BOOST_TEST(v.tag_id("li") == v.tag_oov());
  BOOST_TEST(v.tag_oov() == 3u);
  BOOST_TEST(v.word_id("b") == 4u);
  BOOST_TEST(v.word_id("zzz") == v.word_oov());
  BOOST_TEST(v.word_oov() == 6u);
  BOOST_CHECK_THROW(bn::Vocabulary({"a", "a"}, {}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(bags_hold_each_slot_once_with_log_count_weights) {
  const std::string html = "<html><body><p>b a b c</p></body></html>";
  const auto doc = segment_html(html);
  const auto f = bn::extract_features(doc, html);
  const bn::Vocabulary v({"p", "body"}, {"b", "a"});
  const bn::PageBags bags = bn::encode(f, v);
  BOOST_TEST_REQUIRE(bags.blocks() == 1u);
  // slots: p 0, body 1, html → tag OOV 2, b 3, a 4, c → word OOV 5
  BOOST_TEST((bags.indices == std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));
  BOOST_TEST((bags.offsets == std::vector<std::int64_t>{0, 6}));
  BOOST_TEST(bags.weights[3] == std::log1p(2.0f));
  BOOST_TEST(bags.weights[4] == std::log1p(1.0f));
}

BOOST_AUTO_TEST_SUITE_END()

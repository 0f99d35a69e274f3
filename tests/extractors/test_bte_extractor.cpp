#include <boost/test/unit_test.hpp>
#include <random>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/bte_extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

using namespace boilerdex::plugin;

namespace boilerdex::plugin {
std::ostream& operator<<(std::ostream& out, const BteWindow& w) {
  return out << '[' << w.begin << ", " << w.end << ") T=" << w.value;
}
}  // namespace boilerdex::plugin

namespace {

std::vector<std::int8_t> weights_of(std::string_view pattern) {  // 'w' word, 't' tag
  std::vector<std::int8_t> w;
  for (const char c : pattern) w.push_back(c == 'w' ? 1 : -1);
  return w;
}

const std::string k_page =
    "<html><head><title>Quiet page</title></head><body>"
    "<div><a href='/'>Home</a></div><div><a href='/a'>A</a> <a href='/b'>B</a></div>"
    "<div><p>The plateau of words with few tags is the body text of the page, long enough to win "
    "over every link in the menus around it, even with <b>some</b> markup inside.</p>"
    "<p>A second paragraph continues the article text without any markup at all in it.</p></div>"
    "<ul><li><a href='/x'>x</a></li><li><a href='/y'>y</a></li><li><a href='/z'>z</a></li></ul>"
    "<script>var words = 'not counted at all';</script>"
    "</body></html>";

}  // namespace

BOOST_AUTO_TEST_SUITE(bte_extractor)

BOOST_AUTO_TEST_CASE(the_window_maximises_tags_outside_plus_words_inside) {
  // t t w w t w w w t t: best window is tokens 2..7 ("w w t w w w"), T = 4 tags + 5 words.
  const auto w = weights_of("ttwwtwwwtt");
  const BteWindow best = bte_window(w);
  BOOST_TEST(best == (BteWindow{2, 8, 9}));
  BOOST_TEST(bte_window_quadratic(w) == best);
  // A costly gap splits the words: the larger run wins.
  BOOST_TEST(bte_window(weights_of("twwttttwwwt")) == (BteWindow{7, 10, 9}));
}

BOOST_AUTO_TEST_CASE(ties_go_to_the_smallest_start_then_the_smallest_end) {
  // Two equal runs: the first wins; within it, trailing tag+word pairs that add 0 are not taken.
  const auto w = weights_of("twwtttwwt");
  BOOST_TEST(bte_window(w) == bte_window_quadratic(w));
  BOOST_TEST(bte_window(w).begin == 1u);
  BOOST_TEST(bte_window(w).end == 3u);
  const auto zero_gain = weights_of("wtw");  // "w" or "wtw" both give T = 2
  BOOST_TEST(bte_window(zero_gain) == (BteWindow{0, 1, 2}));
  BOOST_TEST(bte_window_quadratic(zero_gain) == (BteWindow{0, 1, 2}));
}

BOOST_AUTO_TEST_CASE(no_word_means_no_window) {
  BOOST_TEST(bte_window(weights_of("ttt")) == BteWindow{});
  BOOST_TEST(bte_window(std::vector<std::int8_t>{}) == BteWindow{});
  BOOST_TEST(bte_window_quadratic(weights_of("tt")) == BteWindow{});
}

BOOST_AUTO_TEST_CASE(linear_and_quadratic_agree_on_random_pages) {
  std::mt19937 rng(20010901);
  for (int trial = 0; trial < 2500; ++trial) {
    const std::size_t n = 1 + rng() % (trial < 2000 ? 40 : 400);
    const double p_word = static_cast<double>(rng() % 9 + 1) / 10.0;
    std::bernoulli_distribution is_word(p_word);
    std::vector<std::int8_t> w(n);
    for (auto& x : w) x = is_word(rng) ? 1 : -1;
    BOOST_TEST_CONTEXT("trial " << trial) { BOOST_TEST(bte_window(w) == bte_window_quadratic(w)); }
  }
}

BOOST_AUTO_TEST_CASE(tokens_are_source_tags_and_whitespace_separated_words) {
  const std::string html = "<p>one two<br>three &amp; four</p><script>x y z</script><!-- c -->";
  const BteTokens t = bte_tokens(html);
  // <p> one two <br> three &amp; four </p> <script> </script>; the comment is neither.
  BOOST_TEST(t.weights == (std::vector<std::int8_t>{-1, 1, 1, -1, 1, 1, 1, -1, -1, -1}),
             boost::test_tools::per_element());
  BOOST_REQUIRE_EQUAL(t.word_offsets.size(), 5u);
  BOOST_TEST(t.word_offsets[0] == html.find("one"));
  BOOST_TEST(t.word_offsets[1] == html.find("two"));
  BOOST_TEST(t.word_offsets[2] == html.find("three"));
  BOOST_TEST(t.word_offsets[3] == html.find("&amp;"));  // each word at its own offset
  BOOST_TEST(t.word_offsets[4] == html.find("four"));
}

BOOST_AUTO_TEST_CASE(tokens_follow_the_tokenizers_rules_for_text_and_raw_text) {
  const auto weights = [](std::string_view html) {
    std::string out;
    for (const std::int8_t w : bte_tokens(html).weights) out += w > 0 ? 'w' : 't';
    return out;
  };
  // A '<' not followed by a letter is text, inside its run of words.
  BOOST_TEST(weights("<p>x<3 y < z</p>") == "twwwwt");
  BOOST_TEST(bte_tokens("<p>x<3 y</p>").word_offsets == (std::vector<std::uint32_t>{3, 7}));
  // A comment ends the words before it; the doctype and processing instructions count nothing.
  BOOST_TEST(weights("<!DOCTYPE html><?xml x?><p>a<!-- b c -->d</p>") == "twwt");
  // Script, style, noscript and template contents are dropped; their tags count.
  BOOST_TEST(weights("<noscript><p>enable scripts</p></noscript><template><b>x</b></template>"
                     "<style>p { x: y }</style>w") == "ttttttw");
  // Title, textarea and xmp hold text only: a tag written inside is words.
  BOOST_TEST(weights("<title>a <b>c</b></title><textarea><p>d</textarea>") == "twwttwt");
  // As the tokenizer does, a "/>" opens them all the same.
  BOOST_TEST(weights("<script/>var x;</script>w") == "ttw");
  // An element left open runs to the page's end: no end tag to count.
  BOOST_TEST(weights("<p>a</p><script>var b = '</p>';") == "twtt");
  BOOST_TEST(weights("<title>a b") == "tww");
  // A start tag that never ends holds the rest of the page.
  BOOST_TEST(weights("<p>a <img src='x.png alt=b c") == "twt");
}

BOOST_AUTO_TEST_CASE(blocks_in_the_window_become_content) {
  TextDocument doc = segment_html(k_page);
  apply_bte(doc, k_page);
  const std::string content = doc.content();
  BOOST_TEST(content.find("The plateau of words") != std::string::npos);
  BOOST_TEST(content.find("A second paragraph") != std::string::npos);
  BOOST_TEST(content.find("Home") == std::string::npos);
  BOOST_TEST(content.find("x\n") == std::string::npos);
  for (const auto& b : doc.blocks) {
    BOOST_TEST(b.score >= 0.0f);
    BOOST_TEST(b.score <= 1.0f);
    BOOST_TEST(b.is_content == (b.score >= 0.5f));
  }
}

BOOST_AUTO_TEST_CASE(the_extractor_needs_the_page) {
  const BteExtractor bte;
  BOOST_TEST(bte.name() == "bte");
  TextDocument doc = segment_html(k_page);
  BOOST_CHECK_THROW(bte.process(doc), boilerdex::UsageError);
  bte.process(doc, k_page);
  BOOST_TEST(doc.content().find("The plateau of words") != std::string::npos);
  // A page without words keeps nothing.
  TextDocument empty = segment_html("<div><img src=x></div>");
  bte.process(empty, "<div><img src=x></div>");
  BOOST_TEST(empty.content().empty());
}

BOOST_AUTO_TEST_CASE(bte_is_registered) {
  const auto names = list_extractors();
  BOOST_TEST(std::any_of(names.begin(), names.end(),
                         [](const ExtractorInfo& i) { return i.name == "bte"; }));
  const auto bte = make_extractor("bte");
  BOOST_TEST(bte->name() == "bte");
  TextDocument doc = segment_html(k_page);
  bte->process(doc, k_page);
  BOOST_TEST(doc.content().find("A second paragraph") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>
#include <fstream>
#include <sstream>

#include "boilerdex/plugin/page_extractor.hpp"

using namespace boilerdex::plugin;

namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(BOILERDEX_FIXTURES_DIR) + "/plugin/pages/" + name, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "missing fixture " << name);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string extract(std::string_view html, std::string_view extractor,
                    const PageOptions& options = {}) {
  return extract_page(html, *make_extractor(extractor), options).document.content();
}

const std::string k_lead =
    "The harbour was closed on Tuesday after a storm with winds of more than 100 km/h swept "
    "across the coast, the port authority said in a statement issued late in the evening.\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(page_extractor)

BOOST_AUTO_TEST_CASE(article_page_end_to_end) {
  const std::string html = fixture("article.html");
  PageOptions options;
  options.keep_parse_blocks = true;
  const PageResult r = extract_page(html, *make_extractor("article"), options);
  BOOST_TEST(r.decoded.charset == "UTF-8");
  BOOST_TEST(r.document.title == "Storm closes harbour | Example Times");
  BOOST_TEST(r.num_parse_blocks == 9u);
  BOOST_TEST(r.parse_blocks.size() == 9u);
  BOOST_TEST(!r.parse_blocks[0].is_content);
  // The headline is pulled in by the proximity fusion (spec §11.1) and labelled TITLE;
  // "3 Comments" ends the text.
  const std::string content = r.document.content();
  BOOST_TEST(
      content.starts_with("Storm closes harbour\nBy A. Reporter, 4 February 2010\n" + k_lead));
  BOOST_TEST(content.ends_with("promenade & flooded several shops.\n"));
  BOOST_TEST(content.find("Comments") == std::string::npos);
  BOOST_TEST(content.find("Home") == std::string::npos);
  BOOST_REQUIRE(r.document.blocks.size() == 1u);
  BOOST_TEST(r.document.blocks[0].labels.has(Label::Title));
  const std::vector<bool> expected = {false, true, true, true, true, true, false, false, false};
  BOOST_TEST(content_mask(r.document) == expected, boost::test_tools::per_element());
  // Source ranges point into the decoded page.
  const TextBlock& lead = r.parse_blocks[3];
  BOOST_TEST(lead.source_begin < lead.source_end);
  BOOST_TEST(std::string_view(r.decoded.utf8)
                 .substr(lead.source_begin, lead.source_end - lead.source_begin)
                 .find("harbour was closed") != std::string_view::npos);
}

BOOST_AUTO_TEST_CASE(every_extractor_on_the_article_page) {
  const std::string html = fixture("article.html");
  const std::string by_default = extract(html, "default");
  BOOST_TEST(by_default.starts_with("By A. Reporter, 4 February 2010\n" + k_lead));
  BOOST_TEST(
      by_default.ends_with("really frightening to watch the waves.\n"));  // no end-of-text rule
  BOOST_TEST(extract(html, "num-words-rules") == by_default);
  BOOST_TEST(extract(html, "keep-everything")
                 .starts_with("Home News Sport Weather\nStorm closes harbour\n"));
  const std::string sentences = extract(html, "article-sentences");
  BOOST_TEST(sentences.starts_with(k_lead));  // headline and byline have no 5-word clause
  BOOST_TEST(extract(html, "min-words:20") == k_lead +
                                                  "Fishing boats stayed in port and two ferries "
                                                  "were cancelled. Officials expect to reopen the "
                                                  "harbour on Thursday morning if the wind drops "
                                                  "as forecast by the national weather service.\n");
  // No end-of-text rule: the one fused run from the headline to the comment is largest.
  const std::string largest = extract(html, "largest-content");
  BOOST_TEST(largest.starts_with("Storm closes harbour\nBy A. Reporter"));
  BOOST_TEST(largest.ends_with(
      "3 Comments\nGreat report, thanks! I was there on the promenade and it was really "
      "frightening to watch the waves.\n"));
  BOOST_TEST(!extract(html, "canola").empty());
  BOOST_TEST(!extract(html, "cleaneval").empty());
  BOOST_TEST(!extract(html, "density-rules").empty());
}

BOOST_AUTO_TEST_CASE(charsets_links_and_degenerate_input) {
  const PageResult latin = extract_page(fixture("latin1.html"), *make_extractor("article"));
  BOOST_TEST(latin.decoded.charset == "windows-1252");
  BOOST_TEST(
      latin.document.content().starts_with("Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e: a short text"));
  BOOST_TEST(extract(fixture("links.htm"), "article").empty());
  BOOST_TEST(extract(fixture("links.htm"), "keep-everything") ==
             "First link\nSecond link\nThird link\n");
  BOOST_TEST(extract("", "article").empty());
  BOOST_TEST(extract("\xff\xfe\x00<", "article").empty());
  BOOST_TEST(extract(std::string(1000, '<'), "default").empty());
}

// A page whose UTF-8 was read as windows-1252 and encoded again on its way ("â€™" for "’"):
// the default extractor's text, the title and the metadata all have the characters meant.
BOOST_AUTO_TEST_CASE(double_encoded_text_is_read_back_everywhere) {
  const std::string apostrophe = "\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2";  // "â€™"
  const std::string e_acute = "\xC3\x83\xC2\xA9";                     // "Ã©"
  const std::string html = "<html><head><meta charset=utf-8><title>An Investor" + apostrophe +
                           "s Guide</title><meta name=author content=\"Ren" + e_acute +
                           "e Roy\"></head><body><article><h1>An Investor" + apostrophe +
                           "s Guide</h1><p>" + k_lead + "</p><p>It" + apostrophe + "s the caf" +
                           e_acute + " everyone" + apostrophe + "s talking about, " + k_lead +
                           "</p></article></body></html>";
  PageOptions options;
  options.read_metadata = true;
  const PageResult r = extract_page(html, *make_extractor("best"), options);
  BOOST_TEST(r.decoded.double_encoded == 6u);
  BOOST_TEST(r.document.title == "An Investor\xE2\x80\x99s Guide");
  BOOST_TEST(r.metadata.title == "An Investor\xE2\x80\x99s Guide");
  BOOST_TEST(r.metadata.author ==
             "Ren\xC3\xA9"
             "e Roy");
  BOOST_TEST(r.document.content().find("It\xE2\x80\x99s the caf\xC3\xA9 everyone\xE2\x80\x99s") !=
             std::string::npos);
  BOOST_TEST(r.document.content().find("\xC3\xA2") == std::string::npos);
  // Asked to, the text stays as the bytes have it.
  options.read_back_double_encoding = false;
  const PageResult kept = extract_page(html, *make_extractor("best"), options);
  BOOST_TEST(kept.decoded.double_encoded == 0u);
  BOOST_TEST(kept.document.title == "An Investor" + apostrophe + "s Guide");
}

BOOST_AUTO_TEST_CASE(limits_are_reported_not_thrown) {
  std::string deep;
  for (int i = 0; i < 3000; ++i) deep += "<div>";
  deep += "<p>deep text at the bottom of a very deep page with plenty of words to keep it</p>";
  PageOptions options;
  options.limits.max_depth = 100;
  const PageResult r = extract_page(deep, *make_extractor("keep-everything"), options);
  BOOST_TEST(r.stats.depth_limited);
  BOOST_TEST(r.document.content().find("deep text") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

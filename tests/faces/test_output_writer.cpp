#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/output_writer.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;

namespace {

// A hand-made result: three parse blocks, the first two merged into one content block.
PageResult sample() {
  PageResult r;
  r.decoded.charset = "windows-1252";
  r.decoded.source = CharsetSource::Meta;
  r.decoded.replacements = 2;
  r.decoded.double_encoded = 3;
  r.document = document({block("<script>alert('x')</script> & \"quotes\"", 6, 2),
                         block("Second line.", 2), block("Footer | links", 2, 2)},
                        "A <title> & more");
  r.document.blocks[0].enclosing_tag = TagClass::H1;
  r.parse_blocks = r.document.blocks;
  r.num_parse_blocks = 3;
  r.document.blocks[0].merge_next(r.document.blocks[1]);
  r.document.blocks.erase(r.document.blocks.begin() + 1);
  r.document.blocks[0].is_content = true;
  r.document.blocks[0].labels.add(Label::Title);
  r.document.blocks[0].score = 0.75f;
  return r;
}

std::string render(OutputFormat format, const PageResult& r) {
  std::ostringstream out;
  write_page(out, format, r, {"dir/page.html", "article"});
  return out.str();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(output_writer)

BOOST_AUTO_TEST_CASE(formats_by_name) {
  BOOST_TEST((parse_output_format("text") == OutputFormat::Text));
  BOOST_TEST((parse_output_format("json") == OutputFormat::Json));
  BOOST_TEST((parse_output_format("html") == OutputFormat::Html));
  BOOST_TEST((parse_output_format("markdown") == OutputFormat::Markdown));
  BOOST_TEST((parse_output_format("md") == OutputFormat::Markdown));
  BOOST_TEST((parse_output_format("debug-html") == OutputFormat::DebugHtml));
  BOOST_TEST((parse_output_format("xml") == OutputFormat::Xml));
  BOOST_TEST((parse_output_format("blocks") == OutputFormat::Blocks));
  BOOST_TEST((parse_output_format("parse-blocks") == OutputFormat::ParseBlocks));
  BOOST_CHECK_THROW((void)parse_output_format("pdf"), boilerdex::UsageError);
  BOOST_TEST(output_extension(OutputFormat::Text) == ".txt");
  BOOST_TEST(output_extension(OutputFormat::Json) == ".json");
  BOOST_TEST(output_extension(OutputFormat::Html) == ".html");
  BOOST_TEST(output_extension(OutputFormat::DebugHtml) == ".html");
  BOOST_TEST(output_extension(OutputFormat::Markdown) == ".md");
  BOOST_TEST(output_extension(OutputFormat::Xml) == ".xml");
  BOOST_TEST(needs_parse_blocks(OutputFormat::DebugHtml));
  BOOST_TEST(!needs_parse_blocks(OutputFormat::Markdown));
  BOOST_TEST(output_extension(OutputFormat::Blocks) == ".tsv");
  BOOST_TEST(needs_parse_blocks(OutputFormat::Json));
  BOOST_TEST(!needs_parse_blocks(OutputFormat::Text));
}

BOOST_AUTO_TEST_CASE(text_is_get_content) {
  BOOST_TEST(render(OutputFormat::Text, sample()) ==
             "<script>alert('x')</script> & \"quotes\"\nSecond line.\n");
}

BOOST_AUTO_TEST_CASE(json_parses_back) {
  const std::string out = render(OutputFormat::Json, sample());
  BOOST_TEST(out.back() == '\n');
  BOOST_TEST(std::count(out.begin(), out.end(), '\n') == 1);  // JSON Lines
  const auto j = nlohmann::json::parse(out);
  BOOST_TEST(j["source"] == "dir/page.html");
  BOOST_TEST(j["extractor"] == "article");
  BOOST_TEST(j["title"] == "A <title> & more");
  BOOST_TEST(j["charset"]["name"] == "windows-1252");
  BOOST_TEST(j["charset"]["source"] == "meta");
  BOOST_TEST(j["charset"]["replacements"] == 2);
  BOOST_TEST(j["charset"]["double_encoded"] == 3);
  BOOST_TEST(j["segmentation"]["parse_blocks"] == 3);
  BOOST_TEST(j["content"] == "<script>alert('x')</script> & \"quotes\"\nSecond line.\n");
  const auto& blocks = j["blocks"];
  BOOST_REQUIRE(blocks.size() == 3u);
  BOOST_TEST(blocks[0]["content"] == true);
  BOOST_TEST(blocks[1]["content"] == true);
  BOOST_TEST(blocks[2]["content"] == false);
  BOOST_TEST(blocks[1]["labels"][0] == "de.l3s.boilerpipe/TITLE");  // from the block holding it
  BOOST_TEST(blocks[1]["score"] == 0.75);
  BOOST_TEST(blocks[2]["score"].is_null());
  BOOST_TEST(blocks[0]["features"]["num_words"] == 6);
  BOOST_TEST(blocks[0]["features"]["link_density"] == 0.33333334);  // shortest float digits
  BOOST_TEST(blocks[0]["features"]["enclosing_tag"] == "h1");
  BOOST_TEST(blocks[2]["features"]["num_vertical_bars"] == 1);
  BOOST_TEST(blocks[2]["source_begin"] == 20);
  const auto& after = j["result_blocks"];
  BOOST_REQUIRE(after.size() == 2u);
  BOOST_TEST(after[0]["origins"] == nlohmann::json::array({0, 1}));
  BOOST_TEST(after[0]["num_words"] == 8);
  BOOST_TEST(after[0]["source_end"] == 15);
  BOOST_TEST(after[1]["content"] == false);
}

BOOST_AUTO_TEST_CASE(json_survives_invalid_utf8) {
  PageResult r = sample();
  r.parse_blocks[2].text = "bad \xff byte";
  const auto j = nlohmann::json::parse(render(OutputFormat::Json, r));
  BOOST_TEST(j["blocks"][2]["text"] == "bad \xef\xbf\xbd byte");
}

// Issue #16, item 5: one-line JSON streams its block arrays a block at a time (a page of
// 200,000 blocks took 1.35 GB as one DOM); the text must be exactly the DOM's dump.
BOOST_AUTO_TEST_CASE(streamed_json_is_the_dom_dump_byte_for_byte) {
  for (const bool parse_blocks : {true, false}) {
    PageResult r = sample();
    r.parse_blocks[2].text = "bad \xff byte";
    if (!parse_blocks) r.parse_blocks.clear();  // no "blocks" key then (num_parse_blocks > 0)
    std::ostringstream streamed, pretty;
    write_json(streamed, r, {"dir/p\xe9ge.html", "article"});
    write_json(pretty, r, {"dir/p\xe9ge.html", "article"}, 2);
    const auto dom = nlohmann::ordered_json::parse(pretty.str());
    BOOST_TEST(streamed.str() == dom.dump() + "\n");
    BOOST_TEST(dom.contains("blocks") == parse_blocks);
  }
}

BOOST_AUTO_TEST_CASE(json_carries_metadata_and_drops_blocks_when_compact) {
  PageResult r = sample();
  r.metadata.title = "Clean title";
  r.metadata.date = "2024-03-05";
  r.metadata.tags = {"a", "b"};
  std::ostringstream compact;
  write_page(compact, OutputFormat::Json, r, {"p.html", "article"}, /*json_blocks=*/false);
  const auto j = nlohmann::ordered_json::parse(compact.str());
  BOOST_TEST(!j.contains("blocks"));
  BOOST_TEST(!j.contains("result_blocks"));
  BOOST_TEST(j.contains("content"));
  const auto& m = j["metadata"];
  std::vector<std::string> keys;
  for (const auto& [key, value] : m.items()) keys.push_back(key);
  BOOST_TEST((keys == std::vector<std::string>{"title", "author", "date", "sitename", "description",
                                               "language", "url", "image", "categories", "tags",
                                               "page_type"}));
  BOOST_TEST(m["title"] == "Clean title");
  BOOST_TEST(m["author"].is_null());
  BOOST_TEST(m["date"] == "2024-03-05");
  BOOST_TEST(m["categories"].is_array());
  BOOST_TEST(m["tags"].size() == 2u);
  BOOST_TEST(nlohmann::json::parse(metadata_json(r.metadata)) == nlohmann::json::parse(m.dump()));
  BOOST_TEST(nlohmann::ordered_json::parse(render(OutputFormat::Json, r)).contains("blocks"));
  BOOST_TEST(!needs_parse_blocks(OutputFormat::Json, false));
}

BOOST_AUTO_TEST_CASE(debug_html_is_escaped_and_self_contained) {
  const std::string html = render(OutputFormat::DebugHtml, sample());
  BOOST_TEST(html.starts_with("<!DOCTYPE html>"));
  BOOST_TEST(html.find("<script>") == std::string::npos);
  BOOST_TEST(
      html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;") !=
      std::string::npos);
  BOOST_TEST(html.find("A &lt;title&gt; &amp; more") != std::string::npos);
  BOOST_TEST(html.find("src=") == std::string::npos);
  BOOST_TEST(html.find("href=") == std::string::npos);
  BOOST_TEST(html.find("<div class=\"b c\"") != std::string::npos);
  BOOST_TEST(html.find("<div class=\"b n\"") != std::string::npos);
  BOOST_TEST(html.find("link_density: 0.33333334") != std::string::npos);  // tooltip
  BOOST_TEST(html.find("label: de.l3s.boilerpipe/TITLE") != std::string::npos);
  BOOST_TEST(html.find("3 parse blocks, 2 content") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(block_dumps) {
  const std::string after = render(OutputFormat::Blocks, sample());
  const std::string parse = render(OutputFormat::ParseBlocks, sample());
  BOOST_TEST(std::count(after.begin(), after.end(), '\n') == 2 + 2);
  BOOST_TEST(std::count(parse.begin(), parse.end(), '\n') == 2 + 3);
  BOOST_TEST(after.find("Second line.") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

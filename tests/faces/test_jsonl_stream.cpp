#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/jsonl_stream.hpp"

using namespace boilerdex::plugin;
using json = nlohmann::ordered_json;  // keeps the order keys were written in

namespace {

const std::string k_page =
    "<html><head><title>Tide tables</title></head><body>"
    "<ul><li><a href=/>Home</a></li><li><a href=/shop>Shop</a></li></ul>"
    "<div>You are here: Coast</div><h1>Tide tables</h1>"
    "<p>High water at the harbour mouth comes about forty minutes later than at the pier, "
    "because the flood tide has to fill the long sandy channel of the estuary first.</p>"
    "<div><a href=/c>Comments</a> | <a href=/s>Share</a></div>"
    "<div>Copyright Tidal Media. <a href=/p>Privacy</a></div></body></html>";

JsonlOptions with_extractor(const char* extractor) {
  JsonlOptions options;
  options.extractor = extractor;
  return options;
}

struct Run {
  std::vector<json> lines;
  std::string err;
  JsonlSummary summary;
};

Run run(const std::string& input, JsonlOptions options = {}) {
  std::istringstream in(input);
  std::ostringstream out, err;
  Run r;
  r.summary = run_jsonl_stream(in, out, err, options);
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) r.lines.push_back(json::parse(line));
  r.err = err.str();
  return r;
}

std::string record(const json& fields) { return fields.dump() + "\n"; }

}  // namespace

BOOST_AUTO_TEST_SUITE(jsonl_stream)

BOOST_AUTO_TEST_CASE(one_line_out_per_record_in_order) {
  const Run r = run(record({{"url", "http://a/"}, {"html", k_page}}) + "\n   \n" +
                    record({{"docno", "D-2"}, {"id", 7}, {"html", "<p>short</p>"}}));
  BOOST_TEST(r.summary.records == 2u);
  BOOST_TEST(r.summary.failed == 0u);
  BOOST_TEST(r.err.empty());
  BOOST_REQUIRE(r.lines.size() == 2u);
  const json& a = r.lines[0];
  BOOST_TEST(a["url"] == "http://a/");
  BOOST_TEST(!a.contains("docno"));
  BOOST_TEST(a["title"] == "Tide tables");
  BOOST_TEST(a["extractor"] == "best");  // the default extractor
  BOOST_TEST(a["charset"] == "UTF-8");
  const std::string text = a["text"];
  BOOST_TEST(text.find("forty minutes later") != std::string::npos);
  BOOST_TEST(text.find("Shop") == std::string::npos);
  BOOST_TEST(a.begin().key() == "url");  // identifiers first

  // Per-block decisions: navigation, sharing and footer are boilerplate, the paragraph content.
  const json& blocks = a["blocks"];
  BOOST_REQUIRE(blocks.size() == 7u);
  const std::vector<bool> expected = {false, false, true, true, true, false, false};
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    BOOST_TEST(blocks[i]["index"] == i);
    BOOST_TEST(blocks[i]["content"] == expected[i], "block " << i);
  }
  BOOST_TEST(blocks[0]["link_density"] == 1.0);
  BOOST_TEST(blocks[0]["num_words"] == 1);
  BOOST_TEST(!blocks[0].contains("text"));
  const std::size_t b = blocks[4]["source_begin"], e = blocks[4]["source_end"];
  BOOST_TEST(k_page.substr(b, e - b).starts_with("High water"));

  BOOST_TEST(r.lines[1]["docno"] == "D-2");
  BOOST_TEST(r.lines[1]["id"] == 7);
}

BOOST_AUTO_TEST_CASE(options_add_text_and_features_or_drop_blocks) {
  JsonlOptions options;
  options.extractor = "keep-everything";
  options.block_text = true;
  options.features = true;
  const Run r = run(record({{"html", k_page}}), options);
  BOOST_REQUIRE(r.lines.size() == 1u);
  const json& block = r.lines[0]["blocks"][0];
  BOOST_TEST(block["text"] == "Home");
  BOOST_TEST(block["content"] == true);
  BOOST_TEST(block["features"]["num_words"] == 1.0);
  BOOST_TEST(block["features"].contains("average_word_length"));

  options.blocks = false;
  const Run plain = run(record({{"html", k_page}}), options);
  BOOST_TEST(!plain.lines[0].contains("blocks"));
}

BOOST_AUTO_TEST_CASE(raw_bytes_in_base64_with_a_declared_charset) {
  // "<p>caf\xe9</p>" in windows-1252.
  const Run r = run(
      record({{"docno", "b64"}, {"html_base64", "PHA+Y2Fm6TwvcD4="}, {"charset", "windows-1252"}}),
      with_extractor("keep-everything"));
  BOOST_REQUIRE(r.lines.size() == 1u);
  BOOST_TEST(r.lines[0]["text"] == "caf\xc3\xa9\n");
  BOOST_TEST(r.lines[0]["charset"] == "windows-1252");
}

BOOST_AUTO_TEST_CASE(bad_records_answer_with_errors_and_the_stream_goes_on) {
  const std::string input = "{not json\n" + record({{"url", "u1"}}) + "[1,2]\n" +
                            record({{"url", "u2"}, {"html", 5}}) +
                            record({{"url", "u3"}, {"html_base64", "@@"}}) +
                            record({{"url", "ok"}, {"html", "<p>fine</p>"}});
  const Run r = run(input, with_extractor("keep-everything"));
  BOOST_TEST(r.summary.records == 6u);
  BOOST_TEST(r.summary.failed == 5u);
  BOOST_REQUIRE(r.lines.size() == 6u);
  for (std::size_t i = 0; i < 5; ++i) BOOST_TEST(r.lines[i].contains("error"), "line " << i + 1);
  BOOST_TEST(r.lines[1]["url"] == "u1");  // identifiers echoed with the error
  BOOST_TEST(r.lines[1]["error"].get<std::string>().find("stdin:2:") == 0);
  BOOST_TEST(r.lines[1]["error"].get<std::string>().find("neither \"html\" nor \"html_base64\"") !=
             std::string::npos);
  BOOST_TEST(r.lines[3]["error"].get<std::string>().find("\"html\" is not a string") !=
             std::string::npos);
  BOOST_TEST(r.lines[4]["error"].get<std::string>().find("base64@0") != std::string::npos);
  BOOST_TEST(!r.lines[5].contains("error"));
  BOOST_TEST(r.lines[5]["text"] == "fine\n");
  BOOST_TEST(r.err.find("stdin:1: ") == 0);
  BOOST_TEST(r.err.find("stdin:5: ") != std::string::npos);
  // Issue #16, item 8: the JSON library's own wording stays out of the messages.
  BOOST_TEST(r.err.find("json.exception") == std::string::npos, r.err);
  BOOST_TEST(r.lines[0]["error"].get<std::string>().find("stdin:1: invalid JSON at byte 3 of the line: ") == 0,
             r.lines[0]["error"].get<std::string>());
}

// A record's "url" is the page's address: null is none, and a value of another type is the
// record's error (as a charset's is), not an address silently left unused.
BOOST_AUTO_TEST_CASE(a_url_that_is_not_a_string_is_the_record_s_error) {
  const std::string page = "<html><head><link rel=canonical href=/a></head><body><p>fine</p></body></html>";
  const std::string input = record({{"url", 5}, {"html", page}}) + record({{"url", nullptr}, {"html", page}}) +
                            record({{"url", "http://site.example/x/"}, {"html", page}});
  const Run r = run(input, with_extractor("keep-everything"));
  BOOST_TEST(r.summary.failed == 1u);
  BOOST_REQUIRE(r.lines.size() == 3u);
  BOOST_TEST(r.lines[0]["error"] == "stdin:1: \"url\" is not a string");
  BOOST_TEST(r.lines[0]["url"] == 5);  // echoed as sent
  BOOST_TEST(!r.lines[1].contains("error"));
  BOOST_TEST(r.lines[1]["metadata"]["url"] == "/a");  // no address to resolve the canonical against
  BOOST_TEST(r.lines[2]["metadata"]["url"] == "http://site.example/a");
}

// Bytes that are no page (an image sent as a page) answer with an error naming the field
// and the position, not with the image's bytes read as text.
BOOST_AUTO_TEST_CASE(binary_bytes_answer_with_an_error) {
  const std::string input = record({{"url", "img"}, {"html_base64", "iVBORw0KGgoAAAANSUhEUg=="}}) +
                            record({{"url", "ok"}, {"html", "<p>fine</p>"}});
  const Run r = run(input, with_extractor("keep-everything"));
  BOOST_TEST(r.summary.failed == 1u);
  BOOST_REQUIRE(r.lines.size() == 2u);
  BOOST_TEST(r.lines[0]["url"] == "img");
  BOOST_TEST(r.lines[0]["error"] ==
             "stdin:1: html_base64@0: binary data (a PNG image), not a web page");
  BOOST_TEST(!r.lines[0].contains("text"));
  BOOST_TEST(r.lines[1]["text"] == "fine\n");
}

// Issue #16, item 6: a page cut at a segmenter limit says so in its answer and on the
// error stream, and is counted.
BOOST_AUTO_TEST_CASE(pages_cut_at_a_limit_say_so) {
  JsonlOptions options = with_extractor("keep-everything");
  options.limits.max_blocks = 2;
  const Run r = run(record({{"url", "u"}, {"html", "<p>one</p><p>two</p><p>three</p>"}}) +
                        record({{"url", "v"}, {"html", "<p>only</p>"}}),
                    options);
  BOOST_TEST(r.summary.truncated == 1u);
  BOOST_REQUIRE(r.lines.size() == 2u);
  BOOST_TEST(r.lines[0]["limits"] == "stdin:1: page hit a limit: blocks after the first 2 were dropped (max_blocks)");
  BOOST_TEST(!r.lines[1].contains("limits"));
  BOOST_TEST(r.err.find("stdin:1: page hit a limit") == 0);
  BOOST_TEST(r.lines[0]["blocks"].size() == 2u);
}

BOOST_AUTO_TEST_CASE(unknown_extractor_stops_before_reading) {
  std::istringstream in(record({{"html", k_page}}));
  std::ostringstream out, err;
  BOOST_CHECK_THROW(run_jsonl_stream(in, out, err, with_extractor("nope")), boilerdex::UsageError);
  BOOST_TEST(out.str().empty());
}

BOOST_AUTO_TEST_CASE(base64_decoding) {
  BOOST_TEST(decode_base64("") == "");
  BOOST_TEST(decode_base64("TWFu") == "Man");
  BOOST_TEST(decode_base64("TWE=") == "Ma");
  BOOST_TEST(decode_base64("TQ==") == "M");
  BOOST_TEST(decode_base64("TQ") == "M");  // padding optional
  BOOST_TEST(decode_base64("TW\nFu\r\n") == "Man");
  BOOST_TEST(decode_base64("/+/+") == "\xff\xef\xfe");
  BOOST_CHECK_THROW((void)decode_base64("TWF!"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)decode_base64("TQ==TQ=="), boilerdex::InputError);  // data after padding
  BOOST_CHECK_THROW((void)decode_base64("TWFuT"), boilerdex::InputError);  // a lone final character
}

BOOST_AUTO_TEST_SUITE_END()

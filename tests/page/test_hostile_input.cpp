// Pages built to hurt: markup whose nesting makes Gumbo's own tree construction
// super-linear, and names that try to leave the output directory. Each case finishing at
// all is half the test (before the nesting guard, the first one ran for hours).
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "../fuzz/fuzz_support.hpp"
#include "test_pages.hpp"

using namespace boilerdex::plugin;
using boilerdex::test::repeat;

namespace {

/// \p prefix repeated \p n times, then a paragraph only this page has.
std::string hostile(std::string_view prefix, int n) {
  return "<html><body>" + repeat(prefix, n) + "<p>the quokka lives at the bottom of this page</p>";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hostile_input)

// Each of these nests 100,000+ elements in Gumbo's model; parsed as they are, the first
// takes hours and the others minutes. Text deep inside is kept, flattened.
const char* const nesting_patterns[] = {"<div>",        "<b>",       "<span><i>", "<ul><li>",
                                        "<font><center>", "<div></span>", "<a href=x><div>", "<table><tr><td>"};

BOOST_AUTO_TEST_CASE(deep_nesting_is_flattened_before_gumbo_parses_it) {
  for (const char* pattern : nesting_patterns) {
    BOOST_TEST_CONTEXT(pattern) {
      const std::string html = hostile(pattern, pattern == std::string_view("<div>") ? 200000 : 60000);
      SegmentStats stats;
      const TextDocument doc = segment_html(html, {}, &stats);
      BOOST_TEST(stats.depth_limited);
      bool found = false;
      for (const TextBlock& b : doc.blocks) {
        BOOST_TEST(b.source_end <= html.size());
        if (b.text.find("quokka") == std::string::npos) continue;
        found = true;
        // Flattening keeps the page's length, so source ranges still point at the text.
        BOOST_TEST(html.substr(b.source_begin, b.source_end - b.source_begin).find("quokka") != std::string::npos);
      }
      BOOST_TEST(found);
    }
  }
}

BOOST_AUTO_TEST_CASE(extractors_with_their_own_parse_are_guarded_too) {
  // BTE parses the page again (ParsedHtml); dom-ancestor reads the segmenter's containers.
  const std::string html = hostile("<div>", 200000);
  for (const char* name : {"bte", "dom-ancestor", "article"}) {
    BOOST_TEST_CONTEXT(name) {
      const PageResult r = extract_page(html, *make_extractor(name));
      BOOST_TEST(r.stats.depth_limited);
      BOOST_TEST(r.num_parse_blocks >= 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(ordinary_nesting_is_left_alone) {
  // Hundreds of unclosed <p>, <li> and <td>, and nesting well inside the limits.
  const std::string html = "<html><body>" + repeat("<div><p>para<li>item<td>cell<br><img src=x>", 300) +
                           repeat("</div>", 300) + "<script>var s = '<div><div><div>';</script><p>end</p>";
  SegmentStats stats;
  (void)segment_html(html, {}, &stats);
  BOOST_TEST(!stats.depth_limited);
}

BOOST_AUTO_TEST_CASE(overflowing_numeric_references_become_replacement_characters) {
  // Found by fuzz_segment_html: Gumbo read "&#x88888888" into a signed int, wrapped, and
  // emitted the lone byte 0x88; "&#4294967361;" wrapped to 'A'.
  for (const char* html : {"&#x88888888>", "<p>a &#x88888888 b</p>", "<p>x&#4294967361;y</p>", "<p>&#99999999999999999999;</p>"}) {
    BOOST_TEST_CONTEXT(html) {
      const TextDocument doc = segment_html(html);
      BOOST_TEST_REQUIRE(doc.blocks.size() == 1u);
      BOOST_TEST(boilerdex::fuzz::is_valid_utf8(doc.blocks[0].text));
      BOOST_TEST(doc.blocks[0].text.find("\xEF\xBF\xBD") != std::string::npos);
      BOOST_TEST(doc.blocks[0].text.find('A') == std::string::npos);
      const PageResult bte = extract_page(html, *make_extractor("bte"));
      BOOST_TEST(boilerdex::fuzz::is_valid_utf8(bte.document.content()));
    }
  }
  // In range, they still read as themselves.
  BOOST_TEST(segment_html("<p>&#x10FFFF;&#65;</p>").blocks.at(0).text == "\xF4\x8F\xBF\xBF" "A");
}

BOOST_AUTO_TEST_CASE(output_names_never_leave_the_output_directory) {
  for (const char* path : {"../../etc/passwd.html", "/etc/passwd", "..", ".", "a/../..", "../.html", "dir/..html",
                           "x/../../../y.htm.gz", "C:\\evil\\..\\x.html", "-"}) {
    BOOST_TEST_CONTEXT(path) {
      const std::string name = output_name_for(path);
      BOOST_TEST(!name.empty());
      BOOST_TEST(name.find('/') == std::string::npos);
      BOOST_TEST(name != "..");
      BOOST_TEST(name != ".");
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

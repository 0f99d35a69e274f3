#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../plugin/page/internal/arena.hpp"
#include "../../plugin/page/internal/html_segmenter_internal.hpp"
#include "../../plugin/page/src/neko_html_internal.hpp"
#include "boilerdex/plugin/block_dump.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

using namespace boilerdex::plugin;

namespace {

/// A block in the spec's §10 notation: `words/anchorWords/linkDensity/textDensity: text`.
std::string describe(const TextBlock& b) {
  return std::to_string(b.num_words) + "/" + std::to_string(b.num_words_in_anchor_text) + "/" +
         java_float_string(b.link_density) + "/" + java_float_string(b.text_density) + ": " +
         b.text;
}

std::vector<std::string> describe_all(const TextDocument& doc) {
  std::vector<std::string> out;
  for (const auto& b : doc.blocks) out.push_back(describe(b));
  return out;
}

std::string repeat_words(int n, const char* sep) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i > 1 ? sep : "") + std::string("word") + std::to_string(i);
  return s;
}

struct SegmentCase {
  std::string name;
  std::string html;
  std::vector<std::string> blocks;
};
std::ostream& operator<<(std::ostream& os, const SegmentCase& c) { return os << c.name; }

// Spec §10 reference vectors (Debian jar, JDK 17) and the §2.4–§2.9 rules and quirks;
// every expectation here was also checked with `bp blocks`.
const std::vector<SegmentCase> k_cases = {
    {"ref: inline tags, anchor, br",
     "<p>This   is a <b>bold</b>word and an <i>italic</i> one, with a <a href=\"#\">link "
     "inside</a> the "
     "text.<br>Line two after br.</p>",
     {"14/2/0.14285715/14.0: This   is a boldword and an italic one, with a link inside the text.",
      "4/0/0.0/4.0: Line two after br."}},
    {"ref: word test",
     "<p>don't e-mail 3.5% foo&amp;bar \xC3\xBC"
     "ber stra\xC3\x9F"
     "e C++ #tag a_b 1,000 \xC2\xBD \xE2\x85\xAB</p>",
     {"13/0/0.0/13.0: don't e-mail 3.5% foo&bar \xC3\xBC"
      "ber stra\xC3\x9F"
      "e C++ #tag a_b 1,000 \xC2\xBD \xE2\x85\xAB"}},
    {"ref: inline with and without whitespace",
     "<p>tail<span>no</span>space<abbr>ab</abbr>br<font size=\"+2\">font</font></p>",
     {"3/0/0.0/3.0: tailnospace ab brfont"}},
    {"ref: anchor spanning blocks",
     "<a href=\"#\"><div>block inside anchor</div><div>second block in anchor</div></a>",
     {"3/3/1.0/3.0: block inside anchor", "4/4/1.0/4.0: second block in anchor"}},
    {"ref: 39 words wrap to 3 lines",
     "<p>" + repeat_words(39, " ") + "</p>",
     {"39/0/0.0/11.333333: " + repeat_words(39, " ")}},
    {"ref: punctuation does not advance the line",
     "<p>" + std::string("ab") +
         [] {
           std::string s;
           for (int i = 1; i < 30; ++i) s += " , ab";
           return s;
         }() +
         "</p>",
     {[] {
       std::string s = "30/0/0.0/27.0: ab";
       for (int i = 1; i < 30; ++i) s += " , ab";
       return s;
     }()}},
    {"ref: long first word",
     "<p>" + std::string(85, 'x') + " a b c</p>",
     {"4/0/0.0/0.5: " + std::string(85, 'x') + " a b c"}},
    {"ref: marker-only buffer carried (Q3)",
     "<p><a href='#'><img src='x.png'></a></p><p>next para</p>",
     {"2/0/0.0/2.0: next para"}},
    {"ref: nbsp, em space, zwsp",
     "<p>a&nbsp;b c\xE2\x80\x83"
     "d\xE2\x80\x8B"
     "e</p>",
     {"5/0/0.0/5.0: a\xC2\xA0"
      "b c d\xE2\x80\x8B"
      "e"}},
    {"ref: ignorable elements",
     "<select><option>opt</option></select><noscript>nos</noscript><script>scr</script><style>sty</"
     "style>",
     {}},
    {"Q4: nbsp and bar blocks have 0 words",
     "<p>&nbsp;</p><p> | </p><p>x</p>",
     {"0/0/0.0/0.0: \xC2\xA0", "0/0/0.0/0.0: |", "1/0/0.0/1.0: x"}},
    {"Q2: whitespace inside a chunk is kept", "<div>a  \n b</div>", {"2/0/0.0/2.0: a    b"}},
    {"whitespace collapses at chunk edges", "<div> a <b> b </b> c </div>", {"3/0/0.0/3.0: a b c"}},
    {"character reference splits a chunk", "<p>x &amp;   y   z</p>", {"3/0/0.0/3.0: x & y   z"}},
    {"C1 numeric reference as NekoHTML", "<p>a &#150; b</p>", {"2/0/0.0/2.0: a \xC2\x96 b"}},
    {"anchors separate words",
     "<p>foo<a href=x>bar</a>baz</p>",
     {"3/1/0.33333334/3.0: foo bar baz"}},
    {"unlisted tags are boundaries",
     "<p>a<small>b</small>c<cite>d</cite></p>",
     {"1/0/0.0/1.0: a", "1/0/0.0/1.0: b", "1/0/0.0/1.0: c", "1/0/0.0/1.0: d"}},
    {"text after </html> is body text",
     "<body><p>a</p></body></html>tail",
     {"1/0/0.0/1.0: a", "1/0/0.0/1.0: tail"}},
    {"head text other than title is dropped",
     "<head><title>t</title><style>x</style></head><p>b</p>",
     {"1/0/0.0/1.0: b"}},
    {"reconstructed <a> is not an anchor (NekoHTML)",
     "<p><a href=x>one</p><p>two words</p>",
     {"1/1/1.0/1.0: one", "2/0/0.0/2.0: two words"}},
    {"nested <a> closes the outer one",
     "<a href=1>x<table><tr><td><a href=2>y</a>z</td></tr></table>w</a>",
     {"1/1/1.0/1.0: x", "2/1/0.5/2.0: y z", "1/0/0.0/1.0: w"}},
    {"</br> is ignored", "<p>a</br>b</p>", {"1/0/0.0/1.0: ab"}},
    {"template content is traversed",
     "<p>x</p><template><p>in template</p></template>",
     {"1/0/0.0/1.0: x", "2/0/0.0/2.0: in template"}},
    // NekoHTML's tag balancer, as patched in boilerpipe's jar (spec §9.1; checked with bp blocks).
    {"nested table: inner cell ends the outer table",
     "<table><tr><td>a<table><tr><td>b</td></tr></table>c</td><td>d</td></tr><tr><td>e</td></tr></"
     "table>f",
     {"1/0/0.0/1.0: a", "1/0/0.0/1.0: b", "1/0/0.0/1.0: cdef"}},
    {"nested list: inner item ends the outer list",
     "<ul><li>a<ul><li>b</ul><li>c</ul>",
     {"1/0/0.0/1.0: a", "1/0/0.0/1.0: b", "1/0/0.0/1.0: c"}},
    {"heading in a table cell ends an open heading",
     "<h1>a<table><tr><td>b<h2>c</h2>d</td><td>e</td></tr></table>f</h1>g",
     {"1/0/0.0/1.0: a", "1/0/0.0/1.0: b", "1/0/0.0/1.0: c", "1/0/0.0/1.0: defg"}},
    {"table start ends the open anchor",
     "<a href=1>a<table><tr><td>b<a href=2>c</a>d</td></tr></table>e</a>f",
     {"1/1/1.0/1.0: a", "3/1/0.33333334/3.0: b c d", "1/0/0.0/1.0: ef"}},
    {"anchor moved out of a table stays open over it (NekoHTML)",
     "<p>x</p><table><a name=top><tr><td>inside table</td></tr></table><p>after</p>",
     {"1/0/0.0/1.0: x", "2/2/1.0/2.0: inside table", "1/0/0.0/1.0: after"}},
    {"unterminated title ends at the next tag",
     "<html><head><title>abc</script>def<p>para</p></body>",
     {"1/0/0.0/1.0: para"}},
    {"supplementary characters count two units",
     "<p>" +
         [] {
           std::string s;
           for (int i = 0; i < 41; ++i) s += "\xF0\x9D\x90\x80 ";
           return s;
         }() +
         "</p>",
     {[] {
       std::string s = "41/0/0.0/27.0: ";  // wraps after 27 words of 3 units each
       for (int i = 0; i < 41; ++i) s += std::string(i ? " " : "") + "\xF0\x9D\x90\x80";
       return s;
     }()}},
};

TextDocument segment(const std::string& html) { return segment_html(html); }

}  // namespace

BOOST_AUTO_TEST_SUITE(html_segmenter)

BOOST_DATA_TEST_CASE(boilerpipe_blocks, boost::unit_test::data::make(k_cases), c) {
  const TextDocument doc = segment(c.html);
  BOOST_TEST(describe_all(doc) == c.blocks, boost::test_tools::per_element());
  BOOST_TEST(doc.num_parse_blocks == doc.blocks.size());
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    BOOST_TEST(!b.is_content);
    BOOST_TEST(b.offset_blocks_start == static_cast<int>(i));
    BOOST_TEST(b.offset_blocks_end == static_cast<int>(i));
    BOOST_TEST(b.origins == std::vector<std::uint32_t>{static_cast<std::uint32_t>(i)});
  }
}

BOOST_AUTO_TEST_CASE(title_keeps_internal_whitespace) {
  const TextDocument doc = segment("<title>My  Page   Title | Site.com</title>");
  BOOST_TEST(doc.title == "My  Page   Title | Site.com");
  BOOST_TEST(doc.blocks.empty());
}

BOOST_AUTO_TEST_CASE(unterminated_title_is_closed_as_nekohtml_does) {
  BOOST_TEST(segment("<html><head><title>abc</script>def<p>para</p></body>").title == "abcdef");
  BOOST_TEST(segment("<title>abc<b>bold</b> def<div>x</div>").title == "abc");
  BOOST_TEST(segment("<title>abc &amp; d</head><body><p>para</p>").title == "abc & d");
  const std::string html = "<title>t</script><p>first</p><p>second</p>";
  const TextDocument doc = segment(html);
  BOOST_REQUIRE(doc.blocks.size() == 2u);
  BOOST_TEST(html.substr(doc.blocks[1].source_begin,
                         doc.blocks[1].source_end - doc.blocks[1].source_begin) == "second");
  BOOST_TEST(!detail::close_unterminated_title("<title>a</title><p>b").has_value());
  BOOST_TEST(!detail::close_unterminated_title("<p>no title").has_value());
}

BOOST_AUTO_TEST_CASE(last_nonempty_title_wins) {
  BOOST_TEST(
      segment("<head><title>one</title><title> </title><title>two</title></head><p>x</p>").title ==
      "two");
}

BOOST_AUTO_TEST_CASE(q1_title_level_leaks_into_first_block) {
  const TextDocument with_title =
      segment("<title>t</title><div><div><p>deep</p></div></div><p>second</p>");
  BOOST_REQUIRE(with_title.blocks.size() == 2u);
  BOOST_TEST(with_title.blocks[0].tag_level == 3);  // HTML > HEAD > TITLE, not its own depth
  BOOST_TEST(with_title.blocks[1].tag_level == 3);  // BODY > P
  const TextDocument without = segment("<div><div><p>deep</p></div></div>");
  BOOST_TEST(without.blocks.at(0).tag_level == 5);
}

BOOST_AUTO_TEST_CASE(tag_levels_follow_the_spec) {
  const TextDocument doc = segment("<body>direct<table><tr><td>cell</td></tr></table></body>");
  BOOST_REQUIRE(doc.blocks.size() == 2u);
  BOOST_TEST(doc.blocks[0].tag_level == 2);
  BOOST_TEST(doc.blocks[1].tag_level == 6);
}

BOOST_AUTO_TEST_CASE(containers_and_source_ranges) {
  const std::string html =
      "<html><body><div id=a><p>first "
      "para</p><span>loose</span></div><ul><li>item</li></ul></body></html>";
  const TextDocument doc = segment(html);
  BOOST_REQUIRE(doc.blocks.size() == 3u);
  BOOST_REQUIRE(doc.containers.num_blocks() == 3u);
  // Element ids in preorder: html 0, head 1, body 2, div 3, p 4, span 5, ul 6, li 7.
  BOOST_TEST(doc.containers.chain(0).to_vector() == (std::vector<std::uint32_t>{4, 3, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(doc.containers.chain(1).to_vector() == (std::vector<std::uint32_t>{3, 2}),
             boost::test_tools::per_element());
  BOOST_TEST(doc.containers.chain(2).to_vector() == (std::vector<std::uint32_t>{6, 2}),
             boost::test_tools::per_element());
  for (const TextBlock& b : doc.blocks) {
    BOOST_TEST(html.substr(b.source_begin, b.source_end - b.source_begin) == b.text);
  }
}

BOOST_AUTO_TEST_CASE(split_at_references_chunks) {
  std::vector<std::string_view> chunks;
  std::string storage;
  auto split = [&](std::string_view original, std::string_view decoded, bool raw_text = false) {
    detail::split_at_references(original, decoded, raw_text, chunks, storage);
    return std::vector<std::string>(chunks.begin(), chunks.end());
  };
  using V = std::vector<std::string>;
  auto same = [](const V& a, const V& b) { return a == b; };
  BOOST_TEST(same(split("plain", "plain"), V{"plain"}));
  BOOST_TEST(same(split("a &amp; b", "a & b"), V{"a ", "&", " b"}));
  BOOST_TEST(same(split("&lt;x&gt;", "<x>"), V{"<", "x", ">"}));
  BOOST_TEST(same(split("a & b", "a & b"), V{"a ", "&", " b"}));
  BOOST_TEST(same(split("x&unknown;y", "x&unknown;y"), V{"x", "&unknown;", "y"}));
  BOOST_TEST(same(split("raw &amp; text", "raw &amp; text", true),
                  V{"raw &amp; text"}));  // <xmp>, <iframe>
  // NekoHTML reads names up to the first non-name character and knows only HTML 4 names.
  BOOST_TEST(same(split("&copy2008",
                        "\xC2\xA9"
                        "2008"),
                  V{"&copy2008"}));
  BOOST_TEST(same(split("&copy 2008", "\xC2\xA9 2008"), V{"\xC2\xA9", " 2008"}));
  BOOST_TEST(
      same(split("&hellip x", "&hellip x"), V{"\xE2\x80\xA6", " x"}));  // Gumbo needs the ';'
  BOOST_TEST(same(split("&AMP;", "&"), V{"&AMP;"}));
  BOOST_TEST(same(split("&NotEqualTilde;", "\xE2\x89\x82\xCC\xB8"), V{"&NotEqualTilde;"}));
  BOOST_TEST(same(split("&#8217. &#8217 ", "\xE2\x80\x99. \xE2\x80\x99 "),
                  V{"&#8217.", " ", "\xE2\x80\x99", " "}));
  BOOST_TEST(same(split("&#150;", "\xE2\x80\x93"), V{"\xC2\x96"}));
  BOOST_TEST(same(split("a\r\nb &#x41;", "a\nb A"), V{"a\nb ", "A"}));
  BOOST_TEST(same(split("&copy&copy;", "\xC2\xA9\xC2\xA9"), V{"\xC2\xA9", "\xC2\xA9"}));
  BOOST_TEST(same(split("a\xC2\x96"
                        "b\x01",
                        "a\xEF\xBF\xBD"
                        "b\xEF\xBF\xBD"),
                  V{"a", "\xC2\x96", "b", "\x01"}));  // C1 kept
  BOOST_TEST(same(split("\xEF\xBF\xBD", "\xEF\xBF\xBD"), V{"\xEF\xBF\xBD"}));
  BOOST_TEST(same(split("&amp;", ""), V{}));  // out of step: no crash
}

BOOST_AUTO_TEST_CASE(java_whitespace_set) {
  auto ws = [](std::string_view s) {
    return detail::java_whitespace_length(s.data(), s.data() + s.size());
  };
  for (std::string_view s : {" ", "\t", "\n", "\x0B", "\f", "\r", "\x1C", "\x1F", "\xE1\x9A\x80",
                             "\xE2\x80\x80", "\xE2\x80\x86", "\xE2\x80\x88", "\xE2\x80\x8A",
                             "\xE2\x80\xA8", "\xE2\x80\xA9", "\xE2\x81\x9F", "\xE3\x80\x80"}) {
    BOOST_TEST(ws(s) == s.size(), "whitespace: " << detail::java_trim(s).size());
  }
  for (std::string_view s : {"a", "\xC2\xA0", "\xE2\x80\x87", "\xE2\x80\xAF", "\xE2\x80\x8B",
                             "\xEF\xBB\xBF", "\xC2\x85", "\x01"}) {
    BOOST_TEST(ws(s) == 0u);
  }
}

BOOST_AUTO_TEST_CASE(arena_bumps_reclaims_latest_and_reuses) {
  detail::Arena arena(4096);
  auto* a = static_cast<char*>(arena.allocate(10));
  auto* b = static_cast<char*>(arena.allocate(10));
  BOOST_TEST(reinterpret_cast<std::uintptr_t>(a) % 16 == 0u);
  BOOST_TEST(static_cast<void*>(b) == static_cast<void*>(a + 16));  // char* would compare as C strings
  arena.deallocate(a);  // not the latest: kept
  arena.deallocate(b);  // the latest: its space is handed out again
  BOOST_TEST(arena.allocate(16) == static_cast<void*>(b));
  void* big = arena.allocate(1u << 20);  // oversized: a chunk of its own
  std::memset(big, 1, 1u << 20);
  const std::size_t before = arena.reserved();
  arena.reset(1u << 30);
  BOOST_TEST(arena.reserved() < before);                    // oversized chunk released
  BOOST_TEST(arena.allocate(10) == static_cast<void*>(a));  // bump chunk reused from the start
  arena.reset(0);
  BOOST_TEST(arena.reserved() == 0u);
}

BOOST_AUTO_TEST_CASE(arena_hands_freed_small_slots_out_again) {
  detail::Arena arena(4096);
  void* big = arena.allocate(24);
  void* s1 = arena.allocate(5);  // Gumbo's first string buffer size
  void* s2 = arena.allocate(8);
  BOOST_TEST(reinterpret_cast<std::uintptr_t>(s1) % 8 == 0u);
  BOOST_TEST(static_cast<char*>(s2) == static_cast<char*>(s1) + 8);  // 8-byte slots, no padding
  arena.deallocate(s1);
  arena.deallocate(s2);
  BOOST_TEST(arena.allocate(1) == s2);  // the last freed first
  BOOST_TEST(arena.allocate(0) == s1);
  BOOST_TEST(arena.allocate(8) != s1);  // none left: a fresh slot
  arena.deallocate(big);                // still the latest bump: rolled back
  BOOST_TEST(arena.allocate(32) == big);
  // Thousands of slots (several chunks), all freed: as many again need no new memory.
  std::vector<void*> slots;
  for (int i = 0; i < 100000; ++i) slots.push_back(arena.allocate(6));
  const std::size_t reserved = arena.reserved();
  for (void* p : slots) arena.deallocate(p);
  for (int i = 0; i < 100000; ++i) static_cast<char*>(arena.allocate(7))[6] = 'x';
  BOOST_TEST(arena.reserved() == reserved);
  arena.reset(1u << 20);  // an eighth of it for small chunks: some kept, freed slots forgotten
  BOOST_TEST(arena.reserved() < reserved);
  BOOST_TEST(arena.reserved() > 0u);
  arena.reset(0);
  BOOST_TEST(arena.reserved() == 0u);
}

// ---- hostile input: output, never a crash or a hang ----

BOOST_AUTO_TEST_CASE(empty_input) {
  const TextDocument doc = segment("");
  BOOST_TEST(doc.blocks.empty());
  BOOST_TEST(doc.title.empty());
  BOOST_TEST(doc.num_parse_blocks == 0u);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_and_nul_bytes) {
  const TextDocument doc = segment(std::string("<p>a\xFF\xFE b\0c \xE2\x82</p><p>\0\0\0</p>", 24));
  BOOST_REQUIRE(!doc.blocks.empty());
  BOOST_TEST(doc.blocks[0].num_words >= 2);
}

BOOST_AUTO_TEST_CASE(binary_data) {
  std::string bytes;
  unsigned state = 99;
  for (int i = 0; i < 200000; ++i) {
    state = state * 1103515245u + 12345u;
    bytes.push_back(static_cast<char>(state >> 16));
  }
  const TextDocument doc = segment_html(decode_to_utf8(bytes).utf8);
  BOOST_TEST(doc.num_parse_blocks == doc.blocks.size());
  const TextDocument raw = segment_html(bytes);  // not even decoded first
  BOOST_TEST(raw.num_parse_blocks == raw.blocks.size());
}

BOOST_AUTO_TEST_CASE(ten_thousand_nested_elements) {
  std::string html;
  for (int i = 0; i < 10000; ++i) html += "<div>";
  html += "deep text";
  for (int i = 0; i < 10000; ++i) html += "</div>";
  html += "<p>after</p>";
  SegmentStats stats;
  const TextDocument doc = segment_html(html, {}, &stats);
  BOOST_TEST(stats.depth_limited);  // default max_depth 2000
  BOOST_TEST(describe_all(doc) ==
                 (std::vector<std::string>{"2/0/0.0/2.0: deep text", "1/0/0.0/1.0: after"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(thousands_of_unclosed_anchors) {
  // Markers-only buffers are carried (Q3); each flush must not re-tokenize all of them.
  std::string html;
  for (int i = 0; i < 20000; ++i) html += "<a href=x><img src=y>";
  html += "<p>last words</p>";
  const TextDocument doc = segment(html);
  BOOST_TEST(describe_all(doc) == std::vector<std::string>{"2/2/1.0/2.0: last words"},
             boost::test_tools::per_element());  // the last <a> never closes (bp blocks agrees)
}

BOOST_AUTO_TEST_CASE(flattened_elements_keep_text_but_not_scripts) {
  SegmentLimits limits;
  limits.max_depth = 3;  // html, body, div
  SegmentStats stats;
  const TextDocument doc =
      segment_html("<div><div><p>a<script>var x;</script>b</p></div></div>", limits, &stats);
  BOOST_TEST(stats.depth_limited);
  BOOST_TEST(describe_all(doc) == std::vector<std::string>{"1/0/0.0/1.0: ab"},
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(twenty_megabyte_page) {
  std::string html = "<html><body>";
  const std::string para =
      "<p>Some reasonably ordinary sentence with <a href=\"/x\">a link</a> in it.</p>\n";
  while (html.size() < (20u << 20)) html += para;
  SegmentStats stats;
  const TextDocument doc = segment_html(html, {}, &stats);
  BOOST_TEST(stats.truncated_input);  // 20 MiB is the default limit
  BOOST_TEST(doc.blocks.size() > 200000u - 1 - 1000);
  BOOST_TEST(stats.blocks_limited == (doc.blocks.size() == 200000u));
  BOOST_TEST(doc.blocks.front().num_words == 9);
  BOOST_TEST(doc.blocks.front().num_words_in_anchor_text == 2);
}

BOOST_AUTO_TEST_CASE(block_limits) {
  SegmentLimits limits;
  limits.max_blocks = 2;
  limits.max_block_bytes = 5;
  SegmentStats stats;
  const TextDocument doc =
      segment_html("<p>abcdefgh</p><p>\xC3\xA9\xC3\xA9\xC3\xA9</p><p>c</p>", limits, &stats);
  BOOST_TEST(stats.blocks_limited);
  BOOST_TEST(stats.truncated_blocks == 2u);
  BOOST_REQUIRE(doc.blocks.size() == 2u);
  BOOST_TEST(doc.blocks[0].text == "abcde");
  BOOST_TEST(doc.blocks[1].text == "\xC3\xA9\xC3\xA9");  // never cut inside a character
  BOOST_TEST(doc.blocks[0].num_words == 1);              // counts come from the whole text
}

BOOST_AUTO_TEST_CASE(fixture_pages_match_bp_blocks) {
  // Each fixture pairs a hand-written page with the TSV that `bp blocks` printed for it.
  const std::filesystem::path dir =
      std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "parse";
  std::size_t checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".html") continue;
    std::ifstream html_in(entry.path(), std::ios::binary);
    std::stringstream html;
    html << html_in.rdbuf();
    std::ifstream expected_in(std::filesystem::path(entry.path()).replace_extension(".bp.tsv"),
                              std::ios::binary);
    BOOST_REQUIRE_MESSAGE(expected_in, "missing .bp.tsv for " << entry.path());
    std::stringstream expected;
    expected << expected_in.rdbuf();
    std::ostringstream got;
    write_block_dump(got, segment_html(html.str()));
    BOOST_TEST(got.str() == expected.str(), entry.path().filename());
    ++checked;
  }
  BOOST_TEST(checked > 0u);
}

BOOST_AUTO_TEST_CASE(enclosing_tag_is_the_innermost_block_element_around_the_first_text) {
  const TextDocument doc = segment_html(
      "<html><body><div><p>Some <b>text</b> <a href='#'>link</a></p></div>"
      "<h2>Heading</h2><a href='#'>bare anchor</a><table><tr><td>cell text</td></tr></table>"
      "<div>div <span>with span</span></div></body></html>");
  BOOST_TEST_REQUIRE(doc.blocks.size() == 5u);
  BOOST_TEST((doc.blocks[0].enclosing_tag == TagClass::P));      // inline <b> and <a> later do not count
  BOOST_TEST((doc.blocks[1].enclosing_tag == TagClass::H2));
  BOOST_TEST((doc.blocks[2].enclosing_tag == TagClass::A));
  BOOST_TEST((doc.blocks[3].enclosing_tag == TagClass::Other));  // <td>
  BOOST_TEST((doc.blocks[4].enclosing_tag == TagClass::Div));
}

BOOST_AUTO_TEST_SUITE_END()

// best's lexical scan riding along block_markup's (best_page_scan_internal.hpp,
// plugin/page/internal/markup_rider_internal.hpp): one pass must give each reading what it
// finds alone, where the two read a tag name differently ('-' in a name, names over 12 or 16
// bytes) or one skips text the other reads (title, textarea, xmp; "<script-x>").
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "../../plugin/extractors/src/best_page_scan_internal.hpp"
#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/page_markup.hpp"

using namespace boilerdex::plugin;

namespace {

// A block starting at every \p step bytes of \p html (block_markup reads only source_begin;
// lexical_bte_shares the source range and nothing else).
TextDocument blocks_every(std::string_view html, std::size_t step) {
  TextDocument doc;
  for (std::size_t b = 0; b < html.size(); b += step) {
    TextBlock block;
    block.source_begin = static_cast<std::uint32_t>(b);
    block.source_end = static_cast<std::uint32_t>(std::min(html.size(), b + 2 * step));
    doc.blocks.push_back(block);
  }
  return doc;
}

// The block of \p doc (blocks_every(html, 1)) at the first byte of \p needle in \p html.
std::size_t at(std::string_view html, std::string_view needle) { return html.find(needle); }

// The joint pass gives what each reading gives alone.
void check_joint_equals_alone(const std::string& html, double chars_per_word) {
  const TextDocument doc = blocks_every(html, 3);
  detail::PageScan joint;
  const std::vector<BlockMarkup> markup = detail::scan_page_and_markup(doc, html, chars_per_word, joint);
  const detail::PageScan alone = detail::scan_page(html, chars_per_word);
  const std::vector<BlockMarkup> markup_alone = block_markup(doc, html);
  BOOST_TEST_CONTEXT(html) {
    BOOST_TEST(joint.hint_ranges == alone.hint_ranges);
    BOOST_TEST(joint.caption_ranges == alone.caption_ranges);
    BOOST_TEST(joint.offsets == alone.offsets);
    BOOST_TEST(joint.weights == alone.weights);
    BOOST_REQUIRE(markup.size() == markup_alone.size());
    for (std::size_t i = 0; i < markup.size(); ++i) {
      BOOST_TEST(markup[i].bits == markup_alone[i].bits, "block " << i);
      BOOST_TEST(markup[i].depth == markup_alone[i].depth, "block " << i);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(best_page_scan)

// '-' in a name: best's hints read "<div-x" as a div (the name ends at '-'), block_markup as
// an element "div-x" that is neither a div nor void.
BOOST_AUTO_TEST_CASE(a_dash_ends_the_hint_name_but_not_the_markup_name) {
  const std::string html = "<div-x class=sidebar><p>a</p></div-x><p>b</p>";
  const auto hints = boilerplate_hint_ranges(html);
  BOOST_REQUIRE(hints.size() == 1u);
  BOOST_TEST(hints[0].first == 0u);
  BOOST_TEST(hints[0].second == at(html, "<p>b"));
  const TextDocument doc = blocks_every(html, 1);
  const std::vector<BlockMarkup> markup = block_markup(doc, html);
  BOOST_TEST(markup[at(html, "a</p>")].depth == 2u);
  BOOST_TEST(markup[at(html, "a</p>")].has(MarkupBit::SideWords));
  BOOST_TEST(markup[at(html, "b</p>")].depth == 1u);
  BOOST_TEST(!markup[at(html, "b</p>")].has(MarkupBit::SideWords));
  check_joint_equals_alone(html, 0.0);
}

// "<script-x>": best's scan skips to </script> as for a script; block_markup reads on, so the
// two readings stand at different places until they meet again after </script>.
BOOST_AUTO_TEST_CASE(script_with_a_dash_is_raw_text_for_one_reading_only) {
  const std::string html = "<script-x><nav>a b c</nav></script><p>d e</p>";
  BOOST_TEST(boilerplate_hint_ranges(html).empty());  // the nav inside was never read
  const TextDocument doc = blocks_every(html, 1);
  const std::vector<BlockMarkup> markup = block_markup(doc, html);
  BOOST_TEST(markup[at(html, "a b")].has(MarkupBit::Nav));
  BOOST_TEST(markup[at(html, "a b")].depth == 2u);  // script-x and nav
  BOOST_TEST(markup[at(html, "d e")].depth == 2u);  // script-x never closed, and p
  check_joint_equals_alone(html, 0.0);
}

// A '<' before '-' is text to best's scan (a word of BTE's) and a tag to block_markup.
BOOST_AUTO_TEST_CASE(a_name_starting_with_a_dash_is_text_to_one_reading_only) {
  const std::string html = "<p>x <-y> z</p>";
  const detail::PageScan scan = detail::scan_page(html, 0.0);
  // <p>, "x", "<" (one word), "-y>" with "z", </p>
  BOOST_TEST(scan.weights == (std::vector<std::int32_t>{-1, 1, 1, 2, -1}));
  const TextDocument doc = blocks_every(html, 1);
  BOOST_TEST(block_markup(doc, html)[at(html, " z")].depth == 2u);
  check_joint_equals_alone(html, 0.0);
}

// Names over 12 bytes are nothing to best's hints. block_markup reads 16 bytes of a name but
// keeps 12 of an open element's, so the end tag of a longer name closes nothing.
BOOST_AUTO_TEST_CASE(long_names) {
  const std::string html = "<navigationbarx class=sidebar>a</navigationbarx>b<abcdefghijklm class=share>z";
  BOOST_TEST(boilerplate_hint_ranges(html).empty());
  const TextDocument doc = blocks_every(html, 1);
  const std::vector<BlockMarkup> markup = block_markup(doc, html);
  BOOST_TEST(markup[at(html, "a<")].has(MarkupBit::SideWords));
  BOOST_TEST(markup[at(html, "b<")].depth == 1u);
  BOOST_TEST(markup[at(html, "z")].depth == 2u);
  check_joint_equals_alone(html, 0.0);
}

// Title, textarea and xmp are text to block_markup; best's scan reads the tags inside.
BOOST_AUTO_TEST_CASE(raw_text_of_one_reading_only) {
  for (const std::string html : {
           "<title>a <aside>b</aside></title><p>c</p>",
           "<textarea><div class=comments>a</div></textarea><div class=comments>b</div>",
           "<title>a<!-- </title> --></title>b<div class=share>c</div>",
           "<xmp><span class=caption>a</xmp></span><figcaption>b</figcaption>"}) {
    check_joint_equals_alone(html, 0.0);
  }
  const std::string html = "<title>a <aside>b</aside></title><p>c</p>";
  BOOST_TEST(boilerplate_hint_ranges(html).size() == 1u);
}

// Random pages of tag pieces, names, attributes, quotes and text: the joint pass and each
// reading alone agree on every one.
BOOST_AUTO_TEST_CASE(joint_pass_equals_each_reading_alone_on_random_pages) {
  static constexpr std::string_view k_pieces[] = {
      "<", "</", "<script", "<script-x", "<Style", "</style>", "</script>", "</script-x>", "<-a",
      "</-a>", "<title>", "</title>", "<textarea>", "</textarea>", "<xmp>", "<div", "<div-x", "</div>",
      "</div-x>", "<span", "</span>", "<figcaption", "</figcaption>", "<nav>", "</nav>", "<aside",
      "<footer>", "<section", "<ul>", "<li>", "</ul>", "<table>", "<td>", "<tr>", "<p>", "</p>",
      " class=sidebar", " class='comment-list'", " id=\"content\"", " class=wp-caption",
      " class='share entry'", " role=navigation", " hidden", " style='display: none'", " -x=1",
      "<!--", "-->", "<!doctype html>", "<?xml?>", ">", ">", ">", "\"", "'", "/>", "=", "-", " ",
      "<abcdefghijklm", "<abcdefghijklmnop-q", "<x-y=\"a>b\"", "<br>", "hello ", "some words ",
      "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e ", "\n"};
  std::mt19937 rng(20260526);
  for (int page = 0; page < 3000; ++page) {
    std::string html;
    const std::size_t pieces = 1 + rng() % 50;
    for (std::size_t k = 0; k < pieces; ++k) html += k_pieces[rng() % std::size(k_pieces)];
    check_joint_equals_alone(html, page % 2 == 0 ? 0.0 : 2.0);
  }
}

// block_markup hands each block the markup open at its first byte, whatever order the blocks
// come in (sorted, reversed, shuffled, with ties): the same as for the block alone.
BOOST_AUTO_TEST_CASE(block_markup_is_each_blocks_own_in_any_order) {
  std::mt19937 rng(20261127);
  const std::string pieces[] = {"<div class=sidebar>", "</div>", "<nav>", "</nav>", "<p>", "</p>",
                                "<table><tr><td>", "</td></tr></table>", "<article>", "text ", "<li>"};
  for (int page = 0; page < 300; ++page) {
    std::string html;
    for (std::size_t k = 0, n = 1 + rng() % 30; k < n; ++k) html += pieces[rng() % std::size(pieces)];
    TextDocument doc;
    for (std::size_t b = 0, n = rng() % 10; b < n; ++b) {
      TextBlock block;
      block.source_begin = static_cast<std::uint32_t>(rng() % (html.size() + 1));
      doc.blocks.push_back(block);
    }
    if (page % 3 == 0)
      std::sort(doc.blocks.begin(), doc.blocks.end(),
                [](const TextBlock& a, const TextBlock& b) { return a.source_begin < b.source_begin; });
    const std::vector<BlockMarkup> markup = block_markup(doc, html);
    BOOST_REQUIRE(markup.size() == doc.blocks.size());
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
      TextDocument alone;
      alone.blocks.push_back(doc.blocks[i]);
      const BlockMarkup own = block_markup(alone, html).front();
      BOOST_TEST(markup[i].bits == own.bits, "page " << page << " block " << i);
      BOOST_TEST(markup[i].depth == own.depth, "page " << page << " block " << i);
    }
  }
}

// The elements an end tag or an implied end closes, by name: a name is kept to its first 12
// bytes, so an end tag of those 12 closes it and one of the whole longer name does not; <p>
// closes at a <div>, <td> at the next <td>, <li> at the next <li> but not past its list.
BOOST_AUTO_TEST_CASE(ends_close_elements_by_their_names) {
  const auto depth_at = [](const std::string& html, std::string_view marker) {
    TextDocument doc;
    TextBlock block;
    block.source_begin = static_cast<std::uint32_t>(html.find(marker));
    doc.blocks.push_back(block);
    return block_markup(doc, html).front().depth;
  };
  const std::string twelve = "<nav><abcdefghijklmn>X</abcdefghijkl>Y</nav>Z";
  BOOST_TEST(depth_at(twelve, "X") == 2);
  BOOST_TEST(depth_at(twelve, "Y") == 1);
  BOOST_TEST(depth_at(twelve, "Z") == 0);
  const std::string whole = "<nav><abcdefghijklmn>X</abcdefghijklmn>Y";
  BOOST_TEST(depth_at(whole, "Y") == 2);
  BOOST_TEST(depth_at("<p>A<div>B", "B") == 1);
  BOOST_TEST(depth_at("<div><p>A<span>B<div>C", "C") == 2);  // the <p> and its <span>
  BOOST_TEST(depth_at("<table><tr><td>A<td>B", "B") == 3);
  BOOST_TEST(depth_at("<table><tr><td>A<th>B", "B") == 3);
  BOOST_TEST(depth_at("<ul><li>A<ul><li>B<li>C", "C") == 4);
  BOOST_TEST(depth_at("<li>A<ul><li>B</ul><li>C", "C") == 1);
  BOOST_TEST(depth_at("<dl><dt>A<dd>B", "B") == 2);
}

// bte_shares against its definition on random scans: a block's share is the words of its
// entries (from the first at or after its start to the first at or after its end) inside
// BTE's window (bte_window), over all its entries' words.
BOOST_AUTO_TEST_CASE(bte_shares_follow_their_definition) {
  std::mt19937 rng(20261126);
  for (int round = 0; round < 2000; ++round) {
    detail::PageScan scan;
    const std::size_t m = rng() % 40;
    std::uint32_t offset = 0;
    for (std::size_t k = 0; k < m; ++k) {
      offset += 1 + rng() % 20;
      scan.offsets.push_back(offset);
      scan.weights.push_back(rng() % 3 == 0 ? -1 : static_cast<std::int32_t>(rng() % 6));
    }
    TextDocument doc;
    for (std::size_t b = 0, blocks = rng() % 12; b < blocks; ++b) {
      TextBlock block;
      block.source_begin = rng() % (offset + 20);
      block.source_end = block.source_begin + rng() % 60;
      doc.blocks.push_back(block);
    }
    const auto [window_begin, window_end] = detail::bte_window(scan);
    BOOST_REQUIRE(window_begin <= window_end);
    BOOST_REQUIRE(window_end <= m);
    const auto first_at_or_after = [&](std::uint32_t at) {
      std::size_t k = 0;
      while (k < m && scan.offsets[k] < at) ++k;
      return k;
    };
    const std::vector<float> shares = detail::bte_shares(doc, scan);
    BOOST_REQUIRE(shares.size() == doc.blocks.size());
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
      const std::size_t first = first_at_or_after(doc.blocks[i].source_begin);
      const std::size_t last = first_at_or_after(doc.blocks[i].source_end);
      std::int64_t all = 0, inside = 0;
      for (std::size_t k = first; k < last; ++k) {
        const std::int64_t w = std::max<std::int32_t>(scan.weights[k], 0);
        all += w;
        if (k >= window_begin && k < window_end) inside += w;
      }
      const float expected = all == 0 ? 0.0f : static_cast<float>(inside) / static_cast<float>(all);
      BOOST_TEST(shares[i] == expected, "round " << round << " block " << i);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

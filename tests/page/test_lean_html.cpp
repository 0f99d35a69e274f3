// The lean copy of a page that Gumbo parses for the segmenter (issue #18, item 1): script,
// style and comment bodies emptied where the HTML tokenizer would read them as such, and
// nowhere else, attribute values emptied, whitespace between tags cut; offsets mapped back;
// the same blocks as a parse of the page itself.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <string>

#include "../../plugin/page/internal/html_segmenter_internal.hpp"
#include "../../plugin/page/internal/lean_html_internal.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

using namespace boilerdex::plugin;
using boilerdex::plugin::detail::LeanHtml;

namespace {

const std::string k_body(40, 'x');  // over k_lean_min_body

// The lean text of \p html, or \p html itself when nothing was emptied.
std::string lean(const std::string& html) {
  const auto l = LeanHtml::make(html);
  return l ? std::string(l->text()) : html;
}

// Everything the segmenter gives of \p html, as text, parsed lean or not.
std::string blocks_of(std::string_view html, bool lean_parse) {
  SegmentStats stats;
  const TextDocument doc =
      detail::segment_html_before(html, SegmentLimits{}, &stats, PageDeadline(0), lean_parse);
  std::string out = doc.title + "\n";
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    out += b.text + '|' + std::to_string(b.num_words) + '|' + std::to_string(b.num_words_in_anchor_text) +
           '|' + std::to_string(b.num_wrapped_lines) + '|' + std::to_string(b.tag_level) + '|' +
           std::to_string(b.source_begin) + '-' + std::to_string(b.source_end) + '|' +
           std::to_string(static_cast<int>(b.enclosing_tag)) + '|' + std::to_string(b.labels.bits()) + '|';
    if (i < doc.containers.num_blocks())
      for (const auto id : doc.containers.chain(i)) out += std::to_string(id) + ',';
    out += '\n';
  }
  out += std::to_string(stats.truncated_input) + std::to_string(stats.depth_limited) +
         std::to_string(stats.blocks_limited) + std::to_string(stats.noscript_unwrapped);
  return out;
}

// \p html is left as it is, and segments the same either way.
void check_left_alone(const std::string& html) {
  BOOST_TEST(lean(html) == html);
  BOOST_TEST(blocks_of(html, true) == blocks_of(html, false));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lean_html)

BOOST_AUTO_TEST_CASE(script_style_and_comment_bodies_are_emptied) {
  BOOST_TEST(lean("<p>a<script>" + k_body + "</script>b") == "<p>a<script> </script>b");
  BOOST_TEST(lean("<style type=\"text/css\">" + k_body + "</STYLE >") == "<style> </STYLE >");
  BOOST_TEST(lean("a<!--" + k_body + "-->b") == "a<!---->b");
  BOOST_TEST(lean("a<!--" + k_body + "--!>b") == "a<!----!>b");
  BOOST_TEST(lean("<script>short</script>") == "<script>short</script>");  // not worth it
}

BOOST_AUTO_TEST_CASE(scripts_end_where_the_tokenizer_ends_them) {
  // "</script" must be followed by whitespace, '/' or '>'.
  BOOST_TEST(lean("<script>" + k_body + "</scripts></script>z") == "<script> </script>z");
  // Escaped, then double-escaped: the first two "</script>" do not end it.
  const std::string escaped = "<script><!-- <script>" + k_body + "</script> " + k_body + " --></script>z";
  BOOST_TEST(lean(escaped) == "<script> </script>z");
  // Escaped without double escape: "</script>" inside "<!--" does end it.
  BOOST_TEST(lean("<script><!-- " + k_body + "</script>z-->") == "<script> </script>z-->");
  // "<!-->" leaves the escape at once.
  BOOST_TEST(lean("<script><!--><script>" + k_body + "</script>z") == "<script> </script>z");
  // "<script/>" is a start tag like any other in HTML content.
  BOOST_TEST(lean("<script/>" + k_body + "</script>z") == "<script/> </script>z");
  // Never ended: left alone.
  BOOST_TEST(lean("<script>" + k_body) == "<script>" + k_body);
}

BOOST_AUTO_TEST_CASE(only_real_tags_start_bodies) {
  // In an attribute value, a comment, RCDATA and RAWTEXT "<script>" is no tag.
  const std::string in_attribute = "<a title='<script>" + k_body + "</script>'>x</a>";
  BOOST_TEST(lean(in_attribute) == "<a>x</a>");
  const std::string in_title = "<title><script>" + k_body + "</script></title>";
  BOOST_TEST(lean(in_title) == in_title);
  const std::string in_textarea = "<textarea><!--" + k_body + "--></textarea>";
  BOOST_TEST(lean(in_textarea) == in_textarea);
  // <noscript> holds markup for Gumbo, tokenized as such (the fuzzer's case: the quote
  // opened inside runs past "</noscript", so that is no tag).
  const std::string in_noscript = "<p>x<noscript><m b=\"</noscript>\">q</noscript>#<script>" + k_body + "</script>";
  BOOST_TEST(lean(in_noscript) == "<p>x<noscript><m>q</noscript>#<script> </script>");
  BOOST_TEST(blocks_of(in_noscript, true) == blocks_of(in_noscript, false));
  const std::string head_noscript = "<noscript><l b=\"</noscript re\">e";
  BOOST_TEST(lean(head_noscript) == "<noscript><l>e");
  BOOST_TEST(blocks_of(head_noscript, true) == blocks_of(head_noscript, false));
  BOOST_TEST(lean("<noscript><script>" + k_body + "</script></noscript>") == "<noscript><script> </script></noscript>");
  // Quoted '>' inside a tag does not end it.
  BOOST_TEST(lean("<div data-x=\"a>b\"><script>" + k_body + "</script>") == "<div><script> </script>");
}

BOOST_AUTO_TEST_CASE(attributes_go_unless_the_tree_builder_reads_them) {
  BOOST_TEST(lean("<div class=\"" + k_body + "\" id='" + k_body + "'>x</div>") == "<div>x</div>");
  BOOST_TEST(lean("<a href=\"/short\" hidden>x</a><br class=\"x\"/>") == "<a>x</a><br/>");
  BOOST_TEST(lean("<br class=x/>") == "<br>");  // unquoted, the '/' is the value's
  BOOST_TEST(lean("<a b>x</a>") == "<a b>x</a>");  // not worth it
  BOOST_TEST(lean("<a href=" + k_body + " / x>y</a>") == "<a>y</a>");  // unquoted, a stray '/'
  BOOST_TEST(lean("<svg viewBox=\"0 0 24 24\"><path d=\"" + k_body + "\"/></svg>") == "<svg><path/></svg>");
  // Read by the tree builder, so the tag keeps its attributes, only the others' long values
  // emptied: annotation-xml's encoding decides whether its content is HTML; input's type,
  // font's color, face and size (present or not) and isindex's prompt likewise.
  const std::string math = "<math><annotation-xml ENCODING=\"application/xhtml+xml\"><p>x</p></annotation-xml></math>";
  check_left_alone(math);
  BOOST_TEST(lean("<input type='" + k_body + "' value='" + k_body + "'>") == "<input type='" + k_body + "' value=''>");
  const std::string kept = "<font face><isindex prompt='" + k_body + "'>";
  // The tree builder compares formatting elements' attributes (no more than three alike in
  // its list): they are kept whole. The fuzzer's case: <i h> is not <i>.
  const std::string formatting = "<a><i><i h><i><p><i><a>p<b class='" + k_body + "'>b</b>";
  BOOST_TEST(lean(formatting + "<p class='" + k_body + "'>") == formatting + "<p>");
  BOOST_TEST(blocks_of(formatting, true) == blocks_of(formatting, false));
  BOOST_TEST(lean(kept + "<p class='" + k_body + "'>") == kept + "<p>");
  const std::string breakout = "<svg><font color><p>x</p></font></svg>";
  check_left_alone(breakout);
  // An end tag's attributes stay (the fuzzer's case: Gumbo matches </path dg5> by its text).
  const std::string end_tag = "<svg><path></path dg5>/</p class='" + k_body + "'>";
  check_left_alone(end_tag);
  // A tag the input ends inside is left whole.
  BOOST_TEST(lean("<p>a<div class=\"" + k_body + "\"") == "<p>a<div class=\"" + k_body + "\"");
  const std::string page = "<table><tr><td class='" + k_body + "'>cell <a href='" + k_body + "'>link</a></td>"
                           "<input type=hidden value='" + k_body + "'></tr></table><p style='" + k_body + "'>after</p>";
  BOOST_TEST(blocks_of(page, true) == blocks_of(page, false));
}

BOOST_AUTO_TEST_CASE(element_name_sets_hold_exactly_their_names) {
  // The formatting elements keep their attributes whole; a name that only starts like one
  // loses them.
  for (const std::string name :
       {"b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"}) {
    const std::string tag = "<" + name + " class='" + k_body + "'>";
    BOOST_TEST(lean(tag) == tag, name);
    BOOST_TEST(lean("<" + name + "x class='" + k_body + "'>") == "<" + name + "x>", name);
  }
  // Whitespace before a start tag the tree builder may ignore is left; before any other
  // start tag it is cut.
  for (const std::string name : {"html", "body", "head", "frameset", "frame", "form", "isindex", "caption",
                                 "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr", "template"}) {
    const std::string page = "<p>a</x>\n        <" + name + ">";
    BOOST_TEST(lean(page) == page, name);
    BOOST_TEST(lean("<p>a</x>\n        <" + name + "x>") == "<p>a</x>\n<" + name + "x>", name);
  }
}

BOOST_AUTO_TEST_CASE(whitespace_between_tags_is_cut_to_its_first_character) {
  BOOST_TEST(lean("<div>\n        <p>a</p>\n      <!-- -->") == "<div>\n<p>a</p>\n<!-- -->");
  // Between two end tags (or tags the tree builder may ignore) text on both sides could join
  // the whitespace into one text node, where its length shows ("a" and "b" here): left.
  const std::string joined = "<p>a</x>\n        </y>b</p><td>\n        </td>";
  check_left_alone(joined);
  BOOST_TEST(lean("<ul>\r\n        <li>a</ul>") == "<ul>\r\n<li>a</ul>");  // CR LF is one newline
  BOOST_TEST(lean("<p>a   </p><p>  b</p>") == "<p>a   </p><p>  b</p>");  // text: left
  BOOST_TEST(lean("<p>a <        <b>") == "<p>a <        <b>");  // after a '<' that is text: left
  // Gumbo drops the newline just after <pre> and <listing>: what follows is left.
  const std::string pre = "<pre>\n\n        <b>x</b></pre><listing>\n          <i>y</i></listing>";
  BOOST_TEST(lean(pre) == pre);
  const std::string page = "<html>\n  <body>\n    <table>\n      <tr>\n        <td>cell</td>\n      </tr>\n"
                           "    </table>\n    <pre>\n\n     <b>code</b>\n      <i>more</i></pre>\n  </body>\n</html>\n";
  BOOST_TEST(blocks_of(page, true) == blocks_of(page, false));
}

BOOST_AUTO_TEST_CASE(foreign_content_and_framesets_are_left_alone) {
  const std::string svg = "<svg><script>" + k_body + "</script><style>" + k_body + "</style></svg>";
  BOOST_TEST(lean(svg) == svg);
  BOOST_TEST(lean(svg + "<script>" + k_body + "</script>") == svg + "<script> </script>");
  const std::string frames = "<frameset><script>" + k_body + "</script></frameset>";
  BOOST_TEST(lean(frames) == frames);
  const std::string plain = "<plaintext><script>" + k_body + "</script>";
  BOOST_TEST(lean(plain) == plain);
  // A breakout tag leaves foreign content (the fuzzer's case: the second <title> is HTML
  // RCDATA, so the "script" after it is the title's text): the scan stops there.
  const std::string breakout = "<title><math><i><title></math><script>" + k_body + "</scriPt>";
  check_left_alone(breakout);
  const std::string markup_in_svg_title = "<svg><title><b>x</b></title></svg><script>" + k_body + "</script>";
  BOOST_TEST(lean(markup_in_svg_title) == markup_in_svg_title);
  // Plain SVG icons (a text <title>, paths) are followed to their end.
  const std::string icon = "<svg viewBox='0 0 8 8'><title>Search</title><g><path d='M0 0'/></g></svg>";
  BOOST_TEST(lean(icon + "<script>" + k_body + "</script>") ==
             "<svg><title>Search</title><g><path/></g></svg><script> </script>");
  BOOST_TEST(lean("<svg></math><script>" + k_body + "</script>") == "<svg></math><script>" + k_body + "</script>");
  // A self-closing HTML tag breaks out too (the fuzzer's case: after <u/> the "CDATA" is a
  // bogus comment and <textarea> is RCDATA, so "<M L c>" is text).
  check_left_alone("<math><u/><![CDATA[><textarea>]]><M L c>");
  BOOST_TEST(lean(icon + "<svg><path/><title/><g/></svg><p class=x>") == "<svg><title>Search</title><g><path/></g></svg><svg><path/><title/><g/></svg><p>");
  // In <select> a <style> start tag is ignored: its "body" is text of the select (found by
  // the fuzzer: the lean parse lost it). Nothing is rewritten before </select>.
  const std::string select = "<select><style>R" + k_body + "</style><script>" + k_body + "</script></select>";
  check_left_alone(select);
  BOOST_TEST(lean(select + "<script>" + k_body + "</script>") == select + "<script> </script>");
  // A <select> inside one closes it, so the <title> after is RCDATA (the fuzzer's case);
  // at a table tag, which closes it only inside a table, the scan stops.
  const std::string nested = "<p>a<select><select><title><m\fiPt>";
  check_left_alone(nested);
  const std::string cell = "<table><tr><td><select></td><title></select><!--" + k_body + "--></title>";
  check_left_alone(cell);
  // textarea closes the select (and is RCDATA).
  const std::string closed = "<select><textarea><script>" + k_body + "</script></textarea><style>" + k_body + "</style>";
  BOOST_TEST(lean(closed) == "<select><textarea><script>" + k_body + "</script></textarea><style> </style>");
}

BOOST_AUTO_TEST_CASE(runs_of_text_become_marks) {
  const std::string mark = "\xEE\x80\x80";  // U+E000, then the run's number and ';'
  const std::string words = "a run of words long enough";
  BOOST_TEST(lean("<p>" + words + "</p>") == "<p>" + mark + "0;</p>");
  // Leading and trailing whitespace stay; short runs stay.
  BOOST_TEST(lean("<p>\n  " + words + " \n</p><p>short text</p>") ==
             "<p>\n  " + mark + "0; \n</p><p>short text</p>");
  // Between character references: each piece after a reference's ';'; without a ';' in
  // reach the rest is left.
  BOOST_TEST(lean("<p>" + words + "&#8217;" + words + "&amp " + words + "</p>") ==
             "<p>" + mark + "0;&#8217;" + mark + "1;&amp " + words + "</p>");
  // What the tree builder or tokenizer reads apart from other text is never in a run.
  for (const std::string& odd :
       {std::string("\r"), std::string(1, '\0'), std::string("\x01"), std::string("\x7F"),
        std::string("\xC2\x85"), std::string("\xEF\xB7\x90"), std::string("\xEF\xBF\xBF"),
        std::string("\xED\xA0\x80"), std::string("\xC0\xAF"), std::string("\xFF")}) {
    const std::string page = "<p>" + words + odd + words + "</p>";
    BOOST_TEST(lean(page) == page);
  }
  BOOST_TEST(lean("<p>" + words + "\xC3\xA9\xE2\x80\x99\xF0\x9F\x98\x80" + words + "</p>") ==
             "<p>" + mark + "0;</p>");
  // Left where whitespace inside a run could show, or the text is not the tree's text: in
  // <select>, a <template>, foreign content, after <frameset>, in RCDATA; in a page that
  // holds the mark's character itself, raw or as a reference (its text would hold U+E000).
  for (const std::string& page :
       {"<select><option>" + words + "</select>", "<template><col>" + words + "</template>",
        "<svg><text>" + words + "</text></svg>", "<frameset>" + words,
        "<title>" + words + "</title><textarea>" + words + "</textarea>",
        "<p>" + mark + "</p><p>" + words + "</p>", "<p>&#xE000;0;</p><p>" + words + "</p>",
        "<p>&#X0e000</p><p>" + words + "</p>", "<p>&#57344;0;</p><p>" + words + "</p>"}) {
    BOOST_TEST(lean(page) == page);
  }
  for (const std::string& near :
       {std::string("&#xE001;"), std::string("&#xE0000;"), std::string("&#5734;")})
    BOOST_TEST(lean("<p>" + near + "</p><p>" + words + "</p>") ==
               "<p>" + near + "</p><p>" + mark + "0;</p>");
  BOOST_TEST(lean("<template><p>x</p></template><p>" + words + "</p>") ==
             "<template><p>x</p></template><p>" + mark + "0;</p>");
  // The segmenter reads each text node with the runs restored: the same blocks, offsets and
  // counts as the page parsed whole, wherever the tree builder puts the text.
  const std::string page = "<html><head><title>" + words + "</title></head>" + words + "<body><p>" +
                           words + " <a href=x>" + words + "</a> &amp; " + words +
                           "</p><table><tr>" + words + "<td>" + words +
                           "</td></tr></table><pre>\n" + words + "</pre><ul><li>" + words + "<li>" +
                           words + "</ul>" + "<table><colgroup>  " + words + "</table><b><p>" +
                           words + "</b>" + words + "</p></body>" + words + "</html>" + words;
  BOOST_TEST(lean(page).find(words) ==
             lean(page).find("</title>") - words.size());  // only the title's
  BOOST_TEST(blocks_of(page, true) == blocks_of(page, false));
  // Text after a tag the tree builder ignores joins the mark's text node: the ';' ends the
  // number (the fuzzer's case: a <frameset> after text, then digits).
  for (const std::string& joined :
       {"<p>" + words + "<frameset>18030 " + words, "<p>" + words + "</x>12" + words + "</p>"}) {
    BOOST_TEST(lean(joined).find(mark) != std::string::npos);
    BOOST_TEST(blocks_of(joined, true) == blocks_of(joined, false));
  }
}

BOOST_AUTO_TEST_CASE(offsets_map_back_to_the_page) {
  const std::string page = "<p>a</p><script>" + k_body + "</script><p>bc</p><!--" + k_body + "--><p>d</p>";
  const auto l = LeanHtml::make(page);
  BOOST_REQUIRE(l.has_value());
  BOOST_TEST(l->removed() == (k_body.size() - 1) + k_body.size());
  const std::string_view t = l->text();
  for (const std::string_view part : {"<p>bc</p>", "<p>d</p>"}) {
    const std::size_t at = t.find(part);
    BOOST_TEST(page.substr(l->original_offset(at), part.size()) == part);
  }
  BOOST_TEST(l->original_offset(0) == 0u);
  // Inside the emptied script body: its first byte.
  BOOST_TEST(l->original_offset(t.find("<script>") + 8) == page.find("<script>") + 8);
}

BOOST_AUTO_TEST_CASE(blocks_are_the_same_parsed_lean_or_not) {
  const std::string page =
      "<html><head><title>T</title><style>" + k_body + "</style><script>var s = '<p>" + k_body +
      "</p>';</script></head><body><div><p>First paragraph of text.</p><script>" + k_body +
      "</script><a href=x>a link</a><!-- " + k_body + " --><p>Second<!--x-->half</p></div>"
      "<table><tr><td>cell</td><script>" + k_body + "</script></tr></table></body></html>";
  BOOST_TEST(LeanHtml::make(page).has_value());
  BOOST_TEST(blocks_of(page, true) == blocks_of(page, false));
}

// Every page of the six shared development sets gives the same blocks, offsets, containers
// and stats parsed lean as parsed whole.
BOOST_AUTO_TEST_CASE(every_development_page_segments_the_same_lean) {
  const std::filesystem::path root = std::filesystem::path(BOILERDEX_SHARED_DIR) / "data" / "extraction";
  if (!std::filesystem::is_directory(root)) {
    BOOST_TEST_MESSAGE("skipped: " << root << " is absent (../shared)");
    return;
  }
  const std::pair<const char*, const char*> sets[] = {
      {"scrapinghub", "scrapinghub-aeb"}, {"l3s-gn1", "l3s-gn1-dev"},
      {"cleaneval", "cleaneval-dev"},     {"dragnet", "dragnet-train"},
      {"readability", "readability-test-pages"}, {"wcxb", "wcxb-dev"}};
  std::size_t pages = 0, leaned = 0;
  for (const auto& [format, folder] : sets) {
    const Dataset set = open_dataset(parse_dataset_spec(std::string(format) + ":" + (root / folder).string()));
    for (const GoldPage& page : set.pages) {
      const std::string html = load_page_html(set, page);
      ++pages;
      if (LeanHtml::make(html)) ++leaned;
      BOOST_TEST_CONTEXT(set.name << "/" << page.id) {
        BOOST_TEST(blocks_of(html, true) == blocks_of(html, false));
      }
    }
  }
  BOOST_TEST_MESSAGE(pages << " pages, " << leaned << " parsed lean");
  BOOST_TEST(pages > 2500u);
  BOOST_TEST(leaned * 2 > pages);
}

BOOST_AUTO_TEST_SUITE_END()

// structured_content, markdown_of, clean_html_of: the kept text of a page with its
// headings, lists, tables, code, quotes, links and images.
#include <boost/test/unit_test.hpp>

#include <cctype>
#include <string>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/structured_content.hpp"

using namespace boilerdex::plugin;

namespace {

// Keeps every block: what the renderer does with structure, apart from any extractor.
class KeepAll final : public Extractor {
 public:
  std::string name() const override { return "keep-all"; }
  void process(TextDocument& doc) const override {
    for (TextBlock& b : doc.blocks) b.is_content = true;
  }
};

// Keeps the blocks whose text holds "keep".
class KeepMarked final : public Extractor {
 public:
  std::string name() const override { return "keep-marked"; }
  void process(TextDocument& doc) const override {
    for (TextBlock& b : doc.blocks) b.is_content = b.text.find("keep") != std::string::npos;
  }
};

std::string markdown(const std::string& html, const Extractor& e, StructureOptions options = {}) {
  return markdown_of(structured_content(extract_page(html, e), options));
}

std::string page(const std::string& body) { return "<html><head><title>T</title></head><body>" + body + "</body></html>"; }

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(structured_content_output)

BOOST_AUTO_TEST_CASE(headings_paragraphs_and_lists_keep_their_shape) {
  const std::string md = markdown(
      page("<h1>The  title</h1><p>First <b>para</b>graph\nof text.</p><h3>Steps</h3>"
           "<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol><ul><li>dot</li></ul>"),
      KeepAll());
  BOOST_TEST(md ==
                 "# The title\n\nFirst **para**graph of text.\n\n### Steps\n\n1. one\n2. two\n    - nested\n\n- dot\n",
             md);
}

BOOST_AUTO_TEST_CASE(kept_text_inside_a_template_is_written) {
  // The segmenter reads a <template>'s content (a page's A/B variants of its hero); what the
  // extractor keeps there is written like the rest, so the words are those of -f text.
  const std::string html =
      page("<template hidden><h1>keep the variant</h1><p>keep its line</p></template><p>keep the body</p>");
  const PageResult result = extract_page(html, KeepMarked());
  BOOST_TEST(result.document.content() == "keep the variant\nkeep its line\nkeep the body\n");
  const std::string md = markdown_of(structured_content(result));
  BOOST_TEST(md == "# keep the variant\n\nkeep its line\n\nkeep the body\n", md);
}

BOOST_AUTO_TEST_CASE(lists_nest_under_the_items_written) {
  // The outer item's words are left out (a menu heading): its inner list is the list, not
  // an indented block under nothing.
  const std::string md = markdown(
      page("<ul><li><span>Menu</span><ul><li>keep one</li><li>keep two</li></ul></li></ul>"), KeepMarked());
  BOOST_TEST(md == "- keep one\n- keep two\n", md);
  // An item with no words before its inner list: the inner items stand at its level.
  const std::string bare =
      markdown(page("<ol><li><ul><li>a</li></ul></li><li>b<ul><li>c</li></ul></li></ol>"), KeepAll());
  BOOST_TEST(bare == "- a\n2. b\n    - c\n", bare);
  // Under a marker wider than four columns ("100. "), a nested list starts at the item's
  // content column, where CommonMark nests it.
  const std::string wide =
      markdown(page("<ol start=\"100\"><li>hundred<ul><li>nested<ul><li>deep</li></ul></li></ul></li></ol>"), KeepAll());
  BOOST_TEST(wide == "100. hundred\n     - nested\n        - deep\n", wide);
}

BOOST_AUTO_TEST_CASE(line_breaks_in_items_and_definition_lists) {
  // A <br> in an item is a line under its marker, a hard break (a backslash) so that it
  // renders as one; a <dl>'s terms and definitions are paragraphs (as WCXB's gold Markdown
  // writes them).
  const std::string md = markdown(
      page("<ol><li>one<br>two</li><li>three</li></ol><dl><dt>Term</dt><dd>Its meaning</dd></dl>"), KeepAll());
  BOOST_TEST(md == "1. one\\\n   two\n2. three\n\nTerm\n\nIts meaning\n", md);
  // In a paragraph too; two in a row are a blank line (a hard break cannot end a paragraph),
  // and one at a paragraph's end is nothing.
  const std::string lines =
      markdown(page("<p>12 High Street<br>Springfield<br><br>Open daily<br></p>"), KeepAll());
  BOOST_TEST(lines == "12 High Street\\\nSpringfield\n\nOpen daily\n", lines);
  // Before a line that starts a list item the break is a plain newline: the item starts on
  // it, and a backslash would show at the end of the item before (a number other than 1
  // starts an item only once the paragraph is a list).
  const std::string items = markdown(
      page("<p>Do not flush<br>- Wipes<br>- Swabs</p><p><b>1)</b> Create<br><b>2)</b> Recruit</p>"
           "<p>Lines<br>2. not a list</p><p>Steps:<br>1. Stretch<br>2. Sit</p>"),
      KeepAll());
  BOOST_TEST(items == "Do not flush\n- Wipes\n- Swabs\n\n1) Create\n2) Recruit\n\nLines\\\n2. not a list\n\n"
                      "Steps:\n1. Stretch\n2. Sit\n",
             items);
}

BOOST_AUTO_TEST_CASE(only_the_kept_blocks_appear) {
  const std::string md = markdown(page("<div><a href=/>Home</a> <a href=/x>Menu</a></div>"
                                       "<h2>keep this heading</h2><p>we keep this text</p><p>but not this</p>"),
                                  KeepMarked());
  BOOST_TEST(md == "## keep this heading\n\nwe keep this text\n", md);
  BOOST_TEST(markdown(page("<p>nothing</p>"), KeepMarked()).empty());
}

BOOST_AUTO_TEST_CASE(tables_code_and_quotes) {
  const std::string md = markdown(
      page("<table><thead><tr><th>Name</th><th>Size</th></tr></thead>"
           "<tr><td>a|b</td><td>1 <br>MB</td></tr><tr><td>c</td></tr></table>"
           "<pre class=\"language-cpp\">int main() {\n  return 0;\n}</pre>"
           "<blockquote><p>Quoted words</p><p>and more</p></blockquote><p>x <code>y()</code></p>"),
      KeepAll());
  BOOST_TEST(contains(md, "| Name | Size |\n| --- | --- |\n| a\\|b | 1 MB |\n| c |  |\n"), md);
  BOOST_TEST(contains(md, "```cpp\nint main() {\n  return 0;\n}\n```"), md);
  BOOST_TEST(contains(md, "> Quoted words\n>\n> and more\n\nx"), md);  // one quote of two paragraphs
  BOOST_TEST(contains(md, "x `y()`"), md);
  BOOST_TEST(markdown(page("<p>line one<br>\n line two</p>"), KeepAll()) == "line one\\\nline two\n");
  // A table whose first row is its caption has as many columns as its widest row: GFM
  // drops a row's cells beyond the header's.
  const std::string captioned = markdown(
      page("<table><tr><td colspan=3>Rates in 2024</td></tr><tr><td>1</td><td>Alaska</td><td>$14</td></tr></table>"),
      KeepAll());
  BOOST_TEST(captioned == "| Rates in 2024 |  |  |\n| --- | --- | --- |\n| 1 | Alaska | $14 |\n", captioned);
  // A highlighter's <div> per line inside a <pre> (line numbers in a gutter <span>): one code
  // block, a line per <div>, not a fence per line.
  const std::string lines = markdown(
      page("<pre><div><span>1</span><div><div><span>composer</span> <span>require x</span></div></div></div>"
           "<div><span>2</span><div><div>composer install</div></div></div></pre><p>after</p>"),
      KeepAll());
  BOOST_TEST(lines == "```\n1\ncomposer require x\n2\ncomposer install\n```\n\nafter\n", lines);
  // A table used for layout is read as its paragraphs.
  const std::string layout =
      markdown(page("<table><tr><td><h2>Story</h2><p>One.</p><p>Two.</p></td></tr></table>"), KeepAll());
  BOOST_TEST(layout == "## Story\n\nOne.\n\nTwo.\n", layout);
  StructureOptions no_tables;
  no_tables.tables = false;
  BOOST_TEST(markdown(page("<table><tr><td>cell</td><td>two</td></tr></table><p>after</p>"), KeepAll(), no_tables) ==
             "after\n");
}

BOOST_AUTO_TEST_CASE(links_and_images_on_request) {
  const std::string html =
      page("<p>See <a href=\"/doc (1)\">the docs</a> and <img src=\"p.png\" alt=\"a plot\"> here.</p>");
  BOOST_TEST(markdown(html, KeepAll()) == "See the docs and here.\n");
  StructureOptions rich;
  rich.links = true;
  rich.images = true;
  BOOST_TEST(markdown(html, KeepAll(), rich) == "See [the docs](</doc (1)>) and ![a plot](p.png) here.\n",
             markdown(html, KeepAll(), rich));
}

BOOST_AUTO_TEST_CASE(literal_markup_characters_are_escaped_where_markdown_would_read_them) {
  // Text the page wrote that a CommonMark or GFM reader would take for markup gets a
  // backslash: emphasis and strike-through delimiters, a tag, a character reference, a
  // link's brackets, a backtick, a backslash before punctuation, and at a line's start a
  // heading, a quote, an underline or a thematic break.
  const std::string md = markdown(
      page("<p>From $99.* or *bold* and _under_ and ~strike~ and &lt;div&gt; and &amp;amp; and "
           "[a](b) and `tick` and C:\\* done</p>"
           "<p># not a heading</p><p>&gt; not a quote</p><p>---</p><p>a<br>===</p>"
           "<ul><li>&gt; nested?</li><li>## no</li></ul>"),
      KeepAll());
  BOOST_TEST(md ==
                 "From $99.\\* or \\*bold\\* and \\_under\\_ and \\~strike\\~ and \\<div> and \\&amp; and "
                 "[a\\](b) and \\`tick\\` and C:\\\\\\* done\n\n"
                 "\\# not a heading\n\n\\> not a quote\n\n\\---\n\na\\\n\\===\n\n"
                 "- \\> nested?\n- \\## no\n",
             md);
  // A line the page starts with a list marker stays a list item: the page set its text out
  // as a list. A line that only starts with '#' or '-' is text.
  StructureOptions rich;
  rich.links = true;
  const std::string list = markdown(
      page("<p>- Cotton swabs</p><p>* Soap</p><p>2. Second step</p><p>-<a href=\"/x\">x</a> #<a href=\"/t\">tag</a></p>"),
      KeepAll(), rich);
  BOOST_TEST(list == "- Cotton swabs\n\n* Soap\n\n2. Second step\n\n-[x](/x) #[tag](/t)\n", list);
}

BOOST_AUTO_TEST_CASE(ordinary_text_is_written_as_the_page_has_it) {
  // Characters that cannot be read as markup where they stand stay as they are.
  const std::string md = markdown(
      page("<p>5 * 3 = 15, snake_case_name, caf\xC3\xA9_bar, AT&amp;T &amp; co, [1], x &lt; y, "
           "C# and 1.5 - 2 # 3, a\\b, <code>a*b_[c](d)</code></p><h2>Issue #42 &gt; all</h2>"
           "<table><tr><td>a|b</td><td>*</td></tr></table>"),
      KeepAll());
  BOOST_TEST(md ==
                 "5 * 3 = 15, snake_case_name, caf\xC3\xA9_bar, AT&T & co, [1], x < y, C# and 1.5 - 2 # 3, "
                 "a\\b, `a*b_[c](d)`\n\n## Issue #42 > all\n\n| a\\|b | * |\n| --- | --- |\n",
             md);
  // A link's text keeps brackets that pair up as they are, and escapes them when they would
  // end the link early or make a link of their own.
  StructureOptions rich;
  rich.links = true;
  const std::string linked =
      markdown(page("<p><a href=\"/n\">[PDF] notes_v2</a> <a href=\"/m\">a] [b](c)</a></p>"), KeepAll(), rich);
  BOOST_TEST(linked == "[[PDF] notes_v2](/n) [a\\] \\[b\\](c)](/m)\n", linked);
}

BOOST_AUTO_TEST_CASE(permalinks_and_back_references_are_left_out) {
  // A heading's permalink (Sphinx's "¶", a "#", Docusaurus' zero-width space, an icon) and a
  // footnote's way back ("↩") are links within the page with no word: furniture. A link
  // within the page that has words, a number or an image is content.
  const std::string html = page(
      "<h2>Install<a class=\"headerlink\" href=\"#install\" title=\"Permalink\">\xC2\xB6</a></h2>"
      "<h3 id=\"use\">Use <a href=\"#use\">#</a></h3>"
      "<h3>Docs<a class=\"hash-link\" href=\"#docs\">\xE2\x80\x8B</a></h3>"
      "<h3><a href=\"#api\"><svg><path d=\"M0\"></path></svg></a>API</h3>"
      "<p>A claim<a href=\"#fn1\">1</a>, <a href=\"#more\">see below</a>.</p>"
      "<p>From $99.<a href=\"#footnote-a\">*</a> Or less<a href=\"#fn-b\">\xE2\x80\xA0</a></p>"
      "<ol><li>The source. <a href=\"#ref1\">\xE2\x86\xA9\xEF\xB8\x8E</a></li></ol>"
      "<p>Zoom: <a href=\"#zoom\"><img src=\"z.png\" alt=\"zoomed\"></a></p>");
  StructureOptions rich;
  rich.links = true;
  rich.images = true;
  const std::string md = markdown(html, KeepAll(), rich);
  BOOST_TEST(md ==
                 "## Install\n\n### Use\n\n### Docs\n\n### API\n\nA claim1, see below.\n\n"
                 "From $99.\\* Or less\xE2\x80\xA0\n\n1. The source.\n\nZoom: ![zoomed](z.png)\n",
             md);
  BOOST_TEST(!contains(clean_html_of(structured_content(extract_page(html, KeepAll())), "T"), "\xC2\xB6"));
}

BOOST_AUTO_TEST_CASE(a_link_around_several_blocks_is_a_card_written_as_its_text) {
  StructureOptions rich;
  rich.links = true;
  // A card: one link around a heading and a summary. Its address is written nowhere rather
  // than on each of its paragraphs.
  const std::string card = markdown(
      page("<ul><li><a href=\"https://ex.org/job\"><h3>Engineer</h3><div>Acme</div>"
           "<div>Remote</div></a></li></ul>"),
      KeepAll(), rich);
  BOOST_TEST(!contains(card, "https://ex.org/job"), card);
  BOOST_TEST((contains(card, "Engineer") && contains(card, "Acme") && contains(card, "Remote")), card);
  // A link around one block, or around words and inline markup, stays a link.
  BOOST_TEST(markdown(page("<a href=\"https://ex.org/t\"><h4>Title</h4></a>"), KeepAll(), rich) ==
             "#### [Title](https://ex.org/t)\n");
  const std::string inline_link =
      markdown(page("<p><a href=\"https://ex.org/s\"><span>Big</span> <b>sale</b></a></p>"), KeepAll(), rich);
  BOOST_TEST(inline_link == "[Big sale](https://ex.org/s)\n", inline_link);
  // A <br> inside a link is a line break inside one link, in an item under its marker too.
  const std::string broken =
      markdown(page("<p><a href=\"https://ex.org/s\">Big sale<br>\n now</a></p><ul><li><a href=\"https://ex.org/i\">"
                    "one<br>two</a></li></ul>"),
               KeepAll(), rich);
  BOOST_TEST(broken == "[Big sale\\\nnow](https://ex.org/s)\n\n- [one\\\n  two](https://ex.org/i)\n", broken);
  const std::string html = clean_html_of(
      structured_content(extract_page(page("<p><a href=\"/s\">Big<br>sale</a></p>"), KeepAll()), rich), "T");
  BOOST_TEST(contains(html, "<a href=\"/s\">Big<br>sale</a>"), html);
}

BOOST_AUTO_TEST_CASE(code_in_a_link_is_a_link_of_code) {
  StructureOptions rich;
  rich.links = true;
  // Either nesting: the link is kept and its words are a code span ([`KeyError`](url)).
  const std::string md = markdown(page("<p>Raises <a href=\"https://ex.org/e\"><code>KeyError</code></a> or "
                                       "<code><a href=\"https://ex.org/v\">Value`Error</a></code>.</p>"),
                                  KeepAll(), rich);
  BOOST_TEST(md == "Raises [`KeyError`](https://ex.org/e) or [``Value`Error``](https://ex.org/v).\n", md);
  // Code and words in one link: one link, written plainly.
  const std::string mixed =
      markdown(page("<p><a href=\"https://ex.org/f\"><code>f</code>() docs</a></p>"), KeepAll(), rich);
  BOOST_TEST(mixed == "[f() docs](https://ex.org/f)\n", mixed);
  const std::string html = clean_html_of(
      structured_content(extract_page(page("<p><a href=\"/e\"><code>E</code></a></p>"), KeepAll()), rich), "T");
  BOOST_TEST(contains(html, "<a href=\"/e\"><code>E</code></a>"), html);
  // Without --links it stays a code span.
  BOOST_TEST(markdown(page("<p><a href=\"/e\"><code>E</code></a></p>"), KeepAll()) == "`E`\n");
}

BOOST_AUTO_TEST_CASE(links_resolve_against_the_page_base) {
  StructureOptions rich;
  rich.links = true;
  const auto md = [&](const std::string& head, const StructureOptions& o) {
    return markdown("<html><head>" + head + "</head><body><p><a href=\" ../b/c?x=1 \">c</a> "
                    "<a href=\"#top\">up</a> <a href=\"mailto:a@b.org\">mail</a></p></body></html>",
                    KeepAll(), o);
  };
  // A jump within the page is its text alone.
  BOOST_TEST(md("<link rel=\"Canonical\" href=\"https://ex.org/a/page\">", rich) ==
             "[c](https://ex.org/b/c?x=1) up [mail](mailto:a@b.org)\n");
  // <base href> resolves against the canonical address; a given address comes first.
  BOOST_TEST(md("<base href=\"/x/y/\"><link rel=canonical href=\"https://ex.org/a/page\">", rich) ==
             "[c](https://ex.org/x/b/c?x=1) up [mail](mailto:a@b.org)\n");
  StructureOptions given = rich;
  given.base_url = "http://other.net/q/r";
  BOOST_TEST(md("<meta property=\"og:url\" content=\"https://ex.org/a/page\">", given) ==
             "[c](http://other.net/b/c?x=1) up [mail](mailto:a@b.org)\n");
  // No absolute address anywhere: links stay as written.
  BOOST_TEST(md("<link rel=canonical href=\"/relative\">", rich) == "[c](../b/c?x=1) up [mail](mailto:a@b.org)\n");
}

BOOST_AUTO_TEST_CASE(bold_italic_and_struck_words_are_kept_where_markdown_reads_them) {
  const std::string md = markdown(
      page("<p>Some <b>bold </b>and <em>italic</em> words, <strong>bold <i>and both</i></strong>, "
           "<del>old</del> new, \"<i>quoted</i>\" and <b>Note:</b> then.</p>"),
      KeepAll());
  BOOST_TEST(md ==
                 "Some **bold** and *italic* words, **bold *and both***, ~~old~~ new, \"*quoted*\" and "
                 "**Note:** then.\n",
             md);
  // Where a delimiter would not read as one (inside a word, before punctuation after a
  // letter, touching another run, after a web address), the words are written plain; a
  // style inside code or a link is left out, one across a line break closes before it.
  const std::string plain = markdown(
      page("<p>un<b>frigging</b>believable, x<b>(y)</b>, <b>a</b><i>b</i>, <b>see https://e.org/x</b>)"
           " <code>let <i>x</i> = 1</code> <b>bold<br>across</b> end</p>"),
      KeepAll());
  BOOST_TEST(plain ==
                 "unfriggingbelievable, x(y), **a**b, see https://e.org/x) `let x = 1` **bold**\\\n**across** end\n",
             plain);
  // A list marker the page wrote at a line's start stays one, outside the style.
  BOOST_TEST(markdown(page("<p><b>1. Install</b> it</p>"), KeepAll()) == "1. **Install** it\n");
  StructureOptions flat;
  flat.formatting = false;
  BOOST_TEST(markdown(page("<p>Some <b>bold</b> words</p>"), KeepAll(), flat) == "Some bold words\n");
  const PageResult r = extract_page(page("<p>Some <b>bold </b>and <i>italic</i> <s>gone</s></p>"), KeepAll());
  const std::string html = clean_html_of(structured_content(r), "T");
  BOOST_TEST(contains(html, "<p>Some <strong>bold</strong> and <em>italic</em> <del>gone</del></p>"), html);
  const std::string xml = xml_of(structured_content(r), r.metadata, "T");
  BOOST_TEST(contains(xml, "<p>Some <hi rend=\"#b\">bold</hi> and <hi rend=\"#i\">italic</hi> <del>gone</del></p>"), xml);
}

BOOST_AUTO_TEST_CASE(lists_broken_by_other_parts_start_again_at_the_left) {
  // A heading inside a list's item ends the Markdown list: the nested items after it start
  // a list at the left margin (four spaces after a heading make a code block), and the
  // item's later paragraph is a paragraph of its own.
  const std::string md = markdown(
      page("<ol><li>one<h4>Aside</h4>more of one<ul><li>inner a</li><li>inner b<ul><li>deep</li></ul></li></ul></li>"
           "<li>two</li></ol>"),
      KeepAll());
  BOOST_TEST(md == "1. one\n\n#### Aside\n\nmore of one\n\n- inner a\n- inner b\n    - deep\n2. two\n", md);
  // After an item's later paragraph, the next item starts after a blank line: an item not
  // numbered 1 cannot interrupt a paragraph.
  const std::string loose = markdown(page("<ol start=4><li><p>four</p><p>more</p></li><li>five</li></ol>"), KeepAll());
  BOOST_TEST(loose == "4. four\n\n   more\n\n5. five\n", loose);
  // A quote inside an item goes after the item's indent; a list inside a quote after "> ".
  const std::string quoted = markdown(
      page("<ul><li>post<blockquote>quoted words</blockquote></li></ul><blockquote><ul><li>a</li><li>b</li></ul></blockquote>"),
      KeepAll());
  BOOST_TEST(quoted == "- post\n\n  > quoted words\n\n> - a\n> - b\n", quoted);
  // Two lists of one kind one after the other: the second changes its delimiter, or
  // CommonMark would read one list (a blank line between items does not end a list).
  const std::string adjacent =
      markdown(page("<ul><li>a</li></ul><ul><li>b</li></ul><ul><li>c</li></ul><ol><li>d</li></ol><ol><li>e</li></ol>"),
               KeepAll());
  BOOST_TEST(adjacent == "- a\n\n* b\n\n- c\n\n1. d\n\n1) e\n", adjacent);
}

BOOST_AUTO_TEST_CASE(clean_html_nests_lists_and_escapes_everything) {
  StructureOptions rich;
  rich.links = true;
  const PageResult r = extract_page(
      page("<h2>A &lt;b&gt;</h2><ul><li>one<ol><li>two</li></ol></li></ul><p><a href='x\"y'>l</a></p>"), KeepAll());
  const std::string html = clean_html_of(structured_content(r, rich), "T & <t>");
  BOOST_TEST(contains(html, "<title>T &amp; &lt;t&gt;</title>"), html);
  BOOST_TEST(contains(html, "<h2>A &lt;b&gt;</h2>"), html);
  BOOST_TEST(contains(html, "<ul><li>one<ol><li>two</li>\n</ol>\n</li>\n</ul>"), html);
  BOOST_TEST(contains(html, "<a href=\"x&quot;y\">l</a>"), html);
  BOOST_TEST(!contains(html, "<script"), html);
  // A quote inside an item and an item's later paragraph after its inner list stay inside the
  // item; a list inside a quote stays inside the quote.
  const PageResult nested = extract_page(
      page("<ul><li>post<blockquote>quoted</blockquote>after<ul><li>inner</li></ul><p>again</p></li><li>two</li></ul>"
           "<blockquote><ul><li>a</li></ul></blockquote>"),
      KeepAll());
  const std::string tree = clean_html_of(structured_content(nested), "T");
  BOOST_TEST(contains(tree,
                      "<ul><li>post<blockquote><p>quoted</p></blockquote><p>after</p><ul><li>inner</li>\n</ul>\n"
                      "<p>again</p></li>\n<li>two</li>\n</ul>\n<blockquote>\n<ul><li>a</li>\n</ul>\n</blockquote>\n"),
             tree);
}

BOOST_AUTO_TEST_CASE(xml_is_trafilaturas_and_well_formed) {
  StructureOptions rich;
  rich.links = true;
  PageResult r = extract_page(
      page("<h2>A &amp; B</h2><ol start=3><li>one</li></ol><table><tr><th>k</th><th>v</th></tr>"
           "<tr><td>a</td><td>b</td></tr></table><p>bell <a href='/x?a=1&amp;b=2'>l</a></p>"),
      KeepAll());
  r.metadata.author = "A \"Q\"\x01 Writer\xEF\xBF\xBE";  // a control and U+FFFE: not XML 1.0
  r.metadata.tags = {"t1", "t2"};
  const std::string xml = xml_of(structured_content(r, rich), r.metadata, "T");
  BOOST_TEST(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<doc title=\"T\" author=\"A &quot;Q&quot; Writer\""), xml);
  BOOST_TEST(contains(xml, "tags=\"t1;t2\""), xml);
  BOOST_TEST(contains(xml, "<head rend=\"h2\">A &amp; B</head>"), xml);
  BOOST_TEST(contains(xml, "<list rend=\"ol\" start=\"3\"><item>one</item>\n</list>"), xml);
  BOOST_TEST(contains(xml, "<row><cell role=\"head\">k</cell><cell role=\"head\">v</cell></row>"), xml);
  BOOST_TEST(contains(xml, "<p>bell <ref target=\"/x?a=1&amp;b=2\">l</ref></p>"), xml);
  BOOST_TEST(xml.ends_with("</main>\n</doc>\n"));
}

BOOST_AUTO_TEST_CASE(words_are_those_of_the_text_output) {
  // Whatever the structure, the Markdown holds the text output's words in the same order.
  const std::string html =
      page("<div><p>Alpha <i>beta</i></p><ul><li>gamma <p>delta</p></li></ul><table><tr><td>eps</td>"
           "<td>zeta</td></tr></table><pre>eta\n theta</pre></div>");
  const PageResult r = extract_page(html, KeepAll());
  std::string words;
  for (const char c : markdown_of(structured_content(r))) {
    if (std::isalpha(static_cast<unsigned char>(c)) || c == ' ' || c == '\n') words += c == '\n' ? ' ' : c;
  }
  std::string text;
  for (const char c : r.document.content()) text += c == '\n' ? ' ' : c;
  const auto squash = [](std::string s) {
    std::string out;
    for (const char c : s) {
      if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
      out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  };
  BOOST_TEST(squash(words) == squash(text));
}

BOOST_AUTO_TEST_SUITE_END()

#pragma once
/// \file
/// The kept content of an extracted page with the structure the page gave it: headings,
/// paragraphs, list items, tables, code blocks, block quotes, links, images and emphasis, as
/// Markdown, clean HTML or XML (boilerdex-extract -f markdown, -f html, -f xml).
///
/// The extractor decides blocks; this reads the page's tree again and keeps the text nodes
/// that lie inside the byte range of a block the extractor kept (TextBlock::source_begin,
/// source_end), each under the element that holds it. So the words are those of the text
/// output, arranged as the page arranged them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/page_extractor.hpp"

namespace boilerdex::plugin {

/// What the structured formats carry beyond the words.
struct StructureOptions {
  bool links = false;   ///< links as [text](url) / <a href>; otherwise their text only
  bool images = false;  ///< images inside kept content as ![alt](src) / <img>
  bool tables = true;   ///< tables with their rows and cells; false: table text is left out
  /// Bold, italic and struck-out text (<b>/<strong>, <i>/<em>, <s>/<del>/<strike>) as
  /// **bold**, *italic* and ~~struck~~ / <strong>, <em>, <del>; false: their text only.
  bool formatting = true;
  /// The page's address, when the caller knows it: links and images resolve against it (and
  /// against the page's <base href> in turn). Without it they resolve against the page's own
  /// <base href>, <link rel=canonical> or og:url, whichever is an absolute URL first, and
  /// stay as written when it has none.
  std::string base_url;
};

/// A piece of a paragraph.
struct InlinePiece {
  enum class Kind : std::uint8_t { Text, Link, Code, Image, Break };
  /// How a piece's words are set (InlinePiece::style, bits; StructureOptions::formatting).
  enum Style : std::uint8_t { Strong = 1, Emphasis = 2, Struck = 4 };
  Kind kind = Kind::Text;
  std::string text;  ///< Text, Link and Code: the words (whitespace collapsed; in a Link, '\n'
                     ///< is a <br> inside it); Image: alt
  std::string url;   ///< Link: href; Image: src (resolved: StructureOptions::base_url)
  bool code = false; ///< Link: its words are code (<a><code>…</code></a> or the other way round)
  std::uint8_t style = 0;  ///< Text, Link, Code: Style bits (a link's or code's: those of its first words)
};

/// One block of structured content.
struct ContentPart {
  enum class Kind : std::uint8_t { Heading, Paragraph, ListItem, Code, TableRow };
  Kind kind = Kind::Paragraph;
  int level = 0;        ///< Heading: 1–6; ListItem: nesting depth from 1
  bool ordered = false; ///< ListItem: of an <ol>
  int number = 0;       ///< ListItem of an <ol>: its number
  bool continued = false;  ///< ListItem: a later paragraph of the same item (no marker)
  int list = 0;         ///< ListItem: which outermost list of the page (from 1)
  int quote_depth = 0;  ///< <blockquote>s around it
  int list_quotes = 0;  ///< ListItem: how many of them are around its outermost list (the rest are inside the item)
  int table = 0;        ///< TableRow: which table of the page (from 1)
  bool header = false;  ///< TableRow: a row of <th> cells or in <thead>
  std::vector<InlinePiece> pieces;              ///< Heading, Paragraph, ListItem
  std::vector<std::vector<InlinePiece>> cells;  ///< TableRow
  std::string code;     ///< Code: the <pre> text, whitespace kept
  std::string language; ///< Code: from a class "language-X" or "lang-X", if any
};

/// The parts of \p doc's kept content in page order, \p doc being what an extractor made
/// of \p utf8_html (its blocks' source ranges point into it). Parses \p utf8_html again (one
/// more guarded parse, within doc.budget). Empty when nothing is kept.
/// \throws PageTimeLimitError ("rendering") when the page's time runs out; std::bad_alloc.
[[nodiscard]] std::vector<ContentPart> structured_content(std::string_view utf8_html, const TextDocument& doc,
                                                          const StructureOptions& options = {});

/// structured_content of result.decoded.utf8 and result.document.
[[nodiscard]] std::vector<ContentPart> structured_content(const PageResult& result,
                                                          const StructureOptions& options = {});

/// \p parts as CommonMark: ATX headings, "-" and "N." list items indented by nesting,
/// fenced code blocks, "> " quotes, GitHub pipe tables, parts separated by blank lines
/// (list items and table rows by single newlines). Text is escaped only where a CommonMark
/// or GFM reader would take it for markup (emphasis delimiters, a tag, a reference, a link's
/// brackets, a heading's '#' or a quote's '>' at a line's start, '|' in a table cell; never
/// inside code), so that it renders as the page's characters; a list marker the page wrote
/// at a line's start stays one. A <br> between words is a hard line break ("\\" and a
/// newline). Styled words are delimited ("**bold**", "*italic*", "~~struck~~") only where a
/// CommonMark reader takes the delimiters for emphasis, whatever its version's reading of
/// Unicode punctuation: each delimiter hugs the words on its side and has a space, the line's
/// end or punctuation on the other (the words then start or end with a letter or digit), and
/// a closing run never touches an opening one; a style that cannot be delimited so (inside a
/// word, say) is written as plain text. Ends with '\n' unless empty.
[[nodiscard]] std::string markdown_of(const std::vector<ContentPart>& parts);

/// \p parts as a clean, self-contained HTML document (\p title in <title> and, escaped,
/// nothing else of the page's head): h1–h6, p, ul/ol/li nested, pre/code, blockquote,
/// table/tr/th/td, a, img, br, strong, em, del. Every text and attribute is escaped.
[[nodiscard]] std::string clean_html_of(const std::vector<ContentPart>& parts, std::string_view title);

/// \p parts as XML in trafilatura's form (TEI's element names): a <doc> whose attributes are
/// \p metadata's non-empty fields (title falling back to \p title; categories and tags
/// joined with ';'), holding <main> with <head rend="hN">, <p>, <list rend="ul|ol"><item>,
/// <table><row><cell role="head"?>, <code>, <quote>, <ref target>, <graphic>, <lb/>,
/// <hi rend="#b">, <hi rend="#i">, <del>. Well
/// formed whatever the page held: text and attributes escaped, characters XML 1.0 cannot
/// hold left out.
[[nodiscard]] std::string xml_of(const std::vector<ContentPart>& parts, const PageMetadata& metadata,
                                 std::string_view title);

}  // namespace boilerdex::plugin

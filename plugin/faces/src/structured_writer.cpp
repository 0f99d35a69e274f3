// markdown_of, clean_html_of and xml_of (structured_content.hpp).
#include <algorithm>
#include <sstream>
#include <string>

#include "boilerdex/plugin/structured_content.hpp"
#include "html_escape_internal.hpp"
#include "markdown_emphasis_internal.hpp"
#include "markdown_text_internal.hpp"

namespace boilerdex::plugin {
namespace {

using Kind = ContentPart::Kind;

// ---- Markdown ------------------------------------------------------------------------

// A link or image destination CommonMark reads whole: <...> when it holds spaces or
// parentheses, never a line break or angle bracket.
std::string destination(std::string_view url) {
  std::string out;
  for (const char c : url) {
    if (c != '\n' && c != '\r' && c != '<' && c != '>') out += c;
  }
  if (out.find_first_of(" ()") != std::string::npos) out = '<' + out + '>';
  return out;
}

// The longest run of \p c in \p text.
std::size_t longest_run(std::string_view text, char c) {
  std::size_t best = 0, run = 0;
  for (const char x : text) {
    run = x == c ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

// The first character written for \p piece ('\0' for none): what decides some escapes of
// the text before it.
char first_character(const InlinePiece& piece) {
  switch (piece.kind) {
    case InlinePiece::Kind::Text:
      return piece.text.empty() ? '\0' : piece.text.front();
    case InlinePiece::Kind::Link:
      return '[';
    case InlinePiece::Kind::Code:
      return '`';
    case InlinePiece::Kind::Image:
      return '!';
    case InlinePiece::Kind::Break:
      return '\n';
  }
  return '\0';
}

// \p pieces with a list marker that starts a line in styled words ("<b>1. Install</b>") taken
// out of the style: the line stays a list item, as the marker the page wrote at a line's start
// does unstyled (markdown_text_internal.hpp), with its words styled ("1. **Install**").
std::vector<InlinePiece> markers_unstyled(const std::vector<InlinePiece>& pieces, bool block_markers) {
  std::vector<InlinePiece> out;
  bool line_start = block_markers;
  for (const InlinePiece& p : pieces) {
    const std::size_t marker = line_start && p.kind == InlinePiece::Kind::Text && p.style != 0
                                   ? detail::list_marker_length(p.text + ' ') : 0;
    if (marker > 0 && marker >= p.text.size()) {  // the styled words are the marker alone ("<b>1)</b> Step")
      out.push_back(p);
      out.back().style = 0;
    } else if (marker > 0) {
      out.push_back({InlinePiece::Kind::Text, p.text.substr(0, marker), {}});
      out.push_back(p);
      out.back().text.erase(0, marker);
    } else {
      out.push_back(p);
    }
    if (p.kind == InlinePiece::Kind::Break) line_start = block_markers;
    else if (!(p.kind == InlinePiece::Kind::Text && p.text.find_first_not_of(' ') == std::string::npos)) line_start = false;
  }
  return out;
}

// \p pieces without bold where all their words are bold: a heading set in bold as a whole is
// a heading (a reader shows it in bold), not bold words.
std::vector<InlinePiece> without_common_bold(const std::vector<InlinePiece>& pieces) {
  std::uint8_t common = InlinePiece::Strong;
  for (const InlinePiece& p : pieces) {
    const bool words = (p.kind == InlinePiece::Kind::Text && p.text.find_first_not_of(' ') != std::string::npos) ||
                       p.kind == InlinePiece::Kind::Link || p.kind == InlinePiece::Kind::Code;
    if (words) common &= p.style;
  }
  std::vector<InlinePiece> out = pieces;
  for (InlinePiece& p : out) p.style &= static_cast<std::uint8_t>(~common);
  return out;
}

// \p pieces as one Markdown line, the text escaped (detail::MarkdownText); \p line_break is
// what a <br> becomes (in a heading or a table cell: a space); \p block_markers: whether a
// line's start could open a block (paragraphs, list items); \p in_cell escapes '|'.
std::string markdown_inline(const std::vector<InlinePiece>& line, std::string_view line_break, bool block_markers,
                            bool in_cell) {
  // Most lines have no styled words: they are written as they are, not copied.
  const bool styled = std::any_of(line.begin(), line.end(), [](const InlinePiece& p) { return p.style != 0; });
  const std::vector<InlinePiece> unstyled = styled ? markers_unstyled(line, block_markers) : std::vector<InlinePiece>{};
  const std::vector<InlinePiece>& pieces = styled ? unstyled : line;
  std::string out;
  detail::MarkdownText writer(out, line_break, block_markers, in_cell);
  // A code span: its text as it is (CommonMark reads no escape inside one), but a line
  // break as the line's, and '|' in a table cell as "\|", which GFM reads as '|' there too.
  const auto code_span = [&](std::string_view t) {
    const std::string fence(longest_run(t, '`') + 1, '`');
    const bool pad = !t.empty() && (t.front() == '`' || t.back() == '`');
    std::string span = fence + (pad ? " " : "");
    for (const char c : t) {
      if (c == '\n') span += line_break;
      else span += in_cell && c == '|' ? std::string_view("\\|") : std::string_view(&c, 1);
    }
    writer.markup(span + (pad ? " " : "") + fence);
  };
  // Styles change between pieces: the closing delimiters go before the space between them,
  // the opening ones after it, so that each hugs its words (markdown_emphasis_internal.hpp).
  const std::vector<std::uint8_t> styles =
      detail::markdown_styles(pieces, line_break.find('\n') != std::string_view::npos);
  detail::StyleStack stack;
  bool space = false;  // a space between pieces not yet written
  const auto move_to = [&](std::uint8_t style, char first) {
    const detail::StyleStack::Change c = stack.to(style);
    if (!c.closed.empty()) writer.markup(detail::delimiters(c.closed));
    const std::string openers = detail::delimiters(c.opened);
    if (space) writer.text(" ", openers.empty() ? first : openers.front());
    space = false;
    if (!openers.empty()) writer.markup(openers);
  };
  // The character written after piece \p i's words, when no space follows them.
  const auto written_after = [&](std::size_t i) {
    std::size_t j = i + 1;
    while (j < pieces.size() && pieces[j].kind == InlinePiece::Kind::Text &&
           pieces[j].text.find_first_not_of(' ') == std::string::npos)
      ++j;
    if (j > i + 1) return j < pieces.size() ? ' ' : '\0';
    if (j == pieces.size()) return styles[i] != 0 ? '*' : '\0';
    return styles[j] != styles[i] ? '*' : first_character(pieces[j]);
  };
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const InlinePiece& p = pieces[i];
    switch (p.kind) {
      case InlinePiece::Kind::Text: {
        const std::size_t b = p.text.find_first_not_of(' ');
        if (b == std::string::npos) {
          space = space || !p.text.empty();
          break;
        }
        const std::size_t e = p.text.find_last_not_of(' ') + 1;
        space = space || b > 0;
        move_to(styles[i], p.text[b]);
        writer.text(std::string_view(p.text).substr(b, e - b), e < p.text.size() ? ' ' : written_after(i));
        space = e < p.text.size();
        break;
      }
      case InlinePiece::Kind::Link:
        move_to(styles[i], '[');
        writer.markup("[");
        if (p.code) code_span(p.text);
        else writer.text(p.text, ']', true);
        writer.markup("](" + destination(p.url) + ')');
        break;
      case InlinePiece::Kind::Code:
        move_to(styles[i], '`');
        code_span(p.text);
        break;
      case InlinePiece::Kind::Image:
        move_to(styles[i], '!');
        writer.markup("![");
        writer.text(p.text, ']', true);
        writer.markup("](" + destination(p.url) + ')');
        break;
      case InlinePiece::Kind::Break:
        move_to(0, '\n');
        writer.line_break();
        break;
    }
  }
  move_to(0, '\0');
  return out;
}

// Prefixes every line of \p block with \p prefix.
std::string prefixed(const std::string& block, const std::string& prefix) {
  if (prefix.empty()) return block;
  std::string out = prefix;
  for (const char c : block) {
    out += c;
    if (c == '\n') out += prefix;
  }
  return out;
}

std::string quote_prefix(int depth) {
  std::string p;
  for (int i = 0; i < depth; ++i) p += "> ";
  return p;
}

// A list item's marker; \p other: the other delimiter ("*", "N)"), which starts a new list
// where the one before would go on.
std::string list_marker(const ContentPart& p, bool other) {
  if (p.ordered) return std::to_string(p.number) + (other ? ") " : ". ");
  return other ? "* " : "- ";
}

// ---- HTML and XML ----------------------------------------------------------------------

// Text for element content and quoted attributes: & < > " ' as references, and (for XML)
// without the characters XML 1.0 cannot hold (C0 controls but tab and line breaks,
// U+FFFE, U+FFFF).
std::string escaped(std::string_view text, bool xml = false) {
  std::string clean;
  if (xml) {
    clean.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') continue;
      if (c == 0xEF && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xBF &&
          (static_cast<unsigned char>(text[i + 2]) == 0xBE || static_cast<unsigned char>(text[i + 2]) == 0xBF)) {
        i += 2;
        continue;
      }
      clean += text[i];
    }
    text = clean;
  }
  std::ostringstream out;
  detail::write_html_escaped(out, text);
  return out.str();
}

// The element names of one markup language for the parts of structured content.
struct Dialect {
  bool xml;
  std::string (*heading)(int level, bool open);
  const char* paragraph;
  const char* quote;
  std::string (*list)(bool ordered, int start, bool open);
  const char* item;
  const char* table;
  const char* row;
  std::string (*cell)(bool header, bool open);
  std::string (*code_block)(const std::string& language, bool open);
  std::string (*link)(const std::string& url, bool open);
  std::string (*image)(const std::string& src, const std::string& alt);
  const char* inline_code;
  const char* line_break;
  std::string (*style)(std::uint8_t style, bool open);  ///< an InlinePiece::Style bit's tag
};

std::string open_tag(const char* name) { return std::string("<") + name + '>'; }
std::string close_tag(const char* name) { return std::string("</") + name + '>'; }

const Dialect k_html{
    false,
    [](int level, bool open) {
      const std::string h = "h" + std::to_string(std::clamp(level, 1, 6));
      return open ? '<' + h + '>' : "</" + h + '>';
    },
    "p", "blockquote",
    [](bool ordered, int start, bool open) -> std::string {
      if (!open) return ordered ? "</ol>" : "</ul>";
      if (ordered && start != 1) return "<ol start=\"" + std::to_string(start) + "\">";
      return ordered ? "<ol>" : "<ul>";
    },
    "li", "table", "tr",
    [](bool header, bool open) -> std::string { return std::string(open ? "<" : "</") + (header ? "th>" : "td>"); },
    [](const std::string& language, bool open) -> std::string {
      if (!open) return "</code></pre>";
      return language.empty() ? "<pre><code>" : "<pre><code class=\"language-" + escaped(language) + "\">";
    },
    [](const std::string& url, bool open) -> std::string { return open ? "<a href=\"" + escaped(url) + "\">" : "</a>"; },
    [](const std::string& src, const std::string& alt) { return "<img src=\"" + escaped(src) + "\" alt=\"" + escaped(alt) + "\">"; },
    "code", "<br>",
    [](std::uint8_t style, bool open) -> std::string {
      const char* name = style == InlinePiece::Strong ? "strong" : style == InlinePiece::Emphasis ? "em" : "del";
      return open ? open_tag(name) : close_tag(name);
    }};

// trafilatura's XML (TEI's element names): head, p, list/item, table/row/cell, code, quote,
// ref, graphic, lb.
const Dialect k_xml{
    true,
    [](int level, bool open) -> std::string {
      return open ? "<head rend=\"h" + std::to_string(std::clamp(level, 1, 6)) + "\">" : "</head>";
    },
    "p", "quote",
    [](bool ordered, int start, bool open) -> std::string {
      if (!open) return "</list>";
      if (ordered && start != 1) return "<list rend=\"ol\" start=\"" + std::to_string(start) + "\">";
      return ordered ? "<list rend=\"ol\">" : "<list rend=\"ul\">";
    },
    "item", "table", "row",
    [](bool header, bool open) -> std::string { return open ? (header ? "<cell role=\"head\">" : "<cell>") : "</cell>"; },
    [](const std::string& language, bool open) -> std::string {
      if (!open) return "</code>";
      return language.empty() ? "<code>" : "<code lang=\"" + escaped(language, true) + "\">";
    },
    [](const std::string& url, bool open) -> std::string {
      return open ? "<ref target=\"" + escaped(url, true) + "\">" : "</ref>";
    },
    [](const std::string& src, const std::string& alt) {
      return "<graphic src=\"" + escaped(src, true) + "\" alt=\"" + escaped(alt, true) + "\"/>";
    },
    "code", "<lb/>",
    [](std::uint8_t style, bool open) -> std::string {
      if (!open) return style == InlinePiece::Struck ? "</del>" : "</hi>";
      return style == InlinePiece::Strong ? "<hi rend=\"#b\">" : style == InlinePiece::Emphasis ? "<hi rend=\"#i\">" : "<del>";
    }};

// \p text with each '\n' (a <br> inside a link) as the dialect's line break.
std::string with_breaks(const std::string& text, const Dialect& d) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') out += d.line_break;
    else out += c;
  }
  return out;
}

std::string tree_inline(const std::vector<InlinePiece>& pieces, const Dialect& d) {
  std::string out;
  // Style elements nest: one that ends closes those opened inside it, which open again.
  detail::StyleStack styles;
  // Spaces, images and line breaks go on in the style around them; a space between words of
  // two styles goes between their elements.
  bool space = false;
  for (const InlinePiece& p : pieces) {
    const bool text = p.kind == InlinePiece::Kind::Text;
    const std::size_t b = text ? p.text.find_first_not_of(' ') : 0;
    if (text && b == std::string::npos) {
      space = space || !p.text.empty();
      continue;
    }
    const bool styled = p.kind != InlinePiece::Kind::Image && p.kind != InlinePiece::Kind::Break;
    const detail::StyleStack::Change change = styled ? styles.to(p.style) : detail::StyleStack::Change{};
    for (const char c : change.closed) out += d.style(static_cast<std::uint8_t>(c), false);
    if (space || b > 0) out += ' ';
    space = false;
    for (const char c : change.opened) out += d.style(static_cast<std::uint8_t>(c), true);
    switch (p.kind) {
      case InlinePiece::Kind::Text: {
        const std::size_t e = p.text.find_last_not_of(' ') + 1;
        out += escaped(std::string_view(p.text).substr(b, e - b), d.xml);
        space = e < p.text.size();
        break;
      }
      case InlinePiece::Kind::Link:
        out += d.link(p.url, true);
        if (p.code) out += open_tag(d.inline_code);
        out += with_breaks(escaped(p.text, d.xml), d);
        if (p.code) out += close_tag(d.inline_code);
        out += d.link(p.url, false);
        break;
      case InlinePiece::Kind::Code:
        out += open_tag(d.inline_code) + escaped(p.text, d.xml) + close_tag(d.inline_code);
        break;
      case InlinePiece::Kind::Image:
        out += d.image(p.url, p.text);
        break;
      case InlinePiece::Kind::Break:
        out += d.line_break;
        break;
    }
  }
  for (const char c : styles.to(0).closed) out += d.style(static_cast<std::uint8_t>(c), false);
  if (space) out += ' ';
  return out;
}

// Writes parts as nested elements of \p dialect, opening and closing quotes, lists and
// tables as they change.
class TreeWriter {
 public:
  explicit TreeWriter(const Dialect& dialect) : d(dialect) {}

  void part(const ContentPart& p) {
    if (p.kind != Kind::ListItem) close_lists(0);
    if (p.kind != Kind::TableRow || p.table != m_table) close_table();
    // Quotes inside a list item are inside its element; those around the list, outside.
    set_quotes(p.kind == Kind::ListItem ? std::clamp(p.list_quotes, 0, p.quote_depth) : p.quote_depth);
    switch (p.kind) {
      case Kind::Heading:
        m_out += d.heading(p.level, true) + tree_inline(p.pieces, d) + d.heading(p.level, false) + '\n';
        break;
      case Kind::Paragraph:
        m_out += open_tag(d.paragraph) + tree_inline(p.pieces, d) + close_tag(d.paragraph) + '\n';
        break;
      case Kind::Code:
        m_out += d.code_block(p.language, true) + escaped(p.code, d.xml) + d.code_block(p.language, false) + '\n';
        break;
      case Kind::ListItem:
        list_item(p);
        break;
      case Kind::TableRow:
        row(p);
        break;
    }
  }

  std::string finish() {
    close_lists(0);
    close_table();
    set_quotes(0);
    return std::move(m_out);
  }

 private:
  void set_quotes(int depth) {
    if (depth == m_quotes) return;
    close_lists(0);
    close_table();
    for (; m_quotes < depth; ++m_quotes) m_out += open_tag(d.quote) + '\n';
    for (; m_quotes > depth; --m_quotes) m_out += close_tag(d.quote) + '\n';
  }

  void close_lists(std::size_t keep) {
    while (m_lists.size() > keep) {
      if (m_lists.back().item_open) m_out += close_tag(d.item) + '\n';
      m_out += d.list(m_lists.back().ordered, 1, false) + '\n';
      m_lists.pop_back();
    }
  }

  void list_item(const ContentPart& p) {
    const auto level = static_cast<std::size_t>(std::max(p.level, 1));
    if (p.list != m_list) close_lists(0);  // another list of the page
    m_list = p.list;
    std::string content = tree_inline(p.pieces, d);
    const int inner_quotes = p.quote_depth - std::clamp(p.list_quotes, 0, p.quote_depth);
    if (inner_quotes > 0) {
      content = open_tag(d.paragraph) + content + close_tag(d.paragraph);
      for (int q = 0; q < inner_quotes; ++q) content = open_tag(d.quote) + content + close_tag(d.quote);
    }
    // A later paragraph of an item still open (its inner lists, if any, end here).
    if (p.continued && m_lists.size() >= level && m_lists[level - 1].item_open) {
      close_lists(level);
      m_out += inner_quotes > 0 ? content : open_tag(d.paragraph) + content + close_tag(d.paragraph);
      return;
    }
    close_lists(level);
    if (m_lists.size() == level && m_lists.back().ordered != p.ordered) close_lists(level - 1);
    while (m_lists.size() < level) {
      const bool ordered = m_lists.size() + 1 == level && p.ordered;
      m_out += d.list(ordered, ordered ? p.number : 1, true);
      m_lists.push_back({ordered, false});
    }
    if (m_lists.back().item_open) m_out += close_tag(d.item) + '\n';
    m_out += open_tag(d.item) + content;
    m_lists.back().item_open = true;
  }

  void close_table() {
    if (m_table == 0) return;
    m_out += close_tag(d.table) + '\n';
    m_table = 0;
  }

  void row(const ContentPart& p) {
    if (m_table != p.table) {
      close_table();
      m_out += open_tag(d.table) + '\n';
      m_table = p.table;
    }
    m_out += open_tag(d.row);
    for (const auto& c : p.cells) m_out += d.cell(p.header, true) + tree_inline(c, d) + d.cell(p.header, false);
    m_out += close_tag(d.row) + '\n';
  }

  struct List {
    bool ordered;
    bool item_open;
  };
  const Dialect& d;
  std::string m_out;
  std::vector<List> m_lists;
  int m_table = 0;
  int m_quotes = 0;
  int m_list = 0;
};

}  // namespace

std::string markdown_of(const std::vector<ContentPart>& parts) {
  std::string out;
  const ContentPart* previous = nullptr;
  bool previous_tight_item = false;  // the previous part was written as a list item with its marker
  int previous_outer_quotes = 0;     // the quotes written around the previous part
  bool other_delimiter = false;      // the list being written uses "*" and "N)"
  bool list_ordered = false;         // its first level is ordered
  std::size_t columns = 0;  // of the table being written
  // The list being written: each open level's content column ("- " at 4 spaces: 6), and how
  // far the parts' levels are above the levels written. A part that is not a list item ends
  // the Markdown list; items of the same page list after it start a new one at the left.
  std::vector<std::size_t> content_columns;
  int shift = 0;
  for (std::size_t at = 0; at < parts.size(); ++at) {
    const ContentPart& p = parts[at];
    std::string block;
    bool item = false;  // written as a list item's marker line
    int outer_quotes = p.quote_depth;
    if (p.kind != Kind::ListItem || previous == nullptr || previous->kind != Kind::ListItem || previous->list != p.list)
      content_columns.clear();
    switch (p.kind) {
      case Kind::Heading:
        block = std::string(static_cast<std::size_t>(std::clamp(p.level, 1, 6)), '#') + ' ' +
                markdown_inline(without_common_bold(p.pieces), " ", false, false);
        break;
      case Kind::Paragraph:
        block = markdown_inline(p.pieces, "\n", true, false);
        break;
      case Kind::ListItem: {
        // Quotes inside the item go after its indent ("    > text"), those around the list before.
        outer_quotes = std::clamp(p.list_quotes, 0, p.quote_depth);
        const std::string inner_quotes = quote_prefix(p.quote_depth - outer_quotes);
        if (content_columns.empty()) shift = std::max(p.level, 1) - 1;
        const auto live = static_cast<int>(content_columns.size());
        if (p.continued) {
          // A later paragraph of an item written above it, at that item's content column; with
          // none (its list ended), a paragraph of its own.
          const int level = std::min(p.level - shift, live);
          const std::string hang(level >= 1 ? content_columns[static_cast<std::size_t>(level - 1)] : 0, ' ');
          content_columns.resize(static_cast<std::size_t>(std::max(level, 0)));
          block = hang + inner_quotes + markdown_inline(p.pieces, "\n" + hang + inner_quotes, true, false);
          break;
        }
        // At most one level below the items written: a level whose items had no words of
        // their own is not written (four spaces under nothing would make a code block).
        if (p.level - shift < 1) shift = p.level - 1;
        const int level = std::clamp(p.level - shift, 1, live + 1);
        // A page list right after another: CommonMark would read the two as one (a blank line
        // between items does not end a list), unless the delimiter changes.
        if (content_columns.empty()) {
          const bool follows_list = previous != nullptr && previous->kind == Kind::ListItem &&
                                    previous->list != p.list && previous_outer_quotes == outer_quotes &&
                                    list_ordered == p.ordered;
          other_delimiter = follows_list && !other_delimiter;
          list_ordered = p.ordered;
        }
        const std::string marker = list_marker(p, other_delimiter);
        // Four spaces a level, or the enclosing item's content column where its marker is
        // wider ("100. "): CommonMark nests an item only at or past that column.
        std::size_t width = 4 * static_cast<std::size_t>(level - 1);
        if (level >= 2) width = std::max(width, content_columns[static_cast<std::size_t>(level - 2)]);
        content_columns.resize(static_cast<std::size_t>(level));
        content_columns.back() = width + marker.size();
        const std::string indent(width, ' ');
        const std::string hang = indent + std::string(marker.size(), ' ');
        block = indent + marker + inner_quotes + markdown_inline(p.pieces, "\n" + hang + inner_quotes, true, false);
        item = true;
        break;
      }
      case Kind::Code: {
        const std::string fence(std::max<std::size_t>(3, longest_run(p.code, '`') + 1), '`');
        block = fence + p.language + '\n' + p.code + '\n' + fence;
        break;
      }
      case Kind::TableRow: {
        const bool first = previous == nullptr || previous->kind != Kind::TableRow || previous->table != p.table;
        // As many columns as the table's widest row: GFM drops a row's cells beyond the
        // header's (a first row that is the table's caption would leave one column).
        if (first) {
          columns = 1;
          for (std::size_t r = at; r < parts.size() && parts[r].kind == Kind::TableRow && parts[r].table == p.table; ++r)
            columns = std::max(columns, parts[r].cells.size());
        }
        block = "|";
        for (std::size_t c = 0; c < columns; ++c)
          block += ' ' + (c < p.cells.size() ? markdown_inline(p.cells[c], " ", false, true) : std::string()) + " |";
        if (first) {
          block += "\n|";
          for (std::size_t c = 0; c < columns; ++c) block += " --- |";
        }
        break;
      }
    }
    block = prefixed(block, quote_prefix(outer_quotes));
    if (previous != nullptr) {
      // Items of one list follow one another on the next line; after a later paragraph of an
      // item, a blank line (an item not numbered 1 cannot interrupt a paragraph).
      const bool tight = (item && previous_tight_item && previous->list == p.list) ||
                         (p.kind == Kind::TableRow && previous->kind == Kind::TableRow && previous->table == p.table);
      // The blank line between two parts inside the same quote is a line of the quote (">"),
      // so that they are one quote of two paragraphs, as the clean HTML has them.
      std::string blank = quote_prefix(std::min(previous_outer_quotes, outer_quotes));
      while (!blank.empty() && blank.back() == ' ') blank.pop_back();
      out += tight ? "\n" : "\n" + blank + "\n";
    }
    out += block;
    previous = &p;
    previous_tight_item = item;
    previous_outer_quotes = outer_quotes;
  }
  if (!out.empty()) out += '\n';
  return out;
}

std::string clean_html_of(const std::vector<ContentPart>& parts, std::string_view title) {
  TreeWriter body(k_html);
  for (const ContentPart& p : parts) body.part(p);
  return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>" + escaped(title) +
         "</title>\n</head>\n<body>\n<article>\n" + body.finish() + "</article>\n</body>\n</html>\n";
}

std::string xml_of(const std::vector<ContentPart>& parts, const PageMetadata& metadata, std::string_view title) {
  std::string doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<doc";
  const auto attribute = [&doc](std::string_view name, std::string_view value) {
    if (!value.empty()) doc += ' ' + std::string(name) + "=\"" + escaped(value, true) + '"';
  };
  const auto joined = [](const std::vector<std::string>& values) {
    std::string out;
    for (const std::string& v : values) out += (out.empty() ? "" : ";") + v;
    return out;
  };
  attribute("title", metadata.title.empty() ? title : std::string_view(metadata.title));
  attribute("author", metadata.author);
  attribute("date", metadata.date);
  attribute("sitename", metadata.sitename);
  attribute("url", metadata.url);
  attribute("description", metadata.description);
  attribute("language", metadata.language);
  attribute("image", metadata.image);
  attribute("categories", joined(metadata.categories));
  attribute("tags", joined(metadata.tags));
  attribute("page_type", metadata.page_type);
  TreeWriter body(k_xml);
  for (const ContentPart& p : parts) body.part(p);
  return doc + ">\n<main>\n" + body.finish() + "</main>\n</doc>\n";
}

}  // namespace boilerdex::plugin

// markdown_of, clean_html_of and xml_of (structured_content.hpp).
#include <algorithm>
#include <sstream>
#include <string>

#include "boilerdex/plugin/structured_content.hpp"
#include "html_escape_internal.hpp"
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

// \p pieces as one Markdown line, the text escaped (detail::MarkdownText); \p line_break is
// what a <br> becomes (in a heading or a table cell: a space); \p block_markers: whether a
// line's start could open a block (paragraphs, list items); \p in_cell escapes '|'.
std::string markdown_inline(const std::vector<InlinePiece>& pieces, std::string_view line_break, bool block_markers,
                            bool in_cell) {
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
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const InlinePiece& p = pieces[i];
    const char next = i + 1 < pieces.size() ? first_character(pieces[i + 1]) : '\0';
    switch (p.kind) {
      case InlinePiece::Kind::Text:
        writer.text(p.text, next);
        break;
      case InlinePiece::Kind::Link:
        writer.markup("[");
        if (p.code) code_span(p.text);
        else writer.text(p.text, ']', true);
        writer.markup("](" + destination(p.url) + ')');
        break;
      case InlinePiece::Kind::Code:
        code_span(p.text);
        break;
      case InlinePiece::Kind::Image:
        writer.markup("![");
        writer.text(p.text, ']', true);
        writer.markup("](" + destination(p.url) + ')');
        break;
      case InlinePiece::Kind::Break:
        writer.line_break();
        break;
    }
  }
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

std::string list_marker(const ContentPart& p) {
  return p.ordered ? std::to_string(p.number) + ". " : "- ";
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
    "code", "<br>"};

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
    "code", "<lb/>"};

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
  for (const InlinePiece& p : pieces) {
    switch (p.kind) {
      case InlinePiece::Kind::Text:
        out += escaped(p.text, d.xml);
        break;
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
    set_quotes(p.quote_depth);
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
    if (p.continued && m_lists.size() == level && m_lists.back().item_open) {
      m_out += open_tag(d.paragraph) + tree_inline(p.pieces, d) + close_tag(d.paragraph);
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
    m_out += open_tag(d.item) + tree_inline(p.pieces, d);
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
  std::size_t columns = 0;  // of the table being written
  std::vector<std::size_t> content_columns;  // of the list items being written, by level
  for (std::size_t at = 0; at < parts.size(); ++at) {
    const ContentPart& p = parts[at];
    std::string block;
    std::string indent;  // continuation lines of a list item
    std::string marker;  // a list item's
    if (p.kind != Kind::ListItem) content_columns.clear();
    if (p.kind == Kind::ListItem) {
      marker = list_marker(p);
      // Four spaces a level, or the enclosing item's content column where its marker is
      // wider ("100. "): CommonMark nests an item only at or past that column.
      const auto level = static_cast<std::size_t>(std::max(p.level, 1));
      std::size_t width = 4 * (level - 1);
      if (level >= 2 && content_columns.size() >= level - 1) width = std::max(width, content_columns[level - 2]);
      indent.assign(width, ' ');
      content_columns.resize(level);
      content_columns[level - 1] = width + marker.size();
    }
    switch (p.kind) {
      case Kind::Heading:
        block = std::string(static_cast<std::size_t>(std::clamp(p.level, 1, 6)), '#') + ' ' +
                markdown_inline(p.pieces, " ", false, false);
        break;
      case Kind::Paragraph:
        block = markdown_inline(p.pieces, "\n", true, false);
        break;
      case Kind::ListItem: {
        const std::string hang = indent + std::string(marker.size(), ' ');
        block = (p.continued ? hang : indent + marker) + markdown_inline(p.pieces, "\n" + hang, true, false);
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
    block = prefixed(block, quote_prefix(p.quote_depth));
    if (previous != nullptr) {
      const bool tight = (p.kind == Kind::ListItem && previous->kind == Kind::ListItem && !p.continued &&
                          previous->list == p.list) ||
                         (p.kind == Kind::TableRow && previous->kind == Kind::TableRow && previous->table == p.table);
      out += tight ? "\n" : "\n\n";
    }
    out += block;
    previous = &p;
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

// markdown_of and clean_html_of (structured_content.hpp).
#include <algorithm>
#include <sstream>
#include <string>

#include "boilerdex/plugin/structured_content.hpp"
#include "html_escape_internal.hpp"

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

// \p pieces as one Markdown line; \p line_break is what a <br> becomes (in a table cell: a
// space); \p in_cell escapes '|'.
std::string markdown_inline(const std::vector<InlinePiece>& pieces, std::string_view line_break, bool in_cell) {
  std::string out;
  const auto text = [&](std::string_view t) {
    for (const char c : t) {
      if (in_cell && c == '|') out += '\\';
      out += c;
    }
  };
  for (const InlinePiece& p : pieces) {
    switch (p.kind) {
      case InlinePiece::Kind::Text:
        text(p.text);
        break;
      case InlinePiece::Kind::Link:
        out += '[';
        text(p.text);
        out += "](" + destination(p.url) + ')';
        break;
      case InlinePiece::Kind::Code: {
        const std::string fence(longest_run(p.text, '`') + 1, '`');
        const bool pad = !p.text.empty() && (p.text.front() == '`' || p.text.back() == '`');
        out += fence + (pad ? " " : "");
        text(p.text);
        out += (pad ? " " : "") + fence;
        break;
      }
      case InlinePiece::Kind::Image:
        out += "![";
        text(p.text);
        out += "](" + destination(p.url) + ')';
        break;
      case InlinePiece::Kind::Break:
        out += line_break;
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

// ---- HTML ----------------------------------------------------------------------------

std::string escaped(std::string_view text) {
  std::ostringstream out;
  detail::write_html_escaped(out, text);
  return out.str();
}

std::string html_inline(const std::vector<InlinePiece>& pieces) {
  std::string out;
  for (const InlinePiece& p : pieces) {
    switch (p.kind) {
      case InlinePiece::Kind::Text:
        out += escaped(p.text);
        break;
      case InlinePiece::Kind::Link:
        out += "<a href=\"" + escaped(p.url) + "\">" + escaped(p.text) + "</a>";
        break;
      case InlinePiece::Kind::Code:
        out += "<code>" + escaped(p.text) + "</code>";
        break;
      case InlinePiece::Kind::Image:
        out += "<img src=\"" + escaped(p.url) + "\" alt=\"" + escaped(p.text) + "\">";
        break;
      case InlinePiece::Kind::Break:
        out += "<br>";
        break;
    }
  }
  return out;
}

// Writes parts as nested HTML, opening and closing quotes, lists and tables as they change.
class HtmlBuilder {
 public:
  void part(const ContentPart& p) {
    if (p.kind != Kind::ListItem) close_lists(0);
    if (p.kind != Kind::TableRow || p.table != m_table) close_table();
    set_quotes(p.quote_depth);
    switch (p.kind) {
      case Kind::Heading: {
        const std::string h = "h" + std::to_string(std::clamp(p.level, 1, 6));
        m_out += '<' + h + '>' + html_inline(p.pieces) + "</" + h + ">\n";
        break;
      }
      case Kind::Paragraph:
        m_out += "<p>" + html_inline(p.pieces) + "</p>\n";
        break;
      case Kind::Code:
        m_out += "<pre><code";
        if (!p.language.empty()) m_out += " class=\"language-" + escaped(p.language) + '"';
        m_out += '>' + escaped(p.code) + "</code></pre>\n";
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
    for (; m_quotes < depth; ++m_quotes) m_out += "<blockquote>\n";
    for (; m_quotes > depth; --m_quotes) m_out += "</blockquote>\n";
  }

  void close_lists(std::size_t keep) {
    while (m_lists.size() > keep) {
      if (m_lists.back().item_open) m_out += "</li>\n";
      m_out += m_lists.back().ordered ? "</ol>\n" : "</ul>\n";
      m_lists.pop_back();
    }
  }

  void list_item(const ContentPart& p) {
    const auto level = static_cast<std::size_t>(std::max(p.level, 1));
    if (p.list != m_list) close_lists(0);  // another list of the page
    m_list = p.list;
    if (p.continued && m_lists.size() == level && m_lists.back().item_open) {
      m_out += "<p>" + html_inline(p.pieces) + "</p>";
      return;
    }
    close_lists(level);
    if (m_lists.size() == level && m_lists.back().ordered != p.ordered) close_lists(level - 1);
    while (m_lists.size() < level) {
      const bool ordered = m_lists.size() + 1 == level && p.ordered;
      if (ordered && p.number != 1)
        m_out += "<ol start=\"" + std::to_string(p.number) + "\">";
      else
        m_out += ordered ? "<ol>" : "<ul>";
      m_lists.push_back({ordered, false});
    }
    if (m_lists.back().item_open) m_out += "</li>\n";
    m_out += "<li>" + html_inline(p.pieces);
    m_lists.back().item_open = true;
  }

  void close_table() {
    if (m_table == 0) return;
    m_out += "</table>\n";
    m_table = 0;
  }

  void row(const ContentPart& p) {
    if (m_table != p.table) {
      close_table();
      m_out += "<table>\n";
      m_table = p.table;
    }
    const char* cell = p.header ? "th" : "td";
    m_out += "<tr>";
    for (const auto& c : p.cells) m_out += std::string("<") + cell + '>' + html_inline(c) + "</" + cell + '>';
    m_out += "</tr>\n";
  }

  struct List {
    bool ordered;
    bool item_open;
  };
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
  for (const ContentPart& p : parts) {
    std::string block;
    std::string indent;  // continuation lines of a list item
    if (p.kind == Kind::ListItem) indent.assign(4 * static_cast<std::size_t>(std::max(p.level, 1) - 1), ' ');
    switch (p.kind) {
      case Kind::Heading:
        block = std::string(static_cast<std::size_t>(std::clamp(p.level, 1, 6)), '#') + ' ' +
                markdown_inline(p.pieces, " ", false);
        break;
      case Kind::Paragraph:
        block = markdown_inline(p.pieces, "\n", false);
        break;
      case Kind::ListItem: {
        const std::string marker = list_marker(p);
        const std::string hang = indent + std::string(marker.size(), ' ');
        block = (p.continued ? hang : indent + marker) + markdown_inline(p.pieces, "\n" + hang, false);
        break;
      }
      case Kind::Code: {
        const std::string fence(std::max<std::size_t>(3, longest_run(p.code, '`') + 1), '`');
        block = fence + p.language + '\n' + p.code + '\n' + fence;
        break;
      }
      case Kind::TableRow: {
        const bool first = previous == nullptr || previous->kind != Kind::TableRow || previous->table != p.table;
        if (first) columns = std::max<std::size_t>(p.cells.size(), 1);
        block = "|";
        for (std::size_t c = 0; c < std::max(columns, p.cells.size()); ++c)
          block += ' ' + (c < p.cells.size() ? markdown_inline(p.cells[c], " ", true) : std::string()) + " |";
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
  HtmlBuilder body;
  for (const ContentPart& p : parts) body.part(p);
  return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>" + escaped(title) +
         "</title>\n</head>\n<body>\n<article>\n" + body.finish() + "</article>\n</body>\n</html>\n";
}

}  // namespace boilerdex::plugin

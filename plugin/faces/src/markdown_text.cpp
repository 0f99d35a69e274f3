// MarkdownText (markdown_text_internal.hpp): CommonMark's escapes, where they are needed.
#include <cstddef>
#include <string>

#include "markdown_text_internal.hpp"
#include "markup_lexer_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; }

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

bool is_ascii_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A letter or digit for the flanking rules; bytes of a non-ASCII character count as letters.
bool is_word(char c) noexcept { return is_ascii_alnum(c) || static_cast<unsigned char>(c) >= 0x80; }

bool is_ascii_punctuation(char c) noexcept {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

// Does \p text start with a character reference CommonMark would read ("&amp;", "&#38;",
// "&#x26;")? Names are not checked against HTML's list: an unknown name only costs a
// backslash.
bool starts_reference(std::string_view text) noexcept {
  if (text.size() < 3 || text[0] != '&') return false;
  std::size_t i = 1;
  std::size_t most = 32;
  bool (*ok)(char) = is_ascii_alnum;
  if (text[1] == '#') {
    ++i;
    most = 7;
    ok = is_digit;
    if (i < text.size() && (text[i] == 'x' || text[i] == 'X')) {
      ++i;
      most = 6;
      ok = [](char c) noexcept {
        return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      };
    }
  }
  const std::size_t start = i;
  while (i < text.size() && i - start < most && ok(text[i])) ++i;
  return i > start && i < text.size() && text[i] == ';';
}

// Would a run of \p c between \p before and \p after be read as an emphasis or
// strike-through delimiter? Not between two spaces, and '_' not inside a word.
bool may_delimit(char c, char before, char after) noexcept {
  if (is_space(before) && is_space(after)) return false;
  if (c == '_' && is_word(before) && is_word(after)) return false;
  return true;
}

// Can the brackets of a link's text \p text stay as they are? When they pair up and none
// could end the text early or start a link of its own ("[PDF] notes", "a [b] c").
bool plain_brackets(std::string_view text) noexcept {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '[') ++depth;
    if (text[i] != ']') continue;
    const char after = i + 1 < text.size() ? text[i + 1] : '\0';
    if (--depth < 0 || after == '(' || after == '[' || after == ':') return false;
  }
  return depth == 0;
}

// Where \p rest, the rest of a line from its first character that is not a space, needs a
// backslash so as not to open a block (a heading, a quote, an underline, a thematic break);
// npos when nowhere. \p next: the character written after \p rest when the line goes on
// past it ('\0' or '\n' when it ends there).
std::size_t block_marker_escape(std::string_view rest, char next) noexcept {
  constexpr std::size_t none = std::string_view::npos;
  const std::size_t newline = rest.find('\n');
  const std::string_view line = rest.substr(0, newline);
  const char after_line = newline == std::string_view::npos ? next : '\n';
  const bool line_goes_on = after_line != '\n' && after_line != '\0';
  const auto ends_marker = [&](std::size_t at) {
    const char c = at < line.size() ? line[at] : after_line;
    return c == ' ' || c == '\t' || c == '\n' || c == '\0';
  };
  const char c = line[0];
  switch (c) {
    case '#': {
      std::size_t n = 0;
      while (n < line.size() && line[n] == '#') ++n;
      return n <= 6 && ends_marker(n) ? 0 : none;
    }
    case '>':
      return 0;
    case '-':
    case '*':
    case '=':
    case '_': {
      // a line of only c: a heading's underline or a thematic break
      const char only[] = {c, ' ', '\t'};
      return !line_goes_on && line.find_first_not_of(std::string_view(only, 3)) == std::string_view::npos ? 0 : none;
    }
    default:
      return none;
  }
}

}  // namespace

std::size_t list_marker_length(std::string_view text, long* number) noexcept {
  std::size_t i = 0;
  long n = -1;
  if (!text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == '*')) {
    i = 1;
  } else {
    n = 0;
    while (i < text.size() && i < 9 && is_digit(text[i])) n = n * 10 + (text[i++] - '0');
    if (i == 0 || i >= text.size() || (text[i] != '.' && text[i] != ')')) return 0;
    ++i;
  }
  if (i >= text.size() || text[i] != ' ') return 0;
  if (number != nullptr) *number = n;
  return i + 1;
}

MarkdownText::MarkdownText(std::string& out, std::string_view line_break, bool block_markers, bool in_cell)
    : m_out(out), m_line_break(line_break), m_block_markers(block_markers), m_in_cell(in_cell),
      m_line_start(block_markers) {}

void MarkdownText::markup(std::string_view markup) {
  write_pending_break();
  m_out += markup;
  m_line_start = false;
  m_line_has_text = true;
}

void MarkdownText::line_break() {
  if (m_line_break.find('\n') == std::string_view::npos) {  // a heading's or a cell's: a space
    m_out += m_line_break;
    return;
  }
  if (m_break_pending) {  // the second of two: a blank line, not a hard break
    m_out += m_line_break;
    m_line_start = m_block_markers;
    m_line_has_text = false;
  }
  m_break_pending = true;
}

void MarkdownText::write_pending_break(bool hard) {
  if (!m_break_pending) return;
  m_break_pending = false;
  m_first_line = false;
  if (hard && m_line_has_text) m_out += '\\';  // a hard line break: the page's <br>
  m_out += m_line_break;
  m_line_start = m_block_markers;
  m_line_has_text = false;
}

void MarkdownText::text(std::string_view text, char next, bool link_text) {
  std::size_t marker_escape = std::string_view::npos;  // where a line's block marker shows
  std::size_t run_end = 0;                             // of the current '*', '_' or '~' run
  bool run_escaped = false;
  const bool escape_brackets = link_text && !plain_brackets(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      line_break();
      continue;
    }
    if (m_break_pending && (c == ' ' || c == '\t')) continue;  // no line starts with them
    if (m_block_markers && (m_line_start || m_break_pending)) {
      // A line that starts a list item (the marker is left to read as one): the block's
      // first, which makes it a list, or one after a line break, which needs no backslash.
      long number = 0;
      std::string probe(text.substr(i, 12));  // a marker and its space: at most 11 characters
      if (i + probe.size() == text.size() && next != '\0') probe += next;
      const bool marker = list_marker_length(probe, &number) > 0;
      if (m_break_pending) {
        const bool item = marker && (number == -1 || number == 1 || m_in_list);
        m_in_list = m_in_list || item;
        write_pending_break(!item);
      } else if (m_first_line) {
        m_in_list = m_in_list || marker;
      }
    }
    write_pending_break();
    const char after = i + 1 < text.size() ? text[i + 1] : next;
    if (m_line_start) {
      if (c == ' ' || c == '\t') {
        m_out += c;
        continue;
      }
      m_line_start = false;
      if (const std::size_t at = block_marker_escape(text.substr(i), next); at != std::string_view::npos)
        marker_escape = i + at;
    }
    bool escape = i == marker_escape;
    switch (c) {
      case '\\':
        // before a line's end it would be a hard line break
        escape = is_ascii_punctuation(after) || after == '\n' || after == '\0';
        break;
      case '`':
        escape = true;
        break;
      case '*':
      case '_':
      case '~':
        if (i >= run_end) {
          run_end = i;
          while (run_end < text.size() && text[run_end] == c) ++run_end;
          const char before = m_out.empty() ? '\n' : m_out.back();
          run_escaped = may_delimit(c, before, run_end < text.size() ? text[run_end] : next);
        }
        escape = escape || run_escaped;
        break;
      case '<':
        escape = is_ascii_letter(after) || after == '/' || after == '!' || after == '?';
        break;
      case '&':
        escape = starts_reference(text.substr(i));
        break;
      case '[':
        escape = escape_brackets;
        break;
      case ']':
        escape = escape_brackets || after == '(' || after == '[' || after == ':';
        break;
      case '|':
        escape = m_in_cell;
        break;
      default:
        break;
    }
    if (escape) m_out += '\\';
    m_out += c;
    m_line_has_text = m_line_has_text || (c != ' ' && c != '\t');
  }
}

}  // namespace boilerdex::plugin::detail

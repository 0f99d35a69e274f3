#pragma once
// Text written into Markdown so that a CommonMark (or GitHub-flavoured) reader gives back the
// same characters: the writer's escaping. Private to faces; structured_writer.cpp uses it.
// Never throws (std::bad_alloc aside); no state beyond one line of one block.
//
// Only what could be read as markup is escaped, where it could be, so that ordinary text stays
// as the page wrote it ("5 * 3", "snake_case", "[1]", "AT&T" are left alone):
// - anywhere: a backslash before ASCII punctuation or at a line's end; a backtick; '*', '_'
//   and '~' that could open or close emphasis or strike-through (not between two spaces; '_'
//   not inside a word); '<' before a letter, '/', '!' or '?' (an HTML tag or an autolink);
//   '&' that starts a character reference ("&amp;" written as text); ']' before '(', '[' or
//   ':' (a link); in a link's text, its '[' and ']' unless they pair up harmlessly;
// - at the start of a line of a paragraph or list item: '#' headings, '>' quotes, and a line
//   of only '=', '-', '*' or '_' (a heading's underline or a thematic break). A '-', '+', '*'
//   or "N." and a space that start a line are left to read as a list item: the page set its
//   text out as a list (WCXB's gold Markdown writes such lines as list items too).
//
// A line break (a <br>) inside a paragraph or list item is a hard one, a backslash before the
// newline, when words come before and after it on their lines; two in a row are a blank line
// (a paragraph's end), as before, since a hard break cannot end a block. Before a line that
// starts a list item (a bullet; "1." or "1)"; any number once a line of the block started an
// item) the line break is a plain newline: the item starts on it, and a backslash would show.

#include <cstddef>
#include <string>
#include <string_view>

namespace boilerdex::plugin::detail {

/// The length of the list marker and its space that start \p text ("- ", "+ ", "* ", "12. ",
/// "3) "), or 0. \p number, if given, receives an ordered marker's number (-1 for a bullet).
[[nodiscard]] std::size_t list_marker_length(std::string_view text, long* number = nullptr) noexcept;

/// Appends the text of one Markdown line (a paragraph, a list item, a heading, a table cell)
/// to a string, escaping as the file comment says.
class MarkdownText {
 public:
  /// Writes onto the end of \p out. \p line_break is what a line break in the text becomes
  /// ("\n" plus the list item's hang; " " in a heading or a table cell). \p block_markers:
  /// whether the start of each line could open a block (paragraphs and list items).
  /// \p in_cell: a table cell, where '|' is escaped too.
  MarkdownText(std::string& out, std::string_view line_break, bool block_markers, bool in_cell);

  /// Appends \p text ('\n' in it is a line break). \p next is the character written after it
  /// ('\0' when the line ends there), which decides some escapes; \p link_text: inside a
  /// link's or an image's brackets.
  void text(std::string_view text, char next, bool link_text = false);

  /// Appends \p markup as it is (link brackets and destinations, code spans).
  void markup(std::string_view markup);

  /// Appends a line break (line_break, above); written when what follows it is.
  void line_break();

 private:
  void write_pending_break(bool hard = true);

  std::string& m_out;
  std::string_view m_line_break;
  bool m_block_markers;
  bool m_in_cell;
  bool m_line_start;              // nothing but spaces written on this line yet
  bool m_break_pending = false;   // a line break not yet written
  bool m_line_has_text = false;   // something but spaces written on this line
  bool m_in_list = false;         // a line of the block started a list item
  bool m_first_line = true;       // no line break written yet
};

}  // namespace boilerdex::plugin::detail

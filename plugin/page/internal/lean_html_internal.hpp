#pragma once
// The page Gumbo is given to build the segmenter's tree: the bodies of <script> and <style>
// elements and of comments emptied, and the quoted attribute values and the whitespace
// between tags, so that Gumbo's tokenizer does not walk them character by character (on the
// Scrapinghub pages about 55% of the bytes are script, style and comment bodies, about half
// of the rest attribute values, and a fifth of what is left again indentation). Issue #18,
// item 1.
//
// What the segmenter reads of the tree stays the same (tested on every development page):
//  - a script or style body becomes one space, so the element keeps a text child (the
//    segmenter's pending block flush runs at the same point of the walk) and the text, which
//    the segmenter ignores, is all that changes;
//  - a comment becomes <!---->: the comment node stays, so the text around it stays split;
//  - whitespace between tags (indentation) is cut to its first character (or CR LF) where a
//    node of the tree (a comment, a start tag the tree builder never ignores) starts or
//    ends on either side of it: it is then at an edge of its text node, which starts where
//    it did, and the segmenter reads whitespace there as one space, whatever its length.
//    Not after <pre> and <listing> (the tree builder drops a newline just after them), nor
//    inside <select>;
//  - a tag's attributes go (<div class="x" id="y"> becomes <div>, <br class="x"/> <br/>): the
//    segmenter reads no attribute. Where the tree builder reads one (an <input>'s type,
//    annotation-xml's encoding, <font>'s color, face and size, <isindex>'s prompt and
//    action), the tag keeps its attributes and only the others' long quoted values are
//    emptied, so the tree's shape is the same. A tree from a lean copy is therefore for the
//    segmenter only: the second parses that read attributes (links, images, the clean HTML)
//    parse the page itself.
// The scan follows the HTML tokenizer: tags with their quoted attribute values, comments and
// their abrupt ends, bogus comments, RCDATA (title, textarea) and RAWTEXT (style, xmp,
// iframe, noembed, noframes; not noscript, whose content Gumbo, parsing as a browser without
// scripts, reads as markup) elements, and the
// script data states, escaped and double-escaped ("<!-- <script> ... </script> -->" does not
// end the script), with end tags ending at "</name" followed by whitespace, '/' or '>'. Where
// the tree builder would not switch the tokenizer as a start tag suggests, nothing is
// rewritten: inside <svg>/<math> (foreign content, where <script> and <style> hold markup),
// inside <select> (where <style>, <title> and the other raw-text start tags are ignored, so
// their content is markup), after a <frameset> start tag, after <plaintext>, and after a tag or comment that the input
// ends inside.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::plugin::detail {

/// Bodies and attribute values shorter than this are left as they are: rewriting them saves
/// Gumbo nothing.
inline constexpr std::size_t k_lean_min_body = 16;
/// A tag's attributes go when they take at least this many bytes.
inline constexpr std::size_t k_lean_min_attributes = 4;
/// Whitespace between tags is cut to its first character when at least this much follows it.
inline constexpr std::size_t k_lean_min_whitespace = 4;

class LeanHtml {
 public:
  /// The lean copy of \p html, or std::nullopt when it has nothing worth emptying. O(bytes),
  /// memchr-like on the bodies. \throws std::bad_alloc only.
  [[nodiscard]] static std::optional<LeanHtml> make(std::string_view html);

  /// The lean text (what Gumbo parses).
  [[nodiscard]] std::string_view text() const noexcept { return m_text; }

  /// The offset in the original html of \p offset in text(). An offset inside an emptied body
  /// maps to the body's first byte in the original; every other byte maps to itself.
  /// O(log cuts). Never throws.
  [[nodiscard]] std::size_t original_offset(std::size_t offset) const noexcept;

  /// Bytes removed.
  [[nodiscard]] std::size_t removed() const noexcept;

 private:
  struct Cut {
    std::size_t lean_end;  // offset in text() where the kept body ends (after it: shifted)
    std::size_t removed;   // bytes removed up to and including this cut
  };
  std::string m_text;
  std::vector<Cut> m_cuts;  // in order
};

}  // namespace boilerdex::plugin::detail

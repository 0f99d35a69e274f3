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
//  - a run of text of k_lean_min_text bytes or more, between markup or character references
//    and without its leading and trailing whitespace, becomes a mark: U+E000 (a private-use
//    character), the run's number and ';' (text may follow it where the tree builder ignores
//    the tag after the run), so Gumbo's tokenizer emits a handful of character
//    tokens instead of one per character of the run. The tree builder treats every
//    character of text alike but for whitespace (and NUL, CR and the characters it
//    replaces by U+FFFD, none of which a run holds), and the mark, like the run it stands
//    for, starts and ends with a character that is not whitespace, so the tree's shape is
//    the same; the segmenter reads each text node with restore_text(). Whitespace inside
//    the run would only show where the tree builder keeps whitespace and drops other text
//    (in a frameset, and in a <template>'s column group): not after a <frameset> or inside
//    a <template> start tag, nor in <select> or foreign content. Not in a page that holds
//    U+E000 itself, raw or as a numeric character reference;
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
#include <span>
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
/// A run of text becomes a mark (k_lean_text_mark, its number, ';') when it is this long.
inline constexpr std::size_t k_lean_min_text = 12;
/// The mark's first character: U+E000, the first of Unicode's private-use characters.
inline constexpr std::string_view k_lean_text_mark = "\xEE\x80\x80";

class LeanHtml {
 public:
  /// The lean copy of \p html, or std::nullopt when it has nothing worth emptying. O(bytes),
  /// memchr-like on the bodies. \p html must outlive the copy (restore_text reads the runs
  /// of text from it). Start tags named in \p keep_attributes_of (lower-case names) keep
  /// their attributes whole, for a second parse that reads them and nothing else of the
  /// page's attributes (the omindex filter's <meta> elements). \throws std::bad_alloc only.
  [[nodiscard]] static std::optional<LeanHtml> make(std::string_view html,
                                                    std::span<const std::string_view> keep_attributes_of = {});

  /// The lean text (what Gumbo parses).
  [[nodiscard]] std::string_view text() const noexcept { return m_text; }

  /// The offset in the original html of \p offset in text(). An offset inside an emptied body
  /// maps to the body's first byte in the original; every other byte maps to itself.
  /// O(log cuts). Never throws.
  [[nodiscard]] std::size_t original_offset(std::size_t offset) const noexcept;

  /// Bytes removed.
  [[nodiscard]] std::size_t removed() const noexcept;

  /// Whether \p original (a text node's original text, from the tree Gumbo built of text())
  /// holds marks that stand for runs of text; its decoded text then holds the same marks,
  /// and no other U+E000. O(size of original). Never throws.
  [[nodiscard]] bool has_text_marks(std::string_view original) const noexcept {
    return !m_runs.empty() && original.find(k_lean_text_mark) != std::string_view::npos;
  }

  /// \p text with each mark replaced by the run of the original html it stands for, into
  /// \p out (cleared first): what the text node holds when Gumbo parses the page without
  /// its runs of text cut. O(size of the result). \throws std::bad_alloc only.
  void restore_text(std::string_view text, std::string& out) const;

 private:
  struct Cut {
    std::size_t lean_end;  // offset in text() where the kept body ends (after it: shifted)
    std::size_t removed;   // bytes removed up to and including this cut
  };
  struct Run {
    std::size_t begin, size;  // in the original html
  };
  std::string_view m_html;  // the original html
  std::string m_text;
  std::vector<Cut> m_cuts;  // in order
  std::vector<Run> m_runs;  // the runs of text replaced by marks, by their number
};

}  // namespace boilerdex::plugin::detail

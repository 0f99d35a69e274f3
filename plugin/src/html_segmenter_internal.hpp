#pragma once
/// \file
/// Pieces of the segmenter exposed for unit tests (private to libboilerdex).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::plugin::detail {

/// boilerpipe's line wrapping of a block's words (spec §1.1): a word opens a new line when
/// it would take the line past 80 columns. The segmenter counts its blocks with it, and
/// `best` recounts blocks in unspaced scripts with it, so both wrap alike.
class LineWrapCounter {
 public:
  static constexpr int wrap_width = 80;

  /// One more word, \p width columns wide (UTF-16 units, or estimated).
  void add(int width) noexcept {
    ++m_words;
    ++m_words_this_line;
    m_line_length += width + 1;
    if (m_line_length > wrap_width) {
      ++m_wrapped;
      m_line_length = width;
      m_words_this_line = 1;
    }
  }
  [[nodiscard]] int words() const noexcept { return m_words; }
  /// Lines, the last one excluded, or 1 when the words never wrapped.
  [[nodiscard]] int wrapped_lines() const noexcept { return m_wrapped == 0 ? 1 : m_wrapped; }
  /// Words on those lines, or all the words when they never wrapped.
  [[nodiscard]] int words_in_wrapped_lines() const noexcept {
    return m_wrapped == 0 ? m_words : m_words - m_words_this_line;
  }

 private:
  int m_line_length = -1;
  int m_wrapped = 0;
  int m_words_this_line = 0;
  int m_words = 0;
};

/// Byte length of the Java whitespace character (Character.isWhitespace: U+0009–000D,
/// U+001C–0020, U+1680, U+2000–2006, U+2008–200A, U+2028, U+2029, U+205F, U+3000) that
/// starts at \p p, or 0 when the character there is not one. \p p < \p end. Never throws.
[[nodiscard]] std::size_t java_whitespace_length(const char* p, const char* end) noexcept;

/// Java String.trim(): strips bytes ≤ 0x20 at both ends. Returns a view into \p s.
/// (Defined in word_tokenizer.cpp, whose tokenizer trims the same way.)
[[nodiscard]] std::string_view java_trim(std::string_view s) noexcept;

/// Splits a text node into the chunks NekoHTML would deliver (spec §9.4, §9.3): every
/// character reference of \p original (the node's source text) becomes its own chunk,
/// read as NekoHTML reads it: HTML 4 names and &apos; (case-sensitive), numeric
/// references only when the name run after '#' is all digits, &#128;–&#159; as C1
/// controls; anything else stays literal ("&AMP;", "&copy2008", "&#8217."). \p decoded
/// is Gumbo's decoded text of the same node; text between references is taken from it.
/// Where the two fall out of step (a case not modelled), the rest is one chunk. Text of
/// raw-text elements (\p raw_text: <xmp>, <iframe>, ...) is never decoded: one chunk.
/// Appends to \p chunks (cleared first) views into \p decoded, \p original or
/// \p storage (cleared first; do not touch it while the views are in use).
/// O(n). \throws std::bad_alloc only.
void split_at_references(std::string_view original, std::string_view decoded, bool raw_text,
                         std::vector<std::string_view>& chunks, std::string& storage);

/// The input rewritten so that an HTML5 parser reads an unterminated <title> as NekoHTML
/// does (the title's text ends at the next start tag, comment, or </head>/</body>/</html>;
/// stray end tags before that are dropped) instead of swallowing the rest of the page.
struct TitlePatch {
  std::string html;               ///< the rewritten document
  std::size_t content_begin = 0;  ///< where the title's text starts (same in both)
  std::size_t patched_end = 0;    ///< end of the inserted "</title>" in html
  std::ptrdiff_t delta = 0;       ///< html offset − input offset for offsets ≥ patched_end
};

/// The patch for \p html, or nullopt when its first <title> has a </title> (or it has none).
/// O(n). \throws std::bad_alloc only.
[[nodiscard]] std::optional<TitlePatch> close_unterminated_title(std::string_view html);

/// segment_html(\p utf8, \p limits, \p stats) under a deadline the caller started
/// (extract_page starts it before decoding, so that decoding spends the same budget and
/// PageTimeLimitError names the bound the caller set). The document's budget carries
/// \p deadline. \throws PageTimeLimitError, std::bad_alloc.
/// With \p lean (the default), Gumbo parses the page with its script, style and comment
/// bodies emptied (LeanHtml: faster, the same blocks); false parses the page itself.
[[nodiscard]] TextDocument segment_html_before(std::string_view utf8, const SegmentLimits& limits,
                                               SegmentStats* stats, const PageDeadline& deadline,
                                               bool lean = true);

}  // namespace boilerdex::plugin::detail

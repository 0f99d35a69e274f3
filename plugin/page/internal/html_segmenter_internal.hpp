#pragma once
/// \file
/// The segmenter's shared pieces (private to libboilerdex): boilerpipe's line wrapping, Java's
/// whitespace and trim, and segment_html under a caller's deadline. The segmenter is
/// html_segmenter.cpp (the entry point and the <noscript> fallback), segment_walk.cpp (the
/// Gumbo tree walked as NekoHTML's event stream), content_handler.cpp (boilerpipe's content
/// handler turning those events into blocks) and neko_html.cpp (what of NekoHTML they emulate).

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
/// (Defined in content_handler.cpp, its main user.)
[[nodiscard]] std::size_t java_whitespace_length(const char* p, const char* end) noexcept;

/// Java String.trim(): strips bytes ≤ 0x20 at both ends. Returns a view into \p s.
/// (Defined in word_tokenizer.cpp, whose tokenizer trims the same way.)
[[nodiscard]] std::string_view java_trim(std::string_view s) noexcept;

/// segment_html(\p utf8, \p limits, \p stats) under a deadline the caller started
/// (extract_page starts it before decoding, so that decoding spends the same budget and
/// PageTimeLimitError names the bound the caller set). The document's budget carries
/// \p deadline. \throws PageTimeLimitError, std::bad_alloc.
/// With \p lean (the default), Gumbo parses the page with its script, style and comment
/// bodies emptied (LeanHtml: faster, the same blocks); false parses the page itself.
/// \p count_tokens: as segment_html's.
[[nodiscard]] TextDocument segment_html_before(std::string_view utf8, const SegmentLimits& limits,
                                               SegmentStats* stats, const PageDeadline& deadline,
                                               bool lean = true, bool count_tokens = false);

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// Word counts for `best` in scripts written without spaces between words (internal to
/// best_extractor.cpp and best_page_scan.cpp; the public entry point is best_word_count in
/// best_extractor.hpp).

#include <string_view>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::detail {

/// The word and wrapped-line counters of one text, as the segmenter computes them from its
/// words (80-column lines), but with best's word rule (best_word_count).
struct BestWordCounts {
  int words = 0;
  int words_in_wrapped_lines = 0;  ///< words on the lines before the last, as the segmenter
  int wrapped_lines = 0;           ///< lines before the last, or 1 (LineWrapCounter)
};

/// Whether \p utf8 holds a character of a script written without spaces (see best_word_count).
/// O(n); never throws.
[[nodiscard]] bool has_unspaced_script(std::string_view utf8) noexcept;

/// The whitespace-separated tokens of \p utf8 that hold a letter, digit or unspaced-script
/// character (best_word_count with chars_per_word ≤ 0). Never throws.
[[nodiscard]] int whitespace_tokens(std::string_view utf8) noexcept;

/// best_word_count for the whitespace-free token \p token: 1 unless it holds characters of an
/// unspaced script and \p chars_per_word > 0. Never throws.
[[nodiscard]] int best_token_words(std::string_view token, double chars_per_word) noexcept;

/// The counters of \p utf8 text by best's word rule; \p chars_per_word > 0. Never throws.
[[nodiscard]] BestWordCounts best_word_counts(std::string_view utf8,
                                              double chars_per_word) noexcept;

/// Whether some block of \p doc holds a character of an unspaced script (else its counts
/// are already best's). Never throws.
[[nodiscard]] bool needs_best_word_counts(const TextDocument& doc) noexcept;

/// A copy of \p doc whose blocks holding characters of an
/// unspaced script have num_words (best_word_count with \p chars_per_word > 0),
/// num_words_in_anchor_text (kept at the block's link density) and the wrap counters recounted by
/// best's rule, densities recomputed; the other blocks are copied unchanged. \throws std::bad_alloc
/// only.
[[nodiscard]] TextDocument with_best_word_counts(const TextDocument& doc, double chars_per_word);

}  // namespace boilerdex::plugin::detail

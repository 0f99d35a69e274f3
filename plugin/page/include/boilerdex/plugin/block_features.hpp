#pragma once
/// \file
/// Per-block shallow text features: everything Table 2 of Kohlschütter, Fankhauser and
/// Nejdl, "Boilerplate Detection using Shallow Text Features" (WSDM 2010) names, computed
/// once per block and kept beside it. Features of the previous and next block come from
/// the same vector; at both edges the neighbour is the EMPTY_START sentinel (spec §1.4),
/// whose features are all zero.

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/text_document.hpp"
#include "boilerdex/plugin/token_counts.hpp"

namespace boilerdex::plugin {

/// The features of one block. "Word tokens" are the block text's boilerpipe tokens
/// (word_tokenizer.hpp) that contain a letter or number; counts and ratios below are over
/// them. Ratios are 0 when the block has no word token.
struct BlockFeatures {
  // boilerpipe's own counts (copied from the block; floats as in Java).
  int num_words = 0;          ///< TextBlock::num_words (anchor markers excluded)
  float link_density = 0.0f;  ///< words inside <a> / words
  float text_density = 0.0f;  ///< words per complete 80-column line

  // Token statistics.
  int num_word_tokens = 0;               ///< word tokens of the text (= num_words for parse blocks)
  double average_word_length = 0.0;      ///< letters and digits (code points) per word token
  double average_sentence_length = 0.0;  ///< word tokens per sentence (see below)
  int num_sentences = 0;  ///< word tokens ending in . ! ? (quotes and brackets after them allowed),
                          ///< plus one for an unterminated tail
  int num_start_uppercase = 0;         ///< word tokens whose first letter is upper or title case
  double start_uppercase_ratio = 0.0;  ///< num_start_uppercase / num_word_tokens
  int num_all_uppercase = 0;           ///< word tokens with a letter and no lower-case letter
  double all_uppercase_ratio = 0.0;    ///< num_all_uppercase / num_word_tokens
  int num_full_stops = 0;              ///< word tokens ending in '.'
  double full_stop_ratio = 0.0;        ///< num_full_stops / num_word_tokens
  int num_date_tokens = 0;    ///< tokens that look like a date or time (is_date_time_token)
  int num_vertical_bars = 0;  ///< '|' characters in the text

  // Structure.
  TagClass enclosing_tag = TagClass::Other;  ///< from the segmenter (TextBlock::enclosing_tag)
  std::size_t position = 0;                  ///< 0-based index in the block list
  double relative_position = 0.0;            ///< position / (blocks − 1); 0 for a single block
};

/// The EMPTY_START sentinel's features: all zero, tag class Other. Lives for the program.
[[nodiscard]] const BlockFeatures& empty_start_features() noexcept;

/// The token counts of \p text (token_counts.hpp, known): one pass of the tokenizer over
/// it, each token's shape read as it is tokenized. O(length of the text). Never throws.
[[nodiscard]] TokenCounts compute_token_counts(std::string_view text) noexcept;

/// Features of \p block at \p position in a list of \p count blocks. The token statistics
/// are \p counts where given and known, which must then be compute_token_counts of the
/// block's text; else they are counted from the text. O(length of the text). Thread-safe.
/// Never throws.
[[nodiscard]] BlockFeatures compute_block_features(const TextBlock& block, std::size_t position,
                                                   std::size_t count,
                                                   const TokenCounts* counts = nullptr) noexcept;

/// Features of every block of \p blocks, in order. \p counts, when it has one entry a
/// block, gives each block's token counts as compute_block_features takes them (a fresh
/// document's token_counts, which the segmenter made from the same text); otherwise it is
/// ignored. \throws std::bad_alloc only.
[[nodiscard]] std::vector<BlockFeatures> compute_features(std::span<const TextBlock> blocks,
                                                          std::span<const TokenCounts> counts = {});

/// Features of every block of \p doc, in order, counted from the blocks' texts (an
/// extractor may have changed them since the segmenter counted). \throws std::bad_alloc only.
[[nodiscard]] std::vector<BlockFeatures> compute_features(const TextDocument& doc);

/// A block's features with its neighbours' (the paper's "previous/next block" features).
struct BlockContext {
  const BlockFeatures& previous;
  const BlockFeatures& current;
  const BlockFeatures& next;
};

/// The context of block \p i (< features.size()): neighbours from \p features, the
/// EMPTY_START sentinel at both edges. The references live as long as \p features.
[[nodiscard]] BlockContext context_of(const std::vector<BlockFeatures>& features,
                                      std::size_t i) noexcept;

/// True for a token that reads as a date or time, after stripping surrounding brackets,
/// quotes and trailing , ; . ! ?: `12:30`, `9:05:59`, `10:30pm`; three digit groups joined
/// by the same '/', '-' or '.' with a 4-digit year first or last or three short groups
/// (`2010-02-04`, `4/2/2010`, `04.02.10`); English month and weekday names and their
/// three-letter abbreviations, capitalised or upper case (`May`, `Sept.`, `MON`).
/// Never throws.
[[nodiscard]] bool is_date_time_token(std::string_view token) noexcept;

/// Lower-case name of a tag class ("h1", "p", "div", "a", "other"). Never throws.
[[nodiscard]] std::string_view tag_class_name(TagClass tag) noexcept;

/// One feature as a number, for writers and learned models.
struct NamedFeature {
  std::string_view name;  ///< snake_case, stable
  double value;
};

/// Number of entries named_features returns.
inline constexpr std::size_t k_num_named_features = 18;

/// Every numeric feature of \p f by name, in a fixed order (the enclosing tag as its
/// ordinal: 0 other, 1 a, 2 p, 3 div, 4–9 h1–h6). Never throws.
[[nodiscard]] std::array<NamedFeature, k_num_named_features> named_features(
    const BlockFeatures& f) noexcept;

}  // namespace boilerdex::plugin

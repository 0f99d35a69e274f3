#pragma once
/// \file
/// Token-level agreement between a gold text and an extracted text: the bag-of-words
/// measure ("bow", the WSDM 2010 paper's token F1) and the Scrapinghub article-extraction
/// benchmark's 4-shingle measure ("sh4"), both on the tokens of the Unicode regex `\w+`
/// exactly as Python's `re` module finds them (case kept). See docs/EVALUATION.md.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace boilerdex::plugin {

/// True when \p c matches Python's `\w` on str: a letter (Lu Ll Lt Lm Lo), a character with
/// a numeric type (Nd, Nl, No and numeric ideographs) or '_'. Never throws. Thread-safe.
[[nodiscard]] bool is_python_word_char(char32_t c) noexcept;

/// Appends to \p out (cleared first) the maximal runs of is_python_word_char code points
/// of \p text (UTF-8), in order. Invalid UTF-8 bytes separate tokens. The views point
/// into \p text and live as long as it does. Thread-safe. O(n).
void word_tokens(std::string_view text, std::vector<std::string_view>& out);

/// Multiset agreement of a predicted bag against a gold bag:
/// tp = Σ min(gold count, predicted count), fp = |pred| − tp, fn = |gold| − tp.
struct OverlapCounts {
  std::uint64_t tp = 0;
  std::uint64_t fp = 0;
  std::uint64_t fn = 0;
  friend bool operator==(const OverlapCounts&, const OverlapCounts&) = default;
};

/// Precision, recall and F1 (harmonic mean; 0 when both are 0). A field is NaN when the
/// measure leaves it undefined for the page (see sh4_page_score).
struct PrfScore {
  double precision = 0.0;
  double recall = 0.0;
  double f1 = 0.0;
};

/// A page's (tp, fp, fn) divided by their sum, so that every page weighs the same in the
/// Scrapinghub measure; all zero when the sum is 0 (both texts without tokens).
struct NormalisedCounts {
  double tp = 0.0;
  double fp = 0.0;
  double fn = 0.0;
};

/// The bow score of one page, from token overlap counts: P = tp / |pred|,
/// R = tp / |gold|. Empty prediction: P = 0, or 1 when the gold is empty too; empty gold:
/// R = 1. Never throws.
[[nodiscard]] PrfScore bow_page_score(const OverlapCounts& counts) noexcept;

/// \p counts divided by their sum (Scrapinghub's per-page normalisation). Never throws.
[[nodiscard]] NormalisedCounts normalise(const OverlapCounts& counts) noexcept;

/// The sh4 precision and recall of one page as the benchmark's evaluate.py defines them:
/// P = 1 when fp = fn = 0, else tp / (tp + fp), undefined (NaN) when tp + fp = 0 (the page
/// is then left out of the mean precision); R likewise with fn. F1 of the two, NaN when
/// either is. Never throws.
[[nodiscard]] PrfScore sh4_page_score(const OverlapCounts& counts) noexcept;

/// Both measures for one pair of texts.
struct TextAgreement {
  OverlapCounts bow;  ///< over `\w+` tokens
  OverlapCounts sh4;  ///< over 4-token shingles
  std::uint64_t gold_tokens = 0;
  std::uint64_t predicted_tokens = 0;
};

/// Compares texts, reusing its scratch buffers between calls (no allocation per token once
/// warm). Not thread-safe: use one instance per thread.
class TextComparer {
 public:
  /// Tokenises \p gold and \p predicted (UTF-8) and counts their multiset agreement of
  /// tokens and of \p shingle_size-token shingles. A text of k tokens, 0 < k < n, gives one
  /// shingle of k tokens; a text without tokens gives none (evaluate.py's `_ngrams`).
  /// Shingles longer than 4 tokens are not supported. O((g + p) log(g + p)).
  /// \throws std::invalid_argument when shingle_size is 0 or above 4.
  [[nodiscard]] TextAgreement compare(std::string_view gold, std::string_view predicted,
                                      std::size_t shingle_size = 4);

 private:
  using Shingle = std::array<std::uint32_t, 4>;  // token ids, padded with k_no_token

  std::vector<std::string_view> m_tokens;  // gold tokens, then predicted tokens
  std::vector<std::string_view> m_predicted;
  std::vector<std::uint32_t> m_order;     // positions of m_tokens sorted by text
  std::vector<std::uint32_t> m_ids;       // dense token id per position of m_tokens
  std::vector<std::uint32_t> m_bag_gold;  // sorted token ids
  std::vector<std::uint32_t> m_bag_pred;
  std::vector<Shingle> m_shingles_gold;  // sorted shingles
  std::vector<Shingle> m_shingles_pred;
};

/// The mean of per-page bow scores over a data set (precision, recall and F1 each
/// averaged over pages, as EVALUATION.md defines bow).
class BowAggregate {
 public:
  /// Adds one page's score.
  void add(const PrfScore& page) noexcept;
  /// Means over the pages added so far; all zero when there are none.
  [[nodiscard]] PrfScore mean() const noexcept;
  [[nodiscard]] std::size_t pages() const noexcept { return m_pages; }

 private:
  double m_precision = 0.0;
  double m_recall = 0.0;
  double m_f1 = 0.0;
  std::size_t m_pages = 0;
};

/// The Scrapinghub aggregate: mean precision over pages with tp + fp > 0, mean recall
/// over pages with tp + fn > 0 (on normalised counts), F1 = harmonic mean of the two means.
class ShingleAggregate {
 public:
  /// Adds one page's overlap counts (normalised here).
  void add(const OverlapCounts& page) noexcept;
  /// The aggregate; a mean over no page is 0.
  [[nodiscard]] PrfScore result() const noexcept;
  [[nodiscard]] std::size_t pages() const noexcept { return m_pages; }

 private:
  double m_precision_sum = 0.0;
  std::size_t m_precision_pages = 0;
  double m_recall_sum = 0.0;
  std::size_t m_recall_pages = 0;
  std::size_t m_pages = 0;
};

}  // namespace boilerdex::plugin

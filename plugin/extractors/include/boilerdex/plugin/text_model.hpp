#pragma once
/// \file
/// The stochastic text model of Kohlschütter, Fankhauser and Nejdl, "Boilerplate Detection
/// using Shallow Text Features" (WSDM 2010, §5): the number of words N of a text block is
/// drawn from a mixture of two 1-displaced geometric distributions, a short-text class S
/// (mostly boilerplate) and a long-text class L (mostly full text):
///
///     P(N = n) = P_N(S) · P_S(N) · (1 − P_S(N))^(n−1)
///              + (1 − P_N(S)) · P_L(N) · (1 − P_L(N))^(n−1),     n = 1, 2, …
///
/// This file fits that model (and the single geometric) by maximum likelihood on a
/// words-per-block histogram, measures the fit against the empirical frequencies, derives
/// the word count from which a block is more likely long text than short, and gathers the
/// text-density histogram by class (the paper's Figure 5). The run over a collection
/// (`boilerdex-extract stats`) is text_model_stats.hpp, in the eval library.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::plugin {

// ----- words per block ------------------------------------------------------------------

/// How many blocks have each number of words.
class WordCountHistogram {
 public:
  /// Counts one block of \p words words (a negative count is taken as 0). Blocks without
  /// words are counted apart (zero_word_blocks) and take no part in the fits, whose
  /// support starts at 1.
  void add(int words, std::uint64_t times = 1);
  /// Adds every count of \p other.
  void merge(const WordCountHistogram& other);

  /// Blocks with \p n words (0 beyond max_words()). Never throws.
  [[nodiscard]] std::uint64_t count(int n) const noexcept;
  /// The largest word count seen (0 when no block had words).
  [[nodiscard]] int max_words() const noexcept {
    return m_counts.empty() ? 0 : static_cast<int>(m_counts.size()) - 1;
  }
  /// Blocks with at least one word.
  [[nodiscard]] std::uint64_t blocks() const noexcept { return m_blocks; }
  /// Words in those blocks.
  [[nodiscard]] std::uint64_t words() const noexcept { return m_words; }
  [[nodiscard]] std::uint64_t zero_word_blocks() const noexcept { return m_zero; }
  /// Mean words per block over blocks with words (0 when there are none).
  [[nodiscard]] double mean() const noexcept;

 private:
  std::vector<std::uint64_t> m_counts;  // [n] = blocks with n words; [0] unused
  std::uint64_t m_blocks = 0;
  std::uint64_t m_words = 0;
  std::uint64_t m_zero = 0;
};

/// P(N = n) = p (1 − p)^(n−1) for n ≥ 1, 0 for n < 1; p in (0, 1]. Never throws.
[[nodiscard]] double displaced_geometric_pmf(double p, int n) noexcept;

/// A fitted 1-displaced geometric distribution.
struct GeometricFit {
  double p = 1.0;               ///< success probability; mean 1/p
  double log_likelihood = 0.0;  ///< of the histogram under the fit
};

/// Maximum-likelihood fit: p = 1 / mean words per block. O(max_words).
/// \throws UsageError when \p histogram has no block with words.
[[nodiscard]] GeometricFit fit_geometric(const WordCountHistogram& histogram);

/// A fitted two-component mixture, in the paper's notation.
struct MixtureFit {
  double weight_short = 1.0;    ///< P_N(S): share of blocks drawn from the short class
  double p_short = 1.0;         ///< P_S(N): geometric parameter of the short class
  double p_long = 1.0;          ///< P_L(N): geometric parameter of the long class (≤ p_short)
  double log_likelihood = 0.0;  ///< of the histogram under the fit
  int iterations = 0;           ///< EM iterations run
  bool converged = true;        ///< false when max_iterations was reached first
};

/// The mixture's P(N = n). Never throws.
[[nodiscard]] double mixture_pmf(const MixtureFit& fit, int n) noexcept;

/// When EM stops.
struct MixtureFitOptions {
  int max_iterations = 10000;
  double tolerance = 1e-12;  ///< stop when the log-likelihood gains less than this, relatively
};

/// Maximum-likelihood fit of the mixture by expectation–maximisation over the histogram
/// (O(max_words) per iteration). The start is deterministic: the blocks are split at the
/// mean word count, each side's mean gives a component's start (1/mean), the side's share
/// its weight; the same histogram always gives the same fit. The components are labelled
/// so that p_short ≥ p_long. When every block has the same word count there is nothing
/// to separate: both components are that geometric fit and weight_short is 1.
/// \throws UsageError when \p histogram has no block with words.
[[nodiscard]] MixtureFit fit_mixture(const WordCountHistogram& histogram,
                                     const MixtureFitOptions& options = {});

/// How well a fitted distribution matches the empirical frequencies f(n) = count(n) /
/// blocks for n = 1 … max_words (every n in that range is a point, zeros included).
struct GoodnessOfFit {
  std::size_t points = 0;
  double r_squared = 0.0;           ///< 1 − SS_res / SS_tot (SS_tot = 0: 1 if exact, else 0)
  double r_squared_adjusted = 0.0;  ///< 1 − (1 − R²)(points − 1)/(points − parameters − 1);
                                    ///< R² itself when points ≤ parameters + 1
  double rmse = 0.0;  ///< root mean squared error of the frequencies
};

/// Goodness of fit of the geometric fit (1 parameter). \throws UsageError when
/// \p histogram has no block with words.
[[nodiscard]] GoodnessOfFit goodness_of_fit(const WordCountHistogram& histogram,
                                            const GeometricFit& fit);
/// Goodness of fit of the mixture (3 parameters). \throws UsageError as above.
[[nodiscard]] GoodnessOfFit goodness_of_fit(const WordCountHistogram& histogram,
                                            const MixtureFit& fit);

/// The collection's minimum-words threshold: the smallest n ≥ 1 at which the long class's
/// weighted probability exceeds the short one's, (1 − P_N(S)) P_L(N)(1 − P_L(N))^(n−1) >
/// P_N(S) P_S(N)(1 − P_S(N))^(n−1); from there on (the ratio grows with n) a block of n
/// words is more likely long text. std::nullopt when the classes do not separate
/// (p_short ≤ p_long, or a weight of 0 or 1). Never throws.
[[nodiscard]] std::optional<int> long_text_threshold(const MixtureFit& fit) noexcept;

// ----- text density by class ------------------------------------------------------------

/// Blocks per text-density bin (boilerpipe's text density: words per 80-column wrapped
/// line), per class. Bin b holds densities in [b, b+1); the last bin holds everything from
/// its lower bound up.
class TextDensityHistogram {
 public:
  /// \p classes: the series' names, in display order; \p bins ≥ 1.
  /// \throws UsageError when \p classes is empty or \p bins is 0.
  TextDensityHistogram(std::vector<std::string> classes, std::size_t bins);

  /// Counts a block of class index \p klass (< classes().size()) with density \p density
  /// (negative or NaN counts in bin 0). \throws std::out_of_range for a bad class index.
  void add(std::size_t klass, double density);

  [[nodiscard]] const std::vector<std::string>& classes() const noexcept { return m_classes; }
  [[nodiscard]] std::size_t bins() const noexcept { return m_bins; }
  /// Blocks of class \p klass in bin \p bin. \throws std::out_of_range for bad indexes.
  [[nodiscard]] std::uint64_t count(std::size_t klass, std::size_t bin) const;
  /// Blocks of class \p klass in all bins. \throws std::out_of_range for a bad index.
  [[nodiscard]] std::uint64_t total(std::size_t klass) const;

 private:
  std::vector<std::string> m_classes;
  std::size_t m_bins;
  std::vector<std::uint64_t> m_counts;  // [klass * m_bins + bin]
};

/// Writes \p histogram as a standalone SVG bar chart (one bar group per bin, one bar per
/// class with blocks, each class's bars as the share of that class's blocks, so classes of
/// very different sizes compare; a legend names the classes). \p title is escaped.
/// \throws what \p out throws.
void write_density_svg(const TextDensityHistogram& histogram, std::string_view title,
                       std::ostream& out);

}  // namespace boilerdex::plugin

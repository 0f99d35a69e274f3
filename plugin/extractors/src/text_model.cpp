#include "boilerdex/plugin/text_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin {
namespace {

// Keeps EM's parameters off 0 and 1, where log(p) and log1p(-p) stop being finite.
constexpr double k_min_p = 1e-12;
constexpr double k_max_p = 1.0 - 1e-12;

// log P(N = n) of the 1-displaced geometric; exact for p = 1 and n = 1.
double log_geometric(double p, int n) noexcept {
  if (n == 1) return std::log(p);
  return std::log(p) + (n - 1) * std::log1p(-p);
}

// log(e^a + e^b), either may be -inf.
double log_sum_exp(double a, double b) noexcept {
  const double m = std::max(a, b);
  if (m == -std::numeric_limits<double>::infinity()) return m;
  return m + std::log(std::exp(a - m) + std::exp(b - m));
}

void require_blocks(const WordCountHistogram& histogram) {
  if (histogram.blocks() == 0)
    throw UsageError("the text model needs at least one block with words; none was found");
}

double mixture_log_pmf(const MixtureFit& fit, int n) noexcept {
  return log_sum_exp(std::log(fit.weight_short) + log_geometric(fit.p_short, n),
                     std::log1p(-fit.weight_short) + log_geometric(fit.p_long, n));
}

template <class Pmf>
GoodnessOfFit fit_quality(const WordCountHistogram& histogram, int parameters, Pmf pmf) {
  require_blocks(histogram);
  const auto m = static_cast<std::size_t>(histogram.max_words());
  const double total = static_cast<double>(histogram.blocks());
  const double mean_frequency = 1.0 / static_cast<double>(m);  // the frequencies sum to 1
  double ss_res = 0.0, ss_tot = 0.0;
  for (int n = 1; n <= histogram.max_words(); ++n) {
    const double f = static_cast<double>(histogram.count(n)) / total;
    ss_res += (f - pmf(n)) * (f - pmf(n));
    ss_tot += (f - mean_frequency) * (f - mean_frequency);
  }
  GoodnessOfFit g;
  g.points = m;
  if (ss_tot > 0.0)
    g.r_squared = 1.0 - ss_res / ss_tot;
  else
    g.r_squared = ss_res < 1e-24 ? 1.0 : 0.0;
  const auto k = static_cast<std::size_t>(parameters);
  g.r_squared_adjusted = m > k + 1 ? 1.0 - (1.0 - g.r_squared) * static_cast<double>(m - 1) /
                                               static_cast<double>(m - k - 1)
                                   : g.r_squared;
  g.rmse = std::sqrt(ss_res / static_cast<double>(m));
  return g;
}

}  // namespace

// ----- words per block ------------------------------------------------------------------

void WordCountHistogram::add(int words, std::uint64_t times) {
  if (words <= 0) {
    m_zero += times;
    return;
  }
  const auto n = static_cast<std::size_t>(words);
  if (m_counts.size() <= n) m_counts.resize(n + 1, 0);
  m_counts[n] += times;
  m_blocks += times;
  m_words += times * n;
}

void WordCountHistogram::merge(const WordCountHistogram& other) {
  for (int n = 1; n <= other.max_words(); ++n) {
    if (const auto c = other.count(n); c > 0) add(n, c);
  }
  m_zero += other.m_zero;
}

std::uint64_t WordCountHistogram::count(int n) const noexcept {
  if (n < 0 || static_cast<std::size_t>(n) >= m_counts.size()) return 0;
  return m_counts[static_cast<std::size_t>(n)];
}

double WordCountHistogram::mean() const noexcept {
  return m_blocks == 0 ? 0.0 : static_cast<double>(m_words) / static_cast<double>(m_blocks);
}

double displaced_geometric_pmf(double p, int n) noexcept {
  if (n < 1) return 0.0;
  return std::exp(log_geometric(p, n));
}

GeometricFit fit_geometric(const WordCountHistogram& histogram) {
  require_blocks(histogram);
  GeometricFit fit;
  fit.p = 1.0 / histogram.mean();
  fit.log_likelihood = 0.0;
  for (int n = 1; n <= histogram.max_words(); ++n) {
    if (const auto c = histogram.count(n); c > 0)
      fit.log_likelihood += static_cast<double>(c) * log_geometric(fit.p, n);
  }
  return fit;
}

double mixture_pmf(const MixtureFit& fit, int n) noexcept {
  if (n < 1) return 0.0;
  return std::exp(mixture_log_pmf(fit, n));
}

MixtureFit fit_mixture(const WordCountHistogram& histogram, const MixtureFitOptions& options) {
  require_blocks(histogram);
  const int max_n = histogram.max_words();
  const double total = static_cast<double>(histogram.blocks());
  const double mean = histogram.mean();

  // Deterministic start: split at the mean; each side's mean and share.
  double low_blocks = 0.0, low_words = 0.0;
  for (int n = 1; n <= max_n && n <= mean; ++n) {
    low_blocks += static_cast<double>(histogram.count(n));
    low_words += static_cast<double>(histogram.count(n)) * n;
  }
  const double high_blocks = total - low_blocks;
  const double high_words = static_cast<double>(histogram.words()) - low_words;
  MixtureFit fit;
  if (high_blocks <= 0.0) {  // every block has the same word count: one class only
    const GeometricFit single = fit_geometric(histogram);
    fit.weight_short = 1.0;
    fit.p_short = fit.p_long = single.p;
    fit.log_likelihood = single.log_likelihood;
    return fit;
  }
  fit.weight_short = low_blocks / total;
  fit.p_short = std::clamp(low_blocks / low_words, k_min_p, k_max_p);
  fit.p_long = std::clamp(high_blocks / high_words, k_min_p, k_max_p);
  fit.converged = false;

  double previous = -std::numeric_limits<double>::infinity();
  for (fit.iterations = 0; fit.iterations < options.max_iterations; ++fit.iterations) {
    // E step (and the log-likelihood of the current parameters).
    double short_blocks = 0.0, short_words = 0.0, long_words = 0.0, log_likelihood = 0.0;
    const double log_w = std::log(fit.weight_short), log_1w = std::log1p(-fit.weight_short);
    for (int n = 1; n <= max_n; ++n) {
      const auto c = static_cast<double>(histogram.count(n));
      if (c == 0.0) continue;
      const double ls = log_w + log_geometric(fit.p_short, n);
      const double ll = log_1w + log_geometric(fit.p_long, n);
      const double lse = log_sum_exp(ls, ll);
      const double r = std::exp(ls - lse);  // P(short | n)
      log_likelihood += c * lse;
      short_blocks += c * r;
      short_words += c * r * n;
      long_words += c * (1.0 - r) * n;
    }
    const double long_blocks = total - short_blocks;
    if (std::abs(log_likelihood - previous) <= options.tolerance * std::abs(log_likelihood)) {
      fit.converged = true;
      break;
    }
    previous = log_likelihood;
    if (short_blocks <= 0.0 || long_blocks <= 0.0) break;  // a component died out
    // M step.
    fit.weight_short = std::clamp(short_blocks / total, k_min_p, k_max_p);
    fit.p_short = std::clamp(short_blocks / short_words, k_min_p, k_max_p);
    fit.p_long = std::clamp(long_blocks / long_words, k_min_p, k_max_p);
  }
  if (fit.p_short < fit.p_long) {
    std::swap(fit.p_short, fit.p_long);
    fit.weight_short = 1.0 - fit.weight_short;
  }
  fit.log_likelihood = 0.0;
  for (int n = 1; n <= max_n; ++n) {
    if (const auto c = histogram.count(n); c > 0)
      fit.log_likelihood += static_cast<double>(c) * mixture_log_pmf(fit, n);
  }
  return fit;
}

GoodnessOfFit goodness_of_fit(const WordCountHistogram& histogram, const GeometricFit& fit) {
  return fit_quality(histogram, 1, [&](int n) { return displaced_geometric_pmf(fit.p, n); });
}

GoodnessOfFit goodness_of_fit(const WordCountHistogram& histogram, const MixtureFit& fit) {
  return fit_quality(histogram, 3, [&](int n) { return mixture_pmf(fit, n); });
}

std::optional<int> long_text_threshold(const MixtureFit& fit) noexcept {
  const double w = fit.weight_short;
  if (!(fit.p_short > fit.p_long) || !(w > 0.0 && w < 1.0) || !(fit.p_long > 0.0))
    return std::nullopt;
  // log of long/short at n = 1, and its growth per extra word (> 0 since p_short > p_long).
  const double a = std::log1p(-w) + std::log(fit.p_long) - std::log(w) - std::log(fit.p_short);
  if (a > 0.0) return 1;
  const double b = std::log1p(-fit.p_long) - std::log1p(-fit.p_short);
  const double k = std::floor(-a / b) + 1.0;  // smallest extra words with a + k b > 0
  if (!(k < static_cast<double>(std::numeric_limits<int>::max() - 1))) return std::nullopt;
  return static_cast<int>(k) + 1;
}

// ----- text density by class ------------------------------------------------------------

TextDensityHistogram::TextDensityHistogram(std::vector<std::string> classes, std::size_t bins)
    : m_classes(std::move(classes)), m_bins(bins) {
  if (m_classes.empty() || m_bins == 0)
    throw UsageError("a text-density histogram needs at least one class and one bin");
  m_counts.assign(m_classes.size() * m_bins, 0);
}

void TextDensityHistogram::add(std::size_t klass, double density) {
  if (klass >= m_classes.size()) throw std::out_of_range("text-density histogram: bad class");
  std::size_t bin = 0;
  if (density > 0.0)
    bin = static_cast<std::size_t>(std::min(std::floor(density), static_cast<double>(m_bins - 1)));
  ++m_counts[klass * m_bins + bin];
}

std::uint64_t TextDensityHistogram::count(std::size_t klass, std::size_t bin) const {
  if (klass >= m_classes.size() || bin >= m_bins)
    throw std::out_of_range("text-density histogram: bad class or bin");
  return m_counts[klass * m_bins + bin];
}

std::uint64_t TextDensityHistogram::total(std::size_t klass) const {
  if (klass >= m_classes.size()) throw std::out_of_range("text-density histogram: bad class");
  std::uint64_t sum = 0;
  for (std::size_t b = 0; b < m_bins; ++b) sum += m_counts[klass * m_bins + b];
  return sum;
}

}  // namespace boilerdex::plugin

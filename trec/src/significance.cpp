#include "boilerdex/trec/significance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "boilerdex/trec/experiment_random.hpp"

namespace boilerdex::trec {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

/// ln Γ(x) for x > 0 by Lanczos' approximation (g = 7, 9 terms; relative error ~1e-15),
/// with the reflection formula below 0.5. Reentrant, unlike std::lgamma.
double log_gamma(double x) noexcept {
  constexpr double pi = 3.14159265358979323846;
  if (x < 0.5) return std::log(pi / std::sin(pi * x)) - log_gamma(1.0 - x);
  constexpr std::array<double, 9> c = {0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
                                       771.32342877765313,   -176.61502916214059,   12.507343278686905,
                                       -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  x -= 1.0;
  double sum = c[0];
  for (std::size_t i = 1; i < c.size(); ++i) sum += c[i] / (x + static_cast<double>(i));
  const double t = x + 7.5;
  return 0.5 * std::log(2.0 * pi) + (x + 0.5) * std::log(t) - t + std::log(sum);
}

/// The continued fraction for I_x(a, b) (Numerical Recipes betacf, modified Lentz).
double beta_continued_fraction(double a, double b, double x) noexcept {
  constexpr int max_iterations = 1000;
  constexpr double epsilon = 1e-16;
  constexpr double tiny = 1e-300;
  const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
  double c = 1.0;
  double d = 1.0 - qab * x / qap;
  if (std::fabs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= max_iterations; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1.0 + aa * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1.0 + aa * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < epsilon) break;
  }
  return h;
}

void check_sizes(std::span<const double> a, std::span<const double> b) {
  if (a.size() != b.size()) {
    throw std::invalid_argument("paired test: " + std::to_string(a.size()) + " scores against " +
                                std::to_string(b.size()) + " baseline scores; the topics must pair up");
  }
}

/// Two-sided tail P(|T| >= |t|) for Student's t; exact at the extremes, no cancellation.
double t_two_sided(double t, double df) noexcept {
  if (std::isinf(t)) return 0.0;
  return regularized_incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

}  // namespace

double regularized_incomplete_beta(double a, double b, double x) noexcept {
  if (!(a > 0.0) || !(b > 0.0) || !(x >= 0.0) || !(x <= 1.0)) return nan;
  if (x == 0.0) return 0.0;
  if (x == 1.0) return 1.0;
  const double log_front =
      log_gamma(a + b) - log_gamma(a) - log_gamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_continued_fraction(a, b, x) / a;
  return 1.0 - front * beta_continued_fraction(b, a, 1.0 - x) / b;
}

double student_t_cdf(double t, double degrees_of_freedom) noexcept {
  if (!(degrees_of_freedom > 0.0) || std::isnan(t)) return nan;
  const double tail = 0.5 * t_two_sided(t, degrees_of_freedom);  // P(T >= |t|)
  return t > 0.0 ? 1.0 - tail : tail;
}

PairedTest paired_t_test(std::span<const double> a, std::span<const double> b) {
  check_sizes(a, b);
  PairedTest result;
  result.pairs = a.size();
  if (a.empty()) {
    result.p_value = nan;
    return result;
  }
  const auto n = static_cast<double>(a.size());
  double mean = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) mean += a[i] - b[i];
  mean /= n;
  result.mean_difference = mean;
  if (a.size() < 2) {
    result.p_value = nan;
    return result;
  }
  double squares = 0.0;  // two-pass variance: no cancellation for near-equal runs
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double deviation = (a[i] - b[i]) - mean;
    squares += deviation * deviation;
  }
  const double standard_error = std::sqrt(squares / (n - 1.0) / n);
  // Differences that are all equal up to rounding have no spread to test against.
  if (standard_error <= 1e-14 * std::max(1.0, std::fabs(mean))) {
    const bool zero = std::fabs(mean) <= 1e-14;
    result.statistic = zero ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), mean);
    result.p_value = zero ? 1.0 : 0.0;
    return result;
  }
  result.statistic = mean / standard_error;
  result.p_value = t_two_sided(result.statistic, n - 1.0);
  return result;
}

PairedTest paired_randomization_test(std::span<const double> a, std::span<const double> b,
                                     std::uint64_t permutations, std::uint64_t seed) {
  check_sizes(a, b);
  if (permutations == 0) throw std::invalid_argument("randomization test: permutations must be positive");
  PairedTest result;
  result.pairs = a.size();
  if (a.size() < 2) {
    result.p_value = nan;
    if (!a.empty()) result.mean_difference = a[0] - b[0];
    return result;
  }
  std::vector<double> differences(a.size());
  double sum = 0.0, magnitude = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    differences[i] = a[i] - b[i];
    sum += differences[i];
    magnitude += std::fabs(differences[i]);
  }
  const auto n = differences.size();
  result.mean_difference = sum / static_cast<double>(n);
  result.statistic = std::fabs(result.mean_difference);
  const double observed = std::fabs(sum) - 1e-12 * (1.0 + magnitude);

  // Sum of the differences with signs flipped where bits of `signs` are set.
  const auto flipped_sum = [&](auto&& next_bits) {
    double s = 0.0;
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (i % 64 == 0) bits = next_bits(i / 64);
      s += (bits & 1U) != 0 ? -differences[i] : differences[i];
      bits >>= 1U;
    }
    return s;
  };

  std::uint64_t hits = 0;
  if (n < 63 && (std::uint64_t{1} << n) <= permutations) {
    const std::uint64_t assignments = std::uint64_t{1} << n;
    for (std::uint64_t mask = 0; mask < assignments; ++mask) {
      if (std::fabs(flipped_sum([mask](std::size_t) { return mask; })) >= observed) ++hits;
    }
    result.p_value = static_cast<double>(hits) / static_cast<double>(assignments);
    return result;
  }
  Random random(seed);
  for (std::uint64_t k = 0; k < permutations; ++k) {
    if (std::fabs(flipped_sum([&random](std::size_t) { return random.next(); })) >= observed) ++hits;
  }
  result.p_value = static_cast<double>(hits + 1) / static_cast<double>(permutations + 1);
  return result;
}

std::vector<double> holm_adjust(std::span<const double> p_values) {
  std::vector<double> adjusted(p_values.begin(), p_values.end());
  std::vector<std::size_t> order;
  order.reserve(p_values.size());
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    if (!std::isnan(p_values[i])) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return p_values[x] < p_values[y]; });
  const std::size_t m = order.size();
  double running = 0.0;
  for (std::size_t j = 0; j < m; ++j) {
    const double scaled = std::min(1.0, static_cast<double>(m - j) * p_values[order[j]]);
    running = std::max(running, scaled);
    adjusted[order[j]] = running;
  }
  return adjusted;
}

}  // namespace boilerdex::trec

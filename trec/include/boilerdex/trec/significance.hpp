#pragma once
/// \file
/// Paired significance tests of one run against a baseline over the same topics, and the
/// Holm–Bonferroni correction for comparing many runs against one baseline. The inputs
/// are per-topic scores in the same topic order (as trec_eval -q -c gives them).
///
/// All functions are pure and thread-safe (no hidden state; log-gamma is computed here,
/// not with std::lgamma, which writes the global signgam).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace boilerdex::trec {

/// The outcome of one paired two-sided test of mean(a − b) = 0.
struct PairedTest {
  std::size_t pairs = 0;          ///< number of topics
  double mean_difference = 0.0;   ///< mean of a[i] − b[i]
  double statistic = 0.0;         ///< t for the t-test; |mean difference| for randomization
  double p_value = 1.0;           ///< two-sided; NaN when undefined (fewer than 2 pairs)
};

/// The regularized incomplete beta function I_x(a, b), by the continued fraction of
/// Numerical Recipes §6.4 (modified Lentz), using the symmetry I_x(a,b) = 1 − I_{1−x}(b,a)
/// where the fraction converges faster. Accurate to about 1e-14 relative.
/// Preconditions: a > 0, b > 0, 0 <= x <= 1; otherwise returns NaN. Never throws.
[[nodiscard]] double regularized_incomplete_beta(double a, double b, double x) noexcept;

/// The cumulative distribution function of Student's t with \p degrees_of_freedom (> 0,
/// not necessarily an integer) at \p t: P(T <= t). ±infinity give 0 and 1. NaN for
/// non-positive degrees of freedom. Never throws.
[[nodiscard]] double student_t_cdf(double t, double degrees_of_freedom) noexcept;

/// Student's paired two-sided t-test on \p a and \p b (equal sizes): t = mean(d) /
/// (sd(d)/sqrt(n)), df = n − 1, p = 2·P(T >= |t|). When every difference is equal the
/// statistic is ±infinity with p = 0, or 0 with p = 1 when they are all zero.
/// Fewer than 2 pairs: p is NaN. O(n).
/// \throws std::invalid_argument when the sizes differ.
[[nodiscard]] PairedTest paired_t_test(std::span<const double> a, std::span<const double> b);

/// The paired two-sided randomization (permutation) test of Fisher, as recommended for
/// IR by Smucker, Allan and Carterette (CIKM 2007): under the null hypothesis each
/// topic's difference is equally likely to have either sign. The statistic is
/// |mean(d)|. When 2^n <= \p permutations every sign assignment is enumerated and p is
/// exact; otherwise \p permutations random sign vectors are drawn from a Random seeded
/// with \p seed and p = (hits + 1) / (permutations + 1) (the observed assignment counts
/// as one, so p is never 0; Phipson and Smyth 2010). Differences within 1e-12 of the
/// observed statistic count as hits, so ties from floating-point sums are not lost.
/// Deterministic for a given seed. O(n · permutations).
/// \throws std::invalid_argument when the sizes differ or permutations is 0.
[[nodiscard]] PairedTest paired_randomization_test(std::span<const double> a, std::span<const double> b,
                                                   std::uint64_t permutations = 100000,
                                                   std::uint64_t seed = 20060202);

/// Holm's step-down adjustment (Holm 1979) of \p p_values, returned in the input order:
/// with the m non-NaN values sorted ascending, adjusted_(i) = max_{j<=i} min(1,
/// (m − j + 1)·p_(j)). NaN inputs stay NaN and do not count in m. Controls the family-wise
/// error rate without assuming independence; never less powerful than Bonferroni.
/// O(m log m). Never throws (std::bad_alloc aside).
[[nodiscard]] std::vector<double> holm_adjust(std::span<const double> p_values);

}  // namespace boilerdex::trec

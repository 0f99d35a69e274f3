#pragma once
/// \file
/// The seeded random numbers behind everything in trec/ that must be reproducible: the
/// randomization test's sign flips and the sample collection's documents. SplitMix64
/// (Steele, Lea and Flood 2014) is implemented here rather than taken from <random>
/// because the standard distributions are not specified bit-for-bit, so a seed would give
/// different collections and p-values under different standard libraries.

#include <cstddef>
#include <cstdint>

namespace boilerdex::trec {

/// SplitMix64: a 64-bit state advanced by a Weyl increment and mixed by a finaliser.
/// Passes BigCrush; period 2^64. The same seed gives the same sequence on every platform.
/// Not thread-safe: give each thread its own generator (seeded from a parent's next()).
class Random {
  __extension__ using Wide = unsigned __int128;  // GCC/Clang; __extension__ keeps -Wpedantic quiet

 public:
  /// \param seed any value; 0 is fine (the increment moves the state off it).
  explicit constexpr Random(std::uint64_t seed) noexcept : m_state(seed) {}

  /// The next 64 uniformly distributed bits.
  constexpr std::uint64_t next() noexcept {
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
  }

  /// A uniform integer in [0, n) without modulo bias (Lemire 2019, multiply and reject).
  /// Precondition: n > 0 (returns 0 for n == 0).
  constexpr std::uint64_t below(std::uint64_t n) noexcept {
    if (n == 0) return 0;
    Wide m = static_cast<Wide>(next()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<Wide>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64U);
  }

  /// A uniform integer in [lo, hi]. Precondition: lo <= hi.
  constexpr std::int64_t between(std::int64_t lo, std::int64_t hi) noexcept {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  /// A uniform double in [0, 1) with 53 random bits.
  constexpr double unit() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

  /// True with probability \p p (p <= 0: never, p >= 1: always).
  constexpr bool chance(double p) noexcept { return unit() < p; }

  /// A uniformly chosen index into a container of \p size elements. Precondition: size > 0.
  constexpr std::size_t index(std::size_t size) noexcept { return static_cast<std::size_t>(below(size)); }

 private:
  std::uint64_t m_state;
};

}  // namespace boilerdex::trec

#pragma once
/// \file
/// The ranges of the counts a user gives, on a command line or in a configuration file:
/// one place, so that `--threads 300` and `[indexing] threads = 300` are refused alike, with
/// the same bounds (issue #16: `--docs -5` wrapped to 2^64, `--threads 100000` took
/// 2.4 GB). The command lines check them with config/tools/.../count_options.hpp, the
/// configuration loader with its own "must be between" errors.

#include <cstdint>

namespace boilerdex::config {

/// An inclusive range of whole numbers.
struct CountRange {
  std::uint64_t min = 0;
  std::uint64_t max = 0;
};

inline constexpr CountRange k_thread_range{0, 256};                ///< threads; 0: all cores
inline constexpr CountRange k_result_range{1, 1'000'000};          ///< results per query or topic (k)
inline constexpr CountRange k_page_limit_range{0, 100'000'000};    ///< "only the first N pages"; 0: all
inline constexpr CountRange k_document_range{1, 10'000'000};       ///< documents generated or sampled
inline constexpr CountRange k_commit_interval_range{1, 1'000'000'000};  ///< documents between commits
inline constexpr CountRange k_page_bytes_range{1, std::uint64_t{1} << 30};  ///< max_page_bytes
inline constexpr CountRange k_snippet_bytes_range{0, std::uint64_t{1} << 20};  ///< snippet_bytes; 0: none

}  // namespace boilerdex::config

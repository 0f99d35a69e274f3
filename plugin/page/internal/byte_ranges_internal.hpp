#pragma once
// Sets of byte ranges of a page [first, second), shared by the modules that map markup or
// decisions onto source offsets. Private to plugin.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace boilerdex::plugin::detail {

using ByteRange = std::pair<std::uint32_t, std::uint32_t>;

/// Sorts \p ranges and merges those that overlap or touch. O(n log n). Never throws.
inline void merge_ranges(std::vector<ByteRange>& ranges) noexcept {
  std::sort(ranges.begin(), ranges.end());
  std::size_t out = 0;
  for (const ByteRange& r : ranges) {
    if (out > 0 && r.first <= ranges[out - 1].second)
      ranges[out - 1].second = std::max(ranges[out - 1].second, r.second);
    else
      ranges[out++] = r;
  }
  ranges.resize(out);
}

/// Whether \p offset lies in one of \p ranges (sorted and disjoint, as merge_ranges leaves
/// them). O(log n). Never throws.
[[nodiscard]] inline bool in_ranges(const std::vector<ByteRange>& ranges, std::size_t offset) noexcept {
  const auto it = std::upper_bound(ranges.begin(), ranges.end(), offset,
                                   [](std::size_t o, const ByteRange& r) { return o < r.first; });
  return it != ranges.begin() && offset < std::prev(it)->second;
}

}  // namespace boilerdex::plugin::detail

#pragma once
// A shallow tree ensemble laid out for fast batch scoring (LearnedModel::content_probabilities).
//
// Every tree of depth ≤ k_max_depth is stored as a complete binary tree of the ensemble's
// depth D: 2^D − 1 splits in breadth-first order, then 2^D leaf values. A leaf that sits above
// depth D is spread over the leaves below it (the splits beneath it lead to the same value
// either way), so a walk is D steps of `i = 2i + 1 + !(x[f] < t)` with no branch on the data.
// The margin of a row is the same sum, in the same tree order, as LearnedModel::predict's.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace boilerdex::plugin {
struct DecisionTree;
}

namespace boilerdex::plugin::detail {

class DenseForest {
 public:
  static constexpr int k_max_depth = 6;

  /// The dense form of \p trees (checked trees, one output each, width 1), or null when a tree
  /// is deeper than k_max_depth or has wider leaves.
  [[nodiscard]] static std::unique_ptr<const DenseForest> build(
      std::span<const DecisionTree> trees);

  /// Adds each tree's leaf value for row rows[k] (row-major, \p width floats each) to
  /// margins[k], tree by tree. Row indices in \p rows. Where the processor has AVX2, the
  /// ensemble is at most 4 deep and its leaf values are floats, the rows go sixteen at a time,
  /// eight in each pass through the trees (the lanes form); every margin is bit for bit the
  /// same either way.
  void add_margins(const float* data, std::size_t width, std::span<const std::size_t> rows,
                   std::span<double> margins) const noexcept;

  [[nodiscard]] int depth() const noexcept { return m_depth; }

 private:
  void build_lanes();

  int m_depth = 0;
  std::size_t m_trees = 0;
  std::vector<std::uint32_t> m_features;  // m_trees × (2^D − 1)
  std::vector<float> m_thresholds;        // m_trees × (2^D − 1)
  std::vector<double> m_leaves;           // m_trees × 2^D

  // The lanes form (dense_forest.cpp): every tree made 4 deep (a shallower one's leaves
  // repeated below it), its leaf values as floats; empty when a leaf value is not a float
  // or the ensemble is deeper.
  std::vector<std::uint32_t> m_lane_columns;   // m_trees × 15: each split's feature × 16
  std::vector<float> m_lane_thresholds;        // m_trees × 15
  std::vector<float> m_lane_leaves;            // m_trees × 16
  std::uint32_t m_max_feature = 0;
};

}  // namespace boilerdex::plugin::detail

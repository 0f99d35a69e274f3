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

/// A dense forest's arrays, wherever they are stored: a built forest's own vectors, or the
/// constant arrays best_model_codegen writes from one at build time (best_model_data.cpp in
/// the build tree), so that a process using the compiled-in models does not build them.
struct DenseForestArrays {
  int depth = 0;                               ///< D, at most DenseForest::k_max_depth
  std::size_t trees = 0;
  std::span<const std::uint32_t> features;     ///< trees × (2^D − 1)
  std::span<const float> thresholds;           ///< trees × (2^D − 1)
  std::span<const double> leaves;              ///< trees × 2^D
  /// The lanes form (dense_forest.cpp): every tree made 4 deep (a shallower one's leaves
  /// repeated below it), its leaf values as floats; all three empty when a leaf value is not
  /// a float or the ensemble is deeper.
  std::span<const std::uint32_t> lane_columns;  ///< trees × 15: each split's feature × 16
  std::span<const float> lane_thresholds;       ///< trees × 15
  std::span<const float> lane_leaves;           ///< trees × 16
  std::uint32_t max_feature = 0;                ///< the lanes' highest feature
};

class DenseForest {
 public:
  static constexpr int k_max_depth = 6;

  /// The dense form of \p trees (checked trees, detail::check_tree: LearnedModel checks
  /// them first, and so does best_model_codegen; one output each, width 1), or null when a
  /// tree is deeper than k_max_depth or has wider leaves.
  [[nodiscard]] static std::unique_ptr<const DenseForest> build(
      std::span<const DecisionTree> trees);

  /// A forest over \p arrays, which must outlive it (constants): nothing is copied or
  /// checked, so they must be what build() gave for the trees it is used with (a test
  /// compares the compiled-in ones with the model files').
  [[nodiscard]] static std::unique_ptr<const DenseForest> over(const DenseForestArrays& arrays);

  DenseForest() = default;
  DenseForest(const DenseForest&) = delete;  // m_arrays may point into the vectors below
  DenseForest& operator=(const DenseForest&) = delete;

  /// Adds each tree's leaf value for row rows[k] (row-major, \p width floats each) to
  /// margins[k], tree by tree. Row indices in \p rows. Where the processor has AVX2, the
  /// ensemble is at most 4 deep and its leaf values are floats, the rows go sixteen at a time,
  /// eight in each pass through the trees (the lanes form); every margin is bit for bit the
  /// same either way.
  void add_margins(const float* data, std::size_t width, std::span<const std::size_t> rows,
                   std::span<double> margins) const noexcept;

  [[nodiscard]] int depth() const noexcept { return m_arrays.depth; }
  [[nodiscard]] const DenseForestArrays& arrays() const noexcept { return m_arrays; }

 private:
  void build_lanes();

  DenseForestArrays m_arrays;
  // A built forest's storage, which m_arrays views; empty in a forest over constants.
  std::vector<std::uint32_t> m_features;
  std::vector<float> m_thresholds;
  std::vector<double> m_leaves;
  std::vector<std::uint32_t> m_lane_columns;
  std::vector<float> m_lane_thresholds;
  std::vector<float> m_lane_leaves;
};

}  // namespace boilerdex::plugin::detail

#include "dense_forest_internal.hpp"

#include <algorithm>

#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin::detail {

namespace {

int tree_depth(const DecisionTree& tree, std::uint32_t node) {
  const TreeNode& n = tree.nodes[node];
  if (n.feature < 0) return 0;
  return 1 + std::max(tree_depth(tree, n.left), tree_depth(tree, n.right));
}

// Walks D levels for one row: the index of its leaf among the tree's 2^D.
template <int D>
inline std::size_t leaf_of(const float* x, const std::uint32_t* features,
                           const float* thresholds) noexcept {
  std::size_t i = 0;
  for (int level = 0; level < D; ++level)
    i = 2 * i + 1 + static_cast<std::size_t>(!(x[features[i]] < thresholds[i]));
  return i - ((std::size_t{1} << D) - 1);
}

// One row's walk through trees [t, t + 4): the four leaves' values added in tree order.
template <int D>
inline double add_four(const float* x, std::size_t t, const std::uint32_t* features,
                       const float* thresholds, const double* leaves, double margin) noexcept {
  constexpr std::size_t splits = (std::size_t{1} << D) - 1;
  constexpr std::size_t tips = std::size_t{1} << D;
  const std::size_t a = leaf_of<D>(x, features + t * splits, thresholds + t * splits);
  const std::size_t b = leaf_of<D>(x, features + (t + 1) * splits, thresholds + (t + 1) * splits);
  const std::size_t c = leaf_of<D>(x, features + (t + 2) * splits, thresholds + (t + 2) * splits);
  const std::size_t d = leaf_of<D>(x, features + (t + 3) * splits, thresholds + (t + 3) * splits);
  margin += leaves[t * tips + a];
  margin += leaves[(t + 1) * tips + b];
  margin += leaves[(t + 2) * tips + c];
  margin += leaves[(t + 3) * tips + d];
  return margin;
}

template <int D>
void add_all(const float* data, std::size_t width, std::span<const std::size_t> rows,
             std::span<double> margins, std::size_t trees, const std::uint32_t* features,
             const float* thresholds, const double* leaves) noexcept {
  constexpr std::size_t splits = (std::size_t{1} << D) - 1;
  constexpr std::size_t tips = std::size_t{1} << D;
  // Two rows at a time, so that their features stay in the first-level cache while the trees
  // (a few tens of KB, read in order) stream past; four trees at a time per row, so eight
  // walks are in flight, independent, overlapping their loads. Each row's leaf values are
  // added in tree order, so its margin is bit for bit the tree-at-a-time sum.
  std::size_t k = 0;
  for (; k + 2 <= rows.size(); k += 2) {
    const float* x0 = data + rows[k] * width;
    const float* x1 = data + rows[k + 1] * width;
    double m0 = margins[k], m1 = margins[k + 1];
    std::size_t t = 0;
    for (; t + 4 <= trees; t += 4) {
      m0 = add_four<D>(x0, t, features, thresholds, leaves, m0);
      m1 = add_four<D>(x1, t, features, thresholds, leaves, m1);
    }
    for (; t < trees; ++t) {
      m0 += leaves[t * tips + leaf_of<D>(x0, features + t * splits, thresholds + t * splits)];
      m1 += leaves[t * tips + leaf_of<D>(x1, features + t * splits, thresholds + t * splits)];
    }
    margins[k] = m0;
    margins[k + 1] = m1;
  }
  for (; k < rows.size(); ++k) {
    const float* x = data + rows[k] * width;
    double margin = margins[k];
    std::size_t t = 0;
    for (; t + 4 <= trees; t += 4) margin = add_four<D>(x, t, features, thresholds, leaves, margin);
    for (; t < trees; ++t)
      margin += leaves[t * tips + leaf_of<D>(x, features + t * splits, thresholds + t * splits)];
    margins[k] = margin;
  }
}

}  // namespace

std::unique_ptr<const DenseForest> DenseForest::build(std::span<const DecisionTree> trees) {
  int depth = 0;
  for (const DecisionTree& tree : trees) {
    if (tree.width != 1 || tree.target != 0) return nullptr;
    depth = std::max(depth, tree_depth(tree, 0));
    if (depth > k_max_depth) return nullptr;
  }
  auto forest = std::make_unique<DenseForest>();
  forest->m_depth = depth;
  forest->m_trees = trees.size();
  const std::size_t splits = (std::size_t{1} << depth) - 1;
  const std::size_t tips = std::size_t{1} << depth;
  forest->m_features.assign(trees.size() * splits, 0);
  forest->m_thresholds.assign(trees.size() * splits, 0.0f);
  forest->m_leaves.assign(trees.size() * tips, 0.0);
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const DecisionTree& tree = trees[t];
    std::uint32_t* f = forest->m_features.data() + t * splits;
    float* th = forest->m_thresholds.data() + t * splits;
    double* v = forest->m_leaves.data() + t * tips;
    // (original node, dense position, level): a leaf above the last level fills its
    // whole dense subtree (its splits stay feature 0, threshold 0: both sides agree).
    struct Item {
      std::uint32_t node;
      std::size_t pos;
      int level;
    };
    std::vector<Item> stack{{0, 0, 0}};
    while (!stack.empty()) {
      const Item it = stack.back();
      stack.pop_back();
      const TreeNode& n = tree.nodes[it.node];
      if (it.level == depth) {
        v[it.pos - splits] = tree.values[n.leaf];
        continue;
      }
      if (n.feature >= 0) {
        f[it.pos] = static_cast<std::uint32_t>(n.feature);
        th[it.pos] = n.threshold;
        stack.push_back({n.left, 2 * it.pos + 1, it.level + 1});
        stack.push_back({n.right, 2 * it.pos + 2, it.level + 1});
      } else {
        stack.push_back({it.node, 2 * it.pos + 1, it.level + 1});
        stack.push_back({it.node, 2 * it.pos + 2, it.level + 1});
      }
    }
  }
  return forest;
}

void DenseForest::add_margins(const float* data, std::size_t width,
                              std::span<const std::size_t> rows,
                              std::span<double> margins) const noexcept {
  const std::uint32_t* f = m_features.data();
  const float* th = m_thresholds.data();
  const double* v = m_leaves.data();
  switch (m_depth) {
    case 0: add_all<0>(data, width, rows, margins, m_trees, f, th, v); break;
    case 1: add_all<1>(data, width, rows, margins, m_trees, f, th, v); break;
    case 2: add_all<2>(data, width, rows, margins, m_trees, f, th, v); break;
    case 3: add_all<3>(data, width, rows, margins, m_trees, f, th, v); break;
    case 4: add_all<4>(data, width, rows, margins, m_trees, f, th, v); break;
    case 5: add_all<5>(data, width, rows, margins, m_trees, f, th, v); break;
    case 6: add_all<6>(data, width, rows, margins, m_trees, f, th, v); break;
    default: break;
  }
}

}  // namespace boilerdex::plugin::detail

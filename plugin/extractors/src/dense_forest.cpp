#include "dense_forest_internal.hpp"

#include <algorithm>
#include <array>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin::detail {

namespace {

// Rows laid out together for the lanes form (below), eight of them in each pass through the
// trees.
constexpr std::size_t k_lanes = 16;

// The depth of \p tree, checked (each child after its parent, LearnedModel's rule), in one
// pass in node order, each node's level in \p level (reused from tree to tree). Counting
// stops past k_max_depth: build gives up on such a tree anyway.
int tree_depth(const DecisionTree& tree, std::vector<std::uint8_t>& level) {
  level.assign(tree.nodes.size(), 0);
  int depth = 0;
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& n = tree.nodes[i];
    if (n.feature < 0) {
      depth = std::max<int>(depth, level[i]);
      continue;
    }
    if (level[i] >= DenseForest::k_max_depth) return DenseForest::k_max_depth + 1;
    level[n.left] = level[n.right] = static_cast<std::uint8_t>(level[i] + 1);
  }
  return depth;
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

#if defined(__x86_64__)
// The lanes form: sixteen rows through one 4-deep tree, eight at a time, the rows' features
// laid out feature by feature (x[f * 16 + r]) so that a split reads its feature for eight
// rows with one load, no gather. Every split of the tree is compared for every row (15
// compares of 8 lanes); the row's path is picked level by level with blends. A row's leaf
// value, a float, is widened to double and added in tree order, so its margin is bit for bit
// the scalar sum.

// One split's compare for eight rows: all-ones in the lanes whose row goes right, !(x < t),
// NaN included, as in the scalar walk, written !(t > x) (_CMP_NGT_UQ, the same for every x
// and t) so that the row's feature is read by the compare itself. \p x: the half's first
// lane; \p columns: each split's feature times k_lanes.
__attribute__((target("avx2"))) inline __m256 goes_right(const float* x,
                                                         const std::uint32_t* columns,
                                                         const float* thresholds, int n) noexcept {
  return _mm256_cmp_ps(_mm256_broadcast_ss(thresholds + n), _mm256_loadu_ps(x + columns[n]),
                       _CMP_NGT_UQ);
}

// One tree's leaf for eight rows (one half of the sixteen): the row's path picked level by
// level with blends, each level's bit selecting among the next level's compares, each
// compare made where it is used (few registers live, nothing spilled). The leaf index & 7
// of each lane goes into \p low3, the first level's bit (the leaf's 8) is the result.
__attribute__((target("avx2"))) inline __m256 pick_leaf(const float* x,
                                                        const std::uint32_t* columns,
                                                        const float* thresholds,
                                                        __m256i& low3) noexcept {
  const auto right = [x, columns, thresholds](int n) __attribute__((target("avx2"))) {
    return goes_right(x, columns, thresholds, n);
  };
  const __m256 b0 = right(0);
  const __m256 b1 = _mm256_blendv_ps(right(1), right(2), b0);
  const __m256 b2 = _mm256_blendv_ps(_mm256_blendv_ps(right(3), right(4), b1),
                                     _mm256_blendv_ps(right(5), right(6), b1), b0);
  const __m256 p0 = _mm256_blendv_ps(right(7), right(8), b2);
  const __m256 p1 = _mm256_blendv_ps(right(9), right(10), b2);
  const __m256 p01 = _mm256_blendv_ps(p0, p1, b1);
  const __m256 p2 = _mm256_blendv_ps(right(11), right(12), b2);
  const __m256 p3 = _mm256_blendv_ps(right(13), right(14), b2);
  const __m256 b3 = _mm256_blendv_ps(p01, _mm256_blendv_ps(p2, p3, b1), b0);
  const __m256i four = _mm256_and_si256(_mm256_castps_si256(b1), _mm256_set1_epi32(4));
  const __m256i two = _mm256_and_si256(_mm256_castps_si256(b2), _mm256_set1_epi32(2));
  const __m256i one = _mm256_and_si256(_mm256_castps_si256(b3), _mm256_set1_epi32(1));
  low3 = _mm256_or_si256(_mm256_or_si256(four, two), one);
  return b0;
}

// The leaf values (floats) that \p low3 and \p high pick from a tree's 16 (\p leaves),
// widened and added to the margins of the eight rows in \p lo (rows 0-3) and \p hi (rows 4-7).
__attribute__((target("avx2"))) inline void add_leaves(const float* leaves, __m256i low3,
                                                       __m256 high, __m256d& lo,
                                                       __m256d& hi) noexcept {
  const __m256 v = _mm256_blendv_ps(_mm256_permutevar8x32_ps(_mm256_loadu_ps(leaves), low3),
                                    _mm256_permutevar8x32_ps(_mm256_loadu_ps(leaves + 8), low3),
                                    high);
  lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
  hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)));
}

// Margins \p margins (k_lanes of them) += every tree's leaf for the k_lanes rows in \p x
// (feature-major, k_lanes floats per feature): each half of the rows through all the trees
// in order, so that each row's leaves are added in tree order.
__attribute__((target("avx2"))) void add_lanes(const float* x, std::size_t trees,
                                               const std::uint32_t* columns,
                                               const float* thresholds, const float* leaves,
                                               double* margins) noexcept {
  for (std::size_t half = 0; half < k_lanes; half += 8) {
    __m256d lo = _mm256_loadu_pd(margins + half), hi = _mm256_loadu_pd(margins + half + 4);
    for (std::size_t t = 0; t < trees; ++t) {
      __m256i low3;
      const __m256 high = pick_leaf(x + half, columns + t * 15, thresholds + t * 15, low3);
      add_leaves(leaves + t * 16, low3, high, lo, hi);
    }
    _mm256_storeu_pd(margins + half, lo);
    _mm256_storeu_pd(margins + half + 4, hi);
  }
}

// The sixteen rows \p rows (\p width floats each) laid out feature by feature into \p x
// (x[j * 16 + r] = rows[r][j]): eight rows by eight features at a time, transposed in
// registers (the values copied, never computed on).
__attribute__((target("avx2"))) void lay_out_lanes(const float* const* rows, std::size_t width,
                                                   float* x) noexcept {
  for (std::size_t half = 0; half < k_lanes; half += 8) {
    const float* const* r = rows + half;
    std::size_t j = 0;
    for (; j + 8 <= width; j += 8) {
      const __m256 t0 = _mm256_unpacklo_ps(_mm256_loadu_ps(r[0] + j), _mm256_loadu_ps(r[1] + j));
      const __m256 t1 = _mm256_unpackhi_ps(_mm256_loadu_ps(r[0] + j), _mm256_loadu_ps(r[1] + j));
      const __m256 t2 = _mm256_unpacklo_ps(_mm256_loadu_ps(r[2] + j), _mm256_loadu_ps(r[3] + j));
      const __m256 t3 = _mm256_unpackhi_ps(_mm256_loadu_ps(r[2] + j), _mm256_loadu_ps(r[3] + j));
      const __m256 t4 = _mm256_unpacklo_ps(_mm256_loadu_ps(r[4] + j), _mm256_loadu_ps(r[5] + j));
      const __m256 t5 = _mm256_unpackhi_ps(_mm256_loadu_ps(r[4] + j), _mm256_loadu_ps(r[5] + j));
      const __m256 t6 = _mm256_unpacklo_ps(_mm256_loadu_ps(r[6] + j), _mm256_loadu_ps(r[7] + j));
      const __m256 t7 = _mm256_unpackhi_ps(_mm256_loadu_ps(r[6] + j), _mm256_loadu_ps(r[7] + j));
      const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
      const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
      const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
      const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
      float* out = x + j * k_lanes + half;
      _mm256_storeu_ps(out + 0 * k_lanes, _mm256_permute2f128_ps(u0, u4, 0x20));
      _mm256_storeu_ps(out + 1 * k_lanes, _mm256_permute2f128_ps(u1, u5, 0x20));
      _mm256_storeu_ps(out + 2 * k_lanes, _mm256_permute2f128_ps(u2, u6, 0x20));
      _mm256_storeu_ps(out + 3 * k_lanes, _mm256_permute2f128_ps(u3, u7, 0x20));
      _mm256_storeu_ps(out + 4 * k_lanes, _mm256_permute2f128_ps(u0, u4, 0x31));
      _mm256_storeu_ps(out + 5 * k_lanes, _mm256_permute2f128_ps(u1, u5, 0x31));
      _mm256_storeu_ps(out + 6 * k_lanes, _mm256_permute2f128_ps(u2, u6, 0x31));
      _mm256_storeu_ps(out + 7 * k_lanes, _mm256_permute2f128_ps(u3, u7, 0x31));
    }
    for (; j < width; ++j) {
      for (std::size_t i = 0; i < 8; ++i) x[j * k_lanes + half + i] = r[i][j];
    }
  }
}

bool has_avx2() noexcept {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

}  // namespace

std::unique_ptr<const DenseForest> DenseForest::build(std::span<const DecisionTree> trees) {
  int depth = 0;
  std::vector<std::uint8_t> level;
  for (const DecisionTree& tree : trees) {
    if (tree.width != 1 || tree.target != 0) return nullptr;
    const int d = tree_depth(tree, level);
    if (d > k_max_depth) return nullptr;
    depth = std::max(depth, d);
  }
  auto forest = std::make_unique<DenseForest>();
  const std::size_t splits = (std::size_t{1} << depth) - 1;
  const std::size_t tips = std::size_t{1} << depth;
  forest->m_features.assign(trees.size() * splits, 0);
  forest->m_thresholds.assign(trees.size() * splits, 0.0f);
  forest->m_leaves.assign(trees.size() * tips, 0.0);
  // (original node, dense position, level): a leaf above the last level fills its whole
  // dense subtree (its splits stay feature 0, threshold 0: both sides agree). Depth-first,
  // so at most one pending sibling per level: one allocation for every tree.
  struct Item {
    std::uint32_t node;
    std::size_t pos;
    int level;
  };
  std::vector<Item> stack;
  stack.reserve(static_cast<std::size_t>(depth) + 2);
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const DecisionTree& tree = trees[t];
    std::uint32_t* f = forest->m_features.data() + t * splits;
    float* th = forest->m_thresholds.data() + t * splits;
    double* v = forest->m_leaves.data() + t * tips;
    stack.assign(1, Item{0, 0, 0});
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
  DenseForestArrays& a = forest->m_arrays;
  a.depth = depth;
  a.trees = trees.size();
  a.features = forest->m_features;
  a.thresholds = forest->m_thresholds;
  a.leaves = forest->m_leaves;
  forest->build_lanes();
  return forest;
}

std::unique_ptr<const DenseForest> DenseForest::over(const DenseForestArrays& arrays) {
  auto forest = std::make_unique<DenseForest>();
  forest->m_arrays = arrays;
  return forest;
}

void DenseForest::build_lanes() {
  DenseForestArrays& a = m_arrays;
  if (a.depth > 4) return;
  const std::size_t splits = (std::size_t{1} << a.depth) - 1;
  const std::size_t tips = std::size_t{1} << a.depth;
  for (const double v : m_leaves) {
    if (static_cast<double>(static_cast<float>(v)) != v) return;
  }
  m_lane_columns.assign(a.trees * 15, 0);
  m_lane_thresholds.assign(a.trees * 15, 0.0f);
  m_lane_leaves.assign(a.trees * 16, 0.0f);
  for (std::size_t t = 0; t < a.trees; ++t) {
    // Splits keep their breadth-first places; the levels below the ensemble's depth split on
    // feature 0 at 0 and lead to the same leaf either way (each leaf repeated 16 / 2^D times).
    for (std::size_t i = 0; i < splits; ++i) {
      m_lane_columns[t * 15 + i] = m_features[t * splits + i] * static_cast<std::uint32_t>(k_lanes);
      m_lane_thresholds[t * 15 + i] = m_thresholds[t * splits + i];
      a.max_feature = std::max(a.max_feature, m_features[t * splits + i]);
    }
    const std::size_t repeat = 16 / tips;
    for (std::size_t leaf = 0; leaf < 16; ++leaf)
      m_lane_leaves[t * 16 + leaf] = static_cast<float>(m_leaves[t * tips + leaf / repeat]);
  }
  a.lane_columns = m_lane_columns;
  a.lane_thresholds = m_lane_thresholds;
  a.lane_leaves = m_lane_leaves;
}

void DenseForest::add_margins(const float* data, std::size_t width,
                              std::span<const std::size_t> rows,
                              std::span<double> margins) const noexcept {
  const DenseForestArrays& a = m_arrays;
#if defined(__x86_64__)
  if (!a.lane_leaves.empty() && rows.size() >= k_lanes && a.max_feature < width && has_avx2()) {
    std::vector<float> x(width * k_lanes);  // the rows feature by feature
    const std::vector<float> zeros(width, 0.0f);
    std::array<const float*, k_lanes> group{};
    std::array<double, k_lanes> lane_margins{};
    for (std::size_t k = 0; k < rows.size(); k += k_lanes) {
      // The last group may be short: its empty lanes read zeros and are not written back.
      const std::size_t count = std::min(k_lanes, rows.size() - k);
      for (std::size_t r = 0; r < k_lanes; ++r) {
        group[r] = r < count ? data + rows[k + r] * width : zeros.data();
        if (r < count) lane_margins[r] = margins[k + r];
      }
      lay_out_lanes(group.data(), width, x.data());
      add_lanes(x.data(), a.trees, a.lane_columns.data(), a.lane_thresholds.data(),
                a.lane_leaves.data(), lane_margins.data());
      std::copy_n(lane_margins.begin(), count, margins.begin() + static_cast<std::ptrdiff_t>(k));
    }
    return;
  }
#endif
  const std::uint32_t* f = a.features.data();
  const float* th = a.thresholds.data();
  const double* v = a.leaves.data();
  switch (a.depth) {
    case 0: add_all<0>(data, width, rows, margins, a.trees, f, th, v); break;
    case 1: add_all<1>(data, width, rows, margins, a.trees, f, th, v); break;
    case 2: add_all<2>(data, width, rows, margins, a.trees, f, th, v); break;
    case 3: add_all<3>(data, width, rows, margins, a.trees, f, th, v); break;
    case 4: add_all<4>(data, width, rows, margins, a.trees, f, th, v); break;
    case 5: add_all<5>(data, width, rows, margins, a.trees, f, th, v); break;
    case 6: add_all<6>(data, width, rows, margins, a.trees, f, th, v); break;
    default: break;
  }
}

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// Learned block classifiers: decision-tree ensembles over the shallow features of
/// block_features.hpp (the WSDM 2010 paper's Table 2), saved as self-describing JSON and
/// evaluated here, with no learning library. `boilerdex-train` (plugin/learn/train/) learns
/// them with OpenCV's CART trees or XGBoost and exports them to this form; the `learned:PATH`
/// extractor (learned_extractor.hpp) runs them.
///
/// The model file (format "boilerdex-block-classifier", version 1) is a JSON object:
///
///     {
///       "format": "boilerdex-block-classifier", "version": 1,
///       "learner": "xgboost",                      // informational
///       "feature_set": "all-local",                // current | prev-curr-next | all-local | local+page
///       "features": ["curr.num_words", ...],       // must equal feature_names(feature_set)
///       "classes": ["boilerplate", "content"],     // or the four of class_names(4)
///       "output": "logistic",                      // logistic | softmax | average
///       "base_margin": [0.0],                      // one per output value
///       "threshold": 0.5,                          // keep a block when P(content) >= it
///       "trees": [ { "target": 0, "nodes": [
///           {"feature": 0, "threshold": 11.5, "left": 1, "right": 2},
///           {"leaf": [-0.8]}, {"leaf": [1.2]} ] }, ... ],
///       "training": { ... }                        // optional, free-form, kept on save
///     }
///
/// A split sends a block left when its feature, as a 32-bit float, is < threshold (also a
/// float), else right; children come after their parent in `nodes` and every node but the
/// first (the root) has exactly one parent. Each leaf holds `width` values that are added to
/// outputs target … target+width−1 (width = the first leaf's length, the same for every leaf
/// of a tree). The outputs, after base_margin, become class probabilities:
///  - logistic (2 classes, 1 output): P(content) = 1 / (1 + e^−m);
///  - softmax (one output per class): P = softmax(m);
///  - average (one output per class): P = (sum of leaves) / number of trees, leaves being
///    class distributions (a CART tree, a forest).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/plugin/block_features.hpp"

namespace boilerdex::plugin {

/// The feature sets of the paper's Table 2.
enum class FeatureSet : std::uint8_t {
  /// The current block's own text features: the 15 numeric features of named_features
  /// before the structural ones (words, densities, token statistics, dates, bars).
  Current,
  /// The same 15 text features for the previous, current and next block (45).
  Context,
  /// Context plus the structural local features: the enclosing tag class of the three
  /// blocks, and the block's absolute and relative position (50).
  AllLocal,
  /// AllLocal plus where the block stands in its page (56; not in the paper): its share of
  /// the page's words, its words over the largest block's, the share of the page's words
  /// before it, its signed distance to the largest block over the block count, log(1 +
  /// page words) and the page's link density.
  LocalPage,
  /// LocalPage plus the page's markup, the block's DOM neighbourhood and the `best` rules'
  /// verdict (best_model.hpp; 101). Its rows need the page: best_feature_rows.
  Best,
};

/// "current", "prev-curr-next", "all-local", "local+page", "best". Never throws.
[[nodiscard]] std::string_view feature_set_name(FeatureSet set) noexcept;

/// The set called \p name (as feature_set_name gives it), or nullopt. Never throws.
[[nodiscard]] std::optional<FeatureSet> parse_feature_set(std::string_view name) noexcept;

/// Every feature set whose rows come from the shallow features alone (all but Best), in the
/// order above.
[[nodiscard]] std::span<const FeatureSet> all_feature_sets() noexcept;

/// Number of features of \p set. Never throws.
[[nodiscard]] std::size_t feature_count(FeatureSet set) noexcept;

/// The names of \p set's features in vector order: "prev.", "curr." or "next." followed by
/// the named_features name ("curr.num_words"). \throws std::bad_alloc only.
[[nodiscard]] std::vector<std::string> feature_names(FeatureSet set);

/// The feature rows of every block of one page (\p features: compute_features of the page,
/// in block order), row-major, feature_count(\p set) floats per block (floats: the precision
/// trees compare at). Neighbours past either edge are the EMPTY_START sentinel (all zero).
/// O(blocks × features). \throws std::invalid_argument for FeatureSet::Best, whose rows need
/// the page (best_feature_rows in best_model.hpp); std::bad_alloc.
[[nodiscard]] std::vector<float> feature_rows(const std::vector<BlockFeatures>& features,
                                             FeatureSet set);

/// The rows of blocks [\p begin, \p end) only (page totals still over every block): the same
/// values as those rows of feature_rows(\p features, \p set), for pages too large to hold
/// every row at once. \throws std::invalid_argument as feature_rows, or when the range is
/// not within \p features; std::bad_alloc.
[[nodiscard]] std::vector<float> feature_rows(const std::vector<BlockFeatures>& features,
                                             FeatureSet set, std::size_t begin, std::size_t end);

/// Those rows written into \p out instead, row k at out + k × \p stride (stride ≥
/// feature_count(\p set); the floats between one row's end and the next row are left as
/// they are): for a wider row that starts with them (best_feature_rows). \throws as
/// feature_rows.
void feature_rows_into(const std::vector<BlockFeatures>& features, FeatureSet set,
                       std::size_t begin, std::size_t end, float* out, std::size_t stride);

/// The class names of a \p num_classes problem: {"boilerplate", "content"} for 2;
/// {"boilerplate", "full-text", "headline", "supplemental"} for 4 (the order of BlockClass in
/// evaluation.hpp). Empty for any other count. Never throws.
[[nodiscard]] std::span<const std::string_view> class_names(std::size_t num_classes) noexcept;

/// How a model turns summed leaf values into class probabilities (see the file comment).
enum class ModelOutput : std::uint8_t { Logistic, Softmax, Average };

/// "logistic", "softmax", "average". Never throws.
[[nodiscard]] std::string_view model_output_name(ModelOutput output) noexcept;

/// One node of a DecisionTree: a split when feature ≥ 0, else a leaf.
struct TreeNode {
  std::int32_t feature = -1;  ///< feature index, or −1 for a leaf
  float threshold = 0.0f;     ///< split: go left when x[feature] < threshold
  std::uint32_t left = 0;     ///< split: index of the left child
  std::uint32_t right = 0;    ///< split: index of the right child
  std::uint32_t leaf = 0;     ///< leaf: its values are values[leaf*width, (leaf+1)*width)
};

/// One tree of a model. nodes[0] is the root.
struct DecisionTree {
  std::vector<TreeNode> nodes;
  std::vector<double> values;  ///< width values per leaf, leaves in TreeNode::leaf order
  std::uint32_t target = 0;    ///< first output its leaves add to
  std::uint32_t width = 1;     ///< values per leaf
};

/// Everything a model is made of; LearnedModel checks it.
struct LearnedModelData {
  std::string learner;  ///< what trained it ("cart", "xgboost"); informational
  FeatureSet feature_set = FeatureSet::Current;
  std::size_t num_classes = 2;  ///< 2 or 4
  ModelOutput output = ModelOutput::Logistic;
  std::vector<double> base_margin;  ///< one per output (1 for logistic, else num_classes)
  double threshold = 0.5;           ///< keep a block when P(content) ≥ threshold
  std::vector<DecisionTree> trees;  ///< at least one
  /// Free-form facts about the training run ("pages" → "329"), written as a JSON object.
  std::vector<std::pair<std::string, std::string>> training;
};

namespace detail {
class DenseForest;
struct LearnedModelMaker;
}

/// A checked, immutable tree-ensemble block classifier. Thread-safe for concurrent use.
class LearnedModel {
 public:
  /// Checks \p data (see the file comment for the rules: classes 2 or 4, output widths,
  /// node links, feature indices, finite thresholds and values, threshold in [0, 1]).
  /// \throws Error naming the first rule broken ("tree 3 node 5: ...").
  explicit LearnedModel(LearnedModelData data);

  /// Parses a model file's text; \p source names it in errors.
  /// \throws InputError naming \p source and, for JSON syntax errors, the byte offset; for
  /// structural errors the JSON pointer of the offending value ("/trees/3/nodes/5/left").
  [[nodiscard]] static LearnedModel from_json(std::string_view text, const std::string& source);

  /// Reads and parses the model file at \p path. \throws InputError naming the file.
  [[nodiscard]] static LearnedModel load(const std::filesystem::path& path);

  /// The model as a model file (pretty-printed JSON, numbers written to read back exactly:
  /// from_json(to_json()) predicts bit for bit what this model predicts).
  [[nodiscard]] std::string to_json() const;

  /// Writes to_json() to \p path (through a temporary file renamed into place).
  /// \throws InputError naming the file when it cannot be written.
  void save(const std::filesystem::path& path) const;

  [[nodiscard]] const LearnedModelData& data() const noexcept { return m_data; }
  [[nodiscard]] FeatureSet feature_set() const noexcept { return m_data.feature_set; }
  [[nodiscard]] std::size_t num_classes() const noexcept { return m_data.num_classes; }
  [[nodiscard]] double threshold() const noexcept { return m_data.threshold; }

  /// Class probabilities of the block whose features are \p x (size feature_count) into
  /// \p probabilities (size num_classes). O(trees × depth). Never throws; does nothing when
  /// a size is wrong.
  void predict(std::span<const float> x, std::span<double> probabilities) const noexcept;

  /// P(content) = 1 − P(boilerplate) for \p x. Never throws (NaN when x's size is wrong).
  [[nodiscard]] double content_probability(std::span<const float> x) const noexcept;
  /// P(content) of every row of \p rows (row-major, feature_count floats each) into \p out
  /// (one per row), bit for bit what content_probability gives each row; faster on many rows
  /// (each tree is walked for all of them in turn, so the walks of different rows overlap).
  /// Rows whose \p skip entry is true (when \p skip is not empty) get 0 and cost nothing.
  /// Does nothing when a size is wrong. Never throws (std::bad_alloc aside).
  void content_probabilities(std::span<const float> rows, std::span<double> out,
                             const std::vector<bool>& skip = {}) const;

 private:
  friend struct detail::LearnedModelMaker;
  // A compiled-in model (best_model.cpp): checks \p data as the public constructor does but
  // for its trees, which best_model_codegen checked at build time with the same code, and
  // takes \p dense, built there too, as their dense form.
  LearnedModel(LearnedModelData data, std::shared_ptr<const detail::DenseForest> dense);

  std::size_t num_outputs() const noexcept;
  LearnedModelData m_data;
  // The trees in a dense, branch-free layout when they are shallow and have one output (the
  // best extractor's model); content_probabilities walks it.
  std::shared_ptr<const detail::DenseForest> m_dense;
};

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// Learners for block classifiers: OpenCV's CART decision tree (the paper's classifier
/// family) and XGBoost's boosted trees, both exported to a LearnedModel that libboilerdex
/// runs without them. Neither library appears in this header.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/learned_model.hpp"
#include "labelled_pages.hpp"

namespace boilerdex::plugin::train {

/// Rows of features with their class and weight.
struct TrainingSet {
  FeatureSet feature_set = FeatureSet::Current;
  std::size_t num_classes = 2;  ///< 2 (boilerplate, content) or 4 (BlockClass order)
  std::vector<float> x;         ///< row-major, feature_count(feature_set) per row
  std::vector<int> y;           ///< class per row, < num_classes
  std::vector<float> weight;    ///< per row, > 0

  [[nodiscard]] std::size_t rows() const noexcept { return y.size(); }
  [[nodiscard]] std::span<const float> row(std::size_t i) const noexcept {
    const std::size_t n = feature_count(feature_set);
    return {x.data() + i * n, n};
  }
};

/// How blocks weigh in training. The block-level evaluation weighs blocks by words, so Words
/// trains for it; page-level measures (mean per-page F1) count every page alike, so
/// PageWords gives each page the same total weight, shared among its blocks by their words
/// (100 × words / page words). Blocks without words never take part.
enum class Weighting : std::uint8_t { Words, SqrtWords, Blocks, PageWords };

/// "words", "sqrt-words", "blocks", "page-words"; parse_weighting is its inverse. Never throw.
[[nodiscard]] std::string_view weighting_name(Weighting w) noexcept;
[[nodiscard]] std::optional<Weighting> parse_weighting(std::string_view name) noexcept;

/// The class of \p gold in a \p num_classes problem (2: content = every non-boilerplate).
[[nodiscard]] int class_index(BlockClass gold, std::size_t num_classes) noexcept;

/// Appends the rows of \p pages (blocks with words only) to \p set, whose feature_set and
/// num_classes say what to build. \throws std::bad_alloc only.
void append_rows(TrainingSet& set, std::span<const LabelledPage* const> pages, Weighting weighting);

/// The learning algorithms.
enum class Learner : std::uint8_t { Cart, XGBoost };

/// "cart", "xgboost"; parse_learner is its inverse. Never throw.
[[nodiscard]] std::string_view learner_name(Learner l) noexcept;
[[nodiscard]] std::optional<Learner> parse_learner(std::string_view name) noexcept;

/// Learner settings. Defaults are the ones the README's figures were made with.
struct LearnerOptions {
  Learner learner = Learner::XGBoost;
  std::uint64_t seed = 1;
  /// XGBoost threads. boilerdex-train keeps 1 and trains folds in parallel instead, so that
  /// figures depend on the seed alone (float sums in other orders could move a split).
  unsigned threads = 1;
  double threshold = 0.5;   ///< stored in the model: keep a block when P(content) ≥ it
  // CART (OpenCV DTrees)
  int cart_max_depth = 8;
  int cart_min_samples = 20;  ///< rows a node needs to be split
  // XGBoost
  int rounds = 200;
  int max_depth = 6;
  double eta = 0.1;
  double subsample = 0.8;
  double colsample = 0.8;
  double min_child_weight = 1.0;
};

/// A trained classifier still held by its library, for checking the export.
class NativeClassifier {
 public:
  virtual ~NativeClassifier() = default;
  /// The classifier as a model file's content.
  [[nodiscard]] virtual LearnedModel export_model() const = 0;
  /// The library's own predicted class for each row of \p set (CART: its leaf class;
  /// XGBoost: arg max of its probabilities).
  [[nodiscard]] virtual std::vector<int> predict_classes(const TrainingSet& set) const = 0;
  /// The library's own class probabilities, num_classes per row; empty when it gives none
  /// (CART gives a class only).
  [[nodiscard]] virtual std::vector<double> predict_probabilities(const TrainingSet& set) const = 0;
};

/// Trains on \p set. Deterministic for a given seed and thread count.
/// \throws UsageError when \p set is empty or has one class only; Error when the library
/// fails (its message kept).
[[nodiscard]] std::unique_ptr<NativeClassifier> train_native(const TrainingSet& set,
                                                             const LearnerOptions& options);

/// train_native(set, options)->export_model().
[[nodiscard]] LearnedModel train_model(const TrainingSet& set, const LearnerOptions& options);

namespace detail {
[[nodiscard]] std::unique_ptr<NativeClassifier> train_cart(const TrainingSet& set,
                                                           const LearnerOptions& options);
[[nodiscard]] std::unique_ptr<NativeClassifier> train_xgboost(const TrainingSet& set,
                                                              const LearnerOptions& options);
}  // namespace detail

}  // namespace boilerdex::plugin::train

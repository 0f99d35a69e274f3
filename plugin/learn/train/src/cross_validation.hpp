#pragma once
/// \file
/// k-fold cross-validation of block classifiers with folds by page (the blocks of one page
/// never straddle training and test), scored with the block-level evaluation
/// (BlockEvaluator, evaluation.hpp): word-weighted precision, recall, F1, FP rate and ROC
/// AUC, 2-class and 4-class, pooled over the folds as the WSDM 2010 paper's Table 2 is.
/// Held-out blocks are classified by the exported LearnedModel, the code the `learned:`
/// extractor runs, so the figures are those of the model files.

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

#include "boilerdex/plugin/evaluation.hpp"
#include "labelled_pages.hpp"
#include "learners.hpp"

namespace boilerdex::plugin::train {

/// One classifier configuration: a row of the table.
struct ModelConfig {
  Learner learner = Learner::XGBoost;
  FeatureSet feature_set = FeatureSet::LocalPage;
  std::size_t num_classes = 2;
};

/// Cross-validation settings.
struct CrossValidationOptions {
  std::size_t folds = 10;
  LearnerOptions learner;  ///< learner and seed are taken from here, except `learner`
  Weighting weighting = Weighting::Words;
  unsigned threads = 1;  ///< folds trained at once
};

/// Cross-validated figures of one configuration.
struct CrossValidationResult {
  ModelConfig config;
  BinaryBlockScores two_class;  ///< content = P(content) ≥ threshold, scored by P(content)
  /// 4-class models only: per class one vs the rest (predicted class = arg max, scored by
  /// that class's probability) and their word-weighted average, the paper's 4-class figures.
  std::optional<std::array<BinaryBlockScores, 4>> per_class;
  std::optional<BinaryBlockScores> four_class;
  std::size_t pages = 0;
  std::size_t blocks = 0;   ///< blocks with words
  double train_seconds = 0;  ///< summed over folds
};

/// The fold (0 … folds−1) of each of \p pages pages: a seeded shuffle dealt round-robin,
/// so fold sizes differ by at most one. Same result on every platform for a given seed.
[[nodiscard]] std::vector<std::size_t> page_folds(std::size_t pages, std::size_t folds,
                                                  std::uint64_t seed);

/// Cross-validates \p config on \p pages.
/// \throws UsageError when folds < 2 or exceeds the pages, or a 4-class model is asked of
/// pages without 4-class labels; what train_native throws.
[[nodiscard]] CrossValidationResult cross_validate(const std::vector<LabelledPage>& pages,
                                                   const ModelConfig& config,
                                                   const CrossValidationOptions& options);

/// Writes \p results as Markdown: 2-class and 4-class tables (P, R, F1, FP rate, AUC in %)
/// beside the WSDM 2010 paper's published Table 2 figures.
void write_cross_validation_table(const std::vector<CrossValidationResult>& results,
                                  std::size_t folds, std::ostream& out);

}  // namespace boilerdex::plugin::train

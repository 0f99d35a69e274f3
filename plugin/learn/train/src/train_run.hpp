#pragma once
/// \file
/// What `boilerdex-train` does: label pages, cross-validate classifier configurations and
/// print the table, and/or train one model on every page and save its model file.

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <vector>

#include "cross_validation.hpp"

namespace boilerdex::plugin::train {

/// The tool's options.
struct TrainOptions {
  std::vector<DatasetSpec> datasets;        ///< at least one
  std::vector<Learner> learners;            ///< empty = {xgboost}
  std::vector<FeatureSet> feature_sets;     ///< empty = {local+page}
  std::vector<std::size_t> classes;         ///< empty = {2}
  std::size_t folds = 0;                    ///< cross-validate every configuration; 0 = no
  std::filesystem::path output;             ///< model file to write; empty = none
  LearnerOptions learner;                   ///< settings (learner field ignored)
  Weighting weighting = Weighting::Words;
  LabelOptions labels;                      ///< how gold becomes classes
  std::size_t limit = 0;                    ///< first N pages of each data set; 0 = all
  unsigned threads = 1;                     ///< labelling threads and parallel folds
};

/// Runs \p options: the table to \p out, progress and notes to \p log. With an output file
/// exactly one configuration must be given; its model is trained on every labelled page.
/// Returns 0.
/// \throws UsageError for contradictory options (no data set, no work, several
/// configurations with an output file, 4 classes on text-aligned data); InputError when a
/// data set cannot be opened or the model file written.
int run_train(const TrainOptions& options, std::ostream& out, std::ostream& log);

}  // namespace boilerdex::plugin::train

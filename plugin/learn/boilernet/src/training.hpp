#pragma once
/// \file
/// Private: training a BoilerNet model on labelled pages.

#include <cstdint>
#include <iosfwd>
#include <vector>

#include "features.hpp"
#include "model.hpp"

namespace boilerdex::plugin::boilernet {

/// How to train.
struct TrainingOptions {
  Hyperparameters model{};
  int epochs = 15;
  std::size_t batch_pages = 8;  ///< pages per optimiser step
  double learning_rate = 2e-3;  ///< Adam
  double clip_norm = 5.0;       ///< gradient norm clipping
  std::uint64_t seed = 1;       ///< weights, dropout and page order
  std::ostream* log = nullptr;  ///< one line per epoch when set
};

/// One training page: its blocks' features and a 0/1 label per block.
struct TrainingPage {
  PageFeatures features;
  std::vector<float> labels;
};

/// What happened during training.
struct TrainingReport {
  std::vector<double> epoch_loss;  ///< mean weighted BCE per block, per epoch
  std::size_t pages = 0;
  std::size_t blocks = 0;
  std::size_t positives = 0;
  double positive_weight = 1.0;  ///< loss weight of a content block
  double negative_weight = 1.0;  ///< loss weight of a boilerplate block
  double seconds = 0.0;
};

/// Builds the vocabularies from \p pages, then trains with Adam on weighted binary
/// cross-entropy: each class weighs blocks / (2 × its blocks), so the minority class
/// counts as much as the majority. Pages are shuffled each epoch by a generator seeded
/// with options.seed, and torch's generator is seeded with it too: with one torch thread
/// (set_torch_threads(1)) the same pages and options give the same model, bit for bit.
/// Pages without blocks are ignored.
/// \throws UsageError when no page has a block, when labels and blocks differ in number,
/// or when an option is out of range.
[[nodiscard]] Model train(const std::vector<TrainingPage>& pages, const TrainingOptions& options,
                          TrainingReport* report = nullptr);

}  // namespace boilerdex::plugin::boilernet

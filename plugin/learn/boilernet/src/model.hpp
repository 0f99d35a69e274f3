#pragma once
/// \file
/// Private: the BoilerNet network and its model file. Per block, a dense projection of its
/// bag of tags and words (an EmbeddingBag summing weighted rows, then a bias and ReLU),
/// bidirectional LSTM layers over the page's block sequence, and one logit per block
/// (sigmoid = probability of main content).
///
/// Model file: a torch::serialize archive (zip, as torch::save writes) with the keys
///   format      "boilerdex-boilernet"
///   version     1
///   hyper       [max_tags, max_words, dense, hidden, layers] (ints), dropout (double key)
///   tags, words the vocabularies, in slot order (lists of strings)
///   net         the module's parameters (project.weight, project_bias, lstm.*, output.*)

#include <torch/torch.h>

#include <cstdint>
#include <filesystem>
#include <vector>

#include "features.hpp"

namespace boilerdex::plugin::boilernet {

/// The network's shape. Defaults: BoilerNet's 2 BiLSTM layers and vocabulary sizes of 50
/// tags and 1000 words; dense 128 and 64 LSTM units per direction (the paper: 256/256)
/// keep CPU training in minutes.
struct Hyperparameters {
  std::int64_t max_tags = 50;
  std::int64_t max_words = 1000;
  std::int64_t dense = 128;
  std::int64_t hidden = 64;  ///< LSTM units per direction
  std::int64_t layers = 2;
  double dropout = 0.3;  ///< after the projection and before the output layer (training)
};

/// The network. forward() takes a batch of pages whose bags are concatenated.
class BoilerNetImpl : public torch::nn::Module {
 public:
  BoilerNetImpl(std::int64_t vocabulary_size, const Hyperparameters& h);
  /// \param indices, weights  every block's bag entries (int64, float), pages in order
  /// \param offsets           bag starts, one per block plus the end (int64)
  /// \param lengths           blocks per page (int64, each > 0), sum = number of blocks
  /// \returns logits [pages, longest page]; positions beyond a page's length are padding.
  torch::Tensor forward(const torch::Tensor& indices, const torch::Tensor& offsets,
                        const torch::Tensor& weights, const torch::Tensor& lengths);

 private:
  torch::nn::EmbeddingBag m_project{nullptr};
  torch::Tensor m_project_bias;
  torch::nn::Dropout m_dropout{nullptr};
  torch::nn::LSTM m_lstm{nullptr};
  torch::nn::Linear m_output{nullptr};
};
TORCH_MODULE(BoilerNet);

/// A batch of pages as tensors for BoilerNet::forward (pages with no block are left out).
struct Batch {
  torch::Tensor indices;
  torch::Tensor offsets;
  torch::Tensor weights;
  torch::Tensor lengths;
  std::vector<std::int64_t> page_lengths;
};

/// Concatenates \p pages into one batch. \throws std::bad_alloc only.
[[nodiscard]] Batch make_batch(const std::vector<const PageBags*>& pages);

/// Vocabulary + network: what a model file holds.
class Model {
 public:
  /// A fresh network (weights from torch's generator: call torch::manual_seed first).
  Model(Vocabulary vocabulary, const Hyperparameters& hyperparameters);

  /// Reads a model file written by save().
  /// \throws InputError naming \p path when it cannot be read, is not a BoilerNet model,
  /// or its weights do not fit its vocabulary and shape.
  [[nodiscard]] static Model load(const std::filesystem::path& path);

  /// Writes the model file (see the file comment). \throws InputError naming \p path.
  void save(const std::filesystem::path& path) const;

  /// Probability of main content per block of \p page (empty for no blocks). Inference
  /// mode, no dropout; safe from several threads at once. \throws std::bad_alloc only.
  [[nodiscard]] std::vector<float> predict(const PageBags& page) const;

  [[nodiscard]] const Vocabulary& vocabulary() const noexcept { return m_vocabulary; }
  [[nodiscard]] const Hyperparameters& hyperparameters() const noexcept { return m_hyper; }
  [[nodiscard]] BoilerNet& net() noexcept { return m_net; }

 private:
  Vocabulary m_vocabulary;
  Hyperparameters m_hyper;
  BoilerNet m_net;
};

/// Torch's intra-op threads for this process (boilerdex parallelises over pages, and
/// one thread makes CPU training bit-for-bit reproducible). Never throws.
void set_torch_threads(int threads) noexcept;

}  // namespace boilerdex::plugin::boilernet

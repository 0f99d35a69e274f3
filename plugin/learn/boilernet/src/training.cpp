#include "training.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <numeric>
#include <ostream>
#include <random>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin::boilernet {

namespace {

void check_options(const TrainingOptions& o) {
  const auto& h = o.model;
  if (o.epochs < 1) throw UsageError("train: --epochs must be at least 1");
  if (o.batch_pages < 1) throw UsageError("train: --batch must be at least 1");
  if (!(o.learning_rate > 0.0)) throw UsageError("train: --learning-rate must be positive");
  if (h.max_tags < 0 || h.max_words < 0) throw UsageError("train: vocabulary sizes must be >= 0");
  if (h.dense < 1 || h.hidden < 1 || h.layers < 1)
    throw UsageError("train: --dense, --hidden and --layers must be at least 1");
  if (!(h.dropout >= 0.0 && h.dropout < 1.0)) throw UsageError("train: --dropout must be in [0, 1)");
}

}  // namespace

Model train(const std::vector<TrainingPage>& pages, const TrainingOptions& options,
            TrainingReport* report) {
  check_options(options);
  const auto start = std::chrono::steady_clock::now();
  TrainingReport r;
  VocabularyBuilder builder;
  std::vector<std::size_t> used;  // pages with blocks
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const auto& p = pages[i];
    if (p.labels.size() != p.features.blocks())
      throw UsageError("train: page " + std::to_string(i) + " has " +
                       std::to_string(p.features.blocks()) + " blocks but " +
                       std::to_string(p.labels.size()) + " labels");
    if (p.features.blocks() == 0) continue;
    builder.add(p.features);
    used.push_back(i);
    r.blocks += p.labels.size();
    r.positives += static_cast<std::size_t>(std::count(p.labels.begin(), p.labels.end(), 1.0f));
  }
  if (used.empty()) throw UsageError("train: no training page has a text block");
  r.pages = used.size();
  const std::size_t negatives = r.blocks - r.positives;
  r.positive_weight = r.positives > 0 ? static_cast<double>(r.blocks) / (2.0 * r.positives) : 1.0;
  r.negative_weight = negatives > 0 ? static_cast<double>(r.blocks) / (2.0 * negatives) : 1.0;

  torch::manual_seed(options.seed);
  Model model(builder.build(static_cast<std::size_t>(options.model.max_tags),
                            static_cast<std::size_t>(options.model.max_words)),
              options.model);
  std::vector<PageBags> bags;
  std::vector<torch::Tensor> labels;
  bags.reserve(used.size());
  for (const auto i : used) {
    bags.push_back(encode(pages[i].features, model.vocabulary()));
    labels.push_back(torch::tensor(pages[i].labels, torch::kFloat32));
  }

  BoilerNet& net = model.net();
  net->train();
  torch::optim::Adam optimiser(net->parameters(), torch::optim::AdamOptions(options.learning_rate));
  std::mt19937_64 shuffle(options.seed);
  std::vector<std::size_t> order(bags.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::vector<const PageBags*> batch_pages;
  std::vector<torch::Tensor> batch_labels;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), shuffle);
    double loss_sum = 0.0;
    for (std::size_t first = 0; first < order.size(); first += options.batch_pages) {
      const std::size_t last = std::min(order.size(), first + options.batch_pages);
      batch_pages.clear();
      batch_labels.clear();
      for (std::size_t k = first; k < last; ++k) {
        batch_pages.push_back(&bags[order[k]]);
        batch_labels.push_back(labels[order[k]]);
      }
      const Batch batch = make_batch(batch_pages);
      const torch::Tensor logits = net->forward(batch.indices, batch.offsets, batch.weights, batch.lengths);
      // Padding positions get label 0 and weight 0.
      const torch::Tensor target =
          torch::nn::utils::rnn::pad_sequence(batch_labels, /*batch_first=*/true);
      const torch::Tensor mask =
          (torch::arange(logits.size(1), torch::kInt64).unsqueeze(0) < batch.lengths.unsqueeze(1))
              .to(torch::kFloat32);
      const torch::Tensor weight =
          mask * (target * r.positive_weight + (1 - target) * r.negative_weight);
      const torch::Tensor loss_sum_batch = torch::binary_cross_entropy_with_logits(
          logits, target, weight, /*pos_weight=*/{}, at::Reduction::Sum);
      const torch::Tensor loss = loss_sum_batch / mask.sum();
      optimiser.zero_grad();
      loss.backward();
      torch::nn::utils::clip_grad_norm_(net->parameters(), options.clip_norm);
      optimiser.step();
      loss_sum += loss_sum_batch.item<double>();
    }
    r.epoch_loss.push_back(loss_sum / static_cast<double>(r.blocks));
    if (options.log != nullptr) {
      const std::chrono::duration<double> t = std::chrono::steady_clock::now() - start;
      *options.log << "epoch " << epoch << '/' << options.epochs << ": loss " << std::fixed
                   << std::setprecision(4) << r.epoch_loss.back() << ", " << std::setprecision(1)
                   << t.count() << " s" << std::defaultfloat << std::endl;
    }
  }
  net->eval();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (report != nullptr) *report = std::move(r);
  return model;
}

}  // namespace boilerdex::plugin::boilernet

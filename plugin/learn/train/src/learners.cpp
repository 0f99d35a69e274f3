#include "learners.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin::train {

namespace {
constexpr std::array<std::string_view, 4> k_weightings = {"words", "sqrt-words", "blocks", "page-words"};
constexpr std::array<std::string_view, 2> k_learners = {"cart", "xgboost"};

template <typename Enum, std::size_t N>
std::optional<Enum> parse_name(const std::array<std::string_view, N>& names, std::string_view name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<Enum>(it - names.begin());
}
}  // namespace

std::string_view weighting_name(Weighting w) noexcept { return k_weightings[static_cast<std::size_t>(w)]; }

std::optional<Weighting> parse_weighting(std::string_view name) noexcept {
  return parse_name<Weighting>(k_weightings, name);
}

std::string_view learner_name(Learner l) noexcept { return k_learners[static_cast<std::size_t>(l)]; }

std::optional<Learner> parse_learner(std::string_view name) noexcept {
  return parse_name<Learner>(k_learners, name);
}

int class_index(BlockClass gold, std::size_t num_classes) noexcept {
  if (num_classes == 2) return gold == BlockClass::Boilerplate ? 0 : 1;
  return static_cast<int>(gold);
}

void append_rows(TrainingSet& set, std::span<const LabelledPage* const> pages, Weighting weighting) {
  const std::size_t width = feature_count(set.feature_set);
  for (const LabelledPage* page : pages) {
    const std::vector<float> rows = page_rows(*page, set.feature_set);
    double page_words = 0;
    for (const auto& f : page->features) page_words += std::max(0, f.num_words);
    for (std::size_t i = 0; i < page->features.size(); ++i) {
      const int words = page->features[i].num_words;
      if (words <= 0) continue;
      const auto row = rows.begin() + static_cast<std::ptrdiff_t>(i * width);
      set.x.insert(set.x.end(), row, row + static_cast<std::ptrdiff_t>(width));
      set.y.push_back(class_index(page->gold[i], set.num_classes));
      const auto w = static_cast<float>(words);
      const float block = weighting == Weighting::Words       ? w
                          : weighting == Weighting::SqrtWords ? std::sqrt(w)
                          : weighting == Weighting::PageWords ? static_cast<float>(100.0 * words / page_words)
                                                              : 1.0f;
      set.weight.push_back(block * static_cast<float>(page->weight));
    }
  }
}

std::unique_ptr<NativeClassifier> train_native(const TrainingSet& set, const LearnerOptions& options) {
  if (set.rows() == 0) throw UsageError("no labelled blocks to train on");
  if (set.num_classes != 2 && set.num_classes != 4)
    throw UsageError("a block classifier has 2 or 4 classes");
  if (std::all_of(set.y.begin(), set.y.end(), [&](int c) { return c == set.y.front(); }))
    throw UsageError("the labelled blocks all have one class; nothing to learn");
  switch (options.learner) {
    case Learner::Cart: return detail::train_cart(set, options);
    case Learner::XGBoost: return detail::train_xgboost(set, options);
  }
  throw UsageError("unknown learner");
}

LearnedModel train_model(const TrainingSet& set, const LearnerOptions& options) {
  return train_native(set, options)->export_model();
}

}  // namespace boilerdex::plugin::train

// Block-level scores (evaluation.hpp): each parse block's gold class against what an
// extractor kept, per class and weighted by words; precision, recall, F1, false-positive
// rate and ROC AUC from the extractor's block scores. The measure the paper reports on L3S-GN1.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/learned_labels.hpp"

namespace boilerdex::plugin {

namespace {

double ratio(double a, double b) { return b > 0.0 ? a / b : std::numeric_limits<double>::quiet_NaN(); }

}  // namespace

BlockClass block_class(L3sClass label) noexcept {
  switch (label) {
    case L3sClass::FullText:
    case L3sClass::Comments:
      return BlockClass::FullText;
    case L3sClass::Headline:
      return BlockClass::Headline;
    case L3sClass::Supplemental:
      return BlockClass::Supplemental;
    default:
      return BlockClass::Boilerplate;
  }
}

void BlockEvaluator::add(BlockClass gold, int words, bool kept, double score) {
  if (words <= 0) return;
  if (std::isnan(score)) score = kept ? 1.0 : 0.0;
  m_blocks.push_back({score, static_cast<float>(words), gold, kept});
}

void BlockEvaluator::add_page(const TextDocument& parsed, const std::vector<BlockClass>& gold,
                              const TextDocument& extracted) {
  std::vector<double> score(parsed.num_parse_blocks, 0.0);
  for (const auto& block : extracted.blocks) {
    const double s = std::isnan(block.score) ? (block.is_content ? 1.0 : 0.0) : block.score;
    for (const auto o : block.origins) {
      if (o < score.size()) score[o] = s;
    }
  }
  const std::vector<bool> kept = content_mask(extracted);
  for (std::size_t i = 0; i < parsed.blocks.size() && i < gold.size(); ++i) {
    const auto& b = parsed.blocks[i];
    if (b.origins.empty() || b.origins.front() >= kept.size()) continue;
    const auto o = b.origins.front();
    add(gold[i], b.num_words, kept[o], score[o]);
  }
}

void BlockEvaluator::merge(const BlockEvaluator& other) {
  m_blocks.insert(m_blocks.end(), other.m_blocks.begin(), other.m_blocks.end());
}

namespace {

// One binary problem over weighted, scored items. Items are (score, weight, positive,
// predicted); the AUC ranks by score (higher = more positive), ties counting one half.
struct WeightedItem {
  double score;
  double weight;
  bool positive;
  bool predicted;
};

BinaryBlockScores binary_scores(std::vector<WeightedItem>& items) {
  double tp = 0, fp = 0, fn = 0, tn = 0;
  for (const auto& it : items) {
    if (it.positive) {
      (it.predicted ? tp : fn) += it.weight;
    } else {
      (it.predicted ? fp : tn) += it.weight;
    }
  }
  BinaryBlockScores s;
  s.positive_words = tp + fn;
  s.negative_words = fp + tn;
  s.precision = tp + fp > 0 ? tp / (tp + fp) : 0.0;
  s.recall = ratio(tp, tp + fn);
  s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0.0;
  s.fp_rate = ratio(fp, fp + tn);
  std::sort(items.begin(), items.end(),
            [](const WeightedItem& a, const WeightedItem& b) { return a.score < b.score; });
  double negatives_below = 0, area = 0;
  for (std::size_t i = 0; i < items.size();) {
    double pos = 0, neg = 0;
    std::size_t j = i;
    for (; j < items.size() && items[j].score == items[i].score; ++j) {
      (items[j].positive ? pos : neg) += items[j].weight;
    }
    area += pos * (negatives_below + 0.5 * neg);
    negatives_below += neg;
    i = j;
  }
  s.roc_auc = ratio(area, s.positive_words * s.negative_words);
  return s;
}

}  // namespace

BlockScores BlockEvaluator::result() const {
  BlockScores out;
  out.blocks = m_blocks.size();
  std::vector<WeightedItem> items;
  items.reserve(m_blocks.size());
  for (const auto& b : m_blocks) {
    items.push_back({b.score, b.words, b.gold != BlockClass::Boilerplate, b.kept});
  }
  out.two_class = binary_scores(items);

  for (std::size_t c = 0; c < out.per_class.size(); ++c) {
    const auto cls = static_cast<BlockClass>(c);
    const bool boilerplate = cls == BlockClass::Boilerplate;
    items.clear();
    for (const auto& b : m_blocks) {
      items.push_back({boilerplate ? -b.score : b.score, b.words, b.gold == cls,
                       boilerplate ? !b.kept : b.kept});
    }
    out.per_class[c] = binary_scores(items);
  }
  out.four_class = weighted_average(out.per_class);
  return out;
}

BinaryBlockScores weighted_average(const std::array<BinaryBlockScores, 4>& per_class) {
  BinaryBlockScores avg;
  double total = 0;
  for (const auto& s : per_class) {
    if (s.positive_words <= 0) continue;  // a class absent from the data weighs nothing
    const double w = s.positive_words;
    total += w;
    avg.precision += w * s.precision;
    avg.recall += w * s.recall;
    avg.f1 += w * s.f1;
    avg.fp_rate += w * (std::isnan(s.fp_rate) ? 0.0 : s.fp_rate);
    avg.roc_auc += w * (std::isnan(s.roc_auc) ? 0.5 : s.roc_auc);
  }
  if (total > 0) {
    avg.precision /= total;
    avg.recall /= total;
    avg.f1 /= total;
    avg.fp_rate /= total;
    avg.roc_auc /= total;
  }
  avg.positive_words = total;
  avg.negative_words = 0;
  return avg;
}

}  // namespace boilerdex::plugin

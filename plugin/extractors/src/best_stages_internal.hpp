// best's learned stages (best_model.hpp) as BestExtractor and the training rows of its
// stacked stage both run them, so that the second stage learns from the verdicts the
// extractor reaches. Private to plugin/extractors.
#pragma once

#include <span>
#include <vector>

#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/learned_model.hpp"
#include "boilerdex/plugin/page_markup.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::detail {

/// P(content) of every block of \p fresh by \p model over \p features' rows, a chunk of
/// blocks at a time: a huge page never holds all of its rows. With \p verdict, over the rows
/// the page reads with that verdict in place of the rules' (BestFeatureRows::restate).
/// \p kept (when given): a page of one chunk leaves its rows there after a call without a
/// verdict, and a call with one rewrites them there rather than writing every column again.
/// Blocks without words get 0. \throws PageTimeLimitError when \p fresh's deadline passes
/// (checked after each chunk); std::bad_alloc.
[[nodiscard]] std::vector<double> model_probabilities(const LearnedModel& model, const BestFeatureRows& features,
                                                      const TextDocument& fresh,
                                                      const BestFeatureRows::Verdict* verdict,
                                                      std::vector<float>* kept);

/// A learned stage's verdict: the model's P(content) per block (\p q), and learned_verdict of
/// it (\p keep, \p score).
struct StageVerdict {
  std::vector<double> q;
  std::vector<bool> keep;
  std::vector<double> score;
};

/// learned_verdict of \p q with \p options' blend and thresholds: options.model_weight,
/// options.model_threshold (when > 0; else \p model's own threshold) and
/// options.model_hinted_threshold. \throws as learned_verdict.
[[nodiscard]] StageVerdict stage_verdict(std::vector<double> q, const LearnedModel& model, const BestRuleResult& rules,
                                         const std::vector<BlockMarkup>& markup, const BestOptions& options);

/// best's decision on the page from its learned stages' verdict \p v: with
/// options.expected_f1 > 0, expected_f1_verdict over the blocks by v.q, weighing each by its
/// \p words, where side matter (rules.hinted without comment vocabulary) is eligible only when
/// v keeps it (its blended score reaches the hinted threshold), together with every block that both
/// \p rules and \p v keep; with 0, v.keep. \throws std::invalid_argument when the sizes
/// differ; std::bad_alloc.
[[nodiscard]] std::vector<bool> page_decision(const StageVerdict& v, const BestRuleResult& rules,
                                              const std::vector<BlockMarkup>& markup, std::span<const double> words,
                                              const BestOptions& options);

}  // namespace boilerdex::plugin::detail

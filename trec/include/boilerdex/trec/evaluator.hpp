#pragma once
/// \file
/// Evaluating a run against qrels as trec_eval 10.0 does, and printing trec_eval's output.

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/trec/measures.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/run_file.hpp"

namespace boilerdex::trec {

/// trec_eval's options, plus --binarize.
struct EvalOptions {
  Label relevance_level = 1;  ///< -l: relevant when label >= this
  bool complete = false;      ///< -c: average over every qrels topic (missing ones score 0)
  bool judged_only = false;   ///< -J: drop retrieved documents absent from the qrels first
  std::optional<std::size_t> max_retrieved;  ///< -M: keep the first N after sorting
  /// --binarize: before evaluating, labels >= this become 1 and other non-negative labels 0
  /// (Qrels::binarized), so NDCG measures topic relevance on opinion-graded qrels.
  std::optional<Label> binarize;
};

/// The values of one topic, aligned with Evaluation::measures.
struct TopicValues {
  std::string qid;
  std::vector<double> values;
};

/// The result of evaluate().
struct Evaluation {
  std::string run_id;              ///< the run's tag (trec_eval's "runid" line)
  std::vector<Measure> measures;   ///< the columns
  std::vector<TopicValues> topics; ///< evaluated topics in qid order (string order)
  std::vector<double> summary;     ///< the "all" values: mean, sum for counts, geometric
                                   ///< mean for gm_map; aligned with measures
  std::size_t num_queries = 0;     ///< topics averaged over (num_q)

  /// The value of the measure printed as \p measure_name ("P_10") for topic \p qid, or for
  /// the summary when \p qid is "all"; std::nullopt when either is absent.
  [[nodiscard]] std::optional<double> value(std::string_view qid,
                                            std::string_view measure_name) const;
};

/// Evaluates \p run against \p qrels for \p measures (trec_eval.c's flow):
/// - topics evaluated: those in both the run and the qrels; with options.complete, also
///   every qrels topic the run lacks (all its values 0 except num_rel);
/// - each topic's documents sorted by score descending, ties by docno descending
///   (strcmp order), then -J and -M applied (form_res_rels.c);
/// - summary: mean over evaluated topics (sum for counts, geometric mean for gm_map).
/// \throws ParseError-free; throws UsageError when a run topic is missing from the qrels
///         and options.complete is false (trec_eval 10.0 stops there as well) or when
///         \p measures is empty.
[[nodiscard]] Evaluation evaluate(const Qrels& qrels, const Run& run,
                                  std::span<const Measure> measures,
                                  const EvalOptions& options = {});

/// Prints \p evaluation in trec_eval's format: `%-22s\t%s\t%.4f` (counts as integers),
/// per-topic lines first when \p per_topic (-q), measure by measure, then the "all" lines;
/// a runid line leads when the measures are trec_eval's "official" set.
void print_evaluation(std::ostream& out, const Evaluation& evaluation, bool per_topic);

}  // namespace boilerdex::trec

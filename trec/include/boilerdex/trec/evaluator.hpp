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
  bool print_runid = false;        ///< whether print_evaluation() starts the summary with
                                   ///< trec_eval's runid line
  /// Run topics absent from the qrels: trec_eval ignores them silently; tools warn.
  std::vector<std::string> topics_without_qrels;

  /// The value of the measure printed as \p measure_name ("P_10") for topic \p qid, or for
  /// the summary when \p qid is "all"; std::nullopt when either is absent.
  [[nodiscard]] std::optional<double> value(std::string_view qid,
                                            std::string_view measure_name) const;
};

/// Evaluates \p run against \p qrels for \p measures (trec_eval.c's flow):
/// - topics evaluated, in qid order: the qrels topics the run has; with options.complete,
///   every qrels topic, one the run lacks being scored as trec_eval 10.0 does (a ranking
///   of one unjudged document, num_ret then set to 0). Run topics without qrels are
///   skipped and listed in topics_without_qrels;
/// - a run topic with no entries (write_run() for a query that matched nothing) is
///   evaluated as its file would be: one retrieved document, no_result_docno;
/// - each topic's documents sorted by score descending, ties by docno descending
///   (strcmp order), then -M, then -J (form_res_rels.c);
/// - summary: mean over evaluated topics (sum for counts, geometric mean for gm_map).
/// Thread-safe (pure). Complexity O(n log n) in the run's size.
/// \throws UsageError when \p measures is empty or options.max_retrieved is 0;
///         Error("no queries with both results and relevance info") when nothing is left
///         to evaluate (trec_eval exits with status 7 there).
[[nodiscard]] Evaluation evaluate(const Qrels& qrels, const Run& run,
                                  std::span<const Measure> measures,
                                  const EvalOptions& options = {});

/// Prints \p evaluation exactly as trec_eval 10.0 does (meas_print_single.c,
/// meas_print_final.c): `printf("%-22s\t%s\t%6.4f\n", name, qid, value)`, counts with
/// `%ld`; with \p per_topic (-q) every topic's lines first (topic by topic, measures in
/// print order; num_q and gm_map have no per-topic line), then the "all" lines, led by
/// `runid  all  TAG` when evaluation.print_runid. A non-empty \p run_label starts every
/// line, followed by a tab (`RUN<TAB>P_10<TAB>all<TAB>0.4000`): how `eval` tells several
/// runs' lines apart.
void print_evaluation(std::ostream& out, const Evaluation& evaluation, bool per_topic,
                      std::string_view run_label = {});

}  // namespace boilerdex::trec

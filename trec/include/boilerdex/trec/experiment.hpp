#pragma once
/// \file
/// The main job of boilerdex-trec: one experiment over every view of an index set.
/// Build the index set when it is missing or stale, run every topic against every view,
/// evaluate each run as `trec_eval -c` does, compare each view with the baseline by paired
/// two-sided tests (t-test and randomization test, Holm-corrected over the views), and
/// write the tables, the per-topic values, the figure and the run files:
///
///   OUT/table.md        the comparison table (also printed), Markdown
///   OUT/table.tsv       the same with every p-value, one row per view, tab-separated
///   OUT/per_topic.tsv   view, qid, P_10, ndcg_cut_10, map for every view and qrels topic
///   OUT/figure.svg      P@10 and NDCG@10 against the min-words and min-density cut-offs
///   OUT/runs/VIEW.run   one TREC run file per view (VIEW = the view's directory name)
///
/// With `[trec] gold` (a folder of DOCNO.txt gold texts), the gold texts are also indexed as
/// a collection of their own, INDEX-gold beside the index set (from INDEX-gold.trec, view
/// all, the same term settings; rebuilt when the texts change), run and evaluated the same
/// way, and reported as the row "gold" (OUT/runs/gold.run): what a perfect extractor gives.

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/config/config.hpp"
#include "boilerdex/indexer/view_spec.hpp"
#include "boilerdex/trec/plot.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/significance.hpp"

namespace boilerdex::trec {

/// The measures an experiment reports, in table order: P_10, ndcg_cut_10, map.
inline constexpr std::size_t experiment_measure_count = 3;
/// trec_eval's names of the measures, in table order.
inline constexpr std::array<std::string_view, experiment_measure_count> experiment_measure_names = {
    "P_10", "ndcg_cut_10", "map"};
/// Their names in tables and figures.
inline constexpr std::array<std::string_view, experiment_measure_count> experiment_measure_labels = {
    "P@10", "NDCG@10", "MAP"};

/// What run_experiment does beyond the configuration.
struct ExperimentOptions {
  bool rebuild = false;          ///< rebuild the index set even when it is up to date
  unsigned threads = 0;          ///< views run in parallel; 0: hardware concurrency
  std::string baseline;          ///< view name; empty: "all" when present, else the first view
  std::size_t primary_measure = 0;  ///< index into experiment_measure_names for the Δ and p columns
  std::uint64_t permutations = 100000;  ///< randomization test
  std::uint64_t seed = 20060202;        ///< randomization test
  double alpha = 0.05;                  ///< significance level of the markers (Holm-adjusted)
  Label relevance_level = 1;            ///< trec_eval -l
  /// Binarize the qrels first (labels >= this become 1, see Qrels::binarized): for qrels
  /// whose labels are not grades, as BLOGS06's opinion labels 2–4 are.
  std::optional<Label> binarize;
  std::filesystem::path output_dir;     ///< overrides [trec] output_dir when not empty
  bool interactive_progress = false;    ///< refresh progress lines in place (a terminal)
};

/// A view against the baseline, for one measure.
struct Comparison {
  double delta = 0.0;        ///< mean(view) − mean(baseline)
  PairedTest t_test;         ///< paired two-sided t-test over the topics
  PairedTest randomization;  ///< paired two-sided randomization test
  double holm_t = 0.0;       ///< Holm-adjusted t-test p over all non-baseline views; NaN for the baseline
  double holm_randomization = 0.0;  ///< Holm-adjusted randomization p; NaN for the baseline
};

/// One view's results.
struct ViewOutcome {
  indexer::ViewSpec view;
  std::string name;                  ///< view.spec()
  std::filesystem::path run_file;
  std::uint64_t empty_documents = 0; ///< documents with no block in this view (manifest)
  std::array<double, experiment_measure_count> means{};  ///< over the qrels topics (-c)
  /// Per topic, aligned with ExperimentResult::qids.
  std::vector<std::array<double, experiment_measure_count>> per_topic;
  std::array<Comparison, experiment_measure_count> vs_baseline{};
  double seconds = 0.0;              ///< retrieval and evaluation time
  /// The gold texts ([trec] gold), not a view of the index set: name "gold", view `all` of
  /// their own index set. Compared with the baseline, but outside the Holm correction (its
  /// Holm p-values are NaN, so it is never marked ▲/▼).
  bool gold = false;
};

/// Everything an experiment measured.
struct ExperimentResult {
  std::filesystem::path index_dir, output_dir;
  std::vector<std::string> qids;     ///< the qrels topics, in trec_eval's (string) order
  std::size_t topics_run = 0;        ///< topics in the topic file
  std::vector<ViewOutcome> views;    ///< in manifest order, then the gold row if any
  std::size_t baseline = 0;          ///< index into views
  std::size_t primary_measure = 0;
  double alpha = 0.05;
  std::uint64_t permutations = 0;
  bool built_index = false;          ///< the index set was (re)built by this run
  std::filesystem::path gold_index_dir;  ///< the gold texts' index set; empty without [trec] gold
  std::string build_reason;          ///< why it was built ("missing", "inputs changed", ...)
  double index_seconds = 0.0, run_seconds = 0.0;
};

/// Why the index set in \p index_dir cannot serve \p config: "" when it can, else a short
/// reason ("no index set", "inputs changed: N files vs M", "view min-words:5 missing",
/// "term settings differ"). Inputs are compared by path and size (the collection
/// directories are expanded as the indexer expands them); views by name, building no
/// extractor for a view the set lists (Manifest::find_view). Never throws for a missing or
/// incomplete index set (that is a reason); \throws InputError when an input is missing.
[[nodiscard]] std::string index_set_staleness(const config::Config& config, const std::filesystem::path& index_dir);

/// Runs the experiment that \p config describes ([collection], [views], [indexing] for the
/// index set; [trec] for topics, qrels, field, k, BM25, run tag, output directory, the
/// views to run and the gold texts). Progress goes to \p progress (stderr in the tool); nothing is written
/// to stdout. Views run in parallel, one Searcher per thread.
/// \throws ConfigError when [trec] topics or qrels or the index directory are not given;
///         UsageError for an unknown baseline or view; ParseError for bad topics or
///         qrels; IndexError for index failures; Error when an output cannot be written or
///         [trec] gold is not a folder holding at least one DOCNO.txt file.
[[nodiscard]] ExperimentResult run_experiment(const config::Config& config, const ExperimentOptions& options,
                                              std::ostream& progress);

/// Writes the comparison table as Markdown: view, P@10, NDCG@10, MAP (each marked ▲/▼
/// when the Holm-adjusted randomization test finds it significantly better/worse than the
/// baseline at alpha), then for the primary measure Δ (absolute and relative), t-test p,
/// randomization p, and both Holm-adjusted p-values. A legend line follows (and one for the
/// gold row when there is one).
void write_table_markdown(std::ostream& out, const ExperimentResult& result);

/// Writes one row per view (and the gold row, kind "gold"): view, kind, threshold,
/// empty_documents, then per measure its mean, delta, t statistic, t p, randomization p,
/// Holm t p, Holm randomization p.
void write_table_tsv(std::ostream& out, const ExperimentResult& result);

/// Writes `view qid P_10 ndcg_cut_10 map` rows, views in table order, topics in qid order.
void write_per_topic_tsv(std::ostream& out, const ExperimentResult& result);

/// The figure: one panel for the min-words views and one for the min-density views, P@10
/// and NDCG@10 against the threshold, the baseline's (and the gold row's) values as dashed
/// lines; other views
/// (extractors, and the gold texts) are named with their values in the caption.
[[nodiscard]] Figure experiment_figure(const ExperimentResult& result);

/// Writes table.md, table.tsv, per_topic.tsv and figure.svg into result.output_dir.
/// \throws Error naming the file that cannot be written.
void write_experiment_reports(const ExperimentResult& result);

}  // namespace boilerdex::trec

#pragma once
/// \file
/// What `boilerdex-trec eval` and `boilerdex-trec run` do, as library calls their main()
/// and tests share.

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "boilerdex/query/index_set.hpp"
#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/evaluator.hpp"
#include "boilerdex/trec/run_file.hpp"
#include "boilerdex/trec/topics.hpp"

namespace boilerdex::trec {

/// `boilerdex-trec eval [-c] [-l N] [-J] [-M N] [-q] [-m MEASURE]... [--binarize] QRELS RUN...`
struct EvalCommand {
  std::filesystem::path qrels;
  std::vector<std::filesystem::path> runs;  ///< at least one
  std::vector<std::string> measures;        ///< -m arguments; empty: trec_eval's "official"
  EvalOptions options;
  bool per_topic = false;                   ///< -q
};

/// Reads the qrels and each run, evaluates, and prints trec_eval 10.0's output to \p out,
/// run after run; with more than one run every line starts with the run's path as given
/// and a tab (print_evaluation's run_label). Run topics absent from the qrels are named on \p err (trec_eval
/// ignores them silently). Not thread-safe with respect to the streams.
/// \throws ParseError naming file and line; UsageError for bad measures or options;
///         Error when a run has no topic in common with the qrels.
void run_eval_command(const EvalCommand& command, std::ostream& out, std::ostream& err);

/// `boilerdex-trec run --index DIR --view NAME --topics FILE [--field F] [--k N] [--tag T] -o RUN`
struct RunCommand {
  std::filesystem::path index;
  query::ViewChoice view;
  std::filesystem::path topics;
  TopicField field = TopicField::Title;
  std::size_t k = 1000;
  std::string tag;            ///< empty: default_run_tag()
  query::SearchOptions options = run_search_options();  ///< BM25 and syntax
  std::filesystem::path output;
};

/// The tag used when none is given: "boilerdex.VIEWDIR.FIELD.bm25=K1,B", e.g.
/// "boilerdex.min-words-10.title.bm25=1,0.5", so a run file says how it was made.
[[nodiscard]] std::string default_run_tag(const indexer::ManifestView& view, TopicField field,
                                          const query::Bm25Parameters& bm25);

/// Writes the run file \p command.output (every topic present; see write_run) and prints
/// one summary line to \p err (topics, topics without results, lines written).
/// \throws ParseError (topics file, output file); UsageError (unknown view, bad tag);
///         IndexError (index set or Xapian failure).
void run_run_command(const RunCommand& command, std::ostream& err);

}  // namespace boilerdex::trec

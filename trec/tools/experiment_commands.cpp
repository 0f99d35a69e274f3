#include "experiment_commands.hpp"

#include <unistd.h>

#include <chrono>
#include <iomanip>
#include <iostream>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/option_groups.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/topics.hpp"

namespace boilerdex::trec {

ExperimentCommands::ExperimentCommands(CLI::App& app) {
  m_sample = app.add_subcommand("sample", "generate a BLOGS06-style sample collection with topics and graded qrels");
  m_sample->add_option("--out", m_sample_out, "output directory (collection/, topics.txt, qrels.txt)")->required();
  config::add_count_option(*m_sample, "--docs", m_sample_options.documents, "documents to generate",
                           config::k_document_range)
      ->capture_default_str();
  config::add_count_option(*m_sample, "--topics", m_sample_options.topics, "topics to generate",
                           {1, sample_topic_capacity()})
      ->capture_default_str();
  m_sample->add_option("--seed", m_sample_options.seed, "seed: the same seed gives the same bytes")->capture_default_str();
  config::add_count_option(*m_sample, "--docs-per-file", m_sample_options.documents_per_file,
                           "records per permalinks-NNN.gz", {1, 1'000'000})
      ->capture_default_str();
  config::add_count_option(*m_sample, "--sites", m_sample_options.sites,
                           "blogs the pages come from (0: docs/250 within 8..400)", {0, 100'000})
      ->capture_default_str();
  // On by default: the demo's experiment (config/examples/sample.toml, [trec] gold) reports
  // the gold texts as the row every view is measured against.
  m_sample_options.write_gold = true;
  m_sample->add_flag("--gold,!--no-gold", m_sample_options.write_gold,
                     "write gold/DOCNO.txt with each post's text (default; --no-gold: not)");
  config::add_quiet_flag(*m_sample, m_quiet);

  m_experiment = app.add_subcommand(
      "experiment", "build the index set if needed, run and evaluate every view, compare with the baseline");
  m_experiment->add_option("--config", m_config, "TOML configuration ([collection], [views], [indexing], [trec])")
      ->check(CLI::ExistingFile);
  m_experiment->add_option("--out", m_options.output_dir, "output directory (default [trec] output_dir)");
  m_experiment->add_flag("--rebuild", m_options.rebuild, "rebuild the index set even when it is up to date");
  config::add_bm25_option(*m_experiment, m_bm25, "trec");
  m_experiment->add_option("--field", m_field, "topic field: title, desc, narr or title+desc (default [trec] field)");
  config::add_count_option(*m_experiment, "--k", m_k, "documents retrieved per topic (default [trec] k)",
                           config::k_result_range);
  config::add_threads_option(*m_experiment, m_options.threads, "views run in parallel (0: all cores)")
      ->capture_default_str();
  m_experiment->add_option("--baseline", m_options.baseline, "baseline view (default: all)");
  m_experiment->add_option("--measure", m_measure, "measure of the Δ and p columns: P_10, ndcg_cut_10 or map")
      ->capture_default_str();
  config::add_count_option(*m_experiment, "--permutations", m_options.permutations, "randomization test sign flips",
                           {1, 100'000'000})
      ->capture_default_str();
  m_experiment->add_option("--seed", m_options.seed, "randomization test seed")->capture_default_str();
  m_experiment->add_option("--alpha", m_options.alpha, "significance level of the ▲/▼ markers")->capture_default_str();
  m_experiment->add_option("-l", m_options.relevance_level, "minimum label counted relevant (trec_eval -l)")
      ->capture_default_str();
  m_experiment->add_option("--binarize", m_binarize,
                           "labels >= L become 1 before evaluating (BLOGS06 opinion labels: --binarize 1)");
  config::add_quiet_flag(*m_experiment, m_quiet);
}

bool ExperimentCommands::parsed() const { return m_sample->parsed() || m_experiment->parsed(); }

int ExperimentCommands::run(const std::filesystem::path& global_config) { return run(global_config, std::cout, std::cerr); }

int ExperimentCommands::run(const std::filesystem::path& global_config, std::ostream& out, std::ostream& err) {
  if (m_sample->parsed()) return run_sample(out, err);
  if (m_experiment->parsed()) return run_experiment_command(global_config, out, err);
  throw UsageError("neither sample nor experiment was given");
}

int ExperimentCommands::run_sample(std::ostream& out, std::ostream& err) {
  const bool interactive = !m_quiet && ::isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  SampleProgress progress;
  if (interactive) {
    progress = [&](std::uint64_t done, std::uint64_t total) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      err << "\r\033[Ksample: " << done << '/' << total << " documents, " << std::fixed << std::setprecision(0)
          << (seconds > 0 ? static_cast<double>(done) / seconds : 0.0) << " docs/s" << std::flush;
    };
  }
  const SampleSummary s = write_sample_collection(m_sample_out, m_sample_options, progress);
  if (interactive) err << '\n';
  out << "sample: " << s.documents << " documents in " << s.files << " files (" << std::fixed << std::setprecision(1)
      << static_cast<double>(s.bytes) / 1e6 << " MB uncompressed, " << s.windows_1252 << " in windows-1252) under "
      << (m_sample_out / "collection").string() << '\n'
      << "sample: " << s.topics << " topics in " << (m_sample_out / "topics.txt").string() << "; " << s.judged
      << " judgments in " << (m_sample_out / "qrels.txt").string() << " (label 2: " << s.label2
      << ", 1: " << s.label1 << ", 0: " << s.label0 << ")";
  if (s.topics_without_relevant > 0) out << "; " << s.topics_without_relevant << " topics without a relevant document";
  out << '\n';
  return 0;
}

int ExperimentCommands::run_experiment_command(const std::filesystem::path& global_config, std::ostream& out,
                                               std::ostream& err) {
  const std::filesystem::path& path = m_config.empty() ? global_config : m_config;
  if (path.empty()) throw UsageError("experiment needs --config FILE");
  config::Config config = config::load_config(path);
  if (!m_bm25.empty()) {
    const auto bm25 = query::Bm25Parameters::parse(m_bm25);
    config.trec.bm25_k1 = bm25.k1;
    config.trec.bm25_b = bm25.b;
  }
  if (!m_field.empty()) config.trec.field = std::string(topic_field_name(parse_topic_field(m_field)));
  if (m_k) {
    if (*m_k == 0) throw UsageError("--k must be at least 1");
    config.trec.k = *m_k;
  }
  bool known = false;
  for (std::size_t m = 0; m < experiment_measure_count; ++m) {
    if (m_measure == experiment_measure_names[m] || m_measure == experiment_measure_labels[m]) {
      m_options.primary_measure = m;
      known = true;
    }
  }
  if (!known) throw UsageError("--measure " + m_measure + ": expected P_10, ndcg_cut_10 or map");
  if (m_options.permutations == 0) throw UsageError("--permutations must be at least 1");
  if (!(m_options.alpha > 0.0 && m_options.alpha < 1.0)) throw UsageError("--alpha must lie strictly between 0 and 1");
  m_options.binarize = m_binarize;
  m_options.interactive_progress = !m_quiet && ::isatty(STDERR_FILENO) != 0;
  const ExperimentResult result = run_experiment(config, m_options, err);
  write_experiment_reports(result);
  write_table_markdown(out, result);
  err << "experiment: wrote " << (result.output_dir / "table.md").string() << ", table.tsv, per_topic.tsv, figure.svg and "
      << result.views.size() << " run files in " << (result.output_dir / "runs").string() << '\n';
  return 0;
}

}  // namespace boilerdex::trec

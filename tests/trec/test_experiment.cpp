#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../indexer/constant_model.hpp"
#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/evaluator.hpp"
#include "boilerdex/trec/experiment.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/run_file.hpp"
#include "boilerdex/trec/sample_collection.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

/// A result made by hand: baseline "all" and two views over three topics.
ExperimentResult hand_made_result() {
  ExperimentResult r;
  r.qids = {"1", "2", "3"};
  r.alpha = 0.05;
  r.permutations = 1000;
  const auto view = [](std::string spec, std::array<double, 3> means) {
    ViewOutcome v;
    v.view = indexer::parse_view_specs(spec).front();
    v.name = v.view.spec();
    v.means = means;
    v.per_topic = {means, means, means};
    return v;
  };
  r.views = {view("all", {0.5, 0.6, 0.4}), view("min-words:10", {0.7, 0.8, 0.5}), view("min-density:5", {0.45, 0.55, 0.35})};
  r.baseline = 0;
  for (std::size_t m = 0; m < 3; ++m) {
    r.views[0].vs_baseline[m].holm_randomization = NAN;
    r.views[0].vs_baseline[m].holm_t = NAN;
    r.views[0].vs_baseline[m].t_test.p_value = NAN;
    r.views[0].vs_baseline[m].randomization.p_value = NAN;
    for (std::size_t v = 1; v < 3; ++v) {
      auto& c = r.views[v].vs_baseline[m];
      c.delta = r.views[v].means[m] - r.views[0].means[m];
      c.t_test.p_value = v == 1 ? 0.001 : 0.3;
      c.randomization.p_value = v == 1 ? 0.002 : 0.00001;
      c.holm_t = v == 1 ? 0.002 : 0.3;
      c.holm_randomization = v == 1 ? 0.004 : 0.02;
    }
  }
  return r;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(experiment)

BOOST_AUTO_TEST_CASE(markdown_table_marks_holm_significant_differences) {
  std::ostringstream out;
  write_table_markdown(out, hand_made_result());
  const std::string table = out.str();
  BOOST_TEST(table.find("| all (baseline)") != std::string::npos);
  BOOST_TEST(table.find("0.7000\u25B2") != std::string::npos);  // better, Holm p 0.004
  BOOST_TEST(table.find("0.4500\u25BC") != std::string::npos);  // worse, Holm p 0.02
  BOOST_TEST(table.find("+0.2000 (+40.0%)") != std::string::npos);
  BOOST_TEST(table.find("<0.0001") != std::string::npos);       // tiny p-values are not printed as 0.0000
  BOOST_TEST(table.find("Holm-corrected over 2 views") != std::string::npos);
  // Every row has the same number of cells and the same width.
  std::istringstream lines(table);
  std::size_t rows = 0;
  for (std::string line; std::getline(lines, line) && !line.empty(); ++rows) {
    BOOST_TEST(std::count(line.begin(), line.end(), '|') == 10);
  }
  BOOST_TEST(rows == 5U);  // header, rule, three views
}

BOOST_AUTO_TEST_CASE(tsv_outputs_and_figure) {
  const auto r = hand_made_result();
  std::ostringstream tsv, per_topic;
  write_table_tsv(tsv, r);
  write_per_topic_tsv(per_topic, r);
  BOOST_TEST(count_lines(tsv.str()) == 4U);
  BOOST_TEST(tsv.str().find("min-words:10\tmin-words\t10\t0\t0.7\t0.19999999999999996\t") != std::string::npos);
  BOOST_TEST(count_lines(per_topic.str()) == 1U + 3U * 3U);
  BOOST_TEST(per_topic.str().rfind("view\tqid\tP_10\tndcg_cut_10\tmap\n", 0) == 0U);
  const Figure f = experiment_figure(r);
  BOOST_REQUIRE(f.panels.size() == 2U);
  BOOST_TEST(f.panels[0].series[0].x == std::vector<double>{10.0});
  BOOST_TEST(f.panels[1].series[1].y == std::vector<double>{0.55});
  BOOST_TEST(f.panels[0].references[0].y == 0.5);
}

BOOST_AUTO_TEST_CASE(end_to_end_on_a_tiny_sample) {
  const fs::path dir = fs::temp_directory_path() / ("bdx-experiment-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  SampleOptions sample;
  sample.documents = 160;
  sample.topics = 8;
  sample.documents_per_file = 80;
  (void)write_sample_collection(dir / "sample", sample);
  const std::string toml = R"(
[collection]
inputs = ["sample/collection"]
[views]
specs = ["all", "min-words:10", "min-density:8"]
[indexing]
output = "index"
commit_interval = 50
[trec]
topics = "sample/topics.txt"
qrels = "sample/qrels.txt"
output_dir = "out"
run_tag = "bdx-test"
)";
  const config::Config config = config::parse_config(toml, "test.toml", dir);
  BOOST_TEST(index_set_staleness(config, dir / "index") == "no index set");
  ExperimentOptions options;
  options.threads = 2;
  options.permutations = 2000;
  std::ostringstream progress;
  const ExperimentResult result = run_experiment(config, options, progress);
  BOOST_TEST(result.built_index);
  BOOST_REQUIRE(result.views.size() == 3U);
  BOOST_TEST(result.views[result.baseline].name == "all");
  const Qrels qrels = read_qrels(dir / "sample" / "qrels.txt");
  BOOST_TEST(result.qids.size() == qrels.topics().size());

  // Each view's means are what evaluating its run file gives (trec_eval -c).
  const std::vector<Measure> measures = {{MeasureKind::P, 10}, {MeasureKind::NdcgCut, 10}, {MeasureKind::Map, 0}};
  EvalOptions eval;
  eval.complete = true;
  for (const auto& v : result.views) {
    BOOST_TEST_CONTEXT(v.name) {
      BOOST_REQUIRE(fs::exists(v.run_file));
      const Evaluation e = evaluate(qrels, read_run(v.run_file), measures, eval);
      for (std::size_t m = 0; m < 3; ++m) BOOST_TEST(v.means[m] == e.summary[m], boost::test_tools::tolerance(1e-12));
      BOOST_TEST(v.per_topic.size() == result.qids.size());
    }
  }
  const auto& words = result.views[1];
  BOOST_TEST(std::isnan(result.views[result.baseline].vs_baseline[0].holm_randomization));
  BOOST_TEST(words.vs_baseline[0].randomization.pairs == result.qids.size());
  BOOST_TEST(words.vs_baseline[0].holm_randomization >= words.vs_baseline[0].randomization.p_value);

  write_experiment_reports(result);
  const std::string table = read_file(dir / "out" / "table.md");
  for (const auto& v : result.views) BOOST_TEST(table.find("| " + v.name) != std::string::npos);
  BOOST_TEST(count_lines(read_file(dir / "out" / "per_topic.tsv")) == 1 + 3 * result.qids.size());
  BOOST_TEST(read_file(dir / "out" / "figure.svg").find("</svg>") != std::string::npos);

  // A second run finds the index set up to date; a new view makes it stale.
  BOOST_TEST(index_set_staleness(config, dir / "index") == "");
  const ExperimentResult again = run_experiment(config, options, progress);
  BOOST_TEST(!again.built_index);
  BOOST_TEST(again.views[1].means[0] == words.means[0]);
  BOOST_TEST(again.views[1].vs_baseline[0].randomization.p_value == words.vs_baseline[0].randomization.p_value);
  auto more = config;
  more.views.specs.push_back("min-words:20");
  BOOST_TEST(index_set_staleness(more, dir / "index") == "view min-words:20 missing");
  fs::remove_all(dir);
}

// An up-to-date set is used, and its views run, without building their extractors: a
// learned: view whose model file has been deleted since the build still runs, unchanged.
BOOST_AUTO_TEST_CASE(a_learned_view_runs_after_its_model_file_is_gone) {
  const fs::path dir = fs::temp_directory_path() / ("bdx-experiment-model-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  SampleOptions sample;
  sample.documents = 60;
  sample.topics = 4;
  (void)write_sample_collection(dir / "sample", sample);
  indexer::test::save_constant_model(dir / "model.json", 1.0);
  const std::string toml = R"(
[collection]
inputs = ["sample/collection"]
[views]
specs = ["all", "extractor:learned:)" + (dir / "model.json").string() + R"("]
[indexing]
output = "index"
[trec]
topics = "sample/topics.txt"
qrels = "sample/qrels.txt"
output_dir = "out"
views = ["extractor:learned:)" + (dir / "model.json").string() + R"("]
)";
  const config::Config config = config::parse_config(toml, "test.toml", dir);
  ExperimentOptions options;
  options.threads = 1;
  options.permutations = 100;
  std::ostringstream progress;
  const ExperimentResult built = run_experiment(config, options, progress);
  BOOST_TEST(built.built_index);
  BOOST_REQUIRE(built.views.size() == 1U);  // [trec] views: the learned view, its own baseline
  const std::string run = read_file(built.views[0].run_file);
  BOOST_TEST(count_lines(run) > 0U);
  fs::remove(dir / "model.json");
  BOOST_TEST(index_set_staleness(config, dir / "index") == "");
  const ExperimentResult again = run_experiment(config, options, progress);
  BOOST_TEST(!again.built_index);
  BOOST_REQUIRE(again.views.size() == 1U);
  BOOST_TEST(again.views[0].name == built.views[0].name);
  BOOST_TEST(read_file(again.views[0].run_file) == run);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(gold_texts_are_a_row_of_their_own) {
  const fs::path dir = fs::temp_directory_path() / ("bdx-experiment-gold-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  SampleOptions sample;
  sample.documents = 120;
  sample.topics = 6;
  sample.documents_per_file = 60;
  sample.write_gold = true;
  (void)write_sample_collection(dir / "sample", sample);
  const std::string toml = R"(
[views]
specs = ["all", "min-words:10"]
[collection]
inputs = ["sample/collection"]
[indexing]
output = "index/"
[trec]
topics = "sample/topics.txt"
qrels = "sample/qrels.txt"
output_dir = "out"
gold = "sample/gold"
)";
  const config::Config config = config::parse_config(toml, "test.toml", dir);
  ExperimentOptions options;
  options.threads = 2;
  options.permutations = 2000;
  std::ostringstream progress;
  const ExperimentResult result = run_experiment(config, options, progress);
  // Beside the index set (not inside it, though the path ends in '/'), from a TREC file.
  BOOST_TEST(result.gold_index_dir == dir / "index-gold");
  BOOST_TEST(fs::exists(dir / "index-gold" / "manifest.json"));
  BOOST_TEST(read_file(dir / "index-gold.trec").starts_with("<DOC>\n<DOCNO>"));
  BOOST_REQUIRE(result.views.size() == 3U);
  const ViewOutcome& gold = result.views.back();
  BOOST_TEST(gold.gold);
  BOOST_TEST(gold.name == "gold");
  BOOST_TEST(gold.run_file == dir / "out" / "runs" / "gold.run");
  const Qrels qrels = read_qrels(dir / "sample" / "qrels.txt");
  const std::vector<Measure> measures = {{MeasureKind::P, 10}, {MeasureKind::NdcgCut, 10}, {MeasureKind::Map, 0}};
  EvalOptions eval;
  eval.complete = true;
  const Evaluation e = evaluate(qrels, read_run(gold.run_file), measures, eval);
  for (std::size_t m = 0; m < 3; ++m) BOOST_TEST(gold.means[m] == e.summary[m], boost::test_tools::tolerance(1e-12));
  BOOST_TEST(gold.per_topic.size() == result.qids.size());
  // Compared with the baseline, but outside the Holm family: min-words:10 is alone in it.
  BOOST_TEST(!std::isnan(gold.vs_baseline[0].randomization.p_value));
  BOOST_TEST(std::isnan(gold.vs_baseline[0].holm_randomization));
  const auto& words = result.views[1];
  BOOST_TEST(words.vs_baseline[0].holm_randomization == words.vs_baseline[0].randomization.p_value);

  write_experiment_reports(result);
  BOOST_TEST(read_file(dir / "out" / "table.md").find("| gold (gold text) ") != std::string::npos);
  BOOST_TEST(read_file(dir / "out" / "table.tsv").find("\ngold\tgold\t") != std::string::npos);
  BOOST_TEST(count_lines(read_file(dir / "out" / "per_topic.tsv")) == 1 + 3 * result.qids.size());
  BOOST_TEST(read_file(dir / "out" / "figure.svg").find("gold: P@10") != std::string::npos);
  const Figure figure = experiment_figure(result);
  BOOST_REQUIRE(figure.panels.size() == 2U);
  BOOST_REQUIRE(figure.panels[0].references.size() == 4U);  // P@10 and NDCG@10 of the baseline, of gold
  BOOST_TEST(figure.panels[0].references[1].label == "P@10, gold texts");
  BOOST_TEST(figure.panels[0].references[1].y == gold.means[0]);

  // Unchanged gold texts keep their index set; a changed one rebuilds it.
  std::ostringstream second;
  (void)run_experiment(config, options, second);
  BOOST_TEST(second.str().find("gold index set " + (dir / "index-gold").string() + " is up to date") !=
             std::string::npos);
  const fs::path first = *fs::directory_iterator(dir / "sample" / "gold");
  std::ofstream(first, std::ios::app) << "one more line\n";
  std::ostringstream third;
  (void)run_experiment(config, options, third);
  BOOST_TEST(third.str().find("building the gold index set") != std::string::npos);
  // The same size, other bytes: the index set's input check (path and size) cannot see it.
  std::string text = read_file(first);
  text.front() = text.front() == 'Q' ? 'Z' : 'Q';
  std::ofstream(first, std::ios::binary | std::ios::trunc) << text;
  std::ostringstream fourth;
  (void)run_experiment(config, options, fourth);
  BOOST_TEST(fourth.str().find("(gold texts changed)") != std::string::npos);

  auto missing = config;
  missing.trec.gold = dir / "no-gold";
  BOOST_CHECK_THROW((void)run_experiment(missing, options, progress), boilerdex::Error);
  fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

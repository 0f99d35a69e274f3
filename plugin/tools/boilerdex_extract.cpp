// boilerdex-extract: the main text of web pages with any boilerdex extractor; `eval` scores
// extractors on gold-standard data sets; `stats` fits the WSDM 2010 stochastic text model;
// --jsonl serves a JSON Lines stream.
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <iostream>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/option_groups.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/jsonl_stream.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "boilerdex/plugin/segment_limits.hpp"
#include "boilerdex/plugin/text_model_stats.hpp"
#if defined(BOILERDEX_BOILERNET_MODULE)
#include "boilerdex/boilernet/extractor.hpp"  // boilernet:MODEL, when built with libtorch
#endif

namespace {
using namespace boilerdex;

struct EvalCommand {
  plugin::EvaluationOptions options;
  std::vector<std::string> datasets;
  bool no_blocks = false;
  CLI::App* command = nullptr;
};

void add_eval_command(CLI::App& app, EvalCommand& e) {
  e.command = app.add_subcommand(
      "eval", "Score extractors on gold-standard data sets (docs/eval.md)");
  e.command
      ->add_option("--dataset", e.datasets,
                   "FORMAT:DIR, FORMAT one of l3s-gn1 cleaneval dragnet scrapinghub readability "
                   "wcxb (repeatable)")
      ->required();
  e.command->add_option("-e,--extractor", e.options.extractors,
                        "extractor to score (repeatable; default: every registered one)");
  e.command->add_option("--predictions", e.options.predictions,
                        "other systems' outputs: Scrapinghub-style JSON file, folder of them, or "
                        "folder of <id>.txt (repeatable)");
  e.command->add_option("--pages-tsv", e.options.pages_tsv,
                        "write per-page scores to this TSV file");
  config::add_count_option(*e.command, "--limit", e.options.limit, "only the first N pages of each data set",
                           config::k_page_limit_range);
  config::add_threads_option(*e.command, e.options.threads, "worker threads (default: all cores)");
  e.command->add_flag("--no-blocks", e.no_blocks, "skip the block-level evaluation on L3S-GN1");
  e.command->add_flag("--markdown", e.options.markdown,
                      "on WCXB data sets also score each extractor's -f markdown against the gold Markdown "
                      "(word F1, heading and list-item recall)");
}

int run_eval(EvalCommand& e) {
  for (const auto& s : e.datasets) e.options.datasets.push_back(plugin::parse_dataset_spec(s));
  e.options.block_level = !e.no_blocks;
  return plugin::run_evaluation(e.options, std::cout, std::cerr);
}

struct StatsCommand {
  plugin::TextModelOptions options;
  std::string dataset;
  CLI::App* command = nullptr;
};

void add_stats_command(CLI::App& app, StatsCommand& s) {
  s.command = app.add_subcommand(
      "stats", "Fit the stochastic text model (words per block, WSDM 2010 paper section 5)");
  s.command->add_option("--dataset", s.dataset,
                        "FORMAT:DIR data set (l3s-gn1 gives statistics by class)");
  s.command->add_option("inputs", s.options.inputs,
                        "HTML files, .html.gz files, directories, or - for stdin");
  s.command->add_option("--svg", s.options.svg, "write the text-density histogram as SVG");
  config::add_count_option(*s.command, "--limit", s.options.limit, "only the first N pages",
                           config::k_page_limit_range);
}

int run_stats(StatsCommand& s) {
  if (!s.dataset.empty()) s.options.dataset = plugin::parse_dataset_spec(s.dataset);
  return plugin::run_text_model(s.options, std::cin, std::cout, std::cerr);
}

int run_jsonl(const plugin::JsonlOptions& options) {
  const auto s = plugin::run_jsonl_stream(std::cin, std::cout, std::cerr, options);
  if (s.truncated > 0)
    std::cerr << "boilerdex-extract: " << s.truncated << " of " << s.records << " record(s) hit a limit and were answered cut\n";
  if (s.failed > 0)
    std::cerr << "boilerdex-extract: " << s.failed << " of " << s.records << " record(s) failed\n";
  return s.failed > 0 ? 1 : 0;
}

// \p spec with \p settings added to best's parameters (--comments, --precision, --recall).
// \throws UsageError when there are settings and \p spec is not best.
std::string with_best_settings(const std::string& spec, const std::vector<std::string>& settings) {
  if (settings.empty()) return spec;
  if (spec != "best" && !spec.starts_with("best:"))
    throw UsageError("--comments, --precision and --recall set the best extractor's parameters; the extractor "
                     "here is '" + spec + "'");
  std::string out = spec == "best" ? "best:" : spec + ",";
  for (std::size_t i = 0; i < settings.size(); ++i) out += (i > 0 ? "," : "") + settings[i];
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  return config::run_tool("boilerdex-extract", [&]() -> int {
#if defined(BOILERDEX_BOILERNET_MODULE)
    boilerdex::plugin::boilernet::register_boilernet_module(BOILERDEX_BOILERNET_MODULE);
#endif
    CLI::App app{"Extract the main text of HTML pages (files, .html.gz, directories, - for stdin)"};
    config::add_version_flag(app, "boilerdex-extract");
    std::string config_file, extractor, format = "text", charset, outdir;
    std::vector<std::string> inputs;
    bool list = false, jsonl = false, block_text = false, features = false, json_blocks = false,
         quiet = false, keep_double_encoding = false;
    std::size_t jobs = 1;
    app.add_option("--config", config_file, "TOML configuration file ([extraction])")
        ->check(CLI::ExistingFile);
    app.add_option("-e,--extractor", extractor,
                   "extractor name (see --list-extractors); default " +
                       std::string(config::k_default_extractor));
    app.add_option("-f,--format", format,
                   "output format: text, json, markdown, html (clean), xml (trafilatura's), debug-html "
                   "(highlighted blocks), blocks, parse-blocks");
    app.add_option("--charset", charset, "charset the pages are declared in (as HTTP would say)");
    app.add_flag(
        "--keep-double-encoding", keep_double_encoding,
        "keep text encoded in UTF-8 twice as the bytes have it (\"â€™\"), not read back (\"’\"), "
        "and read a UTF-8 page under a stale legacy declaration as declared (Java boilerpipe's reading)");
    app.add_option("-o,--output", outdir,
                   "write OUTDIR/<name>.txt|.json|.md|.html|.xml|.tsv per page instead of stdout");
    config::add_threads_option(app, jobs, "pages extracted in parallel (0: one per core); output order is kept",
                               "-j,--jobs");
    config::add_quiet_flag(app, quiet);
    app.add_flag("--list-extractors", list, "list the extractor names and exit");
    app.add_flag("--jsonl", jsonl,
                 "stream mode: JSON lines in on stdin ({\"url\"|\"docno\", "
                 "\"html\"|\"html_base64\", \"charset\"}), one JSON line out per record");
    app.add_flag("--blocks", json_blocks,
                 "with -f json: also write the per-block arrays (blocks, result_blocks)");
    plugin::StructureOptions structure;
    bool no_tables = false, no_formatting = false, comments = false, no_comments = false, precision = false, recall = false;
    app.add_flag("--links", structure.links, "with -f markdown/html/xml: keep links (as [text](url))");
    app.add_flag("--images", structure.images, "with -f markdown/html/xml: keep images inside the content");
    app.add_flag("--no-tables", no_tables, "with -f markdown/html/xml: leave data tables out");
    app.add_flag("--no-formatting", no_formatting,
                 "with -f markdown/html/xml: bold, italic and struck-out words as plain text");
    app.add_option("--url", structure.base_url,
                   "the page's address: links and images in -f markdown/html/xml resolve against it");
    auto* keep_comments = app.add_flag("--comments", comments,
                                       "best: keep reader comments after an article (drop_comments=0)");
    app.add_flag("--no-comments", no_comments, "best: drop reader comments after an article (the default)")
        ->excludes(keep_comments);
    auto* favour_precision =
        app.add_flag("--precision", precision, "best: keep less, surer text (model_threshold=0.5,expected_f1=0.4)");
    app.add_flag("--recall", recall, "best: keep more text (model_threshold=0.18,expected_f1=2)")->excludes(favour_precision);
    app.add_flag("--block-text", block_text, "with --jsonl: also write each block's text");
    app.add_flag("--features", features, "with --jsonl: also write each block's features");
    app.add_option("inputs", inputs, "HTML files, .html.gz files, directories, or - for stdin");
    EvalCommand eval;
    add_eval_command(app, eval);
    StatsCommand stats;
    add_stats_command(app, stats);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }
    if (*eval.command) return run_eval(eval);
    if (*stats.command) return run_stats(stats);
    if (list) {
      for (const auto& info : plugin::list_extractors())
        std::cout << info.name << '\t' << info.description << '\n';
      return 0;
    }
    const config::Config c =
        config_file.empty() ? config::Config{} : config::load_config(config_file);
    const plugin::SegmentLimits limits = plugin::segment_limits_from_config(c);
    structure.tables = !no_tables;
    structure.formatting = !no_formatting;
    std::vector<std::string> best_settings;
    if (comments) best_settings.emplace_back("drop_comments=0");
    if (precision) best_settings.insert(best_settings.end(), {"model_threshold=0.5", "expected_f1=0.4"});
    if (recall) best_settings.insert(best_settings.end(), {"model_threshold=0.18", "expected_f1=2"});
    const std::string name =
        with_best_settings(extractor.empty() ? c.extraction.extractor : extractor, best_settings);
    std::ios::sync_with_stdio(false);
    if (jsonl) {
      if (!inputs.empty()) throw UsageError("--jsonl reads standard input; give no inputs");
      return run_jsonl(
          {.extractor = name, .limits = limits, .block_text = block_text, .features = features});
    }
    if (inputs.empty())
      throw UsageError("no input given (a file, a directory, or - for stdin); see --help");
    // The progress line goes to stderr on a terminal, unless the pages' text goes to the
    // same terminal (no -o, stdout a terminal too): it would cut into them.
    const bool progress =
        !quiet && ::isatty(STDERR_FILENO) != 0 && (!outdir.empty() || ::isatty(STDOUT_FILENO) == 0);
    const auto summary = plugin::extract_batch(inputs,
                                               {.extractor = name,
                                                .format = plugin::parse_output_format(format),
                                                .declared_charset = charset,
                                                .read_back_double_encoding = !keep_double_encoding,
                                                .output_dir = outdir,
                                                .limits = limits,
                                                .jobs = jobs,
                                                .json_blocks = json_blocks,
                                                .structure = structure,
                                                .progress = progress},
                                               std::cin, std::cout, std::cerr);
    if (summary.truncated > 0)
      std::cerr << "boilerdex-extract: " << summary.truncated << " of " << summary.pages
                << " page(s) hit a limit and were written cut (see above)\n";
    if (summary.failed > 0) {
      std::cerr << "boilerdex-extract: " << summary.failed << " input(s) failed, " << summary.pages
                << " page(s) written\n";
      return 1;
    }
    return 0;
  });
}

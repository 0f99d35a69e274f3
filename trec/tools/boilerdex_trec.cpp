// boilerdex-trec: trec_eval-exact evaluation (`eval`), TREC runs from an index set (`run`),
// and, from experiment_commands.*, sample collections (`sample`) and experiments (`experiment`).
#include <iostream>

#include <CLI/CLI.hpp>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/option_groups.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "boilerdex/trec/commands.hpp"
#include "experiment_commands.hpp"

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-trec", [&]() -> int {
    using namespace boilerdex;
    CLI::App app{"TREC runs and trec_eval 10.0-exact evaluation for boilerdex index sets."};
    config::add_version_flag(app, "boilerdex-trec");
    app.require_subcommand(1);
    std::filesystem::path config_file;
    app.add_option("--config", config_file, "TOML configuration ([trec] gives run defaults)")->check(CLI::ExistingFile);

    trec::EvalCommand eval;
    std::optional<std::size_t> max_retrieved;
    bool binarize = false;
    CLI::App* eval_app = app.add_subcommand("eval", "evaluate run files against qrels, printing trec_eval's output");
    eval_app->add_flag("-c", eval.options.complete, "average over every qrels topic (missing ones score 0)");
    eval_app->add_option("-l", eval.options.relevance_level, "minimum label counted relevant (default 1)");
    eval_app->add_flag("-J", eval.options.judged_only, "drop retrieved documents without judgment first");
    config::add_count_option(*eval_app, "-M", max_retrieved, "evaluate only the first N documents of each topic",
                             {1, 1'000'000'000});
    eval_app->add_flag("-q", eval.per_topic, "also print each topic's values");
    // One argument per -m, as trec_eval's getopt takes it, so `-m P.10 QRELS RUN` leaves the
    // positionals alone; repeat -m for more measures.
    eval_app
        ->add_option("-m", eval.measures,
                     "measure (repeatable): P.5,10 ndcg_cut.10 map map_cut.100 success.1 set_F bpref infAP judged.10 "
                     "Rprec_mult official all_trec, or ir_measures names: nDCG@10 P@10 AP R@1000 RR Judged@10")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    eval_app->add_flag("--binarize", binarize, "labels >= -l become 1 before evaluating (topic-relevance NDCG)");
    eval_app->add_option("qrels", eval.qrels, "qrels file")->required();
    eval_app->add_option("runs", eval.runs, "run file(s); with several, each line starts with its run's file name")->required();

    trec::RunCommand run;
    config::ViewOptions view;
    std::string field, bm25;
    std::optional<std::size_t> k;
    CLI::App* run_app = app.add_subcommand("run", "run every topic against one view and write a TREC run file");
    run_app->add_option("--index", run.index, "index-set directory");
    config::add_view_options(*run_app, view);
    run_app->add_option("--topics", run.topics, "topic file (TREC / Blog06 format)");
    run_app->add_option("--field", field, "title, desc, narr or title+desc (default title)");
    config::add_count_option(*run_app, "--k", k, "results per topic (default 1000)", config::k_result_range);
    config::add_bm25_option(*run_app, bm25, "trec");
    run_app->add_option("--tag", run.tag, "run tag (default boilerdex.VIEW.FIELD.bm25=K1,B)");
    run_app->add_option("-o,--output", run.output, "run file to write")->required();
    trec::ExperimentCommands experiments(app);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }
    if (experiments.parsed()) return experiments.run(config_file);
    config::Config cfg;
    if (!config_file.empty()) cfg = config::load_config(config_file);
    if (eval_app->parsed()) {
      eval.options.max_retrieved = max_retrieved;
      if (binarize) eval.options.binarize = eval.options.relevance_level;
      trec::run_eval_command(eval, std::cout, std::cerr);
      return 0;
    }
    if (run.index.empty()) run.index = cfg.search.index;
    if (run.topics.empty()) run.topics = cfg.trec.topics;
    if (run.index.empty() || run.topics.empty()) throw UsageError("run needs --index and --topics (or --config)");
    if (!view.name.empty()) run.view.name = view.name;
    run.view.min_words = view.min_words;
    run.view.min_density = view.min_density;
    run.field = trec::parse_topic_field(field.empty() ? cfg.trec.field : field);
    run.k = k.value_or(cfg.trec.k);
    run.options.bm25.k1 = cfg.trec.bm25_k1;
    run.options.bm25.b = cfg.trec.bm25_b;
    if (!bm25.empty()) run.options.bm25 = query::Bm25Parameters::parse(bm25);
    trec::run_run_command(run, std::cerr);
    return 0;
  });
}

// boilerdex-boilernet: train the BoilerNet-style sequence labeller on labelled data sets,
// evaluate it next to other extractors on held-out pages, and extract text with it.
#include <CLI/CLI.hpp>
#include <iostream>

#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "commands.hpp"  // plugin/learn/boilernet/src
#include "model.hpp"

namespace {
using namespace boilerdex;
namespace bn = boilerdex::plugin::boilernet;

std::vector<plugin::DatasetSpec> parse_datasets(const std::vector<std::string>& specs) {
  std::vector<plugin::DatasetSpec> out;
  for (const auto& s : specs) out.push_back(plugin::parse_dataset_spec(s));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  return config::run_tool("boilerdex-boilernet", [&]() -> int {
    CLI::App app{"BoilerNet-style block sequence labeller (libtorch): train, eval, extract"};
    config::add_version_flag(app, "boilerdex-boilernet");
    app.require_subcommand(1);
    int threads = 1;
    config::add_count_option(app, "--threads", threads, "torch intra-op threads (1: reproducible)", {1, 256});

    bn::TrainCommand train;
    std::vector<std::string> train_datasets;
    std::string train_split = "train";
    auto& h = train.training.model;
    auto* t = app.add_subcommand("train", "Train a model on labelled pages and write it");
    t->add_option("--dataset", train_datasets, "FORMAT:DIR (l3s-gn1, cleaneval, dragnet, ...)")
        ->required();
    t->add_option("--split", train_split, "pages used: train (default), test or all");
    t->add_option("-m,--model", train.model, "model file to write")->required();
    config::add_count_option(*t, "--limit", train.limit, "at most N pages per data set (0: all)",
                             config::k_page_limit_range);
    bool comments_boilerplate = false;
    t->add_flag("--l3s-comments-boilerplate", comments_boilerplate,
                "L3S-GN1: train on comments as boilerplate, as the gold text of the token "
                "measures has them (default: content, as the block-level evaluation)");
    config::add_count_option(*t, "--epochs", train.training.epochs, "passes over the pages", {1, 100'000})
        ->capture_default_str();
    config::add_count_option(*t, "--batch", train.training.batch_pages, "pages per step", {1, 100'000})
        ->capture_default_str();
    t->add_option("--learning-rate", train.training.learning_rate, "Adam's")->capture_default_str();
    t->add_option("--seed", train.training.seed, "weights, dropout, page order")->capture_default_str();
    config::add_count_option(*t, "--tags", h.max_tags, "tag vocabulary size k", {1, 100'000})->capture_default_str();
    config::add_count_option(*t, "--words", h.max_words, "word vocabulary size l", {1, 1'000'000})
        ->capture_default_str();
    config::add_count_option(*t, "--dense", h.dense, "projection size", {1, 65'536})->capture_default_str();
    config::add_count_option(*t, "--hidden", h.hidden, "LSTM units per direction", {1, 65'536})->capture_default_str();
    config::add_count_option(*t, "--layers", h.layers, "BiLSTM layers", {1, 64})->capture_default_str();
    t->add_option("--dropout", h.dropout, "dropout rate")->capture_default_str();

    bn::EvalCommand eval;
    std::vector<std::string> eval_datasets;
    std::string eval_split = "test";
    auto* e = app.add_subcommand(
        "eval", "Score models and extractors on a split of data sets (bow, sh4, block level, speed)");
    e->add_option("--dataset", eval_datasets, "FORMAT:DIR")->required();
    e->add_option("--split", eval_split, "pages scored: test (default), train or all");
    e->add_option("-m,--model", eval.models, "model file (repeatable)");
    e->add_option("-e,--extractor", eval.extractors, "other extractors to compare (repeatable)");
    config::add_count_option(*e, "--limit", eval.limit, "at most N pages per data set (0: all)",
                             config::k_page_limit_range);

    bn::ExtractCommand extract;
    auto* x = app.add_subcommand("extract", "Print the main text of HTML files");
    x->add_option("-m,--model", extract.model, "model file")->required();
    x->add_option("--charset", extract.charset, "declared charset of the pages");
    x->add_option("inputs", extract.inputs, "HTML files")->required();

    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& err) {
      return app.exit(err) == 0 ? 0 : 2;
    }
    bn::set_torch_threads(threads);
    std::ios::sync_with_stdio(false);
    if (*t) {
      train.datasets = parse_datasets(train_datasets);
      train.split = bn::parse_split(train_split);
      train.labels.l3s_comments_are_content = !comments_boilerplate;
      return bn::run_train(train, std::cout, std::cerr);
    }
    if (*e) {
      eval.datasets = parse_datasets(eval_datasets);
      eval.split = bn::parse_split(eval_split);
      return bn::run_eval(eval, std::cout, std::cerr);
    }
    return bn::run_extract(extract, std::cout, std::cerr);
  });
}

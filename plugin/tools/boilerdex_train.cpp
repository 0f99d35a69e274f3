// boilerdex-train: learns a block classifier (CART or XGBoost over the WSDM 2010 shallow
// features) from labelled pages, cross-validates it by page, and saves a model file that
// `boilerdex-extract -e learned:FILE` and `boilerdex-index --view extractor:learned:FILE` use.
#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_map>

#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "train_run.hpp"

namespace {
using namespace boilerdex;
using namespace boilerdex::plugin;

template <typename T, typename Parse>
std::vector<T> parse_all(const std::vector<std::string>& names, Parse parse, const char* what) {
  std::vector<T> out;
  for (const auto& n : names) {
    const auto v = parse(n);
    if (!v) throw UsageError(std::string("unknown ") + what + " '" + n + "'");
    out.push_back(*v);
  }
  return out;
}

// Calls \p each(line, number) for every line of the file \p path that is not empty (a
// trailing CR dropped), numbered from 1.
template <typename Each>
void for_each_listed_line(const std::filesystem::path& path, Each each) {
  std::ifstream in(path);
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) each(line, number);
  }
}

int run(int argc, char** argv) {
  CLI::App app{"Train shallow-feature block classifiers (CART, XGBoost) on labelled pages", "boilerdex-train"};
  config::add_version_flag(app, "boilerdex-train");
  train::TrainOptions o;
  std::vector<std::string> datasets, learners, feature_sets;
  std::string weighting = "words", comments = "content";
  app.add_option("--dataset", datasets,
                 "FORMAT:DIR labelled pages: l3s-gn1 (4-class annotation) or cleaneval, dragnet, "
                 "scrapinghub, readability (gold text aligned to blocks; 2 classes) (repeatable)")
      ->required();
  app.add_option("--learner", learners, "cart or xgboost (repeatable; default xgboost)");
  app.add_option("--features", feature_sets, "current, prev-curr-next, all-local (the paper's Table 2 sets), local+page "
                 "(all-local and the block's place in its page) or best (local+page, the page's markup, "
                 "DOM neighbourhood and the best rules' verdict) (repeatable; default local+page)");
  config::add_count_option(app, "--classes", o.classes, "2 or 4 (repeatable; default 2)", {2, 4});
  config::add_count_option(app, "--cv", o.folds,
                           "cross-validate every configuration with K folds by page and print the table", {2, 1000});
  app.add_option("-o,--output", o.output, "train one configuration on every page and write its model file");
  app.add_option("--weighting", weighting, "block weights in training: words, sqrt-words, blocks or page-words (every page alike)")
      ->capture_default_str();
  app.add_option("--comments", comments,
                 "L3S-GN1 comments: content (the paper's classes) or boilerplate (as its gold text has them)")
      ->capture_default_str();
  app.add_option("--min-aligned-share", o.labels.min_aligned_share,
                 "text gold: a block is content when this share of its tokens align with the gold")
      ->capture_default_str();
  std::filesystem::path pages_file;
  app.add_option("--pages", pages_file,
                 "train only on the pages listed in this file, one DATASET/PAGE per line, optionally "
                 "followed by a tab and the page's weight in training (default 1) "
                 "(e.g. the tune half: plugin/scripts/train_best_model.py)")
      ->check(CLI::ExistingFile);
  std::filesystem::path stack_file;
  app.add_option("--stack-models", stack_file,
                 "train the best extractor's stacked second stage (--features best): each line "
                 "DATASET/PAGE, a tab, and the first-stage model file to read that page with (one "
                 "trained without it)")
      ->check(CLI::ExistingFile);
  app.add_option("--threshold", o.learner.threshold, "keep a block when P(content) >= this")->capture_default_str();
  app.add_option("--seed", o.learner.seed, "random seed (folds, subsampling)")->capture_default_str();
  config::add_count_option(app, "--threads", o.threads, "threads for labelling and parallel folds", {1, 256})
      ->capture_default_str();
  config::add_count_option(app, "--limit", o.limit, "only the first N pages of each data set",
                           config::k_page_limit_range);
  config::add_count_option(app, "--rounds", o.learner.rounds, "XGBoost: boosting rounds", {1, 100'000})
      ->capture_default_str();
  config::add_count_option(app, "--max-depth", o.learner.max_depth, "XGBoost: tree depth", {1, 30})
      ->capture_default_str();
  app.add_option("--eta", o.learner.eta, "XGBoost: learning rate")->capture_default_str();
  app.add_option("--subsample", o.learner.subsample, "XGBoost: row subsample per round")->capture_default_str();
  app.add_option("--colsample", o.learner.colsample, "XGBoost: feature subsample per tree")->capture_default_str();
  config::add_count_option(app, "--cart-depth", o.learner.cart_max_depth, "CART: maximum depth", {1, 64})
      ->capture_default_str();
  config::add_count_option(app, "--cart-min-samples", o.learner.cart_min_samples,
                           "CART: rows a node needs to be split", {1, 1'000'000'000})
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // 2: usage, as every tool (CLI11 would say 105 and up)
  }
  for (const auto& d : datasets) o.datasets.push_back(parse_dataset_spec(d));
  o.learners = parse_all<train::Learner>(learners, train::parse_learner, "learner");
  o.feature_sets = parse_all<FeatureSet>(feature_sets, parse_feature_set, "feature set");
  const auto w = train::parse_weighting(weighting);
  if (!w) throw UsageError("unknown weighting '" + weighting + "' (words, sqrt-words, blocks, page-words)");
  o.weighting = *w;
  if (comments != "content" && comments != "boilerplate")
    throw UsageError("--comments must be content or boilerplate, not '" + comments + "'");
  o.labels.comments_are_content = comments == "content";
  if (!pages_file.empty()) {
    for_each_listed_line(pages_file, [&](const std::string& line, std::size_t number) {
      const std::size_t tab = line.find('\t');
      double weight = 1.0;
      if (tab != std::string::npos) {
        const std::string text = line.substr(tab + 1);
        std::size_t used = 0;
        try {
          weight = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != text.size() || !std::isfinite(weight) || weight <= 0)
          throw UsageError("--pages " + pages_file.string() + ":" + std::to_string(number) +
                           ": the weight after the tab must be a positive number, not '" + text + "'");
      }
      o.labels.only_pages[line.substr(0, tab)] = weight;
    });
    if (o.labels.only_pages.empty()) throw UsageError("--pages " + pages_file.string() + ": no page listed");
  }
  if (!stack_file.empty()) {
    std::unordered_map<std::string, std::shared_ptr<const LearnedModel>> loaded;  // by path
    for_each_listed_line(stack_file, [&](const std::string& line, std::size_t number) {
      const std::size_t tab = line.find('\t');
      if (tab == std::string::npos || tab + 1 == line.size())
        throw UsageError("--stack-models " + stack_file.string() + ":" + std::to_string(number) +
                         ": expected DATASET/PAGE, a tab and a model file");
      const std::string path = line.substr(tab + 1);
      auto& model = loaded[path];
      if (!model) model = std::make_shared<const LearnedModel>(LearnedModel::load(path));
      if (model->feature_set() != FeatureSet::Best)
        throw UsageError("--stack-models " + stack_file.string() + ":" + std::to_string(number) + ": model " +
                         path + " reads feature set '" + std::string(feature_set_name(model->feature_set())) +
                         "', not 'best'");
      o.labels.stack_models[line.substr(0, tab)] = model;
    });
    if (o.labels.stack_models.empty()) throw UsageError("--stack-models " + stack_file.string() + ": no page listed");
  }
  o.learner.threads = 1;
  return train::run_train(o, std::cout, std::cerr);
}
}  // namespace

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-train", [&] { return run(argc, argv); });
}

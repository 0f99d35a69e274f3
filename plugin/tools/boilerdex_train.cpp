// boilerdex-train: learns a block classifier (CART or XGBoost over the WSDM 2010 shallow
// features) from labelled pages, cross-validates it by page, and saves a model file that
// `boilerdex-extract -e learned:FILE` and `boilerdex-index --view extractor:learned:FILE` use.
#include <CLI/CLI.hpp>
#include <iostream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
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

int run(int argc, char** argv) {
  CLI::App app{"Train shallow-feature block classifiers (CART, XGBoost) on labelled pages", "boilerdex-train"};
  train::TrainOptions o;
  std::vector<std::string> datasets, learners, feature_sets;
  std::string weighting = "words", comments = "content";
  app.add_option("--dataset", datasets,
                 "FORMAT:DIR labelled pages: l3s-gn1 (4-class annotation) or cleaneval, dragnet, "
                 "scrapinghub, readability (gold text aligned to blocks; 2 classes) (repeatable)")
      ->required();
  app.add_option("--learner", learners, "cart or xgboost (repeatable; default xgboost)");
  app.add_option("--features", feature_sets, "current, prev-curr-next, all-local (the paper's Table 2 sets) or local+page "
                 "(all-local and the block's place in its page) (repeatable; default local+page)");
  app.add_option("--classes", o.classes, "2 or 4 (repeatable; default 2)");
  app.add_option("--cv", o.folds, "cross-validate every configuration with K folds by page and print the table");
  app.add_option("-o,--output", o.output, "train one configuration on every page and write its model file");
  app.add_option("--weighting", weighting, "block weights in training: words, sqrt-words or blocks")
      ->capture_default_str();
  app.add_option("--comments", comments,
                 "L3S-GN1 comments: content (the paper's classes) or boilerplate (as its gold text has them)")
      ->capture_default_str();
  app.add_option("--min-aligned-share", o.labels.min_aligned_share,
                 "text gold: a block is content when this share of its tokens align with the gold")
      ->capture_default_str();
  app.add_option("--threshold", o.learner.threshold, "keep a block when P(content) >= this")->capture_default_str();
  app.add_option("--seed", o.learner.seed, "random seed (folds, subsampling)")->capture_default_str();
  app.add_option("--threads", o.threads, "threads for labelling and parallel folds")->capture_default_str();
  app.add_option("--limit", o.limit, "only the first N pages of each data set");
  app.add_option("--rounds", o.learner.rounds, "XGBoost: boosting rounds")->capture_default_str();
  app.add_option("--max-depth", o.learner.max_depth, "XGBoost: tree depth")->capture_default_str();
  app.add_option("--eta", o.learner.eta, "XGBoost: learning rate")->capture_default_str();
  app.add_option("--subsample", o.learner.subsample, "XGBoost: row subsample per round")->capture_default_str();
  app.add_option("--colsample", o.learner.colsample, "XGBoost: feature subsample per tree")->capture_default_str();
  app.add_option("--cart-depth", o.learner.cart_max_depth, "CART: maximum depth")->capture_default_str();
  app.add_option("--cart-min-samples", o.learner.cart_min_samples, "CART: rows a node needs to be split")
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  for (const auto& d : datasets) o.datasets.push_back(parse_dataset_spec(d));
  o.learners = parse_all<train::Learner>(learners, train::parse_learner, "learner");
  o.feature_sets = parse_all<FeatureSet>(feature_sets, parse_feature_set, "feature set");
  const auto w = train::parse_weighting(weighting);
  if (!w) throw UsageError("unknown weighting '" + weighting + "' (words, sqrt-words, blocks)");
  o.weighting = *w;
  if (comments != "content" && comments != "boilerplate")
    throw UsageError("--comments must be content or boilerplate, not '" + comments + "'");
  o.labels.comments_are_content = comments == "content";
  o.learner.threads = 1;
  return train::run_train(o, std::cout, std::cerr);
}
}  // namespace

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-train", [&] { return run(argc, argv); });
}

#include "train_run.hpp"

#include <algorithm>
#include <chrono>
#include <ostream>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin::train {

namespace {

template <typename T>
std::vector<T> or_default(const std::vector<T>& v, T fallback) {
  return v.empty() ? std::vector<T>{fallback} : v;
}

std::string describe(const ModelConfig& c) {
  return std::string(learner_name(c.learner)) + ", " + std::string(feature_set_name(c.feature_set)) + ", " +
         std::to_string(c.num_classes) + " classes";
}

}  // namespace

int run_train(const TrainOptions& options, std::ostream& out, std::ostream& log) {
  if (options.datasets.empty()) throw UsageError("no data set: give --dataset FORMAT:DIR");
  if (options.folds == 0 && options.output.empty())
    throw UsageError("nothing to do: give --cv K to cross-validate and/or -o FILE to save a model");
  std::vector<ModelConfig> configs;
  for (const auto classes : or_default<std::size_t>(options.classes, 2)) {
    if (classes != 2 && classes != 4) throw UsageError("--classes must be 2 or 4, not " + std::to_string(classes));
    for (const auto set : or_default(options.feature_sets, FeatureSet::LocalPage)) {
      for (const auto learner : or_default(options.learners, Learner::XGBoost))
        configs.push_back({learner, set, classes});
    }
  }
  for (const auto& spec : options.datasets) {
    if (spec.format != DatasetFormat::L3sGn1 &&
        std::any_of(configs.begin(), configs.end(), [](const ModelConfig& c) { return c.num_classes == 4; }))
      throw UsageError("4-class models need 4-class labels: l3s-gn1 data sets only, not " +
                       std::string(dataset_format_name(spec.format)));
  }
  if (!options.output.empty() && configs.size() != 1)
    throw UsageError("-o saves one model: give one learner, one feature set and one class count");

  LabelOptions labels = options.labels;
  labels.best_rows = std::any_of(configs.begin(), configs.end(),
                                 [](const ModelConfig& c) { return c.feature_set == FeatureSet::Best; });
  LabelledCollection data = load_labelled_pages(options.datasets, options.limit, options.threads, &log, labels);
  for (const auto& note : data.notes) log << "boilerdex-train: skipped " << note << '\n';
  if (data.pages.empty()) throw UsageError("no labelled pages in the data sets given");

  if (options.folds > 0) {
    CrossValidationOptions cv;
    cv.folds = options.folds;
    cv.learner = options.learner;
    cv.weighting = options.weighting;
    cv.threads = options.threads;
    std::vector<CrossValidationResult> results;
    for (const auto& config : configs) {
      log << "boilerdex-train: " << options.folds << "-fold cross-validation: " << describe(config) << '\n';
      results.push_back(cross_validate(data.pages, config, cv));
    }
    write_cross_validation_table(results, options.folds, out);
  }

  if (!options.output.empty()) {
    const ModelConfig& config = configs.front();
    if (config.num_classes == 4) {
      for (const auto& page : data.pages) {
        if (!page.four_class) throw UsageError("4-class models need 4-class labels (l3s-gn1); " + page.id + " has 2");
      }
    }
    TrainingSet set;
    set.feature_set = config.feature_set;
    set.num_classes = config.num_classes;
    std::vector<const LabelledPage*> pages;
    for (const auto& p : data.pages) pages.push_back(&p);
    append_rows(set, pages, options.weighting);
    LearnerOptions learner = options.learner;
    learner.learner = config.learner;
    const auto start = std::chrono::steady_clock::now();
    LearnedModel trained = train_model(set, learner);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    LearnedModelData d = trained.data();
    std::string sources;
    for (const auto& s : options.datasets)
      sources += (sources.empty() ? "" : " ") + std::string(dataset_format_name(s.format)) + ":" + s.dir.string();
    d.training.insert(d.training.begin(), {{"datasets", sources},
                                           {"pages", std::to_string(data.pages.size())},
                                           {"blocks", std::to_string(set.rows())},
                                           {"weighting", std::string(weighting_name(options.weighting))},
                                           {"comments", options.labels.comments_are_content ? "content" : "boilerplate"}});
    if (!options.labels.stack_models.empty()) {
      // A stacked second stage: how many first-stage models read its pages (each without them).
      std::vector<const LearnedModel*> firsts;
      for (const auto& entry : options.labels.stack_models) firsts.push_back(entry.second.get());
      std::sort(firsts.begin(), firsts.end());
      const auto distinct = std::unique(firsts.begin(), firsts.end()) - firsts.begin();
      d.training.push_back({"stacked_on", std::to_string(distinct) + " first-stage models (--stack-models)"});
    }
    LearnedModel(std::move(d)).save(options.output);
    log << "boilerdex-train: " << describe(config) << ": trained on " << data.pages.size() << " pages, "
        << set.rows() << " blocks in " << seconds << " s; wrote " << options.output.string() << '\n';
  }
  return 0;
}

}  // namespace boilerdex::plugin::train

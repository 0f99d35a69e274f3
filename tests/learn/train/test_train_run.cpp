#include "train_run.hpp"

#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <sstream>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::train;
namespace fs = std::filesystem;

namespace {

const fs::path k_mini = fs::path(BOILERDEX_FIXTURES_DIR) / "train" / "l3s-mini";

TrainOptions mini_options() {
  TrainOptions o;
  o.datasets = {{DatasetFormat::L3sGn1, k_mini}};
  o.learner.rounds = 10;
  o.learner.cart_min_samples = 2;
  return o;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(train_run)

BOOST_AUTO_TEST_CASE(saves_a_model_the_extractor_runs) {
  const fs::path model = fs::temp_directory_path() / ("boilerdex-train-run-" + std::to_string(::getpid()) + ".json");
  TrainOptions o = mini_options();
  o.output = model;
  o.learners = {Learner::Cart};
  std::ostringstream out, log;
  BOOST_TEST(run_train(o, out, log) == 0);
  BOOST_TEST(log.str().find("trained on 8 pages") != std::string::npos);
  const LearnedModel loaded = LearnedModel::load(model);
  BOOST_TEST(loaded.data().learner == "cart");
  bool has_pages = false;
  for (const auto& [k, v] : loaded.data().training) has_pages |= k == "pages" && v == "8";
  BOOST_TEST(has_pages);

  const auto extractor = make_extractor("learned:" + model.string());
  BOOST_TEST(extractor->name() == "learned:" + model.string());
  const std::string html = read_file_bytes(k_mini / "original" / "page2.html");
  TextDocument doc = segment_html(html);
  extractor->process(doc, html);
  const std::string content = doc.content();
  BOOST_TEST(content.find("Storm damage prompts new plan") != std::string::npos);
  BOOST_TEST(content.find("Engineers said the work") != std::string::npos);
  BOOST_TEST(content.find("Privacy") == std::string::npos);
  BOOST_TEST(content.find("Weather") == std::string::npos);
  fs::remove(model);
}

BOOST_AUTO_TEST_CASE(prints_the_cross_validation_table) {
  TrainOptions o = mini_options();
  o.folds = 2;
  o.learners = {Learner::Cart, Learner::XGBoost};
  o.feature_sets = {FeatureSet::Current};
  o.classes = {2, 4};
  std::ostringstream out, log;
  BOOST_TEST(run_train(o, out, log) == 0);
  BOOST_TEST(out.str().find("| current | xgboost (4-class model) |") != std::string::npos);
  BOOST_TEST(out.str().find("## 4-class") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(rejects_contradictory_options) {
  std::ostringstream out, log;
  TrainOptions nothing = mini_options();
  BOOST_CHECK_THROW(run_train(nothing, out, log), boilerdex::UsageError);
  TrainOptions many = mini_options();
  many.output = "unused.json";
  many.learners = {Learner::Cart, Learner::XGBoost};
  BOOST_CHECK_THROW(run_train(many, out, log), boilerdex::UsageError);
  TrainOptions three = mini_options();
  three.folds = 2;
  three.classes = {3};
  BOOST_CHECK_THROW(run_train(three, out, log), boilerdex::UsageError);
  TrainOptions aligned = mini_options();
  aligned.folds = 2;
  aligned.classes = {4};
  aligned.datasets.push_back({DatasetFormat::CleanEval, "/nonexistent"});  // refused before it is read
  BOOST_CHECK_EXCEPTION(run_train(aligned, out, log), boilerdex::UsageError, [](const boilerdex::UsageError& e) {
    return std::string(e.what()).find("cleaneval") != std::string::npos;
  });
  TrainOptions none = mini_options();
  none.datasets.clear();
  none.folds = 2;
  BOOST_CHECK_THROW(run_train(none, out, log), boilerdex::UsageError);
  BOOST_TEST(!fs::exists("unused.json"));
}

BOOST_AUTO_TEST_SUITE_END()

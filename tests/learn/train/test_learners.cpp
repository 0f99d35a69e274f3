#include "learners.hpp"

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "mini_fixture.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::train;
using namespace boilerdex::plugin::train::testing;

namespace {

TrainingSet mini_set(FeatureSet set, std::size_t classes, Weighting weighting = Weighting::Words) {
  TrainingSet s;
  s.feature_set = set;
  s.num_classes = classes;
  std::vector<const LabelledPage*> pages;
  for (const auto& p : mini_pages()) pages.push_back(&p);
  append_rows(s, pages, weighting);
  return s;
}

LearnerOptions small_options(Learner learner) {
  LearnerOptions o;
  o.learner = learner;
  o.seed = 7;
  o.rounds = 15;
  o.max_depth = 3;
  o.cart_min_samples = 2;
  return o;
}

// Every (learner, classes) pair, with a feature set each.
struct Case {
  Learner learner;
  std::size_t classes;
  FeatureSet features;
};
const Case k_cases[] = {{Learner::Cart, 2, FeatureSet::Current},
                        {Learner::Cart, 4, FeatureSet::AllLocal},
                        {Learner::XGBoost, 2, FeatureSet::Context},
                        {Learner::XGBoost, 4, FeatureSet::LocalPage}};

std::ostream& operator<<(std::ostream& out, const Case& c) {
  return out << learner_name(c.learner) << '/' << c.classes << '/' << feature_set_name(c.features);
}

std::vector<double> model_probabilities(const LearnedModel& model, const TrainingSet& set) {
  std::vector<double> p(set.rows() * set.num_classes);
  for (std::size_t r = 0; r < set.rows(); ++r)
    model.predict(set.row(r), std::span<double>(p.data() + r * set.num_classes, set.num_classes));
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(learners)

BOOST_AUTO_TEST_CASE(rows_skip_wordless_blocks_and_weigh_by_words) {
  const TrainingSet words = mini_set(FeatureSet::AllLocal, 4);
  const TrainingSet blocks = mini_set(FeatureSet::AllLocal, 4, Weighting::Blocks);
  BOOST_REQUIRE(words.rows() > 50u);
  BOOST_TEST(words.x.size() == words.rows() * feature_count(FeatureSet::AllLocal));
  BOOST_TEST(words.y == blocks.y, boost::test_tools::per_element());
  for (std::size_t r = 0; r < words.rows(); ++r) {
    BOOST_TEST(words.weight[r] >= 1.0f);
    BOOST_TEST(words.weight[r] == words.x[r * feature_count(FeatureSet::AllLocal) + 15 + 0]);  // curr.num_words
    BOOST_TEST(blocks.weight[r] == 1.0f);
  }
  const TrainingSet two = mini_set(FeatureSet::Current, 2);
  for (std::size_t r = 0; r < two.rows(); ++r) BOOST_TEST((two.y[r] == (words.y[r] == 0 ? 0 : 1)));
}

BOOST_AUTO_TEST_CASE(a_page_weight_multiplies_its_rows_weights) {
  std::vector<LabelledPage> pages = mini_pages();
  BOOST_REQUIRE(pages.size() >= 2u);
  pages[0].weight = 3.0;
  std::vector<const LabelledPage*> ptrs;
  for (const auto& p : pages) ptrs.push_back(&p);
  TrainingSet s;
  s.feature_set = FeatureSet::Current;
  s.num_classes = 2;
  append_rows(s, ptrs, Weighting::Blocks);
  std::size_t first_rows = 0;
  for (const auto& f : pages[0].features) first_rows += f.num_words > 0 ? 1 : 0;
  BOOST_REQUIRE(first_rows > 0u && first_rows < s.rows());
  for (std::size_t r = 0; r < s.rows(); ++r) BOOST_TEST(s.weight[r] == (r < first_rows ? 3.0f : 1.0f));
}

BOOST_DATA_TEST_CASE(export_predicts_what_the_library_predicts, boost::unit_test::data::make(k_cases), c) {
  const TrainingSet set = mini_set(c.features, c.classes);
  const auto native = train_native(set, small_options(c.learner));
  const LearnedModel model = native->export_model();
  BOOST_TEST(model.num_classes() == c.classes);
  BOOST_TEST((model.feature_set() == c.features));
  const std::vector<double> p = model_probabilities(model, set);
  const std::vector<int> classes = native->predict_classes(set);
  for (std::size_t r = 0; r < set.rows(); ++r) {
    const double* row = p.data() + r * c.classes;
    const int predicted = c.classes == 2 ? (row[1] >= model.threshold() ? 1 : 0)
                                         : static_cast<int>(std::max_element(row, row + c.classes) - row);
    BOOST_TEST(predicted == classes[r], "row " << r);
  }
  const std::vector<double> library = native->predict_probabilities(set);
  if (c.learner == Learner::XGBoost) {
    BOOST_REQUIRE(library.size() == p.size());
    for (std::size_t i = 0; i < p.size(); ++i) BOOST_TEST(std::abs(library[i] - p[i]) < 1e-5, "value " << i);
  } else {
    BOOST_TEST(library.empty());
  }
}

BOOST_DATA_TEST_CASE(training_is_deterministic_with_a_seed, boost::unit_test::data::make(k_cases), c) {
  const TrainingSet set = mini_set(c.features, c.classes);
  const std::string a = train_model(set, small_options(c.learner)).to_json();
  const std::string b = train_model(set, small_options(c.learner)).to_json();
  BOOST_TEST(a == b);
}

BOOST_DATA_TEST_CASE(save_and_load_keep_every_prediction, boost::unit_test::data::make(k_cases), c) {
  const TrainingSet set = mini_set(c.features, c.classes);
  const LearnedModel trained = train_model(set, small_options(c.learner));
  const auto path = std::filesystem::temp_directory_path() /
                    ("boilerdex-train-roundtrip-" + std::to_string(::getpid()) + ".json");
  trained.save(path);
  const LearnedModel loaded = LearnedModel::load(path);
  std::filesystem::remove(path);
  BOOST_TEST(model_probabilities(trained, set) == model_probabilities(loaded, set),
             boost::test_tools::per_element());
  BOOST_TEST(loaded.to_json() == trained.to_json());
}

BOOST_AUTO_TEST_CASE(learns_the_fixture_well) {
  // Hand-written pages are easy: a model that cannot separate them is broken.
  const TrainingSet set = mini_set(FeatureSet::AllLocal, 2);
  for (const Learner l : {Learner::Cart, Learner::XGBoost}) {
    const LearnedModel model = train_model(set, small_options(l));
    double right = 0, total = 0;
    for (std::size_t r = 0; r < set.rows(); ++r) {
      const bool kept = model.content_probability(set.row(r)) >= model.threshold();
      right += (kept == (set.y[r] == 1)) ? set.weight[r] : 0.0;
      total += set.weight[r];
    }
    BOOST_TEST(right / total > 0.95, learner_name(l));
  }
}

BOOST_AUTO_TEST_CASE(refuses_what_it_cannot_learn) {
  TrainingSet empty;
  BOOST_CHECK_THROW((void)train_model(empty, small_options(Learner::Cart)), boilerdex::UsageError);
  TrainingSet one = mini_set(FeatureSet::Current, 2);
  std::fill(one.y.begin(), one.y.end(), 1);
  BOOST_CHECK_THROW((void)train_model(one, small_options(Learner::XGBoost)), boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(names_round_trip) {
  for (const Learner l : {Learner::Cart, Learner::XGBoost}) BOOST_TEST((parse_learner(learner_name(l)) == l));
  for (const Weighting w : {Weighting::Words, Weighting::SqrtWords, Weighting::Blocks})
    BOOST_TEST((parse_weighting(weighting_name(w)) == w));
  BOOST_TEST(!parse_learner("svm").has_value());
  BOOST_TEST(!parse_weighting("bytes").has_value());
}

BOOST_AUTO_TEST_SUITE_END()

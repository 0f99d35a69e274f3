#include "cross_validation.hpp"

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "mini_fixture.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::train;
using namespace boilerdex::plugin::train::testing;

namespace {

CrossValidationOptions small(std::size_t folds) {
  CrossValidationOptions o;
  o.folds = folds;
  o.learner.seed = 3;
  o.learner.rounds = 10;
  o.learner.max_depth = 3;
  o.learner.cart_min_samples = 2;
  o.threads = 2;
  return o;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cross_validation)

BOOST_AUTO_TEST_CASE(folds_are_balanced_seeded_and_fixed) {
  const auto folds = page_folds(23, 10, 1);
  BOOST_REQUIRE(folds.size() == 23u);
  for (std::size_t f = 0; f < 10; ++f) {
    const auto n = std::count(folds.begin(), folds.end(), f);
    BOOST_TEST((n == 2 || n == 3));
  }
  BOOST_TEST(page_folds(23, 10, 1) == folds, boost::test_tools::per_element());
  BOOST_TEST(page_folds(23, 10, 2) != folds);
  // Fixed definition (splitmix64 + Fisher–Yates; values from an independent Python
  // transcription): the same folds on every platform.
  const std::vector<std::size_t> expected = page_folds(8, 4, 42);
  BOOST_TEST(expected == (std::vector<std::size_t>{1, 1, 3, 0, 0, 3, 2, 2}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(pooled_figures_are_deterministic_and_plausible) {
  for (const Learner l : {Learner::Cart, Learner::XGBoost}) {
    const ModelConfig config{l, FeatureSet::AllLocal, 4};
    const auto a = cross_validate(mini_pages(), config, small(4));
    const auto b = cross_validate(mini_pages(), config, small(4));
    BOOST_TEST(a.two_class.f1 == b.two_class.f1);
    BOOST_TEST(a.two_class.roc_auc == b.two_class.roc_auc);
    BOOST_REQUIRE(a.four_class.has_value());
    BOOST_TEST(a.four_class->f1 == b.four_class->f1);
    BOOST_TEST(a.pages == 8u);
    BOOST_TEST(a.blocks > 50u);
    BOOST_TEST(a.two_class.f1 > 0.9);
    BOOST_TEST(a.two_class.roc_auc > 0.9);
    BOOST_TEST(a.two_class.f1 <= 1.0);
    // The 4-class average weighs each class by its words: the weights add up to all words.
    BOOST_TEST(a.four_class->positive_words == a.two_class.positive_words + a.two_class.negative_words);
  }
}

BOOST_AUTO_TEST_CASE(two_class_models_have_no_four_class_figures) {
  const auto r = cross_validate(mini_pages(), {Learner::Cart, FeatureSet::Current, 2}, small(2));
  BOOST_TEST(!r.four_class.has_value());
  BOOST_TEST(!r.per_class.has_value());
  std::ostringstream table;
  write_cross_validation_table({r}, 2, table);
  BOOST_TEST(table.str().find("| current | cart |") != std::string::npos);
  BOOST_TEST(table.str().find("paper: all local + global frequency") != std::string::npos);
  BOOST_TEST(table.str().find("4-class") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(refuses_impossible_folds_and_labels) {
  BOOST_CHECK_THROW((void)cross_validate(mini_pages(), {}, small(1)), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)cross_validate(mini_pages(), {}, small(9)), boilerdex::UsageError);
  std::vector<LabelledPage> two_class = mini_pages();
  two_class.front().four_class = false;
  BOOST_CHECK_THROW((void)cross_validate(two_class, {Learner::Cart, FeatureSet::Current, 4}, small(2)),
                    boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <utility>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/file_bytes.hpp"
#include "boilerdex/plugin/learned_model.hpp"
#include "../../plugin/extractors/src/best_model_data_internal.hpp"
#include "../../plugin/extractors/src/dense_forest_internal.hpp"
#include "../../plugin/extractors/src/model_json_internal.hpp"
#include "../page/test_block_builder.hpp"

using namespace boilerdex::plugin;
using namespace boilerdex::plugin::testing;
using nlohmann::json;

namespace {

// A 2-class logistic model on the current block: curr.num_words < 10 → margin −2, else +2.
json tiny_model() {
  return {{"format", "boilerdex-block-classifier"},
          {"version", 1},
          {"learner", "hand-written"},
          {"feature_set", "current"},
          {"features", feature_names(FeatureSet::Current)},
          {"classes", {"boilerplate", "content"}},
          {"output", "logistic"},
          {"base_margin", {0.0}},
          {"threshold", 0.5},
          {"trees",
           {{{"target", 0},
             {"nodes",
              {{{"feature", 0}, {"threshold", 10.0}, {"left", 1}, {"right", 2}},
               {{"leaf", {-2.0}}},
               {{"leaf", {2.0}}}}}}}}};
}

std::vector<float> current_features(float num_words, float link_density = 0) {
  std::vector<float> x(feature_count(FeatureSet::Current), 0.0f);
  x[0] = num_words;
  x[1] = link_density;
  return x;
}

// The message of the InputError that loading \p model as "bad.json" throws.
std::string load_error(const std::string& text) {
  try {
    (void)LearnedModel::from_json(text, "bad.json");
  } catch (const boilerdex::InputError& e) {
    BOOST_TEST(e.source() == "bad.json");
    return e.what();
  }
  BOOST_ERROR("no error for: " << text.substr(0, 200));
  return {};
}

bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

double sigmoid(double m) { return 1.0 / (1.0 + std::exp(-m)); }

}  // namespace

BOOST_AUTO_TEST_SUITE(learned_model)

BOOST_AUTO_TEST_CASE(feature_sets_have_stable_names) {
  BOOST_TEST(feature_count(FeatureSet::Current) == 15u);
  BOOST_TEST(feature_count(FeatureSet::Context) == 45u);
  BOOST_TEST(feature_count(FeatureSet::AllLocal) == 50u);
  BOOST_TEST(feature_count(FeatureSet::LocalPage) == 56u);
  for (const FeatureSet s : all_feature_sets()) {
    const auto names = feature_names(s);
    BOOST_TEST(names.size() == feature_count(s));
    BOOST_TEST(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    BOOST_TEST((parse_feature_set(feature_set_name(s)) == s));
  }
  BOOST_TEST(feature_names(FeatureSet::Current).front() == "curr.num_words");
  BOOST_TEST(feature_names(FeatureSet::Context)[16] == "curr.link_density");
  BOOST_TEST(feature_names(FeatureSet::AllLocal).back() == "curr.relative_position");
  BOOST_TEST(feature_names(FeatureSet::LocalPage).back() == "page.link_density");
  BOOST_TEST(!parse_feature_set("everything").has_value());
}

BOOST_AUTO_TEST_CASE(feature_rows_take_neighbours_sentinels_and_the_page) {
  TextDocument doc = document({block("one two three", 3), block("four five six seven eight", 5, 5),
                               block("nine", 1)});
  doc.blocks[1].enclosing_tag = TagClass::P;
  const auto f = compute_features(doc);
  const std::size_t n = feature_count(FeatureSet::LocalPage);
  const std::vector<float> rows = feature_rows(f, FeatureSet::LocalPage);
  BOOST_REQUIRE(rows.size() == 3 * n);
  const float* x = rows.data();
  BOOST_TEST(x[0] == 0.0f);   // prev.num_words: the sentinel
  BOOST_TEST(x[15] == 3.0f);  // curr.num_words
  BOOST_TEST(x[30] == 5.0f);  // next.num_words
  BOOST_TEST(x[31] == 1.0f);  // next.link_density
  BOOST_TEST(x[47] == 2.0f);  // next.enclosing_tag: P
  BOOST_TEST(x[48] == 0.0f);  // curr.position
  BOOST_TEST(x[50] == 3.0f / 9.0f);   // page.words_share
  BOOST_TEST(x[51] == 3.0f / 5.0f);   // page.largest_block_share
  BOOST_TEST(x[52] == 0.0f);          // page.words_before
  BOOST_TEST(x[53] == -0.5f);         // page.distance_to_largest: (0 − 1) / 2
  BOOST_TEST(x[54] == static_cast<float>(std::log1p(9.0)));
  BOOST_TEST(x[55] == 5.0f / 9.0f);   // page.link_density
  x = rows.data() + 2 * n;
  BOOST_TEST(x[0] == 5.0f);
  BOOST_TEST(x[30] == 0.0f);  // next: the sentinel
  BOOST_TEST(x[48] == 2.0f);
  BOOST_TEST(x[49] == 1.0f);  // relative position of the last block
  BOOST_TEST(x[52] == 8.0f / 9.0f);
  BOOST_TEST(x[53] == 0.5f);
  // Smaller sets are prefixes of the larger ones' layout.
  const std::vector<float> all_local = feature_rows(f, FeatureSet::AllLocal);
  for (std::size_t k = 0; k < feature_count(FeatureSet::AllLocal); ++k) BOOST_TEST(all_local[k] == rows[k]);
  const std::vector<float> c = feature_rows(f, FeatureSet::Current);
  const auto named = named_features(f[1]);
  for (std::size_t k = 0; k < feature_count(FeatureSet::Current); ++k)
    BOOST_TEST(c[feature_count(FeatureSet::Current) + k] == static_cast<float>(named[k].value));
  BOOST_TEST(feature_rows({}, FeatureSet::LocalPage).empty());
}

// Every row's block columns are named_features' values of the block and its neighbours (the
// sentinel at both edges) as floats, for features of every kind of value.
BOOST_AUTO_TEST_CASE(feature_rows_hold_named_features) {
  std::mt19937 random(15);
  std::uniform_int_distribution<int> count(0, 40000);
  std::uniform_real_distribution<double> real(0.0, 30.0);
  for (int round = 0; round < 200; ++round) {
    std::vector<BlockFeatures> f(1 + static_cast<std::size_t>(round % 7));
    for (std::size_t i = 0; i < f.size(); ++i) {
      BlockFeatures& b = f[i];
      b.num_words = count(random) * (round % 3 == 0 ? 1000 : 1);  // some past float's 2^24
      b.link_density = static_cast<float>(real(random) / 30.0);
      b.text_density = static_cast<float>(real(random));
      b.num_word_tokens = count(random);
      b.average_word_length = real(random);
      b.average_sentence_length = real(random) * 3.3;
      b.num_sentences = count(random);
      b.num_start_uppercase = count(random);
      b.start_uppercase_ratio = real(random) / 30.0;
      b.num_all_uppercase = count(random);
      b.all_uppercase_ratio = real(random) / 31.0;
      b.num_full_stops = count(random);
      b.full_stop_ratio = real(random) / 29.0;
      b.num_date_tokens = count(random);
      b.num_vertical_bars = count(random);
      b.enclosing_tag = static_cast<TagClass>(count(random) % 10);
      b.position = i;
      b.relative_position = f.size() > 1 ? static_cast<double>(i) / static_cast<double>(f.size() - 1) : 0.0;
    }
    const std::size_t width = feature_count(FeatureSet::AllLocal);
    const std::vector<float> rows = feature_rows(f, FeatureSet::AllLocal);
    BOOST_REQUIRE(rows.size() == f.size() * width);
    for (std::size_t i = 0; i < f.size(); ++i) {
      const float* x = rows.data() + i * width;
      const auto prev = named_features(i > 0 ? f[i - 1] : empty_start_features());
      const auto curr = named_features(f[i]);
      const auto next = named_features(i + 1 < f.size() ? f[i + 1] : empty_start_features());
      for (std::size_t k = 0; k < 15; ++k) {
        BOOST_TEST(x[k] == static_cast<float>(prev[k].value));
        BOOST_TEST(x[15 + k] == static_cast<float>(curr[k].value));
        BOOST_TEST(x[30 + k] == static_cast<float>(next[k].value));
      }
      BOOST_TEST(x[45] == static_cast<float>(prev[15].value));  // enclosing tags
      BOOST_TEST(x[46] == static_cast<float>(curr[15].value));
      BOOST_TEST(x[47] == static_cast<float>(next[15].value));
      BOOST_TEST(x[48] == static_cast<float>(curr[16].value));  // position
      BOOST_TEST(x[49] == static_cast<float>(curr[17].value));  // relative position
    }
  }
}

// feature_rows_into writes the rows feature_rows gives, for any range of blocks, each at its
// stride in a wider buffer, leaving the floats between the rows as they were.
BOOST_AUTO_TEST_CASE(feature_rows_into_writes_the_same_rows_at_a_stride) {
  TextDocument doc = document({block("one two three", 3), block("four five six seven eight", 5, 5),
                               block("nine", 1), block("ten eleven.", 2), block("twelve", 1, 1)});
  const auto f = compute_features(doc);
  for (const FeatureSet set : all_feature_sets()) {
    const std::size_t width = feature_count(set);
    const std::size_t stride = width + 7;
    for (std::size_t begin = 0; begin <= f.size(); ++begin) {
      for (std::size_t end = begin; end <= f.size(); ++end) {
        const std::vector<float> rows = feature_rows(f, set, begin, end);
        std::vector<float> wide((end - begin) * stride, -42.0f);
        feature_rows_into(f, set, begin, end, wide.data(), stride);
        for (std::size_t r = 0; r < end - begin; ++r) {
          for (std::size_t k = 0; k < stride; ++k) {
            const float expected = k < width ? rows[r * width + k] : -42.0f;
            BOOST_TEST(wide[r * stride + k] == expected, "set " << feature_set_name(set) << " rows ["
                                                                << begin << ", " << end << ") row " << r
                                                                << " column " << k);
          }
        }
      }
    }
  }
  std::vector<float> narrow(feature_count(FeatureSet::Current));
  BOOST_CHECK_THROW(feature_rows_into(f, FeatureSet::LocalPage, 0, 1, narrow.data(), narrow.size()),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(logistic_trees_split_below_the_threshold) {
  const LearnedModel m = LearnedModel::from_json(tiny_model().dump(), "tiny.json");
  BOOST_TEST(m.content_probability(current_features(9.0f)) == sigmoid(-2.0));
  BOOST_TEST(m.content_probability(current_features(10.0f)) == sigmoid(2.0));  // not < 10: right
  std::array<double, 2> p{};
  m.predict(current_features(3.0f), p);
  BOOST_TEST(p[1] == sigmoid(-2.0));
  BOOST_TEST(p[0] + p[1] == 1.0, boost::test_tools::tolerance(1e-15));
  BOOST_TEST(std::isnan(m.content_probability(std::vector<float>(3, 0.0f))));
}

// Batch scoring lays shallow trees out as complete trees (a leaf above the last level spread
// over the leaves below it); each row's probability must stay what one row at a time gives,
// ties at a threshold and NaN (which goes right) included, in and out of the groups of four.
BOOST_AUTO_TEST_CASE(batch_scoring_of_uneven_trees_equals_one_row_at_a_time) {
  json model = tiny_model();
  model["base_margin"] = {0.25};
  model["trees"].push_back(
      {{"target", 0},
       {"nodes",
        {{{"feature", 0}, {"threshold", 10.0}, {"left", 1}, {"right", 2}},
         {{"leaf", {-1.5}}},
         {{"feature", 1}, {"threshold", 0.5}, {"left", 3}, {"right", 4}},
         {{"feature", 2}, {"threshold", 3.0}, {"left", 5}, {"right", 6}},
         {{"leaf", {0.75}}},
         {{"leaf", {0.125}}},
         {{"leaf", {-0.375}}}}}});
  const LearnedModel m = LearnedModel::from_json(model.dump(), "uneven.json");
  const std::size_t width = feature_count(FeatureSet::Current);
  const std::vector<std::array<float, 3>> cases = {
      {9, 0, 0},  {10, 0, 2},   {10, 0, 3},  {11, 0.5f, 0}, {12, 0.4f, 5}, {50, 1, 1},
      {0, 0, 0},  {10, 0.49f, 2.9f}, {std::nanf(""), 0, 0}, {20, std::nanf(""), 1},
      {20, 0, std::nanf("")}};
  std::vector<float> rows(cases.size() * width, 0.0f);
  for (std::size_t i = 0; i < cases.size(); ++i)
    std::copy(cases[i].begin(), cases[i].end(), rows.begin() + static_cast<std::ptrdiff_t>(i * width));
  std::vector<double> batch(cases.size());
  std::vector<bool> skip(cases.size(), false);
  skip[4] = true;
  m.content_probabilities(rows, batch, skip);
  std::set<double> seen;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const double one = m.content_probability(std::span<const float>(rows.data() + i * width, width));
    BOOST_TEST_CONTEXT("row " << i) { BOOST_TEST(batch[i] == (skip[i] ? 0.0 : one)); }
    if (!skip[i]) seen.insert(one);
  }
  BOOST_TEST(seen.size() == 4u);  // every leaf of the uneven tree was reached
  BOOST_TEST(m.content_probability(std::span<const float>(rows.data(), width)) ==
             sigmoid(0.25 - 2.0 - 1.5));
}

// The batch walks sixteen rows at a time through trees up to 4 deep where the processor
// allows (AVX2) and the leaf values are floats (XGBoost's are), and row by row otherwise.
// Forests of every depth up to the dense limit, with uneven trees, ties and NaN, leaf values
// that are floats and ones that are not, must score each row exactly as one row at a time
// does, in full groups of sixteen and in a short last group.
BOOST_AUTO_TEST_CASE(batch_scoring_of_deep_random_forests_equals_one_row_at_a_time) {
  const std::size_t width = feature_count(FeatureSet::Current);
  const std::array<float, 5> values = {0.0f, 0.5f, 1.0f, 2.5f, std::nanf("")};
  std::uint32_t state = 12345;
  const auto next = [&state](std::uint32_t n) {  // a small LCG: the same forest every run
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  for (int variant = 0; variant < 12; ++variant) {
    const int depth = variant % 6 + 1;
    const bool float_leaves = variant < 6;
    json model = tiny_model();
    model["base_margin"] = {0.125};
    model["trees"] = json::array();
    for (int t = 0; t < 23; ++t) {
      json nodes = json::array();
      // Depth first: a node splits while above \p depth and the dice say so.
      const std::function<void(int)> grow = [&](int level) {
        const std::size_t at = nodes.size();
        nodes.push_back(json::object());
        if (level < depth && (level == 0 || next(4) != 0)) {
          const std::size_t left = nodes.size();
          grow(level + 1);
          const std::size_t right = nodes.size();
          grow(level + 1);
          nodes[at] = {{"feature", next(static_cast<std::uint32_t>(width))},
                       {"threshold", values[next(4)]},
                       {"left", left},
                       {"right", right}};
        } else {
          // Multiples of 1/1024 are floats; of 1/1000, mostly not (the row-by-row walk).
          const double step = float_leaves ? 1.0 / 1024.0 : 1.0 / 1000.0;
          nodes[at] = {{"leaf", {static_cast<double>(next(2049)) * step - 1.0}}};
        }
      };
      grow(0);
      model["trees"].push_back({{"target", 0}, {"nodes", nodes}});
    }
    const LearnedModel m = LearnedModel::from_json(model.dump(), "random.json");
    const std::size_t n = 37;  // four groups of eight and five left over
    std::vector<float> rows(n * width);
    for (float& x : rows) x = values[next(5)];
    std::vector<double> batch(n);
    std::vector<bool> skip(n, false);
    skip[9] = true;
    m.content_probabilities(rows, batch, skip);
    for (std::size_t i = 0; i < n; ++i) {
      const double one =
          m.content_probability(std::span<const float>(rows.data() + i * width, width));
      BOOST_TEST_CONTEXT("depth " << depth << (float_leaves ? ", float" : ", double")
                                   << " leaves, row " << i) {
        BOOST_TEST(batch[i] == (skip[i] ? 0.0 : one));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(softmax_sums_trees_per_class_and_average_averages) {
  json soft = tiny_model();
  soft["classes"] = {"boilerplate", "full-text", "headline", "supplemental"};
  soft["output"] = "softmax";
  soft["base_margin"] = {0.5, 0.5, 0.5, 0.5};
  soft["trees"] = {{{"target", 1}, {"nodes", {{{"leaf", {1.0}}}}}},
                   {{"target", 2}, {"nodes", {{{"feature", 1}, {"threshold", 0.5}, {"left", 1}, {"right", 2}},
                                              {{"leaf", {2.0}}},
                                              {{"leaf", {-1.0}}}}}}};
  const LearnedModel m = LearnedModel::from_json(soft.dump(), "soft.json");
  std::array<double, 4> p{};
  m.predict(current_features(5.0f, 0.0f), p);
  const double e0 = std::exp(0.5), e1 = std::exp(1.5), e2 = std::exp(2.5), sum = e0 + e1 + e2 + e0;
  BOOST_TEST(p[0] == e0 / sum, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(p[1] == e1 / sum, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(p[2] == e2 / sum, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(m.content_probability(current_features(5.0f)) == 1.0 - p[0], boost::test_tools::tolerance(1e-12));

  json avg = tiny_model();
  avg["output"] = "average";
  avg["base_margin"] = {0.0, 0.0};
  avg["trees"] = {{{"nodes", {{{"leaf", {0.2, 0.8}}}}}}, {{"nodes", {{{"leaf", {0.6, 0.4}}}}}}};
  const LearnedModel a = LearnedModel::from_json(avg.dump(), "avg.json");
  BOOST_TEST(a.content_probability(current_features(1.0f)) == 0.6, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(json_round_trip_is_exact) {
  json j = tiny_model();
  j["trees"][0]["nodes"][0]["threshold"] = 0.1;  // not exact as a float: stored as float(0.1)
  j["trees"][0]["nodes"][1]["leaf"] = {-0.123456789012345678};
  j["training"] = {{"pages", "8"}, {"seed", 7}};
  const LearnedModel m = LearnedModel::from_json(j.dump(), "m.json");
  const std::string text = m.to_json();
  const LearnedModel again = LearnedModel::from_json(text, "again.json");
  BOOST_TEST(again.to_json() == text);
  for (const float w : {0.0f, 0.1f, std::nextafter(0.1f, 1.0f), 0.2f, 30.0f}) {
    BOOST_TEST(again.content_probability(current_features(w)) == m.content_probability(current_features(w)));
  }
  BOOST_TEST(again.data().training.size() == 2u);
  BOOST_TEST(again.data().training[1].second == "7");

  const auto path = std::filesystem::temp_directory_path() / ("boilerdex-learned-" + std::to_string(::getpid()) + ".json");
  m.save(path);
  BOOST_TEST(LearnedModel::load(path).to_json() == text);
  std::filesystem::remove(path);
  BOOST_CHECK_THROW(m.save("/nonexistent-dir/model.json"), boilerdex::InputError);
}

// Issue #16: the training notes hold data set paths, which are bytes; saving a model
// trained on a Latin-1 folder must not throw nlohmann's type_error.316.
BOOST_AUTO_TEST_CASE(training_notes_with_bytes_that_are_not_utf8_still_save) {
  LearnedModelData d = LearnedModel::from_json(tiny_model().dump(), "m.json").data();
  d.training = {{"datasets", "cleaneval:/data/caf\xE9"}};
  const std::string text = LearnedModel(d).to_json();
  BOOST_TEST(json::accept(text));
  BOOST_TEST(contains(text, "cleaneval:/data/caf\xEF\xBF\xBD"));
}

// A shipped model file, which best_model_codegen compiles into the library.
std::string model_file_text(const std::string& name = "best-blocks.json") {
  return read_file_bytes(std::filesystem::path(BOILERDEX_SOURCE_DIR) / "plugin/extractors/models" / name);
}
std::string best_model_file_text() { return model_file_text(); }

// Each model best_model_codegen compiled in is its model file, as from_json reads it: every
// field, every node and leaf value bit for bit (hexadecimal literals), and so every prediction.
const std::pair<const char*, const LearnedModel* (*)()> k_compiled_models[] = {
    {"best-blocks.json", &builtin_best_model}, {"best-blocks-stacked.json", &builtin_best_stacked_model}};

BOOST_DATA_TEST_CASE(the_compiled_in_model_is_the_model_file,
                     boost::unit_test::data::xrange(std::size(k_compiled_models))) {
  const auto& [name, builtin] = k_compiled_models[sample];
  BOOST_TEST_CONTEXT(name) {
    const LearnedModel* compiled = builtin();
    BOOST_REQUIRE(compiled != nullptr);
    const LearnedModel file = LearnedModel::from_json(model_file_text(name), name);
    const LearnedModelData& a = compiled->data();
    const LearnedModelData& b = file.data();
    BOOST_TEST(a.learner == b.learner);
    BOOST_TEST(feature_set_name(a.feature_set) == feature_set_name(b.feature_set));
    BOOST_TEST(a.num_classes == b.num_classes);
    BOOST_TEST(model_output_name(a.output) == model_output_name(b.output));
    BOOST_TEST(a.base_margin == b.base_margin);
    BOOST_TEST(a.threshold == b.threshold);
    BOOST_TEST(a.training == b.training);
    BOOST_REQUIRE(a.trees.size() == b.trees.size());
    std::size_t nodes = 0;
    for (std::size_t t = 0; t < a.trees.size(); ++t) {
      const DecisionTree& x = a.trees[t];
      const DecisionTree& y = b.trees[t];
      BOOST_TEST(x.target == y.target);
      BOOST_TEST(x.width == y.width);
      BOOST_TEST_REQUIRE(x.nodes.size() == y.nodes.size());
      for (std::size_t i = 0; i < x.nodes.size(); ++i, ++nodes) {
        const TreeNode& m = x.nodes[i];
        const TreeNode& n = y.nodes[i];
        BOOST_TEST((m.feature == n.feature && std::memcmp(&m.threshold, &n.threshold, sizeof(float)) == 0 &&
                    m.left == n.left && m.right == n.right && m.leaf == n.leaf),
                   "tree " << t << " node " << i);
      }
      BOOST_TEST_REQUIRE(x.values.size() == y.values.size());
      BOOST_TEST(std::memcmp(x.values.data(), y.values.data(), x.values.size() * sizeof(double)) == 0,
                 "tree " << t << " leaf values");
    }
    BOOST_TEST(nodes > 1000u);  // the shipped model, not a stub
  }
}

// best_model_codegen also compiles in each model's dense form, so that no process builds it:
// its arrays must be bit for bit what DenseForest::build makes of the file's trees, and the
// compiled-in model must score a batch of rows (which walks them) as the file's model does.
const std::pair<const char*, const detail::DenseForestArrays* const*> k_compiled_dense[] = {
    {"best-blocks.json", &detail::k_best_model_dense},
    {"best-blocks-stacked.json", &detail::k_best_stacked_model_dense}};

template <class T>
bool same_bits(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}

// (A loop, not a data test case: GCC 12 warns inside Boost's xrange, -Wmaybe-uninitialized.)
BOOST_AUTO_TEST_CASE(the_compiled_in_dense_form_is_the_one_built_from_the_file) {
  for (const auto& [name, dense] : k_compiled_dense) BOOST_TEST_CONTEXT(name) {
    BOOST_REQUIRE(*dense != nullptr);
    const detail::DenseForestArrays& a = **dense;
    const LearnedModel file = LearnedModel::from_json(model_file_text(name), name);
    const auto built = detail::DenseForest::build(file.data().trees);
    BOOST_REQUIRE(built != nullptr);
    const detail::DenseForestArrays& b = built->arrays();
    BOOST_TEST(a.depth == b.depth);
    BOOST_TEST(a.trees == b.trees);
    BOOST_TEST(a.max_feature == b.max_feature);
    BOOST_TEST(same_bits(a.features, b.features));
    BOOST_TEST(same_bits(a.thresholds, b.thresholds));
    BOOST_TEST(same_bits(a.leaves, b.leaves));
    BOOST_TEST(same_bits(a.lane_columns, b.lane_columns));
    BOOST_TEST(same_bits(a.lane_thresholds, b.lane_thresholds));
    BOOST_TEST(same_bits(a.lane_leaves, b.lane_leaves));
    BOOST_TEST(!a.lane_leaves.empty());  // the shipped models take the sixteen-row walk

    // Rows of the values the trees split at, and a little either side: every batch score of
    // the compiled-in model is the file model's, and one row at a time's.
    const LearnedModel* compiled = name == std::string("best-blocks.json") ? builtin_best_model()
                                                                            : builtin_best_stacked_model();
    BOOST_REQUIRE(compiled != nullptr);
    const std::size_t width = feature_count(compiled->feature_set());
    const std::size_t n = 53;  // three groups of sixteen and five left over
    std::vector<float> rows(n * width, 0.0f);
    std::uint32_t state = 7;
    const auto next = [&state](std::uint32_t k) {
      state = state * 1664525u + 1013904223u;
      return (state >> 8) % k;
    };
    const std::vector<DecisionTree>& trees = file.data().trees;
    for (std::size_t r = 0; r < n; ++r) {
      for (std::size_t j = 0; j < width; ++j) {
        const DecisionTree& tree = trees[next(static_cast<std::uint32_t>(trees.size()))];
        const TreeNode& node = tree.nodes[next(static_cast<std::uint32_t>(tree.nodes.size()))];
        const float t = node.feature >= 0 ? node.threshold : 0.0f;
        rows[r * width + j] = t + static_cast<float>(static_cast<int>(next(3)) - 1) * 0.25f * std::fabs(t);
      }
    }
    std::vector<double> from_compiled(n), from_file(n);
    compiled->content_probabilities(rows, from_compiled);
    file.content_probabilities(rows, from_file);
    std::set<double> seen;
    for (std::size_t r = 0; r < n; ++r) {
      BOOST_TEST_CONTEXT("row " << r) {
        BOOST_TEST(from_compiled[r] == from_file[r]);
        BOOST_TEST(from_compiled[r] ==
                   file.content_probability(std::span<const float>(rows.data() + r * width, width)));
      }
      seen.insert(from_compiled[r]);
    }
    BOOST_TEST(seen.size() > n / 2);  // the rows went different ways
  }
}

// The dense form takes trees up to k_max_depth deep, and none deeper: a chain of six splits
// is laid out six deep, one of seven gives no dense form (the model then walks its trees).
BOOST_AUTO_TEST_CASE(a_dense_form_is_at_most_six_deep) {
  const auto tree = [](std::vector<TreeNode> nodes, std::vector<double> values) {
    DecisionTree t;
    t.nodes = std::move(nodes);
    t.values = std::move(values);
    return t;
  };
  const auto build = [](const DecisionTree& t) { return detail::DenseForest::build(std::span(&t, 1)); };
  // A chain of seven splits is deeper than any dense form; of six, not.
  const auto chain = [&](std::uint32_t splits) {
    std::vector<TreeNode> nodes;
    for (std::uint32_t i = 0; i < splits; ++i) {
      nodes.push_back({0, 0.5f, 2 * i + 1, 2 * i + 2, 0});
      nodes.push_back({-1, 0.0f, 0, 0, i});  // the left child, a leaf
    }
    nodes.push_back({-1, 0.0f, 0, 0, splits});
    // Each split's right child is the next split (two places on), the last the final leaf.
    return tree(nodes, std::vector<double>(splits + 1, 0.5));
  };
  BOOST_TEST(build(chain(6)) != nullptr);
  BOOST_TEST(build(chain(6))->depth() == 6);
  BOOST_TEST(build(chain(7)) == nullptr);
}

// What best_model_codegen compiles in, the file less "/trees" and the trees with their
// targets, makes the model the file makes; a header is checked as a file's is.
BOOST_AUTO_TEST_CASE(a_header_and_its_trees_make_the_files_model) {
  json soft = tiny_model();
  soft["classes"] = {"boilerplate", "full-text", "headline", "supplemental"};
  soft["output"] = "softmax";
  soft["base_margin"] = {0.5, 0.25, 0.5, 0.5};
  soft["training"] = {{"pages", "8"}};
  soft["trees"] = {{{"target", 1}, {"nodes", {{{"leaf", {1.0}}}}}},
                   {{"target", 3}, {"nodes", {{{"feature", 1}, {"threshold", 0.5}, {"left", 1}, {"right", 2}},
                                              {{"leaf", {2.0}}},
                                              {{"leaf", {-1.0}}}}}}};
  const LearnedModel file = LearnedModel::from_json(soft.dump(), "soft.json");
  json header = soft;
  header.erase("trees");
  const LearnedModel compiled = detail::model_from_header(header, file.data().trees, "compiled");
  BOOST_TEST(compiled.to_json() == file.to_json());
  BOOST_TEST(compiled.data().trees[1].target == 3u);

  const auto message = [&](const json& h) {
    try {
      (void)detail::model_from_header(h, file.data().trees, "compiled");
    } catch (const boilerdex::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  BOOST_TEST(contains(message(soft), "compiled: /trees: expected no trees"));
  json other = header;
  other["features"][2] = "curr.something_else";
  BOOST_TEST(contains(message(other), "/features/2: expected"));
  other = header;
  other.erase("threshold");
  BOOST_TEST(contains(message(other), "missing \"threshold\""));
  other = header;
  other["classes"] = {"boilerplate", "content"};  // softmax trees at outputs 1 and 3 of 2
  other["base_margin"] = {0.0, 0.0};
  BOOST_TEST(contains(message(other), "/trees/1: leaves of width 1 at output 3"));
}

// read_model_json, the one-pass reader from_json tries first, must read exactly what the
// document holds, and leave every unusual shape to the reader that names errors.
BOOST_AUTO_TEST_CASE(the_one_pass_reader_reads_what_the_document_holds) {
  json extras = tiny_model();
  extras["trees"][0]["nodes"][0]["threshold"] = 0.1;
  extras["trees"][0]["nodes"][1]["leaf"] = {-0.123456789012345678};
  extras["trees"].push_back({{"nodes", {{{"leaf", {7}}}}}, {"target", 0}});  // an integer leaf
  extras["training"] = {{"pages", "8"}, {"seed", 7}, {"nested", {{"a", {1, 2, nullptr, true}}}}};
  for (const std::string& text : {extras.dump(), best_model_file_text()}) {
    const json j = json::parse(text);
    const auto read = detail::read_model_json(text);
    BOOST_TEST_REQUIRE(read.has_value());
    BOOST_TEST_REQUIRE(read->trees.size() == j["trees"].size());
    for (std::size_t t = 0; t < j["trees"].size(); ++t) {
      BOOST_TEST_REQUIRE(read->trees[t].has_value());
      const DecisionTree& tree = *read->trees[t];
      const json& nodes = j["trees"][t]["nodes"];
      BOOST_TEST_REQUIRE(tree.nodes.size() == nodes.size());
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        const TreeNode& n = tree.nodes[i];
        if (nodes[i].contains("leaf")) {
          BOOST_TEST(n.feature == -1);
          BOOST_TEST(tree.width == nodes[i]["leaf"].size());
          for (std::size_t k = 0; k < tree.width; ++k)
            BOOST_TEST(tree.values[n.leaf * tree.width + k] == nodes[i]["leaf"][k].get<double>());
        } else {
          BOOST_TEST(n.feature == nodes[i]["feature"].get<int>());
          BOOST_TEST(n.threshold == static_cast<float>(nodes[i]["threshold"].get<double>()));
          BOOST_TEST(n.left == nodes[i]["left"].get<std::uint32_t>());
          BOOST_TEST(n.right == nodes[i]["right"].get<std::uint32_t>());
        }
      }
    }
    json rest = j;  // everything else, as json::parse reads it
    for (json& tree : rest["trees"]) tree["nodes"] = json::array();
    BOOST_TEST(read->rest == rest);
  }

  // Shapes left to the slow reader: it names what is wrong, or (a repeated key) lets the
  // last value win as json::parse does.
  const auto edited = [](auto edit) {
    json j = tiny_model();
    edit(j);
    return j.dump();
  };
  const std::string split = R"({"feature": 0, "threshold": 10.0, "left": 1, "right": 2})";
  const std::string repeated = R"({"feature": 3, "feature": 0, "threshold": 10.0, "left": 1, "right": 2})";
  std::string twice = tiny_model().dump();
  BOOST_TEST_REQUIRE(twice.find(split) == std::string::npos);  // dump() writes no spaces
  const std::string compact = R"({"feature":0,"left":1,"right":2,"threshold":10.0})";
  BOOST_TEST_REQUIRE(twice.find(compact) != std::string::npos);
  twice.replace(twice.find(compact), compact.size(), repeated);
  for (const std::string& text :
       {edited([](json& j) { j["trees"][0]["nodes"][1] = "leaf"; }),
        edited([](json& j) { j["trees"][0]["nodes"][0]["feature"] = -3; }),
        edited([](json& j) { j["trees"][0]["nodes"][0]["left"] = 1.5; }),
        edited([](json& j) { j["trees"][0]["nodes"][0]["colour"] = "red"; }),
        edited([](json& j) { j["trees"][0]["nodes"][2]["leaf"] = {1.0, 2.0}; }),
        edited([](json& j) { j["trees"][0]["nodes"][2]["leaf"] = 1.0; }),
        edited([](json& j) { j["trees"][0]["nodes"][0].erase("right"); }), twice,
        std::string("{\"format\": ")}) {
    BOOST_TEST(!detail::read_model_json(text).has_value(), text);
  }
  const LearnedModel last_wins = LearnedModel::from_json(twice, "twice.json");
  BOOST_TEST(last_wins.data().trees[0].nodes[0].feature == 0);
}

BOOST_AUTO_TEST_CASE(bad_model_files_name_file_and_position) {
  // Syntax: the byte offset.
  const std::string syntax = load_error("{\"format\": \"boilerdex-block-classifier\",\n  \"version\": }");
  BOOST_TEST(contains(syntax, "bad.json@"), syntax);
  BOOST_TEST(contains(syntax, "line 2"), syntax);
  BOOST_TEST(contains(load_error("[1, 2]"), "bad.json: /: expected a JSON object"));

  // Structure: the JSON pointer of the offending value.
  const auto with = [](auto edit) {
    json j = tiny_model();
    edit(j);
    return load_error(j.dump());
  };
  const std::vector<std::pair<std::string, std::string>> cases = {
      {with([](json& j) { j["format"] = "weka"; }), "/format"},
      {with([](json& j) { j["version"] = 2; }), "/version"},
      {with([](json& j) { j.erase("features"); }), "missing \"features\""},
      {with([](json& j) { j["features"][3] = "curr.colour"; }), "/features/3: expected \"curr.num_word_tokens\""},
      {with([](json& j) { j["feature_set"] = "global"; }), "/feature_set"},
      {with([](json& j) { j["classes"] = {"a", "b", "c"}; }), "/classes"},
      {with([](json& j) { j["classes"][1] = "main"; }), "/classes/1"},
      {with([](json& j) { j["output"] = "tanh"; }), "/output"},
      {with([](json& j) { j["base_margin"] = {0.0, 1.0}; }), "/base_margin"},
      {with([](json& j) { j["threshold"] = 1.5; }), "/threshold"},
      {with([](json& j) { j["threshold"] = "half"; }), "/threshold: expected a number"},
      {with([](json& j) { j["trees"] = json::array(); }), "/trees: a model needs at least one tree"},
      {with([](json& j) { j["trees"][0]["nodes"][0]["left"] = 7; }), "/trees/0/nodes/0/left"},
      {with([](json& j) { j["trees"][0]["nodes"][0]["right"] = 1; }), "already has a parent"},
      {with([](json& j) { j["trees"][0]["nodes"][0]["feature"] = 15; }), "/trees/0/nodes/0/feature"},
      {with([](json& j) { j["trees"][0]["nodes"][0]["feature"] = -3; }), "/trees/0/nodes/0/feature"},
      {with([](json& j) { j["trees"][0]["nodes"][2]["leaf"] = {1.0, 2.0}; }), "/trees/0/nodes/2/leaf"},
      {with([](json& j) { j["trees"][0]["nodes"].push_back({{"leaf", {0.0}}}); }), "/trees/0/nodes/3: no split"},
      {with([](json& j) { j["trees"][0]["target"] = 1; }), "/trees/0"},
      {with([](json& j) { j["trees"][0]["nodes"][1] = "leaf"; }), "/trees/0/nodes/1: expected a node object"},
      {with([](json& j) { j["output"] = "average"; }), "/base_margin"},  // must be 2 zeros
  };
  for (const auto& [message, expected] : cases) {
    BOOST_TEST(contains(message, "bad.json: "), message);
    BOOST_TEST(contains(message, expected), message << " (wanted " << expected << ")");
  }

  BOOST_CHECK_EXCEPTION((void)LearnedModel::load("/nonexistent/model.json"), boilerdex::InputError,
                        [](const boilerdex::InputError& e) { return e.source() == "/nonexistent/model.json"; });
  BOOST_CHECK_THROW(LearnedModel(LearnedModelData{}), boilerdex::Error);
}

BOOST_AUTO_TEST_SUITE_END()

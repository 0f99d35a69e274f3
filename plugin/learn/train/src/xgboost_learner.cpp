// Boosted trees with XGBoost's C API, exported from its JSON model (exact floats) to a
// logistic (2 classes) or softmax (4 classes) model.
#include <xgboost/c_api.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "learners.hpp"

namespace boilerdex::plugin::train::detail {

namespace {

using nlohmann::json;

void check(int status, const char* what) {
  if (status != 0) throw Error(std::string("XGBoost: ") + what + ": " + XGBGetLastError());
}

// Owns a DMatrix.
class Matrix {
 public:
  Matrix(const TrainingSet& set, bool with_labels) {
    const auto cols = static_cast<bst_ulong>(feature_count(set.feature_set));
    check(XGDMatrixCreateFromMat(set.x.data(), static_cast<bst_ulong>(set.rows()), cols,
                                 std::numeric_limits<float>::quiet_NaN(), &m_handle),
          "creating the matrix");
    if (!with_labels) return;
    try {
      std::vector<float> labels(set.y.begin(), set.y.end());
      check(XGDMatrixSetFloatInfo(m_handle, "label", labels.data(), static_cast<bst_ulong>(labels.size())),
            "setting labels");
      check(XGDMatrixSetFloatInfo(m_handle, "weight", set.weight.data(),
                                  static_cast<bst_ulong>(set.weight.size())),
            "setting weights");
    } catch (...) {
      XGDMatrixFree(m_handle);
      throw;
    }
  }
  ~Matrix() { XGDMatrixFree(m_handle); }
  Matrix(const Matrix&) = delete;
  Matrix& operator=(const Matrix&) = delete;
  [[nodiscard]] DMatrixHandle get() const noexcept { return m_handle; }

 private:
  DMatrixHandle m_handle = nullptr;
};

// One XGBoost tree from its JSON arrays, renumbered breadth first from the root so that
// children follow parents (XGBoost may leave deleted nodes behind). XGBoost sends a row
// left when value < split_condition, the model file's rule; a leaf's value is stored in
// split_conditions.
DecisionTree export_tree(const json& t, std::uint32_t target) {
  const auto left = t.at("left_children").get<std::vector<int>>();
  const auto right = t.at("right_children").get<std::vector<int>>();
  const auto index = t.at("split_indices").get<std::vector<int>>();
  const auto cond = t.at("split_conditions").get<std::vector<float>>();
  if (left.empty() || right.size() != left.size() || index.size() != left.size() || cond.size() != left.size())
    throw Error("XGBoost: unexpected tree layout in its JSON model");
  DecisionTree tree;
  tree.target = target;
  tree.width = 1;
  tree.nodes.emplace_back();
  std::deque<std::pair<int, std::uint32_t>> queue{{0, 0}};
  std::uint32_t leaves = 0;
  while (!queue.empty()) {
    const auto [x, at] = queue.front();
    queue.pop_front();
    const auto i = static_cast<std::size_t>(x);
    if (left.at(i) < 0) {
      tree.nodes[at].leaf = leaves++;
      tree.values.push_back(static_cast<double>(cond[i]));
      continue;
    }
    TreeNode& n = tree.nodes[at];
    n.feature = index[i];
    n.threshold = cond[i];
    n.left = static_cast<std::uint32_t>(tree.nodes.size());
    n.right = n.left + 1;
    queue.emplace_back(left[i], n.left);
    queue.emplace_back(right.at(i), n.right);
    tree.nodes.emplace_back();
    tree.nodes.emplace_back();
  }
  return tree;
}

class XGBoostClassifier final : public NativeClassifier {
 public:
  XGBoostClassifier(const TrainingSet& set, const LearnerOptions& options)
      : m_options(options), m_set_classes(set.num_classes), m_feature_set(set.feature_set) {
    const Matrix train(set, true);
    const DMatrixHandle matrices[] = {train.get()};
    check(XGBoosterCreate(matrices, 1, &m_booster), "creating the booster");
    try {
      configure_and_train(set, options, train);
    } catch (...) {
      XGBoosterFree(m_booster);
      throw;
    }
  }
  ~XGBoostClassifier() override { XGBoosterFree(m_booster); }
  XGBoostClassifier(const XGBoostClassifier&) = delete;
  XGBoostClassifier& operator=(const XGBoostClassifier&) = delete;

 private:
  void configure_and_train(const TrainingSet& set, const LearnerOptions& options, const Matrix& train) {
    const auto param = [this](const char* name, const std::string& value) {
      check(XGBoosterSetParam(m_booster, name, value.c_str()), name);
    };
    param("verbosity", "0");
    param("tree_method", "hist");
    param("seed", std::to_string(options.seed));
    param("nthread", std::to_string(std::max(1u, options.threads)));
    param("max_depth", std::to_string(options.max_depth));
    param("eta", json(options.eta).dump());
    param("subsample", json(options.subsample).dump());
    param("colsample_bytree", json(options.colsample).dump());
    param("min_child_weight", json(options.min_child_weight).dump());
    param("base_score", "0.5");
    if (set.num_classes == 2) {
      param("objective", "binary:logistic");
    } else {
      param("objective", "multi:softprob");
      param("num_class", std::to_string(set.num_classes));
    }
    for (int round = 0; round < options.rounds; ++round)
      check(XGBoosterUpdateOneIter(m_booster, round, train.get()), "training");
  }

 public:

  LearnedModel export_model() const override {
    bst_ulong length = 0;
    const char* text = nullptr;
    check(XGBoosterSaveModelToBuffer(m_booster, R"({"format": "json"})", &length, &text), "saving the model");
    const json doc = json::parse(std::string_view(text, length));
    const json& learner = doc.at("learner");
    const double base_score = std::stod(learner.at("learner_model_param").at("base_score").get<std::string>());
    const json& model = learner.at("gradient_booster").at("model");
    const auto tree_info = model.at("tree_info").get<std::vector<int>>();
    const json& trees = model.at("trees");
    if (tree_info.size() != trees.size()) throw Error("XGBoost: tree_info does not match the trees");

    LearnedModelData d;
    d.learner = "xgboost";
    d.feature_set = m_feature_set;
    d.num_classes = m_set_classes;
    d.threshold = m_options.threshold;
    if (m_set_classes == 2) {
      d.output = ModelOutput::Logistic;
      d.base_margin = {std::log(base_score / (1.0 - base_score))};
    } else {
      d.output = ModelOutput::Softmax;
      d.base_margin.assign(m_set_classes, base_score);
    }
    for (std::size_t t = 0; t < trees.size(); ++t) {
      const auto target = static_cast<std::uint32_t>(m_set_classes == 2 ? 0 : tree_info[t]);
      d.trees.push_back(export_tree(trees[t], target));
    }
    d.training = {{"rounds", std::to_string(m_options.rounds)},
                  {"max_depth", std::to_string(m_options.max_depth)},
                  {"eta", json(m_options.eta).dump()},
                  {"subsample", json(m_options.subsample).dump()},
                  {"colsample_bytree", json(m_options.colsample).dump()},
                  {"min_child_weight", json(m_options.min_child_weight).dump()},
                  {"seed", std::to_string(m_options.seed)},
                  {"xgboost_version", version()}};
    return LearnedModel(std::move(d));
  }

  std::vector<double> predict_probabilities(const TrainingSet& set) const override {
    const Matrix m(set, false);
    bst_ulong length = 0;
    const float* out = nullptr;
    check(XGBoosterPredict(m_booster, m.get(), 0, 0, 0, &length, &out), "predicting");
    std::vector<double> p;
    p.reserve(set.rows() * m_set_classes);
    if (m_set_classes == 2) {
      for (bst_ulong r = 0; r < length; ++r) {
        p.push_back(1.0 - static_cast<double>(out[r]));
        p.push_back(static_cast<double>(out[r]));
      }
    } else {
      p.assign(out, out + length);
    }
    return p;
  }

  std::vector<int> predict_classes(const TrainingSet& set) const override {
    const std::vector<double> p = predict_probabilities(set);
    std::vector<int> classes(set.rows());
    for (std::size_t r = 0; r < set.rows(); ++r) {
      const auto* row = p.data() + r * m_set_classes;
      classes[r] = m_set_classes == 2 ? (row[1] >= m_options.threshold ? 1 : 0)
                                      : static_cast<int>(std::max_element(row, row + m_set_classes) - row);
    }
    return classes;
  }

 private:
  static std::string version() {
    int major = 0, minor = 0, patch = 0;
    XGBoostVersion(&major, &minor, &patch);
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  }

  LearnerOptions m_options;
  std::size_t m_set_classes;
  FeatureSet m_feature_set;
  BoosterHandle m_booster = nullptr;
};

}  // namespace

std::unique_ptr<NativeClassifier> train_xgboost(const TrainingSet& set, const LearnerOptions& options) {
  return std::make_unique<XGBoostClassifier>(set, options);
}

}  // namespace boilerdex::plugin::train::detail

// CART with OpenCV's ml module (cv::ml::DTrees), exported to a one-tree "average" model
// whose leaves hold class distributions estimated from the training rows.
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <opencv2/ml.hpp>
#include <span>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "learners.hpp"

namespace boilerdex::plugin::train::detail {

namespace {

// Laplace smoothing of leaf distributions (in weight units), as Weka's J48 offers.
constexpr double k_laplace = 1.0;

cv::Mat samples_of(const TrainingSet& set) {
  const auto cols = static_cast<int>(feature_count(set.feature_set));
  cv::Mat samples(static_cast<int>(set.rows()), cols, CV_32F);
  std::copy(set.x.begin(), set.x.end(), samples.ptr<float>());
  return samples;
}

// Which leaf of \p tree a row reaches.
std::uint32_t leaf_of(const DecisionTree& tree, std::span<const float> x) {
  const TreeNode* node = tree.nodes.data();
  while (node->feature >= 0)
    node = &tree.nodes[x[static_cast<std::size_t>(node->feature)] < node->threshold ? node->left : node->right];
  return node->leaf;
}

// The tree structure of \p dtrees, children after parents (breadth first). OpenCV sends a
// row left when value <= c (right when the split is inversed); as a float,
// value <= c ⇔ value < nextafter(c, +∞), the model file's rule.
DecisionTree export_structure(const cv::ml::DTrees& dtrees, std::size_t num_classes) {
  const auto& nodes = dtrees.getNodes();
  const auto& splits = dtrees.getSplits();
  const auto& roots = dtrees.getRoots();
  if (roots.size() != 1) throw Error("OpenCV DTrees: expected one tree, got " + std::to_string(roots.size()));
  DecisionTree tree;
  tree.target = 0;
  tree.width = static_cast<std::uint32_t>(num_classes);
  std::deque<std::pair<int, std::uint32_t>> queue{{roots.front(), 0}};  // (OpenCV node, our index)
  tree.nodes.emplace_back();
  std::uint32_t leaves = 0;
  while (!queue.empty()) {
    const auto [cv_index, index] = queue.front();
    queue.pop_front();
    const cv::ml::DTrees::Node& n = nodes.at(static_cast<std::size_t>(cv_index));
    TreeNode& out = tree.nodes[index];
    if (n.split < 0 || n.left < 0 || n.right < 0) {
      out.leaf = leaves++;
      continue;
    }
    const cv::ml::DTrees::Split& s = splits.at(static_cast<std::size_t>(n.split));
    out.feature = s.varIdx;
    out.threshold = std::nextafter(s.c, std::numeric_limits<float>::infinity());
    int left = n.left, right = n.right;
    if (s.inversed) std::swap(left, right);
    out.left = static_cast<std::uint32_t>(tree.nodes.size());
    out.right = out.left + 1;
    queue.emplace_back(left, out.left);
    queue.emplace_back(right, out.right);
    tree.nodes.emplace_back();  // `out` may dangle from here on
    tree.nodes.emplace_back();
  }
  tree.values.assign(static_cast<std::size_t>(leaves) * num_classes, 0.0);
  return tree;
}

class CartClassifier final : public NativeClassifier {
 public:
  CartClassifier(const TrainingSet& set, const LearnerOptions& options)
      : m_options(options), m_feature_set(set.feature_set) {
    const auto cols = static_cast<int>(feature_count(set.feature_set));
    cv::Mat var_type(cols + 1, 1, CV_8U, cv::Scalar(cv::ml::VAR_ORDERED));
    var_type.at<std::uint8_t>(cols) = cv::ml::VAR_CATEGORICAL;
    cv::Mat responses(static_cast<int>(set.rows()), 1, CV_32S);
    std::copy(set.y.begin(), set.y.end(), responses.ptr<int>());
    cv::Mat weights(static_cast<int>(set.rows()), 1, CV_32F);
    std::copy(set.weight.begin(), set.weight.end(), weights.ptr<float>());
    try {
      cv::theRNG().state = options.seed;
      const auto data = cv::ml::TrainData::create(samples_of(set), cv::ml::ROW_SAMPLE, responses,
                                                  cv::noArray(), cv::noArray(), weights, var_type);
      m_tree = cv::ml::DTrees::create();
      m_tree->setMaxDepth(options.cart_max_depth);
      m_tree->setMinSampleCount(options.cart_min_samples);
      m_tree->setCVFolds(0);  // OpenCV 4's cost-complexity pruning: depth and size bound instead
      m_tree->setUseSurrogates(false);
      m_tree->setMaxCategories(static_cast<int>(set.num_classes));
      if (!m_tree->train(data)) throw Error("OpenCV DTrees: training failed");
    } catch (const cv::Exception& e) {
      throw Error(std::string("OpenCV DTrees: ") + e.what());
    }
    DecisionTree tree = export_structure(*m_tree, set.num_classes);
    // Leaf distributions: the weighted class mix of the training rows in each leaf.
    const std::size_t k = set.num_classes;
    std::vector<double> mass(tree.values.size() / k, 0.0);
    for (std::size_t r = 0; r < set.rows(); ++r) {
      const std::uint32_t leaf = leaf_of(tree, set.row(r));
      tree.values[leaf * k + static_cast<std::size_t>(set.y[r])] += set.weight[r];
      mass[leaf] += set.weight[r];
    }
    for (std::size_t leaf = 0; leaf < mass.size(); ++leaf) {
      for (std::size_t c = 0; c < k; ++c) {
        double& v = tree.values[leaf * k + c];
        v = (v + k_laplace) / (mass[leaf] + k_laplace * static_cast<double>(k));
      }
    }
    m_tree_export = std::move(tree);
  }

  LearnedModel export_model() const override {
    LearnedModelData d;
    d.learner = "cart";
    d.feature_set = m_feature_set;
    d.num_classes = m_tree_export.width;
    d.output = ModelOutput::Average;
    d.base_margin.assign(d.num_classes, 0.0);
    d.threshold = m_options.threshold;
    d.trees.push_back(m_tree_export);
    d.training = {{"cart_max_depth", std::to_string(m_options.cart_max_depth)},
                  {"cart_min_samples", std::to_string(m_options.cart_min_samples)},
                  {"leaf_smoothing", "laplace"}};
    return LearnedModel(std::move(d));
  }

  std::vector<int> predict_classes(const TrainingSet& set) const override {
    cv::Mat out;
    m_tree->predict(samples_of(set), out);
    std::vector<int> classes(set.rows());
    for (std::size_t r = 0; r < set.rows(); ++r)
      classes[r] = static_cast<int>(std::lround(out.at<float>(static_cast<int>(r))));
    return classes;
  }

  std::vector<double> predict_probabilities(const TrainingSet&) const override { return {}; }

 private:
  LearnerOptions m_options;
  FeatureSet m_feature_set;
  cv::Ptr<cv::ml::DTrees> m_tree;
  DecisionTree m_tree_export;
};

}  // namespace

std::unique_ptr<NativeClassifier> train_cart(const TrainingSet& set, const LearnerOptions& options) {
  return std::make_unique<CartClassifier>(set, options);
}

}  // namespace boilerdex::plugin::train::detail

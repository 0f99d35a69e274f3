#include "boilerdex/plugin/learned_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <nlohmann/json.hpp>
#include <system_error>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/file_bytes.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/atomic_file.hpp"
#include "dense_forest_internal.hpp"
#include "model_check_internal.hpp"
#include "model_json_internal.hpp"

namespace boilerdex::plugin {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::string_view k_format = "boilerdex-block-classifier";
constexpr int k_version = 1;
constexpr std::size_t k_max_classes = 4;

constexpr std::array<std::string_view, 2> k_two_classes = {"boilerplate", "content"};
constexpr std::array<std::string_view, 4> k_four_classes = {"boilerplate", "full-text",
                                                            "headline", "supplemental"};
constexpr std::array<std::string_view, 3> k_outputs = {"logistic", "softmax", "average"};

// ----- checking a model -----------------------------------------------------------------

std::size_t outputs_of(ModelOutput output, std::size_t num_classes) noexcept {
  return output == ModelOutput::Logistic ? 1 : num_classes;
}

// \p check_trees false: all but detail::check_tree, which best_model_codegen ran at build time
// on a compiled-in model's trees.
void check_model(const LearnedModelData& d, bool check_trees = true) {
  if (d.num_classes != 2 && d.num_classes != 4)
    throw Error("/classes: a model has 2 or 4 classes, not " + std::to_string(d.num_classes));
  if (d.output == ModelOutput::Logistic && d.num_classes != 2)
    throw Error("/output: logistic output needs 2 classes");
  const std::size_t outputs = outputs_of(d.output, d.num_classes);
  if (d.base_margin.size() != outputs)
    throw Error("/base_margin: expected " + std::to_string(outputs) + " value(s), got " +
                std::to_string(d.base_margin.size()));
  for (const double b : d.base_margin) {
    if (!std::isfinite(b)) throw Error("/base_margin: values must be finite numbers");
    if (d.output == ModelOutput::Average && b != 0.0)
      throw Error("/base_margin: must be zero for average output");
  }
  if (!(d.threshold >= 0.0 && d.threshold <= 1.0))
    throw Error("/threshold: must be a number from 0 to 1");
  if (d.trees.empty()) throw Error("/trees: a model needs at least one tree");
  const std::size_t num_features = feature_count(d.feature_set);
  if (!check_trees) return;
  for (std::size_t t = 0; t < d.trees.size(); ++t)
    detail::check_tree(d.trees[t], t, num_features, outputs);
}

// ----- reading JSON ---------------------------------------------------------------------

// Reads a model file's JSON; every error names the JSON pointer of the offending value.
class ModelReader {
 public:
  explicit ModelReader(std::string source) : m_source(std::move(source)) {}

  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw InputError(m_source, InputError::npos, pointer + ": " + message);
  }

  const json& member(const json& object, const std::string& pointer, const char* key) const {
    const auto it = object.find(key);
    if (it == object.end()) fail(pointer.empty() ? "/" : pointer, std::string("missing \"") + key + '"');
    return *it;
  }

  std::string string(const json& v, const std::string& pointer) const {
    if (!v.is_string()) fail(pointer, "expected a string");
    return v.get<std::string>();
  }

  double number(const json& v, const std::string& pointer) const {
    if (!v.is_number()) fail(pointer, "expected a number");
    return v.get<double>();
  }

  std::uint32_t index(const json& v, const std::string& pointer) const {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 0xFFFFFFFFu)
      fail(pointer, "expected a non-negative integer");
    return static_cast<std::uint32_t>(v.get<std::uint64_t>());
  }

  const json& array(const json& v, const std::string& pointer) const {
    if (!v.is_array()) fail(pointer, "expected an array");
    return v;
  }

  /// \p read: the tree's nodes as read_model_json read them (then "nodes" is a placeholder).
  DecisionTree tree(const json& t, const std::string& pointer, std::optional<DecisionTree>* read) const {
    if (!t.is_object()) fail(pointer, "expected a tree object");
    DecisionTree out;
    out.target = t.contains("target") ? index(t["target"], pointer + "/target") : 0;
    const json& nodes = array(member(t, pointer, "nodes"), pointer + "/nodes");
    if (read != nullptr && read->has_value()) {
      out.nodes = std::move((*read)->nodes);
      out.values = std::move((*read)->values);
      out.width = (*read)->width;
      return out;
    }
    out.nodes.reserve(nodes.size());
    bool width_known = false;
    std::uint32_t leaves = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const std::string at = pointer + "/nodes/" + std::to_string(i);
      const json& n = nodes[i];
      if (!n.is_object()) fail(at, "expected a node object");
      TreeNode node;
      if (const auto leaf = n.find("leaf"); leaf != n.end()) {
        const json& values = array(*leaf, at + "/leaf");
        if (!width_known) {
          if (values.empty()) fail(at + "/leaf", "a leaf needs at least one value");
          out.width = static_cast<std::uint32_t>(values.size());
          width_known = true;
        } else if (values.size() != out.width) {
          fail(at + "/leaf", "expected " + std::to_string(out.width) +
                                 " value(s), as the tree's first leaf has");
        }
        for (std::size_t k = 0; k < values.size(); ++k)
          out.values.push_back(number(values[k], at + "/leaf/" + std::to_string(k)));
        node.leaf = leaves++;
      } else {
        const json& feature = member(n, at, "feature");
        if (!feature.is_number_unsigned() || feature.get<std::uint64_t>() > 0x7FFFFFFFu)
          fail(at + "/feature", "expected a feature index");
        node.feature = static_cast<std::int32_t>(feature.get<std::uint64_t>());
        const double threshold = number(member(n, at, "threshold"), at + "/threshold");
        node.threshold = static_cast<float>(threshold);
        node.left = index(member(n, at, "left"), at + "/left");
        node.right = index(member(n, at, "right"), at + "/right");
      }
      out.nodes.push_back(node);
    }
    return out;
  }

  /// Everything of the model file \p doc but its trees ("/trees" is not read).
  LearnedModelData header(const json& doc) const {
    if (!doc.is_object()) fail("/", "expected a JSON object");
    if (string(member(doc, "", "format"), "/format") != k_format)
      fail("/format", "expected \"" + std::string(k_format) + "\"");
    const json& version = member(doc, "", "version");
    if (!version.is_number_integer() || version.get<std::int64_t>() != k_version)
      fail("/version", "this boilerdex reads version " + std::to_string(k_version));

    LearnedModelData d;
    if (doc.contains("learner")) d.learner = string(doc["learner"], "/learner");
    const std::string set_name = string(member(doc, "", "feature_set"), "/feature_set");
    const auto set = parse_feature_set(set_name);
    if (!set) fail("/feature_set", "unknown feature set \"" + set_name + "\"");
    d.feature_set = *set;

    const json& features = array(member(doc, "", "features"), "/features");
    const std::vector<std::string> expected = feature_names(d.feature_set);
    if (features.size() != expected.size())
      fail("/features", std::to_string(features.size()) + " names, but \"" + set_name +
                            "\" has " + std::to_string(expected.size()) + " features");
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const std::string at = "/features/" + std::to_string(i);
      if (string(features[i], at) != expected[i])
        fail(at, "expected \"" + expected[i] + "\" (the model was made for other features)");
    }

    const json& classes = array(member(doc, "", "classes"), "/classes");
    d.num_classes = classes.size();
    const auto names = class_names(d.num_classes);
    if (names.empty()) fail("/classes", "a model has 2 or 4 classes");
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::string at = "/classes/" + std::to_string(i);
      if (string(classes[i], at) != names[i]) fail(at, "expected \"" + std::string(names[i]) + '"');
    }

    const std::string output = string(member(doc, "", "output"), "/output");
    const auto it = std::find(k_outputs.begin(), k_outputs.end(), output);
    if (it == k_outputs.end()) fail("/output", "expected logistic, softmax or average");
    d.output = static_cast<ModelOutput>(it - k_outputs.begin());

    const json& base = array(member(doc, "", "base_margin"), "/base_margin");
    for (std::size_t i = 0; i < base.size(); ++i)
      d.base_margin.push_back(number(base[i], "/base_margin/" + std::to_string(i)));
    d.threshold = number(member(doc, "", "threshold"), "/threshold");

    if (const auto training = doc.find("training"); training != doc.end()) {
      if (!training->is_object()) fail("/training", "expected an object");
      for (const auto& [key, value] : training->items())
        d.training.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
    }
    return d;
  }

  /// \p read_trees: the trees' nodes as read_model_json read them, or nullptr.
  LearnedModelData model(const json& doc, std::vector<std::optional<DecisionTree>>* read_trees = nullptr) const {
    LearnedModelData d = header(doc);
    const json& trees = array(member(doc, "", "trees"), "/trees");
    d.trees.reserve(trees.size());
    for (std::size_t t = 0; t < trees.size(); ++t)
      d.trees.push_back(tree(trees[t], "/trees/" + std::to_string(t),
                             read_trees != nullptr && t < read_trees->size() ? &(*read_trees)[t] : nullptr));
    return d;
  }

 private:
  std::string m_source;
};

// ----- writing JSON ---------------------------------------------------------------------

// Strings here may hold a data set's path, which is bytes: bad UTF-8 is written as U+FFFD
// instead of throwing type_error.316 mid-save (issue #16).
std::string json_string(std::string_view s) { return json(s).dump(-1, ' ', false, json::error_handler_t::replace); }

// A double as JSON that reads back as the same double (nlohmann prints the shortest
// round-trip form).
std::string number_text(double x) { return json(x).dump(); }

void write_node(std::string& out, const DecisionTree& t, const TreeNode& n) {
  if (n.feature < 0) {
    out += "{\"leaf\": [";
    for (std::uint32_t k = 0; k < t.width; ++k) {
      if (k > 0) out += ", ";
      out += number_text(t.values[static_cast<std::size_t>(n.leaf) * t.width + k]);
    }
    out += "]}";
    return;
  }
  out += "{\"feature\": " + std::to_string(n.feature) +
         ", \"threshold\": " + number_text(static_cast<double>(n.threshold)) +
         ", \"left\": " + std::to_string(n.left) + ", \"right\": " + std::to_string(n.right) + '}';
}

}  // namespace

std::span<const std::string_view> class_names(std::size_t num_classes) noexcept {
  if (num_classes == 2) return k_two_classes;
  if (num_classes == 4) return k_four_classes;
  return {};
}

std::string_view model_output_name(ModelOutput output) noexcept {
  return k_outputs[static_cast<std::size_t>(output)];
}

// ----- the model ------------------------------------------------------------------------

LearnedModel::LearnedModel(LearnedModelData data) : m_data(std::move(data)) {
  check_model(m_data);
  if (num_outputs() == 1 && m_data.output == ModelOutput::Logistic)
    m_dense = detail::DenseForest::build(m_data.trees);
}

LearnedModel::LearnedModel(LearnedModelData data, std::shared_ptr<const detail::DenseForest> dense)
    : m_data(std::move(data)), m_dense(std::move(dense)) {
  check_model(m_data, /*check_trees=*/false);
  if (m_dense != nullptr && (!(num_outputs() == 1 && m_data.output == ModelOutput::Logistic) ||
                            m_dense->arrays().trees != m_data.trees.size()))
    throw Error("/trees: a dense form that is not of these trees");
}

namespace detail {

// The one way into LearnedModel's constructor with a dense form given (learned_model.hpp).
struct LearnedModelMaker {
  static LearnedModel make(LearnedModelData data, const DenseForestArrays* dense) {
    if (dense == nullptr) return LearnedModel(std::move(data));
    return LearnedModel(std::move(data), DenseForest::over(*dense));
  }
};

}  // namespace detail

namespace {

// LearnedModel(data) (with \p dense as its dense form, when given), its broken rules reported
// as an InputError naming \p source.
LearnedModel checked_model(LearnedModelData data, const std::string& source,
                           const detail::DenseForestArrays* dense = nullptr) {
  try {
    return detail::LearnedModelMaker::make(std::move(data), dense);
  } catch (const InputError&) {
    throw;
  } catch (const Error& e) {
    throw InputError(source, InputError::npos, e.what());
  }
}

}  // namespace

LearnedModel LearnedModel::from_json(std::string_view text, const std::string& source) {
  // A model of the usual shape in one SAX pass; anything else, every error among it, the
  // slow way, which says what is wrong and where.
  if (auto read = detail::read_model_json(text))
    return checked_model(ModelReader(source).model(read->rest, &read->trees), source);
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(source, e.byte > 0 ? e.byte - 1 : 0, e.what());
  }
  return checked_model(ModelReader(source).model(doc), source);
}

LearnedModel detail::model_from_header(const json& header, std::vector<DecisionTree> trees,
                                       const std::string& source, const DenseForestArrays* dense) {
  const ModelReader reader(source);
  if (header.is_object() && header.contains("trees")) reader.fail("/trees", "expected no trees in the header");
  LearnedModelData d = reader.header(header);
  d.trees = std::move(trees);
  return checked_model(std::move(d), source, dense);
}

LearnedModel LearnedModel::load(const fs::path& path) {
  return from_json(read_file_bytes(path), path.string());
}

std::string LearnedModel::to_json() const {
  const LearnedModelData& d = m_data;
  std::string out = "{\n";
  out += "  \"format\": " + json_string(k_format) + ",\n";
  out += "  \"version\": " + std::to_string(k_version) + ",\n";
  out += "  \"learner\": " + json_string(d.learner) + ",\n";
  out += "  \"feature_set\": " + json_string(feature_set_name(d.feature_set)) + ",\n";
  out += "  \"features\": " + json(feature_names(d.feature_set)).dump() + ",\n";
  out += "  \"classes\": [";
  const auto names = class_names(d.num_classes);
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + json_string(names[i]);
  out += "],\n";
  out += "  \"output\": " + json_string(model_output_name(d.output)) + ",\n";
  out += "  \"base_margin\": [";
  for (std::size_t i = 0; i < d.base_margin.size(); ++i)
    out += (i > 0 ? ", " : "") + number_text(d.base_margin[i]);
  out += "],\n";
  out += "  \"threshold\": " + number_text(d.threshold) + ",\n";
  if (!d.training.empty()) {
    json training = json::object();
    for (const auto& [key, value] : d.training) training[key] = value;
    out += "  \"training\": " + training.dump(-1, ' ', false, json::error_handler_t::replace) + ",\n";
  }
  out += "  \"trees\": [";
  for (std::size_t t = 0; t < d.trees.size(); ++t) {
    const DecisionTree& tree = d.trees[t];
    out += t > 0 ? ",\n    " : "\n    ";
    out += "{\"target\": " + std::to_string(tree.target) + ", \"nodes\": [";
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
      out += i > 0 ? ",\n      " : "\n      ";
      write_node(out, tree, tree.nodes[i]);
    }
    out += "]}";
  }
  out += "]\n}\n";
  return out;
}

void LearnedModel::save(const fs::path& path) const {
  // An exclusive temporary beside it, never a planted PATH.tmp symlink (issue #16).
  write_file_atomically(path, to_json());
}

std::size_t LearnedModel::num_outputs() const noexcept {
  return outputs_of(m_data.output, m_data.num_classes);
}

void LearnedModel::predict(std::span<const float> x, std::span<double> probabilities) const noexcept {
  if (x.size() != feature_count(m_data.feature_set) || probabilities.size() != m_data.num_classes)
    return;
  std::array<double, k_max_classes> m{};
  std::copy(m_data.base_margin.begin(), m_data.base_margin.end(), m.begin());
  for (const DecisionTree& tree : m_data.trees) {
    const TreeNode* node = tree.nodes.data();
    while (node->feature >= 0) {
      node = &tree.nodes[x[static_cast<std::size_t>(node->feature)] < node->threshold ? node->left
                                                                                          : node->right];
    }
    const double* values = tree.values.data() + static_cast<std::size_t>(node->leaf) * tree.width;
    for (std::uint32_t k = 0; k < tree.width; ++k) m[tree.target + k] += values[k];
  }
  const std::size_t n = m_data.num_classes;
  switch (m_data.output) {
    case ModelOutput::Logistic: {
      const double p = 1.0 / (1.0 + std::exp(-m[0]));
      probabilities[0] = 1.0 - p;
      probabilities[1] = p;
      return;
    }
    case ModelOutput::Softmax: {
      const double top = *std::max_element(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(n));
      double sum = 0.0;
      for (std::size_t k = 0; k < n; ++k) sum += (m[k] = std::exp(m[k] - top));
      for (std::size_t k = 0; k < n; ++k) probabilities[k] = m[k] / sum;
      return;
    }
    case ModelOutput::Average: {
      const auto trees = static_cast<double>(m_data.trees.size());
      for (std::size_t k = 0; k < n; ++k) probabilities[k] = m[k] / trees;
      return;
    }
  }
}

void LearnedModel::content_probabilities(std::span<const float> rows, std::span<double> out,
                                         const std::vector<bool>& skip) const {
  const std::size_t width = feature_count(m_data.feature_set);
  const std::size_t n = out.size();
  if (width == 0 || rows.size() != n * width || (!skip.empty() && skip.size() != n)) return;
  // The rows to score, and their margins (one output per row: the binary models' case; the
  // others go row by row).
  std::vector<std::size_t> live;
  live.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = 0.0;
    if (skip.empty() || !skip[i]) live.push_back(i);
  }
  if (num_outputs() != 1 || m_data.output != ModelOutput::Logistic) {
    for (const std::size_t i : live) out[i] = content_probability(rows.subspan(i * width, width));
    return;
  }
  std::vector<double> margin(live.size(), m_data.base_margin[0]);
  if (m_dense) {
    m_dense->add_margins(rows.data(), width, live, margin);
  } else {
    for (const DecisionTree& tree : m_data.trees) {
      const TreeNode* nodes = tree.nodes.data();
      for (std::size_t k = 0; k < live.size(); ++k) {
        const float* x = rows.data() + live[k] * width;
        const TreeNode* node = nodes;
        while (node->feature >= 0)
          node = &nodes[x[static_cast<std::size_t>(node->feature)] < node->threshold ? node->left
                                                                                     : node->right];
        margin[k] += tree.values[static_cast<std::size_t>(node->leaf) * tree.width];
      }
    }
  }
  for (std::size_t k = 0; k < live.size(); ++k) {
    out[live[k]] = 1.0 / (1.0 + std::exp(-margin[k]));  // predict's P(content), the same sums
  }
}

double LearnedModel::content_probability(std::span<const float> x) const noexcept {
  std::array<double, k_max_classes> p{};
  if (x.size() != feature_count(m_data.feature_set)) return std::nan("");
  predict(x, std::span<double>(p.data(), m_data.num_classes));
  return m_data.num_classes == 2 ? p[1] : 1.0 - p[0];
}

}  // namespace boilerdex::plugin

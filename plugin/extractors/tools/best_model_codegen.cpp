// best_model_codegen: the build step that compiles plugin/extractors/models/best-blocks.json
// into libboilerdex (best_model_data_internal.hpp). Reading the model's JSON took about 60M
// instructions (15 ms) in every process that used `best`, the default extractor: once per
// page for the omindex filter, which omindex runs per file. Here it is read once, at build
// time, with the reader LearnedModel::from_json uses (read_model_json), and written as C++:
// every tree's nodes, leaf values and target as constant arrays (floats and doubles in
// hexadecimal, so each reads back bit for bit), the trees' dense form as DenseForest::build
// lays it out (dense_forest_internal.hpp) and the file's header, everything but "/trees"
// (3 KB), as JSON text. The trees are checked here, with LearnedModel's own checks
// (detail::check_tree). Building the dense form and checking the trees took 2.9M
// instructions in every process that used `best` (of 8.2M for the omindex filter on a small
// page). At run time builtin_best_model() checks the header and assembles the model as
// from_json would (detail::model_from_header); tests/extractors compares the two models and
// the two dense forms.
//
//   best_model_codegen MODEL.json OUT.cpp [NAME]
//
// NAME names the variables written, k_NAME_header and k_NAME_trees: best_model (the default)
// for models/best-blocks.json, best_stacked_model for models/best-blocks-stacked.json, the
// stacked second stage.
//
// A missing MODEL.json writes an empty model (builtin_best_model() is then null, as the
// source tree has no model). A model that read_model_json cannot read in one pass (a shape
// other than boilerdex-train writes), or a tree that breaks LearnedModel's rules, stops the
// build with a message naming the file (and the tree's JSON pointer).

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "../src/dense_forest_internal.hpp"
#include "../src/model_check_internal.hpp"
#include "../src/model_json_internal.hpp"

namespace {

namespace bpd = boilerdex::plugin::detail;
using boilerdex::plugin::DecisionTree;
using boilerdex::plugin::TreeNode;

// A C++ literal of \p value that reads back bit for bit ("-0x1.8p+0", "0x0p+0").
template <class Float>
std::string hex_literal(Float value) {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, std::fabs(value), std::chars_format::hex);
  if (error != std::errc{}) throw std::runtime_error("cannot write a number");
  std::string out = std::signbit(value) ? "-0x" : "0x";
  out.append(buffer, end);
  return out;
}

// The raw string delimiter for the header: one its text does not hold.
std::string delimiter_for(const std::string& text) {
  std::string d = "BDX";
  while (text.find(")" + d + "\"") != std::string::npos) d += "X";
  return d;
}

// Each tree's "target" as ModelReader reads it (0 when absent), the "trees" array left out
// of \p rest; nullopt when "/trees" is not an array of one object per read tree or a target
// is no 32-bit unsigned integer (from_json names what is wrong).
std::optional<std::vector<std::uint32_t>> take_targets(nlohmann::json& rest, std::size_t trees) {
  const auto it = rest.find("trees");
  if (it == rest.end() || !it->is_array() || it->size() != trees) return std::nullopt;
  std::vector<std::uint32_t> targets;
  for (const nlohmann::json& t : *it) {
    if (!t.is_object()) return std::nullopt;
    const auto target = t.find("target");
    if (target == t.end()) {
      targets.push_back(0);
      continue;
    }
    if (!target->is_number_unsigned() || target->get<std::uint64_t>() > 0xFFFFFFFFu) return std::nullopt;
    targets.push_back(static_cast<std::uint32_t>(target->get<std::uint64_t>()));
  }
  rest.erase(it);
  return targets;
}

// A constant array named \p name of \p values (written by \p literal), and a span over it
// (an empty one where there are no values: C++ has no arrays of none).
template <class T, class Literal>
std::string constant_array(const char* type, const std::string& name, std::span<const T> values, Literal literal,
                           std::ostringstream& out) {
  if (values.empty()) return "{}";
  out << "constexpr " << type << " " << name << "[] = {";
  for (const T& v : values) out << literal(v) << ",";
  out << "};\n";
  return name;
}

// The dense form's arrays as constants, and the DenseForestArrays over them, k_dense.
void write_dense(const bpd::DenseForestArrays& a, std::ostringstream& out) {
  const auto index = [](std::uint32_t v) { return std::to_string(v) + "u"; };
  const auto single = [](float v) { return hex_literal(v) + "f"; };
  const auto real = [](double v) { return hex_literal(v); };
  const std::string features = constant_array("std::uint32_t", "k_dense_features", a.features, index, out);
  const std::string thresholds = constant_array("float", "k_dense_thresholds", a.thresholds, single, out);
  const std::string leaves = constant_array("double", "k_dense_leaves", a.leaves, real, out);
  const std::string columns = constant_array("std::uint32_t", "k_lane_columns", a.lane_columns, index, out);
  const std::string lane_thresholds = constant_array("float", "k_lane_thresholds", a.lane_thresholds, single, out);
  const std::string lane_leaves = constant_array("float", "k_lane_leaves", a.lane_leaves, single, out);
  out << "constexpr DenseForestArrays k_dense = {" << a.depth << ", " << a.trees << "u, " << features << ", "
      << thresholds << ", " << leaves << ", " << columns << ", " << lane_thresholds << ", " << lane_leaves
      << ", " << a.max_feature << "u};\n";
}

std::string generate(const std::string& source_name, const std::optional<bpd::ModelJson>& model,
                     const std::vector<std::uint32_t>& targets, const bpd::DenseForest* dense,
                     const std::string& name) {
  std::ostringstream out;
  out << "// Generated by best_model_codegen from " << source_name << "; do not edit.\n"
      << "#include \"best_model_data_internal.hpp\"\n\n"
      << "namespace boilerdex::plugin::detail {\n";
  if (!model) {
    out << "\nconst std::string_view k_" << name << "_header;\n"
        << "const std::span<const CompiledTree> k_" << name << "_trees;\n"
        << "const DenseForestArrays* const k_" << name << "_dense = nullptr;\n\n"
        << "}  // namespace boilerdex::plugin::detail\n";
    return out.str();
  }
  out << "namespace {\n\n";
  for (std::size_t t = 0; t < model->trees.size(); ++t) {
    const DecisionTree& tree = *model->trees[t];
    out << "constexpr TreeNode k_nodes_" << t << "[] = {";
    for (const TreeNode& n : tree.nodes) {
      out << "{" << n.feature << ", " << hex_literal(n.threshold) << "f, " << n.left << "u, " << n.right
          << "u, " << n.leaf << "u},";
    }
    out << "};\nconstexpr double k_values_" << t << "[] = {";
    for (const double v : tree.values) out << hex_literal(v) << ",";
    out << "};\n";
  }
  out << "\nconstexpr CompiledTree k_trees[] = {\n";
  for (std::size_t t = 0; t < model->trees.size(); ++t) {
    const DecisionTree& tree = *model->trees[t];
    out << "    {k_nodes_" << t << ", k_values_" << t << ", " << targets[t] << "u, " << tree.width << "u},\n";
  }
  out << "};\n\n";
  if (dense != nullptr) write_dense(dense->arrays(), out);
  out << "\n}  // namespace\n\n";
  const std::string header = model->rest.dump();
  const std::string d = delimiter_for(header);
  out << "const std::string_view k_" << name << "_header = R\"" << d << "(" << header << ")" << d << "\";\n"
      << "const std::span<const CompiledTree> k_" << name << "_trees = k_trees;\n"
      << "const DenseForestArrays* const k_" << name << "_dense = " << (dense != nullptr ? "&k_dense" : "nullptr")
      << ";\n\n"
      << "}  // namespace boilerdex::plugin::detail\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::cerr << "usage: best_model_codegen MODEL.json OUT.cpp [NAME]\n";
    return 2;
  }
  const std::string name = argc == 4 ? argv[3] : "best_model";
  if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
      })) {
    std::cerr << "best_model_codegen: NAME must be lower-case letters, digits and '_', not '" << name << "'\n";
    return 2;
  }
  const std::filesystem::path model_path = argv[1];
  std::optional<bpd::ModelJson> model;
  std::vector<std::uint32_t> targets;
  if (std::filesystem::exists(model_path)) {
    std::ifstream in(model_path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
      std::cerr << "best_model_codegen: " << model_path.string() << ": cannot read\n";
      return 1;
    }
    model = bpd::read_model_json(text);
    bool complete = model.has_value();
    for (std::size_t t = 0; complete && t < model->trees.size(); ++t) {
      complete = model->trees[t].has_value();
      for (std::size_t i = 0; complete && i < model->trees[t]->nodes.size(); ++i)
        complete = std::isfinite(model->trees[t]->nodes[i].threshold);
      for (std::size_t i = 0; complete && i < model->trees[t]->values.size(); ++i)
        complete = std::isfinite(model->trees[t]->values[i]);
    }
    if (complete) {
      auto taken = take_targets(model->rest, model->trees.size());
      complete = taken.has_value();
      if (complete) targets = std::move(*taken);
    }
    if (!complete) {
      // Where the JSON itself is broken, say where; any other shape is named by the reader
      // that checks model files (LearnedModel::from_json, behind best:model=PATH).
      try {
        const nlohmann::json parsed = nlohmann::json::parse(text);
        static_cast<void>(parsed);
      } catch (const nlohmann::json::parse_error& e) {
        std::cerr << "best_model_codegen: " << model_path.string() << ": byte "
                  << (e.byte > 0 ? e.byte - 1 : 0) << ": " << e.what() << '\n';
        return 1;
      }
      std::cerr << "best_model_codegen: " << model_path.string()
                << ": not a model file of the shape boilerdex-train writes (check it with "
                   "boilerdex-extract -e best:model=" << model_path.string() << ")\n";
      return 1;
    }
  }
  // The trees checked as LearnedModel checks a file's (detail::check_tree), so that the
  // compiled-in model need not check them in every process, and their dense form built as
  // LearnedModel builds it (a logistic model's, else none).
  std::unique_ptr<const bpd::DenseForest> dense;
  if (model) {
    std::vector<DecisionTree> trees;
    trees.reserve(model->trees.size());
    for (std::size_t t = 0; t < model->trees.size(); ++t) {
      trees.push_back(*model->trees[t]);
      trees.back().target = targets[t];
    }
    // The header's own counts; whether they fit the feature set and the classes' names is
    // for the reader at run time (ModelReader::header), which names what is wrong.
    const nlohmann::json& rest = model->rest;
    const auto output = rest.find("output");
    const bool logistic = output != rest.end() && output->is_string() && *output == "logistic";
    const auto count = [&rest](const char* key) {
      const auto it = rest.find(key);
      return it != rest.end() && it->is_array() ? it->size() : std::size_t{0};
    };
    try {
      for (std::size_t t = 0; t < trees.size(); ++t)
        bpd::check_tree(trees[t], t, count("features"), logistic ? 1 : count("classes"));
    } catch (const boilerdex::Error& e) {
      std::cerr << "best_model_codegen: " << model_path.string() << ": " << e.what() << '\n';
      return 1;
    }
    if (logistic) dense = bpd::DenseForest::build(trees);
  }
  const std::string text = generate(model_path.filename().string(), model, targets, dense.get(), name);
  // Written only when it changes, so that a rebuild does not recompile it.
  const std::filesystem::path out_path = argv[2];
  {
    std::ifstream old(out_path, std::ios::binary);
    const std::string current((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
    if (old && current == text) return 0;
  }
  std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "best_model_codegen: " << out_path.string() << ": cannot write\n";
    return 1;
  }
  return 0;
}

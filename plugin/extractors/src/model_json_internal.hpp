#pragma once
// A fast first reading of a model file's JSON (learned_model.cpp's LearnedModel::from_json).
// Private to plugin.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "boilerdex/plugin/learned_model.hpp"
#include "dense_forest_internal.hpp"

namespace boilerdex::plugin::detail {

/// A model file read in one SAX pass: the nodes of every tree (nearly all of a model's
/// values) straight into DecisionTree nodes, everything else into a small document.
struct ModelJson {
  /// The file as a document, each tree's "nodes" array replaced by an empty array.
  nlohmann::json rest;
  /// By tree position in "/trees": that tree's nodes, leaf values and leaf width, as
  /// ModelReader would read them from "nodes"; nullopt where the tree had no "nodes" array.
  std::vector<std::optional<DecisionTree>> trees;
};

/// Reads \p text in one pass, without building a document for the tree nodes (a tenth of
/// the time and allocations of json::parse on a 300-tree model). Returns nullopt, never
/// throwing, for anything outside the usual shape: bad JSON, a node that is not an object
/// of unsigned feature, numeric threshold, unsigned left and right or a numeric leaf array,
/// unknown or repeated node keys, leaves of unequal width. The caller then reads \p text
/// the slow way, which names what is wrong and where. Where it returns a value, that value
/// is exactly what json::parse and ModelReader's node reading give.
[[nodiscard]] std::optional<ModelJson> read_model_json(std::string_view text);

/// The model whose file, less its "trees", is \p header, and whose trees (their targets
/// included) are \p trees: what best_model_codegen compiles in, checked as
/// LearnedModel::from_json checks a file's, without a document of 300 tree stubs to read.
/// \p dense, when given, is the trees' dense form as DenseForest::build gave it at build time
/// (constants that outlive the model), taken without building it again; the trees are then
/// taken as best_model_codegen checked them (detail::check_tree), not checked again.
/// \throws InputError naming \p source and the JSON pointer of what is wrong (a header that
/// holds "/trees" is wrong).
[[nodiscard]] LearnedModel model_from_header(const nlohmann::json& header, std::vector<DecisionTree> trees,
                                             const std::string& source,
                                             const DenseForestArrays* dense = nullptr);

}  // namespace boilerdex::plugin::detail

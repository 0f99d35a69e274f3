#pragma once
/// \file
/// plugin/extractors/models/best-blocks.json (and best-blocks-stacked.json), compiled into the
/// library: best_model_codegen (plugin/extractors/tools/best_model_codegen.cpp) reads each at
/// build time and writes best_model_data.cpp (best_stacked_model_data.cpp) in the build tree,
/// so that no process parses a model's JSON.
/// Both are empty when the source tree has no model file.

#include <cstdint>
#include <span>
#include <string_view>

#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin::detail {

/// One tree of the model as read_model_json read it from "/trees/T/nodes".
struct CompiledTree {
  std::span<const TreeNode> nodes;
  std::span<const double> values;  ///< width values per leaf
  std::uint32_t target = 0;
  std::uint32_t width = 1;
};

/// The model file without its trees' nodes (read_model_json's ModelJson::rest, as JSON);
/// empty when no model was compiled in.
extern const std::string_view k_best_model_rest;
/// By tree position in "/trees": that tree's nodes and leaf values.
extern const std::span<const CompiledTree> k_best_model_trees;

/// The same of plugin/extractors/models/best-blocks-stacked.json, the stacked second stage
/// (best_stacked_model_data.cpp in the build tree).
extern const std::string_view k_best_stacked_model_rest;
extern const std::span<const CompiledTree> k_best_stacked_model_trees;

}  // namespace boilerdex::plugin::detail

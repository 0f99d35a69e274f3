#pragma once
/// \file
/// plugin/extractors/models/best-blocks.json (and best-blocks-stacked.json), compiled into the
/// library: best_model_codegen (plugin/extractors/tools/best_model_codegen.cpp) reads each at
/// build time and writes best_model_data.cpp (best_stacked_model_data.cpp) in the build tree,
/// so that no process parses a model's JSON or builds its trees' dense form.
/// Both are empty when the source tree has no model file.

#include <cstdint>
#include <span>
#include <string_view>

#include "boilerdex/plugin/learned_model.hpp"
#include "dense_forest_internal.hpp"

namespace boilerdex::plugin::detail {

/// One tree of the model: its nodes as read_model_json read them from "/trees/T/nodes", and
/// its "/trees/T/target".
struct CompiledTree {
  std::span<const TreeNode> nodes;
  std::span<const double> values;  ///< width values per leaf
  std::uint32_t target = 0;
  std::uint32_t width = 1;
};

/// The model file without "/trees" (format, features, classes, output, base margin,
/// threshold, training), as JSON; empty when no model was compiled in.
extern const std::string_view k_best_model_header;
/// By tree position in "/trees": that tree's nodes, leaf values and target.
extern const std::span<const CompiledTree> k_best_model_trees;
/// The trees' dense form, as DenseForest::build gave it at build time; null when it gave
/// none (or no model was compiled in).
extern const DenseForestArrays* const k_best_model_dense;

/// The same of plugin/extractors/models/best-blocks-stacked.json, the stacked second stage
/// (best_stacked_model_data.cpp in the build tree).
extern const std::string_view k_best_stacked_model_header;
extern const std::span<const CompiledTree> k_best_stacked_model_trees;
extern const DenseForestArrays* const k_best_stacked_model_dense;

}  // namespace boilerdex::plugin::detail

#pragma once
// The checks of one tree of a model (LearnedModel's rules for trees), apart from the rest of
// learned_model.cpp so that best_model_codegen checks the compiled-in models' trees at build
// time with the same code. Private to plugin.

#include <cstddef>

#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin::detail {

/// Checks tree \p index of a model of \p num_features features and \p num_outputs outputs:
/// at least one node; leaves of its width at its target inside the outputs; each split's
/// feature below \p num_features, its threshold a number, its children after it and inside
/// the tree, each node but the root the child of exactly one split; a leaf's values inside
/// the tree's, all of them finite.
/// \throws Error naming the JSON pointer of the first rule broken ("/trees/3/nodes/5/left: ...").
void check_tree(const DecisionTree& t, std::size_t index, std::size_t num_features,
                std::size_t num_outputs);

}  // namespace boilerdex::plugin::detail

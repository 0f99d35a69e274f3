#pragma once
// Test helper: a learned model (plugin/learned_extractor.hpp) that gives every block the same
// score, saved as a file for extractor:learned:PATH views.

#include <filesystem>
#include <utility>

#include "boilerdex/plugin/learned_extractor.hpp"

namespace boilerdex::indexer::test {

/// Saves to \p path a one-leaf model scoring every block \p content_score (≥ 0.5: content).
inline void save_constant_model(const std::filesystem::path& path, double content_score) {
  using namespace boilerdex::plugin;
  DecisionTree leaf;  // a single leaf (TreeNode{} is one)
  leaf.nodes = {TreeNode{}};
  leaf.values = {1.0 - content_score, content_score};
  leaf.width = 2;
  LearnedModelData d;
  d.learner = "constant";
  d.output = ModelOutput::Average;
  d.base_margin = {0.0, 0.0};
  d.trees = {leaf};
  LearnedModel(std::move(d)).save(path);
}

}  // namespace boilerdex::indexer::test

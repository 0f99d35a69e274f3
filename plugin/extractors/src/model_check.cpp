#include "model_check_internal.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "boilerdex/config/error.hpp"

namespace boilerdex::plugin::detail {

namespace {

std::string node_path(std::size_t tree, std::size_t node) {
  return "/trees/" + std::to_string(tree) + "/nodes/" + std::to_string(node);
}

}  // namespace

void check_tree(const DecisionTree& t, std::size_t index, std::size_t num_features,
                std::size_t num_outputs) {
  // Written only for an error: a model has hundreds of trees, a process checks it at start.
  const auto where = [index] { return "/trees/" + std::to_string(index); };
  if (t.nodes.empty()) throw Error(where() + "/nodes: a tree needs at least one node");
  if (t.width == 0 || t.target >= num_outputs || t.width > num_outputs - t.target)
    throw Error(where() + ": leaves of width " + std::to_string(t.width) + " at output " +
                std::to_string(t.target) + " do not fit the model's " +
                std::to_string(num_outputs) + " output(s)");
  std::vector<std::uint8_t> parents(t.nodes.size(), 0);
  std::size_t leaves = 0;
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    const TreeNode& n = t.nodes[i];
    if (n.feature < 0) {
      if (n.feature != -1) throw Error(node_path(index, i) + "/feature: must be ≥ 0 or −1 (leaf)");
      ++leaves;
      continue;
    }
    if (static_cast<std::size_t>(n.feature) >= num_features)
      throw Error(node_path(index, i) + "/feature: " + std::to_string(n.feature) +
                  " is not below the feature set's " + std::to_string(num_features) +
                  " features");
    if (std::isnan(n.threshold))
      throw Error(node_path(index, i) + "/threshold: must be a number");
    for (const auto& [child, name] : {std::pair{n.left, "left"}, std::pair{n.right, "right"}}) {
      if (child <= i || child >= t.nodes.size())
        throw Error(node_path(index, i) + "/" + name + ": child " + std::to_string(child) +
                    " must come after its parent and below " + std::to_string(t.nodes.size()));
      if (++parents[child] > 1)
        throw Error(node_path(index, i) + "/" + name + ": node " + std::to_string(child) +
                    " already has a parent");
    }
  }
  for (std::size_t i = 1; i < t.nodes.size(); ++i) {
    if (parents[i] == 0) throw Error(node_path(index, i) + ": no split leads to this node");
  }
  if (t.values.size() != leaves * t.width)
    throw Error(where() + ": " + std::to_string(t.values.size()) + " leaf values for " +
                std::to_string(leaves) + " leaves of width " + std::to_string(t.width));
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    if (t.nodes[i].feature < 0 && t.nodes[i].leaf >= leaves)
      throw Error(node_path(index, i) + ": leaf number out of range");
  }
  for (const double v : t.values) {
    if (!std::isfinite(v)) throw Error(where() + ": leaf values must be finite numbers");
  }
}

}  // namespace boilerdex::plugin::detail

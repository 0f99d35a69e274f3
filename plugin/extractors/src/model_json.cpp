#include "model_json_internal.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace boilerdex::plugin::detail {
namespace {

using nlohmann::json;

// The SAX events of a model file. Outside the tree nodes it builds the document as
// json::parse does (a repeated key: the last value wins); inside "/trees/T/nodes" it reads
// each node into a TreeNode. Any event it does not expect there ends the parse (false).
class ModelSax final : public nlohmann::json_sax<json> {
 public:
  ModelJson result;

  bool null() override { return !m_in_nodes && value(json(nullptr)); }
  bool boolean(bool v) override { return !m_in_nodes && value(json(v)); }
  bool number_integer(number_integer_t v) override {
    if (m_in_nodes) return number(static_cast<double>(v), false, 0);
    return value(json(v));
  }
  bool number_unsigned(number_unsigned_t v) override {
    if (m_in_nodes) return number(static_cast<double>(v), true, v);
    return value(json(v));
  }
  bool number_float(number_float_t v, const string_t&) override {
    if (m_in_nodes) return number(v, false, 0);
    return value(json(v));
  }
  bool string(string_t& v) override {
    if (m_in_nodes) return false;
    return value(json(std::move(v)));
  }
  bool binary(binary_t&) override { return false; }

  bool start_object(std::size_t) override {
    if (m_in_nodes) {
      if (m_node_depth != 0) return false;  // an object inside a node
      m_node_depth = 1;
      m_node = Node{};
      return true;
    }
    json* parent = m_stack.empty() ? nullptr : m_stack.back();
    json* object = open(json::object());
    if (object == nullptr) return false;
    if (parent != nullptr && parent == m_trees) {  // a tree: /trees/T
      m_tree = object;
      m_tree_index = parent->size() - 1;
    }
    return true;
  }

  bool key(string_t& k) override {
    if (m_in_nodes) {
      if (m_node_depth != 1) return false;
      m_field = field_of(k);
      if (m_field == Field::Other || (m_node.seen & bit(m_field)) != 0) return false;
      m_node.seen |= bit(m_field);
      return true;
    }
    if (!m_stack.empty() && m_stack.back() == m_tree && k == "nodes" && m_tree->contains("nodes"))
      return false;  // a repeated "nodes": let json::parse decide
    m_key = std::move(k);
    return true;
  }

  bool end_object() override {
    if (m_in_nodes) {
      if (m_node_depth != 1) return false;
      m_node_depth = 0;
      return finish_node();
    }
    if (m_stack.back() == m_tree) m_tree = nullptr;
    m_stack.pop_back();
    return true;
  }

  bool start_array(std::size_t) override {
    if (m_in_nodes) {
      if (m_node_depth != 1 || m_field != Field::Leaf) return false;
      m_node_depth = 2;
      return true;
    }
    if (!m_stack.empty() && m_stack.back() == m_tree && m_key == "nodes") {  // /trees/T/nodes
      (*m_tree)["nodes"] = json::array();
      auto& trees = result.trees;
      if (trees.size() <= m_tree_index) trees.resize(m_tree_index + 1);
      trees[m_tree_index].emplace();
      m_in_nodes = true;
      m_node_depth = 0;
      m_leaves = 0;
      m_width_known = false;
      return true;
    }
    const bool root_trees = m_stack.size() == 1 && m_key == "trees";
    if (root_trees && m_trees != nullptr) return false;  // a repeated "trees"
    json* array = open(json::array());
    if (array == nullptr) return false;
    if (root_trees) m_trees = array;
    return true;
  }

  bool end_array() override {
    if (m_in_nodes) {
      if (m_node_depth == 2) {  // the end of a leaf's values
        m_node_depth = 1;
        return true;
      }
      if (m_node_depth != 0) return false;
      m_in_nodes = false;
      return true;
    }
    m_stack.pop_back();
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  enum class Field : std::uint8_t { Feature, Threshold, Left, Right, Leaf, Other };
  static constexpr std::uint8_t bit(Field f) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(f)); }
  static Field field_of(std::string_view k) {
    if (k == "feature") return Field::Feature;
    if (k == "threshold") return Field::Threshold;
    if (k == "left") return Field::Left;
    if (k == "right") return Field::Right;
    if (k == "leaf") return Field::Leaf;
    return Field::Other;
  }

  struct Node {
    std::uint8_t seen = 0;
    std::uint64_t feature = 0, left = 0, right = 0;
    double threshold = 0.0;
    std::size_t num_values = 0;  // the leaf's, appended to the tree's values
  };

  // Places \p v where the document's next value goes; true unless it goes nowhere.
  json* place(json&& v) {
    if (m_stack.empty()) {
      result.rest = std::move(v);
      return &result.rest;
    }
    json& top = *m_stack.back();
    if (top.is_array()) {
      top.push_back(std::move(v));
      return &top.back();
    }
    json& slot = top[m_key];
    slot = std::move(v);
    return &slot;
  }
  bool value(json&& v) { return place(std::move(v)) != nullptr; }
  json* open(json&& container) {
    json* at = place(std::move(container));
    if (at != nullptr) m_stack.push_back(at);
    return at;
  }

  // A number inside a node: the value of m_field, or one of the leaf's values.
  bool number(double v, bool is_unsigned, std::uint64_t u) {
    DecisionTree& tree = *result.trees[m_tree_index];
    if (m_node_depth == 2) {
      tree.values.push_back(v);
      ++m_node.num_values;
      return true;
    }
    if (m_node_depth != 1) return false;
    switch (m_field) {
      case Field::Feature:
        if (!is_unsigned || u > 0x7FFFFFFFu) return false;
        m_node.feature = u;
        return true;
      case Field::Threshold:
        m_node.threshold = v;
        return true;
      case Field::Left:
      case Field::Right:
        if (!is_unsigned || u > 0xFFFFFFFFu) return false;
        (m_field == Field::Left ? m_node.left : m_node.right) = u;
        return true;
      default:
        return false;  // a leaf that is a number, not an array
    }
  }

  // As ModelReader::tree reads a node: a leaf when it has "leaf", else a split.
  bool finish_node() {
    DecisionTree& tree = *result.trees[m_tree_index];
    TreeNode node;
    if ((m_node.seen & bit(Field::Leaf)) != 0) {
      if (!m_width_known) {
        if (m_node.num_values == 0) return false;
        tree.width = static_cast<std::uint32_t>(m_node.num_values);
        m_width_known = true;
      } else if (m_node.num_values != tree.width) {
        return false;
      }
      node.leaf = m_leaves++;
    } else {
      constexpr std::uint8_t split =
          bit(Field::Feature) | bit(Field::Threshold) | bit(Field::Left) | bit(Field::Right);
      if ((m_node.seen & split) != split) return false;
      node.feature = static_cast<std::int32_t>(m_node.feature);
      node.threshold = static_cast<float>(m_node.threshold);
      node.left = static_cast<std::uint32_t>(m_node.left);
      node.right = static_cast<std::uint32_t>(m_node.right);
    }
    tree.nodes.push_back(node);
    return true;
  }

  std::vector<json*> m_stack;  // the open containers of the document
  std::string m_key;           // the key of the next member of the innermost object
  json* m_trees = nullptr;     // /trees
  json* m_tree = nullptr;      // /trees/T while open
  std::size_t m_tree_index = 0;
  bool m_in_nodes = false;     // inside /trees/T/nodes
  int m_node_depth = 0;        // 0: between nodes, 1: in a node, 2: in its leaf array
  Field m_field = Field::Other;
  Node m_node;
  std::uint32_t m_leaves = 0;
  bool m_width_known = false;
};

}  // namespace

std::optional<ModelJson> read_model_json(std::string_view text) {
  ModelSax sax;
  try {
    if (!json::sax_parse(text, &sax)) return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return std::move(sax.result);
}

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// ContainerTree: the DOM-ancestor filter's container elements of a segmented page (div,
/// table, ul, ol, p, section, article, h1–h6, header, body) as parent links, with one
/// innermost container per parse block; ContainerChain: one block's container ancestors,
/// read from it. A vector of ancestors per block cost up to k_max_container_chain + 1 ids a
/// block (0.1 GB at max_blocks under 511 nested <div>s, issue #16 item 5, and as much again
/// per copy of the document); the tree costs 8 bytes per container element and 4 per
/// block, and copies of a document share it.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace boilerdex::plugin {

/// Most container ancestors a ContainerChain yields before body. Real pages stay far below
/// it; deeper chains only come from hostile nesting, and it keeps the walks over whole
/// chains (`best`'s main-subtree search) O(blocks × this) whatever the depth.
inline constexpr std::size_t k_max_container_chain = 128;

/// "No element" (an empty chain's ancestor) and "no node" (a block outside every container).
inline constexpr std::uint32_t k_no_container = std::numeric_limits<std::uint32_t>::max();

/// A ContainerTree's tables, shared by its copies and read by ContainerChain. Nodes are the
/// container elements in the order they opened, so a node's parent has a smaller index.
struct ContainerTreeData {
  std::vector<std::uint32_t> element;    ///< per node: its element id
  std::vector<std::uint32_t> parent;     ///< per node: the enclosing container's node, or none
  std::vector<std::uint32_t> innermost;  ///< per parse block: its innermost node, or none
  std::uint32_t body = k_no_container;   ///< body's element id, ending every chain; or none
  /// The largest of body's and every node's element id; none when there are neither.
  std::uint32_t max_element = k_no_container;
};

/// The container ancestors of one parse block, nearest first: the nearest
/// k_max_container_chain open containers around its first text node, then body's element id
/// unless the last of those is body already (so every chain of a segmented page ends with
/// body). Element ids number the elements in document (pre-)order from 0; equal ids mean
/// the same element, and an ancestor's id is smaller than its descendants'.
/// A forward range of element ids, computed on the way (O(1) a step). It points into its
/// tree's tables: a chain must not outlive the tree it came from (and that tree's copies).
class ContainerChain {
 public:
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::uint32_t;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::uint32_t*;
    using reference = std::uint32_t;

    Iterator() = default;
    [[nodiscard]] std::uint32_t operator*() const noexcept {
      return m_node == k_body ? m_data->body : m_data->element[m_node];
    }
    Iterator& operator++() noexcept {
      if (m_node == k_body) {
        m_node = k_end;
        return *this;
      }
      const std::uint32_t passed = m_data->element[m_node];
      m_node = m_data->parent[m_node];
      if (++m_steps == k_max_container_chain) m_node = k_no_container;
      if (m_node == k_no_container) m_node = m_data->body != k_no_container && passed != m_data->body ? k_body : k_end;
      return *this;
    }
    Iterator operator++(int) noexcept {
      Iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) noexcept {
      return a.m_node == b.m_node && (a.m_node == k_end || a.m_steps == b.m_steps);
    }

   private:
    friend class ContainerChain;
    static constexpr std::uint32_t k_body = k_no_container - 1;  // after the nodes, body
    static constexpr std::uint32_t k_end = k_no_container - 2;
    Iterator(const ContainerTreeData* data, std::uint32_t innermost) noexcept : m_data(data) {
      if (data == nullptr) return;
      m_node = innermost != k_no_container ? innermost : data->body != k_no_container ? k_body : k_end;
    }
    const ContainerTreeData* m_data = nullptr;
    std::uint32_t m_node = k_end;  // a node index, k_body or k_end
    std::uint32_t m_steps = 0;     // nodes passed
  };

  /// An empty chain.
  ContainerChain() = default;

  [[nodiscard]] Iterator begin() const noexcept { return Iterator(m_data, m_innermost); }
  [[nodiscard]] Iterator end() const noexcept { return Iterator(); }
  [[nodiscard]] bool empty() const noexcept { return begin() == end(); }
  /// The level-th ancestor (0 = the nearest), or the outermost when the chain is shorter;
  /// k_no_container when it is empty. O(level).
  [[nodiscard]] std::uint32_t at(std::size_t level) const noexcept {
    std::uint32_t id = k_no_container;
    auto it = begin();
    for (std::size_t k = 0; it != end() && k <= level; ++k, ++it) id = *it;
    return id;
  }
  /// The chain as a vector (tests, dumps). O(length).
  [[nodiscard]] std::vector<std::uint32_t> to_vector() const { return {begin(), end()}; }

 private:
  friend class ContainerTree;
  ContainerChain(const ContainerTreeData* data, std::uint32_t innermost) noexcept
      : m_data(data), m_innermost(innermost) {}
  const ContainerTreeData* m_data = nullptr;  // null: empty
  std::uint32_t m_innermost = k_no_container;
};

/// Immutable once built; copies share the tables, and any number of threads may read them.
/// A default-constructed tree knows no block: every chain is empty.
class ContainerTree {
 public:
  /// Builds a tree as the segmenter walks the page. Not thread-safe; one per parse.
  class Builder {
   public:
    /// A container element with \p element_id opens inside the container node
    /// \p parent_node (a value open() returned before, or k_no_container at the top).
    /// Returns its node index. \throws std::bad_alloc only.
    std::uint32_t open(std::uint32_t element_id, std::uint32_t parent_node);
    /// Appends the next parse block: the innermost container node open around its first
    /// text node (k_no_container when none is) and the page's body element id, which every
    /// chain ends with (k_no_container: none). \throws std::bad_alloc only.
    void add_block(std::uint32_t innermost_node, std::uint32_t body_id);
    /// The tree (body: the last add_block's); the builder starts again empty.
    [[nodiscard]] ContainerTree finish();

   private:
    ContainerTreeData m_data;
  };

  ContainerTree() = default;

  /// A tree whose block i has exactly the chain \p chains[i] (nearest first; no body is
  /// appended, and the ids need not come from one page), for hand-made documents and tests.
  /// \throws std::invalid_argument when a chain is longer than k_max_container_chain.
  [[nodiscard]] static ContainerTree from_chains(std::span<const std::vector<std::uint32_t>> chains);

  /// Parse blocks described (0 for a default tree).
  [[nodiscard]] std::size_t num_blocks() const noexcept { return m_data ? m_data->innermost.size() : 0; }
  /// Parse block \p block's chain (see ContainerChain); empty when block >= num_blocks().
  [[nodiscard]] ContainerChain chain(std::size_t block) const noexcept {
    if (block >= num_blocks()) return {};
    return ContainerChain(m_data.get(), m_data->innermost[block]);
  }
  /// An id no chain's ancestors exceed: the largest element id of the tree's containers and
  /// body (containers no block sits in count too), so that a table by element id can be
  /// sized without walking every chain. O(1). k_no_container when every chain is empty.
  [[nodiscard]] std::uint32_t max_element_id() const noexcept {
    return m_data ? m_data->max_element : k_no_container;
  }
  /// Bytes the tables hold (shared by every copy).
  [[nodiscard]] std::size_t memory_bytes() const noexcept;

 private:
  explicit ContainerTree(std::shared_ptr<const ContainerTreeData> data) noexcept : m_data(std::move(data)) {}
  std::shared_ptr<const ContainerTreeData> m_data;
};

}  // namespace boilerdex::plugin

#include "boilerdex/plugin/container_tree.hpp"

#include <stdexcept>
#include <utility>

namespace boilerdex::plugin {

std::uint32_t ContainerTree::Builder::open(std::uint32_t element_id, std::uint32_t parent_node) {
  const auto node = static_cast<std::uint32_t>(m_data.element.size());
  m_data.element.push_back(element_id);
  m_data.parent.push_back(parent_node);
  return node;
}

void ContainerTree::Builder::add_block(std::uint32_t innermost_node, std::uint32_t body_id) {
  m_data.innermost.push_back(innermost_node);
  m_data.body = body_id;
}

ContainerTree ContainerTree::Builder::finish() {
  auto data = std::make_shared<ContainerTreeData>(std::exchange(m_data, ContainerTreeData{}));
  // Sized once, read many times: the doubling slack would be a quarter of the tables.
  data->element.shrink_to_fit();
  data->parent.shrink_to_fit();
  data->innermost.shrink_to_fit();
  data->max_element = data->body;
  for (const std::uint32_t id : data->element) {
    if (data->max_element == k_no_container || id > data->max_element) data->max_element = id;
  }
  return ContainerTree(std::move(data));
}

ContainerTree ContainerTree::from_chains(std::span<const std::vector<std::uint32_t>> chains) {
  Builder builder;
  for (const auto& chain : chains) {
    if (chain.size() > k_max_container_chain)
      throw std::invalid_argument("ContainerTree::from_chains: a chain longer than k_max_container_chain");
    std::uint32_t node = k_no_container;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) node = builder.open(*it, node);
    builder.add_block(node, k_no_container);
  }
  return builder.finish();
}

std::size_t ContainerTree::memory_bytes() const noexcept {
  if (!m_data) return 0;
  return sizeof(ContainerTreeData) +
         sizeof(std::uint32_t) * (m_data->element.capacity() + m_data->parent.capacity() + m_data->innermost.capacity());
}

}  // namespace boilerdex::plugin

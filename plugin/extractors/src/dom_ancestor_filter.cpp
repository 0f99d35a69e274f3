#include "boilerdex/plugin/dom_ancestor_filter.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "extractor_registry_internal.hpp"

namespace boilerdex::plugin {

namespace {

bool depth_in_range(int depth) {
  return depth >= k_dom_ancestor_min_depth && depth <= k_dom_ancestor_max_depth;
}

// Code points of UTF-8 text (continuation bytes do not count).
std::size_t code_points(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

}  // namespace

std::vector<bool> dom_ancestor_select(const TextDocument& parsed, const std::vector<bool>& selected,
                                      int depth) {
  if (!depth_in_range(depth))
    throw std::invalid_argument("dom_ancestor_select: depth must be 1 to 5");
  if (selected.size() != parsed.num_parse_blocks) {
    throw std::invalid_argument(
        "dom_ancestor_select: selection size differs from the number of parse blocks");
  }
  // Text per parse block. A fresh document has one block per parse block; should blocks be
  // merged already, a block's text is shared out evenly among its origins.
  std::vector<std::size_t> text(parsed.num_parse_blocks, 0);
  for (const auto& block : parsed.blocks) {
    if (block.origins.empty()) continue;
    const std::size_t share = code_points(block.text) / block.origins.size();
    for (const auto o : block.origins) {
      if (o < text.size()) text[o] += share;
    }
  }
  const auto container_of = [&](std::size_t block) {  // k_no_container without a chain
    return parsed.containers.chain(block).at(static_cast<std::size_t>(depth - 1));
  };
  // Group totals, remembering the order groups are met in for the tie-break.
  std::unordered_map<std::uint32_t, std::size_t> group_index;
  std::vector<std::size_t> group_text;
  std::vector<std::uint32_t> group_of(selected.size(), k_no_container);
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (!selected[i]) continue;
    const std::uint32_t c = container_of(i);
    const auto [it, inserted] = group_index.emplace(c, group_text.size());
    if (inserted) group_text.push_back(0);
    group_text[it->second] += text[i];
    group_of[i] = c;
  }
  std::vector<bool> keep(selected.size(), false);
  if (group_text.empty()) return keep;
  const std::size_t best =
      static_cast<std::size_t>(std::max_element(group_text.begin(), group_text.end()) -
                               group_text.begin());  // first maximum
  std::uint32_t best_container = k_no_container;
  for (const auto& [container, index] : group_index) {
    if (index == best) best_container = container;
  }
  for (std::size_t i = 0; i < selected.size(); ++i)
    keep[i] = selected[i] && group_of[i] == best_container;
  return keep;
}

DomAncestorExtractor::DomAncestorExtractor(std::unique_ptr<Extractor> base, int depth)
    : m_base(std::move(base)), m_depth(depth) {
  if (!m_base) throw std::invalid_argument("DomAncestorExtractor: no base extractor");
  if (!depth_in_range(m_depth))
    throw std::invalid_argument("DomAncestorExtractor: depth must be 1 to 5");
}

std::string DomAncestorExtractor::name() const {
  return "dom-ancestor:" + m_base->name() + ':' + std::to_string(m_depth);
}

template <typename RunBase>
void DomAncestorExtractor::filter(TextDocument& doc, RunBase&& run_base) const {
  // The paragraphs are the parse blocks: keep them, let the base merge and drop a copy.
  std::vector<TextBlock> paragraphs = doc.blocks;
  run_base(doc);
  const std::vector<bool> selected = content_mask(doc);
  doc.blocks = std::move(paragraphs);
  const std::vector<bool> keep = dom_ancestor_select(doc, selected, m_depth);
  for (auto& block : doc.blocks) {
    block.is_content = std::any_of(block.origins.begin(), block.origins.end(),
                                   [&](std::uint32_t o) { return o < keep.size() && keep[o]; });
  }
  doc.budget.deadline.check("extracting");
}

void DomAncestorExtractor::process(TextDocument& doc) const {
  filter(doc, [this](TextDocument& d) { m_base->process(d); });
}

void DomAncestorExtractor::process(TextDocument& doc, std::string_view utf8_html) const {
  filter(doc, [this, utf8_html](TextDocument& d) { m_base->process(d, utf8_html); });
}

std::unique_ptr<Extractor> make_dom_ancestor_extractor(std::string_view argument) {
  std::string_view base = argument;
  int depth = k_dom_ancestor_default_depth;
  const std::size_t colon = argument.rfind(':');
  const std::string_view last =
      colon == std::string_view::npos ? argument : argument.substr(colon + 1);
  if (last.size() == 1 && last[0] >= '0' && last[0] <= '9') {
    depth = last[0] - '0';
    base = colon == std::string_view::npos ? std::string_view{} : argument.substr(0, colon);
  }
  if (!depth_in_range(depth)) {
    throw UsageError("extractor 'dom-ancestor:" + std::string(argument) + "': depth must be " +
                     std::to_string(k_dom_ancestor_min_depth) + " to " +
                     std::to_string(k_dom_ancestor_max_depth));
  }
  if (base.empty()) base = k_dom_ancestor_default_base;
  if (base == "dom-ancestor" || base.starts_with("dom-ancestor:")) {
    throw UsageError("extractor 'dom-ancestor:" + std::string(argument) +
                     "': the base cannot be dom-ancestor");
  }
  return std::make_unique<DomAncestorExtractor>(make_extractor(base), depth);
}

namespace detail {

std::vector<ExtractorRegistration> dom_ancestor_extractors() {
  ExtractorRegistration r;
  r.name = "dom-ancestor";
  r.description =
      "DOM-ancestor filter (boilerpipe + HTML tree): of the paragraphs BASE keeps, only the group "
      "under the DEPTH-th container ancestor with most text (default " +
      std::string(k_dom_ancestor_default_base) + ", depth " +
      std::to_string(k_dom_ancestor_default_depth) + " = grandparent)";
  r.argument_syntax = "[:BASE][:DEPTH]";
  r.argument_factory = [](std::string_view argument) {
    return make_dom_ancestor_extractor(argument);
  };
  return {std::move(r)};
}

}  // namespace detail

}  // namespace boilerdex::plugin

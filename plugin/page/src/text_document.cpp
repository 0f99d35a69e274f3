#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

std::string TextDocument::content() const { return text(true, false); }

std::string TextDocument::text(bool include_content, bool include_non_content) const {
  std::size_t size = 0;
  for (const auto& block : blocks) {
    if (block.is_content ? include_content : include_non_content) size += block.text.size() + 1;
  }
  std::string out;
  out.reserve(size);
  for (const auto& block : blocks) {
    if (!(block.is_content ? include_content : include_non_content)) continue;
    out += block.text;
    out += '\n';
  }
  return out;
}

std::vector<bool> content_mask(const TextDocument& doc) {
  std::vector<bool> mask(doc.num_parse_blocks, false);
  for (const auto& block : doc.blocks) {
    if (!block.is_content) continue;
    for (const auto origin : block.origins) {
      if (origin < mask.size()) mask[origin] = true;  // foreign indices cannot name a parse block
    }
  }
  return mask;
}

}  // namespace boilerdex::plugin

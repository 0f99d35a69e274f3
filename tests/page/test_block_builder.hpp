#pragma once
/// \file
/// Hand-built blocks and documents for the plugin tests (no parser involved).

#include <initializer_list>
#include <string>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::testing {

/// A parse-like block: \p words words of which \p anchor linked; when \p wrapped_lines > 0
/// the block spans several 80-column lines with \p wrapped_words words in the complete ones.
inline TextBlock block(std::string text, int words, int anchor = 0, int wrapped_words = 0,
                       int wrapped_lines = 0) {
  TextBlock b;
  b.text = std::move(text);
  b.num_words = words;
  b.num_words_in_anchor_text = anchor;
  b.num_words_in_wrapped_lines = wrapped_words;
  b.num_wrapped_lines = wrapped_lines;
  b.init_densities();
  return b;
}

/// \p b flagged as content.
inline TextBlock content(TextBlock b) {
  b.is_content = true;
  return b;
}

/// \p b carrying \p label.
inline TextBlock labelled(TextBlock b, Label label) {
  b.labels.add(label);
  return b;
}

/// A document of \p blocks in parse order: offsets and origins 0, 1, 2, ...
inline TextDocument document(std::initializer_list<TextBlock> blocks, std::string title = {}) {
  TextDocument doc;
  doc.title = std::move(title);
  doc.blocks.assign(blocks.begin(), blocks.end());
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    auto& b = doc.blocks[i];
    b.offset_blocks_start = b.offset_blocks_end = static_cast<int>(i);
    b.origins = {static_cast<std::uint32_t>(i)};
    b.source_begin = static_cast<std::uint32_t>(10 * i);
    b.source_end = static_cast<std::uint32_t>(10 * i + 5);
  }
  doc.num_parse_blocks = static_cast<std::uint32_t>(doc.blocks.size());
  return doc;
}

/// The is_content flags of \p doc's blocks as a string of 'C' and '-'.
inline std::string flags(const TextDocument& doc) {
  std::string s;
  for (const auto& b : doc.blocks) s += b.is_content ? 'C' : '-';
  return s;
}

}  // namespace boilerdex::plugin::testing

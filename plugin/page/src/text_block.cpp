#include "boilerdex/plugin/text_block.hpp"

#include <algorithm>
#include <iterator>

namespace boilerdex::plugin {

void TextBlock::init_densities() noexcept {
  // boilerpipe overwrites the stored wrap counters here (spec §1.1), so a block whose text
  // fits on one line behaves as one wrapped line holding all of its words.
  if (num_words_in_wrapped_lines == 0) {
    num_words_in_wrapped_lines = num_words;
    num_wrapped_lines = 1;
  }
  // Single-precision division, bit-identical to Java's int / (float) int (spec §1.3).
  text_density =
      static_cast<float>(num_words_in_wrapped_lines) / static_cast<float>(num_wrapped_lines);
  link_density = num_words == 0
                     ? 0.0f
                     : static_cast<float>(num_words_in_anchor_text) / static_cast<float>(num_words);
}

void TextBlock::merge_next(const TextBlock& next) {
  text.reserve(text.size() + 1 + next.text.size());
  text += '\n';
  text += next.text;
  num_words += next.num_words;
  num_words_in_anchor_text += next.num_words_in_anchor_text;
  num_words_in_wrapped_lines += next.num_words_in_wrapped_lines;
  num_wrapped_lines += next.num_wrapped_lines;
  offset_blocks_start = std::min(offset_blocks_start, next.offset_blocks_start);
  offset_blocks_end = std::max(offset_blocks_end, next.offset_blocks_end);
  init_densities();
  is_content = is_content || next.is_content;
  labels.add_all(next.labels);
  tag_level = std::min(tag_level, next.tag_level);
  source_begin = std::min(source_begin, next.source_begin);
  source_end = std::max(source_end, next.source_end);

  // Both lists are ascending; merges usually join neighbours, so the common case is a
  // plain append.
  if (origins.empty() || next.origins.empty() || origins.back() < next.origins.front()) {
    origins.insert(origins.end(), next.origins.begin(), next.origins.end());
  } else {
    std::vector<std::uint32_t> merged;
    merged.reserve(origins.size() + next.origins.size());
    std::set_union(origins.begin(), origins.end(), next.origins.begin(), next.origins.end(),
                   std::back_inserter(merged));
    origins = std::move(merged);
  }
}

}  // namespace boilerdex::plugin

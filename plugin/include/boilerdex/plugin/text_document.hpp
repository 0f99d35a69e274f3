#pragma once
/// \file
/// TextDocument: a page's title and its ordered text blocks (spec §1.2), plus side tables
/// about the parse blocks that DOM-aware extractors use.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boilerdex/plugin/page_budget.hpp"
#include "boilerdex/plugin/text_block.hpp"

namespace boilerdex::plugin {

/// The segmented page. Extractors rewrite `blocks` in place (flags, merges, removals);
/// everything else describes the original parse and is never changed by an extractor.
/// Most container ancestors TextDocument::containers keeps per parse block (body aside).
/// Real pages stay far below it; the DOM-ancestor filter and `best` look a few levels up.
inline constexpr std::size_t k_max_container_chain = 128;

struct TextDocument {
  std::string title;  ///< from <title> per §2.5/§9.1; empty when absent
  std::vector<TextBlock> blocks;

  /// Number of parse blocks the segmenter produced (the range of TextBlock::origins).
  std::uint32_t num_parse_blocks = 0;

  /// For each parse block: the element ids of its first text node's ancestors whose tag is
  /// a DOM-ancestor-filter container (div, table, ul, ol, p, section, article, h1–h6,
  /// header, body), nearest first, always ending with body's id; at most the nearest
  /// k_max_container_chain of them before body (deeper ones only come from hostile
  /// nesting, and a whole chain per block cost 0.4 GB at max_blocks). Element ids number
  /// the elements in document (pre-)order from 0; equal ids mean the same element.
  std::vector<std::vector<std::uint32_t>> containers;

  /// The page's deadline and parse bounds, as segment_html applied them: extractors stop
  /// with PageTimeLimitError (stage "extracting") once the deadline passes, and a second
  /// parse of the page keeps to the same bounds. Default: no deadline. Copies of the
  /// document share the deadline (the page's time, not each copy's).
  PageBudget budget;

  /// boilerpipe's getContent(): text + '\n' of every content block, in order (§6).
  [[nodiscard]] std::string content() const;

  /// getText(include_content, include_non_content), same format as content().
  [[nodiscard]] std::string text(bool include_content, bool include_non_content) const;
};

/// For each parse block index i < doc.num_parse_blocks: true when some content block of
/// \p doc has i among its origins. Works after any extractor, whatever it merged or removed.
/// Complexity: O(total origins).
[[nodiscard]] std::vector<bool> content_mask(const TextDocument& doc);

}  // namespace boilerdex::plugin

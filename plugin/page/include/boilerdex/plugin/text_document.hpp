#pragma once
/// \file
/// TextDocument: a page's title and its ordered text blocks (spec §1.2), plus side tables
/// about the parse blocks that DOM-aware extractors use.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boilerdex/plugin/container_tree.hpp"
#include "boilerdex/plugin/page_budget.hpp"
#include "boilerdex/plugin/text_block.hpp"
#include "boilerdex/plugin/token_counts.hpp"

namespace boilerdex::plugin {

/// The segmented page. Extractors rewrite `blocks` in place (flags, merges, removals);
/// everything else describes the original parse and is never changed by an extractor.
struct TextDocument {
  std::string title;  ///< from <title> per §2.5/§9.1; empty when absent
  std::vector<TextBlock> blocks;

  /// Number of parse blocks the segmenter produced (the range of TextBlock::origins).
  std::uint32_t num_parse_blocks = 0;

  /// For each parse block: the container ancestors of its first text node (div, table, ul,
  /// ol, p, section, article, h1–h6, header, body), as ContainerChain describes them:
  /// containers.chain(i), nearest first, always ending with body's id. Copies of the
  /// document share the tables.
  ContainerTree containers;

  /// For each parse block i, as the segmenter made it: the token counts of its text
  /// (compute_token_counts of blocks[i].text while the block is unchanged), counted in the
  /// segmenter's own pass over the tokens; an entry it could not count so is not known.
  /// Empty unless segment_html was asked to count (count_tokens). Extractors leave it as it
  /// is, so it describes blocks[i] only in a fresh document.
  std::vector<TokenCounts> token_counts;

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

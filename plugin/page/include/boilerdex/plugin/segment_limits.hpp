#pragma once
/// \file
/// The bounds a page is segmented and extracted within (SegmentLimits), and how a
/// configuration's [extraction] table gives them.

#include <cstddef>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/defaults.hpp"

namespace boilerdex::plugin {

/// Bounds that keep hostile pages from costing unbounded time or memory. Hitting a size
/// limit degrades the result (truncates) and is reported in SegmentStats, never an error.
/// The time limit cannot truncate (an abandoned Gumbo parse leaves no tree to use): a page
/// past it yields nothing and segment_html throws PageTimeLimitError, which batch callers
/// report per page (the indexer skips the page with its file, offset and DOCNO).
struct SegmentLimits {
  std::size_t max_input_bytes = 20u << 20;   ///< longer input is truncated to this
  std::size_t max_depth = config::defaults::max_depth;  ///< elements below this depth are flattened (text kept)
  std::size_t max_blocks = config::defaults::max_blocks;  ///< further blocks are dropped
  std::size_t max_block_bytes = config::defaults::max_block_bytes;  ///< longer block text is truncated
  /// Wall-clock milliseconds one page may take, counted from segment_html's start
  /// (extract_page: from decoding) to the extractor's end; 0: no bound. The deadline rides
  /// on the document (TextDocument::budget), so an extractor run on it, and a second parse
  /// of the page it makes, spend what segmentation left. Checked inside every Gumbo parse
  /// (every few hundred allocations), between nodes of the walks and between an
  /// extractor's filters, so a page stops within about a millisecond of its bound once
  /// Gumbo runs (the linear passes before a parse, about 10 ms per MB, are not
  /// interrupted). Ordinary pages take milliseconds, a 20 MB one seconds.
  std::size_t max_page_millis = config::defaults::max_page_millis;
};

/// The limits \p config's [extraction] table sets (max_depth, max_blocks, max_block_bytes,
/// max_page_millis); max_input_bytes keeps its default (the indexer bounds pages by
/// [collection] max_page_bytes instead). Left at its defaults, \p config gives
/// SegmentLimits{}. Never throws.
[[nodiscard]] SegmentLimits segment_limits_from_config(const config::Config& config) noexcept;

}  // namespace boilerdex::plugin

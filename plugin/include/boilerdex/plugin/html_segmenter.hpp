#pragma once
/// \file
/// HTML (UTF-8) → TextDocument, reproducing boilerpipe 1.2's BoilerpipeHTMLContentHandler
/// (spec §2) over a Gumbo parse (spec §9).

#include <cstddef>
#include <string_view>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// Bounds that keep hostile pages from costing unbounded time or memory. Hitting one
/// degrades the result (truncates) and is reported in SegmentStats, never an error.
struct SegmentLimits {
  std::size_t max_input_bytes = 20u << 20;   ///< longer input is truncated to this
  std::size_t max_depth = 2000;              ///< elements below this depth are flattened (text kept)
  std::size_t max_blocks = 200000;           ///< further blocks are dropped
  std::size_t max_block_bytes = 1u << 20;    ///< longer block text is truncated
};

/// What happened while segmenting, for reports.
struct SegmentStats {
  bool truncated_input = false;
  bool depth_limited = false;
  bool blocks_limited = false;
  std::size_t truncated_blocks = 0;
};

/// Parses \p utf8 (must be UTF-8; use decode_to_utf8 first) and segments it into parse
/// blocks exactly as boilerpipe 1.2 would (same boundaries, word counts, densities,
/// anchors, title; whitespace runs inside text may differ, §9.4). Every block starts as
/// non-content with origins = {its index}. Fills TextDocument::containers.
/// Gumbo runs with a per-thread arena allocator, reset on return (up to 32 MB of it is kept
/// for the next page). Thread-safe (no shared state). Memory: Gumbo needs about 20 bytes
/// per input byte (a 20 MB page peaks near 0.5 GB).
/// \throws std::bad_alloc only.
[[nodiscard]] TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits = {},
                                        SegmentStats* stats = nullptr);

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// The segmenter's walk: Gumbo's tree read as the SAX event stream NekoHTML would send
/// boilerpipe's content handler for the same page. Private to libboilerdex.

#include <gumbo.h>

#include <cstddef>
#include <cstdint>
#include <limits>

#include "boilerdex/plugin/html_segmenter.hpp"
#include "content_handler_internal.hpp"
#include "lean_html_internal.hpp"

namespace boilerdex::plugin::detail {

/// Maps offsets in the buffer Gumbo parsed back to the caller's input (they differ when
/// close_unterminated_title patched it).
struct SourceMap {
  std::size_t content_begin = std::numeric_limits<std::size_t>::max();  // unpatched below this
  std::size_t patched_end = 0;
  std::ptrdiff_t delta = 0;
  const LeanHtml* lean = nullptr;  // what Gumbo parsed, when a lean copy
  [[nodiscard]] std::uint32_t to_input(std::size_t offset) const noexcept {
    if (lean != nullptr) offset = lean->original_offset(offset);
    if (offset < content_begin) return static_cast<std::uint32_t>(offset);
    if (offset < patched_end) return static_cast<std::uint32_t>(content_begin);  // inside the title
    return static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(offset) - delta);
  }
};

/// Walks \p document (a Gumbo document node) depth-first without recursion and feeds
/// \p handler its events: the elements NekoHTML's tag balancer would open and close
/// (neko_html_internal.hpp), and each text node split at its character references, with
/// its span in the caller's input (\p source). Elements at depth limits.max_depth and below
/// are flattened (their text kept, stats.depth_limited set). Calls no end_document.
/// O(nodes). \throws PageTimeLimitError once \p deadline passes (looked at every 1024
/// steps); std::bad_alloc.
void walk_segment_events(const GumboNode* document, const SegmentLimits& limits, SegmentStats& stats,
                         const SourceMap& source, ContentHandler& handler, const PageDeadline& deadline);

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// HTML (UTF-8) → TextDocument, reproducing boilerpipe 1.2's BoilerpipeHTMLContentHandler
/// (spec §2) over a Gumbo parse (spec §9).

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/page_budget.hpp"
#include "boilerdex/plugin/segment_limits.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

// SegmentLimits and segment_limits_from_config are in segment_limits.hpp.

// PageTimeLimitError, PageDeadline and PageBudget are in page_budget.hpp: the budget
// travels with the document.

/// What happened while segmenting, for reports.
struct SegmentStats {
  bool truncated_input = false;
  bool depth_limited = false;
  bool blocks_limited = false;
  std::size_t truncated_blocks = 0;
  /// The page had fewer than 50 words outside <noscript> elements, and was read again with
  /// their content as ordinary markup (as a browser without scripts shows it), which gave
  /// at least twice as many words plus 50.
  bool noscript_unwrapped = false;
};

/// Parses \p utf8 (must be UTF-8; use decode_to_utf8 first) and segments it into parse
/// blocks exactly as boilerpipe 1.2 would (same boundaries, word counts, densities,
/// anchors, title; whitespace runs inside text may differ, §9.4), except on a page whose
/// text lies almost all inside <noscript> (SegmentStats::noscript_unwrapped), which
/// boilerpipe reads as empty. Every block starts as
/// non-content with origins = {its index}. Fills TextDocument::containers.
/// Gumbo runs with a per-thread arena allocator, reset on return (up to 32 MB of it is kept
/// for the next page). Thread-safe (no shared state). Memory: Gumbo needs about 20 bytes
/// per input byte (a 20 MB page peaks near 0.5 GB). The document's budget is \p limits'
/// parse bounds and a deadline limits.max_page_millis from this call's start, for the
/// extractor that runs next (see SegmentLimits::max_page_millis).
/// With \p count_tokens it also fills TextDocument::token_counts, in the pass over each
/// block's tokens it makes anyway (an extractor that reads them says so:
/// Extractor::reads_token_counts); without, that stays empty.
/// \throws PageTimeLimitError when the page takes longer than limits.max_page_millis
/// (everything Gumbo had allocated is freed); std::bad_alloc.
[[nodiscard]] TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits = {},
                                        SegmentStats* stats = nullptr, bool count_tokens = false);

}  // namespace boilerdex::plugin

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
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// Bounds that keep hostile pages from costing unbounded time or memory. Hitting a size
/// limit degrades the result (truncates) and is reported in SegmentStats, never an error.
/// The time limit cannot truncate (an abandoned Gumbo parse leaves no tree to use): a page
/// past it yields nothing and segment_html throws PageTimeLimitError, which batch callers
/// report per page (the indexer skips the page with its file, offset and DOCNO).
struct SegmentLimits {
  std::size_t max_input_bytes = 20u << 20;   ///< longer input is truncated to this
  std::size_t max_depth = 2000;              ///< elements below this depth are flattened (text kept)
  std::size_t max_blocks = 200000;           ///< further blocks are dropped
  std::size_t max_block_bytes = 1u << 20;    ///< longer block text is truncated
  /// Wall-clock milliseconds one page may take, counted from segment_html's start
  /// (extract_page: from decoding) to the extractor's end; 0: no bound. The deadline rides
  /// on the document (TextDocument::budget), so an extractor run on it, and a second parse
  /// of the page it makes, spend what segmentation left. Checked inside every Gumbo parse
  /// (every few hundred allocations), between nodes of the walks and between an
  /// extractor's filters, so a page stops within about a millisecond of its bound once
  /// Gumbo runs (the linear passes before a parse, about 10 ms per MB, are not
  /// interrupted). Ordinary pages take milliseconds, a 20 MB one seconds.
  std::size_t max_page_millis = 30000;
};

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
/// \throws PageTimeLimitError when the page takes longer than limits.max_page_millis
/// (everything Gumbo had allocated is freed); std::bad_alloc.
[[nodiscard]] TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits = {},
                                        SegmentStats* stats = nullptr);

}  // namespace boilerdex::plugin

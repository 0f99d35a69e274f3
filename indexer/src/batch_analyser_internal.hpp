#pragma once
// The analysis of a batch's pages in an index-set build (index_builder.hpp): each page is
// decoded, segmented and classified once, each block any view keeps is tokenized once,
// and the views that keep the same blocks are grouped. Private to indexer.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analysed_page_internal.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "boilerdex/indexer/view_selector.hpp"
#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::indexer::detail {

/// The title a page's documents show (value_title) for its <title> \p raw_title
/// (whitespace collapsed) and metadata \p m: m.title (read_page_metadata's cleaned title),
/// else \p raw_title. \throws std::bad_alloc only.
[[nodiscard]] std::string display_title(const std::string& raw_title, const plugin::PageMetadata& m);

/// Analyses pages in slots, one worker per thread. analyse() may run on several threads at
/// once, each with its own worker number.
class BatchAnalyser {
 public:
  /// \p views: resolved (a min-words:auto view has its K); \p view_positions: per view,
  /// view_has_positions; \p limits: the segmenter's, with no max_input_bytes; \p workers:
  /// the threads that call analyse. With one view (\p direct) a page is indexed straight
  /// into its document (Slot::doc), with no per-block postings. \p options must outlive
  /// the analyser. \throws as ViewSelector and TermMaker.
  BatchAnalyser(const IndexOptions& options, const std::vector<ViewSpec>& views,
                const std::vector<std::uint8_t>& view_positions, const plugin::SegmentLimits& limits,
                unsigned workers, bool direct);

  /// Analyses \p s (read from input file \p file) with worker \p worker's term maker: its
  /// blocks, which views keep each, their postings and texts, the views' groups. A page
  /// that fails (or runs past the time limit) becomes a skip, with a reason naming \p file.
  /// A skipped slot is left as it is. \throws std::bad_alloc.
  void analyse(unsigned worker, Slot& s, const std::string& file);

 private:
  void group_views(Slot& s) const;
  void read_metadata(unsigned worker, std::string_view utf8, Slot& s) const;

  const IndexOptions& m_options;
  std::size_t m_view_count;
  const std::vector<std::uint8_t>& m_view_positions;
  plugin::SegmentLimits m_limits;
  bool m_direct;
  ViewSelector m_selector;
  std::vector<std::unique_ptr<TermMaker>> m_makers;
};

}  // namespace boilerdex::indexer::detail

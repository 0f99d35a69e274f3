#pragma once
/// \file
/// Which parse blocks each view keeps (DESIGN.md, "Parallel indexes"): the rules of
/// ViewSpec applied to a segmented page.

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "boilerdex/indexer/view_spec.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::indexer {

/// Applies a list of views to pages. Immutable after construction: one instance may serve
/// many threads.
class ViewSelector {
 public:
  /// Builds the extractors the Extractor views name (one per distinct name).
  /// \throws UsageError for an unknown extractor.
  explicit ViewSelector(std::vector<ViewSpec> views);

  [[nodiscard]] const std::vector<ViewSpec>& views() const noexcept { return m_views; }

  /// For the parse blocks of \p parsed (as segment_html returns them, before any
  /// extractor) of the page \p utf8_html (the text segment_html parsed, for extractors
  /// that read the page, such as BTE; it must outlive the call), fills \p keep so that keep[v * n + i] (n = parsed.blocks.size()) is 1
  /// when view v keeps block i:
  ///   all: every block; min-words:K: num_words >= K; min-density:D: text_density >= D
  ///   (the float density compared as a double); extractor:NAME: the blocks whose text the
  ///   extractor keeps, found with content_mask on a copy of \p parsed.
  /// Thread-safe. O(views × blocks) plus the extractors' work.
  /// \throws std::bad_alloc only.
  void select(const plugin::TextDocument& parsed, std::string_view utf8_html, std::vector<std::uint8_t>& keep) const;

 private:
  std::vector<ViewSpec> m_views;
  std::vector<std::unique_ptr<plugin::Extractor>> m_extractors;  ///< distinct names
  std::vector<int> m_extractor_of;  ///< per view: index into m_extractors, or -1
};

}  // namespace boilerdex::indexer

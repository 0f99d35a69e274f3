#include "boilerdex/indexer/view_selector.hpp"

#include <algorithm>

namespace boilerdex::indexer {

ViewSelector::ViewSelector(std::vector<ViewSpec> views) : m_views(std::move(views)) {
  std::vector<std::string> names;
  for (const ViewSpec& v : m_views) {
    if (v.kind != ViewKind::Extractor) {
      m_extractor_of.push_back(-1);
      continue;
    }
    auto it = std::find(names.begin(), names.end(), v.extractor);
    if (it == names.end()) {
      m_extractors.push_back(plugin::make_extractor(v.extractor));
      names.push_back(v.extractor);
      it = names.end() - 1;
    }
    m_extractor_of.push_back(static_cast<int>(it - names.begin()));
  }
}

void ViewSelector::select(const plugin::TextDocument& parsed, std::string_view utf8_html,
                          std::vector<std::uint8_t>& keep) const {
  const std::size_t n = parsed.blocks.size();
  // Extractors work on a copy; their decisions map back to parse blocks by origin. The
  // parse blocks are numbered 0..n-1 in order (segment_html: origins = {index}).
  std::vector<std::vector<bool>> masks(m_extractors.size());
  for (std::size_t e = 0; e < m_extractors.size(); ++e) {
    plugin::TextDocument copy = parsed;
    m_extractors[e]->process(copy, utf8_html);
    masks[e] = plugin::content_mask(copy);
  }
  // Only now: a page's extractors (BTE's second parse) are its peak, and the rows are one
  // byte per view and block (14 MB for the default views at max_blocks).
  keep.assign(m_views.size() * n, 0);
  for (std::size_t v = 0; v < m_views.size(); ++v) {
    std::uint8_t* out = keep.data() + v * n;
    const ViewSpec& view = m_views[v];
    for (std::size_t i = 0; i < n; ++i) {
      const plugin::TextBlock& b = parsed.blocks[i];
      switch (view.kind) {
        case ViewKind::All: out[i] = 1; break;
        case ViewKind::MinWords: out[i] = static_cast<double>(b.num_words) >= view.threshold; break;
        case ViewKind::MinDensity: out[i] = static_cast<double>(b.text_density) >= view.threshold; break;
        case ViewKind::Extractor: {
          const std::vector<bool>& mask = masks[static_cast<std::size_t>(m_extractor_of[v])];
          // A parse block's index is its origin; guard against a segmenter that numbers
          // differently by reading its own origin.
          const std::uint32_t origin = b.origins.empty() ? static_cast<std::uint32_t>(i) : b.origins.front();
          out[i] = origin < mask.size() && mask[origin];
          break;
        }
      }
    }
  }
}

}  // namespace boilerdex::indexer

#include "batch_analyser_internal.hpp"

#include <algorithm>
#include <cstring>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::indexer::detail {
/// The title to show: the metadata's cleaned title, else the <title>.
std::string display_title(const std::string& raw_title, const plugin::PageMetadata& m) {
  return m.title.empty() ? raw_title : m.title;
}

BatchAnalyser::BatchAnalyser(const IndexOptions& options, const std::vector<ViewSpec>& views,
                             const std::vector<std::uint8_t>& view_positions, const plugin::SegmentLimits& limits,
                             unsigned workers, bool direct)
    : m_options(options),
      m_view_count(views.size()),
      m_view_positions(view_positions),
      m_limits(limits),
      m_direct(direct),
      m_selector(views) {
  for (unsigned t = 0; t < workers; ++t) m_makers.push_back(std::make_unique<TermMaker>(m_options.terms));
}

void BatchAnalyser::analyse(unsigned worker, Slot& s, const std::string& file) {
  if (s.skipped) return;
  try {
    const plugin::DecodedText decoded = plugin::decode_to_utf8(s.raw.body, s.raw.declared_charset);
    release_if_large(s.raw.body);
    s.limits = plugin::SegmentStats{};
    const plugin::TextDocument parsed = plugin::segment_html(decoded.utf8, m_limits, &s.limits);
    s.title = collapse_whitespace(parsed.title);
    read_metadata(worker, decoded.utf8, s);
    m_selector.select(parsed, decoded.utf8, s.keep);
    const std::size_t n = parsed.blocks.size();
    s.num_blocks = n;
    if (s.blocks.size() < n) s.blocks.resize(n);
    TermMaker& maker = *m_makers[worker];
    const std::size_t nv = m_view_count;
    const std::size_t cap = static_cast<std::size_t>(m_options.snippet_bytes);
    release_if_large(s.text);
    s.text_end.clear();
    if (cap > 0) {  // sized once: doubling left up to half of it unused at max_blocks
      s.text_end.reserve(n);
      std::size_t bytes = 0;
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t v = 0; v < nv; ++v) {
          if (s.keep[v * n + i] == 0) continue;
          bytes += std::min(cap, parsed.blocks[i].text.size());
          break;
        }
      }
      s.text.reserve(bytes);
    }
    const std::string_view title = m_options.terms.index_title ? std::string_view(s.title) : std::string_view();
    if (m_direct) {  // one view: its document directly, no per-block postings to copy
      s.doc = Xapian::Document();
      add_document_header(s, s.doc);
      maker.begin_document(s.doc, title, m_view_positions[0] != 0);
    }
    s.doc_empty = true;
    for (std::size_t i = 0; i < n; ++i) {
      bool wanted = false;  // a block no view keeps is not tokenized
      for (std::size_t v = 0; v < nv && !wanted; ++v) wanted = s.keep[v * n + i] != 0;
      if (m_direct) {
        if (wanted) maker.add_text(parsed.blocks[i].text);
        s.doc_empty &= !wanted;
      } else if (wanted) {
        maker.make(parsed.blocks[i].text, s.blocks[i]);
      } else {
        s.blocks[i].clear();
      }
      if (cap > 0) {  // no view's value needs more than cap bytes of one block
        if (wanted) s.text.append(parsed.blocks[i].text, 0, cap);
        s.text_end.push_back(s.text.size());
      }
    }
    if (m_direct) {
      s.doc_length = maker.end_document(s.doc);
      if (!s.doc_empty && cap > 0) add_text_value(0, s, m_options.snippet_bytes, s.doc);
      return;
    }
    maker.make_title(title, s.title_postings);
    group_views(s);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const plugin::PageTimeLimitError& e) {
    s.skipped = true;
    s.skip = SkipReport{SkipReason::TimeLimit, file, s.raw.offset, s.raw.docno, e.what()};
  } catch (const std::exception& e) {
    s.skipped = true;
    s.skip = SkipReport{SkipReason::Failed, file, s.raw.offset, s.raw.docno,
                        std::string("processing failed: ") + e.what()};
  }
}

/// Fills s.meta from the decoded page, once per page: one lexical pass over it (no parse;
/// it changes no block decision), and the author's words with worker \p worker's term maker.
/// The record's URL is the page's address (a date in a permalink counts where the page's
/// markup gives none).
void BatchAnalyser::read_metadata(unsigned worker, std::string_view utf8, Slot& s) const {
  const plugin::PageMetadata m = plugin::read_page_metadata(utf8, {}, s.raw.url);
  PageFields& f = s.meta;
  f.title = display_title(s.title, m);
  f.date = date_value(m.date);
  f.author = m.author;
  f.sitename = m.sitename;
  f.language = m.language;
  f.page_type = m.page_type;
  f.author_terms.clear();
  m_makers[worker]->use_language(m.language);  // the page's stemmer, for its author and text
  if (!m.author.empty()) m_makers[worker]->make_field_terms(m.author, author_prefix, f.author_terms);
}

/// Fills s.group: views with the same keep row and positions setting share a group,
/// named by its first view. Rows are compared only when their hashes match.
void BatchAnalyser::group_views(Slot& s) const {
  const std::size_t nv = m_view_count, n = s.num_blocks;
  std::vector<std::uint64_t> hash(nv);
  s.group.resize(nv);
  for (std::size_t v = 0; v < nv; ++v) {
    const std::uint8_t* row = s.keep.data() + v * n;
    std::uint64_t h = 1469598103934665603ull ^ m_view_positions[v];  // FNV-1a
    for (std::size_t i = 0; i < n; ++i) h = (h ^ row[i]) * 1099511628211ull;
    hash[v] = h;
    s.group[v] = static_cast<std::uint32_t>(v);
    for (std::size_t u = 0; u < v; ++u) {
      if (s.group[u] != u || hash[u] != h || m_view_positions[u] != m_view_positions[v]) continue;
      if (n == 0 || std::memcmp(s.keep.data() + u * n, row, n) == 0) {
        s.group[v] = static_cast<std::uint32_t>(u);
        break;
      }
    }
  }
}

}  // namespace boilerdex::indexer::detail

#include "view_writer_internal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "parallel_for_internal.hpp"

namespace boilerdex::indexer::detail {
namespace fs = std::filesystem;

void sync_tree(const fs::path& dir) {
  const auto sync_path = [](const fs::path& p, bool directory) {
    const int fd = ::open(p.c_str(), (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
      const int err = errno;
      if (fd >= 0) ::close(fd);
      throw IndexError(p.string() + ": cannot sync: " + std::strerror(err));
    }
    ::close(fd);
  };
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::file_status st = it->symlink_status(ec);
    if (fs::is_regular_file(st)) sync_path(it->path(), false);
    else if (fs::is_directory(st)) sync_path(it->path(), true);
  }
  if (ec) throw IndexError(dir.string() + ": cannot list for syncing: " + ec.message());
  sync_path(dir, true);
}

/// A page's document as last written, to one view.
struct ViewWriter::BuiltDocument {
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  std::size_t view = none;  ///< the view whose kept blocks doc holds
  Xapian::Document doc;
  std::uint64_t length = 0;
  bool empty = false;
};

ViewWriter::ViewWriter(const IndexOptions& options, std::vector<ViewSpec> views,
                       const std::vector<std::uint8_t>& view_positions, unsigned threads, bool direct)
    : m_options(options),
      m_views(std::move(views)),
      m_view_positions(view_positions),
      m_threads(threads),
      m_direct(direct),
      m_view_cost(m_views.size(), 0),
      m_view_pending(m_views.size(), 0) {}

fs::path ViewWriter::path(std::size_t v) const { return m_options.out_dir / "views" / m_views[v].directory_name(); }

void ViewWriter::open(Xapian::docid committed) {
  m_held.assign(m_views.size(), 0);
  for (std::size_t v = 0; v < m_views.size(); ++v) {
    const fs::path p = path(v);
    m_view_termlist.push_back(view_has_termlist(m_options.terms, m_views[v]));
    m_dbs.push_back(xapian_call(p.string(), [&] {
      int flags = Xapian::DB_CREATE_OR_OPEN | Xapian::DB_BACKEND_GLASS;
      if (!m_options.sync_commits) flags |= Xapian::DB_NO_SYNC;
      // Needed to reopen such a view too (glass then refuses to open it without it).
      if (!m_view_termlist[v]) flags |= Xapian::DB_NO_TERMLIST;
      return Xapian::WritableDatabase(p.string(), flags);
    }));
    xapian_call(p.string(), [&] {
      const Xapian::WritableDatabase& db = m_dbs[v];
      if (db.get_doccount() < committed && db.get_lastdocid() < committed)
        throw IndexError(p.string() + ": holds fewer documents (" + std::to_string(db.get_doccount()) +
                         ") than the last common commit (" + std::to_string(committed) + "); use --overwrite");
      if (db.get_lastdocid() > committed) m_held[v] = db.get_lastdocid();
    });
  }
}

/// Writes \p doc, page \p s's document, to view \p v at s.docid, unless the view already
/// holds it: a document held past the last common commit (open) with s's DOCNO came from
/// the same page. One with another DOCNO (the interrupted run skipped or kept a page this
/// one does not) is replaced. \throws IndexError when the view has no termlist to replace
/// it with; Xapian::Error.
void ViewWriter::write_document(std::size_t v, const Slot& s, const Xapian::Document& doc) {
  if (s.docid <= m_held[v]) {
    std::string held;
    try {
      held = m_dbs[v].get_document(s.docid).get_data();
    } catch (const Xapian::DocNotFoundError&) {
    }
    if (held == s.raw.docno) return;
    if (!m_view_termlist[v])
      throw IndexError(path(v).string() + ": holds document " + std::to_string(s.docid) + " (" + held +
                       ") past the last common commit, where the resumed run puts " + s.raw.docno +
                       "; a view without termlists cannot replace it; use --overwrite");
  }
  m_dbs[v].replace_document(s.docid, doc);
}

void ViewWriter::drop_held_past_end(Xapian::docid last) {
  for (std::size_t v = 0; v < m_views.size(); ++v) {
    if (m_held[v] <= last) continue;
    const std::string p = path(v).string();
    if (!m_view_termlist[v])
      throw IndexError(p + ": holds documents up to " + std::to_string(m_held[v]) +
                       " past the last common commit, beyond the resumed run's last (" + std::to_string(last) +
                       "); a view without termlists cannot delete them; use --overwrite");
    xapian_call(p, [&] {
      for (Xapian::docid d = last + 1; d <= m_held[v]; ++d) {
        try {
          m_dbs[v].delete_document(d);
        } catch (const Xapian::DocNotFoundError&) {
        }
      }
    });
  }
}

bool ViewWriter::indexed_before(std::string_view docno, Xapian::docid last) {
  return xapian_call(path(0).string(), [&] {
    const std::string term = docno_term(docno);
    for (auto it = m_dbs[0].postlist_begin(term); it != m_dbs[0].postlist_end(term); ++it)
      if (*it <= last) return true;
    return false;
  });
}

/// Splits the views into contiguous runs of about equal cost, one per writer thread:
/// neighbouring thresholds often keep the same blocks of a page, and views of one group
/// share a document only when the same thread writes them. Cost: postings written so far
/// plus one per document (so the first batch splits evenly by count).
std::vector<std::size_t> ViewWriter::partition_views(unsigned writers) const {
  double total = 0;
  for (const std::uint64_t c : m_view_cost) total += static_cast<double>(c) + 1;
  std::vector<std::size_t> bounds{0};
  double sum = 0;
  for (std::size_t v = 0; v < m_views.size() && bounds.size() < writers; ++v) {
    sum += static_cast<double>(m_view_cost[v]) + 1;
    const std::size_t left = m_views.size() - v - 1;  // every run gets a view
    if (sum >= total * static_cast<double>(bounds.size()) / writers || left < writers - bounds.size())
      bounds.push_back(v + 1);
  }
  bounds.push_back(m_views.size());
  return bounds;
}

/// Each writer thread owns a contiguous run of views (one writer per database) and writes
/// them one view at a time, all the batch's pages to one view before the next: Xapian's
/// buffers for one database stay in cache (measured: 15% less CPU than page by page over
/// all views). A page's document is carried from one view to the next: reused when the
/// next view keeps the same blocks (same group), extended when it keeps a superset and
/// neither has positions, rebuilt otherwise. The run is walked last view first, so a
/// threshold sweep listed loosest first (min-words:1,2,...) meets its views strictest
/// first and each document only grows: its blocks are added once per writer, not once per
/// view.
std::uint64_t ViewWriter::write_batch(const std::vector<Slot>& batch, std::size_t n,
                                      std::vector<std::uint64_t>& view_empty) {
  const unsigned writers = static_cast<unsigned>(std::min<std::size_t>(m_threads, m_views.size()));
  const std::vector<std::size_t> bounds = partition_views(writers);
  std::vector<std::uint64_t> pending(bounds.size() - 1, 0);
  parallel_for(writers, bounds.size() - 1, [&](unsigned, std::size_t part) {
    std::vector<BuiltDocument> last(n);  // per page: the document written to the previous view
    std::size_t v = bounds[part + 1];
    try {
      while (v-- > bounds[part]) {
        for (std::size_t i = 0; i < n; ++i) {
          const Slot& s = batch[i];
          if (s.skipped) continue;
          if (m_direct) {
            if (s.doc_empty) ++view_empty[v];
            m_view_cost[v] += s.doc_length;
            m_view_pending[v] += s.doc_length;
            pending[part] += s.doc_length;
            write_document(v, s, s.doc);
            continue;
          }
          BuiltDocument& b = last[i];
          carry_document(v, s, b);
          if (b.empty) ++view_empty[v];
          m_view_cost[v] += b.length;
          m_view_pending[v] += b.length;
          pending[part] += b.length;
          write_document(v, s, b.doc);
        }
      }
    } catch (const Xapian::Error& e) {
      throw IndexError(path(std::min(v, m_views.size() - 1)).string(), e.get_type(), e.get_msg());
    }
  });
  std::uint64_t written = 0;
  for (const std::uint64_t p : pending) written += p;
  return written;
}

/// Makes \p b view \p v's document of \p s, starting from what it holds (see write_batch).
void ViewWriter::carry_document(std::size_t v, const Slot& s, BuiltDocument& b) const {
  if (b.view != BuiltDocument::none && s.group[b.view] == s.group[v]) {
    b.view = v;
    return;
  }
  const std::size_t n = s.num_blocks;
  const std::uint8_t* keep = s.keep.data() + v * n;
  if (b.view != BuiltDocument::none && !m_view_positions[v] && !m_view_positions[b.view]) {
    const std::uint8_t* had = s.keep.data() + b.view * n;
    bool superset = true;
    for (std::size_t i = 0; i < n && superset; ++i) superset = keep[i] || !had[i];
    if (superset) {
      for (std::size_t i = 0; i < n; ++i) {
        if (!keep[i] || had[i]) continue;
        s.blocks[i].add_to(b.doc, 0, false);
        b.length += s.blocks[i].length();
        b.empty = false;
      }
      if (!b.empty && m_options.snippet_bytes > 0) add_text_value(v, s, m_options.snippet_bytes, b.doc);
      b.view = v;
      return;
    }
  }
  b.view = v;
  b.doc = Xapian::Document();
  b.length = build_document(v, s, m_view_positions[v] != 0, m_options.snippet_bytes, b.doc, b.empty);
}

void ViewWriter::commit() {
  const unsigned writers = static_cast<unsigned>(std::min<std::size_t>(m_threads, m_views.size()));
  parallel_for(writers, m_views.size(), [&](unsigned, std::size_t v) {
    xapian_call(path(v).string(), [&] { m_dbs[v].commit(); });
  });
  std::fill(m_view_pending.begin(), m_view_pending.end(), 0);
}

std::uint64_t ViewWriter::most_pending() const {
  return m_view_pending.empty() ? 0 : *std::max_element(m_view_pending.begin(), m_view_pending.end());
}

std::uint64_t ViewWriter::most_written() const {
  return m_view_cost.empty() ? 0 : *std::max_element(m_view_cost.begin(), m_view_cost.end());
}

std::pair<std::uint64_t, std::uint64_t> ViewWriter::counts(std::size_t v) {
  return xapian_call(path(v).string(), [&] {
    return std::pair<std::uint64_t, std::uint64_t>(m_dbs[v].get_doccount(), m_dbs[v].get_total_length());
  });
}

void ViewWriter::close() {
  for (auto& db : m_dbs) xapian_call(m_options.out_dir.string(), [&] { db.close(); });
}

}  // namespace boilerdex::indexer::detail

#pragma once
// The views of an index-set build (index_builder.hpp): one Xapian database per view,
// opened (or reopened on --resume), written a batch at a time by one thread per run of
// views, committed together. Private to indexer.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>
#include <xapian.h>

#include "analysed_page_internal.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/index_options.hpp"

namespace boilerdex::indexer::detail {

/// Maps a Xapian::Error to IndexError with \p context.
template <typename F>
auto xapian_call(const std::string& context, F&& fn) {
  try {
    return fn();
  } catch (const Xapian::Error& e) {
    throw IndexError(context, e.get_type(), e.get_msg());
  }
}

/// fsyncs every file and directory under \p dir (and \p dir): the views were written with
/// DB_NO_SYNC. \throws IndexError naming the path that cannot be synced.
void sync_tree(const std::filesystem::path& dir);

/// Writes the views. Every method throws IndexError naming the view's directory on a
/// Xapian error. Not thread-safe: one build calls it from one thread (it runs its own
/// writer threads inside write_batch and commit).
class ViewWriter {
 public:
  /// \p views: resolved (a min-words:auto view has its K); \p view_positions: per view,
  /// view_has_positions. With one view (\p direct) each slot carries its document
  /// (Slot::doc). \p options and \p view_positions must outlive the writer.
  ViewWriter(const IndexOptions& options, std::vector<ViewSpec> views,
             const std::vector<std::uint8_t>& view_positions, unsigned threads, bool direct);

  /// DIR/views/<directory_name> of view \p v.
  [[nodiscard]] std::filesystem::path path(std::size_t v) const;

  /// Opens (creates) every view, whose docids 1..\p committed are the last common commit.
  /// A view may hold documents past it: the interrupted run committed it (or Xapian
  /// auto-flushed it) after that commit. They are kept, not rolled back (a view without
  /// termlists cannot delete): the resumed run gives the same pages the same docids, and
  /// write_batch checks each such document's DOCNO when the run reaches its docid.
  /// \throws IndexError when a view holds fewer documents than \p committed.
  void open(Xapian::docid committed);

  /// Writes the batch's first \p n slots (skipped ones left out) to every view, adding to
  /// \p view_empty (per view) the documents with no block it keeps. Returns the postings
  /// written, over all views.
  std::uint64_t write_batch(const std::vector<Slot>& batch, std::size_t n, std::vector<std::uint64_t>& view_empty);

  /// Whether \p docno has a docid given before docid \p last + 1 (in this run or the one
  /// it resumes). View 0 may hold documents past the last common commit (open): their
  /// docids are not given yet, so they do not count.
  [[nodiscard]] bool indexed_before(std::string_view docno, Xapian::docid last);

  /// Deletes the documents views held past the last common commit (open) beyond \p last,
  /// the last docid this run gave. \throws IndexError for a view without termlists.
  void drop_held_past_end(Xapian::docid last);

  /// Commits every view, in parallel.
  void commit();

  /// The most postings any one view holds buffered since the last commit.
  [[nodiscard]] std::uint64_t most_pending() const;
  /// The most postings any one view has been given in this run (commits included).
  [[nodiscard]] std::uint64_t most_written() const;

  /// View \p v's document count and total length (the sum of its documents' lengths).
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> counts(std::size_t v);

  /// Closes every view.
  void close();

 private:
  struct BuiltDocument;
  std::vector<std::size_t> partition_views(unsigned writers) const;
  void carry_document(std::size_t v, const Slot& s, BuiltDocument& b) const;
  void write_document(std::size_t v, const Slot& s, const Xapian::Document& doc);

  const IndexOptions& m_options;
  std::vector<ViewSpec> m_views;
  const std::vector<std::uint8_t>& m_view_positions;  // per view: view_has_positions
  unsigned m_threads;
  bool m_direct;
  std::vector<Xapian::WritableDatabase> m_dbs;
  std::vector<std::uint8_t> m_view_termlist;  // per view: view_has_termlist
  std::vector<Xapian::docid> m_held;  // per view: last docid held past the last common commit (0: none)
  std::vector<std::uint64_t> m_view_cost;  // per view: postings written (balances writers)
  std::vector<std::uint64_t> m_view_pending;  // per view: postings written since the last commit
};

}  // namespace boilerdex::indexer::detail

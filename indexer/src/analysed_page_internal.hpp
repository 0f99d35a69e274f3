#pragma once
// One page on its way through a batch of an index-set build (index_builder.hpp): read into
// a Slot, analysed there (batch_analyser_internal.hpp), written to every view
// (view_writer_internal.hpp). Private to indexer.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/index_progress.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::indexer::detail {

// A batch is analysed, then written one view at a time; larger batches keep each view's
// Xapian buffers in cache longer (measured on blogs-dev: 64 pages 8% less CPU than 16,
// 300 pages no better). Raw page bytes bound a batch's memory.
constexpr std::size_t batch_per_thread = 32;
constexpr std::uint64_t batch_max_bytes = 32u << 20;
constexpr std::size_t keep_capacity = 1u << 20;  // larger buffers are released after use

/// Empties \p buffer, releasing its memory when it grew past keep_capacity.
template <typename T>
void release_if_large(T& buffer) {
  buffer.clear();
  if (buffer.capacity() > keep_capacity) T().swap(buffer);
}

/// What every view's document of a page carries of its metadata (document_layout.hpp).
struct PageFields {
  std::string title;      // value_title: the cleaned title, else the <title>
  std::string date;       // value_date: YYYYMMDD
  std::string author, sitename, language, page_type;
  std::vector<std::string> author_terms;  // author_prefix terms, added with wdf 0
};

/// One read item on its way through a batch.
struct Slot {
  std::size_t file = 0;        // index into the input files
  std::uint64_t ordinal = 0;   // item number within the file
  bool skipped = false;
  SkipReport skip;
  plugin::SegmentStats limits;  // what the segmenter truncated
  RawDocument raw;
  std::string title;  // the <title>, whitespace collapsed: its terms are indexed
  PageFields meta;
  TextPostings title_postings;
  std::vector<TextPostings> blocks;
  std::size_t num_blocks = 0;
  std::vector<std::uint8_t> keep;  // views × blocks
  // Per view: the first view with the same kept blocks and the same positions setting;
  // such views get one shared Xapian::Document (built once per writer thread).
  std::vector<std::uint32_t> group;
  // For value_text: the kept blocks' texts (each cut to snippet_bytes) back to back;
  // block i is text[text_end[i-1], text_end[i]) (empty for a block no view keeps).
  std::string text;
  std::vector<std::size_t> text_end;
  Xapian::docid docid = 0;
  // A run with one view (direct) indexes the page straight into its document here.
  Xapian::Document doc;
  std::uint64_t doc_length = 0;
  bool doc_empty = false;
};

/// Drops what \p s holds for its page once the page is written, so that a slot keeps
/// buffers sized for its current page only.
void recycle_slot(Slot& s);

/// The document data, ID term, values and metadata terms every view's document of \p s has.
void add_document_header(const Slot& s, Xapian::Document& doc);

/// Adds value_text: view \p v's kept blocks of \p s joined by '\n', cut to \p snippet_bytes
/// on a character boundary (document_layout.hpp).
void add_text_value(std::size_t v, const Slot& s, std::uint64_t snippet_bytes, Xapian::Document& doc);

/// Builds view \p v's document for \p s, with term positions when \p positions, and
/// value_text when snippet_bytes > 0. Returns its length; \p empty set when no block
/// qualified.
std::uint64_t build_document(std::size_t v, const Slot& s, bool positions, std::uint64_t snippet_bytes,
                             Xapian::Document& doc, bool& empty);

}  // namespace boilerdex::indexer::detail

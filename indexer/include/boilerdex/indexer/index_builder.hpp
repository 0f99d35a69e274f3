#pragma once
/// \file
/// The library entry point of boilerdex-index: read a collection once and write one Xapian
/// database per view (DESIGN.md, "Parallel indexes").
///
/// Each page is decoded, segmented and classified once, each parse block tokenized once,
/// and the block's postings are added to every view whose rule it passes. All views are
/// committed together every IndexOptions::commit_interval documents (or sooner when
/// max_pending_postings are buffered over all views, or max_view_pending_postings in one
/// view: Xapian merges small lots faster), then DIR/state.json records the documents done;
/// DIR/manifest.json is written last, so its presence with "complete": true means the
/// index set is whole. What a build is given is in index_options.hpp, what it reports in
/// index_progress.hpp.
///
/// Inputs are streamed, not listed: the input files are walked in order (InputFileWalker)
/// once before indexing, keeping only their count, total size (for the ETA) and a
/// fingerprint of the list (for --resume), and again while indexing. Each input's record
/// (path, bytes, SHA-256, counts) is appended to DIR/inputs.jsonl once its last document is
/// counted; state.json records the file's length at each common commit (--resume
/// truncates it back) and manifest.json's "inputs" are copied from it at the end. Only
/// inputs whose documents are still in the batch are in memory: memory and open files do
/// not grow with the number of input files (one collection file open at a time, plus the
/// walk's listings of the directories it is inside).
///
/// Batches overlap (IndexOptions::overlap_batches): while the views are written from batch
/// k, batch k+1 is read and analysed; its items are counted (docids, duplicate DOCNOs) and
/// a due commit made only once batch k is written, so docids, commits and state.json are
/// as with one batch at a time.
///
/// Memory bound: two batches of pages (each at most 32 per thread and 32 MB of raw pages,
/// plus one page of at most max_page_bytes) decoded, parsed and tokenized (a few times the
/// page size each), plus Xapian's buffered changes, ≈ 45 bytes per posting with positions and less
/// without. Postings are counted over all views; a batch holds no more pages than would add
/// about max_pending_postings (at the postings per page seen so far), and all views are
/// committed once max_pending_postings are buffered, so the buffers stay under ≈ 2 ×
/// max_pending_postings postings whatever the number of views (and a batch adds no more
/// than about max_view_pending_postings to any one view). Xapian's own auto-flush
/// (XAPIAN_FLUSH_THRESHOLD, 10,000 documents per view) may commit a view earlier, and an
/// interruption may fall between the views' commits. --resume keeps what a view holds past
/// the last common commit where the resumed run puts the same DOCNO at the same docid (the
/// same page, indexed the same way), replaces or deletes what differs in a view with
/// termlists, and refuses (--overwrite) in a view without (TermSettings::sweep_termlists).

#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/index_progress.hpp"

namespace boilerdex::indexer {

/// Builds (or resumes) the index set described by \p options. \p sink may be null.
/// Every input document ends as indexed, indexed-empty, or skipped with a reason.
/// \throws UsageError for invalid options (no input, no out_dir, duplicate views);
/// IndexError when the output exists and may not be used (message says why and names
/// --resume/--overwrite), on any Xapian error, or at the first skip when options.strict;
/// InputError when an input file cannot be opened.
/// Not thread-safe with another build over the same out_dir.
[[nodiscard]] IndexSummary build_index_set(const IndexOptions& options, ProgressSink* sink);

}  // namespace boilerdex::indexer

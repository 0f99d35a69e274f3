#pragma once
/// \file
/// The library entry point of boilerdex-index: read a collection once and write one Xapian
/// database per view (DESIGN.md, "Parallel indexes").
///
/// Each page is decoded, segmented and classified once, each parse block tokenized once,
/// and the block's postings are added to every view whose rule it passes. All views are
/// committed together every IndexOptions::commit_interval documents (or sooner when
/// max_pending_postings are buffered), then DIR/state.json records the documents done;
/// DIR/manifest.json is written last, so its presence with "complete": true means the
/// index set is whole.
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
/// Memory bound: a batch of pages (at most 32 per thread and 32 MB of raw pages, plus one
/// page of at most max_page_bytes) decoded, parsed and tokenized (a few times the page size
/// each), plus Xapian's buffered changes, ≈ 45 bytes per posting with positions and less
/// without. Postings are counted over all views; a batch holds no more pages than would add
/// about max_pending_postings (at the postings per page seen so far), and all views are
/// committed once max_pending_postings are buffered, so the buffers stay under ≈ 2 ×
/// max_pending_postings postings whatever the number of views. Xapian's own auto-flush
/// (XAPIAN_FLUSH_THRESHOLD, 10,000 documents per view) may commit a view earlier, and an
/// interruption may fall between the views' commits. --resume keeps what a view holds past
/// the last common commit where the resumed run puts the same DOCNO at the same docid (the
/// same page, indexed the same way), replaces or deletes what differs in a view with
/// termlists, and refuses (--overwrite) in a view without (TermSettings::sweep_termlists).

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "boilerdex/config/config.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/view_spec.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::indexer {

/// How input files are read.
enum class InputFormat {
  Trec,   ///< TREC/BLOGS06 <DOC> files, plain or gzip
  Warc,   ///< WARC 1.0/1.1, plain or .warc.gz (one gzip member per record)
  Files,  ///< a directory tree of .html/.htm/.html.gz files; docno = relative path
};

/// "trec" | "warc" | "files". \throws UsageError naming the value otherwise.
[[nodiscard]] InputFormat parse_input_format(std::string_view name);
/// The name parse_input_format reads. Never throws.
[[nodiscard]] std::string_view input_format_name(InputFormat format) noexcept;

/// What to do when the output directory already holds (part of) an index set.
enum class ExistingOutput {
  Refuse,     ///< error if DIR holds anything (complete or interrupted)
  Resume,     ///< continue an interrupted run from its last common commit
  Overwrite,  ///< delete DIR's index set and start clean
};

/// Everything build_index_set needs.
struct IndexOptions {
  /// Collection files, or directories read recursively in sorted order.
  std::vector<std::filesystem::path> inputs;
  InputFormat format = InputFormat::Trec;
  std::filesystem::path out_dir;
  std::vector<ViewSpec> views;  ///< empty: default_view_specs(); duplicates are an error
  TermSettings terms;
  plugin::SegmentLimits limits;  ///< limits.max_input_bytes is ignored (see max_page_bytes)
  std::uint64_t max_page_bytes = 20ull << 20;     ///< larger pages are skipped, counted
  std::uint64_t commit_interval = 2000;           ///< documents between commits (≥ 1)
  std::uint64_t max_pending_postings = 1000000;   ///< commit early past this many (≥ 1)
  /// fsync at every commit. false (default): views are opened with Xapian::DB_NO_SYNC, so
  /// a commit survives the process being killed (the data is in the kernel's page cache)
  /// but not a power failure or OS crash, after which --resume may find a view behind
  /// state.json and refuse (then --overwrite); the finished set is fsynced once, before
  /// its manifest is written.
  bool sync_commits = false;
  unsigned threads = 0;  ///< parse/classify threads; 0: std::thread::hardware_concurrency()
  /// Build only shard shard_index of shard_count: the input files at positions
  /// shard_index, shard_index + shard_count, ... of the file list (shards.hpp).
  /// shard_count 1: everything. A shard with no input file is a UsageError.
  std::uint32_t shard_index = 0;
  std::uint32_t shard_count = 1;
  /// Pages read, analysed and written as one batch (commits happen between batches);
  /// 0: 32 per thread.
  std::size_t batch_documents = 0;
  ExistingOutput existing = ExistingOutput::Refuse;
  bool strict = false;        ///< the first skipped document ends the run (IndexError)
  /// A min-words:auto view fixes its K before indexing starts: the first
  /// auto_sample_documents documents of the whole input list (not of this shard, so every
  /// shard finds the same K) are decoded and segmented, the stochastic text model's mixture
  /// is fitted on their words per block (plugin::fit_mixture), and K =
  /// plugin::long_text_threshold: the smallest word count at which a block is more likely
  /// long text than short. Those documents are parsed twice (a sample, not a second pass
  /// over the collection). K and the fit go to the manifest (ManifestView::fit) and to
  /// state.json, so --resume keeps K. ≥ 1.
  std::uint64_t auto_sample_documents = 2000;
  /// Bytes of each view's kept text stored in value_text (document_layout.hpp); 0: none.
  std::uint64_t snippet_bytes = 2048;
  std::string config_toml;    ///< recorded in the manifest as the effective configuration
};

/// Options from a loaded configuration (its [collection], [extraction], [views] and
/// [indexing] tables; stopwords_file read and merged). Command-line flags may then
/// override fields. \p names: how the view specs' extractor names are read
/// (parse_view_specs); AsWritten to compare the options with an existing set
/// (Manifest::find_view) without building their extractors. \throws UsageError for a bad
/// view spec or format (InputError for a learned: model file that cannot be read, with
/// Checked); ConfigError when stopwords_file cannot be read.
[[nodiscard]] IndexOptions index_options_from_config(const config::Config& config,
                                                     ExtractorNames names = ExtractorNames::Checked);

/// Why a document was not indexed.
enum class SkipReason {
  TooLarge,       ///< page over max_page_bytes
  NotHtml,        ///< payload is not HTML (binary bytes, non-HTML Content-Type)
  BrokenRecord,   ///< malformed <DOC>/WARC record/HTTP message, missing DOCNO
  TruncatedInput, ///< the file ends (or its gzip stream breaks) inside a record
  BadDocno,       ///< empty, duplicate or over-long DOCNO
  NotResponse,    ///< a WARC record that is not an HTTP response (counted, never fatal)
  Failed,         ///< decoding or segmenting threw (message says what)
  TimeLimit,      ///< the page ran past SegmentLimits::max_page_millis (Gumbo's worst cases)
};

/// "too-large", "not-html", ... Never throws.
[[nodiscard]] std::string_view skip_reason_name(SkipReason reason) noexcept;

/// One skipped document or record, for reports.
struct SkipReport {
  SkipReason reason;
  std::string file;       ///< input file
  std::uint64_t offset;   ///< byte offset in the (uncompressed) file of the record
  std::string docno;      ///< when known
  std::string message;    ///< human-readable detail
};

/// Running totals, as a progress display wants them.
struct IndexProgress {
  std::uint64_t documents = 0;    ///< indexed (including empty) and skipped so far
  std::uint64_t bytes_read = 0;   ///< compressed bytes consumed from input files
  std::uint64_t bytes_total = 0;  ///< size of all input files (for the ETA)
  double elapsed_seconds = 0;
  std::string current_file;
};

/// Per view, after the run.
struct ViewSummary {
  ViewSpec view;
  std::uint64_t documents = 0;
  std::uint64_t empty_documents = 0;
  std::uint64_t terms = 0;  ///< total term occurrences (sum of document lengths)
};

/// Per input file, after the run: what the manifest records of it (manifest.hpp:
/// ManifestInput). One type, so the progress sink, the resume state and the manifest need
/// no copying between them.
using InputSummary = ManifestInput;

/// The outcome of build_index_set.
struct IndexSummary {
  std::filesystem::path out_dir;
  std::vector<ViewSummary> views;
  /// Input files of this build (of this shard). Their records, one per file, are in the
  /// manifest's "inputs" (read_manifest), not here: a summary stays the same size for a
  /// million files.
  std::uint64_t input_files = 0;
  /// Every input summed: counts, skipped_by_reason and limits (path and sha256 empty).
  InputSummary totals;
  std::uint64_t documents = 0, empty = 0, skipped = 0;
  std::uint64_t limited = 0;  ///< documents indexed truncated by a segmenter limit (InputSummary)
  std::uint64_t resumed_documents = 0;  ///< documents already present when resuming
  std::uint64_t bytes_read = 0;
  std::uint64_t commits = 0;
  double elapsed_seconds = 0;
};

/// Receives progress and per-document problems. Called from the thread that runs
/// build_index_set only.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  /// Called at least every few hundred documents and at each commit.
  virtual void progress(const IndexProgress& progress) = 0;
  /// Called once per skipped document or record, as it happens.
  virtual void skipped(const SkipReport& report) = 0;
  /// Called once per input file, in input order, when its last document has been counted
  /// (written to the views, committed at the next commit); a resumed run reports the
  /// inputs it finishes, not those committed before the interruption. The default does
  /// nothing.
  virtual void input_finished(const InputSummary& input) { (void)input; }
  /// Called once, after the manifest is written.
  virtual void finished(const IndexSummary& summary) = 0;
};

/// A sink that prints a one-line progress display (documents, MB, docs/s, ETA) refreshed
/// in place on \p out when \p interactive, a line per skip always, and the summary table
/// at the end: per view documents, empty, terms; per input indexed, empty, skipped by
/// reason and limits, for the inputs with skips or limits (the first 20 of them; the
/// manifest has every input) and for all inputs together. \p out must outlive the sink.
[[nodiscard]] std::unique_ptr<ProgressSink> make_terminal_progress(std::ostream& out, bool interactive);

/// Builds (or resumes) the index set described by \p options. \p sink may be null.
/// Every input document ends as indexed, indexed-empty, or skipped with a reason.
/// \throws UsageError for invalid options (no input, no out_dir, duplicate views);
/// IndexError when the output exists and may not be used (message says why and names
/// --resume/--overwrite), on any Xapian error, or at the first skip when options.strict;
/// InputError when an input file cannot be opened.
/// Not thread-safe with another build over the same out_dir.
[[nodiscard]] IndexSummary build_index_set(const IndexOptions& options, ProgressSink* sink);

}  // namespace boilerdex::indexer

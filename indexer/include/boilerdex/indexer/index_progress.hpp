#pragma once
/// \file
/// What a build of an index set reports (index_builder.hpp's build_index_set): why a
/// document was skipped, running totals for a progress display, the per-view and per-input
/// summaries, the sink that receives them, and a sink for a terminal.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::indexer {

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

}  // namespace boilerdex::indexer

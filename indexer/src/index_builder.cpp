#include "boilerdex/indexer/index_builder.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <future>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <unordered_set>

#include "auto_threshold_internal.hpp"
#include "batch_analyser_internal.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "input_scheduler_internal.hpp"
#include "json_file.hpp"
#include "parallel_for_internal.hpp"
#include "run_state_internal.hpp"
#include "view_writer_internal.hpp"

#ifndef BOILERDEX_VERSION
#define BOILERDEX_VERSION "unknown"
#endif

// The build's pieces, one job each: OutputDirectory (DIR, state.json, --resume),
// InputScheduler (the input list and reading it into the batch), BatchAnalyser (a batch's
// pages parsed, classified and tokenized), ViewWriter (the views' databases), and
// fit_auto_threshold (min-words:auto). Builder runs them batch by batch, counts every
// item, commits and writes the manifest. Two batches are in flight: while the views are
// written from one (on a thread of its own), the next is read and analysed.

namespace boilerdex::indexer {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {
using namespace detail;

/// Adds one counted item of \p s to \p in: a skip with its reason, or an indexed document
/// with the segmenter limits it hit.
void count_item(InputSummary& in, const SkipReport* skip, const plugin::SegmentStats& limits, bool empty) {
  if (skip) {
    ++in.skipped;
    ++in.skipped_by_reason[std::string(skip_reason_name(skip->reason))];
    return;
  }
  ++in.documents;
  in.depth_limited += limits.depth_limited;
  in.blocks_limited += limits.blocks_limited;
  in.block_truncated += limits.truncated_blocks > 0;
  // truncated_input: the parse's tag budget cut the page (the indexer sets no max_input_bytes).
  in.limited += limits.depth_limited || limits.blocks_limited || limits.truncated_blocks > 0 || limits.truncated_input;
  in.empty += empty;
}

/// The options checked, and the settings they build with: the views they name, with
/// their model files, and the input list.
struct CheckedOptions {
  BuildSettings settings;
  unsigned threads = 1;
  plugin::SegmentLimits limits;
};

CheckedOptions check_options(const IndexOptions& options) {
  if (options.inputs.empty()) throw UsageError("no input given (--input or collection.inputs)");
  if (options.out_dir.empty()) throw UsageError("no output directory given (--out or indexing.output)");
  if (options.commit_interval == 0) throw UsageError("commit interval must be at least 1");
  if (options.max_pending_postings == 0) throw UsageError("max pending postings must be at least 1");
  if (options.max_view_pending_postings == 0) throw UsageError("max view pending postings must be at least 1");
  CheckedOptions c;
  c.settings.views = options.views.empty() ? default_view_specs() : options.views;
  const std::vector<ViewSpec>& views = c.settings.views;
  for (std::size_t i = 0; i < views.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (views[i].directory_name() == views[j].directory_name())
        throw UsageError(views[i].spec() == views[j].spec()
                             ? "view '" + views[i].spec() + "' is given twice"
                             : "views '" + views[j].spec() + "' and '" + views[i].spec() +
                                   "' would share the folder views/" + views[i].directory_name() +
                                   " (characters other than letters, digits, '.', '-' and '_' become '-'); "
                                   "rename one of them (e.g. its model file)");
  c.threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  c.limits = options.limits;
  // Pages are bounded by max_page_bytes before decoding; the segmenter must not cut
  // them again (decoding may grow them).
  c.limits.max_input_bytes = static_cast<std::size_t>(-1);
  {
    TermMaker probe(options.terms);  // validates language and strategy up front
  }
  if (options.shard_count == 0 || options.shard_index >= options.shard_count)
    throw UsageError("shard " + std::to_string(options.shard_index) + "/" + std::to_string(options.shard_count) +
                     " does not exist (expected I/S with 0 <= I < S)");
  if (options.auto_sample_documents == 0) throw UsageError("the min-words:auto sample must be at least 1 document");
  const InputListStats list = walk_input_list(options);
  if (options.shard_count > 1 && list.own.files == 0)
    throw UsageError("shard " + std::to_string(options.shard_index) + "/" + std::to_string(options.shard_count) +
                     " gets no input file (there are " + std::to_string(list.all_files) + "); use fewer shards");
  c.settings.inputs = list.own;
  for (const ViewSpec& v : views) {  // read now: the same bytes the extractors loaded
    const std::string model = model_file_of(v);
    c.settings.models.push_back(model.empty() ? ManifestFile{} : checksum_file(model));
  }
  c.settings.format = std::string(input_format_name(options.format));
  c.settings.terms = options.terms;
  return c;
}

/// The whole run.
class Builder final : private BatchTarget {
 public:
  Builder(const IndexOptions& options, ProgressSink* sink)
      : m_options(options),
        m_sink(sink),
        m_start(std::chrono::steady_clock::now()),
        m_checked(check_options(options)),
        m_views(m_checked.settings.views),
        m_threads(m_checked.threads),
        m_output(options, m_checked.settings),
        m_inputs(options, sink) {
    for (const ViewSpec& v : m_views) m_view_positions.push_back(view_has_positions(m_options.terms, v));
    m_auto = std::any_of(m_views.begin(), m_views.end(), [](const ViewSpec& v) { return v.auto_threshold; });
    m_state.view_empty.assign(m_views.size(), 0);
  }

  IndexSummary run() {
    if (m_output.prepare(m_state, m_views.size())) m_resumed = m_state.documents;
    if (m_auto) {
      if (!m_state.auto_fit) {  // a resumed run keeps the K it started with
        m_state.auto_fit = fit_auto_threshold(m_options, m_checked.limits, m_threads);
        m_output.write_state(m_state);
      }
      for (ViewSpec& v : m_views)
        if (v.auto_threshold) v.threshold = m_state.auto_fit->threshold;
    }
    const bool direct = m_views.size() == 1;  // one view: pages are indexed straight into its document
    m_analyser.emplace(m_options, m_views, m_view_positions, m_checked.limits, m_threads, direct);
    m_writer.emplace(m_options, m_views, m_view_positions, m_threads, direct);
    m_writer->open(m_state.documents);
    m_inputs.open_log(m_output.inputs_log_path(), m_state);
    const std::size_t slots = m_options.batch_documents ? m_options.batch_documents : m_threads * batch_per_thread;
    for (std::vector<Slot>& b : m_batches) b.resize(slots);
    m_inputs.read_all(m_state, m_output.state_path(), *this);
    flush();
    finish_write();
    m_writer->drop_held_past_end(m_state.documents);
    commit();
    return finish();
  }

 private:
  // ---- the batch ----------------------------------------------------------------------

  std::size_t capacity() const override { return m_batches[m_filling].size(); }
  Slot& next_slot() override { return m_batches[m_filling][m_batch_used]; }

  void added(std::uint64_t bytes) override {
    m_batch_bytes += bytes;
    ++m_batch_used;
    // A commit the batch being written already makes due starts the count again.
    const std::uint64_t uncommitted = m_commit_due ? 0 : m_docs_since_commit;
    if (m_batch_used >= batch_pages() || m_batch_bytes >= batch_max_bytes ||
        uncommitted + m_batch_used >= m_options.commit_interval)  // commit on time
      flush();
  }

  /// Pages in the next batch: the slots, but no more than would add about
  /// max_pending_postings postings to Xapian's buffers (at the postings per page, over all
  /// views, seen so far; a few pages until the first batch is written), so the buffers
  /// stay under ≈ 2 × max_pending_postings whatever the number of views, nor more than
  /// would add about max_view_pending_postings to the view given the most postings per page.
  std::size_t batch_pages() const {
    const std::size_t slots = capacity();
    if (m_written_pages == 0) return std::min<std::size_t>(slots, m_threads * 4);
    const double pages = static_cast<double>(m_written_pages);
    const double per_page = static_cast<double>(m_written_postings) / pages;
    const double per_page_in_view = static_cast<double>(m_most_view_postings) / pages;
    const double fit = std::min(static_cast<double>(m_options.max_pending_postings) / std::max(1.0, per_page),
                                static_cast<double>(m_options.max_view_pending_postings) /
                                    std::max(1.0, per_page_in_view));
    return std::clamp<std::size_t>(static_cast<std::size_t>(fit), m_threads, slots);
  }

  /// Analyses the batch being filled in parallel (while the views are written from the
  /// other one), waits for that write (committing if it made a commit due), counts the
  /// batch's items in input order (giving docids and finding duplicate DOCNOs), and starts
  /// writing it to the views. With IndexOptions::overlap_batches false, waits for that
  /// write too: one batch at a time.
  void flush() override {
    if (m_batch_used == 0) return;
    std::vector<Slot>& batch = m_batches[m_filling];
    const std::size_t n = m_batch_used;
    parallel_for(m_threads, n, [&](unsigned w, std::size_t i) {
      Slot& s = batch[i];
      m_analyser->analyse(w, s, m_inputs.open_input(s.file).summary.path);
    });
    finish_write();  // the views and their first view's DOCNOs are this thread's again
    count_batch(batch, n);
    m_inputs.retire_finished_inputs();
    m_docs_seen += n;
    m_docs_since_commit += n;
    m_commit_due = m_docs_since_commit >= m_options.commit_interval;
    m_writing = m_filling;
    m_writing_size = n;
    m_write = std::async(std::launch::async, [this, &batch, n] {
      return m_writer->write_batch(batch, n, m_state.view_empty);
    });
    m_filling = 1 - m_filling;
    m_batch_used = 0;
    m_batch_bytes = 0;
    if (!m_options.overlap_batches) finish_write();
  }

  /// In input order: the outcomes, docids and duplicate DOCNOs of \p batch's first \p n
  /// items. No write may be running (it reads view 0).
  void count_batch(std::vector<Slot>& batch, std::size_t n) {
    std::unordered_set<std::string_view> batch_docnos;
    const Xapian::docid written = m_state.documents;  // the docids of earlier batches
    for (std::size_t i = 0; i < n; ++i) {
      Slot& s = batch[i];
      if (!s.skipped) {
        const bool dup = !batch_docnos.insert(s.raw.docno).second || m_writer->indexed_before(s.raw.docno, written);
        if (dup) {
          s.skipped = true;
          s.skip = SkipReport{SkipReason::BadDocno, m_inputs.open_input(s.file).summary.path, s.raw.offset,
                              s.raw.docno, "duplicate DOCNO (already indexed)"};
        }
      }
      OpenInput& in = m_inputs.open_input(s.file);
      --in.unflushed;
      in.next_ordinal = s.ordinal + 1;
      if (s.skipped) {
        s.docid = 0;
        count_item(in.summary, &s.skip, s.limits, false);
        count_item(m_state.totals, &s.skip, s.limits, false);
        if (m_sink) m_sink->skipped(s.skip);
        if (m_options.strict && s.skip.reason != SkipReason::NotResponse)
          throw IndexError("--strict: " + s.skip.file + "@" + std::to_string(s.skip.offset) +
                           (s.skip.docno.empty() ? "" : " (" + s.skip.docno + ")") + ": " +
                           std::string(skip_reason_name(s.skip.reason)) + ": " + s.skip.message);
        continue;
      }
      s.docid = ++m_state.documents;
      count_item(in.summary, nullptr, s.limits, s.num_blocks == 0);
      count_item(m_state.totals, nullptr, s.limits, s.num_blocks == 0);
    }
  }

  /// Waits for the batch being written (if any), rethrowing what the write threw, frees its
  /// pages, and commits when its documents or postings make a commit due.
  void finish_write() {
    if (!m_write.valid()) return;
    const std::uint64_t postings = m_write.get();
    m_pending_postings += postings;
    m_written_postings += postings;
    m_written_pages += m_writing_size;
    m_most_view_postings = m_writer->most_written();  // the writer threads are done
    std::vector<Slot>& written = m_batches[m_writing];
    for (std::size_t i = 0; i < m_writing_size; ++i) recycle_slot(written[i]);
    m_writing_size = 0;
    if (m_commit_due || m_pending_postings >= m_options.max_pending_postings ||
        m_writer->most_pending() >= m_options.max_view_pending_postings)
      commit();
    report_progress();
  }

  void commit() {
    m_writer->commit();
    ++m_state.commits;
    // inputs.jsonl first: state.json must never count lines the file lacks.
    InputLog& log = m_inputs.log();
    log.flush(m_options.sync_commits);
    m_state.inputs_done = log.lines();
    m_state.inputs_bytes = log.bytes();
    // A commit follows a written batch, whose inputs that are read to their end are
    // retired: the first open input is the next one, and any after it were opened for the
    // batch being filled, none of whose items is counted yet (--resume reads them again).
    m_state.reading.reset();
    const std::deque<OpenInput>& open = m_inputs.open_inputs();
    for (std::size_t i = 0; i < open.size(); ++i)
      if (open[i].index != m_state.inputs_done + i || (i > 0 && open[i].next_ordinal != 0))
        throw std::logic_error("boilerdex-index: the open inputs at a commit are not the next ones, uncounted");
    if (!open.empty()) {
      m_state.reading = open.front().summary;
      m_state.reading_ordinal = open.front().next_ordinal;
    }
    m_output.write_state(m_state);
    m_docs_since_commit = 0;
    m_pending_postings = 0;
    m_commit_due = false;
  }

  void report_progress() {
    if (!m_sink) return;
    IndexProgress p;
    p.documents = m_docs_seen;
    p.bytes_read = m_inputs.bytes_read();
    p.bytes_total = m_checked.settings.inputs.bytes;
    p.elapsed_seconds = elapsed();
    p.current_file = m_inputs.current_file();
    m_sink->progress(p);
  }

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
  }

  // ---- the end ---------------------------------------------------------------------------

  IndexSummary finish() {
    IndexSummary summary;
    summary.out_dir = m_options.out_dir;
    Manifest manifest;
    manifest.program_version = BOILERDEX_VERSION;
    manifest.created = now_iso8601();
    manifest.format = std::string(input_format_name(m_options.format));
    manifest.terms = m_options.terms;
    manifest.config_toml = m_options.config_toml;
    if (m_options.shard_count > 1) {
      manifest.shard_index = m_options.shard_index;
      manifest.shard_count = m_options.shard_count;
    }
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      ViewSummary vs;
      vs.view = m_views[v];
      std::tie(vs.documents, vs.terms) = m_writer->counts(v);
      vs.empty_documents = m_state.view_empty[v];
      if (vs.documents != m_state.documents)
        throw IndexError(m_writer->path(v).string() + ": holds " + std::to_string(vs.documents) +
                         " documents, expected " + std::to_string(m_state.documents));
      manifest.views.push_back(ManifestView{vs.view, "views/" + vs.view.directory_name(), vs.documents,
                                            vs.empty_documents, vs.terms, m_view_positions[v] != 0,
                                            vs.view.auto_threshold ? *m_state.auto_fit : AutoThresholdFit{},
                                            m_checked.settings.models[v],
                                            {std::begin(metadata_fields), std::end(metadata_fields)}});
      summary.views.push_back(std::move(vs));
    }
    const std::uint64_t file_count = m_checked.settings.inputs.files;
    InputLog& log = m_inputs.log();
    if (!m_inputs.open_inputs().empty() || log.lines() != file_count)
      throw std::logic_error("boilerdex-index: " + std::to_string(log.lines()) + " of " +
                             std::to_string(file_count) + " inputs finished at the end");
    log.flush(false);
    summary.input_files = file_count;
    summary.totals = m_state.totals;
    summary.totals.bytes = m_checked.settings.inputs.bytes;
    summary.skipped = m_state.totals.skipped;
    summary.limited = m_state.totals.limited;
    m_writer->close();
    if (!m_options.sync_commits) sync_tree(m_options.out_dir / "views");  // before the manifest says "complete"
    summary.documents = m_state.documents;
    summary.empty = m_state.totals.empty;
    summary.resumed_documents = m_resumed;
    summary.bytes_read = m_inputs.bytes_done();
    summary.commits = m_state.commits;
    summary.elapsed_seconds = elapsed();
    manifest.documents = summary.documents;
    manifest.empty = summary.empty;
    manifest.skipped = summary.skipped;
    manifest.complete = true;
    // The inputs are copied from inputs.jsonl, a line at a time, each checked first: a
    // damaged line must stop the run here, naming it, not make a "complete" manifest that
    // cannot be read.
    const fs::path log_path = m_output.inputs_log_path();
    std::ifstream in(log_path, std::ios::binary);
    if (!in) throw IndexError(log_path.string() + ": cannot read (" + std::strerror(errno) + ")");
    std::uint64_t copied = 0;
    write_manifest_streaming(m_options.out_dir, manifest, [&](std::string& entry) {
      if (copied == file_count) return false;
      if (!std::getline(in, entry))
        throw IndexError(log_path.string() + ": ends after " + std::to_string(copied) + " of " +
                         std::to_string(file_count) + " inputs");
      ++copied;
      try {
        (void)input_from_json(json::parse(entry));
      } catch (const json::exception& e) {
        throw IndexError(log_path.string() + ":" + std::to_string(copied) + ": not an input record (" + e.what() +
                         "); use --overwrite");
      }
      return true;
    });
    std::error_code ec;
    fs::remove(m_output.state_path(), ec);  // the manifest now says the set is whole
    fs::remove(log_path, ec);
    if (m_sink) m_sink->finished(summary);
    return summary;
  }

  const IndexOptions& m_options;
  ProgressSink* m_sink;
  std::chrono::steady_clock::time_point m_start;
  CheckedOptions m_checked;
  std::vector<ViewSpec> m_views;  // a min-words:auto view gets its K in run()
  unsigned m_threads = 1;
  bool m_auto = false;  // a min-words:auto view: its K is fitted before indexing
  std::vector<std::uint8_t> m_view_positions;  // per view: view_has_positions
  OutputDirectory m_output;
  RunState m_state;
  std::uint64_t m_resumed = 0;
  InputScheduler m_inputs;
  std::optional<BatchAnalyser> m_analyser;
  std::optional<ViewWriter> m_writer;
  // Two batches: one being filled (read, then analysed) while the other is written.
  std::vector<Slot> m_batches[2];
  std::size_t m_filling = 0, m_writing = 1;
  std::size_t m_batch_used = 0;  // items in the batch being filled
  std::size_t m_writing_size = 0;  // items in the batch being written
  std::uint64_t m_batch_bytes = 0;  // raw page bytes in the batch
  std::uint64_t m_written_pages = 0, m_written_postings = 0;  // for batch_pages()
  std::uint64_t m_most_view_postings = 0;  // ViewWriter::most_written() after the last write
  std::uint64_t m_docs_seen = 0, m_docs_since_commit = 0, m_pending_postings = 0;
  bool m_commit_due = false;  // the batch being written reaches commit_interval
  // The write of the batch m_writing (declared last: an exception leaving the builder waits
  // for it before the views and batches go).
  std::future<std::uint64_t> m_write;
};

}  // namespace

IndexSummary build_index_set(const IndexOptions& options, ProgressSink* sink) {
  Builder builder(options, sink);
  return builder.run();
}

}  // namespace boilerdex::indexer

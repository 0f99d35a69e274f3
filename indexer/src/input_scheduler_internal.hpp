#pragma once
// The inputs of an index-set build (index_builder.hpp): the list walked once to count,
// size and fingerprint it, then again to read this build's (this shard's) files in order,
// one open at a time, into the batch; each input's record goes to DIR/inputs.jsonl once
// its last document is counted. Private to indexer.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <optional>
#include <string>

#include "analysed_page_internal.hpp"
#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/index_progress.hpp"
#include "input_log.hpp"
#include "run_state_internal.hpp"

namespace boilerdex::indexer::detail {

/// An input file being read, or whose documents are still in the batch.
struct OpenInput {
  std::uint64_t index = 0;  // position in this build's (this shard's) file list
  InputFile file;
  InputSummary summary;           // path, bytes, counts so far; sha256 once read to the end
  std::uint64_t next_ordinal = 0; // items 0..next_ordinal-1 are counted
  std::uint64_t unflushed = 0;    // its items in the batch, not counted yet
  bool read_to_end = false;
};

/// The batch the scheduler reads into.
class BatchTarget {
 public:
  virtual ~BatchTarget() = default;
  /// The number of slots.
  [[nodiscard]] virtual std::size_t capacity() const = 0;
  /// The slot the next item goes to.
  virtual Slot& next_slot() = 0;
  /// The item in next_slot() is read (its raw page is \p bytes long); flushes the batch
  /// when it is full.
  virtual void added(std::uint64_t bytes) = 0;
  /// Analyses, counts and writes what the batch holds (OpenInput::unflushed goes to 0).
  virtual void flush() = 0;
};

/// One walk over the input list of \p options before indexing: every path is checked (a
/// missing input stops the run before anything is written), and this build's files are
/// counted, sized (for the ETA) and fingerprinted (for --resume). Keeps nothing per file.
/// \throws InputError as InputFileWalker::next; UsageError for a WARC file by its name
/// when the format is trec.
[[nodiscard]] InputListStats walk_input_list(const IndexOptions& options);

/// Reads this build's input files into a batch. Not thread-safe.
class InputScheduler {
 public:
  /// \p options and \p sink (which may be null) must outlive the scheduler.
  InputScheduler(const IndexOptions& options, ProgressSink* sink);

  /// Opens DIR/inputs.jsonl (\p path) at the length \p state records (InputLog).
  void open_log(const std::filesystem::path& path, const RunState& state);
  [[nodiscard]] InputLog& log() { return *m_log; }

  /// Reads every input of this build not finished in \p state (from the ordinal it records
  /// for the input it was reading) into \p batch, flushing it when full; the batch may
  /// still hold items at the end. \p state_file names state.json in messages.
  /// \throws IndexError when \p state lists other inputs than there are; InputError as
  /// InputFileWalker::next and open_collection_file; what \p batch throws.
  void read_all(const RunState& state, const std::filesystem::path& state_file, BatchTarget& batch);

  /// Appends the oldest open inputs that are read to their end and have nothing left in
  /// the batch to inputs.jsonl, in input order, and drops them from memory.
  void retire_finished_inputs();

  /// The open input at position \p index of this build's list (it is open).
  [[nodiscard]] OpenInput& open_input(std::uint64_t index) { return m_open[index - m_open.front().index]; }
  [[nodiscard]] const OpenInput& open_input(std::uint64_t index) const {
    return m_open[index - m_open.front().index];
  }
  /// Inputs being read or with items in the batch, in order.
  [[nodiscard]] const std::deque<OpenInput>& open_inputs() const noexcept { return m_open; }

  /// Compressed bytes consumed from the input files so far, and the file being read.
  [[nodiscard]] std::uint64_t bytes_read() const;
  [[nodiscard]] std::uint64_t bytes_done() const noexcept { return m_bytes_done; }
  [[nodiscard]] const std::string& current_file() const noexcept { return m_current_file; }

 private:
  void read_file(OpenInput in, BatchTarget& batch);

  const IndexOptions& m_options;
  ProgressSink* m_sink;
  std::deque<OpenInput> m_open;
  std::optional<InputLog> m_log;  // DIR/inputs.jsonl
  std::uint64_t m_bytes_done = 0;
  std::string m_current_file;
  CollectionReader* m_current_reader = nullptr;
};

}  // namespace boilerdex::indexer::detail

#include "input_scheduler_internal.hpp"

#include <algorithm>
#include <cctype>
#include <memory>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "build_settings_internal.hpp"

namespace boilerdex::indexer::detail {
namespace {

/// True for names WARC files have (.warc, .warc.gz, .arc, .arc.gz, any case).
bool is_warc_file_name(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const std::string_view suffix : {".warc", ".warc.gz", ".arc", ".arc.gz"})
    if (name.size() > suffix.size() && name.ends_with(suffix)) return true;
  return false;
}

/// The next file of this build: shard I of S takes the files at positions I, I + S, ...
/// of the whole list (shards.hpp). \throws InputError as InputFileWalker::next.
bool next_own_file(const IndexOptions& options, InputFileWalker& walker, InputFile& file) {
  while (walker.next(file))
    if ((walker.count() - 1) % options.shard_count == options.shard_index) return true;
  return false;
}

}  // namespace

InputListStats walk_input_list(const IndexOptions& options) {
  InputListStats list;
  InputFileWalker walker(options.inputs, options.format);
  InputListHasher own;
  for (InputFile file; next_own_file(options, walker, file);) {
    if (options.format == InputFormat::Trec && is_warc_file_name(file.path.filename().string()))
      throw UsageError(plugin::printable_bytes(file.path.string()) +
                       ": a WARC file by its name, but the input format is trec (the default): give --format warc");
    own.add(file.path.native(), file.bytes);
  }
  list.all_files = walker.count();  // next_own_file walked the whole list
  list.own = own.finish();
  return list;
}

InputScheduler::InputScheduler(const IndexOptions& options, ProgressSink* sink) : m_options(options), m_sink(sink) {}

void InputScheduler::open_log(const std::filesystem::path& path, const RunState& state) {
  m_log.emplace(path, state.inputs_done, state.inputs_bytes);
}

void InputScheduler::read_all(const RunState& state, const std::filesystem::path& state_file, BatchTarget& batch) {
  InputFileWalker walker(m_options.inputs, m_options.format);
  InputFile file;
  for (std::uint64_t i = 0; i < state.inputs_done; ++i) {  // finished before the interruption
    if (!next_own_file(m_options, walker, file))
      throw IndexError(state_file.string() + ": lists more inputs than there are");
    m_bytes_done += file.bytes;
  }
  for (std::uint64_t i = state.inputs_done; next_own_file(m_options, walker, file); ++i) {
    OpenInput in;
    in.index = i;
    in.summary.path = file.path.string();
    in.summary.bytes = file.bytes;
    if (i == state.inputs_done && state.reading) {  // read on where the last commit left it
      if (state.reading->path != in.summary.path)
        throw IndexError(state_file.string() + ": was reading " + state.reading->path + ", not " +
                         in.summary.path + "; use --overwrite");
      in.summary = *state.reading;
      in.next_ordinal = state.reading_ordinal;
    }
    in.file = std::move(file);
    read_file(std::move(in), batch);
  }
}

/// Reads \p in's items into the batch (from in.next_ordinal on), flushing full batches.
void InputScheduler::read_file(OpenInput in, BatchTarget& batch) {
  // Inputs with nothing left in the batch wait behind one that has: bound their number
  // (a run of empty files) by the batch's.
  if (m_open.size() > batch.capacity()) batch.flush();
  m_open.push_back(std::move(in));
  OpenInput& cur = m_open.back();  // a deque keeps references across push_back/pop_front
  m_current_file = cur.summary.path;
  std::unique_ptr<CollectionReader> reader =
      open_collection_file(cur.file.path, m_options.format, m_options.max_page_bytes, cur.file.docno);
  m_current_reader = reader.get();
  const std::uint64_t first = cur.next_ordinal;
  std::uint64_t ordinal = 0;
  while (true) {
    Slot& slot = batch.next_slot();
    ReadItem item;
    if (!reader->next(item)) break;
    if (ordinal++ < first) continue;  // done before the interruption
    slot.file = cur.index;
    slot.ordinal = ordinal - 1;
    slot.skipped = item.kind == ReadItem::Kind::Skip;
    if (slot.skipped) slot.skip = std::move(item.skip);
    else slot.raw = std::move(item.document);
    ++cur.unflushed;
    batch.added(slot.raw.body.size());
  }
  // The batch may still hold items of this file; its checksum is known now.
  cur.summary.sha256 = reader->finish_sha256();
  cur.read_to_end = true;
  m_bytes_done += cur.summary.bytes;
  m_current_reader = nullptr;
  reader.reset();  // one collection file open at a time
  retire_finished_inputs();
}

void InputScheduler::retire_finished_inputs() {
  while (!m_open.empty() && m_open.front().read_to_end && m_open.front().unflushed == 0) {
    const OpenInput& in = m_open.front();
    m_log->append(in.summary);
    if (m_sink) m_sink->input_finished(in.summary);
    m_open.pop_front();
  }
}

std::uint64_t InputScheduler::bytes_read() const {
  return m_bytes_done + (m_current_reader ? m_current_reader->bytes_read() : 0);
}

}  // namespace boilerdex::indexer::detail

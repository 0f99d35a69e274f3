#include "boilerdex/indexer/index_builder.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <ctime>
#include <deque>
#include <exception>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_set>
#include <xapian.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "boilerdex/indexer/view_selector.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/text_model.hpp"
#include "input_log.hpp"
#include "input_stream.hpp"
#include "json_file.hpp"
#include "sha256.hpp"

#ifndef BOILERDEX_VERSION
#define BOILERDEX_VERSION "unknown"
#endif

namespace boilerdex::indexer {
namespace fs = std::filesystem;
using nlohmann::json;

std::string_view input_format_name(InputFormat format) noexcept {
  switch (format) {
    case InputFormat::Trec: return "trec";
    case InputFormat::Warc: return "warc";
    case InputFormat::Files: return "files";
  }
  return "trec";
}

InputFormat parse_input_format(std::string_view name) {
  if (name == "trec") return InputFormat::Trec;
  if (name == "warc") return InputFormat::Warc;
  if (name == "files") return InputFormat::Files;
  throw UsageError("unknown input format '" + std::string(name) + "' (expected trec, warc or files)");
}

std::string_view skip_reason_name(SkipReason reason) noexcept {
  switch (reason) {
    case SkipReason::TooLarge: return "too-large";
    case SkipReason::NotHtml: return "not-html";
    case SkipReason::BrokenRecord: return "broken-record";
    case SkipReason::TruncatedInput: return "truncated-input";
    case SkipReason::BadDocno: return "bad-docno";
    case SkipReason::NotResponse: return "not-response";
    case SkipReason::Failed: return "failed";
    case SkipReason::TimeLimit: return "time-limit";
  }
  return "failed";
}

IndexOptions index_options_from_config(const config::Config& c, ExtractorNames names) {
  config::validate(c);
  IndexOptions o;
  o.inputs = c.collection.inputs;
  o.format = parse_input_format(c.collection.format);
  o.out_dir = c.indexing.output;
  for (const std::string& spec : c.views.specs)
    for (ViewSpec& v : parse_view_specs(spec, names)) o.views.push_back(std::move(v));
  o.terms.language = c.indexing.language;
  o.terms.stem_strategy = c.indexing.stem_strategy;
  o.terms.stopwords = c.indexing.stopwords;
  if (!c.indexing.stopwords_file.empty()) {
    std::ifstream in(c.indexing.stopwords_file);
    if (!in)
      throw ConfigError(c.source.string(), 0, 0, "indexing.stopwords_file",
                        "cannot read '" + c.indexing.stopwords_file.string() + "'");
    std::string line;
    while (std::getline(in, line)) {
      const std::size_t hash = line.find('#');
      if (hash != std::string::npos) line.erase(hash);
      const std::size_t b = line.find_first_not_of(" \t\r");
      const std::size_t e = line.find_last_not_of(" \t\r");
      if (b != std::string::npos) o.terms.stopwords.push_back(line.substr(b, e - b + 1));
    }
  }
  o.terms.positions = c.indexing.positions;
  o.terms.sweep_positions = c.indexing.sweep_positions;
  o.terms.sweep_termlists = c.indexing.sweep_termlists;
  o.sync_commits = c.indexing.sync_commits;
  o.auto_sample_documents = c.indexing.auto_sample_documents;
  o.terms.index_title = c.indexing.index_title;
  o.limits.max_depth = c.extraction.max_depth;
  o.limits.max_blocks = c.extraction.max_blocks;
  o.limits.max_block_bytes = c.extraction.max_block_bytes;
  o.limits.max_page_millis = c.extraction.max_page_millis;
  o.max_page_bytes = c.collection.max_page_bytes;
  o.commit_interval = c.indexing.commit_interval;
  o.max_pending_postings = c.indexing.max_pending_postings;
  o.threads = c.indexing.threads;
  o.strict = c.indexing.strict;
  o.snippet_bytes = c.indexing.snippet_bytes;
  o.config_toml = config::to_toml(c);
  return o;
}

namespace {

// A batch is analysed, then written one view at a time; larger batches keep each view's
// Xapian buffers in cache longer (measured on blogs-dev: 64 pages 8% less CPU than 16,
// 300 pages no better). Raw page bytes bound a batch's memory.
constexpr std::size_t batch_per_thread = 32;
constexpr std::uint64_t batch_max_bytes = 32u << 20;
constexpr std::size_t keep_capacity = 1u << 20;  // larger buffers are released after use

/// Collapses whitespace runs to one space and trims, for the title value.
std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (const char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

/// The length of the longest prefix of \p s no longer than \p max that ends on a UTF-8
/// character boundary.
std::size_t utf8_floor(std::string_view s, std::size_t max) noexcept {
  if (s.size() <= max) return s.size();
  while (max > 0 && (static_cast<unsigned char>(s[max]) & 0xC0) == 0x80) --max;
  return max;
}

template <typename T>
void release_if_large(T& buffer) {
  buffer.clear();
  if (buffer.capacity() > keep_capacity) T().swap(buffer);
}

/// One read item on its way through a batch.
struct Slot {
  std::size_t file = 0;        // index into the input files
  std::uint64_t ordinal = 0;   // item number within the file
  bool skipped = false;
  SkipReport skip;
  plugin::SegmentStats limits;  // what the segmenter truncated
  RawDocument raw;
  std::string title;
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
  // A run with one view (m_direct) indexes the page straight into its document here.
  Xapian::Document doc;
  std::uint64_t doc_length = 0;
  bool doc_empty = false;
};

/// Runs fn(worker, i) for i in [0, n) on up to \p threads threads (dynamic assignment).
/// The first exception is rethrown after all workers stop.
template <typename F>
void parallel_for(unsigned threads, std::size_t n, F&& fn) {
  if (n == 0) return;
  const unsigned t = static_cast<unsigned>(std::min<std::size_t>(threads, n));
  if (t <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(0u, i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto run = [&](unsigned w) {
    try {
      for (std::size_t i = next++; i < n; i = next++) fn(w, i);
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      next = n;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned w = 1; w < t; ++w) pool.emplace_back(run, w);
  run(0);
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

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

/// An input file being read, or whose documents are still in the batch.
struct OpenInput {
  std::uint64_t index = 0;  // position in this build's (this shard's) file list
  InputFile file;
  InputSummary summary;           // path, bytes, counts so far; sha256 once read to the end
  std::uint64_t next_ordinal = 0; // items 0..next_ordinal-1 are counted
  std::uint64_t unflushed = 0;    // its items in the batch, not counted yet
  bool read_to_end = false;
};


/// The resumable part of a run: written to state.json after every common commit. Its size
/// does not depend on the number of inputs: finished ones are in DIR/inputs.jsonl, of
/// which it records the valid length.
struct RunState {
  Xapian::docid documents = 0;  // docids 1..documents are committed in every view
  std::uint64_t commits = 0;
  std::uint64_t inputs_done = 0, inputs_bytes = 0;  // lines and bytes of inputs.jsonl
  /// The input being read at the commit (its documents so far are committed), if any: it
  /// is input inputs_done, to be read on from reading_ordinal.
  std::optional<InputSummary> reading;
  std::uint64_t reading_ordinal = 0;
  std::vector<std::uint64_t> view_empty;
  InputSummary totals;  // every input counted so far, summed
  std::optional<AutoThresholdFit> auto_fit;  // fixed before the first document
};

/// state.json's layout version: 2 streams finished inputs to inputs.jsonl.
constexpr int state_version = 2;

/// The input list as state.json fingerprints it: this build's files, their total size and
/// a SHA-256 over their paths and sizes, so --resume notices a changed list without
/// keeping it.
struct InputListStats {
  std::uint64_t all_files = 0;  // in the whole list (all shards)
  std::uint64_t files = 0, bytes = 0;
  std::string sha256;
};

/// \p path's size and SHA-256 (of its raw bytes, as the inputs' checksums).
/// \throws InputError or IndexError naming the file when it cannot be read.
ManifestFile checksum_file(const std::string& path) {
  detail::InputStream in(path);
  std::string sha256 = in.finish_sha256();
  if (sha256.empty()) throw IndexError(path + ": cannot read the model file to its end: " + in.error());
  return ManifestFile{path, static_cast<std::uint64_t>(fs::file_size(path)), std::move(sha256)};
}

/// True for names WARC files have (.warc, .warc.gz, .arc, .arc.gz, any case).
bool is_warc_file_name(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const std::string_view suffix : {".warc", ".warc.gz", ".arc", ".arc.gz"})
    if (name.size() > suffix.size() && name.ends_with(suffix)) return true;
  return false;
}

/// The settings --resume requires unchanged. "models" (view spec → model SHA-256) only
/// when a view reads a model file, so states written before it existed still match.
json settings_json(const IndexOptions& o, const std::vector<ViewSpec>& views, const std::vector<ManifestFile>& models,
                   const InputListStats& list) {
  // Strings as state.json will hold them (U+FFFD for bad bytes, dump_json's form), so that
  // --resume compares like with like whatever bytes a stopword or a model path has.
  json v = json::array();
  for (const ViewSpec& s : views) v.push_back(plugin::utf8_or_replacement(s.spec()));
  json stopwords = json::array();
  for (const std::string& w : o.terms.stopwords) stopwords.push_back(plugin::utf8_or_replacement(w));
  json m = json::object();
  for (std::size_t i = 0; i < views.size(); ++i)
    if (!models[i].path.empty()) m[views[i].spec()] = models[i].sha256;
  json settings = {{"format", input_format_name(o.format)},
          {"views", v},
          {"inputs", {{"files", list.files}, {"bytes", list.bytes}, {"sha256", list.sha256}}},
          {"terms",
           {{"language", o.terms.language},
            {"stem_strategy", o.terms.stem_strategy},
            {"stopwords", std::move(stopwords)},
            {"positions", o.terms.positions},
            {"sweep_positions", o.terms.sweep_positions},
            {"sweep_termlists", o.terms.sweep_termlists},
            {"index_title", o.terms.index_title}}}};
  if (!m.empty()) settings["models"] = std::move(m);
  return settings;
}

json state_json(const json& settings, const RunState& s) {
  json reading;  // null when no input was open at the commit
  if (s.reading)
    reading = {{"next_ordinal", s.reading_ordinal}, {"input", detail::input_to_json(*s.reading)}};
  return {{"version", state_version},
          {"settings", settings},
          {"auto_fit", s.auto_fit ? detail::fit_to_json(*s.auto_fit) : json()},
          {"committed",
           {{"documents", s.documents},
            {"commits", s.commits},
            {"inputs_done", {{"lines", s.inputs_done}, {"bytes", s.inputs_bytes}}},
            {"reading", reading},
            {"totals", detail::input_to_json(s.totals)},
            {"view_empty", s.view_empty}}}};
}

void restore_state(const json& j, RunState& s, const fs::path& path) {
  try {
    const json& c = j.at("committed");
    s.documents = c.at("documents").get<Xapian::docid>();
    s.commits = c.at("commits").get<std::uint64_t>();
    s.inputs_done = c.at("inputs_done").at("lines").get<std::uint64_t>();
    s.inputs_bytes = c.at("inputs_done").at("bytes").get<std::uint64_t>();
    const json& reading = c.at("reading");
    s.reading.reset();
    if (!reading.is_null()) {
      s.reading = detail::input_from_json(reading.at("input"));
      s.reading_ordinal = reading.at("next_ordinal").get<std::uint64_t>();
    }
    s.totals = detail::input_from_json(c.at("totals"));
    s.view_empty = c.at("view_empty").get<std::vector<std::uint64_t>>();
    if (j.contains("auto_fit") && !j.at("auto_fit").is_null()) {
      s.auto_fit = detail::fit_from_json(j.at("auto_fit"));
    }
  } catch (const json::exception& e) {
    throw IndexError(path.string() + ": malformed state file: " + e.what());
  }
}

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

/// The whole run.
class Builder {
 public:
  Builder(const IndexOptions& options, ProgressSink* sink)
      : m_options(options), m_sink(sink), m_start(std::chrono::steady_clock::now()) {
    if (m_options.inputs.empty()) throw UsageError("no input given (--input or collection.inputs)");
    if (m_options.out_dir.empty()) throw UsageError("no output directory given (--out or indexing.output)");
    if (m_options.commit_interval == 0) throw UsageError("commit interval must be at least 1");
    if (m_options.max_pending_postings == 0) throw UsageError("max pending postings must be at least 1");
    m_views = m_options.views.empty() ? default_view_specs() : m_options.views;
    for (std::size_t i = 0; i < m_views.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (m_views[i].directory_name() == m_views[j].directory_name())
          throw UsageError(m_views[i].spec() == m_views[j].spec()
                               ? "view '" + m_views[i].spec() + "' is given twice"
                               : "views '" + m_views[j].spec() + "' and '" + m_views[i].spec() +
                                     "' would share the folder views/" + m_views[i].directory_name() +
                                     " (characters other than letters, digits, '.', '-' and '_' become '-'); "
                                     "rename one of them (e.g. its model file)");
    m_threads = m_options.threads ? m_options.threads : std::max(1u, std::thread::hardware_concurrency());
    m_limits = m_options.limits;
    // Pages are bounded by max_page_bytes before decoding; the segmenter must not cut
    // them again (decoding may grow them).
    m_limits.max_input_bytes = static_cast<std::size_t>(-1);
    {
      TermMaker probe(m_options.terms);  // validates language and strategy up front
    }
    for (const ViewSpec& v : m_views) m_view_positions.push_back(view_has_positions(m_options.terms, v));
    m_view_cost.assign(m_views.size(), 0);
    if (m_options.shard_count == 0 || m_options.shard_index >= m_options.shard_count)
      throw UsageError("shard " + std::to_string(m_options.shard_index) + "/" + std::to_string(m_options.shard_count) +
                       " does not exist (expected I/S with 0 <= I < S)");
    if (m_options.auto_sample_documents == 0) throw UsageError("the min-words:auto sample must be at least 1 document");
    m_auto = std::any_of(m_views.begin(), m_views.end(), [](const ViewSpec& v) { return v.auto_threshold; });
    const InputListStats list = walk_input_list();
    if (m_options.shard_count > 1 && list.files == 0)
      throw UsageError("shard " + std::to_string(m_options.shard_index) + "/" + std::to_string(m_options.shard_count) +
                       " gets no input file (there are " + std::to_string(list.all_files) + "); use fewer shards");
    m_file_count = list.files;
    m_bytes_total = list.bytes;
    for (const ViewSpec& v : m_views) {  // read now: the same bytes the extractors loaded
      const std::string model = model_file_of(v);
      m_models.push_back(model.empty() ? ManifestFile{} : checksum_file(model));
    }
    m_settings = settings_json(m_options, m_views, m_models, list);
    m_state.view_empty.assign(m_views.size(), 0);
  }

  IndexSummary run() {
    prepare_output();
    if (m_auto) {
      if (!m_state.auto_fit) {  // a resumed run keeps the K it started with
        m_state.auto_fit = fit_auto_threshold();
        write_state();
      }
      for (ViewSpec& v : m_views)
        if (v.auto_threshold) v.threshold = m_state.auto_fit->threshold;
    }
    m_selector = std::make_unique<ViewSelector>(m_views);
    m_direct = m_views.size() == 1;
    open_views();
    m_log.emplace(inputs_log_path(), m_state.inputs_done, m_state.inputs_bytes);
    for (unsigned t = 0; t < m_threads; ++t) m_makers.push_back(std::make_unique<TermMaker>(m_options.terms));
    m_batch.resize(m_options.batch_documents ? m_options.batch_documents : m_threads * batch_per_thread);

    InputFileWalker walker(m_options.inputs, m_options.format);
    InputFile file;
    for (std::uint64_t i = 0; i < m_state.inputs_done; ++i) {  // finished before the interruption
      if (!next_own_file(walker, file)) throw IndexError(state_path().string() + ": lists more inputs than there are");
      m_bytes_done += file.bytes;
    }
    for (std::uint64_t i = m_state.inputs_done; next_own_file(walker, file); ++i) {
      OpenInput in;
      in.index = i;
      in.summary.path = file.path.string();
      in.summary.bytes = file.bytes;
      if (i == m_state.inputs_done && m_state.reading) {  // read on where the last commit left it
        if (m_state.reading->path != in.summary.path)
          throw IndexError(state_path().string() + ": was reading " + m_state.reading->path + ", not " +
                           in.summary.path + "; use --overwrite");
        in.summary = *m_state.reading;
        in.next_ordinal = m_state.reading_ordinal;
      }
      in.file = std::move(file);
      read_file(std::move(in));
    }
    flush_batch();
    drop_held_past_end();
    commit();
    return finish();
  }

 private:
  // ---- output directory ---------------------------------------------------------------

  fs::path state_path() const { return m_options.out_dir / "state.json"; }
  fs::path inputs_log_path() const { return m_options.out_dir / "inputs.jsonl"; }
  fs::path manifest_path() const { return m_options.out_dir / "manifest.json"; }
  fs::path view_path(const ViewSpec& v) const { return m_options.out_dir / "views" / v.directory_name(); }

  void prepare_output() {
    const fs::path& dir = m_options.out_dir;
    std::error_code ec;
    const bool exists = fs::exists(dir, ec);
    const bool has_manifest = exists && fs::exists(manifest_path(), ec);
    const bool has_state = exists && fs::exists(state_path(), ec);
    const bool non_empty = exists && fs::is_directory(dir, ec) && !fs::is_empty(dir, ec);
    if (exists && !fs::is_directory(dir, ec)) throw IndexError(dir.string() + ": exists and is not a directory");

    if (m_options.existing == ExistingOutput::Overwrite) {
      if (non_empty && !has_manifest && !has_state && !fs::exists(dir / "views", ec))
        throw IndexError(dir.string() + ": not an index set (no manifest.json, state.json or views/); "
                         "refusing to delete it, choose another --out");
      // The manifest goes first: a crash while deleting must not leave a "complete" set.
      fs::remove(manifest_path(), ec);
      fs::remove(state_path(), ec);
      fs::remove(inputs_log_path(), ec);
      fs::remove_all(dir / "views", ec);
      if (ec) throw IndexError(dir.string() + ": cannot clear the old index set: " + ec.message());
    } else if (has_manifest && !has_state) {
      throw IndexError(dir.string() + ": already holds a complete index set; use --overwrite to rebuild it");
    } else if (has_state) {
      if (m_options.existing != ExistingOutput::Resume)
        throw IndexError(dir.string() + ": holds an interrupted run (" + committed_summary() +
                         "); use --resume to continue it or --overwrite to start clean");
      resume_state();
      return;
    } else if (non_empty) {
      throw IndexError(dir.string() + ": exists and is not an index set; choose an empty or new directory");
    } else if (m_options.existing == ExistingOutput::Resume) {
      throw IndexError(dir.string() + ": no interrupted run to resume (no state.json)");
    }
    fs::create_directories(dir / "views", ec);
    if (ec) throw IndexError(dir.string() + ": cannot create: " + ec.message());
    write_state();  // from now on an interruption is detected
  }

  std::string committed_summary() const {
    try {
      const json j = detail::read_json_file(state_path());
      return std::to_string(j.at("committed").at("documents").get<std::uint64_t>()) + " documents committed";
    } catch (const std::exception&) {
      return "state unreadable";
    }
  }

  void resume_state() {
    const json j = detail::read_json_file(state_path());
    if (j.value("version", 0) != state_version)
      throw IndexError(state_path().string() + ": written by another version of boilerdex-index (state version " +
                       std::to_string(j.value("version", 0)) + ", this one reads " + std::to_string(state_version) +
                       "); use --overwrite to start clean");
    const json& settings = j.contains("settings") ? j.at("settings") : json();
    for (const char* key : {"format", "views", "inputs", "terms"}) {
      if (!settings.contains(key) || settings.at(key) != m_settings.at(key))
        throw IndexError(m_options.out_dir.string() + ": the interrupted run used different " + key +
                         "; resume with the same ones, or use --overwrite to start clean");
    }
    if (settings.value("models", json::object()) != m_settings.value("models", json::object()))
      throw IndexError(m_options.out_dir.string() +
                       ": a view's model file changed since the interrupted run (SHA-256 differs); resume "
                       "with the same file, or use --overwrite to start clean");
    restore_state(j, m_state, state_path());
    if (m_state.view_empty.size() != m_views.size()) throw IndexError(state_path().string() + ": view count differs");
    m_resumed = m_state.documents;
  }

  /// Opens (creates) every view. A view may hold documents past the last common commit:
  /// the interrupted run committed it (or Xapian auto-flushed it) after that commit. They
  /// are kept, not rolled back (a view without termlists cannot delete): the resumed run
  /// gives the same pages the same docids, and write_document checks each such document's
  /// DOCNO when the run reaches its docid.
  void open_views() {
    m_held.assign(m_views.size(), 0);
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      const fs::path p = view_path(m_views[v]);
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
        if (db.get_doccount() < m_state.documents && db.get_lastdocid() < m_state.documents)
          throw IndexError(p.string() + ": holds fewer documents (" + std::to_string(db.get_doccount()) +
                           ") than the last common commit (" + std::to_string(m_state.documents) +
                           "); use --overwrite");
        if (db.get_lastdocid() > m_state.documents) m_held[v] = db.get_lastdocid();
      });
    }
  }

  /// Writes \p doc, page \p s's document, to view \p v at s.docid, unless the view
  /// already holds it: a document held past the last common commit (open_views) with
  /// s's DOCNO came from the same page. One with another DOCNO (the interrupted run
  /// skipped or kept a page this one does not) is replaced. \throws IndexError when the
  /// view has no termlist to replace it with; Xapian::Error.
  void write_document(std::size_t v, const Slot& s, const Xapian::Document& doc) {
    if (s.docid <= m_held[v]) {
      std::string held;
      try {
        held = m_dbs[v].get_document(s.docid).get_data();
      } catch (const Xapian::DocNotFoundError&) {
      }
      if (held == s.raw.docno) return;
      if (!m_view_termlist[v])
        throw IndexError(view_path(m_views[v]).string() + ": holds document " + std::to_string(s.docid) + " (" +
                         held + ") past the last common commit, where the resumed run puts " + s.raw.docno +
                         "; a view without termlists cannot replace it; use --overwrite");
    }
    m_dbs[v].replace_document(s.docid, doc);
  }

  /// Deletes the documents views held past the last common commit (open_views) beyond
  /// the last docid this run gave. \throws IndexError for a view without termlists.
  void drop_held_past_end() {
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      if (m_held[v] <= m_next_docid_base) continue;
      const std::string path = view_path(m_views[v]).string();
      if (!m_view_termlist[v])
        throw IndexError(path + ": holds documents up to " + std::to_string(m_held[v]) +
                         " past the last common commit, beyond the resumed run's last (" +
                         std::to_string(m_next_docid_base) + "); a view without termlists cannot delete them; "
                         "use --overwrite");
      xapian_call(path, [&] {
        for (Xapian::docid d = m_next_docid_base + 1; d <= m_held[v]; ++d) {
          try {
            m_dbs[v].delete_document(d);
          } catch (const Xapian::DocNotFoundError&) {
          }
        }
      });
    }
  }

  /// Whether \p docno has a docid given before docid \p last + 1 (in this run or the one
  /// it resumes). View 0 may hold documents past the last common commit (open_views):
  /// their docids are not given yet, so they do not count.
  bool indexed_before(std::string_view docno, Xapian::docid last) {
    return xapian_call(view_path(m_views[0]).string(), [&] {
      const std::string term = docno_term(docno);
      for (auto it = m_dbs[0].postlist_begin(term); it != m_dbs[0].postlist_end(term); ++it)
        if (*it <= last) return true;
      return false;
    });
  }

  void write_state() { detail::write_json_file(state_path(), state_json(m_settings, m_state)); }

  // ---- the input list -----------------------------------------------------------------

  /// The next file of this build: shard I of S takes the files at positions I, I + S, ...
  /// of the whole list (shards.hpp). \throws InputError as InputFileWalker::next.
  bool next_own_file(InputFileWalker& walker, InputFile& file) const {
    while (walker.next(file))
      if ((walker.count() - 1) % m_options.shard_count == m_options.shard_index) return true;
    return false;
  }

  /// One walk over the input list before indexing: every path is checked (a missing input
  /// stops the run before anything is written), and this build's files are counted, sized
  /// (for the ETA) and fingerprinted (for --resume). Keeps nothing per file.
  InputListStats walk_input_list() const {
    InputListStats list;
    InputFileWalker walker(m_options.inputs, m_options.format);
    detail::Sha256 sha;
    for (InputFile file; next_own_file(walker, file);) {
      if (m_options.format == InputFormat::Trec && is_warc_file_name(file.path.filename().string()))
        throw UsageError(plugin::printable_bytes(file.path.string()) +
                         ": a WARC file by its name, but the input format is trec (the default): give --format warc");
      ++list.files;
      list.bytes += file.bytes;
      sha.update(file.path.native());
      sha.update(std::string_view("\0", 1));
      sha.update(std::to_string(file.bytes));
      sha.update("\n");
    }
    list.all_files = walker.count();  // next_own_file walked the whole list
    list.sha256 = sha.hex_digest();
    return list;
  }

  // ---- reading --------------------------------------------------------------------------

  /// The open input at position \p index of this build's list (it is open).
  OpenInput& open_input(std::uint64_t index) { return m_open[index - m_open.front().index]; }
  const OpenInput& open_input(std::uint64_t index) const { return m_open[index - m_open.front().index]; }

  /// Reads \p in's items into the batch (from in.next_ordinal on), flushing full batches.
  void read_file(OpenInput in) {
    // Inputs with nothing left in the batch wait behind one that has: bound their number
    // (a run of empty files) by the batch's.
    if (m_open.size() > m_batch.size()) flush_batch();
    m_open.push_back(std::move(in));
    OpenInput& cur = m_open.back();  // a deque keeps references across push_back/pop_front
    m_current_file = cur.summary.path;
    std::unique_ptr<CollectionReader> reader =
        open_collection_file(cur.file.path, m_options.format, m_options.max_page_bytes, cur.file.docno);
    m_current_reader = reader.get();
    const std::uint64_t first = cur.next_ordinal;
    std::uint64_t ordinal = 0;
    while (true) {
      Slot& slot = m_batch[m_batch_used];
      ReadItem item;
      if (!reader->next(item)) break;
      if (ordinal++ < first) continue;  // done before the interruption
      slot.file = cur.index;
      slot.ordinal = ordinal - 1;
      slot.skipped = item.kind == ReadItem::Kind::Skip;
      if (slot.skipped) slot.skip = std::move(item.skip);
      else slot.raw = std::move(item.document);
      m_batch_bytes += slot.raw.body.size();
      ++m_batch_used;
      ++cur.unflushed;
      if (m_batch_used >= batch_pages() || m_batch_bytes >= batch_max_bytes ||
          m_docs_since_commit + m_batch_used >= m_options.commit_interval)  // commit on time
        flush_batch();
    }
    // The batch may still hold items of this file; its checksum is known now.
    cur.summary.sha256 = reader->finish_sha256();
    cur.read_to_end = true;
    m_bytes_done += cur.summary.bytes;
    m_current_reader = nullptr;
    reader.reset();  // one collection file open at a time
    retire_finished_inputs();
  }

  /// Appends the oldest open inputs that are read to their end and have nothing left in
  /// the batch to inputs.jsonl, in input order, and drops them from memory.
  void retire_finished_inputs() {
    while (!m_open.empty() && m_open.front().read_to_end && m_open.front().unflushed == 0) {
      const OpenInput& in = m_open.front();
      m_log->append(in.summary);
      if (m_sink) m_sink->input_finished(in.summary);
      m_open.pop_front();
    }
  }

  // ---- min-words:auto ----------------------------------------------------------------------

  /// Fits the stochastic text model on the words per block of the first
  /// auto_sample_documents documents of the whole input list (decoded and segmented as the run
  /// will; pages that fail are left out, the run reports them) and returns K with the fit.
  /// \throws IndexError when the sample has no block with words or does not separate.
  AutoThresholdFit fit_auto_threshold() {
    const std::uint64_t wanted = m_options.auto_sample_documents;
    std::vector<plugin::WordCountHistogram> histograms(m_threads);
    std::vector<std::uint8_t> parsed_ok;
    std::vector<RawDocument> pages;
    std::uint64_t read = 0, segmented = 0;
    const auto segment_pages = [&] {
      parsed_ok.assign(pages.size(), 0);
      parallel_for(m_threads, pages.size(), [&](unsigned w, std::size_t i) {
        try {
          const plugin::DecodedText decoded = plugin::decode_to_utf8(pages[i].body, pages[i].declared_charset);
          const plugin::TextDocument parsed = plugin::segment_html(decoded.utf8, m_limits);
          for (const plugin::TextBlock& b : parsed.blocks) histograms[w].add(static_cast<int>(b.num_words));
          parsed_ok[i] = 1;
        } catch (const std::bad_alloc&) {
          throw;
        } catch (const std::exception&) {  // the indexing pass reports it
        }
      });
      for (const std::uint8_t ok : parsed_ok) segmented += ok;
      pages.clear();
    };
    InputFileWalker walker(m_options.inputs, m_options.format);  // the whole list: every shard fits on the same documents
    for (InputFile file; read < wanted && walker.next(file);) {
      const auto reader = open_collection_file(file.path, m_options.format, m_options.max_page_bytes, file.docno);
      ReadItem item;
      while (read < wanted && reader->next(item)) {
        if (item.kind != ReadItem::Kind::Document) continue;
        pages.push_back(std::move(item.document));
        ++read;
        if (pages.size() == m_threads * batch_per_thread) segment_pages();
      }
    }
    segment_pages();
    plugin::WordCountHistogram words;
    for (const auto& h : histograms) words.merge(h);
    const std::string what = "min-words:auto: the first " + std::to_string(segmented) + " documents";
    if (words.blocks() == 0) throw IndexError(what + " have no block with words; use min-words:K");
    const plugin::MixtureFit fit = plugin::fit_mixture(words);
    const std::optional<int> k = plugin::long_text_threshold(fit);
    if (!k)
      throw IndexError(what + " do not separate into short and long text (P_N(S) = " +
                       std::to_string(fit.weight_short) + ", P_S(N) = " + std::to_string(fit.p_short) +
                       ", P_L(N) = " + std::to_string(fit.p_long) + "); use min-words:K");
    const plugin::GoodnessOfFit gof = plugin::goodness_of_fit(words, fit);
    return AutoThresholdFit{segmented,    words.blocks(), fit.weight_short,        fit.p_short,
                            fit.p_long,   gof.r_squared_adjusted, gof.rmse, *k};
  }

  // ---- one batch: analyse in parallel, write in parallel ------------------------------------

  /// Pages in the next batch: the slots, but no more than would add about
  /// max_pending_postings postings to Xapian's buffers (at the postings per page, over all
  /// views, seen so far; a few pages until the first batch is written), so the buffers
  /// stay under ≈ 2 × max_pending_postings whatever the number of views.
  std::size_t batch_pages() const {
    if (m_written_pages == 0) return std::min<std::size_t>(m_batch.size(), m_threads * 4);
    const double per_page = static_cast<double>(m_written_postings) / static_cast<double>(m_written_pages);
    const double fit = static_cast<double>(m_options.max_pending_postings) / std::max(1.0, per_page);
    return std::clamp<std::size_t>(static_cast<std::size_t>(fit), m_threads, m_batch.size());
  }

  void analyse(unsigned worker, Slot& s) {
    if (s.skipped) return;
    try {
      const plugin::DecodedText decoded = plugin::decode_to_utf8(s.raw.body, s.raw.declared_charset);
      release_if_large(s.raw.body);
      s.limits = plugin::SegmentStats{};
      const plugin::TextDocument parsed = plugin::segment_html(decoded.utf8, m_limits, &s.limits);
      s.title = collapse_whitespace(parsed.title);
      m_selector->select(parsed, decoded.utf8, s.keep);
      const std::size_t n = parsed.blocks.size();
      s.num_blocks = n;
      if (s.blocks.size() < n) s.blocks.resize(n);
      TermMaker& maker = *m_makers[worker];
      const std::size_t nv = m_views.size();
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
        if (!s.doc_empty && cap > 0) add_text_value(0, s, s.doc);
        return;
      }
      maker.make_title(title, s.title_postings);
      group_views(s);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const plugin::PageTimeLimitError& e) {
      s.skipped = true;
      s.skip = SkipReport{SkipReason::TimeLimit, open_input(s.file).summary.path, s.raw.offset, s.raw.docno, e.what()};
    } catch (const std::exception& e) {
      s.skipped = true;
      s.skip = SkipReport{SkipReason::Failed, open_input(s.file).summary.path, s.raw.offset, s.raw.docno,
                          std::string("processing failed: ") + e.what()};
    }
  }

  /// Fills s.group: views with the same keep row and positions setting share a group,
  /// named by its first view. Rows are compared only when their hashes match.
  void group_views(Slot& s) const {
    const std::size_t nv = m_views.size(), n = s.num_blocks;
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

  /// Builds view \p v's document for \p s. Returns its length; *empty set when no block
  /// qualified.
  std::uint64_t build_document(std::size_t v, const Slot& s, Xapian::Document& doc, bool& empty) const {
    add_document_header(s, doc);
    const bool positions = m_view_positions[v] != 0;
    s.title_postings.add_to(doc, 0, positions);
    std::uint64_t length = s.title_postings.length();
    Xapian::termpos offset = s.title_postings.span();
    empty = true;
    const std::uint8_t* keep = s.keep.data() + v * s.num_blocks;
    for (std::size_t i = 0; i < s.num_blocks; ++i) {
      if (!keep[i]) continue;
      empty = false;
      const TextPostings& p = s.blocks[i];
      p.add_to(doc, offset, positions);
      offset += p.span();
      length += p.length();
    }
    if (!empty && m_options.snippet_bytes > 0) add_text_value(v, s, doc);
    return length;
  }

  /// The document data, ID term and values every view's document of \p s has.
  static void add_document_header(const Slot& s, Xapian::Document& doc) {
    doc.set_data(s.raw.docno);
    doc.add_boolean_term(docno_term(s.raw.docno));
    doc.add_value(value_docno, s.raw.docno);
    if (!s.raw.url.empty()) doc.add_value(value_url, s.raw.url);
    if (!s.title.empty()) doc.add_value(value_title, s.title);
    if (!s.raw.metadata.empty()) doc.add_value(value_metadata, s.raw.metadata);
  }

  /// Adds value_text: view \p v's kept blocks of \p s joined by '\n', cut to
  /// snippet_bytes on a character boundary (document_layout.hpp).
  void add_text_value(std::size_t v, const Slot& s, Xapian::Document& doc) const {
    const std::size_t cap = static_cast<std::size_t>(m_options.snippet_bytes);
    const std::uint8_t* keep = s.keep.data() + v * s.num_blocks;
    std::string text;
    text.reserve(std::min(cap, s.text.size() + s.num_blocks));
    for (std::size_t i = 0; i < s.num_blocks && text.size() < cap; ++i) {
      if (!keep[i]) continue;
      const std::size_t begin = i == 0 ? 0 : s.text_end[i - 1];
      if (!text.empty()) text += '\n';
      text.append(s.text, begin, s.text_end[i] - begin);
    }
    text.resize(utf8_floor(text, cap));
    if (!text.empty() && text.back() == '\n') text.pop_back();
    if (!text.empty()) doc.add_value(value_text, text);
  }

  void flush_batch() {
    if (m_batch_used == 0) return;
    const std::size_t n = m_batch_used;
    parallel_for(m_threads, n, [&](unsigned w, std::size_t i) { analyse(w, m_batch[i]); });

    // In input order: outcomes, docids, duplicate DOCNOs.
    std::unordered_set<std::string_view> batch_docnos;
    const Xapian::docid written = m_next_docid_base;  // the docids of earlier batches
    for (std::size_t i = 0; i < n; ++i) {
      Slot& s = m_batch[i];
      if (!s.skipped) {
        const bool dup = !batch_docnos.insert(s.raw.docno).second || indexed_before(s.raw.docno, written);
        if (dup) {
          s.skipped = true;
          s.skip = SkipReport{SkipReason::BadDocno, open_input(s.file).summary.path, s.raw.offset, s.raw.docno,
                              "duplicate DOCNO (already indexed)"};
        }
      }
      OpenInput& in = open_input(s.file);
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
      s.docid = ++m_next_docid_base;
      count_item(in.summary, nullptr, s.limits, s.num_blocks == 0);
      count_item(m_state.totals, nullptr, s.limits, s.num_blocks == 0);
    }

    write_batch(n);
    retire_finished_inputs();

    m_docs_seen += n;
    m_docs_since_commit += n;
    for (std::size_t i = 0; i < n; ++i) {  // a slot keeps buffers sized for its current page only
      Slot& s = m_batch[i];
      release_if_large(s.raw.body);
      s.raw.metadata.clear();
      if (s.blocks.size() > s.num_blocks) s.blocks.resize(s.num_blocks);
      s.doc = Xapian::Document();
      if (s.keep.capacity() > keep_capacity) std::vector<std::uint8_t>().swap(s.keep);
    }
    m_batch_used = 0;
    m_batch_bytes = 0;
    if (m_docs_since_commit >= m_options.commit_interval || m_pending_postings >= m_options.max_pending_postings)
      commit();
    report_progress();
  }

  /// Splits the views into contiguous runs of about equal cost, one per writer thread:
  /// neighbouring thresholds often keep the same blocks of a page, and views of one group
  /// share a document only when the same thread writes them. Cost: postings written so
  /// far plus one per document (so the first batch splits evenly by count).
  std::vector<std::size_t> partition_views(unsigned writers) const {
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

  /// Writes the batch's n slots to every view. Each writer thread owns a contiguous run of
  /// views (one writer per database) and writes them one view at a time, all the batch's
  /// pages to one view before the next: Xapian's buffers for one database stay in cache
  /// (measured: 15% less CPU than page by page over all views). A page's document is
  /// carried from one view to the next: reused when the next view keeps the same blocks
  /// (same group), extended when it keeps a superset and neither has positions, rebuilt
  /// otherwise. The run is walked last view first, so a threshold sweep listed loosest
  /// first (min-words:1,2,...) meets its views strictest first and each document only
  /// grows: its blocks are added once per writer, not once per view.
  void write_batch(std::size_t n) {
    const unsigned writers = static_cast<unsigned>(std::min<std::size_t>(m_threads, m_views.size()));
    const std::vector<std::size_t> bounds = partition_views(writers);
    std::vector<std::uint64_t> pending(bounds.size() - 1, 0);
    parallel_for(writers, bounds.size() - 1, [&](unsigned, std::size_t part) {
      std::vector<BuiltDocument> last(n);  // per page: the document written to the previous view
      std::size_t v = bounds[part + 1];
      try {
        while (v-- > bounds[part]) {
          for (std::size_t i = 0; i < n; ++i) {
            const Slot& s = m_batch[i];
            if (s.skipped) continue;
            if (m_direct) {
              if (s.doc_empty) ++m_state.view_empty[v];
              m_view_cost[v] += s.doc_length;
              pending[part] += s.doc_length;
              write_document(v, s, s.doc);
              continue;
            }
            BuiltDocument& b = last[i];
            carry_document(v, s, b);
            if (b.empty) ++m_state.view_empty[v];
            m_view_cost[v] += b.length;
            pending[part] += b.length;
            write_document(v, s, b.doc);
          }
        }
      } catch (const Xapian::Error& e) {
        throw IndexError(view_path(m_views[std::min(v, m_views.size() - 1)]).string(), e.get_type(), e.get_msg());
      }
    });
    for (const std::uint64_t p : pending) {
      m_pending_postings += p;
      m_written_postings += p;
    }
    m_written_pages += n;
  }

  /// A page's document as last written, to one view.
  struct BuiltDocument {
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::size_t view = none;  ///< the view whose kept blocks doc holds
    Xapian::Document doc;
    std::uint64_t length = 0;
    bool empty = false;
  };

  /// Makes \p b view \p v's document of \p s, starting from what it holds (see write_batch).
  void carry_document(std::size_t v, const Slot& s, BuiltDocument& b) const {
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
        if (!b.empty && m_options.snippet_bytes > 0) add_text_value(v, s, b.doc);
        b.view = v;
        return;
      }
    }
    b.view = v;
    b.doc = Xapian::Document();
    b.length = build_document(v, s, b.doc, b.empty);
  }

  void commit() {
    const unsigned writers = static_cast<unsigned>(std::min<std::size_t>(m_threads, m_views.size()));
    parallel_for(writers, m_views.size(), [&](unsigned, std::size_t v) {
      xapian_call(view_path(m_views[v]).string(), [&] { m_dbs[v].commit(); });
    });
    ++m_state.commits;
    // inputs.jsonl first: state.json must never count lines the file lacks.
    m_log->flush(m_options.sync_commits);
    m_state.inputs_done = m_log->lines();
    m_state.inputs_bytes = m_log->bytes();
    // After a flushed batch only the input being read can be open (every earlier one is
    // read to its end with nothing left in the batch, so retired).
    m_state.reading.reset();
    if (m_open.size() > 1 || (!m_open.empty() && m_open.front().index != m_state.inputs_done))
      throw std::logic_error("boilerdex-index: the open inputs at a commit are not the next one alone");
    if (!m_open.empty()) {
      m_state.reading = m_open.front().summary;
      m_state.reading_ordinal = m_open.front().next_ordinal;
    }
    write_state();
    m_docs_since_commit = 0;
    m_pending_postings = 0;
  }

  void report_progress() {
    if (!m_sink) return;
    IndexProgress p;
    p.documents = m_docs_seen;
    p.bytes_read = m_bytes_done + (m_current_reader ? m_current_reader->bytes_read() : 0);
    p.bytes_total = m_bytes_total;
    p.elapsed_seconds = elapsed();
    p.current_file = m_current_file;
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
    manifest.created = detail::now_iso8601();
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
      xapian_call(view_path(m_views[v]).string(), [&] {
        vs.documents = m_dbs[v].get_doccount();
        vs.terms = m_dbs[v].get_total_length();
      });
      vs.empty_documents = m_state.view_empty[v];
      if (vs.documents != m_state.documents)
        throw IndexError(view_path(m_views[v]).string() + ": holds " + std::to_string(vs.documents) +
                         " documents, expected " + std::to_string(m_state.documents));
      manifest.views.push_back(ManifestView{vs.view, "views/" + vs.view.directory_name(), vs.documents,
                                            vs.empty_documents, vs.terms, m_view_positions[v] != 0,
                                            vs.view.auto_threshold ? *m_state.auto_fit : AutoThresholdFit{},
                                            m_models[v]});
      summary.views.push_back(std::move(vs));
    }
    if (!m_open.empty() || m_log->lines() != m_file_count)
      throw std::logic_error("boilerdex-index: " + std::to_string(m_log->lines()) + " of " +
                             std::to_string(m_file_count) + " inputs finished at the end");
    m_log->flush(false);
    summary.input_files = m_file_count;
    summary.totals = m_state.totals;
    summary.totals.bytes = m_bytes_total;
    summary.skipped = m_state.totals.skipped;
    summary.limited = m_state.totals.limited;
    for (auto& db : m_dbs) xapian_call(m_options.out_dir.string(), [&] { db.close(); });
    if (!m_options.sync_commits) sync_tree(m_options.out_dir / "views");  // before the manifest says "complete"
    summary.documents = m_state.documents;
    summary.empty = m_state.totals.empty;
    summary.resumed_documents = m_resumed;
    summary.bytes_read = m_bytes_done;
    summary.commits = m_state.commits;
    summary.elapsed_seconds = elapsed();
    manifest.documents = summary.documents;
    manifest.empty = summary.empty;
    manifest.skipped = summary.skipped;
    manifest.complete = true;
    // The inputs are copied from inputs.jsonl, a line at a time, each checked first: a
    // damaged line must stop the run here, naming it, not make a "complete" manifest that
    // cannot be read.
    std::ifstream log(inputs_log_path(), std::ios::binary);
    if (!log) throw IndexError(inputs_log_path().string() + ": cannot read (" + std::strerror(errno) + ")");
    std::uint64_t copied = 0;
    detail::write_manifest_streaming(m_options.out_dir, manifest, [&](std::string& entry) {
      if (copied == m_file_count) return false;
      if (!std::getline(log, entry))
        throw IndexError(inputs_log_path().string() + ": ends after " + std::to_string(copied) + " of " +
                         std::to_string(m_file_count) + " inputs");
      ++copied;
      try {
        (void)detail::input_from_json(json::parse(entry));
      } catch (const json::exception& e) {
        throw IndexError(inputs_log_path().string() + ":" + std::to_string(copied) +
                         ": not an input record (" + e.what() + "); use --overwrite");
      }
      return true;
    });
    std::error_code ec;
    fs::remove(state_path(), ec);  // the manifest now says the set is whole
    fs::remove(inputs_log_path(), ec);
    if (m_sink) m_sink->finished(summary);
    return summary;
  }

  const IndexOptions& m_options;
  ProgressSink* m_sink;
  std::chrono::steady_clock::time_point m_start;
  std::vector<ViewSpec> m_views;
  unsigned m_threads = 1;
  plugin::SegmentLimits m_limits;
  std::unique_ptr<ViewSelector> m_selector;
  bool m_auto = false;     // a min-words:auto view: its K is fitted before indexing
  bool m_direct = false;   // one view: pages are indexed straight into its document
  std::uint64_t m_file_count = 0;  // this build's input files
  std::deque<OpenInput> m_open;    // inputs being read or with items in the batch, in order
  std::optional<detail::InputLog> m_log;  // DIR/inputs.jsonl
  json m_settings;
  RunState m_state;
  std::uint64_t m_resumed = 0;
  std::vector<Xapian::WritableDatabase> m_dbs;
  std::vector<std::uint8_t> m_view_positions;  // per view: view_has_positions
  std::vector<std::uint8_t> m_view_termlist;   // per view: view_has_termlist
  std::vector<ManifestFile> m_models;          // per view: its model file (path empty: none)
  std::vector<Xapian::docid> m_held;  // per view: last docid held past the last common commit (0: none)
  std::vector<std::uint64_t> m_view_cost;      // per view: postings written (balances writers)
  std::vector<std::unique_ptr<TermMaker>> m_makers;
  std::vector<Slot> m_batch;
  std::size_t m_batch_used = 0;
  std::uint64_t m_batch_bytes = 0;  // raw page bytes in the batch
  std::uint64_t m_written_pages = 0, m_written_postings = 0;  // for batch_pages()
  Xapian::docid& m_next_docid_base = m_state.documents;
  std::uint64_t m_docs_seen = 0, m_docs_since_commit = 0, m_pending_postings = 0;
  std::uint64_t m_bytes_total = 0, m_bytes_done = 0;
  std::string m_current_file;
  CollectionReader* m_current_reader = nullptr;
};

}  // namespace

IndexSummary build_index_set(const IndexOptions& options, ProgressSink* sink) {
  Builder builder(options, sink);
  return builder.run();
}

}  // namespace boilerdex::indexer

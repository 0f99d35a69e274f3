#pragma once
/// \file
/// What a build of an index set is given: the inputs and their format, the output
/// directory and what to do when it holds a set already, the views, the term settings,
/// the limits and the commit and batch sizes (index_builder.hpp's build_index_set), and
/// how a configuration file's tables give them.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/defaults.hpp"
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
  std::uint64_t max_page_bytes = config::defaults::max_page_bytes;  ///< larger pages are skipped, counted
  std::uint64_t commit_interval = config::defaults::commit_interval;  ///< documents between commits (≥ 1)
  /// Commit early past this many buffered postings (≥ 1).
  std::uint64_t max_pending_postings = config::defaults::max_pending_postings;
  /// Commit early when one view has this many buffered postings (≥ 1): smaller lots are
  /// cheaper for Xapian to merge (config::IndexingConfig::max_view_pending_postings).
  std::uint64_t max_view_pending_postings = config::defaults::max_view_pending_postings;
  /// fsync at every commit. false (default): views are opened with Xapian::DB_NO_SYNC, so
  /// a commit survives the process being killed (the data is in the kernel's page cache)
  /// but not a power failure or OS crash, after which --resume may find a view behind
  /// state.json and refuse (then --overwrite); the finished set is fsynced once, before
  /// its manifest is written.
  bool sync_commits = config::defaults::sync_commits;
  unsigned threads = config::defaults::threads;  ///< parse/classify threads; 0: std::thread::hardware_concurrency()
  /// Build only shard shard_index of shard_count: the input files at positions
  /// shard_index, shard_index + shard_count, ... of the file list (shards.hpp).
  /// shard_count 1: everything. A shard with no input file is a UsageError.
  std::uint32_t shard_index = 0;
  std::uint32_t shard_count = 1;
  /// Pages read, analysed and written as one batch (commits happen between batches);
  /// 0: 32 per thread.
  std::size_t batch_documents = 0;
  /// Read and analyse the next batch while the views are written from this one (at most
  /// two batches in memory). false: one batch at a time. The index set is the same either
  /// way; only batch and commit boundaries may fall elsewhere.
  bool overlap_batches = true;
  ExistingOutput existing = ExistingOutput::Refuse;
  bool strict = config::defaults::strict;  ///< the first skipped document ends the run (IndexError)
  /// A min-words:auto view fixes its K before indexing starts: the first
  /// auto_sample_documents documents of the whole input list (not of this shard, so every
  /// shard finds the same K) are decoded and segmented, the stochastic text model's mixture
  /// is fitted on their words per block (plugin::fit_mixture), and K =
  /// plugin::long_text_threshold: the smallest word count at which a block is more likely
  /// long text than short. Those documents are parsed twice (a sample, not a second pass
  /// over the collection). K and the fit go to the manifest (ManifestView::fit) and to
  /// state.json, so --resume keeps K. ≥ 1.
  std::uint64_t auto_sample_documents = config::defaults::auto_sample_documents;
  /// Bytes of each view's kept text stored in value_text (document_layout.hpp); 0: none.
  std::uint64_t snippet_bytes = config::defaults::snippet_bytes;
  std::string config_toml;    ///< recorded in the manifest as the effective configuration
};

/// Options from a loaded configuration (its [collection], [extraction], [views] and
/// [indexing] tables; stopwords_file read and merged; the limits from
/// plugin::segment_limits_from_config). A configuration left at its defaults gives the
/// defaults of IndexOptions and TermSettings (both read config/defaults.hpp), with
/// config_toml set. Command-line flags may then override fields. \p names: how the view
/// specs' extractor names are read (parse_view_specs); AsWritten to compare the options
/// with an existing set (Manifest::find_view) without building their extractors. \throws UsageError for a bad
/// view spec or format (InputError for a learned: model file that cannot be read, with
/// Checked); ConfigError when stopwords_file cannot be read.
[[nodiscard]] IndexOptions index_options_from_config(const config::Config& config,
                                                     ExtractorNames names = ExtractorNames::Checked);

}  // namespace boilerdex::indexer

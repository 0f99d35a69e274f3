#pragma once
/// \file
/// The boilerdex configuration: plain structs that every component reads, and the TOML
/// loader that fills them (toml++ stays private to config/).
///
/// Schema (every table and key optional; defaults below reproduce the paper):
///
///     [collection]   inputs, format, max_page_bytes
///     [extraction]   extractor, max_depth, max_blocks, max_block_bytes, max_page_millis
///     [views]        specs
///     [indexing]     output, language, stemmer, stem_strategy, stopwords, stopwords_file,
///                    positions, sweep_positions, sweep_termlists, index_title, cjk_ngram, commit_interval,
///                    max_pending_postings, max_view_pending_postings, sync_commits, threads,
///                    strict, snippet_bytes,
///                    auto_sample_documents
///     [search]       index, view, k, bm25_k1, bm25_b
///     [trec]         topics, qrels, field, k, run_tag, output_dir, views, bm25_k1, bm25_b,
///                    gold
///
/// Relative paths in a file are resolved against the directory holding that file, so a
/// configuration works from any working directory. config/examples/ holds commented
/// examples. Unknown tables or keys and values of the wrong type are errors.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/config/defaults.hpp"

namespace boilerdex::config {

/// [collection]: what to read.
struct CollectionConfig {
  /// Collection files or directories. A directory is read recursively in sorted order
  /// (format "files": its HTML files; "trec"/"warc": every regular file in it).
  std::vector<std::filesystem::path> inputs;
  std::string format = "trec";                  ///< trec | warc | files
  std::uint64_t max_page_bytes = defaults::max_page_bytes;  ///< larger pages are skipped (and counted)
};

/// [extraction]: how pages become blocks (plugin::SegmentLimits) and which extractor
/// tools use when a single one is wanted.
struct ExtractionConfig {
  /// A name plugin::make_extractor accepts; default "best" (default_extractor.hpp).
  std::string extractor{k_default_extractor};
  std::size_t max_depth = defaults::max_depth;  ///< DOM depth below which elements are flattened
  std::size_t max_blocks = defaults::max_blocks;  ///< further blocks of a page are dropped
  std::size_t max_block_bytes = defaults::max_block_bytes;  ///< longer block text is truncated
  /// Wall-clock milliseconds one page may take from decoding through the extractor (and any
  /// second parse it makes); a slower page is skipped and counted
  /// (plugin::SegmentLimits::max_page_millis, plugin::PageBudget); 0: no bound.
  std::size_t max_page_millis = defaults::max_page_millis;
};

/// [views]: the parallel indexes to build.
struct ViewsConfig {
  /// View specs as indexer::parse_view_specs reads them ("all", "min-words:1,5,10",
  /// "min-density:1..20", "extractor:article"). Empty: the paper's default set
  /// (indexer::default_view_specs()).
  std::vector<std::string> specs;
};

/// [indexing]: term generation and the writer.
struct IndexingConfig {
  std::filesystem::path output;  ///< index-set directory (--out); empty: not given
  std::string language{defaults::language};  ///< Xapian::Stem language, "none" disables stemming
  /// "fixed": every page stemmed in `language`; "auto": each page in the language its
  /// metadata declares (<html lang>, meta), `language` when it declares none that Xapian
  /// stems (indexer::TermSettings::stem_per_language, indexer/stem_language.hpp).
  std::string stemmer{defaults::stemmer};
  std::string stem_strategy{defaults::stem_strategy};  ///< none | some | all | all_z | some_full_pos
  /// Inline stopword list (added to stopwords_file's). In the file: an array of words, or
  /// the string "none" (no list), "auto" (builtin_stopwords) or a path (stopwords_file).
  std::vector<std::string> stopwords;
  /// `stopwords = "auto"`: the stopword lists shipped with boilerdex (stopword_lists.hpp):
  /// `language`'s, and with stemmer "auto" each page's language's.
  bool builtin_stopwords = false;
  std::filesystem::path stopwords_file;  ///< one word per line, '#' comments; empty: none
  bool positions = defaults::positions;  ///< store positional information (phrase search)
  /// Positions also in the min-words and min-density sweep views (when positions is on).
  /// Off by default: the sweeps serve bag-of-words ranking experiments, and positions are
  /// most of the cost of writing them (indexer::TermSettings::sweep_positions).
  bool sweep_positions = defaults::sweep_positions;
  /// Termlists (each document's term list, Xapian's table for relevance feedback, delve
  /// and replace_document) also in the min-words and min-density views. Off by default:
  /// ranking never reads them, and they were 22% of the CPU of writing the default views
  /// (indexer::TermSettings::sweep_termlists).
  bool sweep_termlists = defaults::sweep_termlists;
  bool index_title = defaults::index_title;  ///< index the page title in every view
  /// Index (and search) Chinese, Japanese and Korean text as character unigrams and bigrams,
  /// so that a word inside a run of CJK text is found (indexer::TermSettings::cjk_ngram).
  bool cjk_ngram = defaults::cjk_ngram;
  std::uint64_t commit_interval = defaults::commit_interval;  ///< documents between commits of all views
  /// Also commit when this many postings (term occurrences, all views) are buffered;
  /// Xapian holds ≈ 45 bytes per posting with positions, so 1M ≈ 45 MB; smaller buffers
  /// also index faster (they stay in cache; 1M measured 5% less CPU than 4M on 53 views).
  std::uint64_t max_pending_postings = defaults::max_pending_postings;
  /// Also commit when one view has this many postings buffered. Xapian merges a database's
  /// buffered changes faster in small lots: one view (`--view all`) indexes about 10% faster
  /// committing at 100,000 than at 1M; with many views each view's share is small anyway.
  std::uint64_t max_view_pending_postings = defaults::max_view_pending_postings;
  /// fsync every view at every commit. Off: commits are not synced (Xapian::DB_NO_SYNC),
  /// which survives a killed process but not a power failure; the finished index set is
  /// synced once before its manifest is written.
  bool sync_commits = defaults::sync_commits;
  unsigned threads = defaults::threads;  ///< parse/classify threads; 0: hardware concurrency
  bool strict = defaults::strict;  ///< any skipped document is fatal
  /// Bytes of each view's kept text stored per document for result snippets (value 4,
  /// cut on a UTF-8 character boundary); 0 stores none.
  std::uint64_t snippet_bytes = defaults::snippet_bytes;
  /// Documents at the start of the collection on which a min-words:auto view fits the
  /// stochastic text model to fix its threshold (≥ 1).
  std::uint64_t auto_sample_documents = defaults::auto_sample_documents;
};

/// [search]: defaults for boilerdex-search.
struct SearchConfig {
  std::filesystem::path index;  ///< index-set directory
  std::string view = "all";     ///< view name (spec or directory name)
  std::size_t k = 10;           ///< results per query
  double bm25_k1 = defaults::bm25_k1;  ///< Xapian::BM25Weight defaults
  double bm25_b = defaults::bm25_b;
};

/// [trec]: TREC experiments (boilerdex-trec).
struct TrecConfig {
  std::filesystem::path topics;
  std::filesystem::path qrels;
  std::string field = "title";  ///< title | desc | narr (or "title+desc", ...)
  std::size_t k = 1000;         ///< documents retrieved per topic
  std::string run_tag = "boilerdex";
  std::filesystem::path output_dir = "runs";
  std::vector<std::string> views;  ///< views to run; empty: every view of the index set
  double bm25_k1 = defaults::bm25_k1;
  double bm25_b = defaults::bm25_b;
  /// The gold text of each document: a folder of DOCNO.txt files, UTF-8, one paragraph a
  /// line (`boilerdex-trec sample --gold`, ../shared/data/blogs-dev/gold). Empty: none.
  /// Given, the experiment also indexes them as a collection of their own (view all, the
  /// same term settings) and reports it as the row "gold": what a perfect extractor gives.
  std::filesystem::path gold;
};

/// The whole configuration.
struct Config {
  std::filesystem::path source;  ///< file it was loaded from; empty for defaults
  CollectionConfig collection;
  ExtractionConfig extraction;
  ViewsConfig views;
  IndexingConfig indexing;
  SearchConfig search;
  TrecConfig trec;
};

/// Loads and validates \p path. Relative paths inside are resolved against
/// path.parent_path(). Keys absent from the file keep their defaults.
/// \throws ConfigError naming the file, line, column and dotted key: unreadable file,
/// TOML syntax error, unknown table or key, wrong type, or a value out of range
/// (unknown format, stem strategy, negative count, ...).
[[nodiscard]] Config load_config(const std::filesystem::path& path);

/// As load_config, from TOML text; \p source_name appears in errors, and relative paths
/// are resolved against \p base_dir (left relative when empty).
/// \throws ConfigError as load_config.
[[nodiscard]] Config parse_config(std::string_view toml_text, std::string_view source_name,
                                  const std::filesystem::path& base_dir = {});

/// The configuration as TOML text, every key written (paths absolute where they were
/// resolved). parse_config(to_toml(c), ...) gives back c (source aside). Never throws
/// except std::bad_alloc.
[[nodiscard]] std::string to_toml(const Config& config);

/// Checks the cross-field rules load_config applies (format name, stem strategy, counts),
/// for configurations assembled from the command line. \throws ConfigError with an empty
/// file name and the offending dotted key.
void validate(const Config& config);

}  // namespace boilerdex::config

#pragma once
/// \file
/// The index set's manifest: `manifest.json` in the index-set directory, written last by
/// the indexer (its presence with "complete": true means every view is committed), read
/// by query/ and trec/.
///
/// Layout of an index set:
///   DIR/manifest.json
///   DIR/views/<view directory_name>/      one Xapian glass database per view
///   DIR/state.json                        indexer progress, for --resume (internal)
///   DIR/inputs.jsonl                      finished inputs of an unfinished run (internal)
///
/// manifest.json's "inputs" array comes last in the file, one input a line, so a manifest of
/// many inputs is written (and, with ManifestParts::WithoutInputs, read) in bounded memory.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "boilerdex/config/defaults.hpp"
#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::indexer {

/// Term-generation settings; search must use the same to parse queries.
struct TermSettings {
  std::string language{config::defaults::language};  ///< Xapian::Stem name, "none" for no stemming
  std::string stem_strategy{config::defaults::stem_strategy};  ///< none|some|all|all_z|some_full_pos (TermGenerator)
  /// Each page stemmed in the language its metadata declares (stemmer_for_language of
  /// PageMetadata::language), `language` when it declares none that Xapian stems
  /// ("stemmer": "auto" in the configuration). A set-wide setting, not a view's: every view
  /// shares one tokenization of the page. Queries are stemmed in `language`, or in the
  /// language search filters on (query/searcher.hpp). Manifests written before this key
  /// existed read as false.
  bool stem_per_language = false;
  std::vector<std::string> stopwords;  ///< empty: no stopper (with stem_per_language: pages in `language` or none)
  /// With stem_per_language: the stopword list of each stemmer language (the built-in
  /// lists, `stopwords = "auto"`); a page stemmed in a language with no entry here gets
  /// none. Empty: `stopwords` for every page.
  std::map<std::string, std::vector<std::string>> language_stopwords{};
  bool positions = config::defaults::positions;
  /// Positions also in the threshold-sweep views (min-words, min-density). Off by default:
  /// the sweeps serve ranking experiments (BM25 over bags of words) that never read
  /// positions, and storing them is most of the cost of writing 50 views. When off, a
  /// phrase or NEAR query on a sweep view matches as AND (Xapian's rule for databases
  /// without positions). Manifests written before this key existed read as true.
  bool sweep_positions = config::defaults::sweep_positions;
  /// Termlists also in the threshold-sweep views. Off by default: BM25 ranking reads
  /// postlists only, and the termlist table (compressed with zlib) was 22% of the CPU of
  /// writing the 53 default views. Without it a sweep view's Document::termlist_begin(),
  /// Enquire::get_eset() (relevance feedback) and replace_document()/delete_document()
  /// throw Xapian::FeatureUnavailableError; postlists, document lengths, values and data
  /// are all there. Manifests written before this key existed read as true.
  bool sweep_termlists = config::defaults::sweep_termlists;
  bool index_title = config::defaults::index_title;  ///< title text indexed in every view (with prefix S and unprefixed)
  /// Chinese, Japanese and Korean runs indexed as character unigrams and bigrams
  /// (Xapian::TermGenerator::FLAG_CJK_NGRAM), and queries parsed alike; other text is
  /// indexed as without it. Manifests written before this key existed read as false (their
  /// CJK text was indexed as whole runs).
  bool cjk_ngram = config::defaults::cjk_ngram;
};

/// Whether \p view stores term positions under \p terms: positions, and for min-words and
/// min-density views also sweep_positions. Never throws.
[[nodiscard]] bool view_has_positions(const TermSettings& terms, const ViewSpec& view) noexcept;

/// Whether \p view has a termlist table under \p terms: every view but the min-words and
/// min-density views, and those too with sweep_termlists. Never throws.
[[nodiscard]] bool view_has_termlist(const TermSettings& terms, const ViewSpec& view) noexcept;

/// How a min-words:auto view fixed its threshold: the WSDM 2010 stochastic text model
/// (plugin/text_model.hpp) fitted on the words per block of the collection's first
/// documents ("auto_fit" in the file).
struct AutoThresholdFit {
  std::uint64_t sample_documents = 0;  ///< documents segmented for the fit
  std::uint64_t blocks = 0;            ///< their blocks with at least one word
  double weight_short = 0;             ///< P_N(S)
  double p_short = 0;                  ///< P_S(N)
  double p_long = 0;                   ///< P_L(N)
  double r_squared_adjusted = 0;       ///< of the mixture against the empirical frequencies
  double rmse = 0;
  int threshold = 0;  ///< K = plugin::long_text_threshold: the view keeps numWords >= K
};

/// A file an index set was built from that is not an input: a view's model.
struct ManifestFile {
  std::string path;    ///< as the view spec names it
  std::uint64_t bytes = 0;
  std::string sha256;  ///< hex
  friend bool operator==(const ManifestFile&, const ManifestFile&) = default;
};

struct ManifestView {
  ViewSpec view;  ///< for min-words:auto, view.threshold is the fitted K
  std::string path;  ///< relative to the index-set directory ("views/min-words-10")
  std::uint64_t documents = 0;
  std::uint64_t empty_documents = 0;  ///< documents with no qualifying block
  std::uint64_t terms = 0;            ///< total term occurrences (sum of document lengths)
  bool positions = true;              ///< the database stores term positions
  AutoThresholdFit fit;               ///< min-words:auto only
  /// The model file the view's extractor read (model_file_of), checksummed when the set
  /// was built ("model" in the file); path empty for other views.
  ManifestFile model;
  /// The metadata fields its documents carry (document_layout.hpp's metadata_fields;
  /// "fields" in the file); empty in sets built before them, which search cannot filter.
  std::vector<std::string> fields{};
};

/// One input file's record (also index_builder.hpp's InputSummary).
struct ManifestInput {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;  ///< hex SHA-256 of the file once read to its end; empty otherwise
  std::uint64_t documents = 0;  ///< indexed, including empty ones
  std::uint64_t empty = 0, skipped = 0;
  /// Documents indexed in degraded form because they hit a segmenter limit
  /// (plugin::SegmentLimits, [extraction] in the configuration; "limits" in the file); a
  /// document may count in several. They are indexed, not skipped: the limits truncate,
  /// they never drop a page. limited: any of the three; depth_limited: DOM deeper than
  /// max_depth (the rest flattened, text kept); blocks_limited: more than max_blocks blocks
  /// (the rest dropped); block_truncated: some block over max_block_bytes (cut).
  std::uint64_t limited = 0, depth_limited = 0, blocks_limited = 0, block_truncated = 0;
  /// skip_reason_name → count ("skipped_by_reason"; empty in manifests written before it).
  std::map<std::string, std::uint64_t> skipped_by_reason{};
};

struct Manifest {
  std::string program_version;
  std::string created;  ///< ISO 8601 UTC
  std::string format;   ///< trec|warc|files
  TermSettings terms;
  std::string config_toml;  ///< the effective configuration, as TOML text
  std::vector<ManifestView> views;
  std::vector<ManifestInput> inputs;
  std::uint64_t documents = 0, empty = 0, skipped = 0;
  bool complete = false;
  /// A shard's place ("shard": {"index", "count"} in the file); count 0: not a shard.
  std::uint32_t shard_index = 0, shard_count = 0;
  /// A merged set (shards.hpp): its shard directories, relative to the set's directory;
  /// its views are stub databases over them.
  std::vector<std::string> shards;

  /// The view whose spec() or directory_name() equals \p name, or nullptr. A min-words:auto
  /// view also answers to its resolved "min-words:K" (or "min-words-K") when no view is
  /// named so.
  [[nodiscard]] const ManifestView* find_view(std::string_view name) const noexcept;

  /// The view \p view names, or nullptr: find_view(view.spec()), which builds nothing, so a
  /// view whose model file is gone or whose extractor this program does not load can be
  /// named; then, for an extractor view the manifest does not list as written (as
  /// ExtractorNames::AsWritten reads a user's spec), find_view of its canonical name
  /// ("dom-ancestor:article" is "dom-ancestor:article:2"), which builds the extractor.
  /// \throws UsageError (or InputError, for a model file) when that extractor cannot be built.
  [[nodiscard]] const ManifestView* find_view(const ViewSpec& view) const;
};

/// Reads DIR/manifest.json. Its view specs are read as written (ExtractorNames::AsWritten):
/// no extractor is built, so neither a view's model file nor its extractor's library need
/// be there. \throws IndexError naming the file when absent, unreadable, malformed, or not
/// complete (an interrupted run).
[[nodiscard]] Manifest read_manifest(const std::filesystem::path& index_set_dir);

/// Which parts of the manifest read_manifest keeps.
enum class ManifestParts {
  All,            ///< everything
  WithoutInputs,  ///< Manifest::inputs left empty: memory independent of the number of inputs
};

/// read_manifest, keeping \p parts; the file is parsed from a stream, and with
/// WithoutInputs its "inputs" entries are checked for syntax and dropped as they are read.
/// \throws as read_manifest.
[[nodiscard]] Manifest read_manifest(const std::filesystem::path& index_set_dir, ManifestParts parts);

/// Writes DIR/manifest.json atomically (temporary file, fsync, rename). \throws IndexError.
void write_manifest(const std::filesystem::path& index_set_dir, const Manifest& manifest);

}  // namespace boilerdex::indexer

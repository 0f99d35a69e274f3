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

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::indexer {

/// Term-generation settings; search must use the same to parse queries.
struct TermSettings {
  std::string language = "english";  ///< Xapian::Stem name, "none" for no stemming
  std::string stem_strategy = "some";  ///< none|some|all|all_z|some_full_pos (TermGenerator)
  std::vector<std::string> stopwords;  ///< empty: no stopper
  bool positions = true;
  bool index_title = true;  ///< title text indexed in every view (with prefix S and unprefixed)
};

struct ManifestView {
  ViewSpec view;
  std::string path;  ///< relative to the index-set directory ("views/min-words-10")
  std::uint64_t documents = 0;
  std::uint64_t empty_documents = 0;  ///< documents with no qualifying block
  std::uint64_t terms = 0;            ///< total term occurrences (sum of document lengths)
};

struct ManifestInput {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;  ///< hex; empty when not computed
  std::uint64_t documents = 0, empty = 0, skipped = 0;
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

  /// The view whose spec() or directory_name() equals \p name, or nullptr.
  [[nodiscard]] const ManifestView* find_view(std::string_view name) const noexcept;
};

/// Reads DIR/manifest.json. \throws IndexError naming the file when absent, unreadable,
/// malformed, or not complete (an interrupted run).
[[nodiscard]] Manifest read_manifest(const std::filesystem::path& index_set_dir);

/// Writes DIR/manifest.json atomically (temporary file + rename). \throws IndexError.
void write_manifest(const std::filesystem::path& index_set_dir, const Manifest& manifest);

}  // namespace boilerdex::indexer

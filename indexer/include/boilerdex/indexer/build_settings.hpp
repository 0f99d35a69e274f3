#pragma once
/// \file
/// What an index set is built from, as far as deciding whether an existing set is the one
/// wanted: the input format, the input list (fingerprinted), the views, the term settings
/// and the views' model files; and the one check of two such settings that a resumed build
/// (index_builder.hpp: state.json against the options), a merge of shards (shards.hpp: each
/// shard's manifest against the first's, inputs aside) and an experiment reusing a set
/// (trec's index_set_staleness: the manifest against the configuration) use.

#include <cstdint>
#include <string>
#include <vector>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::indexer {

/// An input list told apart without keeping it: its files, their total size, and a
/// SHA-256 over every file's path and size in list order.
struct InputListFingerprint {
  std::uint64_t files = 0, bytes = 0;
  std::string sha256;  ///< hex
  friend bool operator==(const InputListFingerprint&, const InputListFingerprint&) = default;
};

/// The fingerprint of \p files (paths as the file system spells them). Never throws but
/// std::bad_alloc.
[[nodiscard]] InputListFingerprint fingerprint_input_list(const std::vector<InputFile>& files);

/// What a set is (or is to be) built from.
struct BuildSettings {
  std::string format;  ///< input_format_name
  InputListFingerprint inputs;
  std::vector<ViewSpec> views;
  TermSettings terms;
  std::vector<ManifestFile> models;  ///< per view (or empty: none known); path empty: the view reads none
};

/// The settings \p manifest records; its inputs fingerprinted from Manifest::inputs (so
/// read it with ManifestParts::All). Never throws but std::bad_alloc.
[[nodiscard]] BuildSettings settings_of(const Manifest& manifest);

/// How a set must match.
enum class SettingsMatch {
  /// Resuming a build, merging shards: the same format and inputs, the same views in the
  /// same order (a min-words:auto view resolved to the same K, or neither resolved), the
  /// same term settings, every model file with the same SHA-256.
  Same,
  /// Reusing a finished set: the same format and inputs, every wanted view among the set's
  /// (Manifest::find_view: as written, or by its canonical name; looked for only when the
  /// format and inputs match, as that may build an extractor), and the same term
  /// settings queries are parsed and ranked with (language, stem_strategy, stopwords,
  /// stem_per_language, language_stopwords, positions, index_title; sweep_positions and sweep_termlists change no ranking). Model
  /// files are not compared: a set is used whether or not its model files are still there.
  Contains,
};

/// What differs between a set's settings and those wanted. Strings (view specs,
/// stopwords) are compared as the set's files hold them: invalid UTF-8 as U+FFFD.
struct SettingsDifference {
  bool format = false;
  bool inputs = false;
  bool views = false;
  std::string missing_view;  ///< Contains: the spec of the first wanted view the set lacks
  bool terms = false;
  bool models = false;
  /// Nothing differs: the set matches.
  [[nodiscard]] bool none() const noexcept { return !format && !inputs && !views && !terms && !models; }
};

/// Compares \p built (an existing set's, or an interrupted build's) with \p wanted under
/// \p mode. \throws as Manifest::find_view with Contains (an extractor view named
/// otherwise than the set lists it is built to find its canonical name).
[[nodiscard]] SettingsDifference compare_settings(const BuildSettings& built, const BuildSettings& wanted,
                                                  SettingsMatch mode);

}  // namespace boilerdex::indexer

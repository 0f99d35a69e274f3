#pragma once
// The output directory of an index-set build (index_builder.hpp) and its resumable
// state: what DIR holds decides whether a build starts clean, resumes or refuses;
// DIR/state.json records, after every common commit, how far the build got and the
// settings a resumed run must keep. Private to indexer.

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/build_settings.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/index_progress.hpp"
#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer::detail {

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

/// The input list of a build: this build's (this shard's) files fingerprinted, so that
/// --resume notices a changed list without keeping it, and the files of the whole list.
struct InputListStats {
  std::uint64_t all_files = 0;  // in the whole list (all shards)
  InputListFingerprint own;
};

/// \p path's size and SHA-256 (of its raw bytes, as the inputs' checksums).
/// \throws InputError or IndexError naming the file when it cannot be read.
[[nodiscard]] ManifestFile checksum_file(const std::string& path);

/// state.json's "settings": what --resume requires unchanged (compare_settings,
/// SettingsMatch::Same). "models" (view spec → model SHA-256) only when a view reads a
/// model file, so states written before it existed still match.
[[nodiscard]] nlohmann::json settings_json(const BuildSettings& settings);

/// DIR and the files in it besides the views. Not thread-safe.
class OutputDirectory {
 public:
  /// \p settings: this build's, recorded in state.json and compared with an interrupted
  /// run's on --resume. \p options must outlive the object.
  OutputDirectory(const IndexOptions& options, BuildSettings settings);

  [[nodiscard]] std::filesystem::path state_path() const { return m_options.out_dir / "state.json"; }
  [[nodiscard]] std::filesystem::path inputs_log_path() const { return m_options.out_dir / "inputs.jsonl"; }
  [[nodiscard]] std::filesystem::path manifest_path() const { return m_options.out_dir / "manifest.json"; }

  /// Makes DIR ready as options.existing says: a new or empty DIR is created with its
  /// views/ folder and a state.json; Overwrite first deletes an index set there; Resume
  /// restores \p state from DIR/state.json once its settings are the ones given. Returns
  /// whether the run resumes. \throws IndexError naming DIR (or state.json) and saying why
  /// when DIR may not be used so (and naming --resume or --overwrite where they help).
  bool prepare(RunState& state, std::size_t view_count);

  /// Writes state.json: the settings and \p state. \throws IndexError.
  void write_state(const RunState& state) const;

 private:
  std::string committed_summary() const;
  void resume_state(RunState& state, std::size_t view_count);

  const IndexOptions& m_options;
  BuildSettings m_settings;
  nlohmann::json m_settings_json;
};

}  // namespace boilerdex::indexer::detail

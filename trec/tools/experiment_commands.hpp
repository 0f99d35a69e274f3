#pragma once
/// \file
/// The `sample` and `experiment` subcommands of boilerdex-trec, kept out of its main() so
/// that main stays thin: construct an ExperimentCommands on the CLI::App before parsing,
/// and after parsing `if (commands.parsed()) return commands.run(config_file);`.
/// Tool-side only (CLI11 in the interface); the work is in trec/experiment.hpp and
/// trec/sample_collection.hpp.

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "boilerdex/trec/experiment.hpp"
#include "boilerdex/trec/sample_collection.hpp"

namespace boilerdex::trec {

/// Registers `sample` and `experiment` on an App and runs whichever was given.
class ExperimentCommands {
 public:
  /// Adds the two subcommands and their options to \p app, which must outlive this object.
  explicit ExperimentCommands(CLI::App& app);

  /// True when the command line named `sample` or `experiment` (after app.parse()).
  [[nodiscard]] bool parsed() const;

  /// Runs the parsed subcommand: results on \p out (the table; the sample's summary),
  /// progress on \p err. \p global_config is the tool's own --config, used by `experiment`
  /// when the subcommand's --config is absent. \returns the exit status (0).
  /// \throws UsageError (no configuration, bad option values), ConfigError, and whatever
  ///         run_experiment or write_sample_collection throw.
  int run(const std::filesystem::path& global_config, std::ostream& out, std::ostream& err);
  int run(const std::filesystem::path& global_config);  ///< run() on std::cout and std::cerr

 private:
  int run_sample(std::ostream& out, std::ostream& err);
  int run_experiment_command(const std::filesystem::path& global_config, std::ostream& out, std::ostream& err);

  CLI::App* m_sample = nullptr;
  CLI::App* m_experiment = nullptr;
  SampleOptions m_sample_options;
  std::filesystem::path m_sample_out;
  std::filesystem::path m_config;
  ExperimentOptions m_options;
  std::string m_measure = "P_10";
  std::string m_bm25;                 ///< "K1,B" overriding [trec] bm25_k1, bm25_b
  std::string m_field;                ///< overrides [trec] field
  std::optional<std::size_t> m_k;     ///< overrides [trec] k
  std::optional<Label> m_binarize;
  bool m_quiet = false;
};

}  // namespace boilerdex::trec

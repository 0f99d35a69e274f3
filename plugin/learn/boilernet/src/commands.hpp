#pragma once
/// \file
/// Private: what `boilerdex-boilernet train | eval | extract` do (the tool's main only
/// parses the command line).

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "boilerdex/plugin/gold_standard.hpp"
#include "training.hpp"
#include "training_data.hpp"

namespace boilerdex::plugin::boilernet {

/// `train`: labelled pages of the data sets (their `split` half) → a model file.
struct TrainCommand {
  std::vector<DatasetSpec> datasets;  ///< at least one
  Split split = Split::Train;
  std::filesystem::path model;  ///< written
  std::size_t limit = 0;        ///< at most this many pages per data set; 0 = all
  LabelOptions labels{};
  TrainingOptions training{};
};

/// Loads the pages (a page that cannot be read is reported on \p log and left out), trains,
/// writes the model, and prints a summary (pages, blocks, class weights, loss per epoch,
/// seconds) to \p out. Returns 0.
/// \throws UsageError, InputError (a data set that cannot be opened, the model not written).
int run_train(const TrainCommand& command, std::ostream& out, std::ostream& log);

/// `eval`: extractors, BoilerNet models among them, on the `split` half of data sets.
struct EvalCommand {
  std::vector<DatasetSpec> datasets;  ///< at least one
  Split split = Split::Test;
  std::vector<std::filesystem::path> models;  ///< each adds "boilernet:PATH"
  std::vector<std::string> extractors;        ///< other extractor names (make_extractor)
  std::size_t limit = 0;                      ///< at most this many pages per data set
};

/// Runs every system on every page of the split, one page at a time on one thread (so the
/// timings compare), and prints the project's evaluation report (write_report: bow and sh4
/// per data set, block level on L3S-GN1) followed by a speed table: CPU seconds of the
/// thread in segment_html (shared by all systems) and in each extractor, and pages per
/// CPU second including segmentation (CPU time, not wall-clock: the machines are shared). A page that cannot be read or an extractor that throws scores
/// as an empty output and is noted on \p log. Returns 0.
/// \throws UsageError (no data set or system, unknown extractor), InputError.
int run_eval(const EvalCommand& command, std::ostream& out, std::ostream& log);

/// `extract`: the main text of HTML files with a model.
struct ExtractCommand {
  std::filesystem::path model;
  std::vector<std::filesystem::path> inputs;
  std::string charset;  ///< declared charset; "" = sniff
};

/// Writes each input's content (blocks the model keeps, one per line) to \p out, inputs in
/// order. An input that cannot be read is reported on \p log and the others go on.
/// Returns 0, or 1 when an input failed. \throws InputError when the model is unusable.
int run_extract(const ExtractCommand& command, std::ostream& out, std::ostream& log);

}  // namespace boilerdex::plugin::boilernet

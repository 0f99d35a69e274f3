#pragma once
/// \file
/// `boilerdex-extract stats`: the stochastic text model (text_model.hpp) over a collection,
/// a data set or plain pages, with an L3S-GN1 block's class from its assessors' annotation
/// (gold_standard.hpp). In the eval library: it reads data sets, which libboilerdex does not.

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/text_model.hpp"

namespace boilerdex::plugin {

// ----- the statistics run ---------------------------------------------------------------

/// The name of an L3S-GN1 class for reports: "not content", "headline", "full text",
/// "supplemental", "related content", "comments", "unlabelled". Never throws.
[[nodiscard]] std::string_view l3s_class_name(L3sClass label) noexcept;

/// What `boilerdex-extract stats` does: either a data set (an L3S-GN1 one is read from its
/// annotated pages, so every block has its assessors' class) or plain page inputs.
struct TextModelOptions {
  std::optional<DatasetSpec> dataset;
  std::vector<std::string> inputs;  ///< files, .html.gz, directories (as expand_inputs)
  std::filesystem::path svg;        ///< text-density histogram SVG; empty = not written
  std::size_t limit = 0;            ///< only the first N pages; 0 = all
  std::size_t density_bins = 25;    ///< text-density bins of width 1 (the last open-ended)
};

/// The statistics of a collection.
struct TextModelReport {
  std::string collection;                    ///< data set name or "N input(s)"
  std::size_t pages = 0;                     ///< pages segmented
  std::size_t failed = 0;                    ///< pages that could not be read
  WordCountHistogram words;                  ///< every block
  std::vector<WordCountHistogram> by_class;  ///< per class (labelled data only)
  TextDensityHistogram density{{"all blocks"}, 1};
  bool labelled = false;
  std::vector<std::string> notes;  ///< failures, first few
};

/// Segments every page (segment_html, default limits) and counts each parse block's words
/// and text density, by class for L3S-GN1 (a block's class is the one holding most of its
/// text bytes, as the block-level evaluation does). A page that cannot be read is counted
/// in failed and noted; the run goes on. The input "-" is read from \p in. Progress goes
/// to \p log when non-null.
/// \throws UsageError when neither or both of dataset and inputs are given; InputError when
/// the data set cannot be opened.
[[nodiscard]] TextModelReport collect_text_model(const TextModelOptions& options, std::istream& in,
                                                 std::ostream* log);

/// Writes \p report as Markdown: the collection, the geometric and mixture fits (P_N(S),
/// P_S(N), P_L(N), log-likelihood, R², R²-adj, RMSE), the derived minimum-words threshold,
/// per class (when labelled) blocks, mean words and the share at or above the threshold,
/// and the text-density histogram as a table. \throws UsageError when no block had words.
void write_text_model_report(const TextModelReport& report, std::ostream& out);

/// collect_text_model() + write_text_model_report() to \p out, the SVG to options.svg when
/// set, progress and notes to \p log. Returns 0, or 1 when some page failed.
/// \throws as collect_text_model(); UsageError when no block had words; InputError when
/// the SVG cannot be written.
int run_text_model(const TextModelOptions& options, std::istream& in, std::ostream& out,
                   std::ostream& log);

}  // namespace boilerdex::plugin

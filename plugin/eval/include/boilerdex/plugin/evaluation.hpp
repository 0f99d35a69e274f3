#pragma once
/// \file
/// Extraction-accuracy evaluation (docs/EVALUATION.md): run extractors, or read another
/// system's outputs, over the data sets of gold_standard.hpp and score them with the
/// bag-of-words and Scrapinghub shingle measures (text_similarity.hpp), plus the WSDM 2010
/// paper's block-level evaluation on L3S-GN1 and WCXB's own measure on WCXB (wcxb.hpp).
/// `boilerdex-extract eval` is a thin wrapper around run_evaluation.

#include <array>
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/metadata_evaluation.hpp"
#include "boilerdex/plugin/text_document.hpp"
#include "boilerdex/plugin/text_similarity.hpp"
#include "boilerdex/plugin/markdown_evaluation.hpp"
#include "boilerdex/plugin/wcxb.hpp"

namespace boilerdex::plugin {

// ----- block level ----------------------------------------------------------------------

/// The classes of the paper's 4-class problem. L3S-GN1 labels map as: not content, related
/// content and unlabelled text → Boilerplate; full text and comments → FullText; headline
/// → Headline; supplemental → Supplemental. The 2-class problem is Boilerplate vs the rest.
enum class BlockClass : std::uint8_t {
  Boilerplate = 0,
  FullText = 1,
  Headline = 2,
  Supplemental = 3
};

/// The 4-class class of an L3S-GN1 label. Never throws.
[[nodiscard]] BlockClass block_class(L3sClass label) noexcept;

/// Word-weighted binary classification figures: every block counts with its number of
/// words. ROC AUC ranks blocks by score (ties count one half).
struct BinaryBlockScores {
  double precision = 0.0;
  double recall = 0.0;
  double f1 = 0.0;
  double fp_rate = 0.0;
  double roc_auc = 0.0;
  double positive_words = 0.0;  ///< words in gold-positive blocks
  double negative_words = 0.0;
};

/// Block-level results of one system on one data set. How they are made, per L3S-GN1 page:
/// the annotated page, with its x-nc span tags removed (spans are inline, so the blocks are
/// the ones the assessors labelled), is segmented; each parse block takes the class holding
/// most of the text bytes in its source range (parse_l3s_annotated); every extractor runs on
/// that document, and a parse block counts as kept when a content block has it among its
/// origins, scored by that block's TextBlock::score (else the decision, 0 or 1).
struct BlockScores {
  /// Boilerplate vs content (headline, full text, supplemental, comments); positive = kept.
  BinaryBlockScores two_class;
  /// Per class, one vs the rest: for a content class the prediction is "kept", for
  /// Boilerplate "dropped" (and the score negated). Indexed by BlockClass.
  std::array<BinaryBlockScores, 4> per_class;
  /// Weka's "weighted average" of per_class, weights = each class's words (the paper's
  /// 4-class figures). An extractor that only keeps or drops blocks cannot tell headline
  /// from full text, so its 4-class precision is bounded by the class mix.
  BinaryBlockScores four_class;
  std::size_t blocks = 0;
};

/// Weka's "weighted average" of one-vs-rest figures, each class weighted by its words
/// (positive_words); classes without words weigh nothing, an undefined FP rate counts 0
/// and an undefined AUC 0.5 (chance). positive_words of the result is the total weight.
[[nodiscard]] BinaryBlockScores weighted_average(const std::array<BinaryBlockScores, 4>& per_class);

/// Accumulates labelled blocks of many pages (pooled, as the paper does).
class BlockEvaluator {
 public:
  /// Adds one block: its gold class, its words (blocks without words carry no weight), the
  /// extractor's decision and its confidence that the block is content (use the decision,
  /// 0 or 1, when the extractor gives none).
  void add(BlockClass gold, int words, bool kept, double score);
  /// Adds every block of \p other.
  void merge(const BlockEvaluator& other);
  /// The figures over every block added. O(n log n).
  [[nodiscard]] BlockScores result() const;
  [[nodiscard]] std::size_t size() const noexcept { return m_blocks.size(); }

  /// Adds every parse block of \p parsed (a page as segment_html left it) as judged by
  /// \p extracted (a copy of \p parsed after an extractor ran): a parse block is kept when a
  /// content block of \p extracted holds it among its origins, and scored by that block's
  /// score (its decision, 0 or 1, where the extractor gives none). \p gold has one class
  /// per block of \p parsed. This is the block-level rule of `boilerdex-extract eval`.
  void add_page(const TextDocument& parsed, const std::vector<BlockClass>& gold,
                const TextDocument& extracted);

 private:
  struct Block {
    double score;
    float words;
    BlockClass gold;
    bool kept;
  };
  std::vector<Block> m_blocks;
};

// ----- outside systems' outputs ---------------------------------------------------------

/// Another system's extracted text per page id.
struct Predictions {
  std::string system;
  std::unordered_map<std::string, std::string> texts;
};

/// Reads predictions from \p path:
///  - a JSON file in the Scrapinghub format, `{"<id>": {"articleBody": "..."}}`, possibly
///    wrapped as `{"version": ..., "output": {...}}`, or in WCXB's results format,
///    `{"<id>": "text"}` (the two may mix) → one system named after the file stem;
///  - a folder of such JSON files → one system per file, in name order;
///  - a folder of `<id>.txt` files (UTF-8, else windows-1252) → one system named after it.
/// A null or absent articleBody, or a null text, is an empty text.
/// \throws InputError naming the file (and byte offset for JSON syntax errors) when a file
/// cannot be read or has another shape, or the folder holds neither kind of file.
[[nodiscard]] std::vector<Predictions> load_predictions(const std::filesystem::path& path);

// ----- scores ---------------------------------------------------------------------------

/// One system's scores on one page.
struct PageScores {
  std::string page;
  TextAgreement agreement;
  std::string error;  ///< why the system produced no output ("" when it did)
  std::string page_type;               ///< wcxb: the page's type; else ""
  std::optional<WcxbPageScores> wcxb;  ///< wcxb: WCXB's measures of the page
  /// wcxb with EvaluationOptions::markdown, pages with gold Markdown: the -f markdown output's.
  std::optional<MarkdownPageScores> markdown;
};

/// One system's scores on one data set.
struct SystemScores {
  std::string system;
  std::string dataset;
  std::size_t pages = 0;
  std::size_t failed = 0;  ///< pages without output (error or missing); scored as empty output
  PrfScore bow;            ///< means of per-page P, R, F1
  PrfScore sh4;            ///< mean P, mean R, F1 of the means
  std::optional<BlockScores> blocks;  ///< L3S-GN1 with extractors only
  std::optional<WcxbScores> wcxb;     ///< WCXB data sets only
  std::optional<MarkdownScores> markdown;  ///< WCXB data sets with EvaluationOptions::markdown
};

/// Aggregates per-page results into a data set's scores (bow means, sh4 aggregate, and the
/// WCXB figures when the pages carry them).
[[nodiscard]] SystemScores aggregate_pages(std::string system, std::string dataset,
                                           const std::vector<PageScores>& pages);

/// Scores \p predictions against every page of \p dataset; a page without a prediction
/// counts as an empty output and as failed ("no prediction"). Fills \p pages, when given,
/// with the per-page results in dataset order.
/// \throws InputError when a gold file cannot be read.
[[nodiscard]] SystemScores score_predictions(const Dataset& dataset, const Predictions& predictions,
                                             std::vector<PageScores>* pages = nullptr);

// ----- the evaluation run ---------------------------------------------------------------

/// What `boilerdex-extract eval` does.
struct EvaluationOptions {
  std::vector<DatasetSpec> datasets;  ///< at least one
  /// Extractor names for make_extractor; empty = default_evaluation_extractors().
  std::vector<std::string> extractors;
  /// Other systems' outputs (see load_predictions), scored on the data sets whose page ids
  /// they cover.
  std::vector<std::filesystem::path> predictions;
  std::filesystem::path pages_tsv;  ///< per-page scores as TSV; empty = not written
  bool block_level = true;          ///< block-level figures on L3S-GN1 data sets
  std::size_t limit = 0;            ///< only the first N pages of each data set; 0 = all
  unsigned threads = 0;             ///< worker threads; 0 = hardware concurrency
  /// On WCXB data sets also score each extractor's Markdown (structured_content.hpp)
  /// against the gold Markdown (markdown_evaluation.hpp): one more parse per page and system.
  bool markdown = false;
};

/// Every registered extractor, once: parameterised families (listed as "NAME:K") with
/// K = 10, families with optional arguments under their bare name.
[[nodiscard]] std::vector<std::string> default_evaluation_extractors();

/// The results of a run, in (data set, system) order: extractors first, then predictions.
struct EvaluationReport {
  std::vector<SystemScores> results;
  /// Per WCXB data set: read_page_metadata against the gold title, author and date
  /// (metadata_evaluation.hpp), once per page whatever the extractors.
  std::vector<MetadataScores> metadata;
  std::vector<std::string> notes;  ///< skipped pages, failures (first few per system)
};

/// Runs every extractor on every page (each page decoded and segmented once, pages in
/// parallel), scores the outputs and the predictions, and writes per-page rows to
/// \p pages_tsv when non-null (header: dataset system page bow_p bow_r bow_f1 sh4_p sh4_r
/// sh4_f1 gold_tokens predicted_tokens error page_type word_p word_r word_f1 with_rate
/// without_rate; sh4_p/sh4_r empty where undefined, the last six empty outside WCXB sets).
/// A page that cannot be read or an extractor that throws on a page is scored as an empty
/// output and reported; the run goes on. Progress goes to \p log when non-null.
/// \throws UsageError for unknown extractor names or no data set; InputError when a data
/// set or prediction file cannot be opened.
[[nodiscard]] EvaluationReport evaluate(const EvaluationOptions& options, std::ostream* pages_tsv,
                                        std::ostream* log);

/// Writes \p report as Markdown: per data set a table of every system (pages, failed, bow
/// P/R/F1, sh4 P/R/F1), block-level tables for L3S-GN1 (2- and 4-class figures, and the
/// share of each gold class's words kept), WCXB tables for WCXB sets (write_wcxb_tables,
/// then write_metadata_table),
/// and a summary matrix of system × data set with "bow F1 / sh4 F1" cells (WCXB word F1 on
/// WCXB sets).
void write_report(const EvaluationReport& report, std::ostream& out);

/// evaluate() + write_report() to \p out, progress and notes to \p log, opening
/// options.pages_tsv when set. Returns 0.
/// \throws UsageError, InputError as evaluate(); InputError when pages_tsv cannot be written.
int run_evaluation(const EvaluationOptions& options, std::ostream& out, std::ostream& log);

}  // namespace boilerdex::plugin

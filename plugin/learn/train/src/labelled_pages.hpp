#pragma once
/// \file
/// Labelled pages for training block classifiers: every parse block of a page with its
/// shallow features and its gold class. Labels come from L3S-GN1's annotation (the
/// block-level evaluation's rule) or, for data sets whose gold is plain text (CleanEval,
/// Dragnet, Scrapinghub, Readability), from aligning the gold text with the blocks
/// (learned_labels.hpp).

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin::train {

/// One page's blocks, their features and gold classes (same length, block order).
struct LabelledPage {
  std::string id;  ///< "DATASET/PAGE"
  std::vector<BlockFeatures> features;
  std::vector<BlockClass> gold;
  /// True when the labels distinguish the four classes (L3S-GN1); text-aligned labels know
  /// only Boilerplate and FullText.
  bool four_class = false;
  /// The rows of the feature set "best" (best_feature_rows: they need the page), when
  /// LabelOptions::best_rows asked for them; empty otherwise.
  std::vector<float> best_rows;
  /// Multiplies the training weight of every row of the page (LabelOptions::only_pages).
  double weight = 1.0;
};

/// The feature rows of \p page in feature set \p set (row-major, feature_count(set) per block).
/// \throws UsageError for FeatureSet::Best when the page was labelled without its rows.
[[nodiscard]] std::vector<float> page_rows(const LabelledPage& page, FeatureSet set);

/// How gold becomes classes.
struct LabelOptions {
  /// L3S-GN1 comments (x-nc-sel5): FullText, as the paper's 4-class problem and the
  /// block-level evaluation count them, or Boilerplate, as the data set's gold text (and
  /// Dragnet's) leaves them out.
  bool comments_are_content = true;
  /// Text-aligned gold: a block is FullText when at least this share of its tokens align.
  double min_aligned_share = 0.5;
  /// Also keep the rows of the feature set "best" (LabelledPage::best_rows).
  bool best_rows = false;
  /// Label only these pages ("DATASET/PAGE", as LabelledPage::id), each with the weight its
  /// rows get in training (LabelledPage::weight); empty: every page, weight 1.
  std::unordered_map<std::string, double> only_pages;
  /// With best_rows: the rows of the stacked second stage (best_stacked_feature_rows) instead,
  /// each page's first stage the model given here for its id ("DATASET/PAGE"), one trained
  /// without that page. Empty: the rows of the first stage.
  std::unordered_map<std::string, std::shared_ptr<const LearnedModel>> stack_models;
};

/// A labelled page from an annotated L3S-GN1 page (UTF-8). Never throws (std::bad_alloc
/// aside).
[[nodiscard]] LabelledPage label_l3s_page(std::string_view annotated_utf8, std::string id,
                                          const LabelOptions& options = {});

/// A labelled page from a page (UTF-8) and its gold text, aligned (2 classes).
/// Never throws (std::bad_alloc aside).
[[nodiscard]] LabelledPage label_text_page(std::string_view html_utf8, std::string_view gold_text,
                                           std::string id, const LabelOptions& options = {});

/// The labelled page of \p page of \p dataset (L3S-GN1: its annotated twin; others: the
/// page aligned with its gold text).
/// \throws InputError naming the file when the page or its gold cannot be read.
[[nodiscard]] LabelledPage label_page(const Dataset& dataset, const GoldPage& page,
                                      const LabelOptions& options = {});

/// Labelled pages of several data sets.
struct LabelledCollection {
  std::vector<LabelledPage> pages;  ///< data set order, then page order
  std::vector<std::string> notes;   ///< pages left out and why
};

/// Labels every page of every data set of \p specs (the first \p limit pages of each when
/// \p limit > 0), pages in parallel on \p threads threads (0 = all cores); a page that
/// fails is noted and left out. Progress goes to \p log when non-null.
/// \throws InputError when a data set cannot be opened.
[[nodiscard]] LabelledCollection load_labelled_pages(const std::vector<DatasetSpec>& specs,
                                                     std::size_t limit, unsigned threads,
                                                     std::ostream* log,
                                                     const LabelOptions& options = {});

}  // namespace boilerdex::plugin::train

#pragma once
/// \file
/// Private: labelled pages for training and held-out evaluation. A block's label is 1 for
/// main content, 0 for boilerplate:
///  - L3S-GN1: the annotated page (x-nc spans removed) is segmented and each block takes
///    the class holding most of its text bytes, exactly as the block-level evaluation
///    derives it (plugin::l3s_block_labels, learned_labels.hpp); headline, full text and
///    supplemental are content, and so are comments unless LabelOptions says otherwise
///    (the block-level evaluation counts comments as content, the token measures' gold
///    text does not).
///  - every other data set: the gold text is aligned to the blocks (align_gold_text).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::boilernet {

/// Which pages of a data set: a page is in the test half when the FNV-1a 64-bit hash of
/// its id is odd, in the train half otherwise (stable when pages are added or removed).
enum class Split { All, Train, Test };

/// Parses "all", "train" or "test". \throws UsageError naming the value.
[[nodiscard]] Split parse_split(std::string_view name);

/// True when the page \p id belongs to \p split. Never throws.
[[nodiscard]] bool in_split(std::string_view id, Split split) noexcept;

/// Gold-text alignment for data sets without block annotations: a block is content when at
/// least half of its `\w+` tokens are used by the longest common subsequence of the page's
/// and the gold text's tokens (plugin::aligned_block_shares, learned_labels.hpp); a block
/// without tokens is boilerplate. O(page tokens × gold tokens). Never throws
/// (std::bad_alloc aside).
[[nodiscard]] std::vector<float> align_gold_text(const TextDocument& doc, std::string_view gold);

/// How pages are labelled.
struct LabelOptions {
  /// L3S-GN1: comments (x-nc-sel5) are content, as in the block-level evaluation.
  bool l3s_comments_are_content = true;
};

/// A segmented page with a 0/1 label per block.
struct LabelledPage {
  std::string id;
  std::string html;  ///< what was segmented (L3S-GN1: the annotated page without spans)
  TextDocument doc;
  std::vector<float> labels;  ///< per block of doc
  std::vector<BlockClass> classes;  ///< L3S-GN1 only: the 4-class gold per block
};

/// Loads, segments and labels one page of \p dataset (see the file comment).
/// \throws InputError naming the file when the page or its gold cannot be read.
[[nodiscard]] LabelledPage load_labelled_page(const Dataset& dataset, const GoldPage& page,
                                              const LabelOptions& options = {});

}  // namespace boilerdex::plugin::boilernet

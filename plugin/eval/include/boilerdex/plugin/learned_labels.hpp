#pragma once
/// \file
/// Gold labels of text blocks, for training and scoring learned block classifiers: from
/// L3S-GN1's per-span annotation, or by aligning a data set's gold text with the blocks.

#include <string_view>
#include <vector>

#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// The L3S-GN1 class of each block of \p doc, which must come from segmenting
/// \p page.html: the class holding most text bytes of the block's source range
/// [source_begin, source_end); a block with no annotated text byte is Unlabelled. This is
/// the block-level evaluation's rule (evaluation.hpp; map with block_class). O(bytes).
/// Never throws (std::bad_alloc aside). Thread-safe.
[[nodiscard]] std::vector<L3sClass> l3s_block_labels(const TextDocument& doc,
                                                     const AnnotatedPage& page);

/// For each block of \p doc, the share (0 to 1) of its `\w+` tokens (word_tokens in
/// text_similarity.hpp) that a longest common subsequence of the page's tokens (all blocks
/// in order) and \p gold_text's tokens uses; 0 for a block without tokens. Tokens compare
/// exactly (case kept), as the bag-of-words measure does. When the page and gold have more
/// than 2^26 token pairs, each block's tokens are instead matched in order against what
/// remains of the gold's bag of words. O(page tokens × gold tokens) time, a quarter byte per
/// pair of memory. Never throws (std::bad_alloc aside). Thread-safe.
[[nodiscard]] std::vector<double> aligned_block_shares(const TextDocument& doc,
                                                       std::string_view gold_text);

}  // namespace boilerdex::plugin

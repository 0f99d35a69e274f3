#pragma once
/// \file
/// TextBlock: boilerpipe 1.2's unit of text (spec §1.1), plus provenance that boilerdex
/// needs beyond the original (which parse blocks a block came from, where in the input).

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "boilerdex/plugin/label.hpp"

namespace boilerdex::plugin {

/// The class of the element enclosing a block's text, as the WSDM 2010 paper's Table 2
/// names them ("enclosing tag": H1–H6, P, DIV, A); every other element is Other.
enum class TagClass : std::uint8_t { Other, A, P, Div, H1, H2, H3, H4, H5, H6 };

/// A run of text between two block boundaries, with boilerpipe's counts.
/// Densities are single-precision floats exactly as in Java (spec §1.3).
struct TextBlock {
  std::string text;  ///< UTF-8; merged blocks join their parts with '\n'
  bool is_content = false;
  int num_words = 0;
  int num_words_in_anchor_text = 0;
  int num_words_in_wrapped_lines = 0;
  int num_wrapped_lines = 0;
  float text_density = 0.0f;
  float link_density = 0.0f;
  int offset_blocks_start = 0;  ///< first originating parse block (0-based, body blocks only)
  int offset_blocks_end = 0;    ///< last originating parse block
  int tag_level = 0;            ///< element depth where the block's first text appeared (§2.4)
  LabelSet labels;
  /// Indices of the parse blocks whose text this block holds, ascending. A parse block has
  /// {its own index}; merges take the union. Blocks made by SplitParagraphBlocksFilter
  /// hold the one parse block their line came from. Lets callers map any extractor's
  /// decisions back onto the parse blocks (see content_mask in text_document.hpp).
  std::vector<std::uint32_t> origins;
  /// Byte range [source_begin, source_end) in the decoded UTF-8 input that spans the
  /// block's text nodes (markup inside included). Merges take min/max.
  std::uint32_t source_begin = 0;
  std::uint32_t source_end = 0;
  /// The innermost element around the block's first text that is not one of boilerpipe's
  /// inline tags (§2.3: b, i, em, strong, span, font, abbr, ...), by class; set by the
  /// segmenter. merge_next keeps this block's value.
  TagClass enclosing_tag = TagClass::Other;
  /// A method's confidence that the block is content, where it gives one; NaN otherwise.
  float score = std::numeric_limits<float>::quiet_NaN();

  /// Recomputes both densities from the counters, applying boilerpipe's rule: when
  /// num_words_in_wrapped_lines is 0, it becomes num_words and num_wrapped_lines 1.
  void init_densities() noexcept;

  /// boilerpipe's mergeNext: appends '\n' + next.text, sums the counters, takes min/max
  /// offsets and source range, ORs is_content, unions labels and origins, min tag level,
  /// recomputes densities. \p next is left unchanged (the caller removes it).
  void merge_next(const TextBlock& next);
};

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// boilerpipe's content handler: NekoHTML's SAX events in, text blocks out (spec §2), and
/// boilerpipe's tag actions, the rule for which events an element's start and end make.
/// Private to libboilerdex.

#include <gumbo.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/html_segmenter.hpp"
#include "html_segmenter_internal.hpp"  // LineWrapCounter
#include "token_statistics_internal.hpp"

namespace boilerdex::plugin::detail {

/// boilerpipe 1.2.0's default tag actions (spec §2.3), plus Transparent for elements that
/// exist only in the HTML5 tree and not in NekoHTML's (spec §9.1).
enum class TagAction : std::uint8_t {
  Other,
  Ignorable,
  Anchor,
  Body,
  Inline,
  InlineWhitespace,
  Transparent
};

/// \p node's action (an element): boilerpipe's default for its tag, or Transparent for an
/// element only the HTML5 tree has (a reopened formatting element, "</br>" read as <br>).
/// Never throws.
[[nodiscard]] TagAction tag_action(const GumboNode& node) noexcept;

/// boilerpipe's BoilerpipeHTMLContentHandler (spec §2.2–§2.7), fed from a Gumbo tree by
/// the segmenter's walk (segment_walk_internal.hpp): the SAX events NekoHTML would send
/// become the blocks of \p doc, within \p limits, with what was cut counted in \p stats
/// (all three outlive the handler). One handler per page; not thread-safe. Its functions
/// throw std::bad_alloc only.
class ContentHandler {
 public:
  /// With \p count_tokens the handler also counts each block's tokens into
  /// doc.token_counts (TextDocument), in the pass that reads them for its own counts.
  ContentHandler(const SegmentLimits& limits, SegmentStats& stats, TextDocument& doc,
                 bool count_tokens = false)
      : m_limits(limits), m_stats(stats), m_doc(doc), m_count_tokens(count_tokens) {}

  /// An element starts: \p id is its number in document order (ContainerTree), \p container
  /// whether it is one of the DOM-ancestor filter's containers (spec §8).
  void start_element(const GumboNode* node, TagAction action, std::uint32_t id, bool container);

  /// The element \p node, started with \p action and \p container, ends.
  void end_element(const GumboNode* node, TagAction action, bool container);

  /// One SAX characters() event (§2.4). [source_begin, source_end) is the text node's span.
  void characters(std::string_view chunk, std::uint32_t source_begin, std::uint32_t source_end);

  /// The last block is flushed and the document's container tree finished.
  void end_document();

 private:
  void append_both(char c);
  void add_whitespace_if_needed();
  void close_anchor();
  /// Appends an anchor marker (the space after it is the caller's).
  void append_marker(std::string_view marker);
  void clear_buffers();
  /// flushBlock() (§2.5).
  void flush_block();
  /// flushBlock's end, once the buffer's tokens are read: \p tokens tokens but the
  /// markers, \p linked words in anchor text, \p wrap's lines; the block's token counts
  /// from \p counts where the handler counts them.
  void end_block(int tokens, int linked, const LineWrapCounter& wrap, const TokenStatistics* counts);

  const SegmentLimits& m_limits;
  SegmentStats& m_stats;
  TextDocument& m_doc;
  const bool m_count_tokens;

  std::string m_tokens_buffer;
  std::string m_text_buffer;
  std::size_t m_tokens_scanned = 0;  // m_tokens_buffer[0, this) holds no tokens, only markers
  // The block's token counts can be those of its text (TextDocument::token_counts): no
  // marker so far was glued to the text before it, no flush's tokenizing trimmed more than
  // spaces.
  bool m_counts_known = true;
  int m_in_body = 0;
  int m_in_ignorable = 0;
  const GumboNode* m_open_anchor = nullptr;  // NekoHTML never has more than one open <a>
  int m_tag_level = 0;
  int m_block_tag_level = -1;
  bool m_last_was_whitespace = false;
  bool m_flush = false;
  bool m_in_anchor_text = false;  // global across blocks, as in Java (§2.7)
  bool m_last_start_was_title = false;
  int m_offset_blocks = 0;

  // boilerdex's provenance, beyond the Java handler.
  ContainerTree::Builder m_tree;
  std::vector<std::uint32_t> m_containers;  // open container elements' tree nodes, outermost first
  std::uint32_t m_block_container = k_no_container;  // innermost when the block's text began
  // Classes of the open elements that change the tag level (inline tags excluded),
  // innermost last: the paper's "enclosing tag" feature of a block is the innermost one
  // when its first text appears.
  std::vector<TagClass> m_tag_classes;
  TagClass m_block_enclosing = TagClass::Other;
  std::uint32_t m_body_id = 0;
  bool m_block_has_text = false;
  std::uint32_t m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t m_block_source_end = 0;
};

}  // namespace boilerdex::plugin::detail

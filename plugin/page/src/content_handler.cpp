// boilerpipe's BoilerpipeHTMLContentHandler over the segmenter's walk, and its tag actions
// (content_handler_internal.hpp).
#include "content_handler_internal.hpp"

#include <algorithm>

#include "boilerdex/plugin/word_tokenizer.hpp"
#include "html_segmenter_internal.hpp"
#include "neko_html_internal.hpp"
#include "token_statistics_internal.hpp"
#include "word_tokenizer_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin::detail {

std::size_t java_whitespace_length(const char* p, const char* end) noexcept {
  const auto b0 = static_cast<unsigned char>(*p);
  if (b0 < 0x80) return ((b0 >= 0x09 && b0 <= 0x0D) || (b0 >= 0x1C && b0 <= 0x20)) ? 1 : 0;
  if (end - p < 3) return 0;
  const auto b1 = static_cast<unsigned char>(p[1]);
  const auto b2 = static_cast<unsigned char>(p[2]);
  switch (b0) {
    case 0xE1:  // U+1680 OGHAM SPACE MARK
      return (b1 == 0x9A && b2 == 0x80) ? 3 : 0;
    case 0xE2:
      if (b1 == 0x80) {
        // U+2000–U+2006, U+2008–U+200A, U+2028, U+2029 (not U+2007 FIGURE SPACE, U+200B, U+202F)
        return ((b2 >= 0x80 && b2 <= 0x86) || (b2 >= 0x88 && b2 <= 0x8A) || b2 == 0xA8 ||
                b2 == 0xA9)
                   ? 3
                   : 0;
      }
      return (b1 == 0x81 && b2 == 0x9F) ? 3 : 0;  // U+205F
    case 0xE3:                                    // U+3000 IDEOGRAPHIC SPACE
      return (b1 == 0x80 && b2 == 0x80) ? 3 : 0;
    default:
      return 0;
  }
}

namespace {

constexpr std::string_view k_anchor_start = "$\xEE\x80\x8A<";  // "$\uE00A<"
constexpr std::string_view k_anchor_end = ">\xEE\x80\x8A$";    // ">\uE00A$"

/// The WSDM 2010 Table 2 class of an element: A, P, DIV, H1–H6, or Other.
TagClass tag_class_of(GumboTag tag) noexcept {
  switch (tag) {
    case GUMBO_TAG_A: return TagClass::A;
    case GUMBO_TAG_P: return TagClass::P;
    case GUMBO_TAG_DIV: return TagClass::Div;
    case GUMBO_TAG_H1: return TagClass::H1;
    case GUMBO_TAG_H2: return TagClass::H2;
    case GUMBO_TAG_H3: return TagClass::H3;
    case GUMBO_TAG_H4: return TagClass::H4;
    case GUMBO_TAG_H5: return TagClass::H5;
    case GUMBO_TAG_H6: return TagClass::H6;
    default: return TagClass::Other;
  }
}

// Whether java_trim(\p s) removes nothing but spaces: then \p s and its trimmed text have
// the same tokens.
bool trims_only_spaces(std::string_view s) noexcept {
  std::size_t b = 0;
  for (; b < s.size() && static_cast<unsigned char>(s[b]) <= 0x20; ++b)
    if (s[b] != ' ') return false;
  for (std::size_t e = s.size(); e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20; --e)
    if (s[e - 1] != ' ') return false;
  return true;
}

// The tokens of a flushed buffer as the handler reads them, a sink for tokenize_with: the
// markers switch anchor text on and off; of the other tokens, every word token (is_word)
// is a word, in anchor text or not, as wide as its UTF-16 length. With Count, also the
// block's token counts (TokenCounts), which the markers leave out.
template <bool Count>
struct FlushTokens {
  bool& in_anchor_text;
  LineWrapCounter wrap{};
  TokenStatistics counts{};  // with Count only
  int linked = 0;
  int tokens = 0;            // tokens but the markers
  bool non_ascii = false;    // the token being read has a code point past ASCII
  bool has_word = false;     // without Count: the token being read has a letter or number

  void ascii(const unsigned char* b, const unsigned char* e) noexcept {
    if constexpr (Count) {
      counts.ascii(b, e);
    } else if (!has_word) {
      for (; b < e; ++b)
        if (k_ascii_shapes[*b] != k_no_shape) {
          has_word = true;
          break;
        }
    }
  }
  void code_point(std::uint32_t mask) noexcept {
    non_ascii = true;
    if constexpr (Count)
      counts.code_point(mask);
    else
      has_word = has_word || (mask & (U_GC_L_MASK | U_GC_ND_MASK | U_GC_NL_MASK | U_GC_NO_MASK)) != 0;
  }
  void token(const char* b, const char* e) noexcept {
    const std::string_view token(b, static_cast<std::size_t>(e - b));
    if (token == k_anchor_start || token == k_anchor_end) {
      in_anchor_text = token == k_anchor_start;
      if constexpr (Count) counts.skip_token();
    } else {
      ++tokens;
      bool word;
      if constexpr (Count)
        word = counts.word();
      else
        word = has_word;
      if (word) {
        if (in_anchor_text) ++linked;
        wrap.add(static_cast<int>(non_ascii ? utf16_length(token) : token.size()));
      }
      if constexpr (Count) counts.token(b, e);
    }
    non_ascii = false;
    has_word = false;
  }
};

}  // namespace

TagAction tag_action(const GumboNode& node) noexcept {
  const GumboElement& e = node.v.element;
  // Formatting elements the HTML5 parser reopens (an unclosed <a> reconstructed in the next
  // paragraph) and "</br>" turned into <br>: NekoHTML has neither. Adoption-agency clones
  // stay: in `<a><div>x</a>` the clone inside the div holds "x", which NekoHTML keeps
  // inside the <a>.
  // NekoHTML does reopen the inline elements a start tag with no flags closed (<li>, <dd>,
  // <center>, <pre>, ...: `<p><a href>x <li>y` links y in both).
  if ((node.parse_flags & GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT) != 0 &&
      !(node.parent != nullptr && node.parent->type == GUMBO_NODE_ELEMENT &&
        neko_reopens_inlines(node.parent->v.element.tag))) {
    return TagAction::Transparent;
  }
  if ((node.parse_flags & GUMBO_INSERTION_CONVERTED_FROM_END_TAG) != 0 && e.tag == GUMBO_TAG_BR) {
    return TagAction::Transparent;
  }
  switch (e.tag) {
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_OPTION:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_NOSCRIPT:
      return TagAction::Ignorable;
    case GUMBO_TAG_A:
      return TagAction::Anchor;
    case GUMBO_TAG_BODY:
      return TagAction::Body;
    case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_U:
    case GUMBO_TAG_B:
    case GUMBO_TAG_I:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_SPAN:
    case GUMBO_TAG_SUP:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_TT:
    case GUMBO_TAG_SUB:
    case GUMBO_TAG_VAR:
    case GUMBO_TAG_FONT:
      return TagAction::Inline;
    case GUMBO_TAG_ABBR:
    case GUMBO_TAG_ACRONYM:
      return TagAction::InlineWhitespace;
    default:
      return TagAction::Other;
  }
}

void ContentHandler::start_element(const GumboNode* node, TagAction action, std::uint32_t id, bool container) {
  switch (action) {
    case TagAction::Transparent:
      return;
    case TagAction::Ignorable:
      ++m_tag_level;
      ++m_in_ignorable;
      m_flush = true;
      break;
    case TagAction::Anchor:
      ++m_tag_level;
      // NekoHTML (as patched by boilerpipe) closes an open <a> when another starts; the
      // HTML5 tree can nest them. Emulate the parser, not Java's broken counter recovery.
      if (m_open_anchor != nullptr) close_anchor();
      m_open_anchor = node;
      if (m_in_ignorable == 0) {
        add_whitespace_if_needed();
        append_marker(k_anchor_start);
        m_tokens_buffer.push_back(' ');
        m_last_was_whitespace = true;
      }
      break;
    case TagAction::Body:
      ++m_tag_level;
      flush_block();
      ++m_in_body;
      m_body_id = id;
      break;
    case TagAction::Inline:
      break;
    case TagAction::InlineWhitespace:
      add_whitespace_if_needed();
      break;
    case TagAction::Other:
      ++m_tag_level;
      m_flush = true;
      break;
  }
  if (action != TagAction::Inline && action != TagAction::InlineWhitespace) {
    m_tag_classes.push_back(tag_class_of(node->v.element.tag));
  }
  if (container) m_containers.push_back(m_tree.open(id, m_containers.empty() ? k_no_container : m_containers.back()));
  m_last_start_was_title = node->v.element.tag == GUMBO_TAG_TITLE;
}

void ContentHandler::end_element(const GumboNode* node, TagAction action, bool container) {
  switch (action) {
    case TagAction::Transparent:
      return;
    case TagAction::Ignorable:
      --m_in_ignorable;
      m_flush = true;
      --m_tag_level;
      break;
    case TagAction::Anchor:
      if (m_open_anchor == node) close_anchor();
      --m_tag_level;
      break;
    case TagAction::Body:
      flush_block();
      --m_in_body;
      --m_tag_level;
      break;
    case TagAction::Inline:
      break;
    case TagAction::InlineWhitespace:
      add_whitespace_if_needed();
      break;
    case TagAction::Other:
      m_flush = true;
      --m_tag_level;
      break;
  }
  if (m_flush) flush_block();  // the flag stays set until the next text event
  if (container) m_containers.pop_back();
  if (action != TagAction::Inline && action != TagAction::InlineWhitespace && !m_tag_classes.empty()) {
    m_tag_classes.pop_back();
  }
}

void ContentHandler::characters(std::string_view chunk, std::uint32_t source_begin, std::uint32_t source_end) {
  if (m_flush) {
    flush_block();
    m_flush = false;
  }
  if (m_in_ignorable > 0) return;

  const char* const begin = chunk.data();
  const char* const end = begin + chunk.size();
  const char* b = begin;
  while (b < end) {
    const std::size_t n = detail::java_whitespace_length(b, end);
    if (n == 0) break;
    b += n;
  }
  const bool leading = b != begin;
  if (b == end) {  // whitespace only
    if (leading && !m_last_was_whitespace) append_both(' ');
    m_last_was_whitespace = true;
    return;
  }
  // Trailing whitespace: scan back over whole UTF-8 characters.
  const char* e = end;
  bool trailing = false;
  for (;;) {
    const char* c = e - 1;
    while (c > b && (static_cast<unsigned char>(*c) & 0xC0) == 0x80) --c;
    const std::size_t n = detail::java_whitespace_length(c, e);
    if (n == 0 || c + n != e) break;
    e = c;
    trailing = true;
  }
  if (leading && !m_last_was_whitespace) append_both(' ');
  if (m_block_tag_level == -1) m_block_tag_level = m_tag_level;
  if (!m_block_has_text) {
    m_block_has_text = true;
    // Its chain is read from the tree: a copy per block took 0.4 GB at max_blocks under
    // 511 nested <div>s (issue #16, item 5).
    m_block_container = m_containers.empty() ? k_no_container : m_containers.back();
    m_block_enclosing = m_tag_classes.empty() ? TagClass::Other : m_tag_classes.back();
  }
  m_block_source_begin = std::min(m_block_source_begin, source_begin);
  m_block_source_end = std::max(m_block_source_end, source_end);

  // Append the inner text with every Java whitespace character replaced by one space.
  const std::size_t from = m_tokens_buffer.size();
  const char* run = b;
  for (const char* p = b; p < e;) {
    const std::size_t n = detail::java_whitespace_length(p, e);
    if (n == 0) {
      ++p;
      continue;
    }
    m_tokens_buffer.append(run, static_cast<std::size_t>(p - run));
    m_tokens_buffer.push_back(' ');
    p += n;
    run = p;
  }
  m_tokens_buffer.append(run, static_cast<std::size_t>(e - run));
  if (trailing) m_tokens_buffer.push_back(' ');
  m_text_buffer.append(m_tokens_buffer, from, std::string::npos);
  m_last_was_whitespace = trailing;
}

void ContentHandler::end_document() {
  flush_block();
  m_doc.containers = m_tree.finish();
}

void ContentHandler::append_both(char c) {
  m_tokens_buffer.push_back(c);
  m_text_buffer.push_back(c);
}

void ContentHandler::add_whitespace_if_needed() {
  if (!m_last_was_whitespace) {
    append_both(' ');
    m_last_was_whitespace = true;
  }
}

void ContentHandler::append_marker(std::string_view marker) {
  // The block's token counts are those of its text only while each marker stands alone
  // between spaces (the space after it follows at once): then its text's tokens are the
  // buffer's less the markers.
  if (!m_tokens_buffer.empty() && m_tokens_buffer.back() != ' ') m_counts_known = false;
  m_tokens_buffer.append(marker);
}

void ContentHandler::close_anchor() {
  m_open_anchor = nullptr;
  if (m_in_ignorable == 0) {
    add_whitespace_if_needed();
    append_marker(k_anchor_end);
    m_tokens_buffer.push_back(' ');
    m_last_was_whitespace = true;
  }
}

void ContentHandler::clear_buffers() {
  m_tokens_buffer.clear();
  m_tokens_scanned = 0;
  m_text_buffer.clear();
  m_block_has_text = false;
  m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
  m_block_source_end = 0;
  m_counts_known = true;
}

void ContentHandler::flush_block() {
  if (m_in_body == 0) {
    if (m_last_start_was_title) {
      const std::string_view t = java_trim(m_tokens_buffer);
      if (!t.empty()) m_doc.title.assign(t);
    }
    clear_buffers();  // blockTagLevel survives: quirk Q1
    return;
  }
  if (m_tokens_buffer.empty()) return;
  if (m_tokens_buffer.size() == 1 && m_last_was_whitespace) {
    clear_buffers();
    return;
  }
  // Only the part after a markers-only prefix (quirk Q3) needs tokenizing: that prefix
  // yields no tokens and has already set m_in_anchor_text. Without this, a page of
  // thousands of empty anchors re-tokenizes an ever longer buffer at every flush.
  const std::string_view scanned = std::string_view(m_tokens_buffer).substr(m_tokens_scanned);
  if (m_count_tokens) {
    FlushTokens<true> sink{m_in_anchor_text};
    tokenize_with(scanned, sink);
    // The tokenizer trims its text (java_trim): the counts are the text's while it trims
    // spaces only (a control character at an end may be inside the block's text).
    if (!trims_only_spaces(scanned)) m_counts_known = false;
    end_block(sink.tokens, sink.linked, sink.wrap, &sink.counts);
  } else {
    FlushTokens<false> sink{m_in_anchor_text};
    tokenize_with(scanned, sink);
    end_block(sink.tokens, sink.linked, sink.wrap, nullptr);
  }
}

void ContentHandler::end_block(int tokens, int linked, const LineWrapCounter& wrap,
                               const TokenStatistics* counts) {
  if (tokens == 0) {  // quirk Q3: markers-only text waits for the next block
    if (m_tokens_buffer.back() == ' ') m_tokens_scanned = m_tokens_buffer.size();
    return;
  }

  const int words = wrap.words();

  if (m_doc.blocks.size() >= m_limits.max_blocks) {
    m_stats.blocks_limited = true;
  } else {
    TextBlock& block = m_doc.blocks.emplace_back();
    std::string_view text = java_trim(m_text_buffer);
    bool counted = counts != nullptr && m_counts_known && trims_only_spaces(m_text_buffer);
    if (text.size() > m_limits.max_block_bytes) {
      text = truncate_utf8(text, m_limits.max_block_bytes);
      ++m_stats.truncated_blocks;
      counted = false;
    }
    block.text.assign(text);
    if (counts != nullptr) m_doc.token_counts.push_back(counted ? counts->counted() : TokenCounts{});
    block.num_words = words;
    block.num_words_in_anchor_text = linked;
    block.num_words_in_wrapped_lines = wrap.words_in_wrapped_lines();
    block.num_wrapped_lines = wrap.wrapped_lines();
    block.offset_blocks_start = block.offset_blocks_end = m_offset_blocks;
    block.tag_level = m_block_tag_level;
    block.enclosing_tag = m_block_enclosing;
    block.origins.assign(1, static_cast<std::uint32_t>(m_offset_blocks));
    block.source_begin = m_block_source_begin == std::numeric_limits<std::uint32_t>::max()
                             ? 0
                             : m_block_source_begin;
    block.source_end = std::max(block.source_begin, m_block_source_end);
    block.init_densities();
    m_tree.add_block(m_block_container, m_body_id);
    m_block_container = k_no_container;
    ++m_offset_blocks;
  }
  clear_buffers();
  m_block_tag_level = -1;
}

}  // namespace boilerdex::plugin::detail

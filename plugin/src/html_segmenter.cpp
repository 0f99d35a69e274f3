#include "boilerdex/plugin/html_segmenter.hpp"

#include <gumbo.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "arena.hpp"
#include "boilerdex/plugin/word_tokenizer.hpp"
#include "html_segmenter_internal.hpp"

namespace boilerdex::plugin {
namespace detail {

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
        return ((b2 >= 0x80 && b2 <= 0x86) || (b2 >= 0x88 && b2 <= 0x8A) || b2 == 0xA8 || b2 == 0xA9) ? 3 : 0;
      }
      return (b1 == 0x81 && b2 == 0x9F) ? 3 : 0;  // U+205F
    case 0xE3:  // U+3000 IDEOGRAPHIC SPACE
      return (b1 == 0x80 && b2 == 0x80) ? 3 : 0;
    default:
      return 0;
  }
}

namespace {

bool is_alnum(char c) noexcept {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::size_t utf8_length_at(std::string_view s, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - i);
}

// NekoHTML delivers &#128;–&#159; as the C1 controls U+0080–U+009F (HTML5 maps them to
// windows-1252); both are non-words, but the text differs. UTF-8 of U+0080 + k.
constexpr char kC1Utf8[32][2] = {
    {'\xC2', '\x80'}, {'\xC2', '\x81'}, {'\xC2', '\x82'}, {'\xC2', '\x83'}, {'\xC2', '\x84'}, {'\xC2', '\x85'},
    {'\xC2', '\x86'}, {'\xC2', '\x87'}, {'\xC2', '\x88'}, {'\xC2', '\x89'}, {'\xC2', '\x8A'}, {'\xC2', '\x8B'},
    {'\xC2', '\x8C'}, {'\xC2', '\x8D'}, {'\xC2', '\x8E'}, {'\xC2', '\x8F'}, {'\xC2', '\x90'}, {'\xC2', '\x91'},
    {'\xC2', '\x92'}, {'\xC2', '\x93'}, {'\xC2', '\x94'}, {'\xC2', '\x95'}, {'\xC2', '\x96'}, {'\xC2', '\x97'},
    {'\xC2', '\x98'}, {'\xC2', '\x99'}, {'\xC2', '\x9A'}, {'\xC2', '\x9B'}, {'\xC2', '\x9C'}, {'\xC2', '\x9D'},
    {'\xC2', '\x9E'}, {'\xC2', '\x9F'}};

}  // namespace

void split_at_references(std::string_view original, std::string_view decoded, std::vector<std::string_view>& chunks) {
  chunks.clear();
  auto emit = [&chunks](std::string_view chunk) { chunks.push_back(chunk); };
  if (original.find('&') == std::string_view::npos) {
    if (!decoded.empty()) emit(decoded);
    return;
  }
  std::size_t i = 0;            // position in original
  std::size_t j = 0;            // position in decoded
  std::size_t chunk_start = 0;  // start of the pending chunk in decoded
  auto flush_pending = [&](std::size_t to) {
    if (to > chunk_start) emit(decoded.substr(chunk_start, to - chunk_start));
  };
  while (i < original.size() && j < decoded.size()) {
    const char c = original[i];
    if (c == '\r') {  // the tokenizer normalises CR LF and CR to LF
      if (decoded[j] != '\n') break;
      i += (i + 1 < original.size() && original[i + 1] == '\n') ? 2 : 1;
      ++j;
      continue;
    }
    if (c != '&') {
      if (decoded[j] != c) break;
      ++i;
      ++j;
      continue;
    }
    // A candidate reference: &#digits, &#xhex, or &name, each with an optional ';'.
    std::size_t k = i + 1;
    bool numeric = false;
    unsigned long value = 0;
    if (k < original.size() && original[k] == '#') {
      numeric = true;
      ++k;
      const bool hex = k < original.size() && (original[k] == 'x' || original[k] == 'X');
      if (hex) ++k;
      const std::size_t digits = k;
      while (k < original.size()) {
        const char d = original[k];
        int v;
        if (d >= '0' && d <= '9') {
          v = d - '0';
        } else if (hex && d >= 'a' && d <= 'f') {
          v = d - 'a' + 10;
        } else if (hex && d >= 'A' && d <= 'F') {
          v = d - 'A' + 10;
        } else {
          break;
        }
        if (value < 0x110000) value = value * (hex ? 16 : 10) + static_cast<unsigned long>(v);
        ++k;
      }
      if (k == digits) numeric = false, k = i + 1;  // "&#" alone is literal
    } else {
      while (k < original.size() && is_alnum(original[k])) ++k;
    }
    const std::size_t name_end = k;
    const bool semicolon = name_end < original.size() && original[name_end] == ';';
    const std::size_t ref_len = name_end - i;
    const bool literal = (!numeric && ref_len == 1) ||
                         (!numeric && decoded.substr(j, ref_len + (semicolon ? 1 : 0)) ==
                                          original.substr(i, ref_len + (semicolon ? 1 : 0)));
    if (literal) {
      if (decoded[j] != '&') break;
      ++i;
      ++j;
      continue;
    }
    const std::size_t cp_len = utf8_length_at(decoded, j);
    std::size_t next_i;
    if (numeric || semicolon) {
      next_i = name_end + (semicolon ? 1 : 0);
    } else {
      // A legacy name without ';' ("&copy2008"): the decoder took the longest known prefix;
      // the unconsumed rest of the name reappears literally after the decoded character.
      next_i = std::string_view::npos;
      for (std::size_t split = i + 2; split <= name_end; ++split) {
        const std::string_view rest = original.substr(split, name_end - split);
        if (decoded.substr(j + cp_len, rest.size()) == rest) {
          next_i = split;
          break;
        }
      }
      if (next_i == std::string_view::npos) break;
    }
    flush_pending(j);
    if (numeric && value >= 0x80 && value <= 0x9F) {
      emit(std::string_view(kC1Utf8[value - 0x80], 2));
    } else {
      emit(decoded.substr(j, cp_len));
    }
    i = next_i;
    j += cp_len;
    chunk_start = j;
  }
  // Done, or out of step (a case this walk does not model): the rest goes as one chunk.
  flush_pending(decoded.size());
}

}  // namespace detail

namespace {

using detail::java_trim;

constexpr std::string_view kAnchorStart = "$\xEE\x80\x8A<";  // "$\uE00A<"
constexpr std::string_view kAnchorEnd = ">\xEE\x80\x8A$";    // ">\uE00A$"
constexpr int kWrapWidth = 80;

/// boilerpipe 1.2.0's default tag actions (spec §2.3), plus Transparent for elements that
/// exist only in the HTML5 tree and not in NekoHTML's (spec §9.1).
enum class TagAction : std::uint8_t { Other, Ignorable, Anchor, Body, Inline, InlineWhitespace, Transparent };

TagAction tag_action(const GumboNode& node) noexcept {
  const GumboElement& e = node.v.element;
  // Formatting elements the HTML5 parser re-creates (an unclosed <a> reopened in the next
  // paragraph, adoption-agency clones) and "</br>" turned into <br>: NekoHTML has none.
  constexpr unsigned kSynthetic = GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT | GUMBO_INSERTION_ADOPTION_AGENCY_CLONED;
  if ((node.parse_flags & kSynthetic) != 0) return TagAction::Transparent;
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

/// The DOM-ancestor filter's container set (spec §8).
bool is_container(const GumboElement& e) noexcept {
  if (e.tag_namespace != GUMBO_NAMESPACE_HTML) return false;
  switch (e.tag) {
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_P:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_BODY:
      return true;
    default:
      return false;
  }
}

/// boilerpipe's BoilerpipeHTMLContentHandler (spec §2.2–§2.7), fed from a Gumbo tree.
class ContentHandler {
 public:
  ContentHandler(const SegmentLimits& limits, SegmentStats& stats, TextDocument& doc)
      : m_limits(limits), m_stats(stats), m_doc(doc) {}

  void start_element(const GumboNode* node, TagAction action, std::uint32_t id, bool container) {
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
          m_tokens_buffer.append(kAnchorStart);
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
    if (container) m_containers.push_back(id);
    m_last_start_was_title = node->v.element.tag == GUMBO_TAG_TITLE;
  }

  void end_element(const GumboNode* node, TagAction action, bool container) {
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
  }

  /// One SAX characters() event (§2.4). [source_begin, source_end) is the text node's span.
  void characters(std::string_view chunk, std::uint32_t source_begin, std::uint32_t source_end) {
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
      m_block_containers.assign(m_containers.rbegin(), m_containers.rend());
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

  void end_document() { flush_block(); }

 private:
  void append_both(char c) {
    m_tokens_buffer.push_back(c);
    m_text_buffer.push_back(c);
  }

  void add_whitespace_if_needed() {
    if (!m_last_was_whitespace) {
      append_both(' ');
      m_last_was_whitespace = true;
    }
  }

  void close_anchor() {
    m_open_anchor = nullptr;
    if (m_in_ignorable == 0) {
      add_whitespace_if_needed();
      m_tokens_buffer.append(kAnchorEnd);
      m_tokens_buffer.push_back(' ');
      m_last_was_whitespace = true;
    }
  }

  void clear_buffers() {
    m_tokens_buffer.clear();
    m_text_buffer.clear();
    m_block_has_text = false;
    m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
    m_block_source_end = 0;
  }

  /// flushBlock() (§2.5).
  void flush_block() {
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
    tokenize(m_tokens_buffer, m_tokens);
    int line_length = -1;
    int wrapped = 0;
    int words_this_line = 0;
    int words = 0;
    int linked = 0;
    int tokens = 0;
    for (const std::string_view token : m_tokens) {
      if (token == kAnchorStart) {
        m_in_anchor_text = true;
      } else if (token == kAnchorEnd) {
        m_in_anchor_text = false;
      } else if (is_word(token)) {
        ++tokens;
        ++words;
        ++words_this_line;
        if (m_in_anchor_text) ++linked;
        const int length = static_cast<int>(utf16_length(token));
        line_length += length + 1;
        if (line_length > kWrapWidth) {
          ++wrapped;
          line_length = length;
          words_this_line = 1;
        }
      } else {
        ++tokens;
      }
    }
    if (tokens == 0) return;  // quirk Q3: markers-only text waits for the next block

    int words_in_wrapped = 0;
    if (wrapped == 0) {
      words_in_wrapped = words;
      wrapped = 1;
    } else {
      words_in_wrapped = words - words_this_line;
    }

    if (m_doc.blocks.size() >= m_limits.max_blocks) {
      m_stats.blocks_limited = true;
    } else {
      TextBlock& block = m_doc.blocks.emplace_back();
      std::string_view text = java_trim(m_text_buffer);
      if (text.size() > m_limits.max_block_bytes) {
        std::size_t cut = m_limits.max_block_bytes;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        text = text.substr(0, cut);
        ++m_stats.truncated_blocks;
      }
      block.text.assign(text);
      block.num_words = words;
      block.num_words_in_anchor_text = linked;
      block.num_words_in_wrapped_lines = words_in_wrapped;
      block.num_wrapped_lines = wrapped;
      block.offset_blocks_start = block.offset_blocks_end = m_offset_blocks;
      block.tag_level = m_block_tag_level;
      block.origins.assign(1, static_cast<std::uint32_t>(m_offset_blocks));
      block.source_begin = m_block_source_begin == std::numeric_limits<std::uint32_t>::max() ? 0 : m_block_source_begin;
      block.source_end = std::max(block.source_begin, m_block_source_end);
      block.init_densities();
      if (m_block_containers.empty() || m_block_containers.back() != m_body_id) m_block_containers.push_back(m_body_id);
      m_doc.containers.push_back(std::move(m_block_containers));
      m_block_containers.clear();
      ++m_offset_blocks;
    }
    clear_buffers();
    m_block_tag_level = -1;
  }

  const SegmentLimits& m_limits;
  SegmentStats& m_stats;
  TextDocument& m_doc;

  std::string m_tokens_buffer;
  std::string m_text_buffer;
  std::vector<std::string_view> m_tokens;
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
  std::vector<std::uint32_t> m_containers;  // open container elements, outermost first
  std::vector<std::uint32_t> m_block_containers;
  std::uint32_t m_body_id = 0;
  bool m_block_has_text = false;
  std::uint32_t m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t m_block_source_end = 0;
};

/// Cuts \p s to at most \p max bytes without splitting a UTF-8 sequence.
std::string_view truncate_utf8(std::string_view s, std::size_t max) noexcept {
  if (s.size() <= max) return s;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

struct Frame {
  const GumboNode* node;
  std::uint32_t next_child;
  TagAction action;
  bool events;     // start/end events were emitted (false: flattened beyond max_depth)
  bool container;  // pushed on the handler's container stack
};

const GumboVector& children_of(const GumboNode* node) noexcept {
  return node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
}

/// Depth-first walk without recursion (pages nest elements thousands deep).
void walk(const GumboNode* document, const SegmentLimits& limits, SegmentStats& stats, ContentHandler& handler) {
  std::vector<Frame> stack;
  stack.reserve(64);
  std::vector<std::string_view> chunks;
  stack.push_back({document, 0, TagAction::Transparent, false, false});
  std::uint32_t next_id = 0;
  std::size_t depth = 0;  // elements on the stack
  while (!stack.empty()) {
    Frame& top = stack.back();
    const GumboVector& children = children_of(top.node);
    if (top.next_child == children.length) {
      if (top.events) handler.end_element(top.node, top.action, top.container);
      if (top.node->type != GUMBO_NODE_DOCUMENT) --depth;
      stack.pop_back();
      continue;
    }
    const auto* child = static_cast<const GumboNode*>(children.data[top.next_child++]);
    switch (child->type) {
      case GUMBO_NODE_ELEMENT:
      case GUMBO_NODE_TEMPLATE: {
        const std::uint32_t id = next_id++;
        const TagAction action = tag_action(*child);
        const bool flattened = depth >= limits.max_depth;
        if (flattened) {
          stats.depth_limited = true;
          // Keep ignorable content out even when its element cannot be an event.
          if (action == TagAction::Ignorable) continue;
        }
        const bool container = !flattened && is_container(child->v.element);
        if (!flattened) handler.start_element(child, action, id, container);
        ++depth;
        stack.push_back({child, 0, action, !flattened, container});
        break;
      }
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_WHITESPACE:
      case GUMBO_NODE_CDATA: {
        const GumboText& t = child->v.text;
        const auto begin = static_cast<std::uint32_t>(t.start_pos.offset);
        const auto end = static_cast<std::uint32_t>(t.start_pos.offset + t.original_text.length);
        detail::split_at_references(std::string_view(t.original_text.data, t.original_text.length), t.text, chunks);
        for (const std::string_view chunk : chunks) handler.characters(chunk, begin, end);
        break;
      }
      default:  // comments (and the document node, which is never a child)
        break;
    }
  }
}

}  // namespace

TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits, SegmentStats* stats) {
  SegmentStats local_stats;
  SegmentStats& st = stats != nullptr ? *stats : local_stats;
  st = SegmentStats{};
  const std::string_view input = truncate_utf8(utf8, limits.max_input_bytes);
  st.truncated_input = input.size() != utf8.size();

  detail::Arena arena(input.size() * 4 + (64u << 10));
  GumboOptions options = kGumboDefaultOptions;
  options.allocator = &detail::Arena::gumbo_allocate;
  options.deallocator = &detail::Arena::gumbo_deallocate;
  options.userdata = &arena;
  options.max_errors = 0;  // nobody reads them; recording costs allocations
  GumboOutput* output = gumbo_parse_with_options(&options, input.data(), input.size());

  TextDocument doc;
  ContentHandler handler(limits, st, doc);
  walk(output->document, limits, st, handler);
  handler.end_document();
  doc.num_parse_blocks = static_cast<std::uint32_t>(doc.blocks.size());
  // No gumbo_destroy_output: the arena releases the whole tree at once.
  return doc;
}

}  // namespace boilerdex::plugin

#include "boilerdex/plugin/page_markup.hpp"

#include <algorithm>
#include <bit>
#include <array>
#include <cstring>
#include <optional>
#include <span>
#include <string>

#include "markup_lexer_internal.hpp"
#include "markup_rider_internal.hpp"

namespace boilerdex::plugin {

namespace {

using detail::ascii_lower;
using detail::equals_lower;
using detail::is_ascii_alnum;

constexpr std::uint32_t bit(MarkupBit b) noexcept { return 1u << static_cast<unsigned>(b); }

// The bits the words of a class, id or itemprop value give (split at non-alphanumerics,
// compared lower-case by prefix; "caption" anywhere in a word).
std::uint32_t vocabulary_bits(std::string_view value) noexcept {
  static constexpr std::string_view k_comment[] = {"comment", "disqus", "respond", "discussion",
                                                   "reply"};
  static constexpr std::string_view k_side[] = {
      "nav",    "menu",       "breadcrumb", "header",   "footer",  "sidebar", "widget",
      "related", "share",     "social",     "advert",   "sponsor", "newsletter",
      "subscribe", "cookie",  "consent",    "popup",    "modal",   "banner",  "promo",
      "login",  "signup",     "search",     "toolbar",  "pagination"};
  static constexpr std::string_view k_content[] = {
      "article", "entry",    "post", "story", "content",     "main",       "body",
      "text",    "description", "prose", "markdown", "rte", "articlebody", "reviewbody"};
  static constexpr std::string_view k_item[] = {"item",   "card",   "product", "result",
                                                "listing", "teaser", "tile",    "grid",
                                                "thread", "message", "review",  "question",
                                                "answer"};
  // Whole words only: as prefixes they would take "address", "admin", "header" ...
  static constexpr std::string_view k_side_words[] = {"ad", "ads", "adv"};
  static const detail::PrefixTable k_table = {{k_comment, bit(MarkupBit::CommentWords)},
                                              {k_side, bit(MarkupBit::SideWords)},
                                              {k_content, bit(MarkupBit::ContentWords)},
                                              {k_item, bit(MarkupBit::ItemWords)}};
  std::uint32_t bits = 0;
  detail::for_each_markup_word(value, [&](std::string_view word) {
    bits |= k_table.bits(word);
    if (word.size() <= 3 &&
        std::any_of(std::begin(k_side_words), std::end(k_side_words),
                    [word](std::string_view w) { return equals_lower(word, w); }))
      bits |= bit(MarkupBit::SideWords);
    if (word.size() >= 7 && detail::contains_lower(word, "caption")) bits |= bit(MarkupBit::Figure);
  });
  return bits;
}

std::uint32_t role_bits(std::string_view role) noexcept {
  if (equals_lower(role, "main")) return bit(MarkupBit::Main);
  if (equals_lower(role, "article")) return bit(MarkupBit::Article);
  if (equals_lower(role, "navigation") || equals_lower(role, "menu") || equals_lower(role, "menubar") ||
      equals_lower(role, "tablist"))
    return bit(MarkupBit::Nav);
  if (equals_lower(role, "banner")) return bit(MarkupBit::Header);
  if (equals_lower(role, "contentinfo")) return bit(MarkupBit::Footer);
  if (equals_lower(role, "complementary")) return bit(MarkupBit::Aside);
  if (equals_lower(role, "dialog") || equals_lower(role, "alertdialog")) return bit(MarkupBit::Dialog);
  return 0;
}

// Tag names and the bits each gives by its name alone.
struct TagBits {
  std::string_view name;
  std::uint32_t bits;
};
constexpr TagBits k_tag_bits[] = {
      {"main", bit(MarkupBit::Main)},         {"article", bit(MarkupBit::Article)},
      {"nav", bit(MarkupBit::Nav)},           {"header", bit(MarkupBit::Header)},
      {"footer", bit(MarkupBit::Footer)},     {"aside", bit(MarkupBit::Aside)},
      {"li", bit(MarkupBit::ListItem)},       {"td", bit(MarkupBit::TableCell)},
      {"th", bit(MarkupBit::TableCell)},      {"table", bit(MarkupBit::Table)},
      {"form", bit(MarkupBit::Form)},         {"button", bit(MarkupBit::Form)},
      {"select", bit(MarkupBit::Form)},       {"label", bit(MarkupBit::Form)},
      {"fieldset", bit(MarkupBit::Form)},     {"pre", bit(MarkupBit::Code)},
      {"code", bit(MarkupBit::Code)},         {"h1", bit(MarkupBit::Heading)},
      {"h2", bit(MarkupBit::Heading)},        {"h3", bit(MarkupBit::Heading)},
      {"h4", bit(MarkupBit::Heading)},        {"h5", bit(MarkupBit::Heading)},
      {"h6", bit(MarkupBit::Heading)},        {"blockquote", bit(MarkupBit::Quote)},
      {"dd", bit(MarkupBit::Definition)},     {"dt", bit(MarkupBit::Definition)},
      {"textarea", bit(MarkupBit::Textarea)}, {"noscript", bit(MarkupBit::Noscript)},
      {"dialog", bit(MarkupBit::Dialog)},     {"figure", bit(MarkupBit::Figure)},
      {"figcaption", bit(MarkupBit::Figure)}};

// The bits an element gives by its tag name alone.
std::uint32_t tag_bits(std::string_view tag) noexcept {
  for (const auto& e : k_tag_bits) {
    if (e.name == tag) return e.bits;
  }
  return 0;
}

constexpr std::string_view k_void[] = {"area",  "base", "br",   "col",    "embed",
                                       "hr",    "img",  "input", "link",  "meta",
                                       "param", "source", "track", "wbr", "keygen"};
bool is_void(std::string_view tag) noexcept {
  return std::find(std::begin(k_void), std::end(k_void), tag) != std::end(k_void);
}

// Elements whose content is text up to their own end tag.
constexpr std::string_view k_raw[] = {"script", "style", "textarea", "title", "xmp", "plaintext"};
bool is_raw(std::string_view tag) noexcept {
  return std::find(std::begin(k_raw), std::end(k_raw), tag) != std::end(k_raw);
}

// Whether \p value with its HTML spaces left out, compared lower-case, holds \p lower_needle
// (which has no spaces): "Display: None" holds "display:none". No copy of the value.
bool compact_contains_lower(std::string_view value, std::string_view lower_needle) noexcept {
  for (std::size_t k = 0; k < value.size(); ++k) {
    if (detail::is_html_space(value[k])) continue;  // a match starts on a kept character
    std::size_t p = k;
    std::size_t j = 0;
    while (j < lower_needle.size() && p < value.size()) {
      if (detail::is_html_space(value[p])) {
        ++p;
      } else if (ascii_lower(value[p]) == lower_needle[j]) {
        ++p;
        ++j;
      } else {
        break;
      }
    }
    if (j == lower_needle.size()) return true;
  }
  return false;
}

// vocabulary_bits of the values of one page, each value worked out once.
using VocabularyMemo = detail::ValueMemo<std::uint32_t>;

// The bits one attribute of a start tag gives (its name compared lower-case; the names read
// are told apart by length first).
std::uint32_t attribute_bits(std::string_view name, std::string_view value, VocabularyMemo& memo) {
  switch (name.size()) {
    case 2:
      return equals_lower(name, "id") ? memo.get(value, vocabulary_bits) : 0;
    case 4:
      return equals_lower(name, "role") ? role_bits(value) : 0;
    case 5:
      if (equals_lower(name, "class")) return memo.get(value, vocabulary_bits);
      if (equals_lower(name, "style") && (compact_contains_lower(value, "display:none") ||
                                          compact_contains_lower(value, "visibility:hidden")))
        return bit(MarkupBit::Hidden);
      return 0;
    case 6:
      return equals_lower(name, "hidden") ? bit(MarkupBit::Hidden) : 0;
    case 8:
      return equals_lower(name, "itemprop") ? memo.get(value, vocabulary_bits) : 0;
    case 11:
      return equals_lower(name, "aria-hidden") && equals_lower(value, "true")
                 ? bit(MarkupBit::Hidden)
                 : 0;
    default:
      return 0;
  }
}

using detail::skip_raw_text;

// An element name of at most 12 bytes as one value, compared at once: its bytes packed
// into two words (zero beyond its length) and its length. A name of more than 12 bytes has
// no key of its own (k_unmatched: it equals no element's).
struct NameKey {
  std::uint64_t head = 0;
  std::uint32_t tail = 0;
  std::uint8_t length = k_unmatched;
  static constexpr std::uint8_t k_unmatched = 0xFF;
  constexpr bool operator==(const NameKey&) const = default;
};
constexpr std::size_t k_key_bytes = 12;
constexpr NameKey name_key(std::string_view name) noexcept {
  NameKey key;
  if (name.size() > k_key_bytes) return key;
  key.length = static_cast<std::uint8_t>(name.size());
  for (std::size_t k = 0; k < name.size() && k < 8; ++k)
    key.head |= std::uint64_t{static_cast<unsigned char>(name[k])} << (8 * k);
  for (std::size_t k = 8; k < name.size(); ++k)
    key.tail |= std::uint32_t{static_cast<unsigned char>(name[k])} << (8 * (k - 8));
  return key;
}
static_assert(name_key("p") != name_key("pre") && name_key("abcdefghijkl") != name_key("abcdefghijklm"));

// The open elements and the markup they add up to.
class OpenElements {
 public:
  struct Element {
    NameKey name;  // of the tag's first 12 bytes
    std::uint32_t bits = 0;
  };

  void push(std::string_view tag, std::uint32_t bits) {
    if (m_stack.size() >= k_max_open) return;  // deeper nesting adds nothing we read
    m_stack.push_back({name_key(tag.substr(0, k_key_bytes)), bits});
    for (std::uint32_t rest = bits; rest != 0; rest &= rest - 1) {
      const int b = std::countr_zero(rest);
      if (m_count[b]++ == 0) m_bits |= 1u << b;
    }
  }

  /// Pops down to and including the nearest open element named \p tag (name_key of the whole
  /// name) not beyond an element named in \p stop (empty: no stop). Returns whether it was
  /// found.
  bool close(const NameKey& tag, std::span<const NameKey> stop = {}) {
    for (std::size_t k = m_stack.size(); k-- > 0;) {
      const NameKey& open = m_stack[k].name;
      if (open == tag) {
        while (m_stack.size() > k) pop();
        return true;
      }
      if (std::find(stop.begin(), stop.end(), open) != stop.end()) return false;
    }
    return false;
  }

  /// The bits of every open element, ORed.
  [[nodiscard]] std::uint32_t bits() const noexcept { return m_bits; }
  [[nodiscard]] std::size_t depth() const noexcept { return m_stack.size(); }

 private:
  void pop() {
    for (std::uint32_t rest = m_stack.back().bits; rest != 0; rest &= rest - 1) {
      const int b = std::countr_zero(rest);
      if (--m_count[b] == 0) m_bits &= ~(1u << b);
    }
    m_stack.pop_back();
  }

  static constexpr std::size_t k_max_open = 4096;
  std::vector<Element> m_stack;
  std::array<std::uint32_t, k_markup_bits> m_count{};  // open elements with each bit
  std::uint32_t m_bits = 0;                            // the bits whose count is not 0
};

// Start tags that close an open <p> (close_implied).
constexpr std::string_view k_closes_p[] = {
    "p",  "div", "ul", "ol", "table", "h1", "h2", "h3", "h4", "h5", "h6",  "section",
    "article", "pre", "blockquote", "dl", "form", "header", "footer", "nav", "aside", "main"};
// Start tags that close an open sibling of their own kind (close_implied).
constexpr std::string_view k_implies_end[] = {"li", "td", "th", "tr", "dd", "dt"};

// What the scan needs to know of a tag name, read once per tag from one table (tag_info)
// instead of by a comparison with every name of every list.
struct TagInfo {
  std::uint32_t bits = 0;  // tag_bits
  bool is_void = false;
  bool is_raw = false;
  bool closes_p = false;     // in k_closes_p
  bool implies_end = false;  // in k_implies_end
};

// The TagInfo of \p tag; null for a name none of the lists holds (all zero, all false).
const TagInfo* tag_info(std::string_view tag) noexcept {
  static const detail::NameTable<TagInfo> table = [] {
    std::vector<std::pair<std::string_view, TagInfo>> entries;
    const auto add = [&entries](std::string_view name) {
      for (const auto& e : entries) {
        if (e.first == name) return;
      }
      const auto in = [name](const auto& list) {
        return std::find(std::begin(list), std::end(list), name) != std::end(list);
      };
      entries.emplace_back(name, TagInfo{tag_bits(name), is_void(name), is_raw(name),
                                         in(k_closes_p), in(k_implies_end)});
    };
    for (const auto& e : k_tag_bits) add(e.name);
    for (const std::string_view name : k_void) add(name);
    for (const std::string_view name : k_raw) add(name);
    for (const std::string_view name : k_closes_p) add(name);
    for (const std::string_view name : k_implies_end) add(name);
    return detail::NameTable<TagInfo>(entries);
  }();
  return table.find(tag);
}

// The ends HTML implies when \p tag starts (the common cases; everything else stays open
// until its end tag). \p info: tag_info(tag).
void close_implied(OpenElements& open, std::string_view tag, const TagInfo& info) {
  static constexpr NameKey k_li_stop[] = {name_key("ul"), name_key("ol"), name_key("menu")};
  static constexpr NameKey k_cell_stop[] = {name_key("tr"), name_key("table")};
  static constexpr NameKey k_row_stop[] = {name_key("table")};
  static constexpr NameKey k_definition_stop[] = {name_key("dl")};
  static constexpr NameKey k_p_stop[] = {name_key("div"),     name_key("li"),   name_key("td"),
                                         name_key("th"),      name_key("section"),
                                         name_key("article"), name_key("body"), name_key("button")};
  if (info.implies_end) {
    if (tag == "li") {
      open.close(name_key("li"), k_li_stop);
    } else if (tag == "td" || tag == "th") {
      if (!open.close(name_key("td"), k_cell_stop)) open.close(name_key("th"), k_cell_stop);
    } else if (tag == "tr") {
      open.close(name_key("tr"), k_row_stop);
    } else if (tag == "dd" || tag == "dt") {
      if (!open.close(name_key("dd"), k_definition_stop)) open.close(name_key("dt"), k_definition_stop);
    }
  }
  if (info.closes_p) open.close(name_key("p"), k_p_stop);
}

// Hands each block the markup open at its first text byte as the scan passes it: blocks in
// order of TextBlock::source_begin, each taking the state that holds at that byte. The scan
// calls reach(at) before it changes the state at \p at, so the blocks before \p at take the
// state as it still is; the state is read (\p state()) only when a block takes it. O(blocks)
// memory, however many tags the page has.
template <class State>
class BlockAssigner {
 public:
  BlockAssigner(const TextDocument& doc, State state)
      : m_doc(doc), m_state(std::move(state)), m_order(doc.blocks.size()), m_out(doc.blocks.size()) {
    for (std::size_t i = 0; i < m_order.size(); ++i) m_order[i] = static_cast<std::uint32_t>(i);
    const auto earlier = [&doc](std::uint32_t a, std::uint32_t b) {
      return doc.blocks[a].source_begin < doc.blocks[b].source_begin;
    };
    // A fresh page's blocks mostly come in source order already: then the identity is the
    // stable order, found with one compare a block.
    if (!std::is_sorted(m_order.begin(), m_order.end(), earlier))
      std::stable_sort(m_order.begin(), m_order.end(), earlier);
  }
  /// The state changes at byte \p at (calls come in non-decreasing \p at): the blocks that
  /// start before it take the state as it is now.
  void reach(std::size_t at) {
    if (m_next >= m_order.size() || m_doc.blocks[m_order[m_next]].source_begin >= at) return;
    const BlockMarkup now = m_state();
    while (m_next < m_order.size() && m_doc.blocks[m_order[m_next]].source_begin < at)
      m_out[m_order[m_next++]] = now;
  }
  /// Every block not yet handed a state takes the last one.
  std::vector<BlockMarkup> finish() {
    reach(static_cast<std::size_t>(-1));
    return std::move(m_out);
  }

 private:
  const TextDocument& m_doc;
  State m_state;
  std::vector<std::uint32_t> m_order;  // block indices by source_begin
  std::vector<BlockMarkup> m_out;
  std::size_t m_next = 0;
};

// Lexes the '<' of the page for block_markup's reading and a rider's (markup_rider_internal.hpp).
class MarkupLexer {
 public:
  /// \p markup_bits: whether to find block_markup's attribute bits.
  MarkupLexer(std::string_view html, bool markup_bits) : m_html(html), m_markup_bits(markup_bits) {}

  /// What is at html[\p lt] ('<'); valid until the next call.
  const detail::LexedTag& lex(std::size_t lt) {
    detail::LexedTag& t = m_tag;
    const std::string_view html = m_html;
    t.lt = lt;
    t.raw_memo_length = 0;
    t.class_id.clear();
    if (const std::size_t after = detail::skip_declaration(html, lt); after != lt) {
      t.kind = detail::LexedTag::Kind::Declaration;
      t.after = after;
      return t;
    }
    t.kind = detail::LexedTag::Kind::Tag;
    std::size_t p = lt + 1;
    t.end_tag = p < html.size() && html[p] == '/';
    if (t.end_tag) ++p;
    t.name_begin = p;
    const auto keep = [&t, html](std::size_t at) {
      if (at - t.name_begin < t.lower.size()) t.lower[at - t.name_begin] = ascii_lower(html[at]);
    };
    for (; p < html.size() && is_ascii_alnum(html[p]); ++p) keep(p);
    t.alnum_end = p;
    for (; p < html.size() && (is_ascii_alnum(html[p]) || html[p] == '-'); ++p) keep(p);
    t.name_end = p;
    if (p == t.name_begin) return t;
    if (t.end_tag) {
      const std::size_t gt = html.find('>', p);
      t.after = gt == std::string_view::npos ? html.size() : gt + 1;
      return t;
    }
    t.markup_bits = 0;
    t.after = detail::scan_start_tag(
        html, p,
        [this, &t](std::string_view name, std::string_view value) {
          if (equals_lower(name, "class") || equals_lower(name, "id")) t.class_id.push_back(value);
          if (m_markup_bits) t.markup_bits |= attribute_bits(name, value, m_vocabulary);
        },
        t.self_closing);
    return t;
  }

 private:
  std::string_view m_html;
  bool m_markup_bits;
  detail::LexedTag m_tag;
  VocabularyMemo m_vocabulary;
};

// block_markup's reading (when \p doc is given) and \p rider's (when given), one lexer for
// both: each reading keeps its own cursor, and a '<' that both reach next is lexed once.
std::vector<BlockMarkup> scan_markup(std::string_view html, const TextDocument* doc,
                                     detail::MarkupRider* rider) {
  constexpr std::size_t npos = std::string_view::npos;
  OpenElements open;
  const auto state = [&open] {
    return BlockMarkup{open.bits(), static_cast<std::uint16_t>(std::min<std::size_t>(open.depth(), 65535))};
  };
  std::optional<BlockAssigner<decltype(state)>> blocks;
  if (doc != nullptr) blocks.emplace(*doc, state);
  // Each change of the open elements takes effect at the end of its tag (\p at): the blocks
  // before that byte take the elements as they were.
  const auto mark = [&blocks](std::size_t at) { blocks->reach(at); };
  // block_markup's reading of one '<': where it goes on (npos: it stops).
  const auto markup_step = [&](const detail::LexedTag& t) -> std::size_t {
    if (t.kind == detail::LexedTag::Kind::Declaration) return t.after;
    if (t.name_end == t.name_begin) return t.lt + 1;  // a '<' in text
    const std::string_view tag(t.lower.data(), std::min(t.name_end - t.name_begin, t.lower.size()));
    if (t.end_tag) {
      mark(t.after);
      open.close(name_key(tag));
      return t.after;
    }
    if (t.after == npos) return npos;
    if (tag == "script" || tag == "style") return t.raw_text_end(html, tag);
    const TagInfo* info = tag_info(tag);
    if ((info != nullptr && info->is_void) || t.self_closing) return t.after;
    mark(t.after);
    if (info != nullptr) close_implied(open, tag, *info);
    open.push(tag, (info != nullptr ? info->bits : 0) | t.markup_bits);
    if (info == nullptr || !info->is_raw) return t.after;
    // textarea, title, xmp: text of this element up to its end tag
    const std::size_t end = t.raw_text_end(html, tag);
    mark(end);
    open.close(name_key(tag));
    return end;
  };
  MarkupLexer lexer(html, doc != nullptr);
  bool markup_live = doc != nullptr;
  bool rider_live = rider != nullptr;
  std::size_t markup_lt = html.find('<');  // the next '<' each reading reads (npos: none left)
  std::size_t rider_lt = markup_lt;
  std::size_t rider_from = 0;
  while (markup_live || rider_live) {
    if (rider_live && rider_lt == npos) {
      rider->on_end(rider_from);
      rider_live = false;
      continue;
    }
    if (markup_live && markup_lt == npos) {
      markup_live = false;
      continue;
    }
    const std::size_t lt = !rider_live    ? markup_lt
                           : !markup_live ? rider_lt
                                          : std::min(markup_lt, rider_lt);
    const detail::LexedTag& t = lexer.lex(lt);
    std::size_t markup_next = npos;  // where block_markup's reading went on from this '<'
    if (markup_live && markup_lt == lt) {
      markup_next = markup_step(t);
      markup_live = markup_next != npos;
      if (markup_live) markup_lt = html.find('<', markup_next);
    }
    if (rider_live && rider_lt == lt) {
      rider_from = rider->on_tag(rider_from, t);
      rider_live = rider_from != npos;
      if (rider_live) rider_lt = rider_from == markup_next ? markup_lt : html.find('<', rider_from);
    }
  }
  return blocks ? blocks->finish() : std::vector<BlockMarkup>{};
}

}  // namespace

namespace detail {

std::size_t LexedTag::raw_text_end(std::string_view html, std::string_view lower_name) const {
  if (raw_memo_length == 0 || std::string_view(raw_memo_name.data(), raw_memo_length) != lower_name) {
    raw_memo_end = skip_raw_text(html, after, lower_name);
    raw_memo_length = lower_name.size() <= raw_memo_name.size() ? lower_name.size() : 0;
    std::copy_n(lower_name.begin(), raw_memo_length, raw_memo_name.begin());
  }
  return raw_memo_end;
}

std::vector<BlockMarkup> block_markup_riding(const TextDocument& doc, std::string_view utf8_html,
                                             MarkupRider& rider) {
  return scan_markup(utf8_html, &doc, &rider);
}

void ride_markup_lexer(std::string_view utf8_html, MarkupRider& rider) {
  static_cast<void>(scan_markup(utf8_html, nullptr, &rider));
}

}  // namespace detail

std::vector<BlockMarkup> block_markup(const TextDocument& doc, std::string_view utf8_html) {
  return scan_markup(utf8_html, &doc, nullptr);
}

}  // namespace boilerdex::plugin

// best's lexical scan of the page (best_page_scan_internal.hpp): the markup-hint ranges and
// BTE's token sequence, read from the decoded page as text, without a parse, by a reading
// that rides block_markup's lexer (markup_rider_internal.hpp): alone, or in the same pass.
#include "best_page_scan_internal.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "best_words_internal.hpp"
#include "boilerdex/plugin/best_extractor.hpp"
#include "byte_ranges_internal.hpp"
#include "markup_lexer_internal.hpp"
#include "markup_rider_internal.hpp"

namespace boilerdex::plugin {
namespace detail {
namespace {

// ----- markup hints ----------------------------------------------------------------------

// Elements whose end the scanner tracks; the first three are boilerplate by name alone.
enum class HintTag : std::uint8_t {
  Nav,
  Aside,
  Footer,
  Figcaption,
  Div,
  Section,
  Ul,
  Ol,
  Table,
  Form,
  Span,
  Script,
  Style,
  Other
};

HintTag hint_tag_of(std::string_view lower) noexcept {
  static const detail::NameTable<HintTag> k_tags({
      {"nav", HintTag::Nav},       {"aside", HintTag::Aside},
      {"footer", HintTag::Footer}, {"figcaption", HintTag::Figcaption},
      {"div", HintTag::Div},       {"section", HintTag::Section},
      {"ul", HintTag::Ul},         {"ol", HintTag::Ol},
      {"table", HintTag::Table},   {"form", HintTag::Form},
      {"span", HintTag::Span},     {"script", HintTag::Script},
      {"style", HintTag::Style}});
  const HintTag* tag = k_tags.find(lower);
  return tag != nullptr ? *tag : HintTag::Other;
}

// What an element's markup says it is.
enum class HintKind : std::uint8_t { None, Boilerplate, Caption };

// What the words of an element's class and id values (split at non-alphanumerics,
// compared lower-case by prefix; "caption" anywhere in a word) say about it.
struct MarkupWords {
  bool comments = false;     // comment, disqus, respond, discussion
  bool boilerplate = false;  // sidebar, related, share, social, ...
  bool caption = false;      // caption, wp-caption, newsCaption, ...
  bool content = false;      // article, entry, post, story, content, main, body, text
  // Comments always mark an element; other boilerplate words and captions only without
  // content words ("entry-category-social_media entry" is an article, "comment_body" a
  // comment).
  [[nodiscard]] HintKind kind() const noexcept {
    if (comments || (boilerplate && !content)) return HintKind::Boilerplate;
    return caption && !content ? HintKind::Caption : HintKind::None;
  }
  /// The words of both (an element's class and its id).
  MarkupWords& operator|=(const MarkupWords& other) noexcept {
    comments = comments || other.comments;
    boilerplate = boilerplate || other.boilerplate;
    caption = caption || other.caption;
    content = content || other.content;
    return *this;
  }
};

// The MarkupWords of one class or id value.
MarkupWords markup_words(std::string_view value) {
  MarkupWords words;
  static constexpr std::string_view k_comments[] = {"comment", "disqus", "respond", "discussion"};
  static constexpr std::string_view k_boilerplate[] = {
      "sidebar", "related", "share",      "social",    "breadcrumb", "footer",
      "advert",  "sponsor", "newsletter", "subscribe", "cookie"};
  static constexpr std::string_view k_content[] = {"article", "entry", "post", "story",
                                                   "content", "main",  "body", "text"};
  enum : std::uint32_t { comments = 1, boilerplate = 2, content = 4 };
  static const detail::PrefixTable k_table = {
      {k_comments, comments}, {k_boilerplate, boilerplate}, {k_content, content}};
  detail::for_each_markup_word(value, [&](std::string_view word) {
    const std::uint32_t bits = k_table.bits(word);
    words.comments = words.comments || (bits & comments) != 0;
    words.boilerplate = words.boilerplate || (bits & boilerplate) != 0;
    words.caption = words.caption || (word.size() >= 7 && detail::contains_lower(word, "caption"));
    words.content = words.content || (bits & content) != 0;
  });
  return words;
}

// add_words' classes of a byte: HTML whitespace, and a lead byte of a 3- or 4-byte sequence
// (0xE0 and up). One load per byte instead of five compares and a sixth.
enum : std::uint8_t { k_space_byte = 1, k_wide_byte = 2 };
constexpr std::array<std::uint8_t, 256> k_word_bytes = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : {' ', '\t', '\n', '\r', '\f'}) t[static_cast<unsigned char>(c)] = k_space_byte;
  for (std::size_t c = 0xE0; c < 256; ++c) t[c] = k_wide_byte;
  return t;
}();
static_assert(k_word_bytes[' '] == k_space_byte && k_word_bytes['\f'] == k_space_byte &&
              k_word_bytes['a'] == 0 && k_word_bytes[0xDF] == 0 && k_word_bytes[0xE0] == k_wide_byte);

// Adds the words of html[begin, end) as one entry: runs of non-whitespace, each one word
// unless it holds characters of an unspaced script (then best_word_count's words at
// \p chars_per_word; 0: one).
void add_words(std::string_view html, std::size_t begin, std::size_t end, double chars_per_word,
               PageScan& scan) {
  const auto byte_class = [html](std::size_t k) {
    return k_word_bytes[static_cast<unsigned char>(html[k])];
  };
  std::int32_t words = 0;
  std::size_t first = end;
  std::size_t k = begin;
  while (k < end) {
    while (k < end && byte_class(k) == k_space_byte) ++k;
    if (k == end) break;
    const std::size_t token = k;  // a run of non-whitespace
    std::uint8_t seen = 0;        // k_wide_byte: it holds a byte of a 3- or 4-byte sequence
    for (; k < end; ++k) {
      const std::uint8_t c = byte_class(k);
      if (c == k_space_byte) break;
      seen |= c;
    }
    if (first == end) first = token;
    words += seen != 0 ? detail::best_token_words(html.substr(token, k - token), chars_per_word) : 1;
  }
  if (words > 0) {
    scan.offsets.push_back(static_cast<std::uint32_t>(first));
    scan.weights.push_back(words);
  }
}

using detail::merge_ranges;

void add_tag(std::size_t at, PageScan& scan) {
  scan.offsets.push_back(static_cast<std::uint32_t>(at));
  scan.weights.push_back(-1);
}

// best's reading of the page, riding along block_markup's lexer (markup_rider_internal.hpp):
// BTE's tokens and the hint ranges.
class PageReading final : public MarkupRider {
 public:
  // \p chars_per_word: best_word_count's, for BTE's word tokens (0: one per run, as Finn's).
  PageReading(std::string_view html, double chars_per_word)
      : m_html(html), m_chars_per_word(chars_per_word) {}

  std::size_t on_tag(std::size_t from, const LexedTag& t) override {
    const std::string_view html = m_html;
    add_words(html, from, t.lt, m_chars_per_word, m_scan);
    if (t.kind == LexedTag::Kind::Declaration) return t.after;
    // The name: ASCII letters and digits only ('-' ends it), "" when over 12 bytes.
    const std::size_t length = t.alnum_end - t.name_begin;
    if (length == 0) {  // a '<' in text: part of the next run of words
      add_words(html, t.lt, t.lt + 1, m_chars_per_word, m_scan);
      return t.lt + 1;
    }
    const std::string_view name = length > 12 ? std::string_view{} : std::string_view(t.lower.data(), length);
    add_tag(t.lt, m_scan);
    const HintTag tag = hint_tag_of(name);
    if (t.end_tag) {
      for (std::size_t k = m_open.size(); k-- > 0;) {
        if (m_open[k].tag != tag || --m_open[k].nesting > 0) continue;
        (m_open[k].kind == HintKind::Caption ? m_scan.caption_ranges : m_scan.hint_ranges)
            .emplace_back(m_open[k].begin, static_cast<std::uint32_t>(t.after));
        m_open.erase(m_open.begin() + static_cast<std::ptrdiff_t>(k));
      }
      return t.after;
    }
    if (t.after == std::string_view::npos) return t.after;
    if (tag == HintTag::Script || tag == HintTag::Style) {
      const std::size_t end = t.raw_text_end(html, name);
      if (end < html.size()) add_tag(end - 1, m_scan);  // its end tag (unterminated: none)
      return end;
    }
    if (tag == HintTag::Other) return t.after;
    MarkupWords words;
    for (const std::string_view value : t.class_id) words |= m_words.get(value, markup_words);
    HintKind kind = words.kind();
    for (auto& o : m_open) {
      if (o.tag == tag) ++o.nesting;
    }
    if (tag == HintTag::Nav || tag == HintTag::Aside || tag == HintTag::Footer)
      kind = HintKind::Boilerplate;
    else if (tag == HintTag::Figcaption && kind == HintKind::None)
      kind = HintKind::Caption;
    else if (tag == HintTag::Span && kind == HintKind::Boilerplate)
      kind = HintKind::None;  // spans only for captions: "share-count" badges and the like
    if (kind != HintKind::None && m_open.size() < k_max_open)
      m_open.push_back({tag, kind, static_cast<std::uint32_t>(t.lt), 1});
    return t.after;
  }

  void on_end(std::size_t from) override {
    add_words(m_html, from, m_html.size(), m_chars_per_word, m_scan);
  }

  // The finished scan (once the lexer is done).
  PageScan finish() {
    merge_ranges(m_scan.hint_ranges);
    merge_ranges(m_scan.caption_ranges);
    return std::move(m_scan);
  }

 private:
  struct Open {
    HintTag tag;
    HintKind kind;
    std::uint32_t begin;
    int nesting;
  };
  static constexpr std::size_t k_max_open = 64;  // a hinted element inside another adds nothing
  std::string_view m_html;
  double m_chars_per_word;
  std::vector<Open> m_open;
  ValueMemo<MarkupWords> m_words;  // markup_words of the page's class and id values
  PageScan m_scan;
};

}  // namespace

PageScan scan_page(std::string_view html, double chars_per_word) {
  PageReading reading(html, chars_per_word);
  ride_markup_lexer(html, reading);
  return reading.finish();
}

std::vector<BlockMarkup> scan_page_and_markup(const TextDocument& doc, std::string_view html,
                                              double chars_per_word, PageScan& scan) {
  PageReading reading(html, chars_per_word);
  std::vector<BlockMarkup> markup = block_markup_riding(doc, html, reading);
  scan = reading.finish();
  return markup;
}

// lexical_bte_shares on a finished scan of the page.
std::pair<std::size_t, std::size_t> bte_window(const PageScan& scan) noexcept {
  const std::size_t m = scan.weights.size();
  // Kadane's maximum-sum window over the entries (strict improvement: earliest start, then
  // earliest end among the maxima); it always starts and ends on a run of words.
  std::int64_t best = std::numeric_limits<std::int64_t>::min();
  std::size_t best_begin = 0;
  std::size_t best_end = 0;  // exclusive; empty window when the page has no words
  std::int64_t sum = 0;
  std::size_t begin = 0;
  for (std::size_t k = 0; k < m; ++k) {
    if (sum <= 0) {
      sum = 0;
      begin = k;
    }
    sum += scan.weights[k];
    if (scan.weights[k] > 0 && sum > best) {
      best = sum;
      best_begin = begin;
      best_end = k + 1;
    }
  }
  return {best_begin, best_end};
}

std::vector<float> bte_shares(const TextDocument& doc, const PageScan& scan) {
  const std::size_t m = scan.weights.size();
  // Not a structured binding: Clang 14 (the fuzzing build) cannot capture one in a lambda.
  const std::pair<std::size_t, std::size_t> window = bte_window(scan);
  const std::size_t best_begin = window.first, best_end = window.second;
  // Prefix sums of words per entry. The words inside the window before entry k are the
  // prefix at k clamped to the window, less the prefix at its start.
  std::vector<std::int64_t> all;
  all.reserve(m + 1);
  all.push_back(0);
  for (std::size_t k = 0; k < m; ++k) all.push_back(all.back() + std::max<std::int32_t>(scan.weights[k], 0));
  const auto inside = [&all, best_begin, best_end](std::size_t k) {
    return all[std::clamp(k, best_begin, best_end)] - all[best_begin];
  };
  // The first entry at or after an offset (lower_bound): blocks mostly come in page order,
  // so each search steps on from the last answer while that stays short, and bisects
  // otherwise.
  const auto entry_at_or_after = [&offsets = scan.offsets](std::size_t& from, std::uint32_t at) {
    constexpr std::size_t k_steps = 8;
    std::size_t k = from;
    if (k > 0 && offsets[k - 1] >= at) k = 0;  // behind the last answer: bisect from the start
    const std::size_t stop = std::min(offsets.size(), k + k_steps);
    while (k < stop && offsets[k] < at) ++k;
    if (k == stop && k < offsets.size() && offsets[k] < at)
      k = static_cast<std::size_t>(std::lower_bound(offsets.begin() + static_cast<std::ptrdiff_t>(k),
                                                    offsets.end(), at) -
                                   offsets.begin());
    from = k;
    return k;
  };
  std::size_t first_from = 0, last_from = 0;
  std::vector<float> shares(doc.blocks.size(), 0.0f);
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    const std::size_t first = entry_at_or_after(first_from, b.source_begin);
    const std::size_t last = entry_at_or_after(last_from, b.source_end);
    if (last <= first || all[last] == all[first]) continue;
    shares[i] = static_cast<float>(inside(last) - inside(first)) /
                static_cast<float>(all[last] - all[first]);
  }
  return shares;
}

}  // namespace detail

std::vector<std::pair<std::uint32_t, std::uint32_t>> boilerplate_hint_ranges(
    std::string_view html) {
  return detail::scan_page(html, 0.0).hint_ranges;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> caption_hint_ranges(std::string_view html) {
  return detail::scan_page(html, 0.0).caption_ranges;
}

std::vector<float> lexical_bte_shares(const TextDocument& doc, std::string_view utf8_html) {
  return detail::bte_shares(doc, detail::scan_page(utf8_html, 0.0));
}

}  // namespace boilerdex::plugin

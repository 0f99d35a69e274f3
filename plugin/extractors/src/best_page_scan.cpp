// best's lexical scan of the page (best_page_scan_internal.hpp): the markup-hint ranges and
// BTE's token sequence, read from the decoded page as text, without a parse.
#include "best_page_scan_internal.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "best_words_internal.hpp"
#include "boilerdex/plugin/best_extractor.hpp"
#include "byte_ranges_internal.hpp"
#include "markup_lexer_internal.hpp"

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

using detail::ascii_lower;
using detail::is_ascii_alnum;
constexpr bool is_space(char c) noexcept { return detail::is_html_space(c); }

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
};

void read_markup_words(std::string_view value, MarkupWords& words) {
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
}

// The tag name at html[p...] lower-cased into buffer (names longer than it read as "").
std::string_view read_tag_name(std::string_view html, std::size_t& p, char (&buffer)[12]) noexcept {
  std::size_t len = 0;
  bool too_long = false;
  while (p < html.size() && is_ascii_alnum(html[p])) {
    if (len < sizeof buffer)
      buffer[len++] = ascii_lower(html[p]);
    else
      too_long = true;
    ++p;
  }
  return too_long ? std::string_view{} : std::string_view(buffer, len);
}

// Scans the attributes of a start tag from p to its '>' (quotes respected). Returns the
// position after '>' (npos when the tag never ends) and what its class and id mark it as.
std::size_t scan_attributes(std::string_view html, std::size_t p, bool want_hint, HintKind& kind) {
  MarkupWords words;
  bool self_closing = false;
  const std::size_t after = detail::scan_start_tag(
      html, p,
      [&](std::string_view name, std::string_view value) {
        if (want_hint && (detail::equals_lower(name, "class") || detail::equals_lower(name, "id")))
          read_markup_words(value, words);
      },
      self_closing);
  kind = after == std::string_view::npos ? HintKind::None : words.kind();
  return after;
}

using detail::skip_raw_text;

// Adds the words of html[begin, end) as one entry: runs of non-whitespace, each one word
// unless it holds characters of an unspaced script (then best_word_count's words at
// \p chars_per_word; 0: one).
void add_words(std::string_view html, std::size_t begin, std::size_t end, double chars_per_word,
               PageScan& scan) {
  std::int32_t words = 0;
  std::size_t first = end;
  std::size_t token = end;  // where the current run of non-whitespace starts
  bool multibyte = false;   // whether it holds a byte of a 3- or 4-byte sequence
  const auto close_token = [&](std::size_t k) {
    if (token == end) return;
    words +=
        multibyte ? detail::best_token_words(html.substr(token, k - token), chars_per_word) : 1;
    token = end;
    multibyte = false;
  };
  for (std::size_t k = begin; k < end; ++k) {
    if (is_space(html[k])) {
      close_token(k);
      continue;
    }
    if (token == end) {
      token = k;
      if (first == end) first = k;
    }
    multibyte = multibyte || static_cast<unsigned char>(html[k]) >= 0xE0;
  }
  close_token(end);
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

}  // namespace

// \p chars_per_word: best_word_count's, for BTE's word tokens (0: one per run, as Finn's).
PageScan scan_page(std::string_view html, double chars_per_word) {
  struct Open {
    HintTag tag;
    HintKind kind;
    std::uint32_t begin;
    int nesting;
  };
  constexpr std::size_t k_max_open = 64;  // a hinted element inside another adds nothing
  std::vector<Open> open;
  PageScan scan;
  std::size_t i = 0;
  char buffer[12];
  while (i < html.size()) {
    const std::size_t lt = html.find('<', i);
    add_words(html, i, lt == std::string_view::npos ? html.size() : lt, chars_per_word, scan);
    if (lt == std::string_view::npos) break;
    if (const std::size_t after = detail::skip_declaration(html, lt); after != lt) {
      if (after == std::string_view::npos) break;
      i = after;
      continue;
    }
    std::size_t p = lt + 1;
    const bool end_tag = p < html.size() && html[p] == '/';
    if (end_tag) ++p;
    const std::size_t name_begin = p;
    const std::string_view name = read_tag_name(html, p, buffer);
    if (p == name_begin) {  // a '<' in text: part of the next run of words
      add_words(html, lt, lt + 1, chars_per_word, scan);
      i = lt + 1;
      continue;
    }
    add_tag(lt, scan);
    const HintTag tag = hint_tag_of(name);
    if (end_tag) {
      const std::size_t gt = html.find('>', p);
      const std::size_t after = gt == std::string_view::npos ? html.size() : gt + 1;
      for (std::size_t k = open.size(); k-- > 0;) {
        if (open[k].tag != tag || --open[k].nesting > 0) continue;
        (open[k].kind == HintKind::Caption ? scan.caption_ranges : scan.hint_ranges)
            .emplace_back(open[k].begin, static_cast<std::uint32_t>(after));
        open.erase(open.begin() + static_cast<std::ptrdiff_t>(k));
      }
      i = after;
      continue;
    }
    const bool tracked = tag != HintTag::Other && tag != HintTag::Script && tag != HintTag::Style;
    HintKind kind = HintKind::None;
    const std::size_t after = scan_attributes(html, p, tracked, kind);
    if (after == std::string_view::npos) break;
    if (tag == HintTag::Script || tag == HintTag::Style) {
      i = skip_raw_text(html, after, name);
      if (i < html.size()) add_tag(i - 1, scan);  // its end tag (unterminated: none)
      continue;
    }
    if (tracked) {
      for (auto& o : open) {
        if (o.tag == tag) ++o.nesting;
      }
      if (tag == HintTag::Nav || tag == HintTag::Aside || tag == HintTag::Footer)
        kind = HintKind::Boilerplate;
      else if (tag == HintTag::Figcaption && kind == HintKind::None)
        kind = HintKind::Caption;
      else if (tag == HintTag::Span && kind == HintKind::Boilerplate)
        kind = HintKind::None;  // spans only for captions: "share-count" badges and the like
      if (kind != HintKind::None && open.size() < k_max_open)
        open.push_back({tag, kind, static_cast<std::uint32_t>(lt), 1});
    }
    i = after;
  }
  merge_ranges(scan.hint_ranges);
  merge_ranges(scan.caption_ranges);
  return scan;
}

// lexical_bte_shares on a finished scan of the page.
std::vector<float> bte_shares(const TextDocument& doc, const PageScan& scan) {
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
  // Prefix sums of words, all and inside the window, per entry.
  std::vector<std::int64_t> all(m + 1, 0);
  std::vector<std::int64_t> inside(m + 1, 0);
  for (std::size_t k = 0; k < m; ++k) {
    const std::int64_t w = std::max<std::int32_t>(scan.weights[k], 0);
    all[k + 1] = all[k] + w;
    inside[k + 1] = inside[k] + (k >= best_begin && k < best_end ? w : 0);
  }
  std::vector<float> shares(doc.blocks.size(), 0.0f);
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    const auto first = static_cast<std::size_t>(
        std::lower_bound(scan.offsets.begin(), scan.offsets.end(), b.source_begin) -
        scan.offsets.begin());
    const auto last = static_cast<std::size_t>(
        std::lower_bound(scan.offsets.begin(), scan.offsets.end(), b.source_end) -
        scan.offsets.begin());
    if (last <= first || all[last] == all[first]) continue;
    shares[i] = static_cast<float>(inside[last] - inside[first]) /
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

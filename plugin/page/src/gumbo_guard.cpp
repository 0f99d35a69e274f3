#include "gumbo_guard_internal.hpp"
#include "markup_lexer_internal.hpp"  // NameTable
#include "utf8_internal.hpp"

#include <algorithm>
#include <array>
#include <csetjmp>
#include <cstring>
#include <cstdint>
#include <vector>

namespace boilerdex::plugin::detail {
namespace {

bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

/// An element name, lower-cased, truncated to what the tables below need.
struct TagName {
  std::array<char, 16> text{};
  std::size_t size = 0;
  [[nodiscard]] std::string_view view() const noexcept { return {text.data(), size}; }
  friend bool operator==(const TagName& a, const TagName& b) noexcept { return a.view() == b.view(); }
};

/// What the model needs to know of an element's name.
struct TagKind {
  /// Elements that never hold children, and those whose end tag is optional and which a
  /// sibling start tag closes (they do not nest in practice; counting them would flag
  /// ordinary pages full of unclosed <p> and <li>).
  bool never_nests = false;
  /// Elements whose content is text up to their end tag (tags inside are not tags).
  bool raw_text = false;
};

/// The TagKind of \p name, looked up once among the names of its length.
TagKind tag_kind(std::string_view name) noexcept {
  static const NameTable<TagKind> table = [] {
    std::vector<std::pair<std::string_view, TagKind>> entries;
    for (const std::string_view n :
         {"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image", "img",
          "input", "keygen", "link", "meta", "param", "source", "track", "wbr", "p", "li", "dt", "dd",
          "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "caption",
          "rb", "rt", "rp", "rtc", "html", "head", "body"})
      entries.emplace_back(n, TagKind{true, false});
    for (const std::string_view n :
         {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"})
      entries.emplace_back(n, TagKind{false, true});
    return NameTable<TagKind>(entries);
  }();
  const TagKind* kind = table.find(name);
  return kind != nullptr ? *kind : TagKind{};
}

/// Index of the '>' that ends the tag starting at \p from (quotes respected), or npos.
/// A quoted value is skipped with memchr: most of a tag's bytes are its values (addresses,
/// class lists, styles), and a byte-by-byte reading of them was most of limit_nesting's cost.
std::size_t tag_end(std::string_view s, std::size_t from) noexcept {
  std::size_t i = from;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '>') return i;
    if (c == '"' || c == '\'') {
      // Quotes only open attribute values (after '='); elsewhere they are name characters.
      std::size_t j = i;
      while (j > from && is_space(s[j - 1])) --j;
      if (j > from && s[j - 1] == '=') {
        const void* close = std::memchr(s.data() + i + 1, c, s.size() - i - 1);
        if (close == nullptr) return std::string_view::npos;
        i = static_cast<std::size_t>(static_cast<const char*>(close) - s.data()) + 1;
        continue;
      }
    }
    ++i;
  }
  return std::string_view::npos;
}

/// Position of the end tag "</name" (case-insensitive) at or after \p from, or npos.
std::size_t raw_text_end_tag(std::string_view s, std::size_t from, std::string_view name) noexcept {
  for (std::size_t i = s.find("</", from); i != std::string_view::npos; i = s.find("</", i + 2)) {
    if (s.size() - i - 2 < name.size()) return std::string_view::npos;
    bool match = true;
    for (std::size_t k = 0; k < name.size() && match; ++k) match = lower(s[i + 2 + k]) == name[k];
    if (match) return i;
  }
  return std::string_view::npos;
}

/// How far an end tag looks for its element among the open ones. An end tag that does not
/// find it closes nothing in this model, which can only overestimate depth (safe).
constexpr std::size_t k_end_tag_window = 64;

}  // namespace

std::optional<std::string> limit_nesting(std::string_view html, std::size_t max_depth) {
  std::vector<TagName> open;  // the model's stack of open elements
  std::vector<std::pair<std::size_t, std::size_t>> blanks;  // [begin, end) of tags to blank
  std::size_t depth_dropped = 0;  // open elements beyond max_depth (not on the stack)

  std::size_t i = 0;
  while ((i = html.find('<', i)) != std::string_view::npos) {
    const std::size_t begin = i;
    if (html.substr(i, 4) == "<!--") {
      const std::size_t end = html.find("-->", i + 4);
      if (end == std::string_view::npos) break;
      i = end + 3;
      continue;
    }
    if (i + 1 < html.size() && (html[i + 1] == '!' || html[i + 1] == '?')) {
      const std::size_t end = html.find('>', i + 2);
      if (end == std::string_view::npos) break;
      i = end + 1;
      continue;
    }
    const bool closing = i + 1 < html.size() && html[i + 1] == '/';
    std::size_t n = i + (closing ? 2 : 1);
    if (n >= html.size() || !is_alpha(html[n])) {
      i = n;
      continue;
    }
    TagName name;
    for (; n < html.size() && !is_space(html[n]) && html[n] != '>' && html[n] != '/'; ++n)
      if (name.size < name.text.size()) name.text[name.size++] = lower(html[n]);
    const std::size_t end = tag_end(html, n);
    if (end == std::string_view::npos) break;
    i = end + 1;
    const std::string_view tag = name.view();
    const TagKind kind = tag_kind(tag);

    if (closing) {
      if (kind.never_nests) continue;
      if (depth_dropped > 0) {  // closes (in the model) the deepest, flattened element
        --depth_dropped;
        blanks.emplace_back(begin, i);
        continue;
      }
      const std::size_t window = std::min(open.size(), k_end_tag_window);
      for (std::size_t k = 1; k <= window; ++k) {
        if (open[open.size() - k] == name) {
          open.resize(open.size() - k);
          break;
        }
      }
      continue;
    }
    const bool self_closing = end > n && html[end - 1] == '/';
    if (kind.raw_text) {
      const std::size_t close = raw_text_end_tag(html, i, tag);
      if (close == std::string_view::npos) break;
      i = close;  // its end tag is read next, as a tag
    }
    if (kind.never_nests || (self_closing && !kind.raw_text)) continue;
    if (open.size() < max_depth) {
      if (!kind.raw_text) open.push_back(name);
    } else {
      ++depth_dropped;
      blanks.emplace_back(begin, i);
    }
  }
  if (blanks.empty()) return std::nullopt;
  std::string out(html);
  for (const auto& [b, e] : blanks) std::fill(out.begin() + static_cast<std::ptrdiff_t>(b), out.begin() + static_cast<std::ptrdiff_t>(e), ' ');
  return out;
}

namespace {

/// Calls \p f(begin, end) with the digits [begin, end) of each numeric character reference
/// in \p html whose value is above U+10FFFF, in order; \p f may rewrite those digits.
template <class F>
void for_each_overflowing_reference(std::string_view html, F&& f) {
  for (std::size_t i = html.find("&#"); i != std::string_view::npos; i = html.find("&#", i)) {
    i += 2;
    const bool hex = i < html.size() && (html[i] == 'x' || html[i] == 'X');
    if (hex) ++i;
    const std::size_t digits = i;
    std::uint64_t value = 0;
    for (; i < html.size(); ++i) {
      const char c = html[i];
      unsigned d = 0;
      if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
      else if (hex && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
      else if (hex && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
      else break;
      value = std::min<std::uint64_t>(value * (hex ? 16 : 10) + d, 0x110000);  // saturates
    }
    if (value > 0x10FFFF) f(digits, i);
  }
}

}  // namespace

std::size_t neutralize_overflowing_references(std::string& html) noexcept {
  std::size_t rewritten = 0;
  for_each_overflowing_reference(html, [&html, &rewritten](std::size_t begin, std::size_t end) {
    std::fill(html.begin() + static_cast<std::ptrdiff_t>(begin), html.begin() + static_cast<std::ptrdiff_t>(end), '0');
    ++rewritten;
  });
  return rewritten;
}

std::optional<GumboSafeText> make_gumbo_safe(std::string_view html, std::size_t max_depth) {
  std::optional<GumboSafeText> safe;
  if (std::optional<std::string> flat = limit_nesting(html, max_depth)) {
    safe.emplace();
    safe->text = std::move(*flat);
    safe->nesting_limited = true;
  }
  if (!safe) {
    // Most pages hold references but none that overflows: look before copying the page.
    bool overflows = false;
    for_each_overflowing_reference(html, [&overflows](std::size_t, std::size_t) { overflows = true; });
    if (!overflows) return safe;
    safe.emplace();
    safe->text.assign(html);
  }
  neutralize_overflowing_references(safe->text);
  return safe;
}

// ---- a Gumbo parse that gives up at the deadline ----------------------------------------

namespace {

/// Allocations between two looks at the clock: a clock read costs about as much as a
/// few dozen arena allocations, and Gumbo allocates every few dozen input bytes.
constexpr unsigned k_allocations_per_check = 256;

/// The allocator's userdata. Trivially destructible, like everything the allocator's frame
/// holds when it jumps.
struct TimedArena {
  Arena* arena;
  const PageDeadline* deadline;
  std::jmp_buf* escape;
  unsigned until_check;
};

void* timed_allocate(void* userdata, std::size_t size) noexcept {
  auto* timed = static_cast<TimedArena*>(userdata);
  if (--timed->until_check == 0) {
    timed->until_check = k_allocations_per_check;
    if (timed->deadline->passed()) std::longjmp(*timed->escape, 1);
  }
  return Arena::gumbo_allocate(timed->arena, size);
}

void timed_deallocate(void* userdata, void* p) noexcept {
  Arena::gumbo_deallocate(static_cast<TimedArena*>(userdata)->arena, p);
}

}  // namespace

GumboOutput* parse_before(GumboOptions options, Arena& arena, std::string_view html,
                          const PageDeadline& deadline) noexcept {
  if (!deadline.bounded()) {
    options.allocator = &Arena::gumbo_allocate;
    options.deallocator = &Arena::gumbo_deallocate;
    options.userdata = &arena;
    return gumbo_parse_with_options(&options, html.data(), html.size());
  }
  // Nothing below is changed after setjmp, so nothing needs to be volatile.
  std::jmp_buf escape;
  TimedArena timed{&arena, &deadline, &escape, k_allocations_per_check};
  options.allocator = &timed_allocate;
  options.deallocator = &timed_deallocate;
  options.userdata = &timed;
  if (setjmp(escape) != 0) return nullptr;  // the deadline passed inside Gumbo
  return gumbo_parse_with_options(&options, html.data(), html.size());
}

std::size_t tag_budget_end(std::string_view html, std::size_t max_tags) noexcept {
  std::size_t tags = 0;
  for (std::size_t i = html.find('<'); i != std::string_view::npos; i = html.find('<', i + 1)) {
    if (i + 1 >= html.size()) break;
    const char next = html[i + 1];
    if (!is_alpha(next) && next != '!' && next != '?') continue;  // end tags make no node
    if (++tags > max_tags) return i;
  }
  return html.size();
}

std::string_view parsed_prefix(std::string_view utf8_html, std::size_t max_input_bytes) noexcept {
  const std::string_view input = truncate_utf8(utf8_html, max_input_bytes);
  // A tag takes two bytes at least ('<' and a letter): a shorter page is within the budget,
  // and most pages are spared the counting pass.
  if (input.size() <= 2 * k_max_parse_tags) return input;
  return input.substr(0, tag_budget_end(input, k_max_parse_tags));
}

GuardedParse::GuardedParse(std::string_view html, std::size_t max_depth, Arena& arena,
                           const PageDeadline& deadline, std::string_view preparing_stage,
                           std::string_view parsing_stage, bool lean,
                           std::span<const std::string_view> lean_keeps_attributes_of)
    : m_budgeted(html.substr(0, tag_budget_end(html, k_max_parse_tags))),
      m_tags_limited(m_budgeted.size() < html.size()),
      m_safe(make_gumbo_safe(m_budgeted, std::min(max_depth, k_max_parse_nesting))),
      m_text(m_safe ? std::string_view(m_safe->text) : m_budgeted),
      m_lean(lean ? LeanHtml::make(m_text, lean_keeps_attributes_of) : std::nullopt) {
  deadline.check(preparing_stage);
  GumboOptions options = kGumboDefaultOptions;
  options.max_errors = 0;  // nobody reads them; recording costs allocations
  m_output = parse_before(options, arena, text(), deadline);
  if (m_output == nullptr) deadline.fail(parsing_stage);
}

}  // namespace boilerdex::plugin::detail

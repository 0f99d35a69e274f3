#pragma once
// The lexical pieces both markup scans share (best_page_scan.cpp's hint ranges and BTE
// tokens, page_markup.cpp's landmarks): they read the decoded page as text, without a parse.
// Private to plugin. Everything here is O(what it reads) and never throws.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace boilerdex::plugin::detail {

// ASCII letters and digits by byte: one load in the scans' inner loops instead of three
// range tests.
inline constexpr std::array<bool, 256> k_ascii_alnum = [] {
  std::array<bool, 256> table{};
  for (int c = '0'; c <= '9'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = 'a'; c <= 'z'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = 'A'; c <= 'Z'; ++c) table[static_cast<std::size_t>(c)] = true;
  return table;
}();
constexpr bool is_ascii_alnum(char c) noexcept { return k_ascii_alnum[static_cast<unsigned char>(c)]; }
// Each byte lower-cased (ASCII letters only), looked up as k_ascii_alnum is.
inline constexpr std::array<char, 256> k_ascii_lower = [] {
  std::array<char, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[static_cast<std::size_t>(c)] = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return table;
}();
constexpr char ascii_lower(char c) noexcept { return k_ascii_lower[static_cast<unsigned char>(c)]; }
constexpr bool is_html_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/// Where the first tag written out as text starts in \p text: a '<' before an ASCII letter
/// or '/' ("…in 2007.<p/>It's", "NAME<BR>Paper"); npos when there is none ("a < b", "<3").
constexpr std::size_t find_written_tag(std::string_view text) noexcept {
  for (std::size_t lt = text.find('<'); lt != std::string_view::npos && lt + 1 < text.size(); lt = text.find('<', lt + 1)) {
    const char next = text[lt + 1];
    if (next == '/' || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z')) return lt;
  }
  return std::string_view::npos;
}

/// Whether \p word starts with \p lower_prefix, \p word compared lower-case.
inline bool starts_with_lower(std::string_view word, std::string_view lower_prefix) noexcept {
  if (word.size() < lower_prefix.size()) return false;
  for (std::size_t k = 0; k < lower_prefix.size(); ++k) {
    if (ascii_lower(word[k]) != lower_prefix[k]) return false;
  }
  return true;
}

/// Whether \p text equals \p lower_word, \p text compared lower-case.
inline bool equals_lower(std::string_view text, std::string_view lower_word) noexcept {
  return text.size() == lower_word.size() && starts_with_lower(text, lower_word);
}

/// Whether \p haystack holds \p lower_needle anywhere, \p haystack compared lower-case
/// (camelCase class names: "photoCaption" holds "caption").
inline bool contains_lower(std::string_view haystack, std::string_view lower_needle) noexcept {
  for (std::size_t k = 0; k + lower_needle.size() <= haystack.size(); ++k) {
    if (starts_with_lower(haystack.substr(k), lower_needle)) return true;
  }
  return false;
}

/// Whether \p word starts with one of \p lower_prefixes (an array of string_views).
template <class Prefixes>
bool any_prefix(std::string_view word, const Prefixes& lower_prefixes) noexcept {
  return std::any_of(std::begin(lower_prefixes), std::end(lower_prefixes),
                     [word](std::string_view prefix) { return starts_with_lower(word, prefix); });
}

/// Lists of lower-case prefixes, each with its bits, looked up by a word's first character:
/// bits(word) is the OR of the bits of every list holding a prefix of the word (compared
/// lower-case), as any_prefix over each list would find, comparing only the prefixes that
/// start with the word's first character. Immutable once built; thread-safe to read.
class PrefixTable {
 public:
  PrefixTable(std::initializer_list<std::pair<std::span<const std::string_view>, std::uint32_t>> lists) {
    for (const auto& [prefixes, bits] : lists) {
      for (const std::string_view prefix : prefixes) {
        if (!prefix.empty()) m_entries.push_back({prefix, bits});
      }
    }
    std::sort(m_entries.begin(), m_entries.end(),
              [](const Entry& a, const Entry& b) { return a.prefix < b.prefix; });
    m_first.fill({0, 0});
    for (std::size_t k = 0; k < m_entries.size(); ++k) {
      auto& range = m_first[static_cast<unsigned char>(m_entries[k].prefix.front())];
      if (range.second == 0) range.first = static_cast<std::uint32_t>(k);
      range.second = static_cast<std::uint32_t>(k + 1);
    }
  }

  [[nodiscard]] std::uint32_t bits(std::string_view word) const noexcept {
    if (word.empty()) return 0;
    const auto [begin, end] = m_first[static_cast<unsigned char>(ascii_lower(word.front()))];
    std::uint32_t out = 0;
    for (std::uint32_t k = begin; k < end; ++k) {
      if (starts_with_lower(word, m_entries[k].prefix)) out |= m_entries[k].bits;
    }
    return out;
  }

 private:
  struct Entry {
    std::string_view prefix;
    std::uint32_t bits;
  };
  std::vector<Entry> m_entries;
  std::array<std::pair<std::uint32_t, std::uint32_t>, 256> m_first{};  // [begin, end) by first char
};

/// Values by name, looked up among the names of the same length and first byte only: a tag
/// name is compared with one or two names instead of every one. Names of k_max_name bytes
/// or more are never held. Immutable once built; thread-safe to read.
template <class T>
class NameTable {
 public:
  static constexpr std::size_t k_max_name = 16;

  explicit NameTable(const std::vector<std::pair<std::string_view, T>>& entries) {
    for (const auto& entry : entries) {
      if (entry.first.size() < k_max_name) m_buckets[bucket(entry.first)].push_back(entry);
    }
  }

  /// The value held for \p name (compared exactly), or null.
  [[nodiscard]] const T* find(std::string_view name) const noexcept {
    if (name.size() >= k_max_name) return nullptr;
    for (const auto& entry : m_buckets[bucket(name)]) {
      if (entry.first.size() != name.size()) continue;
      // Byte by byte: names this short cost less than a call to memcmp.
      std::size_t k = 0;
      while (k < name.size() && entry.first[k] == name[k]) ++k;
      if (k == name.size()) return &entry.second;
    }
    return nullptr;
  }

 private:
  static constexpr std::size_t k_buckets = 64;
  // A name's bucket, from its length and first byte (a name under k_max_name bytes).
  static std::size_t bucket(std::string_view name) noexcept {
    if (name.empty()) return 0;
    return (static_cast<unsigned char>(name[0]) ^ (name.size() << 3) ^ (name.size() >> 2)) &
           (k_buckets - 1);
  }
  std::array<std::vector<std::pair<std::string_view, T>>, k_buckets> m_buckets;
};

/// What a function of a class, id or itemprop value gave for the values of one page, each
/// value worked out once: pages repeat their class lists ("menu-item", "post-title
/// entry-title") on many elements. A value's answer is kept by its text (a view into the
/// page, which must outlive the memo) in a small table, where a later value with the same
/// hash takes its place, so get(value, f) always equals f(value). One per page and thread.
template <class T>
class ValueMemo {
 public:
  /// f(\p value), from the table when \p value was the last value of its slot.
  template <class F>
  T get(std::string_view value, F&& f) {
    if (value.size() > k_max_value) return f(value);
    Entry& e = m_entries[hash(value) & (k_entries - 1)];
    if (e.text.data() == nullptr || e.text != value) e = {value, f(value)};
    return e.answer;
  }

 private:
  // A hash of the value's length and its first and last eight bytes (values differ there:
  // a slot holds the value itself, so two alike only take turns).
  static std::uint64_t hash(std::string_view value) noexcept {
    std::uint64_t head = 0, tail = 0;
    if (value.size() >= 8) {
      std::memcpy(&head, value.data(), 8);
      std::memcpy(&tail, value.data() + value.size() - 8, 8);
    } else {
      for (const char c : value) head = head << 8 | static_cast<unsigned char>(c);
    }
    const std::uint64_t h = (head * 0x9E3779B97F4A7C15u) ^ (tail + value.size()) * 0xC2B2AE3D27D4EB4Fu;
    return h >> 32;
  }

  static constexpr std::size_t k_max_value = 256;  // longer values are worked out each time
  static constexpr std::size_t k_entries = 512;
  struct Entry {
    std::string_view text;  // null data: empty slot
    T answer{};
  };
  std::array<Entry, k_entries> m_entries{};
};

/// Calls \p f(word) for each run of ASCII letters and digits of a class, id or itemprop
/// value ("entry-title post_1" → entry, title, post, 1).
template <class F>
void for_each_markup_word(std::string_view value, F&& f) {
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && !is_ascii_alnum(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && is_ascii_alnum(value[i])) ++i;
    if (i > begin) f(value.substr(begin, i - begin));
  }
}

/// The bytes that end an attribute's name in scan_start_tag: HTML space, '=', '>' and '/'.
inline constexpr std::array<bool, 256> k_ends_attribute_name = [] {
  std::array<bool, 256> table{};
  for (const char c : {' ', '\t', '\n', '\r', '\f', '=', '>', '/'})
    table[static_cast<unsigned char>(c)] = true;
  return table;
}();

/// Scans a start tag's attributes from \p p (just after its name) to its '>', quotes
/// respected, calling \p f(name, value) for each attribute (value empty when it has none).
/// Returns the position after '>', or npos when the tag never ends. Sets \p self_closing
/// when the tag ends in "/>".
template <class F>
std::size_t scan_start_tag(std::string_view html, std::size_t p, F&& f, bool& self_closing) {
  const std::size_t n = html.size();
  self_closing = false;
  while (p < n) {
    while (p < n && (is_html_space(html[p]) || html[p] == '/')) {
      self_closing = html[p] == '/';
      ++p;
    }
    if (p >= n) break;
    if (html[p] == '>') return p + 1;
    self_closing = false;
    const std::size_t name_begin = p;
    while (p < n && !k_ends_attribute_name[static_cast<unsigned char>(html[p])]) ++p;
    const std::string_view name = html.substr(name_begin, p - name_begin);
    while (p < n && is_html_space(html[p])) ++p;
    if (p >= n || html[p] != '=') {
      f(name, std::string_view{});
      continue;
    }
    ++p;
    while (p < n && is_html_space(html[p])) ++p;
    std::size_t value_begin = p;
    std::size_t value_end = p;
    if (p < n && (html[p] == '"' || html[p] == '\'')) {
      const std::size_t close = html.find(html[p], p + 1);
      if (close == std::string_view::npos) return std::string_view::npos;
      value_begin = p + 1;
      value_end = close;
      p = close + 1;
    } else {
      while (p < n && !is_html_space(html[p]) && html[p] != '>') ++p;
      value_end = p;
    }
    f(name, html.substr(value_begin, value_end - value_begin));
  }
  return std::string_view::npos;
}

/// When html[\p lt] ('<') opens a comment ("<!--"), a doctype or other "<!" declaration, or a
/// processing instruction ("<?"), the position after it (npos when it never ends);
/// otherwise \p lt itself.
inline std::size_t skip_declaration(std::string_view html, std::size_t lt) noexcept {
  if (html.substr(lt, 4) == "<!--") {
    const std::size_t close = html.find("-->", lt + 4);
    return close == std::string_view::npos ? close : close + 3;
  }
  const std::size_t p = lt + 1;
  if (p < html.size() && (html[p] == '!' || html[p] == '?')) {  // <!DOCTYPE>, <?xml?>
    const std::size_t gt = html.find('>', p);
    return gt == std::string_view::npos ? gt : gt + 1;
  }
  return lt;
}

/// The position after the end tag </\p lower_name ...> that closes raw text (script, style,
/// textarea) starting at \p p; the end of \p html when there is none.
inline std::size_t skip_raw_text(std::string_view html, std::size_t p,
                                 std::string_view lower_name) noexcept {
  for (;;) {
    const std::size_t lt = html.find("</", p);
    if (lt == std::string_view::npos) return html.size();
    if (starts_with_lower(html.substr(lt + 2), lower_name)) {
      const std::size_t gt = html.find('>', lt + 2 + lower_name.size());
      return gt == std::string_view::npos ? html.size() : gt + 1;
    }
    p = lt + 2;
  }
}

}  // namespace boilerdex::plugin::detail

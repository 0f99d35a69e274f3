#include "boilerdex/plugin/word_tokenizer.hpp"

#include <unicode/uchar.h>

#include <array>
#include <cstdint>

#include "html_segmenter_internal.hpp"  // detail::java_trim
#include "utf8_internal.hpp"            // detail::decode_utf8

namespace boilerdex::plugin {
namespace {

using detail::CodePoint;
using detail::decode_utf8;

/// Java's Character.isLetterOrDigit: general categories Lu, Ll, Lt, Lm, Lo, Nd.
bool is_letter_or_digit(char32_t c) noexcept {
  return (U_GET_GC_MASK(static_cast<UChar32>(c)) & (U_GC_L_MASK | U_GC_ND_MASK)) != 0;
}

/// The word test's classes: L*, Nd, Nl, No.
bool is_word_code_point(char32_t c) noexcept {
  return (U_GET_GC_MASK(static_cast<UChar32>(c)) &
          (U_GC_L_MASK | U_GC_ND_MASK | U_GC_NL_MASK | U_GC_NO_MASK)) != 0;
}

/// ASCII classes, precomputed: most page text is ASCII.
enum AsciiClass : std::uint8_t { Other = 0, Word = 1, Glue = 2, Space = 4 };

constexpr std::array<std::uint8_t, 128> make_ascii_classes() {
  std::array<std::uint8_t, 128> t{};
  for (int c = '0'; c <= '9'; ++c) t[c] = Word;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = Word;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = Word;
  t['_'] = Word;
  // The 14 characters around which UnicodeTokenizer deletes word-boundary markers.
  for (char c : {'"', '\'', '.', ',', '!', '@', '-', ':', ';', '$', '?', '(', ')', '/'})
    t[static_cast<unsigned char>(c)] = Glue;
  t[' '] = Space;
  return t;
}
constexpr auto k_ascii_classes = make_ascii_classes();

constexpr char32_t k_invisible_separator = 0x2063;  // UnicodeTokenizer's own marker character

}  // namespace

namespace detail {
std::string_view java_trim(std::string_view s) noexcept {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  return s.substr(b, e - b);
}
}  // namespace detail

void tokenize(std::string_view text, std::vector<std::string_view>& out) {
  out.clear();
  // UnicodeTokenizer: mark every \b with U+2063, drop marks next to the glue characters,
  // turn marks and spaces into separators, trim, split. Done here in one pass: a token
  // ends at a space, or where the word/non-word state flips and neither side is glue.
  // Trimming first is equivalent: marks at the ends become spaces and are trimmed anyway.
  const std::string_view s = detail::java_trim(text);
  const auto* const begin = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = begin + s.size();
  const auto* p = begin;
  const unsigned char* token_start = nullptr;
  bool prev_word = false;
  bool prev_glue = false;
  bool mark_base =
      false;  // the last non-Mn code point was a letter or digit (Java hasBaseCharacter)

  while (p < end) {
    bool word;
    bool glue = false;
    std::uint32_t len = 1;
    if (*p < 0x80) {
      const std::uint8_t cls = k_ascii_classes[*p];
      if (cls & Space) {
        if (token_start != nullptr)
          out.emplace_back(reinterpret_cast<const char*>(token_start), p - token_start);
        token_start = nullptr;
        ++p;
        continue;
      }
      word = (cls & Word) != 0;
      glue = (cls & Glue) != 0;
      mark_base = word && *p != '_';
    } else {
      const CodePoint cp = decode_utf8(p, end);
      len = cp.length;
      if (cp.value == k_invisible_separator) {
        if (token_start != nullptr)
          out.emplace_back(reinterpret_cast<const char*>(token_start), p - token_start);
        token_start = nullptr;
        p += len;
        continue;
      }
      if (u_charType(static_cast<UChar32>(cp.value)) == U_NON_SPACING_MARK) {
        word = mark_base;  // a run of Mn keeps the base's verdict
      } else {
        word = is_letter_or_digit(cp.value);
        mark_base = word;
      }
    }
    if (token_start == nullptr) {
      token_start = p;
    } else if (word != prev_word && !glue && !prev_glue) {
      out.emplace_back(reinterpret_cast<const char*>(token_start), p - token_start);
      token_start = p;
    }
    prev_word = word;
    prev_glue = glue;
    p += len;
    // Most text is runs of ASCII letters and digits: after a word character, each one of
    // them changes nothing but mark_base (no space, no flip, no glue), so they are passed
    // over in one loop.
    if (word && !glue && p < end && *p < 0x80 && k_ascii_classes[*p] == Word) {
      do {
        ++p;
      } while (p < end && *p < 0x80 && k_ascii_classes[*p] == Word);
      mark_base = p[-1] != '_';
    }
  }
  if (token_start != nullptr)
    out.emplace_back(reinterpret_cast<const char*>(token_start), end - token_start);
}

bool is_word(std::string_view token) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = p + token.size();
  while (p < end) {
    if (*p < 0x80) {
      if (k_ascii_classes[*p] & Word && *p != '_') return true;
      ++p;
      continue;
    }
    const CodePoint cp = decode_utf8(p, end);
    if (is_word_code_point(cp.value)) return true;
    p += cp.length;
  }
  return false;
}

std::size_t utf16_length(std::string_view text) noexcept {
  // A supplementary code point is a surrogate pair in Java; an invalid byte decodes to one
  // U+FFFD, one unit.
  std::size_t units = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    if (*p < 0x80) {
      ++units;
      ++p;
      continue;
    }
    const CodePoint cp = decode_utf8(p, end);
    units += cp.value >= 0x10000 ? 2 : 1;
    p += cp.length;
  }
  return units;
}

}  // namespace boilerdex::plugin

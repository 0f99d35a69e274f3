#pragma once
// boilerpipe's UnicodeTokenizer (word_tokenizer.hpp) as one pass that hands each token's
// code points to a sink as it reads them, so that a caller can learn what it needs of each
// token (the block features' word shapes) without reading the token a second time.
// tokenize() is this pass with a sink that only collects the tokens. Private to plugin.

#include <unicode/uchar.h>

#include <array>
#include <cstdint>
#include <string_view>

#include "html_segmenter_internal.hpp"  // detail::java_trim
#include "utf8_internal.hpp"            // detail::decode_utf8

namespace boilerdex::plugin::detail {

/// ASCII classes of the tokenizer, precomputed: most page text is ASCII.
enum TokenizerAsciiClass : std::uint8_t {
  k_ascii_other = 0,
  k_ascii_word = 1,  // letters, digits and '_' (Java's \w)
  k_ascii_glue = 2,  // the 14 characters around which word-boundary markers are deleted
  k_ascii_space = 4,
};

inline constexpr std::array<std::uint8_t, 128> k_tokenizer_ascii_classes = [] {
  std::array<std::uint8_t, 128> t{};
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = k_ascii_word;
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = k_ascii_word;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = k_ascii_word;
  t['_'] = k_ascii_word;
  for (const char c : {'"', '\'', '.', ',', '!', '@', '-', ':', ';', '$', '?', '(', ')', '/'})
    t[static_cast<unsigned char>(c)] = k_ascii_glue;
  t[' '] = k_ascii_space;
  return t;
}();

inline constexpr char32_t k_invisible_separator = 0x2063;  // UnicodeTokenizer's own marker

/// Tokenizes \p text as tokenize() does. For each token, in order, the sink receives
/// `sink.ascii(begin, end)` for runs of its ASCII bytes and `sink.code_point(mask)` for each
/// of its other code points (U_GET_GC_MASK of the decoded value; invalid bytes decode as
/// U+FFFD, one byte each), then `sink.token(begin, end)` with the token's bytes. Spaces and
/// U+2063 between tokens reach the sink as nothing. Never throws but what the sink throws.
template <class Sink>
void tokenize_with(std::string_view text, Sink& sink) {
  // UnicodeTokenizer: mark every \b with U+2063, drop marks next to the glue characters,
  // turn marks and spaces into separators, trim, split. Done here in one pass: a token
  // ends at a space, or where the word/non-word state flips and neither side is glue.
  // Trimming first is equivalent: marks at the ends become spaces and are trimmed anyway.
  const std::string_view s = java_trim(text);
  const auto* const begin = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = begin + s.size();
  const auto* p = begin;
  const unsigned char* token_start = nullptr;
  const auto emit = [&](const unsigned char* token_end) {
    sink.token(reinterpret_cast<const char*>(token_start),
               reinterpret_cast<const char*>(token_end));
  };
  bool prev_word = false;
  bool prev_glue = false;
  bool mark_base =
      false;  // the last non-Mn code point was a letter or digit (Java hasBaseCharacter)

  while (p < end) {
    bool word;
    bool glue = false;
    std::uint32_t len = 1;
    std::uint32_t mask = 0;
    if (*p < 0x80) {
      const std::uint8_t cls = k_tokenizer_ascii_classes[*p];
      if (cls & k_ascii_space) {
        if (token_start != nullptr) emit(p);
        token_start = nullptr;
        ++p;
        continue;
      }
      word = (cls & k_ascii_word) != 0;
      glue = (cls & k_ascii_glue) != 0;
      mark_base = word && *p != '_';
    } else {
      const CodePoint cp = decode_utf8(p, end);
      len = cp.length;
      if (cp.value == k_invisible_separator) {
        if (token_start != nullptr) emit(p);
        token_start = nullptr;
        p += len;
        continue;
      }
      mask = U_GET_GC_MASK(static_cast<UChar32>(cp.value));
      if (mask == U_GC_MN_MASK) {
        word = mark_base;  // a run of Mn keeps the base's verdict
      } else {
        word = (mask & (U_GC_L_MASK | U_GC_ND_MASK)) != 0;  // Character.isLetterOrDigit
        mark_base = word;
      }
    }
    if (token_start == nullptr) {
      token_start = p;
    } else if (word != prev_word && !glue && !prev_glue) {
      emit(p);
      token_start = p;
    }
    prev_word = word;
    prev_glue = glue;
    const unsigned char* const at = p;
    const bool ascii = *at < 0x80;
    p += len;
    // Most text is runs of ASCII letters and digits: after a word character, each one of
    // them changes nothing but mark_base (no space, no flip, no glue), so they are passed
    // over in one loop.
    if (word && !glue && p < end && *p < 0x80 && k_tokenizer_ascii_classes[*p] == k_ascii_word) {
      do {
        ++p;
      } while (p < end && *p < 0x80 && k_tokenizer_ascii_classes[*p] == k_ascii_word);
      mark_base = p[-1] != '_';
      if (ascii) {
        sink.ascii(at, p);
      } else {
        sink.code_point(mask);
        sink.ascii(at + len, p);
      }
    } else if (ascii) {
      sink.ascii(at, p);
    } else {
      sink.code_point(mask);
    }
  }
  if (token_start != nullptr) emit(end);
}

}  // namespace boilerdex::plugin::detail

#pragma once
// The block features' token counts (TokenCounts) as a sink of the tokenizer's one pass
// (word_tokenizer_internal.hpp): each token's shape is read from the code points the
// tokenizer decodes anyway. compute_token_counts runs it over a block's text; the
// segmenter's flush runs it over the same tokens as it reads them for its own counts.
// Private to plugin.

#include <unicode/uchar.h>

#include <array>
#include <cstdint>
#include <string_view>

#include "boilerdex/plugin/token_counts.hpp"

namespace boilerdex::plugin::detail {

/// What is_date_time_token tests after the token's first character: \p token without its
/// opening quotes and brackets, \p first its first character, a digit or a capital. Out of
/// line (block_features.cpp): most tokens never get there.
[[nodiscard]] bool date_time_after_first(std::string_view token, char first) noexcept;

/// is_date_time_token, its first test inline (the token counts call it for every token).
inline bool date_time_token(std::string_view token) noexcept {
  while (!token.empty() && (token.front() == '(' || token.front() == '[' || token.front() == '"' ||
                            token.front() == '\''))
    token.remove_prefix(1);
  // A calendar name starts with a capital, a time or a numeric date with a digit: most
  // tokens end here (no digit or capital is stripped from the back, so none starts after).
  if (token.empty()) return false;
  const char first = token.front();
  if (!(first >= '0' && first <= '9') && !(first >= 'A' && first <= 'Z')) return false;
  return date_time_after_first(token, first);
}

/// Token ends a sentence: a word char followed by . ! ? and then only quotes or brackets.
inline bool ends_sentence(std::string_view token) noexcept {
  while (!token.empty() && (token.back() == '"' || token.back() == '\'' || token.back() == ')'))
    token.remove_suffix(1);
  return !token.empty() && (token.back() == '.' || token.back() == '!' || token.back() == '?');
}

/// Letters, digits and the case of the first letter of one token.
struct WordShape {
  int letters_and_digits = 0;
  bool first_letter_upper = false;
  bool has_letter = false;
  bool has_lower = false;
};

/// ASCII bytes as a word's shape reads them, as bits: A-Z Lu, a-z Ll, 0-9 Nd, nothing else a
/// letter or number.
enum AsciiShape : std::uint8_t { k_no_shape = 0, k_digit = 1, k_lower = 2, k_upper = 4 };
inline constexpr std::array<std::uint8_t, 128> k_ascii_shapes = [] {
  std::array<std::uint8_t, 128> t{};
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = k_digit;
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = k_lower;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = k_upper;
  return t;
}();

/// The token counts of one text, gathered as the tokenizer reads it: a sink for
/// tokenize_with. A word token is one with a letter or number (is_word), which is one whose
/// shape counts any. Never throws.
struct TokenStatistics {
  TokenCounts counts;  // sentences without the unterminated tail, which counted() adds
  WordShape shape;     // of the token being read
  bool open_sentence = false;  // word tokens seen since the last sentence end

  void ascii(const unsigned char* b, const unsigned char* e) noexcept {
    // Up to the token's first letter, whose case is first_letter_upper ...
    for (; b < e && !shape.has_letter; ++b) {
      const std::uint8_t k = k_ascii_shapes[*b];
      shape.letters_and_digits += k != k_no_shape ? 1 : 0;
      if (k & (k_lower | k_upper)) {
        shape.has_letter = true;
        shape.first_letter_upper = k == k_upper;
        shape.has_lower = shape.has_lower || k == k_lower;
      }
    }
    // ... then only counts and whether a lower-case letter comes.
    int counted = 0;
    std::uint8_t seen = 0;
    for (; b < e; ++b) {
      const std::uint8_t k = k_ascii_shapes[*b];
      counted += k != k_no_shape ? 1 : 0;
      seen |= k;
    }
    shape.letters_and_digits += counted;
    shape.has_lower = shape.has_lower || (seen & k_lower) != 0;
  }

  void code_point(std::uint32_t mask) noexcept {
    if (mask & U_GC_L_MASK) {
      if (!shape.has_letter) shape.first_letter_upper = (mask & (U_GC_LU_MASK | U_GC_LT_MASK)) != 0;
      shape.has_letter = true;
      shape.has_lower = shape.has_lower || (mask & U_GC_LL_MASK) != 0;
      ++shape.letters_and_digits;
    } else if (mask & (U_GC_ND_MASK | U_GC_NL_MASK | U_GC_NO_MASK)) {
      ++shape.letters_and_digits;
    }
  }

  /// Whether the token being read (before token()) is a word token: is_word of it.
  [[nodiscard]] bool word() const noexcept { return shape.letters_and_digits > 0; }

  void token(const char* b, const char* e) noexcept {
    const std::string_view token(b, static_cast<std::size_t>(e - b));
    if (date_time_token(token)) ++counts.date_tokens;
    if (shape.letters_and_digits > 0) {
      ++counts.word_tokens;
      counts.letters_and_digits += shape.letters_and_digits;
      counts.start_uppercase += shape.first_letter_upper ? 1 : 0;
      counts.all_uppercase += shape.has_letter && !shape.has_lower ? 1 : 0;
      counts.full_stops += token.back() == '.' ? 1 : 0;
      if (ends_sentence(token)) {
        ++counts.sentences;
        open_sentence = false;
      } else {
        open_sentence = true;
      }
    }
    shape = WordShape{};
  }

  /// The token being read is passed over: it counts nowhere.
  void skip_token() noexcept { shape = WordShape{}; }

  /// The counts of the tokens so far, known.
  [[nodiscard]] TokenCounts counted() const noexcept {
    TokenCounts c = counts;
    c.sentences += open_sentence ? 1 : 0;
    c.known = true;
    return c;
  }
};

}  // namespace boilerdex::plugin::detail

#pragma once
// Private UTF-8 helpers shared by the decoder, the segmenter, the word tokenizer and best.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace boilerdex::plugin::detail {

/// Writes the UTF-8 encoding of \p c (a Unicode scalar value: callers replace surrogates
/// and values above U+10FFFF first) to \p out, which has room for four bytes; returns how
/// many it wrote (1 to 4). Never throws.
inline std::size_t encode_utf8(char32_t c, char* out) noexcept {
  if (c < 0x80) {
    out[0] = static_cast<char>(c);
    return 1;
  }
  if (c < 0x800) {
    out[0] = static_cast<char>(0xC0 | (c >> 6));
    out[1] = static_cast<char>(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (c >> 12));
    out[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (c >> 18));
  out[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (c & 0x3F));
  return 4;
}

/// Appends the UTF-8 encoding of \p c (as encode_utf8) to \p out. \throws std::bad_alloc only.
inline void append_utf8(std::string& out, char32_t c) {
  char bytes[4];
  out.append(bytes, encode_utf8(c, bytes));
}

/// Length of the valid UTF-8 sequence at \p p (\p p < \p end), or 0 with \p subpart set to
/// the length of its maximal invalid subpart (W3C/Unicode "maximal subpart" replacement, as
/// browsers do). A sequence cut short by \p end is invalid, its subpart the bytes present.
/// Never throws.
inline std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end,
                                 std::size_t& subpart) noexcept {
  const unsigned char b0 = p[0];
  subpart = 1;
  std::size_t need;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 < 0x80) return 1;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    if (b0 == 0xE0) lo = 0xA0;  // no overlong forms
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    if (b0 == 0xF0) lo = 0x90;  // no overlong forms
    if (b0 == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  for (std::size_t i = 1; i <= need; ++i) {
    if (p + i >= end) return 0;
    const unsigned char b = p[i];
    if (b < lo || b > hi) return 0;
    lo = 0x80;
    hi = 0xBF;
    subpart = i + 1;
  }
  return need + 1;
}

/// \p s cut to at most \p max bytes without splitting a UTF-8 sequence (a view into \p s).
/// Never throws.
[[nodiscard]] inline std::string_view truncate_utf8(std::string_view s, std::size_t max) noexcept {
  if (s.size() <= max) return s;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

/// One decoded code point and its length in bytes. Invalid or truncated sequences decode
/// as U+FFFD, one byte at a time, so every input makes progress. \p p < \p end.
struct CodePoint {
  char32_t value;
  std::uint32_t length;
};

inline CodePoint decode_utf8(const unsigned char* p, const unsigned char* end) noexcept {
  const unsigned char b0 = p[0];
  if (b0 < 0x80) return {b0, 1};
  constexpr CodePoint invalid{0xFFFD, 1};
  const auto avail = static_cast<std::size_t>(end - p);
  auto cont = [&](std::size_t i) { return i < avail && (p[i] & 0xC0) == 0x80; };
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    if (!cont(1)) return invalid;
    return {static_cast<char32_t>(((b0 & 0x1F) << 6) | (p[1] & 0x3F)), 2};
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (!cont(1) || !cont(2)) return invalid;
    const char32_t c = ((b0 & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) return invalid;
    return {c, 3};
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return invalid;
    const char32_t c =
        ((b0 & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
    if (c < 0x10000 || c > 0x10FFFF) return invalid;
    return {c, 4};
  }
  return invalid;
}

}  // namespace boilerdex::plugin::detail

#pragma once
// Private UTF-8 helpers shared by the decoder and the segmenter.

#include <cstddef>
#include <string>
#include <string_view>

namespace boilerdex::plugin::detail {

/// Appends the UTF-8 encoding of \p c (a Unicode scalar value: callers replace surrogates
/// and values above U+10FFFF first) to \p out. \throws std::bad_alloc only.
inline void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

/// \p s cut to at most \p max bytes without splitting a UTF-8 sequence (a view into \p s).
/// Never throws.
[[nodiscard]] inline std::string_view truncate_utf8(std::string_view s, std::size_t max) noexcept {
  if (s.size() <= max) return s;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut);
}

}  // namespace boilerdex::plugin::detail

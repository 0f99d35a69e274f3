#pragma once
/// \file
/// The sample generator's text encodings: its pages are written in UTF-8 and re-encoded to
/// windows-1252 for some blogs, or written with named entities for others. Only what the
/// generator writes is covered (its own text is always valid UTF-8), which is why the
/// plugin's charset machinery, made for any input, is not used here. Private to
/// trec/sample/src; pure functions, thread-safe.

#include <cstddef>
#include <string>
#include <string_view>

namespace boilerdex::trec::sample {

/// Decodes the UTF-8 sequence at \p i and moves \p i past it. Precondition: i < s.size()
/// and \p s is valid UTF-8. Inline: the term scan calls it for every character.
inline char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  const int extra = b0 >= 0xF0 ? 3 : b0 >= 0xE0 ? 2 : 1;
  char32_t cp = b0 & (0x3FU >> static_cast<unsigned>(extra));
  for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k) {
    cp = (cp << 6U) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3FU);
  }
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

/// \p utf8 in windows-1252: ASCII and U+00A0..U+00FF as themselves, the typography the
/// generator writes (euro, quotes, dashes, ellipsis, bullet, trade mark) at their
/// 0x80..0x9F positions, '?' for anything else. \throws std::bad_alloc.
[[nodiscard]] std::string to_windows_1252(std::string_view utf8);

/// The named entity ("&rsquo;") some blogs write for \p cp, or empty when there is none.
/// The view is static.
[[nodiscard]] std::string_view entity_for(char32_t cp);

}  // namespace boilerdex::trec::sample

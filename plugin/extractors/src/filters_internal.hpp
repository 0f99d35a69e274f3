// What the filters' files share (filters.cpp, title_match.cpp): a substring test, Java's
// string length and boilerpipe's locale-independent lower case. Private to plugin/extractors.
#pragma once

#include <string>
#include <string_view>

#include "boilerdex/plugin/word_tokenizer.hpp"

namespace boilerdex::plugin::detail {

/// Whether \p needle occurs in \p haystack.
inline bool contains(std::string_view haystack, std::string_view needle) noexcept {
  return haystack.find(needle) != std::string_view::npos;
}

/// Java String.length(): UTF-16 code units.
inline std::size_t java_length(std::string_view s) noexcept { return utf16_length(s); }

/// Whether lower-casing leaves every code point of \p s but ASCII A-Z as it is.
[[nodiscard]] bool lower_case_keeps_non_ascii(std::string_view s) noexcept;

/// Locale-independent full Unicode lower case (spec §11.10) of \p s into \p out, replacing
/// what it held (a buffer reused across blocks allocates only when it grows).
void lower_case_into(std::string_view s, std::string& out);

}  // namespace boilerdex::plugin::detail

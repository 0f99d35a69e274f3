#pragma once
/// \file
/// boilerpipe 1.2's UnicodeTokenizer and word test (spec §2.6), on UTF-8.

#include <string_view>
#include <vector>

namespace boilerdex::plugin {

/// Splits \p text into boilerpipe tokens: word boundaries (Java ≤ 18 `\b` semantics),
/// glued across the 14 characters `" ' . , ! @ - : ; $ ? ( ) /`, split on spaces.
/// Appends views into \p text to \p out (cleared first); they live as long as \p text.
/// Thread-safe. O(n).
void tokenize(std::string_view text, std::vector<std::string_view>& out);

/// True when \p token holds a code point of category L*, Nd, Nl or No (a "word").
[[nodiscard]] bool is_word(std::string_view token) noexcept;

/// Length of \p text in UTF-16 code units (Java String.length()). Invalid UTF-8 bytes
/// count one unit each. Never throws.
[[nodiscard]] std::size_t utf16_length(std::string_view text) noexcept;

}  // namespace boilerdex::plugin

#pragma once
// Resolving a page's links against its base URL (RFC 3986 section 5, by uriparser): the
// metadata's url and image, the structured output's links. Private to plugin.

#include <string>
#include <string_view>

namespace boilerdex::plugin::detail {

/// \p reference (an href or src as the page wrote it, surrounding ASCII whitespace ignored)
/// resolved against \p base. \p reference itself, trimmed, when \p base is empty or not an
/// absolute URI, or when either does not parse as a URI reference. Never throws
/// (std::bad_alloc aside).
[[nodiscard]] std::string resolve_url(std::string_view base, std::string_view reference);

/// Whether \p url starts with a scheme (letters, digits, '+', '-', '.', then ':'): an
/// absolute URI, which other references can be resolved against.
[[nodiscard]] bool is_absolute_url(std::string_view url) noexcept;

}  // namespace boilerdex::plugin::detail

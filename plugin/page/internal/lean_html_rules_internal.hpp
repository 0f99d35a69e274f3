#pragma once
// What LeanHtml (lean_html_internal.hpp) needs to know of the HTML tree builder and tokenizer
// beyond tag names it tests in passing: which foreign elements keep their content foreign,
// which are integration points, and which text the tokenizer reads as plain characters.
// Private to libboilerdex.

#include <string_view>

namespace boilerdex::plugin::detail {

/// Whether \p lower_name is an element of SVG or MathML whose content the tree builder keeps
/// foreign (not an HTML integration point). Any other start tag inside <svg> or <math> may
/// break out of foreign content or be HTML; the lean scan stops there. Never throws.
[[nodiscard]] bool stays_foreign(std::string_view lower_name) noexcept;

/// Whether \p lower_name is an HTML integration point or a MathML text integration point,
/// whose content is HTML. Never throws.
[[nodiscard]] bool integration_point(std::string_view lower_name) noexcept;

/// Whether Gumbo's tokenizer reads every character of \p text as itself: no CR (which it
/// normalises), NUL, or character it replaces by U+FFFD (the C0 controls but tab, LF and FF,
/// DEL and the C1 controls, noncharacters, malformed UTF-8: Gumbo's
/// utf8_is_invalid_code_point and its decoder). O(size). Never throws.
[[nodiscard]] bool plain_text(std::string_view text) noexcept;

}  // namespace boilerdex::plugin::detail

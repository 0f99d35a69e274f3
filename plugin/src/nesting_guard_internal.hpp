#pragma once
// Keeps Gumbo's tree construction linear on hostile markup. Gumbo spends time that grows
// with the number of open elements on each tag (scope checks, formatting-element
// reconstruction), so a page of 20,000 nested <div>s or <b>s parses in seconds and one of
// 200,000 for hours; SegmentLimits::max_depth, applied while walking the finished tree,
// comes too late. Private to plugin.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace boilerdex::plugin::detail {

/// Deepest element nesting Gumbo is given, whatever SegmentLimits::max_depth says. Real
/// pages stay under ~100 levels. Measured on hostile pages (200,000 x "<ul><li>",
/// "<font><center>", "<span><i>", ...): 2-3x Gumbo's time on an ordinary page of the same
/// size at 512, 4x at 1000, hours without a cap.
inline constexpr std::size_t k_max_parse_nesting = 512;

/// Returns std::nullopt when no element of \p html opens deeper than \p max_depth (by a
/// linear, conservative model of HTML5 tree construction: void, self-closing and
/// optional-end-tag elements do not nest; an end tag closes the nearest open element of
/// its name within a short window; raw-text elements and comments are skipped). Otherwise
/// returns a copy in which every tag that opens (or closes) an element deeper than
/// \p max_depth is overwritten with spaces: the same length, so byte offsets into it are
/// offsets into \p html, and all text is kept (those elements are flattened, as the
/// segmenter's walk flattens below SegmentLimits::max_depth). O(size of html).
/// \throws std::bad_alloc only.
[[nodiscard]] std::optional<std::string> limit_nesting(std::string_view html, std::size_t max_depth);

}  // namespace boilerdex::plugin::detail

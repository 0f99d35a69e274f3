#pragma once
// Rewrites what Gumbo 0.10.1 handles badly, before it parses a page. Private to plugin.
//
// - Nesting: Gumbo spends time that grows with the number of open elements on each tag
//   (scope checks, formatting-element reconstruction), so a page of 20,000 nested <div>s
//   or <b>s parses in seconds and one of 200,000 for hours; SegmentLimits::max_depth,
//   applied while walking the finished tree, comes too late.
// - Numeric character references: Gumbo reads the digits into a signed int without an
//   overflow check, so "&#x88888888" wraps negative and comes out as the lone byte 0x88
//   (invalid UTF-8 in a text node) and "&#4294967361" as 'A'.
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

/// Overwrites, in place, the digits of every numeric character reference in \p html whose
/// value is above U+10FFFF with '0's: U+0000, which HTML5 (and NekoHTML) read as U+FFFD,
/// as they read any value above U+10FFFF; the length stays. Returns how many it rewrote.
/// O(size of html). Never throws.
std::size_t neutralize_overflowing_references(std::string& html) noexcept;

/// What Gumbo parses instead of a page: the page with limit_nesting(\p max_depth) and
/// neutralize_overflowing_references applied, same length (so offsets into it are offsets
/// into the page). std::nullopt when the page needs neither. \throws std::bad_alloc only.
struct GumboSafeText {
  std::string text;
  bool nesting_limited = false;  ///< limit_nesting flattened something
};
[[nodiscard]] std::optional<GumboSafeText> make_gumbo_safe(std::string_view html, std::size_t max_depth);

}  // namespace boilerdex::plugin::detail

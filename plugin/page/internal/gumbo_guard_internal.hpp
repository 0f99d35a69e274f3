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
// - Time: Gumbo has no way to cancel a parse. parse_before() runs it with an allocator
//   that watches the page's deadline and, past it, abandons the parse (see there).
// GuardedParse applies all three; every parse of page HTML goes through it.
#include <gumbo.h>

#include <cstddef>
#include <optional>
#include <string>
#include <span>
#include <string_view>

#include "arena.hpp"
#include "lean_html_internal.hpp"
#include "boilerdex/plugin/page_budget.hpp"

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

/// gumbo_parse_with_options(\p options, \p html) with every allocation taken from
/// \p arena (options' allocator, deallocator and userdata are replaced), abandoned when
/// \p deadline passes: then it returns nullptr, and whatever Gumbo had allocated lies in
/// the arena, to be released by its next reset(). Otherwise returns Gumbo's output, which
/// lives in the arena.
///
/// How a C parser is stopped from outside: the allocator reads the clock every 256
/// allocations and, past the deadline, std::longjmp()s back to a std::setjmp() in this
/// function. Only Gumbo's C frames (libgumbo has no callbacks but the allocator) and the
/// allocator's own frame, which holds nothing with a destructor, lie in between, so no
/// destructor is skipped ([csetjmp.syn]); Gumbo keeps no global state and allocates
/// nothing but through the allocator (libgumbo 0.10.1 calls malloc/free only in its
/// default allocator), so nothing leaks and the next parse starts clean. The time between
/// two allocations is bounded: every token allocates, and the per-token work of tree
/// construction grows only with the number of open elements, which make_gumbo_safe caps.
/// Never throws (the arena's own exhaustion aborts, as Arena::gumbo_allocate documents).
[[nodiscard]] GumboOutput* parse_before(GumboOptions options, Arena& arena, std::string_view html,
                                        const PageDeadline& deadline) noexcept;

/// Most tags (start tags, comments, doctypes: what makes a Gumbo node) one parse reads.
/// Gumbo's tree costs about 0.4 KB per tag whatever the tag, so 2.45 million `<p>w</p>`
/// in a 19.6 MB page (within max_page_bytes) took 1 GB before SegmentLimits::max_blocks
/// could apply (issue #16, item 5). Twice the default max_blocks: a page with at most
/// max_blocks blocks of about two tags each is read whole. Measured:
/// plugin/bench/page_memory.sh.
inline constexpr std::size_t k_max_parse_tags = 400'000;

/// The length of the prefix of \p html that holds its first \p max_tags tags (a '<'
/// followed by a letter, '!' or '?'): html.size() when it has no more, else the offset of
/// the first tag over the budget. O(size of html). Never throws.
[[nodiscard]] std::size_t tag_budget_end(std::string_view html, std::size_t max_tags) noexcept;

/// The part of \p utf8_html that a page's parses read (segment_html and every second parse):
/// cut at \p max_input_bytes (on a UTF-8 boundary) and at the tag budget. A lexical scan
/// whose findings are mapped onto the page's blocks reads only this, so that a hostile page
/// costs it what it costs the parse; on a page within both bounds it is the whole page.
/// O(size of html). Never throws.
[[nodiscard]] std::string_view parsed_prefix(std::string_view utf8_html, std::size_t max_input_bytes) noexcept;

/// One guarded Gumbo parse of page HTML: \p html cut at tag_budget_end(k_max_parse_tags),
/// then make_gumbo_safe(that, min(\p max_depth, k_max_parse_nesting)), then, with \p lean,
/// LeanHtml (script, style and comment bodies emptied: lean_html_internal.hpp; the start
/// tags named in \p lean_keeps_attributes_of keep their attributes), then
/// parse_before with Gumbo's default options (no error records). Every parse of a page goes through here, segment_html's and the second ones
/// (ParsedHtml), so all are flattened alike and stop at the page's deadline. The tree lives
/// in \p arena and points into \p html or this object's rewritten copy of it; \p html,
/// \p arena and \p deadline must outlive this object. Not copyable or movable (Gumbo holds
/// pointers into the copy).
class GuardedParse {
 public:
  /// \throws PageTimeLimitError naming \p preparing_stage when \p deadline has passed once
  /// the rewrite passes are done, naming \p parsing_stage when it passes inside Gumbo
  /// (what Gumbo had allocated stays in \p arena until its next reset()); std::bad_alloc.
  GuardedParse(std::string_view html, std::size_t max_depth, Arena& arena, const PageDeadline& deadline,
               std::string_view preparing_stage, std::string_view parsing_stage, bool lean = false,
               std::span<const std::string_view> lean_keeps_attributes_of = {});
  GuardedParse(const GuardedParse&) = delete;
  GuardedParse& operator=(const GuardedParse&) = delete;

  [[nodiscard]] const GumboOutput& output() const noexcept { return *m_output; }
  /// The text Gumbo parsed: \p html, or its rewritten copy (same length, so offsets into
  /// one are offsets into the other) or, with lean, its lean copy (shorter: offsets into it
  /// go through lean()->original_offset).
  [[nodiscard]] std::string_view text() const noexcept { return m_lean ? m_lean->text() : m_text; }
  /// The lean copy Gumbo parsed (its original_offset maps offsets in the tree to offsets
  /// into \p html), or nullptr when it parsed \p html or its same-length copy.
  [[nodiscard]] const LeanHtml* lean() const noexcept { return m_lean ? &*m_lean : nullptr; }
  /// True when elements nested deeper than the limit were flattened.
  [[nodiscard]] bool nesting_limited() const noexcept { return m_safe && m_safe->nesting_limited; }
  /// True when the page had more than k_max_parse_tags tags: text() is the part before the
  /// first tag over the budget (a prefix, so offsets still hold).
  [[nodiscard]] bool tags_limited() const noexcept { return m_tags_limited; }

 private:
  std::string_view m_budgeted;  // html up to the tag budget
  bool m_tags_limited;
  std::optional<GumboSafeText> m_safe;
  std::string_view m_text;
  std::optional<LeanHtml> m_lean;
  GumboOutput* m_output = nullptr;
};

}  // namespace boilerdex::plugin::detail

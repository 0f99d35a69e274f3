#pragma once
/// \file
/// What of NekoHTML (the HTML parser boilerpipe 1.2 reads pages with, as patched into its
/// jar) the segmenter emulates over Gumbo's HTML5 tree (spec §9): how a text node splits at
/// character references, how an unterminated <title> ends, and the tag balancer's tables
/// (which start tags close which open elements). Private to libboilerdex; the walk that uses
/// them is segment_walk.cpp. Pure functions of their arguments: thread-safe.

#include <gumbo.h>

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boilerdex::plugin::detail {

/// Splits a text node into the chunks NekoHTML would deliver (spec §9.4, §9.3): every
/// character reference of \p original (the node's source text) becomes its own chunk,
/// read as NekoHTML reads it: HTML 4 names and &apos; (case-sensitive), numeric
/// references only when the name run after '#' is all digits, &#128;–&#159; as C1
/// controls; anything else stays literal ("&AMP;", "&copy2008", "&#8217."). \p decoded
/// is Gumbo's decoded text of the same node; text between references is taken from it.
/// Where the two fall out of step (a case not modelled), the rest is one chunk. Text of
/// raw-text elements (\p raw_text: <xmp>, <iframe>, ...) is never decoded: one chunk.
/// Appends to \p chunks (cleared first) views into \p decoded, \p original or
/// \p storage (cleared first; do not touch it while the views are in use).
/// O(n). \throws std::bad_alloc only.
void split_at_references(std::string_view original, std::string_view decoded, bool raw_text,
                         std::vector<std::string_view>& chunks, std::string& storage);

/// The input rewritten so that an HTML5 parser reads an unterminated <title> as NekoHTML
/// does (the title's text ends at the next start tag, comment, or </head>/</body>/</html>;
/// stray end tags before that are dropped) instead of swallowing the rest of the page.
struct TitlePatch {
  std::string html;               ///< the rewritten document
  std::size_t content_begin = 0;  ///< where the title's text starts (same in both)
  std::size_t patched_end = 0;    ///< end of the inserted "</title>" in html
  std::ptrdiff_t delta = 0;       ///< html offset − input offset for offsets ≥ patched_end
};

/// The patch for \p html, or nullopt when its first <title> has a </title> (or it has none).
/// O(n). \throws std::bad_alloc only.
[[nodiscard]] std::optional<TitlePatch> close_unterminated_title(std::string_view html);

// ---- NekoHTML's tag balancer (the copy patched into boilerpipe's jar) ----
// Data from org.cyberneko.html.HTMLElements in /usr/share/java/boilerpipe.jar.

/// NekoHTML elements with no flags: starting one ends the inline elements open right
/// above it and reopens them inside it. Never throws.
[[nodiscard]] bool neko_reopens_inlines(GumboTag t) noexcept;

/// NekoHTML's flag INLINE. Never throws.
[[nodiscard]] bool neko_inline(GumboTag t) noexcept;

/// NekoHTML's flag BLOCK. Never throws.
[[nodiscard]] bool neko_block(GumboTag t) noexcept;

/// An element's `closes` list, whether it is `nestable` (a nestable element stops looking
/// for elements to close at a block or at one of its parents), and its parents.
struct NekoCloses {
  std::initializer_list<GumboTag> closes;
  bool nestable;
  std::initializer_list<GumboTag> parents;
};

/// The `closes` rule of \p t, or null when starting it closes nothing. The rules are
/// static: the pointer stays valid for the life of the program. Never throws.
[[nodiscard]] const NekoCloses* neko_closes(GumboTag t) noexcept;

/// Table parts that NekoHTML discards (their text stays) when no table is open. Never throws.
[[nodiscard]] bool neko_table_part(GumboTag t) noexcept;

}  // namespace boilerdex::plugin::detail

// segment_html: the guarded Gumbo parse of a page, walked as NekoHTML's events
// (segment_walk.cpp) into boilerpipe's content handler (content_handler.cpp), and the
// <noscript> fallback.
#include "boilerdex/plugin/html_segmenter.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "arena.hpp"
#include "content_handler_internal.hpp"
#include "gumbo_guard_internal.hpp"
#include "html_segmenter_internal.hpp"
#include "markup_lexer_internal.hpp"
#include "neko_html_internal.hpp"
#include "segment_walk_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {

/// Arena memory kept per thread between pages: enough for pages of some 20,000 tags. It
/// stays resident while the page's extractors and the indexer's tokenizing run, so a large
/// allowance adds to the peak of every page too large for it.
constexpr std::size_t k_arena_keep_bytes = 8u << 20;
/// Block lists at least this long are shrunk to their size after the parse.
constexpr std::size_t k_shrink_blocks = 4096;

TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits, SegmentStats* stats,
                          bool count_tokens) {
  return detail::segment_html_before(utf8, limits, stats, PageDeadline(limits.max_page_millis), true,
                                     count_tokens);
}

namespace {

/// Pages with fewer words than this outside <noscript> are read again with its content.
constexpr int k_noscript_fallback_words = 50;

int total_words(const TextDocument& doc) noexcept {
  int words = 0;
  for (const TextBlock& b : doc.blocks) words += b.num_words;
  return words;
}

/// \p html with every <noscript> start and end tag overwritten by spaces (the same length,
/// so offsets into it are offsets into \p html), making its content ordinary markup;
/// std::nullopt when there is none. Comments, script and style contents are left alone.
std::optional<std::string> unwrap_noscript(std::string_view html) {
  std::optional<std::string> out;
  std::size_t i = 0;
  while ((i = html.find('<', i)) != std::string_view::npos) {
    if (const std::size_t after = detail::skip_declaration(html, i); after != i) {
      if (after == std::string_view::npos) break;
      i = after;
      continue;
    }
    const std::size_t name = i + (i + 1 < html.size() && html[i + 1] == '/' ? 2 : 1);
    const std::size_t end = name + 8;  // "noscript"
    if (end >= html.size() || !detail::equals_lower(html.substr(name, 8), "noscript") ||
        !(html[end] == '>' || html[end] == '/' || detail::is_html_space(html[end]))) {
      ++i;
      continue;
    }
    const std::size_t gt = html.find('>', end);
    if (gt == std::string_view::npos) break;
    if (!out) out.emplace(html);
    std::fill(out->begin() + static_cast<std::ptrdiff_t>(i), out->begin() + static_cast<std::ptrdiff_t>(gt + 1), ' ');
    i = gt + 1;
  }
  return out;
}

}  // namespace

namespace detail {

TextDocument segment_html_before(std::string_view utf8, const SegmentLimits& limits, SegmentStats* stats,
                                 const PageDeadline& deadline, bool lean, bool count_tokens) {
  SegmentStats local_stats;
  SegmentStats& st = stats != nullptr ? *stats : local_stats;
  st = SegmentStats{};
  const std::string_view input = truncate_utf8(utf8, limits.max_input_bytes);
  st.truncated_input = input.size() != utf8.size();

  // HTML5 turns everything after a <title> without </title> into its text; NekoHTML ends
  // the title at the next tag. Patch the input so Gumbo sees what NekoHTML saw.
  std::optional<TitlePatch> patch = close_unterminated_title(input);
  SourceMap source;
  std::string_view parsed = input;
  if (patch) {
    parsed = patch->html;
    source.content_begin = patch->content_begin;
    source.patched_end = patch->patched_end;
    source.delta = patch->delta;
  }

  // One arena per thread, reused page after page: fresh memory for every parse costs page
  // faults that outweigh what the arena saves over malloc.
  thread_local Arena arena;
  arena.reset(k_arena_keep_bytes);
  struct ResetOnExit {
    Arena& arena;
    ~ResetOnExit() { arena.reset(k_arena_keep_bytes); }
  } reset_on_exit{arena};
  // Hostile nesting would make Gumbo's own parse super-linear, and an overflowing numeric
  // reference puts invalid UTF-8 in its text: GuardedParse rewrites both first (same
  // length, so the source map still holds). Past the deadline the parse is abandoned (the
  // arena, reset on the way out, frees what it had built).
  const auto segment = [&](std::string_view html) {
    // Gumbo parses the page with its script, style and comment bodies emptied (about 60% of
    // the bytes of common pages), which changes nothing the walk reads (lean_html_internal.hpp).
    const GuardedParse gumbo(html, limits.max_depth, arena, deadline, "preparing HTML", "parsing HTML", lean);
    if (gumbo.nesting_limited()) st.depth_limited = true;
    // GuardedParse reads at most k_max_parse_tags tags of it: the rest is cut too.
    if (gumbo.tags_limited()) st.truncated_input = true;
    TextDocument doc;
    ContentHandler handler(limits, st, doc, count_tokens);
    SourceMap map = source;
    map.lean = gumbo.lean();
    walk_segment_events(gumbo.output().document, limits, st, map, handler, deadline);
    handler.end_document();
    doc.num_parse_blocks = static_cast<std::uint32_t>(doc.blocks.size());
    doc.budget = PageBudget(limits, deadline);
    // No gumbo_destroy_output: the arena releases the whole tree at once.
    return doc;
  };
  TextDocument doc = segment(parsed);
  // A page that shows its text only to browsers without scripts (forum software's crawler
  // view inside <noscript>) reads as nearly empty here: read it as such a browser does.
  if (total_words(doc) < k_noscript_fallback_words) {
    if (std::optional<std::string> unwrapped = unwrap_noscript(parsed)) {
      arena.reset(k_arena_keep_bytes);
      const SegmentStats before = st;
      TextDocument alternative = segment(*unwrapped);
      if (total_words(alternative) >= 2 * total_words(doc) + k_noscript_fallback_words) {
        st.noscript_unwrapped = true;
        doc = std::move(alternative);
      } else {
        st = before;
      }
    }
  }
  // The block list grew by doubling, and the document outlives the parse (extractors copy
  // it, the indexer keeps it while tokenizing): drop the slack of a large one (up to 8 MB
  // at max_blocks) once the tree is gone, so the two are never held together.
  if (doc.blocks.size() >= k_shrink_blocks) {
    arena.reset(k_arena_keep_bytes);
    doc.blocks.shrink_to_fit();
  }
  return doc;
}

}  // namespace detail

}  // namespace boilerdex::plugin

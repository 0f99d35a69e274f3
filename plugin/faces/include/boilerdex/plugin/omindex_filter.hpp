#pragma once
/// \file
/// boilerdex as a filter for Xapian Omega's omindex: a page in, HTML out that omindex's own
/// HTML parser reads (so its title, meta description, keywords and robots handling keep
/// working), with the boilerplate either dropped or wrapped in htdig_noindex comments.
///
///     omindex --db DB --url / --filter=text/html,html:"boilerdex-omindex-filter -e article" DIR

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/plugin/page_extractor.hpp"

namespace boilerdex::plugin {

/// What the filter does with boilerplate.
enum class BoilerplateHandling {
  /// A new, small page: the original <title> and <meta name=...> elements of the head
  /// (description, keywords, author, robots, ...), then each content block as a <p>
  /// (each kept parse block, when the result has them).
  Drop,
  /// The original page, markup and all, with every boilerplate block's source range
  /// wrapped in <!--htdig_noindex-->…<!--/htdig_noindex-->, which omindex skips.
  Noindex,
};

/// One <meta name=NAME content=CONTENT> element.
struct MetaElement {
  std::string name;
  std::string content;
};

/// The <meta name=...> elements of \p result's head, in page order: those before the
/// page's first block of body text (only that part of result.decoded.utf8 is parsed
/// again; parse blocks, when \p result has them, mark it best). \throws std::bad_alloc.
[[nodiscard]] std::vector<MetaElement> head_meta_elements(const PageResult& result);

/// True when \p metas hold <meta name="robots"> whose content says "noindex" or "none"
/// (case-insensitive): the rule of omindex's HTML parser. \throws std::bad_alloc.
[[nodiscard]] bool forbids_indexing(const std::vector<MetaElement>& metas);

/// The handling called \p name ("drop", "noindex"). \throws UsageError naming the valid ones.
[[nodiscard]] BoilerplateHandling parse_boilerplate_handling(std::string_view name);

/// Writes \p result as filtered HTML in UTF-8, beginning with <meta charset="utf-8">
/// (omindex takes the first charset declaration, so the page's own, which no longer
/// describes these bytes, is ignored). Drop: see BoilerplateHandling::Drop; all text is
/// escaped. Noindex: result.decoded.utf8 with markers inserted at parse-block boundaries
/// (never inside a tag); needs result.parse_blocks (PageOptions::keep_parse_blocks).
/// Boilerplate ranges that overlap a content block's range (Gumbo can reorder text, e.g.
/// text fostered out of tables) are cut back so content is never hidden. Existing
/// htdig_noindex markers in the page are kept. O(size of the page).
/// \throws std::invalid_argument for Noindex without parse blocks; what \p out throws.
void write_filtered_html(std::ostream& out, const PageResult& result, BoilerplateHandling handling);

/// What run_omindex_filter is asked to do.
struct OmindexFilterOptions {
  std::string extractor{config::k_default_extractor};  ///< a make_extractor spec
  BoilerplateHandling handling = BoilerplateHandling::Drop;
  std::string declared_charset;  ///< charset to assume when the page declares none
  SegmentLimits limits;
  /// Skip pages whose <meta name=robots> says noindex, as plain omindex does (omindex
  /// ignores robots in a filter's output). false: index them (omindex --ignore-exclusions).
  bool obey_robots = true;
};

/// Exit statuses of boilerdex-omindex-filter, as omindex reads them: 0 means "index this
/// output", any other value except 127 means "this file failed" (127 would mean "filter
/// not installed" and make omindex stop using it, so it is never returned).
inline constexpr int k_filter_ok = 0;
/// The input file cannot be read: nothing to pass through.
inline constexpr int k_filter_unreadable = 1;
/// Bad command line or configuration.
inline constexpr int k_filter_usage = 2;
/// <meta name=robots> forbids indexing the page (OmindexFilterOptions::obey_robots).
inline constexpr int k_filter_excluded = 3;
/// The filter cannot handle the file: it is not text (binary data, corrupt or bomb gzip
/// data), and passing it through would have omindex index binary bytes as HTML. Nothing
/// is written; omindex skips the file as failed.
inline constexpr int k_filter_cannot_handle = 4;

/// The whole filter for one file: reads \p path ("-": standard input; gzip data is
/// decompressed, as read_page_bytes does), extracts it with options.extractor and
/// writes write_filtered_html to \p out. A text page that cannot be processed (a page over
/// k_max_page_bytes, any error while extracting or writing) is passed through unchanged,
/// its bytes written to \p out, with one line "boilerdex-omindex-filter: PATH: reason
/// (passed through unchanged)" on \p err; the page is never lost. Bytes that are not text
/// (plugin::looks_binary: corrupt or bomb gzip data, an image named .html) are never
/// passed through: k_filter_cannot_handle, with a line saying why. Output is produced
/// in memory first, so \p out never holds half a filtered page followed by the raw one. \returns
/// k_filter_ok; k_filter_unreadable (with a message on \p err) when \p path cannot be read;
/// k_filter_cannot_handle (with a message, nothing on \p out) for bytes that are not text;
/// k_filter_excluded (with a message, nothing on \p out) for a page that forbids indexing
/// (OmindexFilterOptions::obey_robots). \throws UsageError for an unknown extractor (before reading
/// \p path).
[[nodiscard]] int run_omindex_filter(const std::string& path, const OmindexFilterOptions& options,
                                     std::ostream& out, std::ostream& err);

}  // namespace boilerdex::plugin

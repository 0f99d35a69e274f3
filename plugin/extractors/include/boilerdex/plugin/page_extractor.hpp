#pragma once
/// \file
/// The one-call facade: page bytes → decoded text → parse blocks → extractor decisions.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_metadata.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// How extract_page reads a page.
struct PageOptions {
  /// The charset a transport declared (HTTP Content-Type); empty when none. See decode_to_utf8.
  std::string declared_charset{};
  /// Read back text encoded in UTF-8 twice ("â€™" for "’"), and read a UTF-8 page under a
  /// stale legacy declaration as UTF-8 (decode_to_utf8). Off only to see the text as the
  /// bytes and their declaration have it (the parity check with Java boilerpipe, which does
  /// neither).
  bool read_back_double_encoding = true;
  SegmentLimits limits{};
  /// Also return the parse blocks as the segmenter made them, before the extractor (the
  /// JSON and HTML writers show them). Costs one copy of the page's text.
  bool keep_parse_blocks = false;
  /// Also read the page's metadata (read_page_metadata, into PageResult::metadata): about
  /// one more lexical pass over the page; it changes no block decision.
  bool read_metadata = false;
  /// The page's address when the caller knows it (read_page_metadata's page_url): the
  /// metadata's relative url and image resolve against it, and url is it when the page
  /// names none. Empty: the page's own addresses alone.
  std::string page_url{};
};

/// Everything extract_page learnt about one page.
struct PageResult {
  /// The page as UTF-8 with the charset used and how it was chosen; TextBlock source
  /// ranges are byte offsets into decoded.utf8.
  DecodedText decoded;
  /// The page after the extractor: doc.content() is its text output, content_mask(doc)
  /// maps the decisions back onto the parse blocks.
  TextDocument document;
  /// The parse blocks before the extractor (only with PageOptions::keep_parse_blocks).
  std::vector<TextBlock> parse_blocks;
  /// Number of parse blocks (also without keep_parse_blocks).
  std::size_t num_parse_blocks = 0;
  /// What the segmenter truncated or dropped, if anything.
  SegmentStats stats;
  /// Title, author, date, ... (only with PageOptions::read_metadata; else every field empty).
  PageMetadata metadata;
};

/// Decodes \p bytes (decode_to_utf8 with options.declared_charset), segments them
/// (segment_html with options.limits) and runs \p extractor (its page-reading
/// process overload, so extractors such as BTE see the decoded page). Never fails on bad HTML or
/// undecodable bytes: those degrade the result, and stats/decoded say how. Thread-safe
/// when \p extractor is (the built-in ones are). O(size of the page).
/// options.limits.max_page_millis bounds the whole page: decoding, segmentation and the
/// extractor (which reads the deadline from result.document.budget, as does any second
/// parse of the page it makes).
/// \throws PageTimeLimitError when the page takes longer than options.limits.max_page_millis,
/// naming the stage it was in ("decoding", "preparing HTML", "parsing HTML", "segmenting",
/// "extracting") and the bound as set (the metadata scan, when asked for, runs after the
/// extractor and within the same bound, as part of "extracting"); std::bad_alloc, or what \p extractor throws (the
/// built-in ones throw nothing else).
[[nodiscard]] PageResult extract_page(std::string_view bytes, const Extractor& extractor,
                                      const PageOptions& options = {});

}  // namespace boilerdex::plugin

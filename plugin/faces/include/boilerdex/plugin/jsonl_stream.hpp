#pragma once
/// \file
/// A line-oriented streaming filter: JSON Lines in, JSON Lines out, one output line per
/// input record, in order, so boilerdex drops into any pipeline (a shell pipe, Hadoop
/// Streaming, Spark's RDD.pipe).
///
/// Input, one object per line (blank lines are skipped):
///     {"url": "...", "docno": "...", "html": "<html>...", "charset": "..."}
///   - "html": the page as a JSON string; or "html_base64": the page's raw bytes in base64
///     (for pages not in UTF-8: their charset is then detected as for files);
///   - "url", "docno", "id": optional, copied to the output unchanged (any JSON value);
///   - "charset": optional, the charset the page was declared in (HTTP Content-Type).
/// Output, one object per input record:
///     {"url": ..., "docno": ..., "title": "...", "metadata": {"title": ..., "author": ...,
///      "date": ..., ...}, "text": "...", "charset": "UTF-8",
///      "extractor": "best",
///      "blocks": [{"index": 0, "content": false, "score": null, "num_words": 3,
///                  "link_density": 1, "text_density": 3, "source_begin": 120, "source_end": 162},
///                  ...]}
///   "metadata" is the page's metadata (read_page_metadata; the keys of write_json's).
///   "text" is boilerpipe's content (each content block + '\n'); "blocks" are the page's
///   parse blocks with the extractor's decisions (source offsets index the page decoded to
///   UTF-8). A page that hit a segmenter limit also gets "limits": limits_notice's line
///   (page_extractor_batch.hpp), before "blocks", and the same line on the error stream.
///   A record that cannot be used (bad JSON or base64, no "html", bytes that are no page:
///   require_text) gives {"url": ..., "docno": ..., "error": "..."}
///   in its place, and the same message on the error stream: the stream never stops.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

namespace boilerdex::plugin {

/// What run_jsonl_stream writes.
struct JsonlOptions {
  std::string extractor{config::k_default_extractor};  ///< a make_extractor spec
  SegmentLimits limits;
  bool blocks = true;                 ///< write "blocks" (per-block decisions)
  bool block_text = false;            ///< also each block's "text"
  bool features = false;              ///< also each block's "features" (named_features)
  std::string source_name = "stdin";  ///< names the input in messages ("stdin:12: ...")
};

/// What run_jsonl_stream did.
struct JsonlSummary {
  std::size_t records = 0;  ///< input records (non-blank lines)
  std::size_t failed = 0;   ///< of which answered with an "error" object
  std::size_t truncated = 0;  ///< of which answered with "limits" (cut at a segmenter limit)
};

/// Reads JSON Lines records from \p in until end of input and writes one JSON line per
/// record to \p out (format above), flushing after each so a pipe sees results as they
/// come. A bad record (invalid JSON, not an object, no html/html_base64, bad base64)
/// gives an "error" line on \p out and "SOURCE:LINE: message" on \p err; processing goes
/// on. Lines may be as long as the input allows (a page of megabytes is one line).
/// O(total input). Not thread-safe on shared streams.
/// \throws UsageError for an unknown extractor (before reading); what the streams throw.
JsonlSummary run_jsonl_stream(std::istream& in, std::ostream& out, std::ostream& err,
                              const JsonlOptions& options);

/// Decodes standard base64 (RFC 4648 §4, padding optional, ASCII whitespace ignored).
/// \throws InputError ("base64@OFFSET: ...") naming the offset of the first bad character.
[[nodiscard]] std::string decode_base64(std::string_view text);

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// Writing an extracted page: boilerpipe's plain text, JSON for programs, Markdown and clean
/// HTML with the page's structure, a highlighted HTML page for people, and the `bp` block
/// tables for diffing against Java.

#include <iosfwd>
#include <string_view>

#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/structured_content.hpp"

namespace boilerdex::plugin {

/// The output formats of boilerdex-extract.
enum class OutputFormat {
  Text,       ///< boilerpipe's getContent(): each content block's text + '\n' (spec §6)
  Json,       ///< one object per page: title, metadata, charset, content; blocks on request
  Markdown,   ///< the kept content with its structure as Markdown (structured_content.hpp)
  Html,       ///< the kept content with its structure as a clean HTML page
  Xml,        ///< the same as XML in trafilatura's form, the metadata as attributes
  DebugHtml,  ///< a self-contained page: content highlighted, boilerplate greyed, features as tooltips
  Blocks,     ///< `bp debug` TSV: the blocks after the extractor (block_dump.hpp)
  ParseBlocks,  ///< `bp blocks` TSV: the parse blocks before the extractor
};

/// The format called \p name ("text", "json", "markdown", "html", "xml", "debug-html",
/// "blocks", "parse-blocks"). \throws UsageError naming the valid formats.
[[nodiscard]] OutputFormat parse_output_format(std::string_view name);

/// The file extension of \p format, with its dot (".txt", ".json", ".md", ".html", ".xml", ".tsv").
[[nodiscard]] std::string_view output_extension(OutputFormat format) noexcept;

/// True when \p format needs PageOptions::keep_parse_blocks (JSON only when it writes its
/// block arrays, \p json_blocks).
[[nodiscard]] bool needs_parse_blocks(OutputFormat format, bool json_blocks = true) noexcept;

/// Identifies the page in JSON and HTML output.
struct PageLabel {
  std::string_view source;     ///< file path, "-" for stdin, or DOCNO
  std::string_view extractor;  ///< the extractor's name
};

/// Writes result.document.content(), exactly boilerpipe's getContent() (spec §6).
/// \throws what \p out throws.
void write_text(std::ostream& out, const PageResult& result);

/// Writes one JSON object: source, extractor, title (the <title> as segmented), metadata
/// (metadata_json of result.metadata), charset {name, source, replacements, double_encoded},
/// segmentation stats, content (as write_text); then, when \p blocks: "blocks" — one per parse
/// block (when \p result has them): index, text, content (the extractor's decision via
/// content_mask), labels, score (null when none), tag_level, source_begin/end, features
/// (named_features, enclosing_tag as a name) — and "result_blocks": the blocks after the
/// extractor with text, content, labels, origins, offsets, source range, counts, densities
/// and score.
/// \p indent < 0 writes one line (JSON Lines); otherwise pretty-printed. A final '\n'
/// follows. Float densities are written with their shortest round-trip digits; text
/// that is not valid UTF-8 has its bad bytes replaced by U+FFFD.
/// \throws what \p out throws.
void write_json(std::ostream& out, const PageResult& result, const PageLabel& label,
                int indent = -1, bool blocks = true);

/// \p metadata as one JSON object with exactly the keys of metadata_field_names(), in that
/// order: strings (null when not found), categories and tags as arrays of strings.
/// Text that is not valid UTF-8 is written with U+FFFD. \throws std::bad_alloc only.
[[nodiscard]] std::string metadata_json(const PageMetadata& metadata);

/// Writes a self-contained HTML page (inline CSS, no scripts, no external resources)
/// showing every parse block (or, without them, every block after the extractor) in
/// order: content highlighted, boilerplate greyed, features and labels in a tooltip.
/// Every piece of page text is escaped. \throws what \p out throws.
void write_html(std::ostream& out, const PageResult& result, const PageLabel& label);

/// Writes \p result in \p format (write_text, write_json (one line; with its block arrays
/// only when \p json_blocks), markdown_of or clean_html_of its structured_content with
/// \p structure (the HTML page titled by the metadata's title, else the document's), write_html
/// for DebugHtml, or the block dumps of block_dump.hpp).
/// \throws what \p out throws; PageTimeLimitError when the structured formats' parse runs out
/// of the page's time.
void write_page(std::ostream& out, OutputFormat format, const PageResult& result,
                const PageLabel& label, bool json_blocks = true, const StructureOptions& structure = {});

}  // namespace boilerdex::plugin

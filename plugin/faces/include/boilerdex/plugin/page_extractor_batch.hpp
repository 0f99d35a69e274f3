#pragma once
/// \file
/// boilerdex-extract's batch: many pages (files, .gz files, directories, stdin) through one
/// extractor into one output format, one failed page never stopping the others.

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/output_writer.hpp"

namespace boilerdex::plugin {

/// One page to read.
struct PageSource {
  std::string path;         ///< as given or found in a directory; "-" for standard input
  std::string output_name;  ///< output file name without extension (see output_name_for)
};

/// The output name of the page at \p path: its file name without `.html`, `.htm`,
/// `.html.gz` or `.htm.gz` (case-insensitive); "stdin" for "-". Never empty, never
/// containing '/', never "." or "..": such names fall back to the whole file name or
/// "page". \throws std::bad_alloc only.
[[nodiscard]] std::string output_name_for(std::string_view path);

/// True when \p name is a page a directory listing picks up (.html, .htm, .html.gz,
/// .htm.gz, case-insensitive). Never throws.
[[nodiscard]] bool is_page_file_name(std::string_view name) noexcept;

/// Expands command-line inputs, in order: a file is one page, a directory gives its page
/// files (is_page_file_name; not recursive) sorted by name, "-" is standard input.
/// Inputs that cannot be used (missing, unreadable, a directory without pages) are not
/// returned; one line per problem naming the input is appended to \p problems.
/// \throws std::bad_alloc only.
[[nodiscard]] std::vector<PageSource> expand_inputs(const std::vector<std::string>& inputs,
                                                    std::vector<std::string>& problems);

/// Largest page read_page_bytes accepts, decompressed (pages beyond the segmenter's
/// own limit are truncated there, and say so).
inline constexpr std::size_t k_max_page_bytes = std::size_t{256} << 20;

/// The bytes of \p source: read from \p stdin_stream for "-", else from the file;
/// gzip data (a name ending in .gz, or the gzip magic bytes) is decompressed, multi-member
/// streams included. \throws InputError naming the path and, for corrupt or truncated
/// gzip data, the compressed byte offset; also when the page exceeds k_max_page_bytes.
[[nodiscard]] std::string read_page_bytes(const PageSource& source, std::istream& stdin_stream);

/// What extract_batch is asked to do.
struct BatchOptions {
  std::string extractor{config::k_default_extractor};  ///< a make_extractor spec
  OutputFormat format = OutputFormat::Text;
  std::string declared_charset;      ///< applied to every page; empty: none
  bool read_back_double_encoding = true;  ///< PageOptions::read_back_double_encoding
  std::filesystem::path output_dir;  ///< empty: write every page to the output stream
  SegmentLimits limits;
  /// Pages extracted at once (0: one per hardware thread). Output is the same for any value.
  std::size_t jobs = 1;
  /// JSON: also write the per-block arrays ("blocks", "result_blocks"); off, a page's JSON
  /// is its title, metadata, charset and content only.
  bool json_blocks = false;
  /// Markdown and HTML: links, images, tables and the address links resolve against.
  StructureOptions structure;
  /// Show a progress line on err (pages, MB read of the input files' MB, pages/s, ETA;
  /// config/progress_line.hpp), refreshed in place and erased before each report line and
  /// at the end. The caller sets it when err is a terminal (boilerdex-extract: unless -q).
  bool progress = false;
};

/// What extract_batch did.
struct BatchSummary {
  std::size_t pages = 0;   ///< pages written
  std::size_t failed = 0;  ///< inputs or pages that failed (each reported)
  /// Pages written that hit a segmenter limit (each reported on err, limits_notice's line):
  /// written, but with text cut or dropped (depth flattening keeps the text).
  std::size_t truncated = 0;
};

/// The one-line report of the SegmentLimits \p stats says \p page (\p page_bytes long) hit,
/// naming each limit and its value, e.g. "big.html: page hit a limit: only part of its
/// 209715200 bytes was read (at most max_input_bytes = 20971520 bytes and 400000 tags)";
/// empty when none.
/// \throws std::bad_alloc only.
[[nodiscard]] std::string limits_notice(std::string_view page, std::size_t page_bytes, const SegmentStats& stats,
                                        const SegmentLimits& limits);

/// Extracts every page of \p inputs (expand_inputs) with options.extractor and writes it
/// in options.format: into options.output_dir as `<output_name><extension>` (each file
/// written under a temporary name and renamed, so a file that exists is complete; a name
/// already written in this run is a failure, not an overwrite), or else to \p out one
/// after the other (JSON one line per page), always in input order whatever options.jobs.
/// Each failure is reported on \p err as one line "PATH: reason" and processing goes on: an
/// unreadable file, corrupt gzip data, bytes that are no page (require_text: "photo.html@0:
/// binary data (a PNG image), not a web page"); so is each page that hit a segmenter limit
/// (limits_notice), in every format.
/// With one job each page is written while it is rendered, never held as text (a page at
/// max_blocks renders to some 200 MB of JSON). With more than one job, pages are read,
/// extracted and rendered to text on worker threads, at most 4 per job ahead of the
/// writer (standard input by one of them); \p out and \p err are written only by the
/// calling thread.
/// \throws UsageError for an unknown extractor (before any page is read);
/// boilerdex::Error when options.output_dir cannot be created. Nothing else but
/// std::bad_alloc: per-page problems are counted, never thrown.
BatchSummary extract_batch(const std::vector<std::string>& inputs, const BatchOptions& options,
                           std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace boilerdex::plugin

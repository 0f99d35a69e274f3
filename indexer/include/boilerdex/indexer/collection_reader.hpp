#pragma once
/// \file
/// Collection readers: turn input files into raw pages (or skip reports), one record at a
/// time, in bounded memory. Formats: TREC/BLOGS06 `<DOC>` files, WARC 1.0/1.1 response
/// records, and directory trees of HTML files (see index_options.hpp, InputFormat).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/index_progress.hpp"

namespace boilerdex::indexer {

/// One page as read from the collection, before decoding.
struct RawDocument {
  std::string docno;
  std::string url;               ///< empty when the record gives none
  std::string declared_charset;  ///< from an HTTP Content-Type; empty when none
  std::string metadata;          ///< "NAME\tvalue\n" per record field, in input order
  std::string body;              ///< the page's bytes, any charset
  std::uint64_t offset = 0;      ///< uncompressed byte offset of the record in its file
};

/// What one read step yields: a page, or a record that cannot be indexed.
struct ReadItem {
  enum class Kind { Document, Skip } kind = Kind::Document;
  RawDocument document;  ///< when Document
  SkipReport skip;       ///< when Skip
};

/// Reads one input file (or, for InputFormat::Files, one HTML file) record by record.
class CollectionReader {
 public:
  virtual ~CollectionReader() = default;
  /// Fills \p item with the next record; false at the end of the file. A broken record
  /// becomes a Skip item naming the file, offset, docno when known, and the reason, and
  /// reading goes on after it (a truncated file ends with one TruncatedInput skip when a
  /// record was open). Never throws except std::bad_alloc.
  virtual bool next(ReadItem& item) = 0;
  /// Raw (compressed) bytes consumed so far, for progress.
  [[nodiscard]] virtual std::uint64_t bytes_read() const noexcept = 0;
  /// SHA-256 (hex) of the whole file, reading what is left; call after the last next().
  [[nodiscard]] virtual std::string finish_sha256() = 0;
};

/// Opens \p file as \p format. Pages larger than \p max_page_bytes are consumed without
/// being kept and yield a TooLarge skip. For InputFormat::Files, \p docno is the page's
/// docno (its path relative to the input directory); other formats ignore it.
/// \throws InputError naming the file when it cannot be opened.
[[nodiscard]] std::unique_ptr<CollectionReader> open_collection_file(const std::filesystem::path& file,
                                                                     InputFormat format,
                                                                     std::uint64_t max_page_bytes,
                                                                     std::string docno = {});

/// One input file of a collection, as build_index_set reads them.
struct InputFile {
  std::filesystem::path path;
  std::string docno;  ///< InputFormat::Files only: the path relative to its input directory
  std::uint64_t bytes = 0;
};

/// Expands \p inputs, one file at a time, in the order of list_input_files: a file input
/// stays itself; a directory becomes its regular files, recursively, sorted by relative
/// path as a string (byte order of InputFile::docno, so "a-b.html" < "a.html" <
/// "a/b.html"; for Files: only .html, .htm, .html.gz, .htm.gz, any case).
///
/// Memory is bounded by the directories on the current path, not by the number of files:
/// a depth-first walk that lists one directory at a time (its entry names back to back, a
/// directory's name sorted as if it ended in '/', which makes the walk's order the sorted
/// order of the relative paths) and keeps the listings of the directories it is inside.
/// No directory stays open between calls. A symbolic link to a directory is followed,
/// except to a directory the walk is already inside (a loop), whose files are reached
/// once, through the real path. Not thread-safe; one walker per thread.
class InputFileWalker {
 public:
  /// A walk over \p inputs (nothing is read until next()).
  InputFileWalker(std::vector<std::filesystem::path> inputs, InputFormat format);
  ~InputFileWalker();
  InputFileWalker(InputFileWalker&&) noexcept;
  InputFileWalker& operator=(InputFileWalker&&) noexcept;

  /// Fills \p file with the next input file (its size from stat, as at this call); false
  /// after the last. \throws InputError naming an input that does not exist or a
  /// directory that cannot be listed.
  bool next(InputFile& file);

  /// Files returned so far. Never throws.
  [[nodiscard]] std::uint64_t count() const noexcept;

 private:
  struct Directory;
  void enter(const std::filesystem::path& dir, std::string relative);
  std::vector<std::filesystem::path> m_inputs;
  InputFormat m_format;
  std::size_t m_next_input = 0;
  std::vector<Directory> m_stack;
  std::uint64_t m_count = 0;
};

/// Every file InputFileWalker yields for \p inputs, as one list: O(files) memory, for
/// callers that need the list at once (comparing an index set's inputs); the indexer walks.
/// \throws InputError naming a path that does not exist or cannot be listed.
[[nodiscard]] std::vector<InputFile> list_input_files(const std::vector<std::filesystem::path>& inputs,
                                                      InputFormat format);

/// plugin::looks_binary (kept here for the indexer's users). Never throws.
[[nodiscard]] bool looks_binary(std::string_view bytes) noexcept;

}  // namespace boilerdex::indexer

#pragma once
// Streaming input for the collection readers: a file, gzip-compressed (any number of
// members, as .warc.gz and concatenated .gz files have) or plain, read in chunks, with
// the raw bytes hashed as they go by. Private to indexer.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "sha256.hpp"

namespace boilerdex::indexer::detail {

/// Decompressed bytes of one file. Never throws after construction: a broken or truncated
/// gzip stream ends the data early and sets error(), so a reader can report the record it
/// was in and go on with the next file.
class InputStream {
 public:
  /// Opens \p path; gzip is recognised by its magic bytes, not the name.
  /// \throws InputError naming the file when it cannot be opened.
  explicit InputStream(const std::filesystem::path& path);
  ~InputStream();
  InputStream(const InputStream&) = delete;
  InputStream& operator=(const InputStream&) = delete;

  /// Reads up to \p n decompressed bytes into \p out; 0 at the end (or after an error).
  std::size_t read(char* out, std::size_t n);
  /// Raw (compressed) bytes consumed so far.
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept { return m_raw_read; }
  /// Empty, or why the data ended early ("gzip stream truncated", "corrupt gzip data: ...").
  [[nodiscard]] const std::string& error() const noexcept { return m_error; }
  [[nodiscard]] bool compressed() const noexcept { return m_gzip; }
  /// SHA-256 of the raw file; reads (and discards) whatever was not read yet, so call it
  /// once, at the end. Empty when the file could not be read to its end.
  [[nodiscard]] std::string finish_sha256();

 private:
  bool refill_raw();
  struct Inflater;
  std::FILE* m_file = nullptr;
  std::string m_path;
  bool m_gzip = false;
  bool m_raw_eof = false;
  bool m_done = false;
  bool m_read_failed = false;
  std::string m_raw;  // raw chunk buffer
  std::size_t m_raw_pos = 0, m_raw_len = 0;
  std::uint64_t m_raw_read = 0;
  std::unique_ptr<Inflater> m_inflater;
  Sha256 m_sha;
  std::string m_error;
};

/// Buffered scanning over an InputStream, with uncompressed byte offsets for messages.
/// Bounded memory: callers pass limits, and bytes past a limit are consumed, not kept.
class BufferedReader {
 public:
  explicit BufferedReader(InputStream& in) : m_in(in) {}

  /// Consumes bytes up to and including the next \p pattern. Appends the bytes before it
  /// to \p out while out->size() < limit (when out is non-null); sets *overflow when some
  /// were dropped. Returns false when the data ended first (everything consumed).
  bool read_until(std::string_view pattern, std::string* out, std::size_t limit, bool* overflow);
  /// Consumes \p n bytes (fewer at the end), appending at most \p limit to \p out.
  /// Returns the number consumed.
  std::uint64_t read_exact(std::uint64_t n, std::string* out, std::size_t limit);
  /// Consumes a line up to '\n' (removed, as is a preceding '\r'); false at the end with
  /// nothing read. Lines longer than \p limit are truncated.
  bool read_line(std::string& out, std::size_t limit);
  /// Skips ASCII whitespace; returns the first byte that is not, without consuming it,
  /// or -1 at the end.
  int skip_whitespace();
  /// True when \p prefix comes next (not consumed); false at the end.
  bool starts_with(std::string_view prefix);
  /// The next \p n bytes, not consumed (fewer at the end of the data). Valid until the
  /// next call on this reader. Holds them in memory: callers bound \p n.
  [[nodiscard]] std::string_view peek(std::size_t n);
  /// Uncompressed offset of the next byte.
  [[nodiscard]] std::uint64_t offset() const noexcept { return m_offset; }
  [[nodiscard]] bool at_end();
  [[nodiscard]] InputStream& stream() noexcept { return m_in; }

 private:
  bool fill(std::size_t want);
  void consume(std::size_t n) noexcept {
    m_pos += n;
    m_offset += n;
  }
  InputStream& m_in;
  std::string m_buf;
  std::size_t m_pos = 0;
  std::uint64_t m_offset = 0;
  bool m_eof = false;
};

}  // namespace boilerdex::indexer::detail

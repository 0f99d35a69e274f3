#pragma once
// DIR/inputs.jsonl: the finished inputs of an index-set build, streamed to disk so that
// memory does not grow with the number of input files. Private to indexer.

#include <cstdint>
#include <filesystem>
#include <string>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer::detail {

/// An append-only file of finished inputs, one JSON object a line (input_to_json's form),
/// in input order. Its valid length is what state.json records at the last common commit:
/// opening it truncates it back to that length, dropping inputs finished after the commit
/// (their documents were rolled back too). Appends are buffered (64 KB) until flush().
/// Holds one file descriptor. Not thread-safe.
class InputLog {
 public:
  /// Opens (creating) \p path and truncates it to \p bytes, which must end its \p lines th
  /// line. \throws IndexError naming the file when it cannot be opened or written, or is
  /// shorter than \p bytes or does not end a line there (the file lost data state.json
  /// counts on: after a power failure without --sync-commits).
  InputLog(std::filesystem::path path, std::uint64_t lines, std::uint64_t bytes);
  ~InputLog();
  InputLog(const InputLog&) = delete;
  InputLog& operator=(const InputLog&) = delete;

  /// Appends \p input as one line. \throws IndexError when a full buffer cannot be written.
  void append(const ManifestInput& input);
  /// Writes the buffered lines to the file, and fsyncs it when \p sync. \throws IndexError.
  void flush(bool sync);

  /// Lines appended, and the file's length with them (flushed or not). Never throw.
  [[nodiscard]] std::uint64_t lines() const noexcept { return m_lines; }
  [[nodiscard]] std::uint64_t bytes() const noexcept { return m_bytes; }
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return m_path; }

 private:
  std::filesystem::path m_path;
  int m_fd = -1;
  std::string m_buffer;
  std::uint64_t m_lines = 0, m_bytes = 0;
};

}  // namespace boilerdex::indexer::detail

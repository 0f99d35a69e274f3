#pragma once
// Small JSON files of an index set (manifest.json, state.json): read whole, written
// atomically. Private to indexer.

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <functional>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer::detail {

/// A file written through a temporary beside it, fsynced and renamed over PATH by
/// commit(), so readers see the old or the new file, never a part. The temporary is
/// plugin::create_temp_beside's (`.NAME.XXXXXXXX.tmp`, created exclusively, never
/// through a planted symlink). Writes are buffered
/// (64 KB), so a large file streams in bounded memory. Destroyed without commit(), it
/// removes the temporary.
/// Writes all of \p buffer to \p fd, retrying interrupted writes, and clears it; after a
/// failed write the bytes not yet written stay in \p buffer. \throws IndexError naming
/// \p path.
void write_all(int fd, std::string& buffer, const std::filesystem::path& path);

class AtomicFile {
 public:
  /// Creates the temporary. \throws IndexError naming it.
  explicit AtomicFile(std::filesystem::path path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  /// Appends \p text. \throws IndexError naming the temporary.
  void write(std::string_view text);
  /// Flushes, fsyncs and renames the temporary over PATH; call once.
  /// \throws IndexError naming the file.
  void commit();

 private:
  void flush();
  std::filesystem::path m_path, m_tmp;
  int m_fd = -1;
  std::string m_buffer;
};

/// \p j as JSON text (\p indent < 0: one line) that never throws type_error.316: a string
/// that is not valid UTF-8 has its bad bytes written as U+FFFD. Fields that must read back
/// exactly are put with put_bytes first. \throws std::bad_alloc.
[[nodiscard]] std::string dump_json(const nlohmann::json& j, int indent = -1);

/// Sets \p object[\p key] to \p bytes, losslessly whatever the bytes (a path is bytes): the
/// string itself when valid UTF-8; else its U+FFFD form, readable, and the exact bytes in
/// \p key + "_hex" (plugin/byte_text.hpp). \p object must be a JSON object.
void put_bytes(nlohmann::json& object, const std::string& key, std::string_view bytes);

/// The bytes put_bytes stored under \p key: \p key + "_hex" when present, else the string.
/// \throws nlohmann::json::exception when \p key is missing or not a string, or the hex
///         is malformed.
[[nodiscard]] std::string get_bytes(const nlohmann::json& object, const std::string& key);

/// Parses \p path. \throws IndexError naming the file when absent, unreadable or malformed.
[[nodiscard]] nlohmann::json read_json_file(const std::filesystem::path& path);

/// Writes \p j to \p path through a temporary file, fsync and rename, so readers see the
/// old or the new file, never a part. \throws IndexError naming the file.
void write_json_file(const std::filesystem::path& path, const nlohmann::json& j);

/// The current time as ISO 8601 UTC ("2026-01-31T12:00:00Z"), for manifests. Never throws
/// (beyond std::bad_alloc).
[[nodiscard]] std::string now_iso8601();

/// A min-words:auto fit as the manifest and state.json hold it, and back.
/// fit_from_json \throws nlohmann::json::exception when a field is missing or mistyped.
[[nodiscard]] nlohmann::json fit_to_json(const AutoThresholdFit& fit);
[[nodiscard]] AutoThresholdFit fit_from_json(const nlohmann::json& j);

/// One input as manifest.json's "inputs" entries and DIR/inputs.jsonl's lines hold it, and
/// back. input_from_json \throws nlohmann::json::exception when a field is missing or
/// mistyped ("skipped_by_reason" and "limits" may be absent, as in older manifests).
[[nodiscard]] nlohmann::json input_to_json(const ManifestInput& input);
[[nodiscard]] ManifestInput input_from_json(const nlohmann::json& j);

/// Writes DIR/manifest.json atomically from \p manifest, except that its "inputs" are the
/// entries \p next_input yields, in order, each one JSON object as text (input_to_json's
/// form, compact, no newline), until it returns false; \p manifest.inputs is ignored. The
/// entries are streamed to the file, one a line, after the other fields, so the manifest of
/// a million inputs is written in bounded memory. \throws IndexError naming the file;
/// whatever \p next_input throws.
void write_manifest_streaming(const std::filesystem::path& dir, const Manifest& manifest,
                              const std::function<bool(std::string& entry)>& next_input);

/// Reads the "inputs" entries of DIR/manifest.json one at a time, without the rest of the
/// file in memory: a scanner that finds the top-level "inputs" array and hands out each
/// element's text (parse it with input_from_json). Holds the file open. Not thread-safe.
class ManifestInputReader {
 public:
  /// Opens DIR/manifest.json and finds its "inputs". \throws IndexError naming the file
  /// when it cannot be opened, is not a JSON object, or has no "inputs" array.
  explicit ManifestInputReader(const std::filesystem::path& dir);
  ~ManifestInputReader();
  ManifestInputReader(ManifestInputReader&&) noexcept;
  ManifestInputReader& operator=(ManifestInputReader&&) noexcept;
  /// The next entry's JSON text in \p entry; false after the last.
  /// \throws IndexError naming the file and byte offset when it is malformed.
  bool next(std::string& entry);
  /// Byte offset in the file where the entry last given by next() starts.
  [[nodiscard]] std::uint64_t entry_offset() const noexcept;

 private:
  struct Scanner;
  std::unique_ptr<Scanner> m_scanner;
};

}  // namespace boilerdex::indexer::detail

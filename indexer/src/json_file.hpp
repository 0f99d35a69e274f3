#pragma once
// Small JSON files of an index set (manifest.json, state.json): read whole, written
// atomically. Private to indexer.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace boilerdex::indexer::detail {

/// Parses \p path. \throws IndexError naming the file when absent, unreadable or malformed.
[[nodiscard]] nlohmann::json read_json_file(const std::filesystem::path& path);

/// Writes \p j to \p path through a temporary file, fsync and rename, so readers see the
/// old or the new file, never a part. \throws IndexError naming the file.
void write_json_file(const std::filesystem::path& path, const nlohmann::json& j);

/// The current time as ISO 8601 UTC ("2026-01-31T12:00:00Z"), for manifests. Never throws
/// (beyond std::bad_alloc).
[[nodiscard]] std::string now_iso8601();

}  // namespace boilerdex::indexer::detail

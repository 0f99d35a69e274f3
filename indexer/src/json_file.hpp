#pragma once
// Small JSON files of an index set (manifest.json, state.json): read whole, written
// atomically. Private to indexer.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer::detail {

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

}  // namespace boilerdex::indexer::detail

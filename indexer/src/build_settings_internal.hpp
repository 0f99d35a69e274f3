#pragma once
// The input-list fingerprint (build_settings.hpp), built one file at a time. Private to
// indexer.

#include <cstdint>
#include <string_view>

#include "boilerdex/indexer/build_settings.hpp"
#include "sha256.hpp"

namespace boilerdex::indexer::detail {

/// Fingerprints an input list fed to it in list order. Not thread-safe.
class InputListHasher {
 public:
  /// Adds a file: its path, as the file system spells it, and its size.
  void add(std::string_view path, std::uint64_t bytes);
  /// The fingerprint of the files added. Call once.
  [[nodiscard]] InputListFingerprint finish();

 private:
  Sha256 m_sha;
  InputListFingerprint m_list;
};

}  // namespace boilerdex::indexer::detail

#pragma once
// Test helper: a fresh directory under the build tree, removed with the object.

#include <filesystem>
#include <random>
#include <string>

namespace boilerdex::indexer::test {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& stem = "tmp") {
    static std::mt19937_64 rng(std::random_device{}());
    path = std::filesystem::path(BOILERDEX_BINARY_DIR) / "test-tmp" / (stem + "-" + std::to_string(rng()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace boilerdex::indexer::test

#pragma once
// SHA-256 (FIPS 180-4), streaming, for the manifest's input checksums. Private to indexer.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace boilerdex::indexer::detail {

class Sha256 {
 public:
  Sha256() noexcept;
  /// Adds \p data to the message. O(n).
  void update(std::string_view data) noexcept;
  /// Lower-case hex digest of everything added. Leaves the object finished: call once.
  [[nodiscard]] std::string hex_digest();

 private:
  void compress(const unsigned char* block) noexcept;
  std::array<std::uint32_t, 8> m_state;
  std::array<unsigned char, 64> m_block{};
  std::size_t m_block_len = 0;
  std::uint64_t m_total = 0;
};

}  // namespace boilerdex::indexer::detail

#pragma once
// SHA-1 (FIPS 180-4), private to plugin: the evaluation's tune / held-out split reads the
// first byte of the SHA-1 of a page id, as plugin/scripts/best_split.py does. Not for
// security. Never throws (std::bad_alloc aside).

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace boilerdex::plugin::detail {

/// The 20-byte SHA-1 digest of \p data.
[[nodiscard]] inline std::array<std::uint8_t, 20> sha1(std::string_view data) {
  std::uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
  std::vector<std::uint8_t> msg(data.begin(), data.end());
  const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
  msg.push_back(0x80);
  while (msg.size() % 64 != 56) msg.push_back(0);
  for (int k = 7; k >= 0; --k) msg.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
  const auto rotl = [](std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); };
  for (std::size_t chunk = 0; chunk < msg.size(); chunk += 64) {
    std::uint32_t w[80];
    for (int t = 0; t < 16; ++t) {
      const std::size_t at = chunk + static_cast<std::size_t>(t) * 4;
      w[t] = (std::uint32_t{msg[at]} << 24) | (std::uint32_t{msg[at + 1]} << 16) |
             (std::uint32_t{msg[at + 2]} << 8) | std::uint32_t{msg[at + 3]};
    }
    for (int t = 16; t < 80; ++t) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; ++t) {
      std::uint32_t f = 0, k = 0;
      if (t < 20) f = (b & c) | (~b & d), k = 0x5A827999u;
      else if (t < 40) f = b ^ c ^ d, k = 0x6ED9EBA1u;
      else if (t < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDCu;
      else f = b ^ c ^ d, k = 0xCA62C1D6u;
      const std::uint32_t temp = rotl(a, 5) + f + e + k + w[t];
      e = d, d = c, c = rotl(b, 30), b = a, a = temp;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  std::array<std::uint8_t, 20> out{};
  for (std::size_t i = 0; i < 20; ++i) out[i] = static_cast<std::uint8_t>(h[i / 4] >> (24 - 8 * (i % 4)));
  return out;
}

}  // namespace boilerdex::plugin::detail

#include "boilerdex/plugin/double_encoding.hpp"

#include <array>
#include <cstring>
#include <string_view>

#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace {

/// Text passed through two mis-readings ("Ã¢â‚¬â„¢" for "’") is read back a layer at a time.
constexpr int k_max_layers = 3;

/// windows-1252's characters for the bytes 0x80–0x9F; 0 for the five it leaves undefined,
/// which browsers read as the C1 controls of the same number.
constexpr std::array<char32_t, 32> k_cp1252_high = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,   // 0x80
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,        // 0x88
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,   // 0x90
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};  // 0x98

/// The byte whose windows-1252 or Latin-1 reading is \p c, or -1: U+0080–U+00FF stand for
/// themselves (Latin-1's reading, and browsers' of windows-1252's undefined bytes),
/// windows-1252's 27 characters for 0x80–0x9F for their bytes.
int byte_of(char32_t c) noexcept {
  if (c >= 0x80 && c <= 0xFF) return static_cast<int>(c);
  if (c < 0x152) return -1;
  for (std::size_t k = 0; k < k_cp1252_high.size(); ++k) {
    if (k_cp1252_high[k] == c) return static_cast<int>(0x80 + k);
  }
  return -1;
}

/// One double-encoded sequence found at a '\xC3' byte of the text.
struct Sequence {
  std::size_t length = 0;       ///< bytes of the text it takes (0: none here)
  std::array<char, 4> bytes{};  ///< the UTF-8 sequence it stands for
  std::size_t size = 0;         ///< of bytes: 2 to 4
  bool telling = false;         ///< led by "Â", "Ã" or "â": only double encoding makes it
};

/// The double-encoded sequence that starts at \p p (a '\xC3' byte), if any. A UTF-8 lead
/// 0xC2–0xF4 read as a character is U+00C2–U+00F4, written 0xC3 0x82–0xB4; the characters
/// after it are read back as bytes one at a time while they still begin a valid sequence.
Sequence sequence_at(const unsigned char* p, const unsigned char* end) noexcept {
  Sequence s;
  if (end - p < 2 || p[1] < 0x82 || p[1] > 0xB4) return s;
  std::array<unsigned char, 4> bytes{static_cast<unsigned char>(0xC0 | (p[1] & 0x3F))};
  std::size_t size = 1;
  const unsigned char* q = p + 2;
  for (;;) {
    std::size_t valid = 0;
    if (detail::utf8_sequence(bytes.data(), bytes.data() + size, valid) == size) break;
    if (valid != size || q >= end) return {};  // invalid, or cut short by the text's end
    const detail::CodePoint cp = detail::decode_utf8(q, end);
    const int b = byte_of(cp.value);
    if (b < 0) return {};
    bytes[size++] = static_cast<unsigned char>(b);
    q += cp.length;
  }
  const unsigned char lead = bytes[0];
  // A C1 control read back is a windows-1252 byte that was read as Latin-1 before the
  // double encoding ("Â•" gives U+0095, meant as "•"): it stands for windows-1252's character.
  const char32_t c1 = lead == 0xC2 && bytes[1] <= 0x9F ? k_cp1252_high[bytes[1] - 0x80] : 0;
  if (c1 != 0) {
    s.size = detail::encode_utf8(c1, s.bytes.data());
  } else {
    std::memcpy(s.bytes.data(), bytes.data(), size);
    s.size = size;
  }
  s.length = static_cast<std::size_t>(q - p);
  s.telling = lead == 0xC2 || lead == 0xC3 || lead == 0xE2;
  return s;
}

/// The next '\xC3' byte at or after \p p, or \p end.
const unsigned char* next_c3(const unsigned char* p, const unsigned char* end) noexcept {
  const void* hit = std::memchr(p, 0xC3, static_cast<std::size_t>(end - p));
  return hit == nullptr ? end : static_cast<const unsigned char*>(hit);
}

/// Calls \p visit(at, sequence) for each double-encoded sequence of \p text in order, until
/// it returns false.
template <class Visit>
void for_each_sequence(std::string_view text, Visit&& visit) {
  const auto* const begin = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = begin + text.size();
  for (const unsigned char* p = next_c3(begin, end); p < end; p = next_c3(p, end)) {
    const Sequence s = sequence_at(p, end);
    if (s.length == 0) {
      p += 1;
      continue;
    }
    if (!visit(static_cast<std::size_t>(p - begin), s)) return;
    p += s.length;
  }
}

/// One layer of repair_double_encoding: the telling sequences of \p utf8 replaced, and the
/// others too when two tell; returns how many were replaced. Two scans and the rewritten
/// copy, nothing kept per sequence.
std::size_t repair_one_layer(std::string& utf8) {
  int telling = 0;
  for_each_sequence(utf8, [&telling](std::size_t, const Sequence& s) {
    telling += s.telling ? 1 : 0;
    return telling < 2;
  });
  if (telling == 0) return 0;
  // One telling sequence may stand alone ("Copyright Â©"); the others only where two tell.
  const bool all = telling >= 2;
  std::string out;
  out.reserve(utf8.size());
  std::size_t from = 0;
  std::size_t repaired = 0;
  for_each_sequence(utf8, [&](std::size_t at, const Sequence& s) {
    if (all || s.telling) {
      out.append(utf8, from, at - from);
      out.append(s.bytes.data(), s.size);
      from = at + s.length;
      ++repaired;
    }
    return true;
  });
  out.append(utf8, from, std::string::npos);
  utf8.swap(out);
  return repaired;
}

}  // namespace

char32_t windows_1252_for_c1(char32_t c) noexcept {
  if (c < 0x80 || c > 0x9F) return c;
  const char32_t w = k_cp1252_high[c - 0x80];
  return w != 0 ? w : c;
}

std::size_t read_c1_as_windows_1252(std::string& utf8) {
  // U+0080–U+009F is 0xC2 0x80–0x9F in UTF-8; windows-1252's characters there are 2 or 3
  // bytes long, so the text is rewritten from the first one on.
  std::size_t at = utf8.find('\xC2');
  while (at != std::string::npos && !(at + 1 < utf8.size() && static_cast<unsigned char>(utf8[at + 1]) <= 0x9F))
    at = utf8.find('\xC2', at + 1);
  if (at == std::string::npos) return 0;
  std::string out(utf8, 0, at);
  std::size_t read = 0;
  for (std::size_t i = at; i < utf8.size();) {
    const auto next = static_cast<unsigned char>(i + 1 < utf8.size() ? utf8[i + 1] : 0);
    const char32_t c = utf8[i] == '\xC2' && next >= 0x80 && next <= 0x9F ? windows_1252_for_c1(next) : 0;
    if (c != 0 && c != next) {
      detail::append_utf8(out, c);
      ++read;
      i += 2;
    } else {
      out += utf8[i++];
    }
  }
  utf8.swap(out);
  return read;
}

std::size_t repair_double_encoding(std::string& utf8) {
  std::size_t repaired = 0;
  for (int layer = 0; layer < k_max_layers; ++layer) {
    const std::size_t n = repair_one_layer(utf8);
    if (n == 0) break;
    repaired += n;
  }
  return repaired;
}

}  // namespace boilerdex::plugin

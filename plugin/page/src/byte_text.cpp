#include "boilerdex/plugin/byte_text.hpp"

#include <algorithm>

#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace {

// Calls \p valid(begin, length) for each well-formed sequence and \p invalid(byte) for each
// byte of an ill-formed one, in order: decode_utf8's reading, so every tool agrees on which
// bytes are bad.
template <class Valid, class Invalid>
void walk_utf8(std::string_view bytes, Valid valid, Invalid invalid) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* end = p + bytes.size();
  while (p < end) {
    const detail::CodePoint c = detail::decode_utf8(p, end);
    // U+FFFD itself is 3 bytes; a one-byte U+FFFD is decode_utf8's "invalid".
    if (c.value == 0xFFFD && c.length == 1) invalid(*p);
    else valid(p, c.length);
    p += c.length;
  }
}

constexpr char k_hex_digits[] = "0123456789abcdef";

}  // namespace

bool is_valid_utf8(std::string_view bytes) noexcept {
  bool ok = true;
  walk_utf8(bytes, [](const unsigned char*, std::uint32_t) {}, [&](unsigned char) { ok = false; });
  return ok;
}

std::string utf8_or_replacement(std::string_view bytes) {
  if (is_valid_utf8(bytes)) return std::string(bytes);
  std::string out;
  out.reserve(bytes.size() + 8);
  walk_utf8(
      bytes, [&](const unsigned char* p, std::uint32_t n) { out.append(reinterpret_cast<const char*>(p), n); },
      [&](unsigned char) { out += "\xEF\xBF\xBD"; });
  return out;
}

std::string printable_bytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  auto escape = [&](unsigned char b) {
    out += "\\x";
    out += k_hex_digits[b >> 4];
    out += k_hex_digits[b & 15];
  };
  walk_utf8(
      bytes,
      [&](const unsigned char* p, std::uint32_t n) {
        if (n == 1 && (*p < 0x20 || *p == 0x7F)) escape(*p);
        else out.append(reinterpret_cast<const char*>(p), n);
      },
      escape);
  return out;
}

std::optional<BinaryEvidence> binary_evidence(std::string_view bytes) noexcept {
  using namespace std::string_view_literals;  // "\0" inside: the sv suffix keeps the length
  struct Signature {
    std::string_view magic;
    std::string_view what;
  };
  static constexpr Signature signatures[] = {{"%PDF-"sv, "a PDF document"},
                                             {"\x89PNG"sv, "a PNG image"},
                                             {"GIF87a"sv, "a GIF image"},
                                             {"GIF89a"sv, "a GIF image"},
                                             {"\xff\xd8\xff"sv, "a JPEG image"},
                                             {"PK\x03\x04"sv, "a ZIP archive or office file"},
                                             {"\x1f\x8b"sv, "gzip data"},
                                             {"\xd0\xcf\x11\xe0"sv, "an OLE2 office file"},
                                             {"Rar!"sv, "a RAR archive"},
                                             {"7z\xbc\xaf"sv, "a 7-Zip archive"},
                                             {"\x00\x00\x01\x00"sv, "an icon"},
                                             {"OggS"sv, "Ogg media"},
                                             {"ID3"sv, "MP3 audio"},
                                             {"RIFF"sv, "RIFF media (WAV, AVI, WebP)"},
                                             {"%!PS"sv, "a PostScript document"}};
  for (const Signature& sig : signatures)
    if (bytes.substr(0, sig.magic.size()) == sig.magic) return BinaryEvidence{sig.what, 0};
  const std::string_view head = bytes.substr(0, 4096);
  if (head.empty()) return std::nullopt;
  // UTF-16 pages (with a BOM, or by their NUL pattern) are text; their NULs are not a
  // sign of binary data.
  if (!sniff_utf16(head).empty()) return std::nullopt;
  std::size_t control = 0;
  std::size_t first = head.size();
  for (std::size_t i = 0; i < head.size(); ++i) {
    const auto c = static_cast<unsigned char>(head[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b) {
      ++control;
      first = std::min(first, i);
    }
  }
  if (control * 20 <= head.size()) return std::nullopt;  // at most 5% control bytes
  return BinaryEvidence{"over 5% control bytes in its first 4 KiB", first};
}

bool looks_binary(std::string_view bytes) noexcept { return binary_evidence(bytes).has_value(); }

void require_text(std::string_view bytes, const std::string& source) {
  if (const std::optional<BinaryEvidence> evidence = binary_evidence(bytes))
    throw InputError(source, evidence->offset,
                     "binary data (" + std::string(evidence->what) + "), not a web page");
}

std::string to_hex(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char ch : bytes) {
    const auto b = static_cast<unsigned char>(ch);
    out += k_hex_digits[b >> 4];
    out += k_hex_digits[b & 15];
  }
  return out;
}

std::string from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw InputError("hex", hex.size(), "odd number of hex digits");
  auto digit = [&](std::size_t i) {
    const char c = hex[i];
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw InputError("hex", i, std::string("not a hex digit: '") + printable_bytes(std::string_view(&c, 1)) + "'");
  };
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(digit(i) * 16 + digit(i + 1));
  return out;
}

}  // namespace boilerdex::plugin

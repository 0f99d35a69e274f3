#pragma once
/// \file
/// Turning raw page bytes into UTF-8, the only encoding Gumbo reads.

#include <string>
#include <string_view>

namespace boilerdex::plugin {

/// How the encoding of a page was decided, in order of precedence.
enum class CharsetSource { Bom, Declared, Meta, Detected, Fallback };

/// The decoded page.
struct DecodedText {
  std::string utf8;            ///< valid UTF-8, BOM removed, invalid sequences as U+FFFD
  std::string charset;         ///< canonical name of the encoding used ("UTF-8", "windows-1252", ...)
  CharsetSource source = CharsetSource::Fallback;
  std::size_t replacements = 0;  ///< number of U+FFFD substituted for undecodable input
  /// Number of double-encoded characters put right (repair_double_encoding): UTF-8 that had
  /// been read as windows-1252 or Latin-1 and encoded again ("â€™" for "’"), and C1
  /// controls read as windows-1252 on a UTF-8 page declared in a legacy charset.
  std::size_t double_encoded = 0;
};

/// Decodes \p bytes to UTF-8. Precedence: a byte-order mark; then \p declared_charset
/// (as an HTTP Content-Type would give; ignored when empty or unknown; labels mean what
/// the WHATWG Encoding Standard says: `utf-16` and `unicode` are UTF-16LE, `latin1` and
/// `ascii` are windows-1252); then a `<meta charset>` / `<meta http-equiv=Content-Type>`
/// in the first 1024 bytes; then UTF-16 without a BOM by its NUL pattern (sniff_utf16);
/// then statistical detection; else windows-1252. Invalid or truncated sequences become
/// U+FFFD; NUL bytes are kept as U+FFFD (Gumbo treats NUL as a parse error anyway).
/// Unless \p read_back_double_encoding is false, a page declared (either way) in a charset
/// that writes ASCII as ASCII (windows-1252, GBK, Shift_JIS, ...; not ISO-2022-JP, HZ,
/// UTF-7 or UTF-16) whose bytes are nonetheless valid UTF-8 beyond ASCII is read as UTF-8,
/// source Detected: legacy text is almost never valid UTF-8, and a stale declaration on a
/// UTF-8 page is common. Then, unless \p read_back_double_encoding is false, text encoded
/// in UTF-8 twice is read back (repair_double_encoding, double_encoding.hpp), so "â€™"
/// becomes "’" in every extractor's output, the title and the metadata alike.
/// Never throws for any input (std::bad_alloc aside). Thread-safe. O(n).
[[nodiscard]] DecodedText decode_to_utf8(std::string_view bytes,
                                         std::string_view declared_charset = {},
                                         bool read_back_double_encoding = true);

/// "UTF-16LE" or "UTF-16BE" when \p bytes start with that byte-order mark, or, without
/// one, when their first 4 KiB have the NUL pattern of mostly-ASCII UTF-16 text (a NUL in
/// at least 30% of the high bytes of the code units, at most 5% of the low ones: markup is
/// ASCII); empty otherwise (UTF-16 pages of CJK text without BOM are left to detection).
/// Never throws.
[[nodiscard]] std::string_view sniff_utf16(std::string_view bytes) noexcept;

/// The charset named in an HTTP Content-Type value ("text/html; charset=ISO-8859-1" →
/// "ISO-8859-1"); empty when there is none. Never throws.
[[nodiscard]] std::string charset_from_content_type(std::string_view content_type);

}  // namespace boilerdex::plugin

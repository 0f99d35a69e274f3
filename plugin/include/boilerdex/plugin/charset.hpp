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
};

/// Decodes \p bytes to UTF-8. Precedence: a byte-order mark; then \p declared_charset
/// (as an HTTP Content-Type would give; ignored when empty or unknown); then a
/// `<meta charset>` / `<meta http-equiv=Content-Type>` in the first 1024 bytes; then
/// statistical detection; else windows-1252. Invalid or truncated sequences become
/// U+FFFD; NUL bytes are kept as U+FFFD (Gumbo treats NUL as a parse error anyway).
/// Never throws for any input (std::bad_alloc aside). Thread-safe. O(n).
[[nodiscard]] DecodedText decode_to_utf8(std::string_view bytes, std::string_view declared_charset = {});

/// The charset named in an HTTP Content-Type value ("text/html; charset=ISO-8859-1" →
/// "ISO-8859-1"); empty when there is none. Never throws.
[[nodiscard]] std::string charset_from_content_type(std::string_view content_type);

}  // namespace boilerdex::plugin

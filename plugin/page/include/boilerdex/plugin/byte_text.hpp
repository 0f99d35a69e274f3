#pragma once
/// \file
/// Byte strings that are not necessarily UTF-8 — file paths, DOCNOs, URLs, titles, header
/// fields — as messages and JSON need them. On POSIX a path is bytes: a Latin-1 `é` in a
/// directory name is the lone byte 0xE9. JSON strings must be UTF-8, and a terminal shows
/// stray bytes as garbage, so such strings are written in one of three documented ways:
///
/// - readable, for messages (printable_bytes): valid UTF-8 kept, every invalid byte and
///   every C0 control character written `\xNN`; not reversible, only for people;
/// - lossy, for JSON display fields (utf8_or_replacement): invalid bytes as U+FFFD, as the
///   tools' JSON outputs have always written page text;
/// - lossless, for JSON fields read back (paths in manifest.json, state.json,
///   inputs.jsonl): the field holds the lossy form, and, only when that lost something, a
///   sibling field `NAME_hex` holds the exact bytes in lowercase hex (Python:
///   `bytes.fromhex(entry["path_hex"])`). Readers take `NAME_hex` when present.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace boilerdex::plugin {

/// True when \p bytes is well-formed UTF-8 (no overlongs, surrogates or values above
/// U+10FFFF). O(n); never throws.
[[nodiscard]] bool is_valid_utf8(std::string_view bytes) noexcept;

/// \p bytes with each byte of an invalid UTF-8 sequence replaced by U+FFFD (one per byte,
/// as decode_utf8 reads them). Valid input is returned unchanged. \throws std::bad_alloc.
[[nodiscard]] std::string utf8_or_replacement(std::string_view bytes);

/// \p bytes for a message: valid UTF-8 kept, each invalid byte and each C0 control or DEL
/// written as `\xNN` (a newline in a file name is `\x0a`). \throws std::bad_alloc.
[[nodiscard]] std::string printable_bytes(std::string_view bytes);

/// Why some bytes cannot be an HTML page (binary_evidence).
struct BinaryEvidence {
  std::string_view what;  ///< "a PNG image", "over 5% control bytes …": static text
  std::size_t offset;     ///< where it shows: 0 for a signature, else the first control byte
};

/// The evidence that \p bytes cannot be an HTML page, if any: a known binary signature at
/// the start (PDF, images, archives and gzip, office files, media), or NUL/control bytes
/// beyond a small share (5%) of the first 4 KiB (UTF-16 text excepted: sniff_utf16, with or
/// without a BOM). Never throws.
[[nodiscard]] std::optional<BinaryEvidence> binary_evidence(std::string_view bytes) noexcept;

/// True when binary_evidence finds some. The indexer skips such pages as not-html; the
/// omindex filter refuses them; boilerdex-extract and its JSON Lines stream fail them
/// (require_text). Never throws.
[[nodiscard]] bool looks_binary(std::string_view bytes) noexcept;

/// Does nothing when \p bytes may be a page. \throws InputError naming \p source and the
/// evidence's offset ("photo.html@0: binary data (a PNG image), not a web page") when
/// binary_evidence finds some.
void require_text(std::string_view bytes, const std::string& source);

/// \p bytes as lowercase hex, two digits a byte. \throws std::bad_alloc.
[[nodiscard]] std::string to_hex(std::string_view bytes);

/// The bytes \p hex (to_hex's form; either case) stands for. \throws InputError (source
/// "hex", the offset of the bad digit) on an odd length or a non-hex digit.
[[nodiscard]] std::string from_hex(std::string_view hex);

}  // namespace boilerdex::plugin

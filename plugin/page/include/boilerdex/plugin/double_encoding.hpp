#pragma once
/// \file
/// Putting right text that was encoded in UTF-8 twice ("mojibake"): UTF-8 bytes once read as
/// windows-1252 or Latin-1 and encoded again, so that "’" reads "â€™" (or "â" and two C1
/// controls) and "é" reads "Ã©". It happens where a page's bytes pass through a program that
/// takes UTF-8 for a single-byte charset: a database or a crawler. Each such run of
/// characters is the windows-1252 or Latin-1 reading of a valid UTF-8 sequence, so it can be
/// read back exactly; decode_to_utf8 does so for every page, before the page is parsed.

#include <cstddef>
#include <string>

namespace boilerdex::plugin {

/// Replaces, in the valid UTF-8 text \p utf8, every double-encoded sequence by the character
/// it stands for, and returns how many it replaced; 0 leaves \p utf8 as it was.
///
/// A double-encoded sequence is two to four characters, each the windows-1252 or Latin-1
/// reading of one byte (U+0080–U+00FF, or one of windows-1252's 27 characters for 0x80–0x9F),
/// whose bytes form one valid UTF-8 sequence of two to four bytes. A C1 control read back
/// (U+0080–U+009F: "Â•" gives U+0095) was a windows-1252 byte read as Latin-1 before, and
/// becomes windows-1252's character ("•").
///
/// A sequence led by "Â", "Ã" or "â" (the leads of UTF-8's Latin-1 characters and of
/// U+2000–U+2FFF, punctuation among them) is one that only double encoding makes ("Â©",
/// "Ã©", "â€™"): each is replaced. Legitimate text can form the others ("CAFÉ”": 0xC9 0x94
/// is "ɔ"), so they are replaced only where the text holds at least two of the telling ones
/// (a double-encoded Polish or Russian text leads with other letters). Text mis-read twice
/// ("Ã¢â‚¬â„¢" for "’") is read back a layer at a time, up to three layers; the count is
/// over all of them. Characters written as character references ("&acirc;&euro;&trade;") are
/// left as they are: they are read after the page is decoded.
///
/// Costs one scan for the byte 0xC3 where no sequence is found, and two scans and a copy of
/// the text per layer where one is. \p utf8 must be valid UTF-8 (what decode_to_utf8 gives);
/// the result is. \throws std::bad_alloc only.
std::size_t repair_double_encoding(std::string& utf8);

/// windows-1252's character for the C1 control \p c (U+0080–U+009F: U+0092 gives "’"), as
/// HTML reads a numeric character reference to one ("&#146;"); \p c itself for any other
/// character and for the five C1 codes windows-1252 leaves undefined. Never throws.
[[nodiscard]] char32_t windows_1252_for_c1(char32_t c) noexcept;

/// Replaces, in the valid UTF-8 text \p utf8, each C1 control (U+0080–U+009F) that
/// windows-1252 defines a character for by that character (U+0095 by "•", U+0092 by "’"),
/// and returns how many it replaced. A page declared in a legacy charset but written in UTF-8
/// holds them where a program carried windows-1252 bytes across as Latin-1; decode_to_utf8
/// reads them so on such pages, as the page's declared charset would have shown them. The
/// five codes windows-1252 leaves undefined stay. \throws std::bad_alloc only.
std::size_t read_c1_as_windows_1252(std::string& utf8);

}  // namespace boilerdex::plugin

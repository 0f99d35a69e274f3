#pragma once
/// \file
/// The block table that boilerpipe-ref's `bp blocks` / `bp debug` print, for diffing a
/// boilerdex TextDocument against the Java original line by line (spec §9.5).

#include <iosfwd>
#include <string>
#include <string_view>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// Writes \p doc as `bp`'s TSV: a `# title` line, a `# idx ...` header, then one line per
/// block: idx, isContent (0/1), numWords, numWordsInAnchorText, linkDensity, textDensity
/// (both as java_float_string), tagLevel, `start-end` offsets, labels as Java prints a
/// sorted set (`[de.l3s.boilerpipe/TITLE, ...]`), text escaped as java_escape does.
/// Works on parse blocks (`bp blocks`) and after any extractor (`bp debug`).
/// Thread-safe for distinct streams. \throws what \p out's operations throw.
void write_block_dump(std::ostream& out, const TextDocument& doc);

/// Java's Float.toString(\p value): shortest digits that round-trip, "14.0" not "14",
/// scientific ("9.615385E-4") below 1e-3 and from 1e7. (JDK ≤ 18 sometimes prints one
/// digit more than the shortest form; compare densities numerically.) Never throws
/// except std::bad_alloc.
[[nodiscard]] std::string java_float_string(float value);

/// The harness's escaping of UTF-8 \p text: `\n` `\r` `\t` `\\` as two characters, other
/// characters below U+0020 and U+00A0 as `\uXXXX` (lower-case hex). \throws std::bad_alloc.
[[nodiscard]] std::string java_escape(std::string_view text);

}  // namespace boilerdex::plugin

#pragma once
// Bold, italic and struck-out words in Markdown (structured_content.hpp, markdown_of): where
// the delimiters go, and which styles they can carry. Private to faces; structured_writer.cpp
// uses it. Never throws (std::bad_alloc aside); no state beyond one line of one block.
//
// CommonMark reads a run of '*' or '~' as emphasis only when it is "flanking" the right way:
// an opening run is followed by a character that is not a space, and by punctuation only when
// a space or punctuation comes before it; a closing run the mirror image. Whether a character
// is punctuation changed between versions of the specification (0.31 counts Unicode symbols,
// 0.29 does not), so a character this reading does not know (one outside the letters, spaces
// and punctuation it lists) may be either, and a delimiter is written only where it reads as
// intended both ways. An opening run is also kept from reading as a closing one (it might
// close an outer span of the same character), runs from touching one another and from the
// words' own '*', '_' or '~', and a closing run from following a web address that GFM's
// autolinks would run on through it (unless a space or the line's end comes next).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/structured_content.hpp"

namespace boilerdex::plugin::detail {

/// The styles open along a line, in the order they opened, and the changes that move it from
/// one piece's style to the next's: what the Markdown writes as delimiters and the clean HTML
/// and XML as elements.
class StyleStack {
 public:
  struct Change {
    std::string closed;  ///< InlinePiece::Style bits closed, innermost first (some perhaps opened again)
    std::string opened;  ///< bits opened, outermost first
  };

  /// Moves to \p want: closes, innermost first, every style down to the first open one that
  /// \p want lacks (styles opened after it are opened again if wanted), then opens what \p
  /// want adds, strong before emphasis before struck.
  Change to(std::uint8_t want);

 private:
  std::string m_open;  // the open bits, in the order they opened
};

/// \p styles (a Change's closed or opened) as Markdown delimiters: "**", "*", "~~" each.
[[nodiscard]] std::string delimiters(std::string_view styles);

/// Each of \p pieces' styles as Markdown can write them: the pieces' own (InlinePiece::style;
/// a blank text piece's and a break's are 0), with a style cleared on every run of pieces
/// whose delimiters a CommonMark reader would not take as written (the file comment).
/// \p hard_breaks: a break is written as a backslash and a newline (else as a space).
[[nodiscard]] std::vector<std::uint8_t> markdown_styles(const std::vector<InlinePiece>& pieces, bool hard_breaks);

}  // namespace boilerdex::plugin::detail

#pragma once
// A second lexical reading of the page that rides along block_markup's scan (page_markup.cpp),
// so that both read each '<' of the page once: `best`'s hint and BTE scan
// (best_page_scan.cpp) is one. Each reading keeps its own cursor and its own rules; where
// both stand before the same '<', the tag there is lexed once (its name, its attributes up to
// its '>', a script or style body skipped) and handed to both, so each reading's result is
// the one it would find alone. Private to plugin. Never throws (std::bad_alloc aside).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/page_markup.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::detail {

/// What the lexer read at one '<' of the page.
struct LexedTag {
  enum class Kind : std::uint8_t {
    Declaration,  ///< "<!--", "<!", "<?": \c after is the position after it (npos: never ends)
    Tag           ///< anything else: a name (possibly empty) and, for a start tag, its attributes
  };
  static constexpr std::size_t k_name_bytes = 16;  ///< bytes of the name kept in \c lower

  Kind kind = Kind::Tag;
  std::size_t lt = 0;           ///< where the '<' is
  bool end_tag = false;         ///< "</"
  std::size_t name_begin = 0;   ///< after "<" or "</"
  std::size_t alnum_end = 0;    ///< end of the run of ASCII letters and digits from name_begin
  std::size_t name_end = 0;     ///< end of the run of ASCII letters, digits and '-' from name_begin
  std::array<char, k_name_bytes> lower{};  ///< [name_begin, name_end) lower-cased, its first 16 bytes
  /// An end tag: the position after the next '>' (the page's end when there is none). A
  /// start tag: the position after its '>', quotes respected (npos when it never ends). Not
  /// set when name_end == name_begin (a '<' in text for every reading).
  std::size_t after = 0;
  bool self_closing = false;              ///< a start tag ending in "/>"
  std::uint32_t markup_bits = 0;          ///< block_markup's bits of its attributes
  std::vector<std::string_view> class_id; ///< its class and id values, in order (start tags)

  /// The position after the end tag </\p lower_name ...> closing the raw text (script,
  /// style, ...) that starts after this start tag (skip_raw_text from \c after); the
  /// answer for a name is found once however many readings ask.
  [[nodiscard]] std::size_t raw_text_end(std::string_view html, std::string_view lower_name) const;

  // raw_text_end's last answer and the name it was for (the lexer clears it for each tag)
  mutable std::array<char, k_name_bytes> raw_memo_name{};
  mutable std::size_t raw_memo_length = 0;  // 0: none
  mutable std::size_t raw_memo_end = 0;
};

/// A reading of the page that rides along the markup scan.
class MarkupRider {
 public:
  virtual ~MarkupRider() = default;
  /// The reading, which stands at \p from, meets \p tag (the first '<' at or after \p from).
  /// Returns where it goes on from (npos: it stops reading).
  virtual std::size_t on_tag(std::size_t from, const LexedTag& tag) = 0;
  /// The reading, which stands at \p from, finds no '<' left: the page ends.
  virtual void on_end(std::size_t from) = 0;
};

/// block_markup(\p doc, \p utf8_html) with \p rider reading the same page alongside.
[[nodiscard]] std::vector<BlockMarkup> block_markup_riding(const TextDocument& doc,
                                                           std::string_view utf8_html,
                                                           MarkupRider& rider);

/// \p rider reading \p utf8_html alone (the lexer without block_markup's attribute bits).
void ride_markup_lexer(std::string_view utf8_html, MarkupRider& rider);

}  // namespace boilerdex::plugin::detail

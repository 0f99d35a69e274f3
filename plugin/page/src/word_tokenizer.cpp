#include "boilerdex/plugin/word_tokenizer.hpp"

#include <unicode/uchar.h>

#include <array>
#include <cstdint>

#include "html_segmenter_internal.hpp"  // detail::java_trim
#include "utf8_internal.hpp"            // detail::decode_utf8
#include "word_tokenizer_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::CodePoint;
using detail::decode_utf8;

/// The word test's classes: L*, Nd, Nl, No.
bool is_word_code_point(char32_t c) noexcept {
  return (U_GET_GC_MASK(static_cast<UChar32>(c)) &
          (U_GC_L_MASK | U_GC_ND_MASK | U_GC_NL_MASK | U_GC_NO_MASK)) != 0;
}

}  // namespace

namespace detail {
std::string_view java_trim(std::string_view s) noexcept {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  return s.substr(b, e - b);
}
}  // namespace detail

void tokenize(std::string_view text, std::vector<std::string_view>& out) {
  out.clear();
  struct Collect {  // the tokens only
    std::vector<std::string_view>& out;
    void ascii(const unsigned char*, const unsigned char*) noexcept {}
    void code_point(std::uint32_t) noexcept {}
    void token(const char* b, const char* e) { out.emplace_back(b, static_cast<std::size_t>(e - b)); }
  } sink{out};
  detail::tokenize_with(text, sink);
}

bool is_word(std::string_view token) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(token.data());
  const auto* const end = p + token.size();
  while (p < end) {
    if (*p < 0x80) {
      if (detail::k_tokenizer_ascii_classes[*p] & detail::k_ascii_word && *p != '_') return true;
      ++p;
      continue;
    }
    const CodePoint cp = decode_utf8(p, end);
    if (is_word_code_point(cp.value)) return true;
    p += cp.length;
  }
  return false;
}

std::size_t utf16_length(std::string_view text) noexcept {
  // A supplementary code point is a surrogate pair in Java; an invalid byte decodes to one
  // U+FFFD, one unit.
  std::size_t units = 0;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    if (*p < 0x80) {
      ++units;
      ++p;
      continue;
    }
    const CodePoint cp = decode_utf8(p, end);
    units += cp.value >= 0x10000 ? 2 : 1;
    p += cp.length;
  }
  return units;
}

}  // namespace boilerdex::plugin

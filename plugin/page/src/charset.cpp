#include "boilerdex/plugin/charset.hpp"

#include <uchardet.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include "boilerdex/plugin/double_encoding.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace {

constexpr std::string_view k_replacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8
constexpr std::size_t k_meta_scan_bytes = 1024;             // HTML5 prescan window
constexpr std::size_t k_detect_bytes = 64u << 10;           // enough for uchardet to settle

char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return ascii_lower(x) == ascii_lower(y);
         });
}

std::size_t ifind(std::string_view hay, std::string_view needle, std::size_t from = 0) noexcept {
  if (needle.size() > hay.size()) return std::string_view::npos;
  for (std::size_t i = from; i + needle.size() <= hay.size(); ++i) {
    if (iequals(hay.substr(i, needle.size()), needle)) return i;
  }
  return std::string_view::npos;
}

bool is_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/// After a "charset" keyword at \p pos: optional spaces, '=', optional spaces, an optionally
/// quoted name. Empty when the syntax does not fit.
std::string_view charset_value_after(std::string_view s, std::size_t pos) noexcept {
  std::size_t i = pos + 7;  // strlen("charset")
  while (i < s.size() && is_space(s[i])) ++i;
  if (i >= s.size() || s[i] != '=') return {};
  ++i;
  while (i < s.size() && is_space(s[i])) ++i;
  char quote = 0;
  if (i < s.size() && (s[i] == '"' || s[i] == '\'')) quote = s[i++];
  const std::size_t b = i;
  while (i < s.size() && s[i] != quote && !is_space(s[i]) && s[i] != ';' && s[i] != '"' &&
         s[i] != '\'' && s[i] != '>' && s[i] != '/')
    ++i;
  return s.substr(b, i - b);
}

/// `<meta charset=X>` or `<meta http-equiv=Content-Type content="...; charset=X">` within
/// the first k_meta_scan_bytes bytes (a simplified HTML5 prescan: comments are not skipped).
std::string_view find_meta_charset(std::string_view bytes) noexcept {
  const std::string_view head = bytes.substr(0, std::min(bytes.size(), k_meta_scan_bytes));
  for (std::size_t at = ifind(head, "<meta"); at != std::string_view::npos;
       at = ifind(head, "<meta", at + 5)) {
    std::size_t close = head.find('>', at);
    const std::string_view tag =
        head.substr(at, close == std::string_view::npos ? head.size() - at : close - at);
    for (std::size_t c = ifind(tag, "charset"); c != std::string_view::npos;
         c = ifind(tag, "charset", c + 7)) {
      const std::string_view v = charset_value_after(tag, c);
      if (!v.empty()) return v;
    }
  }
  return {};
}

/// Labels that browsers (WHATWG Encoding) decode differently from their literal meaning.
/// \p in_document: the label comes from the page's own <meta>.
std::string_view whatwg_alias(std::string_view label, bool in_document) noexcept {
  for (std::string_view l : {"iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1", "us-ascii",
                             "ascii", "ansi_x3.4-1968", "x-user-defined", "cp1252"}) {
    if (iequals(label, l)) return "windows-1252";
  }
  // A document that could be read as ASCII to find its meta tag cannot be UTF-16.
  if (in_document && label.size() >= 6 && iequals(label.substr(0, 6), "utf-16")) return "UTF-8";
  // WHATWG: these name UTF-16LE (ICU reads a bare "utf-16" as big-endian without a BOM).
  for (std::string_view l : {"utf-16", "utf-16le", "unicode", "ucs-2", "csunicode", "iso-10646-ucs-2", "unicodefeff"}) {
    if (iequals(label, l)) return "UTF-16LE";
  }
  if (iequals(label, "unicodefffe")) return "UTF-16BE";
  if (iequals(label, "utf8") || iequals(label, "unicode-1-1-utf-8")) return "UTF-8";
  return label;
}

struct ConverterCloser {
  void operator()(UConverter* c) const noexcept { ucnv_close(c); }
};
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

/// Opens an ICU converter for \p label, or null when ICU does not know it.
ConverterPtr open_converter(std::string_view label, bool in_document = false) {
  if (label.empty() || label.size() > 64) return nullptr;
  const std::string name(whatwg_alias(label, in_document));
  UErrorCode err = U_ZERO_ERROR;
  ConverterPtr cnv(ucnv_open(name.c_str(), &err));
  if (U_FAILURE(err)) return nullptr;
  return cnv;
}

std::string canonical_name(const UConverter* cnv) {
  UErrorCode err = U_ZERO_ERROR;
  const char* internal = ucnv_getName(cnv, &err);
  if (U_FAILURE(err) || internal == nullptr) return "unknown";
  for (const char* standard : {"MIME", "IANA"}) {
    err = U_ZERO_ERROR;
    const char* n = ucnv_getStandardName(internal, standard, &err);
    if (U_SUCCESS(err) && n != nullptr) return n;
  }
  return internal;
}

/// \p p advanced over whole eight-byte words of ASCII other than NUL, most of a page (the
/// rest, fewer than eight bytes or a word holding another byte, is left to the caller). A
/// byte in 0x01-0x7F has its top bit clear and so has itself minus one, with no borrow out
/// of it; the lowest NUL or byte >= 0x80 of a word sets a top bit.
const unsigned char* skip_ascii_words(const unsigned char* p, const unsigned char* end) noexcept {
  std::uint64_t word = 0;
  while (end - p >= 8) {
    std::memcpy(&word, p, 8);
    if (((word - 0x0101010101010101u) | word) & 0x8080808080808080u) break;
    p += 8;
  }
  return p;
}

/// Copies UTF-8 \p bytes, replacing invalid subparts and NUL by U+FFFD. Counts them.
void repair_utf8(std::string_view bytes, DecodedText& out) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = p + bytes.size();
  out.utf8.reserve(bytes.size() + 16);
  const auto* run = p;  // start of the pending valid run
  while (p < end) {
    p = skip_ascii_words(p, end);
    if (p == end) break;
    if (*p >= 0x01 && *p < 0x80) {
      ++p;
      continue;
    }
    std::size_t subpart = 1;
    const std::size_t n = *p == 0 ? 0 : detail::utf8_sequence(p, end, subpart);
    if (n != 0) {
      p += n;
      continue;
    }
    out.utf8.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(p - run));
    out.utf8.append(k_replacement);
    ++out.replacements;
    p += subpart;
    run = p;
  }
  out.utf8.append(reinterpret_cast<const char*>(run), static_cast<std::size_t>(end - run));
}

bool is_valid_utf8(std::string_view bytes) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = p + bytes.size();
  while (p < end) {
    p = skip_ascii_words(p, end);
    if (p == end) break;
    if (*p < 0x80) {
      ++p;
      continue;
    }
    std::size_t subpart = 0;
    const std::size_t n = detail::utf8_sequence(p, end, subpart);
    if (n == 0) return false;
    p += n;
  }
  return true;
}


/// ICU to-Unicode callback: substitute U+FFFD (ICU's default would write U+001A for some
/// single-byte charsets) and count.
void substitute_and_count(const void* context, UConverterToUnicodeArgs* args, const char*, int32_t,
                          UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;  // reset/close/clone: nothing to do
  static constexpr UChar k_fffd = 0xFFFD;
  *err = U_ZERO_ERROR;
  ucnv_cbToUWriteUChars(args, &k_fffd, 1, 0, err);
  ++*static_cast<std::size_t*>(const_cast<void*>(context));
}

/// Converts \p bytes with \p cnv into out.utf8 (NUL → U+FFFD, unpaired surrogates → U+FFFD).
void convert_with_icu(UConverter* cnv, std::string_view bytes, DecodedText& out) {
  UErrorCode err = U_ZERO_ERROR;
  ucnv_setToUCallBack(cnv, substitute_and_count, &out.replacements, nullptr, nullptr, &err);
  out.utf8.reserve(bytes.size() + bytes.size() / 2);
  std::array<UChar, 16384> buffer{};
  const char* src = bytes.data();
  const char* const src_end = src + bytes.size();
  UChar pending_high = 0;
  bool done = false;
  while (!done) {
    UChar* target = buffer.data();
    err = U_ZERO_ERROR;
    ucnv_toUnicode(cnv, &target, buffer.data() + buffer.size(), &src, src_end, nullptr, true, &err);
    if (err != U_BUFFER_OVERFLOW_ERROR) done = true;
    if (U_FAILURE(err) && err != U_BUFFER_OVERFLOW_ERROR) {
      // Should not happen with a substituting callback; never lose the rest silently.
      out.utf8.append(k_replacement);
      ++out.replacements;
    }
    for (const UChar* u = buffer.data(); u < target; ++u) {
      const UChar c = *u;
      if (pending_high != 0) {
        if (c >= 0xDC00 && c <= 0xDFFF) {
          detail::append_utf8(out.utf8, 0x10000 + ((static_cast<char32_t>(pending_high) - 0xD800) << 10) +
                                    (c - 0xDC00));
          pending_high = 0;
          continue;
        }
        out.utf8.append(k_replacement);
        ++out.replacements;
        pending_high = 0;
      }
      if (c >= 0xD800 && c <= 0xDBFF) {
        pending_high = c;
      } else if ((c >= 0xDC00 && c <= 0xDFFF) || c == 0) {
        out.utf8.append(k_replacement);
        ++out.replacements;
      } else {
        detail::append_utf8(out.utf8, c);
      }
    }
  }
  if (pending_high != 0) {
    out.utf8.append(k_replacement);
    ++out.replacements;
  }
}

/// uchardet's guess for \p bytes ("" when it has none).
std::string detect_charset(std::string_view bytes) {
  uchardet_t ud = uchardet_new();
  if (ud == nullptr) return {};
  const std::string_view sample = bytes.substr(0, std::min(bytes.size(), k_detect_bytes));
  std::string result;
  if (uchardet_handle_data(ud, sample.data(), sample.size()) == 0) {
    uchardet_data_end(ud);
    const char* cs = uchardet_get_charset(ud);
    if (cs != nullptr) result = cs;
  }
  uchardet_delete(ud);
  return result;
}

void decode_with(UConverter* cnv, std::string_view bytes, CharsetSource source, DecodedText& out) {
  out.source = source;
  const UConverterType type = ucnv_getType(cnv);
  if (type == UCNV_UTF8) {
    out.charset = "UTF-8";
    repair_utf8(bytes, out);
    return;
  }
  out.charset = canonical_name(cnv);
  convert_with_icu(cnv, bytes, out);
}

/// Whether \p bytes hold characters beyond ASCII and are valid UTF-8 all the same. Text in
/// a legacy encoding almost never is: each of its bytes >= 0x80 would have to lead or
/// continue a UTF-8 sequence ("é" in windows-1252 is E9 before a letter, a Chinese character
/// in GBK a lead byte before another lead byte).
bool is_utf8_beyond_ascii(std::string_view bytes) noexcept {
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  const auto* p = begin;
  for (;;) {
    p = skip_ascii_words(p, end);  // stops at a word holding a NUL or a byte >= 0x80
    if (p == end) return false;
    if (*p >= 0x80) break;
    ++p;
  }
  return is_valid_utf8(bytes.substr(static_cast<std::size_t>(p - begin)));
}

/// Whether a page declared in \p cnv's charset but valid UTF-8 beyond ASCII is UTF-8: the
/// charset writes ASCII as ASCII, one byte or several per other character (windows-1252,
/// Latin-1, GBK, Shift_JIS, Big5, EUC-KR, ...). Not the 7-bit and stateful encodings
/// (ISO-2022-JP, HZ, UTF-7), whose pages are ASCII bytes, nor UTF-16 or UTF-32.
bool declaration_may_be_wrong(const UConverter* cnv) noexcept {
  switch (ucnv_getType(cnv)) {
    case UCNV_SBCS:
    case UCNV_DBCS:
    case UCNV_MBCS:
    case UCNV_LATIN_1:
    case UCNV_US_ASCII:
      return true;
    default:
      return false;
  }
}

/// Decodes by a declaration (the caller's or the page's `<meta>`), unless \p trust_utf8 and
/// the bytes say otherwise: a page declared in a legacy charset that is valid UTF-8 beyond
/// ASCII was saved or served as UTF-8 under a stale declaration (a server's default Latin-1,
/// a page re-encoded by a crawler or an editor that kept its `<meta>`), and is read as
/// UTF-8, with the source Detected.
void decode_declared(UConverter* cnv, std::string_view bytes, CharsetSource source, bool trust_utf8,
                     DecodedText& out) {
  if (trust_utf8 && declaration_may_be_wrong(cnv) && is_utf8_beyond_ascii(bytes)) {
    out.source = CharsetSource::Detected;
    out.charset = "UTF-8";
    repair_utf8(bytes, out);  // only NULs can still need replacing
    // Its C1 controls are windows-1252 bytes carried across as Latin-1 (U+0095 for "•").
    out.double_encoded += read_c1_as_windows_1252(out.utf8);
    return;
  }
  decode_with(cnv, bytes, source, out);
}

/// decode_to_utf8's choice of charset and its decoding, before the repair of double encoding.
void decode_bytes(std::string_view bytes, std::string_view declared_charset, bool trust_utf8, DecodedText& out) {
  // 1. Byte-order mark.
  struct Bom {
    std::string_view bytes;
    const char* charset;
  };
  for (const Bom& bom :
       {Bom{"\xEF\xBB\xBF", "UTF-8"}, Bom{"\xFE\xFF", "UTF-16BE"}, Bom{"\xFF\xFE", "UTF-16LE"}}) {
    if (bytes.substr(0, bom.bytes.size()) == bom.bytes) {
      if (ConverterPtr cnv = open_converter(bom.charset)) {
        decode_with(cnv.get(), bytes.substr(bom.bytes.size()), CharsetSource::Bom, out);
        return;
      }
    }
  }
  // 2. The caller's declaration; 3. a <meta> in the first 1024 bytes.
  if (ConverterPtr cnv = open_converter(declared_charset)) {
    decode_declared(cnv.get(), bytes, CharsetSource::Declared, trust_utf8, out);
    return;
  }
  if (ConverterPtr cnv = open_converter(find_meta_charset(bytes), true)) {
    decode_declared(cnv.get(), bytes, CharsetSource::Meta, trust_utf8, out);
    return;
  }
  // 4. Detection. UTF-16 without a BOM first: its NULs make ASCII-heavy UTF-16 valid UTF-8.
  if (const std::string_view utf16 = sniff_utf16(bytes); !utf16.empty()) {
    if (ConverterPtr cnv = open_converter(utf16)) {
      decode_with(cnv.get(), bytes, CharsetSource::Detected, out);
      return;
    }
  }
  // Valid UTF-8 is almost never an accident; otherwise ask uchardet.
  if (is_valid_utf8(bytes)) {
    out.source = CharsetSource::Detected;
    out.charset = "UTF-8";
    repair_utf8(bytes, out);  // only NULs can still need replacing
    return;
  }
  const std::string detected = detect_charset(bytes);
  if (!detected.empty() && !iequals(detected, "ascii")) {
    if (ConverterPtr cnv = open_converter(detected)) {
      decode_with(cnv.get(), bytes, CharsetSource::Detected, out);
      return;
    }
  }
  // 5. windows-1252, as NekoHTML and browsers default to.
  ConverterPtr cnv = open_converter("windows-1252");
  if (cnv == nullptr) {  // ICU without its data: keep the bytes usable anyway
    out.source = CharsetSource::Fallback;
    out.charset = "UTF-8";
    repair_utf8(bytes, out);
    return;
  }
  decode_with(cnv.get(), bytes, CharsetSource::Fallback, out);
}

}  // namespace

DecodedText decode_to_utf8(std::string_view bytes, std::string_view declared_charset,
                           bool read_back_double_encoding) {
  DecodedText out;
  // Java boilerpipe (parity, read_back_double_encoding false) reads a page as declared.
  decode_bytes(bytes, declared_charset, read_back_double_encoding, out);
  if (read_back_double_encoding) out.double_encoded += repair_double_encoding(out.utf8);
  return out;
}

std::string_view sniff_utf16(std::string_view bytes) noexcept {
  if (bytes.size() >= 2 && bytes[0] == '\xFF' && bytes[1] == '\xFE') return "UTF-16LE";
  if (bytes.size() >= 2 && bytes[0] == '\xFE' && bytes[1] == '\xFF') return "UTF-16BE";
  const std::string_view head = bytes.substr(0, std::min<std::size_t>(bytes.size(), 4096) & ~std::size_t{1});
  const std::size_t units = head.size() / 2;
  if (units < 2) return {};
  std::size_t nul_even = 0, nul_odd = 0;
  for (std::size_t i = 0; i < head.size(); i += 2) {
    nul_even += head[i] == '\0';
    nul_odd += head[i + 1] == '\0';
  }
  if (nul_odd * 10 >= units * 3 && nul_even * 20 <= units) return "UTF-16LE";
  if (nul_even * 10 >= units * 3 && nul_odd * 20 <= units) return "UTF-16BE";
  return {};
}

std::string charset_from_content_type(std::string_view content_type) {
  for (std::size_t c = ifind(content_type, "charset"); c != std::string_view::npos;
       c = ifind(content_type, "charset", c + 7)) {
    // A parameter name: preceded by ';' or whitespace (not "x-charset" or a value).
    std::size_t b = c;
    while (b > 0 && is_space(content_type[b - 1])) --b;
    if (b != 0 && content_type[b - 1] != ';') continue;
    const std::string_view v = charset_value_after(content_type, c);
    if (!v.empty()) return std::string(v);
  }
  return {};
}

}  // namespace boilerdex::plugin

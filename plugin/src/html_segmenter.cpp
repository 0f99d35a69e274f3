#include "boilerdex/plugin/html_segmenter.hpp"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "arena.hpp"
#include "boilerdex/plugin/word_tokenizer.hpp"
#include "html_segmenter_internal.hpp"
#include "markup_lexer_internal.hpp"
#include "gumbo_guard_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin {
namespace detail {

std::size_t java_whitespace_length(const char* p, const char* end) noexcept {
  const auto b0 = static_cast<unsigned char>(*p);
  if (b0 < 0x80) return ((b0 >= 0x09 && b0 <= 0x0D) || (b0 >= 0x1C && b0 <= 0x20)) ? 1 : 0;
  if (end - p < 3) return 0;
  const auto b1 = static_cast<unsigned char>(p[1]);
  const auto b2 = static_cast<unsigned char>(p[2]);
  switch (b0) {
    case 0xE1:  // U+1680 OGHAM SPACE MARK
      return (b1 == 0x9A && b2 == 0x80) ? 3 : 0;
    case 0xE2:
      if (b1 == 0x80) {
        // U+2000–U+2006, U+2008–U+200A, U+2028, U+2029 (not U+2007 FIGURE SPACE, U+200B, U+202F)
        return ((b2 >= 0x80 && b2 <= 0x86) || (b2 >= 0x88 && b2 <= 0x8A) || b2 == 0xA8 ||
                b2 == 0xA9)
                   ? 3
                   : 0;
      }
      return (b1 == 0x81 && b2 == 0x9F) ? 3 : 0;  // U+205F
    case 0xE3:                                    // U+3000 IDEOGRAPHIC SPACE
      return (b1 == 0x80 && b2 == 0x80) ? 3 : 0;
    default:
      return 0;
  }
}

namespace {

bool is_alnum(char c) noexcept {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// Characters NekoHTML reads as part of an entity name (it stops at anything else).
bool is_neko_name_char(char c) noexcept { return is_alnum(c) || c == '.' || c == '-' || c == '_'; }

struct NamedEntity {
  std::string_view name;
  char32_t value;
};

/// NekoHTML's entity table: the 252 HTML 4.01 names plus &apos;, case-sensitive.
/// HTML5-only names (&AMP;, &NotEqualTilde;, ...) stay literal text in NekoHTML.
constexpr NamedEntity k_html4_entities[] = {
    {"AElig", 0xC6},     {"Aacute", 0xC1},   {"Acirc", 0xC2},     {"Agrave", 0xC0},
    {"Alpha", 0x391},    {"Aring", 0xC5},    {"Atilde", 0xC3},    {"Auml", 0xC4},
    {"Beta", 0x392},     {"Ccedil", 0xC7},   {"Chi", 0x3A7},      {"Dagger", 0x2021},
    {"Delta", 0x394},    {"ETH", 0xD0},      {"Eacute", 0xC9},    {"Ecirc", 0xCA},
    {"Egrave", 0xC8},    {"Epsilon", 0x395}, {"Eta", 0x397},      {"Euml", 0xCB},
    {"Gamma", 0x393},    {"Iacute", 0xCD},   {"Icirc", 0xCE},     {"Igrave", 0xCC},
    {"Iota", 0x399},     {"Iuml", 0xCF},     {"Kappa", 0x39A},    {"Lambda", 0x39B},
    {"Mu", 0x39C},       {"Ntilde", 0xD1},   {"Nu", 0x39D},       {"OElig", 0x152},
    {"Oacute", 0xD3},    {"Ocirc", 0xD4},    {"Ograve", 0xD2},    {"Omega", 0x3A9},
    {"Omicron", 0x39F},  {"Oslash", 0xD8},   {"Otilde", 0xD5},    {"Ouml", 0xD6},
    {"Phi", 0x3A6},      {"Pi", 0x3A0},      {"Prime", 0x2033},   {"Psi", 0x3A8},
    {"Rho", 0x3A1},      {"Scaron", 0x160},  {"Sigma", 0x3A3},    {"THORN", 0xDE},
    {"Tau", 0x3A4},      {"Theta", 0x398},   {"Uacute", 0xDA},    {"Ucirc", 0xDB},
    {"Ugrave", 0xD9},    {"Upsilon", 0x3A5}, {"Uuml", 0xDC},      {"Xi", 0x39E},
    {"Yacute", 0xDD},    {"Yuml", 0x178},    {"Zeta", 0x396},     {"aacute", 0xE1},
    {"acirc", 0xE2},     {"acute", 0xB4},    {"aelig", 0xE6},     {"agrave", 0xE0},
    {"alefsym", 0x2135}, {"alpha", 0x3B1},   {"amp", 0x26},       {"and", 0x2227},
    {"ang", 0x2220},     {"apos", 0x27},     {"aring", 0xE5},     {"asymp", 0x2248},
    {"atilde", 0xE3},    {"auml", 0xE4},     {"bdquo", 0x201E},   {"beta", 0x3B2},
    {"brvbar", 0xA6},    {"bull", 0x2022},   {"cap", 0x2229},     {"ccedil", 0xE7},
    {"cedil", 0xB8},     {"cent", 0xA2},     {"chi", 0x3C7},      {"circ", 0x2C6},
    {"clubs", 0x2663},   {"cong", 0x2245},   {"copy", 0xA9},      {"crarr", 0x21B5},
    {"cup", 0x222A},     {"curren", 0xA4},   {"dArr", 0x21D3},    {"dagger", 0x2020},
    {"darr", 0x2193},    {"deg", 0xB0},      {"delta", 0x3B4},    {"diams", 0x2666},
    {"divide", 0xF7},    {"eacute", 0xE9},   {"ecirc", 0xEA},     {"egrave", 0xE8},
    {"empty", 0x2205},   {"emsp", 0x2003},   {"ensp", 0x2002},    {"epsilon", 0x3B5},
    {"equiv", 0x2261},   {"eta", 0x3B7},     {"eth", 0xF0},       {"euml", 0xEB},
    {"euro", 0x20AC},    {"exist", 0x2203},  {"fnof", 0x192},     {"forall", 0x2200},
    {"frac12", 0xBD},    {"frac14", 0xBC},   {"frac34", 0xBE},    {"frasl", 0x2044},
    {"gamma", 0x3B3},    {"ge", 0x2265},     {"gt", 0x3E},        {"hArr", 0x21D4},
    {"harr", 0x2194},    {"hearts", 0x2665}, {"hellip", 0x2026},  {"iacute", 0xED},
    {"icirc", 0xEE},     {"iexcl", 0xA1},    {"igrave", 0xEC},    {"image", 0x2111},
    {"infin", 0x221E},   {"int", 0x222B},    {"iota", 0x3B9},     {"iquest", 0xBF},
    {"isin", 0x2208},    {"iuml", 0xEF},     {"kappa", 0x3BA},    {"lArr", 0x21D0},
    {"lambda", 0x3BB},   {"lang", 0x2329},   {"laquo", 0xAB},     {"larr", 0x2190},
    {"lceil", 0x2308},   {"ldquo", 0x201C},  {"le", 0x2264},      {"lfloor", 0x230A},
    {"lowast", 0x2217},  {"loz", 0x25CA},    {"lrm", 0x200E},     {"lsaquo", 0x2039},
    {"lsquo", 0x2018},   {"lt", 0x3C},       {"macr", 0xAF},      {"mdash", 0x2014},
    {"micro", 0xB5},     {"middot", 0xB7},   {"minus", 0x2212},   {"mu", 0x3BC},
    {"nabla", 0x2207},   {"nbsp", 0xA0},     {"ndash", 0x2013},   {"ne", 0x2260},
    {"ni", 0x220B},      {"not", 0xAC},      {"notin", 0x2209},   {"nsub", 0x2284},
    {"ntilde", 0xF1},    {"nu", 0x3BD},      {"oacute", 0xF3},    {"ocirc", 0xF4},
    {"oelig", 0x153},    {"ograve", 0xF2},   {"oline", 0x203E},   {"omega", 0x3C9},
    {"omicron", 0x3BF},  {"oplus", 0x2295},  {"or", 0x2228},      {"ordf", 0xAA},
    {"ordm", 0xBA},      {"oslash", 0xF8},   {"otilde", 0xF5},    {"otimes", 0x2297},
    {"ouml", 0xF6},      {"para", 0xB6},     {"part", 0x2202},    {"permil", 0x2030},
    {"perp", 0x22A5},    {"phi", 0x3C6},     {"pi", 0x3C0},       {"piv", 0x3D6},
    {"plusmn", 0xB1},    {"pound", 0xA3},    {"prime", 0x2032},   {"prod", 0x220F},
    {"prop", 0x221D},    {"psi", 0x3C8},     {"quot", 0x22},      {"rArr", 0x21D2},
    {"radic", 0x221A},   {"rang", 0x232A},   {"raquo", 0xBB},     {"rarr", 0x2192},
    {"rceil", 0x2309},   {"rdquo", 0x201D},  {"real", 0x211C},    {"reg", 0xAE},
    {"rfloor", 0x230B},  {"rho", 0x3C1},     {"rlm", 0x200F},     {"rsaquo", 0x203A},
    {"rsquo", 0x2019},   {"sbquo", 0x201A},  {"scaron", 0x161},   {"sdot", 0x22C5},
    {"sect", 0xA7},      {"shy", 0xAD},      {"sigma", 0x3C3},    {"sigmaf", 0x3C2},
    {"sim", 0x223C},     {"spades", 0x2660}, {"sub", 0x2282},     {"sube", 0x2286},
    {"sum", 0x2211},     {"sup", 0x2283},    {"sup1", 0xB9},      {"sup2", 0xB2},
    {"sup3", 0xB3},      {"supe", 0x2287},   {"szlig", 0xDF},     {"tau", 0x3C4},
    {"there4", 0x2234},  {"theta", 0x3B8},   {"thetasym", 0x3D1}, {"thinsp", 0x2009},
    {"thorn", 0xFE},     {"tilde", 0x2DC},   {"times", 0xD7},     {"trade", 0x2122},
    {"uArr", 0x21D1},    {"uacute", 0xFA},   {"uarr", 0x2191},    {"ucirc", 0xFB},
    {"ugrave", 0xF9},    {"uml", 0xA8},      {"upsih", 0x3D2},    {"upsilon", 0x3C5},
    {"uuml", 0xFC},      {"weierp", 0x2118}, {"xi", 0x3BE},       {"yacute", 0xFD},
    {"yen", 0xA5},       {"yuml", 0xFF},     {"zeta", 0x3B6},     {"zwj", 0x200D},
    {"zwnj", 0x200C}};

std::optional<char32_t> html4_entity(std::string_view name) noexcept {
  const auto* it =
      std::lower_bound(std::begin(k_html4_entities), std::end(k_html4_entities), name,
                       [](const NamedEntity& e, std::string_view n) { return e.name < n; });
  if (it != std::end(k_html4_entities) && it->name == name) return it->value;
  return std::nullopt;
}

/// NekoHTML's reading of a reference whose name is \p name (the text after '&' up to
/// the first non-name character): the character, or nullopt when it stays literal.
std::optional<char32_t> neko_reference(std::string_view name) noexcept {
  if (name.empty()) return std::nullopt;
  if (name[0] != '#') return html4_entity(name);
  std::string_view digits = name.substr(1);
  int base = 10;
  if (!digits.empty() && (digits[0] == 'x' || digits[0] == 'X')) {
    base = 16;
    digits.remove_prefix(1);
  }
  if (digits.empty()) return std::nullopt;
  char32_t value = 0;
  for (const char d : digits) {
    int v;
    if (d >= '0' && d <= '9') {
      v = d - '0';
    } else if (base == 16 && d >= 'a' && d <= 'f') {
      v = d - 'a' + 10;
    } else if (base == 16 && d >= 'A' && d <= 'F') {
      v = d - 'A' + 10;
    } else {
      return std::nullopt;  // "&#65a", "&#8217." stay literal
    }
    if (value <= 0x10FFFF) value = value * static_cast<char32_t>(base) + static_cast<char32_t>(v);
  }
  // Java makes U+0080–U+009F C1 controls (HTML5 maps them to windows-1252) and a lone
  // surrogate '?'; NUL and out-of-range values become U+FFFD here, as in Gumbo.
  if (value == 0 || value > 0x10FFFF) return 0xFFFD;
  if (value >= 0xD800 && value <= 0xDFFF) return U'?';
  return value;
}


std::size_t utf8_length_at(std::string_view s, std::size_t i) noexcept {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - i);
}

/// After a reference at original[i] / decoded[j]: did Gumbo turn original[i, i+c) into
/// decoded[j, j+d)? Checked by the text that follows, up to the next '&' or CR (or 16 bytes).
bool in_step_after(std::string_view original, std::size_t oi, std::string_view decoded,
                   std::size_t dj) noexcept {
  std::size_t n = 0;
  while (oi + n < original.size() && n < 16 && original[oi + n] != '&' && original[oi + n] != '\r')
    ++n;
  if (n == 0) return oi == original.size() ? dj == decoded.size() : dj < decoded.size();
  return decoded.substr(dj, n) == original.substr(oi, n);
}

}  // namespace

void split_at_references(std::string_view original, std::string_view decoded, bool raw_text,
                         std::vector<std::string_view>& chunks, std::string& storage) {
  chunks.clear();
  storage.clear();
  constexpr std::string_view k_replacement = "\xEF\xBF\xBD";
  if (raw_text || (original.find('&') == std::string_view::npos &&
                   decoded.find(k_replacement) == std::string_view::npos)) {
    if (!decoded.empty()) chunks.push_back(decoded);
    return;
  }
  // Decoded characters are stored here; reserve so that views into it stay valid.
  storage.reserve(4 * static_cast<std::size_t>(std::count(original.begin(), original.end(), '&')));
  std::size_t i = 0;            // position in original
  std::size_t j = 0;            // position in decoded
  std::size_t chunk_start = 0;  // start of the pending chunk in decoded
  auto flush_pending = [&](std::size_t to) {
    if (to > chunk_start) chunks.push_back(decoded.substr(chunk_start, to - chunk_start));
  };
  while (i < original.size() && j < decoded.size()) {
    const char c = original[i];
    if (c == '\r') {  // the tokenizer normalises CR LF and CR to LF
      if (decoded[j] != '\n') break;
      i += (i + 1 < original.size() && original[i + 1] == '\n') ? 2 : 1;
      ++j;
      continue;
    }
    if (c != '&') {
      if (decoded[j] == c) {
        ++i;
        ++j;
        continue;
      }
      // Gumbo replaces control characters (U+0001–0008, 000B, 000E–001F, 007F–009F) by
      // U+FFFD; NekoHTML keeps them. Take the original.
      const auto b = static_cast<unsigned char>(c);
      const std::size_t control = (b < 0x20 || b == 0x7F) ? 1
                                  : (b == 0xC2 && i + 1 < original.size() &&
                                     static_cast<unsigned char>(original[i + 1]) >= 0x80 &&
                                     static_cast<unsigned char>(original[i + 1]) <= 0x9F)
                                      ? 2
                                      : 0;
      if (control == 0 || decoded.substr(j, 3) != k_replacement) break;
      flush_pending(j);
      chunks.push_back(original.substr(i, control));
      i += control;
      j += 3;
      chunk_start = j;
      continue;
    }
    // NekoHTML's view: '&', a run of name characters, an optional ';'.
    std::size_t k = i + 1;
    if (k < original.size() && original[k] == '#') ++k;
    while (k < original.size() && is_neko_name_char(original[k])) ++k;
    const std::optional<char32_t> neko = neko_reference(original.substr(i + 1, k - i - 1));
    const std::size_t neko_end = (k < original.size() && original[k] == ';') ? k + 1 : k;

    // Gumbo's view: it consumed original[i, i+consumed) (never more than NekoHTML's span)
    // and produced decoded[j, j+produced): '&' unchanged, or one or two code points.
    std::size_t consumed = 0;
    std::size_t produced = 0;
    if (decoded[j] == '&' && in_step_after(original, i + 1, decoded, j + 1)) {
      consumed = produced = 1;  // Gumbo left it alone ("&hellip x": HTML5 wants the ';')
    } else {
      const std::size_t first = utf8_length_at(decoded, j);
      const std::size_t second =
          j + first < decoded.size() ? utf8_length_at(decoded, j + first) : 0;
      for (std::size_t span = 2; span <= neko_end - i && consumed == 0; ++span) {
        for (const std::size_t d : {first, first + second}) {
          if (d != 0 && in_step_after(original, i + span, decoded, j + d)) {
            consumed = span;
            produced = d;
            break;
          }
        }
      }
      if (consumed == 0) break;
    }
    // Both views cover original[i, neko_end); the part Gumbo left alone is literal in both.
    const std::size_t rest = neko_end - (i + consumed);
    if (decoded.substr(j + produced, rest) != original.substr(i + consumed, rest)) break;

    flush_pending(j);
    if (neko) {
      const std::size_t at = storage.size();
      detail::append_utf8(storage, *neko);
      chunks.push_back(std::string_view(storage).substr(at));
    } else {
      chunks.push_back(original.substr(i, neko_end - i));
    }
    i = neko_end;
    j += produced + rest;
    chunk_start = j;
  }
  // Done, or out of step (a case this walk does not model): the rest goes as one chunk.
  flush_pending(decoded.size());
}

namespace {

char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Position of the next "<NAME" or "</NAME" (ASCII case-insensitive, followed by a
/// character that ends a tag name) at or after \p from; npos when none.
std::size_t find_tag(std::string_view html, std::string_view lower_name, bool end_tag,
                     std::size_t from) noexcept {
  const std::size_t prefix = end_tag ? 2 : 1;
  for (std::size_t at = html.find('<', from); at != std::string_view::npos;
       at = html.find('<', at + 1)) {
    if (end_tag && (at + 1 >= html.size() || html[at + 1] != '/')) continue;
    const std::size_t name = at + prefix;
    if (name + lower_name.size() > html.size()) return std::string_view::npos;
    bool match = true;
    for (std::size_t k = 0; k < lower_name.size() && match; ++k)
      match = ascii_lower(html[name + k]) == lower_name[k];
    if (!match) continue;
    const std::size_t after = name + lower_name.size();
    if (after == html.size() || html[after] == '>' || html[after] == '/' || html[after] == ' ' ||
        html[after] == '\t' || html[after] == '\n' || html[after] == '\r' || html[after] == '\f') {
      return at;
    }
  }
  return std::string_view::npos;
}

bool is_ascii_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::optional<TitlePatch> close_unterminated_title(std::string_view html) {
  const std::size_t open = find_tag(html, "title", false, 0);
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t gt = html.find('>', open);
  if (gt == std::string_view::npos) return std::nullopt;
  const std::size_t content = gt + 1;
  if (find_tag(html, "title", true, content) != std::string_view::npos) return std::nullopt;

  // NekoHTML: the title holds text up to the next start tag or comment, or the end tag
  // of an open ancestor; other end tags in between are dropped.
  TitlePatch patch;
  patch.html.reserve(html.size() + 8);
  patch.html.append(html.substr(0, content));
  std::size_t at = content;
  std::size_t stop = html.size();
  for (std::size_t lt = html.find('<', at); lt != std::string_view::npos; lt = html.find('<', at)) {
    patch.html.append(html.substr(at, lt - at));
    at = lt;
    if (lt + 1 < html.size() && (is_ascii_letter(html[lt + 1]) || html[lt + 1] == '!')) {
      stop = lt;
      break;
    }
    if (lt + 1 < html.size() && html[lt + 1] == '/') {
      if (find_tag(html.substr(lt, 8), "head", true, 0) == 0 ||
          find_tag(html.substr(lt, 8), "body", true, 0) == 0 ||
          find_tag(html.substr(lt, 8), "html", true, 0) == 0) {
        stop = lt;
        break;
      }
      const std::size_t close = html.find('>', lt);
      if (close == std::string_view::npos) {
        stop = lt;
        break;
      }
      at = close + 1;  // a stray end tag: dropped
      continue;
    }
    patch.html.push_back('<');
    ++at;
  }
  if (stop == html.size()) patch.html.append(html.substr(at));
  patch.html.append("</title>");
  patch.patched_end = patch.html.size();
  patch.html.append(html.substr(stop));
  patch.content_begin = content;
  patch.delta = static_cast<std::ptrdiff_t>(patch.patched_end) - static_cast<std::ptrdiff_t>(stop);
  return patch;
}

}  // namespace detail

namespace {

using detail::java_trim;
using detail::LineWrapCounter;
using detail::truncate_utf8;

constexpr std::string_view k_anchor_start = "$\xEE\x80\x8A<";  // "$\uE00A<"
constexpr std::string_view k_anchor_end = ">\xEE\x80\x8A$";    // ">\uE00A$"

/// boilerpipe 1.2.0's default tag actions (spec §2.3), plus Transparent for elements that
/// exist only in the HTML5 tree and not in NekoHTML's (spec §9.1).
enum class TagAction : std::uint8_t {
  Other,
  Ignorable,
  Anchor,
  Body,
  Inline,
  InlineWhitespace,
  Transparent
};

/// NekoHTML elements with no flags: starting one ends the inline elements open right
/// above it and reopens them inside it.
bool neko_reopens_inlines(GumboTag t) noexcept {
  switch (t) {
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_BUTTON:
    case GUMBO_TAG_CENTER:
    case GUMBO_TAG_COLGROUP:
    case GUMBO_TAG_DEL:
    case GUMBO_TAG_DIR:
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_FIELDSET:
    case GUMBO_TAG_INS:
    case GUMBO_TAG_ISINDEX:
    case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_LABEL:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_LISTING:
    case GUMBO_TAG_MARQUEE:
    case GUMBO_TAG_MENU:
    case GUMBO_TAG_MULTICOL:
    case GUMBO_TAG_NOEMBED:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_NOSCRIPT:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_OPTGROUP:
    case GUMBO_TAG_OPTION:
    case GUMBO_TAG_PRE:
    case GUMBO_TAG_RTC:
    case GUMBO_TAG_RUBY:
    case GUMBO_TAG_S:
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_THEAD:
      return true;
    default:
      return false;
  }
}

TagAction tag_action(const GumboNode& node) noexcept {
  const GumboElement& e = node.v.element;
  // Formatting elements the HTML5 parser reopens (an unclosed <a> reconstructed in the next
  // paragraph) and "</br>" turned into <br>: NekoHTML has neither. Adoption-agency clones
  // stay: in `<a><div>x</a>` the clone inside the div holds "x", which NekoHTML keeps
  // inside the <a>.
  // NekoHTML does reopen the inline elements a start tag with no flags closed (<li>, <dd>,
  // <center>, <pre>, ...: `<p><a href>x <li>y` links y in both).
  if ((node.parse_flags & GUMBO_INSERTION_RECONSTRUCTED_FORMATTING_ELEMENT) != 0 &&
      !(node.parent != nullptr && node.parent->type == GUMBO_NODE_ELEMENT &&
        neko_reopens_inlines(node.parent->v.element.tag))) {
    return TagAction::Transparent;
  }
  if ((node.parse_flags & GUMBO_INSERTION_CONVERTED_FROM_END_TAG) != 0 && e.tag == GUMBO_TAG_BR) {
    return TagAction::Transparent;
  }
  switch (e.tag) {
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_OPTION:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_NOSCRIPT:
      return TagAction::Ignorable;
    case GUMBO_TAG_A:
      return TagAction::Anchor;
    case GUMBO_TAG_BODY:
      return TagAction::Body;
    case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_U:
    case GUMBO_TAG_B:
    case GUMBO_TAG_I:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_SPAN:
    case GUMBO_TAG_SUP:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_TT:
    case GUMBO_TAG_SUB:
    case GUMBO_TAG_VAR:
    case GUMBO_TAG_FONT:
      return TagAction::Inline;
    case GUMBO_TAG_ABBR:
    case GUMBO_TAG_ACRONYM:
      return TagAction::InlineWhitespace;
    default:
      return TagAction::Other;
  }
}

/// The DOM-ancestor filter's container set (spec §8).
bool is_container(const GumboElement& e) noexcept {
  if (e.tag_namespace != GUMBO_NAMESPACE_HTML) return false;
  switch (e.tag) {
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_P:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_BODY:
      return true;
    default:
      return false;
  }
}

/// The WSDM 2010 Table 2 class of an element: A, P, DIV, H1–H6, or Other.
TagClass tag_class_of(GumboTag tag) noexcept {
  switch (tag) {
    case GUMBO_TAG_A: return TagClass::A;
    case GUMBO_TAG_P: return TagClass::P;
    case GUMBO_TAG_DIV: return TagClass::Div;
    case GUMBO_TAG_H1: return TagClass::H1;
    case GUMBO_TAG_H2: return TagClass::H2;
    case GUMBO_TAG_H3: return TagClass::H3;
    case GUMBO_TAG_H4: return TagClass::H4;
    case GUMBO_TAG_H5: return TagClass::H5;
    case GUMBO_TAG_H6: return TagClass::H6;
    default: return TagClass::Other;
  }
}

/// boilerpipe's BoilerpipeHTMLContentHandler (spec §2.2–§2.7), fed from a Gumbo tree.
class ContentHandler {
 public:
  ContentHandler(const SegmentLimits& limits, SegmentStats& stats, TextDocument& doc)
      : m_limits(limits), m_stats(stats), m_doc(doc) {}

  void start_element(const GumboNode* node, TagAction action, std::uint32_t id, bool container) {
    switch (action) {
      case TagAction::Transparent:
        return;
      case TagAction::Ignorable:
        ++m_tag_level;
        ++m_in_ignorable;
        m_flush = true;
        break;
      case TagAction::Anchor:
        ++m_tag_level;
        // NekoHTML (as patched by boilerpipe) closes an open <a> when another starts; the
        // HTML5 tree can nest them. Emulate the parser, not Java's broken counter recovery.
        if (m_open_anchor != nullptr) close_anchor();
        m_open_anchor = node;
        if (m_in_ignorable == 0) {
          add_whitespace_if_needed();
          m_tokens_buffer.append(k_anchor_start);
          m_tokens_buffer.push_back(' ');
          m_last_was_whitespace = true;
        }
        break;
      case TagAction::Body:
        ++m_tag_level;
        flush_block();
        ++m_in_body;
        m_body_id = id;
        break;
      case TagAction::Inline:
        break;
      case TagAction::InlineWhitespace:
        add_whitespace_if_needed();
        break;
      case TagAction::Other:
        ++m_tag_level;
        m_flush = true;
        break;
    }
    if (action != TagAction::Inline && action != TagAction::InlineWhitespace) {
      m_tag_classes.push_back(tag_class_of(node->v.element.tag));
    }
    if (container) m_containers.push_back(m_tree.open(id, m_containers.empty() ? k_no_container : m_containers.back()));
    m_last_start_was_title = node->v.element.tag == GUMBO_TAG_TITLE;
  }

  void end_element(const GumboNode* node, TagAction action, bool container) {
    switch (action) {
      case TagAction::Transparent:
        return;
      case TagAction::Ignorable:
        --m_in_ignorable;
        m_flush = true;
        --m_tag_level;
        break;
      case TagAction::Anchor:
        if (m_open_anchor == node) close_anchor();
        --m_tag_level;
        break;
      case TagAction::Body:
        flush_block();
        --m_in_body;
        --m_tag_level;
        break;
      case TagAction::Inline:
        break;
      case TagAction::InlineWhitespace:
        add_whitespace_if_needed();
        break;
      case TagAction::Other:
        m_flush = true;
        --m_tag_level;
        break;
    }
    if (m_flush) flush_block();  // the flag stays set until the next text event
    if (container) m_containers.pop_back();
    if (action != TagAction::Inline && action != TagAction::InlineWhitespace && !m_tag_classes.empty()) {
      m_tag_classes.pop_back();
    }
  }

  /// One SAX characters() event (§2.4). [source_begin, source_end) is the text node's span.
  void characters(std::string_view chunk, std::uint32_t source_begin, std::uint32_t source_end) {
    if (m_flush) {
      flush_block();
      m_flush = false;
    }
    if (m_in_ignorable > 0) return;

    const char* const begin = chunk.data();
    const char* const end = begin + chunk.size();
    const char* b = begin;
    while (b < end) {
      const std::size_t n = detail::java_whitespace_length(b, end);
      if (n == 0) break;
      b += n;
    }
    const bool leading = b != begin;
    if (b == end) {  // whitespace only
      if (leading && !m_last_was_whitespace) append_both(' ');
      m_last_was_whitespace = true;
      return;
    }
    // Trailing whitespace: scan back over whole UTF-8 characters.
    const char* e = end;
    bool trailing = false;
    for (;;) {
      const char* c = e - 1;
      while (c > b && (static_cast<unsigned char>(*c) & 0xC0) == 0x80) --c;
      const std::size_t n = detail::java_whitespace_length(c, e);
      if (n == 0 || c + n != e) break;
      e = c;
      trailing = true;
    }
    if (leading && !m_last_was_whitespace) append_both(' ');
    if (m_block_tag_level == -1) m_block_tag_level = m_tag_level;
    if (!m_block_has_text) {
      m_block_has_text = true;
      // Its chain is read from the tree: a copy per block took 0.4 GB at max_blocks under
      // 511 nested <div>s (issue #16, item 5).
      m_block_container = m_containers.empty() ? k_no_container : m_containers.back();
      m_block_enclosing = m_tag_classes.empty() ? TagClass::Other : m_tag_classes.back();
    }
    m_block_source_begin = std::min(m_block_source_begin, source_begin);
    m_block_source_end = std::max(m_block_source_end, source_end);

    // Append the inner text with every Java whitespace character replaced by one space.
    const std::size_t from = m_tokens_buffer.size();
    const char* run = b;
    for (const char* p = b; p < e;) {
      const std::size_t n = detail::java_whitespace_length(p, e);
      if (n == 0) {
        ++p;
        continue;
      }
      m_tokens_buffer.append(run, static_cast<std::size_t>(p - run));
      m_tokens_buffer.push_back(' ');
      p += n;
      run = p;
    }
    m_tokens_buffer.append(run, static_cast<std::size_t>(e - run));
    if (trailing) m_tokens_buffer.push_back(' ');
    m_text_buffer.append(m_tokens_buffer, from, std::string::npos);
    m_last_was_whitespace = trailing;
  }

  void end_document() {
    flush_block();
    m_doc.containers = m_tree.finish();
  }

 private:
  void append_both(char c) {
    m_tokens_buffer.push_back(c);
    m_text_buffer.push_back(c);
  }

  void add_whitespace_if_needed() {
    if (!m_last_was_whitespace) {
      append_both(' ');
      m_last_was_whitespace = true;
    }
  }

  void close_anchor() {
    m_open_anchor = nullptr;
    if (m_in_ignorable == 0) {
      add_whitespace_if_needed();
      m_tokens_buffer.append(k_anchor_end);
      m_tokens_buffer.push_back(' ');
      m_last_was_whitespace = true;
    }
  }

  void clear_buffers() {
    m_tokens_buffer.clear();
    m_tokens_scanned = 0;
    m_text_buffer.clear();
    m_block_has_text = false;
    m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
    m_block_source_end = 0;
  }

  /// flushBlock() (§2.5).
  void flush_block() {
    if (m_in_body == 0) {
      if (m_last_start_was_title) {
        const std::string_view t = java_trim(m_tokens_buffer);
        if (!t.empty()) m_doc.title.assign(t);
      }
      clear_buffers();  // blockTagLevel survives: quirk Q1
      return;
    }
    if (m_tokens_buffer.empty()) return;
    if (m_tokens_buffer.size() == 1 && m_last_was_whitespace) {
      clear_buffers();
      return;
    }
    // Only the part after a markers-only prefix (quirk Q3) needs tokenizing: that prefix
    // yields no tokens and has already set m_in_anchor_text. Without this, a page of
    // thousands of empty anchors re-tokenizes an ever longer buffer at every flush.
    tokenize(std::string_view(m_tokens_buffer).substr(m_tokens_scanned), m_tokens);
    LineWrapCounter wrap;
    int linked = 0;
    int tokens = 0;
    for (const std::string_view token : m_tokens) {
      if (token == k_anchor_start) {
        m_in_anchor_text = true;
      } else if (token == k_anchor_end) {
        m_in_anchor_text = false;
      } else if (is_word(token)) {
        ++tokens;
        if (m_in_anchor_text) ++linked;
        wrap.add(static_cast<int>(utf16_length(token)));
      } else {
        ++tokens;
      }
    }
    if (tokens == 0) {  // quirk Q3: markers-only text waits for the next block
      if (m_tokens_buffer.back() == ' ') m_tokens_scanned = m_tokens_buffer.size();
      return;
    }

    const int words = wrap.words();

    if (m_doc.blocks.size() >= m_limits.max_blocks) {
      m_stats.blocks_limited = true;
    } else {
      TextBlock& block = m_doc.blocks.emplace_back();
      std::string_view text = java_trim(m_text_buffer);
      if (text.size() > m_limits.max_block_bytes) {
        text = truncate_utf8(text, m_limits.max_block_bytes);
        ++m_stats.truncated_blocks;
      }
      block.text.assign(text);
      block.num_words = words;
      block.num_words_in_anchor_text = linked;
      block.num_words_in_wrapped_lines = wrap.words_in_wrapped_lines();
      block.num_wrapped_lines = wrap.wrapped_lines();
      block.offset_blocks_start = block.offset_blocks_end = m_offset_blocks;
      block.tag_level = m_block_tag_level;
      block.enclosing_tag = m_block_enclosing;
      block.origins.assign(1, static_cast<std::uint32_t>(m_offset_blocks));
      block.source_begin = m_block_source_begin == std::numeric_limits<std::uint32_t>::max()
                               ? 0
                               : m_block_source_begin;
      block.source_end = std::max(block.source_begin, m_block_source_end);
      block.init_densities();
      m_tree.add_block(m_block_container, m_body_id);
      m_block_container = k_no_container;
      ++m_offset_blocks;
    }
    clear_buffers();
    m_block_tag_level = -1;
  }

  const SegmentLimits& m_limits;
  SegmentStats& m_stats;
  TextDocument& m_doc;

  std::string m_tokens_buffer;
  std::string m_text_buffer;
  std::vector<std::string_view> m_tokens;
  std::size_t m_tokens_scanned = 0;  // m_tokens_buffer[0, this) holds no tokens, only markers
  int m_in_body = 0;
  int m_in_ignorable = 0;
  const GumboNode* m_open_anchor = nullptr;  // NekoHTML never has more than one open <a>
  int m_tag_level = 0;
  int m_block_tag_level = -1;
  bool m_last_was_whitespace = false;
  bool m_flush = false;
  bool m_in_anchor_text = false;  // global across blocks, as in Java (§2.7)
  bool m_last_start_was_title = false;
  int m_offset_blocks = 0;

  // boilerdex's provenance, beyond the Java handler.
  ContainerTree::Builder m_tree;
  std::vector<std::uint32_t> m_containers;  // open container elements' tree nodes, outermost first
  std::uint32_t m_block_container = k_no_container;  // innermost when the block's text began
  // Classes of the open elements that change the tag level (inline tags excluded),
  // innermost last: the paper's "enclosing tag" feature of a block is the innermost one
  // when its first text appears.
  std::vector<TagClass> m_tag_classes;
  TagClass m_block_enclosing = TagClass::Other;
  std::uint32_t m_body_id = 0;
  bool m_block_has_text = false;
  std::uint32_t m_block_source_begin = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t m_block_source_end = 0;
};

/// Maps offsets in the buffer Gumbo parsed back to the caller's input (they differ when
/// close_unterminated_title patched it).
struct SourceMap {
  std::size_t content_begin = std::numeric_limits<std::size_t>::max();  // unpatched below this
  std::size_t patched_end = 0;
  std::ptrdiff_t delta = 0;
  const detail::LeanHtml* lean = nullptr;  // what Gumbo parsed, when a lean copy
  [[nodiscard]] std::uint32_t to_input(std::size_t offset) const noexcept {
    if (lean != nullptr) offset = lean->original_offset(offset);
    if (offset < content_begin) return static_cast<std::uint32_t>(offset);
    if (offset < patched_end) return static_cast<std::uint32_t>(content_begin);  // inside the title
    return static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(offset) - delta);
  }
};

struct Frame {
  const GumboNode* node;
  std::uint32_t next_child;
  TagAction action;
  GumboTag tag;    // GUMBO_TAG_UNKNOWN for foreign and unknown elements
  bool events;     // start event emitted (false: flattened, transparent, or discarded)
  bool closed;     // end event already emitted: NekoHTML closed it early
  bool container;  // pushed on the handler's container stack
};

/// Elements whose content both parsers keep as undecoded text.
bool is_raw_text(const GumboNode* parent) noexcept {
  if (parent->type != GUMBO_NODE_ELEMENT) return false;
  switch (parent->v.element.tag) {
    case GUMBO_TAG_XMP:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_NOEMBED:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_PLAINTEXT:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_NOSCRIPT:
      return true;
    default:
      return false;
  }
}

const GumboVector& children_of(const GumboNode* node) noexcept {
  return node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
}

// ---- NekoHTML's tag balancer (the copy patched into boilerpipe's jar) ----
// Data from org.cyberneko.html.HTMLElements in /usr/share/java/boilerpipe.jar.

/// Neko flag INLINE.
bool neko_inline(GumboTag t) noexcept {
  switch (t) {
    case GUMBO_TAG_A:
    case GUMBO_TAG_ABBR:
    case GUMBO_TAG_ACRONYM:
    case GUMBO_TAG_B:
    case GUMBO_TAG_BDO:
    case GUMBO_TAG_BIG:
    case GUMBO_TAG_BLINK:
    case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_CITE:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_DFN:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_I:
    case GUMBO_TAG_KBD:
    case GUMBO_TAG_LEGEND:
    case GUMBO_TAG_MAP:
    case GUMBO_TAG_NOBR:
    case GUMBO_TAG_Q:
    case GUMBO_TAG_RB:
    case GUMBO_TAG_RP:
    case GUMBO_TAG_RT:
    case GUMBO_TAG_SAMP:
    case GUMBO_TAG_SMALL:
    case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_SUB:
    case GUMBO_TAG_SUP:
    case GUMBO_TAG_TT:
    case GUMBO_TAG_U:
    case GUMBO_TAG_VAR:
      return true;
    default:
      return false;
  }
}

/// Neko flag BLOCK.
bool neko_block(GumboTag t) noexcept {
  switch (t) {
    case GUMBO_TAG_ADDRESS:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_TR:
    case GUMBO_TAG_UL:
      return true;
    default:
      return false;
  }
}

/// An element's `closes` list, whether it is `nestable` (a nestable element stops looking
/// for elements to close at a block or at one of its parents), and its parents.
struct NekoCloses {
  std::initializer_list<GumboTag> closes;
  bool nestable;
  std::initializer_list<GumboTag> parents;
};

const NekoCloses* neko_closes(GumboTag t) noexcept {
  using L = std::initializer_list<GumboTag>;
  static const L k_headings = {GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4,
                               GUMBO_TAG_H5, GUMBO_TAG_H6, GUMBO_TAG_P};
  static const NekoCloses k_a{{GUMBO_TAG_A}, false, {GUMBO_TAG_BODY}};
  static const NekoCloses k_closes_p{{GUMBO_TAG_P}, true, {GUMBO_TAG_BODY}};  // BLOCKQUOTE, DIV, HR
  static const NekoCloses k_form{
      {GUMBO_TAG_BUTTON, GUMBO_TAG_P}, true, {GUMBO_TAG_BODY, GUMBO_TAG_TD, GUMBO_TAG_DIV}};
  static const NekoCloses k_dd_dt{{GUMBO_TAG_DT, GUMBO_TAG_DD}, false, {GUMBO_TAG_DL}};
  static const NekoCloses k_heading{k_headings, false, {GUMBO_TAG_BODY, GUMBO_TAG_A}};
  static const NekoCloses k_li{{GUMBO_TAG_LI}, false, {GUMBO_TAG_BODY, GUMBO_TAG_UL, GUMBO_TAG_OL}};
  static const NekoCloses k_option{{GUMBO_TAG_OPTGROUP}, false, {GUMBO_TAG_SELECT}};
  static const NekoCloses k_p{{GUMBO_TAG_P}, false, {GUMBO_TAG_BODY}};
  static const NekoCloses k_select{{GUMBO_TAG_SELECT}, false, {GUMBO_TAG_BODY}};
  static const NekoCloses k_tbody{
      {GUMBO_TAG_THEAD, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_TR, GUMBO_TAG_COLGROUP},
      true,
      {GUMBO_TAG_TABLE}};
  static const NekoCloses k_tfoot{
      {GUMBO_TAG_THEAD, GUMBO_TAG_TBODY, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_TR},
      true,
      {GUMBO_TAG_TABLE}};
  static const NekoCloses k_thead{{GUMBO_TAG_COLGROUP}, true, {GUMBO_TAG_TABLE}};
  static const NekoCloses k_cell{{GUMBO_TAG_TD, GUMBO_TAG_TH}, false, {GUMBO_TAG_TR}};
  static const NekoCloses k_tr{{GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_TR, GUMBO_TAG_COLGROUP},
                               false,
                               {GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT}};
  static const NekoCloses k_colgroup{{GUMBO_TAG_COL, GUMBO_TAG_COLGROUP}, false, {GUMBO_TAG_TABLE}};
  switch (t) {
    case GUMBO_TAG_A:
      return &k_a;
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_HR:
      return &k_closes_p;
    case GUMBO_TAG_FORM:
      return &k_form;
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DT:
      return &k_dd_dt;
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
      return &k_heading;
    case GUMBO_TAG_LI:
      return &k_li;
    case GUMBO_TAG_OPTION:
      return &k_option;
    case GUMBO_TAG_P:
      return &k_p;
    case GUMBO_TAG_SELECT:
      return &k_select;
    case GUMBO_TAG_TBODY:
      return &k_tbody;
    case GUMBO_TAG_TFOOT:
      return &k_tfoot;
    case GUMBO_TAG_THEAD:
      return &k_thead;
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TH:
      return &k_cell;
    case GUMBO_TAG_TR:
      return &k_tr;
    case GUMBO_TAG_COLGROUP:
      return &k_colgroup;
    default:
      return nullptr;
  }
}

/// Table parts that NekoHTML discards (their text stays) when no table is open.
bool neko_table_part(GumboTag t) noexcept {
  switch (t) {
    case GUMBO_TAG_TR:
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_COLGROUP:
    case GUMBO_TAG_COL:
      return true;
    default:
      return false;
  }
}

/// Walks the Gumbo tree depth-first without recursion (pages nest elements thousands
/// deep) and feeds the handler the event stream NekoHTML would produce for the same page,
/// as far as the two trees allow: elements NekoHTML closes early (its `closes` lists are
/// searched through the whole stack for non-nestable elements: a <td> inside a nested
/// table ends the outer cell, an <li> ends an outer <li>), inline elements a <table>
/// closes, table parts outside any table dropped, and a later end tag of an element
/// closed early ending the nearest open element of that name instead.
class Walker {
 public:
  Walker(const SegmentLimits& limits, SegmentStats& stats, const SourceMap& source,
         ContentHandler& handler)
      : m_limits(limits), m_stats(stats), m_source(source), m_handler(handler) {
    m_open.fill(0);
  }

  /// \throws PageTimeLimitError once \p deadline passes (looked at every 1024 steps).
  void run(const GumboNode* document, const PageDeadline& deadline) {
    m_stack.reserve(64);
    m_stack.push_back(
        {document, 0, TagAction::Transparent, GUMBO_TAG_UNKNOWN, false, false, false});
    for (std::size_t step = 1; !m_stack.empty(); ++step) {
      if (step % 1024 == 0) deadline.check("segmenting");
      Frame& top = m_stack.back();
      const GumboVector& children = children_of(top.node);
      if (top.next_child == children.length) {
        end_frame(m_stack.size() - 1);
        if (top.node->type != GUMBO_NODE_DOCUMENT) --m_depth;
        m_stack.pop_back();
        continue;
      }
      const auto* child = static_cast<const GumboNode*>(children.data[top.next_child++]);
      switch (child->type) {
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE:
          start_frame(child);
          break;
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_WHITESPACE:
        case GUMBO_NODE_CDATA: {
          const GumboText& t = child->v.text;
          const std::uint32_t begin = m_source.to_input(t.start_pos.offset);
          const std::uint32_t end = m_source.to_input(t.start_pos.offset + t.original_text.length);
          detail::split_at_references(
              std::string_view(t.original_text.data, t.original_text.length), t.text,
              is_raw_text(top.node), m_chunks, m_chunk_storage);
          for (const std::string_view chunk : m_chunks) m_handler.characters(chunk, begin, end);
          break;
        }
        default:  // comments (and the document node, which is never a child)
          break;
      }
    }
  }

 private:
  void start_frame(const GumboNode* node) {
    const std::uint32_t id = m_next_id++;
    const GumboElement& e = node->v.element;
    const GumboTag tag = e.tag_namespace == GUMBO_NAMESPACE_HTML ? e.tag : GUMBO_TAG_UNKNOWN;
    TagAction action = tag_action(*node);
    const bool flattened = m_depth >= m_limits.max_depth;
    if (flattened) {
      m_stats.depth_limited = true;
      // Keep ignorable content out even when its element cannot be an event.
      if (action == TagAction::Ignorable) return;
    }
    bool events = !flattened && action != TagAction::Transparent;
    if (events && neko_table_part(tag) && open_count(GUMBO_TAG_TABLE) == 0) events = false;
    if (events) {
      if (const NekoCloses* rule = neko_closes(tag)) close_for(*rule);
      if (tag == GUMBO_TAG_TABLE) close_open_inlines();
    }
    const bool container = events && is_container(e);
    if (!events) action = TagAction::Transparent;
    if (events) {
      m_handler.start_element(node, action, id, container);
      ++open_count(tag);
    }
    ++m_depth;
    m_stack.push_back({node, 0, action, tag, events, false, container});
  }

  void end_frame(std::size_t index) {
    Frame& f = m_stack[index];
    if (!f.events) return;
    if (!f.closed) {
      if (const GumboNode* table = deferrable_anchor_table(f)) {
        // `<table><a name=x><tr>…`: HTML5 moves the <a> out in front of the table, empty;
        // NekoHTML keeps it open over the table's content. End it with the table.
        m_deferred_anchors.push_back({table, f});
        --open_count(f.tag);
        return;
      }
      close_one(f);
      return;
    }
    // NekoHTML ended this element early; its end tag now ends the nearest open element of
    // the same name, if any (an unmatched end tag is ignored).
    if (f.node->v.element.original_end_tag.length == 0 || f.tag == GUMBO_TAG_UNKNOWN) return;
    if (open_count(f.tag) == 0) return;
    for (std::size_t i = index; i-- > 0;) {
      const Frame& g = m_stack[i];
      if (g.events && !g.closed && g.tag == f.tag) {
        close_down_to(i);
        return;
      }
    }
  }

  /// The table a foster-parented, never-closed <a> came out of (its next sibling), or null.
  static const GumboNode* deferrable_anchor_table(const Frame& f) noexcept {
    // Gumbo 0.10.1 does not set GUMBO_INSERTION_FOSTER_PARENTED; a foster-parented element
    // is recognised by its start tag lying after the start of the table that follows it.
    if (f.action != TagAction::Anchor || f.node->v.element.original_end_tag.length != 0 ||
        f.node->parent == nullptr) {
      return nullptr;
    }
    const GumboVector& siblings = children_of(f.node->parent);
    const std::size_t next = f.node->index_within_parent + 1;
    if (next >= siblings.length) return nullptr;
    const auto* table = static_cast<const GumboNode*>(siblings.data[next]);
    if (table->type != GUMBO_NODE_ELEMENT || table->v.element.tag != GUMBO_TAG_TABLE) return nullptr;
    return f.node->v.element.start_pos.offset > table->v.element.start_pos.offset ? table : nullptr;
  }

  /// The start of an element with \p rule: close every open element it closes.
  void close_for(const NekoCloses& rule) {
    int remaining = 0;
    for (const GumboTag t : rule.closes) remaining += open_count(t);
    if (remaining == 0) return;
    for (std::size_t i = m_stack.size(); i-- > 0 && remaining > 0;) {
      const Frame& f = m_stack[i];
      if (!f.events || f.closed) continue;
      if (std::find(rule.closes.begin(), rule.closes.end(), f.tag) != rule.closes.end()) {
        remaining -= 1;
        close_down_to(i);
        continue;
      }
      if (rule.nestable && (neko_block(f.tag) || std::find(rule.parents.begin(), rule.parents.end(),
                                                           f.tag) != rule.parents.end())) {
        return;
      }
    }
  }

  /// A <table> start ends the inline elements (A, B, ...) open right above it.
  void close_open_inlines() {
    for (std::size_t i = m_stack.size(); i-- > 0;) {
      const Frame& f = m_stack[i];
      if (!f.events || f.closed) continue;
      if (!neko_inline(f.tag)) return;
      close_down_to(i);
    }
  }

  /// Ends every open element from the top of the stack down to and including \p index.
  void close_down_to(std::size_t index) {
    for (std::size_t i = m_stack.size(); i-- > index;) {
      Frame& f = m_stack[i];
      if (f.events && !f.closed) close_one(f);
    }
  }

  void close_one(Frame& f) {
    if (!m_deferred_anchors.empty() && m_deferred_anchors.back().table == f.node) {
      // The <a> NekoHTML kept open inside this table ends just before it.
      const Frame anchor = m_deferred_anchors.back().anchor;
      m_deferred_anchors.pop_back();
      m_handler.end_element(anchor.node, anchor.action, anchor.container);
    }
    m_handler.end_element(f.node, f.action, f.container);
    f.closed = true;
    --open_count(f.tag);
  }

  int& open_count(GumboTag t) noexcept { return m_open[static_cast<std::size_t>(t)]; }

  const SegmentLimits& m_limits;
  SegmentStats& m_stats;
  const SourceMap& m_source;
  ContentHandler& m_handler;
  std::vector<Frame> m_stack;
  std::array<int, GUMBO_TAG_LAST + 1> m_open{};  // open (started, not closed) elements per tag
  std::vector<std::string_view> m_chunks;
  std::string m_chunk_storage;
  std::uint32_t m_next_id = 0;
  std::size_t m_depth = 0;
  struct DeferredAnchor {
    const GumboNode* table;
    Frame anchor;
  };
  std::vector<DeferredAnchor> m_deferred_anchors;
};

}  // namespace

/// Arena memory kept per thread between pages: enough for pages of some 20,000 tags. It
/// stays resident while the page's extractors and the indexer's tokenizing run, so a large
/// allowance adds to the peak of every page too large for it.
constexpr std::size_t k_arena_keep_bytes = 8u << 20;
/// Block lists at least this long are shrunk to their size after the parse.
constexpr std::size_t k_shrink_blocks = 4096;

TextDocument segment_html(std::string_view utf8, const SegmentLimits& limits, SegmentStats* stats) {
  return detail::segment_html_before(utf8, limits, stats, PageDeadline(limits.max_page_millis));
}

namespace {

/// Pages with fewer words than this outside <noscript> are read again with its content.
constexpr int k_noscript_fallback_words = 50;

int total_words(const TextDocument& doc) noexcept {
  int words = 0;
  for (const TextBlock& b : doc.blocks) words += b.num_words;
  return words;
}

/// \p html with every <noscript> start and end tag overwritten by spaces (the same length,
/// so offsets into it are offsets into \p html), making its content ordinary markup;
/// std::nullopt when there is none. Comments, script and style contents are left alone.
std::optional<std::string> unwrap_noscript(std::string_view html) {
  std::optional<std::string> out;
  std::size_t i = 0;
  while ((i = html.find('<', i)) != std::string_view::npos) {
    if (const std::size_t after = detail::skip_declaration(html, i); after != i) {
      if (after == std::string_view::npos) break;
      i = after;
      continue;
    }
    const std::size_t name = i + (i + 1 < html.size() && html[i + 1] == '/' ? 2 : 1);
    const std::size_t end = name + 8;  // "noscript"
    if (end >= html.size() || !detail::equals_lower(html.substr(name, 8), "noscript") ||
        !(html[end] == '>' || html[end] == '/' || detail::is_html_space(html[end]))) {
      ++i;
      continue;
    }
    const std::size_t gt = html.find('>', end);
    if (gt == std::string_view::npos) break;
    if (!out) out.emplace(html);
    std::fill(out->begin() + static_cast<std::ptrdiff_t>(i), out->begin() + static_cast<std::ptrdiff_t>(gt + 1), ' ');
    i = gt + 1;
  }
  return out;
}

}  // namespace

namespace detail {

TextDocument segment_html_before(std::string_view utf8, const SegmentLimits& limits, SegmentStats* stats,
                                 const PageDeadline& deadline, bool lean) {
  SegmentStats local_stats;
  SegmentStats& st = stats != nullptr ? *stats : local_stats;
  st = SegmentStats{};
  const std::string_view input = truncate_utf8(utf8, limits.max_input_bytes);
  st.truncated_input = input.size() != utf8.size();

  // HTML5 turns everything after a <title> without </title> into its text; NekoHTML ends
  // the title at the next tag. Patch the input so Gumbo sees what NekoHTML saw.
  std::optional<TitlePatch> patch = close_unterminated_title(input);
  SourceMap source;
  std::string_view parsed = input;
  if (patch) {
    parsed = patch->html;
    source.content_begin = patch->content_begin;
    source.patched_end = patch->patched_end;
    source.delta = patch->delta;
  }

  // One arena per thread, reused page after page: fresh memory for every parse costs page
  // faults that outweigh what the arena saves over malloc.
  thread_local Arena arena;
  arena.reset(k_arena_keep_bytes);
  struct ResetOnExit {
    Arena& arena;
    ~ResetOnExit() { arena.reset(k_arena_keep_bytes); }
  } reset_on_exit{arena};
  // Hostile nesting would make Gumbo's own parse super-linear, and an overflowing numeric
  // reference puts invalid UTF-8 in its text: GuardedParse rewrites both first (same
  // length, so the source map still holds). Past the deadline the parse is abandoned (the
  // arena, reset on the way out, frees what it had built).
  const auto segment = [&](std::string_view html) {
    // Gumbo parses the page with its script, style and comment bodies emptied (about 60% of
    // the bytes of common pages), which changes nothing the walk reads (lean_html_internal.hpp).
    const GuardedParse gumbo(html, limits.max_depth, arena, deadline, "preparing HTML", "parsing HTML", lean);
    if (gumbo.nesting_limited()) st.depth_limited = true;
    // GuardedParse reads at most k_max_parse_tags tags of it: the rest is cut too.
    if (gumbo.tags_limited()) st.truncated_input = true;
    TextDocument doc;
    ContentHandler handler(limits, st, doc);
    SourceMap map = source;
    map.lean = gumbo.lean();
    Walker(limits, st, map, handler).run(gumbo.output().document, deadline);
    handler.end_document();
    doc.num_parse_blocks = static_cast<std::uint32_t>(doc.blocks.size());
    doc.budget = PageBudget(limits, deadline);
    // No gumbo_destroy_output: the arena releases the whole tree at once.
    return doc;
  };
  TextDocument doc = segment(parsed);
  // A page that shows its text only to browsers without scripts (forum software's crawler
  // view inside <noscript>) reads as nearly empty here: read it as such a browser does.
  if (total_words(doc) < k_noscript_fallback_words) {
    if (std::optional<std::string> unwrapped = unwrap_noscript(parsed)) {
      arena.reset(k_arena_keep_bytes);
      const SegmentStats before = st;
      TextDocument alternative = segment(*unwrapped);
      if (total_words(alternative) >= 2 * total_words(doc) + k_noscript_fallback_words) {
        st.noscript_unwrapped = true;
        doc = std::move(alternative);
      } else {
        st = before;
      }
    }
  }
  // The block list grew by doubling, and the document outlives the parse (extractors copy
  // it, the indexer keeps it while tokenizing): drop the slack of a large one (up to 8 MB
  // at max_blocks) once the tree is gone, so the two are never held together.
  if (doc.blocks.size() >= k_shrink_blocks) {
    arena.reset(k_arena_keep_bytes);
    doc.blocks.shrink_to_fit();
  }
  return doc;
}

}  // namespace detail

}  // namespace boilerdex::plugin

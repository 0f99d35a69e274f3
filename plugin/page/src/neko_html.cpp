// NekoHTML emulated over Gumbo's tree: text split at character references, the
// unterminated <title>, and the tag balancer's tables (neko_html_internal.hpp).
#include "neko_html_internal.hpp"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "utf8_internal.hpp"

namespace boilerdex::plugin::detail {

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

}  // namespace boilerdex::plugin::detail

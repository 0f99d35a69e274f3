#include "encoding_internal.hpp"

namespace boilerdex::trec::sample {

std::string to_windows_1252(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    const char32_t cp = next_code_point(utf8, i);
    if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF)) {
      out += static_cast<char>(cp);
      continue;
    }
    switch (cp) {
      case U'\u20AC': out += '\x80'; break;
      case U'\u201A': out += '\x82'; break;
      case U'\u2026': out += '\x85'; break;
      case U'\u2018': out += '\x91'; break;
      case U'\u2019': out += '\x92'; break;
      case U'\u201C': out += '\x93'; break;
      case U'\u201D': out += '\x94'; break;
      case U'\u2022': out += '\x95'; break;
      case U'\u2013': out += '\x96'; break;
      case U'\u2014': out += '\x97'; break;
      case U'\u2122': out += '\x99'; break;
      default: out += '?'; break;
    }
  }
  return out;
}

std::string_view entity_for(char32_t cp) {
  switch (cp) {
    case U'\u2019': return "&rsquo;";
    case U'\u2018': return "&lsquo;";
    case U'\u201C': return "&ldquo;";
    case U'\u201D': return "&rdquo;";
    case U'\u2014': return "&mdash;";
    case U'\u2013': return "&ndash;";
    case U'\u2026': return "&hellip;";
    case U'\u00A9': return "&copy;";
    case U'\u00A3': return "&pound;";
    case U'\u20AC': return "&euro;";
    case U'\u00E9': return "&eacute;";
    case U'\u00BB': return "&raquo;";
    case U'\u00AB': return "&laquo;";
    case U'\u00B7': return "&middot;";
    default: return {};
  }
}

}  // namespace boilerdex::trec::sample

#include "boilerdex/plugin/block_dump.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace boilerdex::plugin {

std::string java_float_string(float value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0.0f) return std::signbit(value) ? "-0.0" : "0.0";
  char buf[64];
  const float magnitude = std::fabs(value);
  if (magnitude >= 1e-3f && magnitude < 1e7f) {
    const auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
    std::string s(buf, r.ptr);
    if (s.find('.') == std::string::npos) s += ".0";
    return s;
  }
  // Java: d.dddE[-]n with at least one fraction digit.
  const auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  std::string s(buf, r.ptr);  // e.g. "9.615385e-04", "1e+07"
  const std::size_t e = s.find('e');
  std::string mantissa = s.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += ".0";
  const int exponent = std::stoi(s.substr(e + 1));
  return mantissa + "E" + std::to_string(exponent);
}

std::string java_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else if (c == 0xC2 && i + 1 < text.size() &&
                   static_cast<unsigned char>(text[i + 1]) == 0xA0) {
          out += "\\u00a0";
          ++i;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out;
}

void write_block_dump(std::ostream& out, const TextDocument& doc) {
  out << "# title\t" << java_escape(doc.title) << '\n';
  out << "# "
         "idx\tisContent\tnumWords\tnumWordsInAnchorText\tlinkDensity\ttextDensity\ttagLevel\toffse"
         "ts\tlabels\ttext\n";
  std::size_t i = 0;
  for (const TextBlock& b : doc.blocks) {
    out << i++ << '\t' << (b.is_content ? 1 : 0) << '\t' << b.num_words << '\t'
        << b.num_words_in_anchor_text << '\t' << java_float_string(b.link_density) << '\t'
        << java_float_string(b.text_density) << '\t' << b.tag_level << '\t' << b.offset_blocks_start
        << '-' << b.offset_blocks_end << "\t[";
    const char* sep = "";
    for (const std::string& name : b.labels.names()) {
      out << sep << name;
      sep = ", ";
    }
    out << "]\t" << java_escape(b.text) << '\n';
  }
}

}  // namespace boilerdex::plugin

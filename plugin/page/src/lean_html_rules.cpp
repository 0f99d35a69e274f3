#include "lean_html_rules_internal.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace boilerdex::plugin::detail {

bool stays_foreign(std::string_view name) noexcept {
  static constexpr std::string_view k_names[] = {"a",
                                                 "animate",
                                                 "animatecolor",
                                                 "animatemotion",
                                                 "animatetransform",
                                                 "circle",
                                                 "clippath",
                                                 "cursor",
                                                 "defs",
                                                 "ellipse",
                                                 "feblend",
                                                 "fecolormatrix",
                                                 "fecomponenttransfer",
                                                 "fecomposite",
                                                 "feconvolvematrix",
                                                 "fediffuselighting",
                                                 "fedisplacementmap",
                                                 "fedistantlight",
                                                 "fedropshadow",
                                                 "feflood",
                                                 "fefunca",
                                                 "fefuncb",
                                                 "fefuncg",
                                                 "fefuncr",
                                                 "fegaussianblur",
                                                 "feimage",
                                                 "femerge",
                                                 "femergenode",
                                                 "femorphology",
                                                 "feoffset",
                                                 "fepointlight",
                                                 "fespecularlighting",
                                                 "fespotlight",
                                                 "fetile",
                                                 "feturbulence",
                                                 "filter",
                                                 "g",
                                                 "image",
                                                 "line",
                                                 "lineargradient",
                                                 "marker",
                                                 "mask",
                                                 "metadata",
                                                 "mpath",
                                                 "path",
                                                 "pattern",
                                                 "polygon",
                                                 "polyline",
                                                 "radialgradient",
                                                 "rect",
                                                 "script",
                                                 "set",
                                                 "stop",
                                                 "style",
                                                 "switch",
                                                 "symbol",
                                                 "text",
                                                 "textpath",
                                                 "tspan",
                                                 "use",
                                                 "view",
                                                 "maction",
                                                 "menclose",
                                                 "merror",
                                                 "mfenced",
                                                 "mfrac",
                                                 "mmultiscripts",
                                                 "mover",
                                                 "mpadded",
                                                 "mphantom",
                                                 "mprescripts",
                                                 "mroot",
                                                 "mrow",
                                                 "mspace",
                                                 "msqrt",
                                                 "mstyle",
                                                 "msub",
                                                 "msubsup",
                                                 "msup",
                                                 "mtable",
                                                 "mtd",
                                                 "mtr",
                                                 "munder",
                                                 "munderover",
                                                 "none",
                                                 "semantics",
                                                 "annotation"};
  return std::find(std::begin(k_names), std::end(k_names), name) != std::end(k_names);
}

bool integration_point(std::string_view name) noexcept {
  return name == "foreignobject" || name == "desc" || name == "title" || name == "mi" ||
         name == "mo" || name == "mn" || name == "ms" || name == "mtext" ||
         name == "annotation-xml";
}

bool plain_text(std::string_view text) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const unsigned char c = *p;
    if (c < 0x80) {
      if (c < 0x20 ? (c != '\t' && c != '\n' && c != '\f') : c == 0x7F) return false;
      ++p;
      continue;
    }
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
      code = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      length = 3;
      code = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      length = 4;
      code = c & 0x07u;
    } else {
      return false;
    }
    if (static_cast<std::size_t>(end - p) < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((p[k] & 0xC0u) != 0x80u) return false;
      code = (code << 6) | (p[k] & 0x3Fu);
    }
    if ((length == 3 && (code < 0x800 || (code >= 0xD800 && code <= 0xDFFF))) ||
        (length == 4 && (code < 0x10000 || code > 0x10FFFF)) || code <= 0x9F ||
        (code >= 0xFDD0 && code <= 0xFDEF) || (code & 0xFFFEu) == 0xFFFEu)
      return false;
    p += length;
  }
  return true;
}

}  // namespace boilerdex::plugin::detail

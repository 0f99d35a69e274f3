#include "lean_html_rules_internal.hpp"

#include <algorithm>
#include <cstddef>

#include "utf8_internal.hpp"

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
    const CodePoint c = decode_utf8(p, end);
    if (c.value == 0xFFFD && c.length == 1) return false;  // malformed
    const char32_t v = c.value;
    if ((v < 0x20 && v != '\t' && v != '\n' && v != '\f') || (v >= 0x7F && v <= 0x9F) ||
        (v >= 0xFDD0 && v <= 0xFDEF) || (v & 0xFFFEu) == 0xFFFEu)
      return false;
    p += c.length;
  }
  return true;
}

}  // namespace boilerdex::plugin::detail

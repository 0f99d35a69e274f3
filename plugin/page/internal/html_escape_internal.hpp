#pragma once
/// \file
/// Private: escaping text for HTML element content and quoted attribute values, shared by
/// the writers that produce HTML (omindex_filter.cpp; output_writer.cpp may use it too).

#include <cstddef>
#include <ostream>
#include <string_view>

namespace boilerdex::plugin::detail {

/// Writes \p text to \p out with & < > " ' as character references, so it is safe both as
/// element content and inside a quoted attribute value. Unescaped runs are written in one
/// piece. O(size). \throws what \p out throws.
inline void write_html_escaped(std::ostream& out, std::string_view text) {
  std::size_t run = 0;  // start of the pending unescaped run
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string_view entity;
    switch (text[i]) {
      case '&':
        entity = "&amp;";
        break;
      case '<':
        entity = "&lt;";
        break;
      case '>':
        entity = "&gt;";
        break;
      case '"':
        entity = "&quot;";
        break;
      case '\'':
        entity = "&#39;";
        break;
      default:
        continue;
    }
    out << text.substr(run, i - run) << entity;
    run = i + 1;
  }
  out << text.substr(run);
}

}  // namespace boilerdex::plugin::detail

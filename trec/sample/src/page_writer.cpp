#include "page_writer_internal.hpp"

#include "encoding_internal.hpp"

namespace boilerdex::trec::sample {

void PageWriter::text(std::string_view utf8, Part part) {
  const bool gold = part == Part::Gold;
  m_matcher.scan(utf8, [&](std::size_t term) { m_counts.add(term, gold); });
  if (gold) m_gold += utf8;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::size_t start = i;
    const char32_t cp = next_code_point(utf8, i);
    switch (cp) {
      case U'&': m_html += "&amp;"; continue;
      case U'<': m_html += "&lt;"; continue;
      case U'>': m_html += "&gt;"; continue;
      default: break;
    }
    if (m_entities && cp >= 0x80) {
      if (const auto entity = entity_for(cp); !entity.empty()) {
        m_html += entity;
        continue;
      }
    }
    m_html.append(utf8.substr(start, i - start));
  }
}


}  // namespace boilerdex::trec::sample

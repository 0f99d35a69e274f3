#pragma once
/// \file
/// The pen every page is written with. Private to trec/sample/src. Not thread-safe.

#include <string>
#include <string_view>

#include "term_matcher_internal.hpp"

namespace boilerdex::trec::sample {

/// Which text counts as the post itself (the gold text): title, body, its list items.
enum class Part { Gold, Other };

/// Builds one page's HTML (UTF-8; re-encoded at the end), counting topic terms in every
/// piece of visible text and collecting the post text.
class PageWriter {
 public:
  /// \p matcher and \p counts must outlive the writer (counts are added to, not reset);
  /// \p entities: write the typography entity_for names as named entities.
  PageWriter(TermMatcher& matcher, TermCounts& counts, bool entities)
      : m_matcher(matcher), m_counts(counts), m_entities(entities) {}

  /// Appends \p markup as it is: tags, and text that is neither counted nor gold.
  void raw(std::string_view markup) { m_html += markup; }

  /// Appends \p utf8 as HTML text (&, < and > escaped; with entities on, the characters
  /// entity_for names as entities), counts its topic terms as \p part, and adds it to the
  /// post text when part is Gold. \throws std::bad_alloc.
  void text(std::string_view utf8, Part part);
  /// `<open>text</name>`, where name is the first word of \p open.
  void element(std::string_view open, std::string_view content, Part part = Part::Other) {
    m_html += '<';
    m_html += open;
    m_html += '>';
    text(content, part);
    close(open.substr(0, open.find(' ')));
  }

  /// `<a href="href">text</a>`; \p href is written as it is.
  void link(std::string_view href, std::string_view content, Part part = Part::Other) {
    m_html += "<a href=\"";
    m_html += href;
    m_html += "\">";
    text(content, part);
    m_html += "</a>";
  }

  /// `<tag>` and `</name>`: markup only.
  void open(std::string_view tag) {
    m_html += '<';
    m_html += tag;
    m_html += '>';
  }
  void close(std::string_view name) {
    m_html += "</";
    m_html += name;
    m_html += '>';
  }

  /// Ends a unit of the post text (title, paragraph, list item).
  void gold_break() {
    if (!m_gold.empty() && m_gold.back() != '\n') m_gold += '\n';
  }

  /// The page so far (UTF-8) and the post text so far; callers may move them out at the end.
  [[nodiscard]] std::string& html() noexcept { return m_html; }
  [[nodiscard]] std::string& gold() noexcept { return m_gold; }

 private:
  TermMatcher& m_matcher;
  TermCounts& m_counts;
  bool m_entities;
  std::string m_html;
  std::string m_gold;
};

}  // namespace boilerdex::trec::sample

#pragma once
// Test helpers: a document's terms, wdfs and positions, and its values, as comparable lines.

#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/document_layout.hpp"

namespace boilerdex::indexer::test {

/// "term wdf pos,pos,..." for \p term and an iterator \p it (TermIterator or
/// PostingIterator) on it.
template <typename Iterator>
std::string term_line(const std::string& term, Iterator& it) {
  std::string line = term + " " + std::to_string(it.get_wdf());
  char sep = ' ';
  for (auto p = it.positionlist_begin(); p != it.positionlist_end(); ++p) {
    line += sep + std::to_string(*p);
    sep = ',';
  }
  return line;
}

/// "term wdf pos,pos,..." per term, in term order.
inline std::vector<std::string> dump_terms(const Xapian::Document& doc) {
  std::vector<std::string> out;
  for (auto it = doc.termlist_begin(); it != doc.termlist_end(); ++it) out.push_back(term_line(*it, it));
  return out;
}

/// The same lines for document \p did of \p db, read from the postlists, so a view
/// without termlists (a threshold sweep's, by default) can be dumped too. Walks every term
/// of \p db: for test fixtures.
inline std::vector<std::string> dump_terms(const Xapian::Database& db, Xapian::docid did) {
  std::vector<std::string> out;
  for (auto t = db.allterms_begin(); t != db.allterms_end(); ++t) {
    auto p = db.postlist_begin(*t);
    p.skip_to(did);
    if (p != db.postlist_end(*t) && *p == did) out.push_back(term_line(*t, p));
  }
  return out;
}

/// Every value slot of document_layout.hpp, the page metadata's included.
inline constexpr unsigned value_slots[] = {value_docno,  value_url,    value_title,    value_metadata,  value_text,
                                           value_date,   value_author, value_sitename, value_language, value_page_type};

/// "value SLOT CONTENT" for each value slot of document_layout.hpp that \p doc has. By
/// slot, not Document::values_begin(), which needs the termlist table.
inline std::vector<std::string> dump_values(const Xapian::Document& doc) {
  std::vector<std::string> out;
  for (const unsigned slot : value_slots) {
    const std::string v = doc.get_value(slot);
    if (!v.empty()) out.push_back("value " + std::to_string(slot) + " " + v);
  }
  return out;
}

}  // namespace boilerdex::indexer::test

#pragma once
// Test helper: a document's terms, wdfs and positions as comparable lines.

#include <string>
#include <vector>
#include <xapian.h>

namespace boilerdex::indexer::test {

/// "term wdf pos,pos,..." per term, in term order.
inline std::vector<std::string> dump_terms(const Xapian::Document& doc) {
  std::vector<std::string> out;
  for (auto it = doc.termlist_begin(); it != doc.termlist_end(); ++it) {
    std::string line = *it + " " + std::to_string(it.get_wdf());
    char sep = ' ';
    for (auto p = it.positionlist_begin(); p != it.positionlist_end(); ++p) {
      line += sep + std::to_string(*p);
      sep = ',';
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace boilerdex::indexer::test

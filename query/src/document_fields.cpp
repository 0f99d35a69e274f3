#include "boilerdex/indexer/document_layout.hpp"
#include "document_fields_internal.hpp"

namespace boilerdex::query::detail {

DocumentFields document_fields(const Xapian::Document& document) {
  DocumentFields f{document.get_data(), document.get_value(indexer::value_url),
                   document.get_value(indexer::value_title), document.get_value(indexer::value_text)};
  const std::string date = document.get_value(indexer::value_date);
  if (date.size() == 8) f.date = date.substr(0, 4) + '-' + date.substr(4, 2) + '-' + date.substr(6, 2);
  f.author = document.get_value(indexer::value_author);
  f.sitename = document.get_value(indexer::value_sitename);
  f.language = document.get_value(indexer::value_language);
  f.page_type = document.get_value(indexer::value_page_type);
  return f;
}

std::string document_docno(const Xapian::Document& document) { return document.get_data(); }

}  // namespace boilerdex::query::detail

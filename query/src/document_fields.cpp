#include "boilerdex/indexer/document_layout.hpp"
#include "document_fields_internal.hpp"

namespace boilerdex::query::detail {

DocumentFields document_fields(const Xapian::Document& document) {
  return DocumentFields{document.get_data(), document.get_value(indexer::value_url),
                        document.get_value(indexer::value_title), document.get_value(indexer::value_text)};
}

std::string document_docno(const Xapian::Document& document) { return document.get_data(); }

}  // namespace boilerdex::query::detail

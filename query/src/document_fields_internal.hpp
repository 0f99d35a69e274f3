#pragma once
// The one place that knows where a document's DOCNO, URL and title live
// (indexer/document_layout.hpp: data = DOCNO, value slots for URL, title, kept text and
// the page's metadata).

#include <string>

#include <xapian.h>

namespace boilerdex::query::detail {

struct DocumentFields {
  std::string docno;
  std::string url;
  std::string title;
  std::string text;  ///< the view's kept text (its first snippet_bytes); empty: not stored
  std::string date{};  ///< YYYY-MM-DD (stored as YYYYMMDD); empty: none
  std::string author{}, sitename{}, language{}, page_type{};
};

/// Reads the stored fields of \p document. \throws Xapian::Error on database errors.
[[nodiscard]] DocumentFields document_fields(const Xapian::Document& document);

/// Reads only the DOCNO (what a TREC run needs). \throws Xapian::Error.
[[nodiscard]] std::string document_docno(const Xapian::Document& document);

}  // namespace boilerdex::query::detail

#pragma once
/// \file
/// What a document of every view holds besides its terms: the contract between the
/// indexer (writer) and query/ and trec/ (readers).
///
/// - document data: the DOCNO, verbatim (its bytes; see docno_defect for what a DOCNO
///   may hold);
/// - unique ID term: "Q" + DOCNO (so replace_document(Q-term) and docno lookup work);
/// - values: the slots below (absent when empty);
/// - terms: the title, unprefixed with positions and "S"-prefixed without (when
///   index_title), then the view's blocks (TermSettings decide stemming and stopping).
///
/// Every view holds every document, in the same order, so a DOCNO has one docid in all
/// views of an index set.

#include <string>
#include <string_view>

namespace boilerdex::indexer {

/// Prefix of the unique ID term.
inline constexpr std::string_view docno_prefix = "Q";
/// Prefix of title terms (as omindex uses it).
inline constexpr std::string_view title_prefix = "S";

/// Value slots (Xapian::valueno; plain unsigned keeps this header free of xapian.h).
inline constexpr unsigned value_docno = 0;  ///< DOCNO
inline constexpr unsigned value_url = 1;    ///< URL (PERMALINK, DOCHDR's first line, WARC-Target-URI, file path)
inline constexpr unsigned value_title = 2;  ///< page title (UTF-8, whitespace collapsed)
/// Metadata fields of the record ("NAME\tvalue\n" per field, in input order): for TREC
/// the elements between DOCNO and DOCHDR (DATE_XML, FEEDNO, ...), for WARC the record ID
/// and date.
inline constexpr unsigned value_metadata = 3;
/// The text of the blocks the view keeps, in page order, joined by '\n' (UTF-8): the
/// text the view's terms came from (the title is not part of it), for result snippets.
/// Cut to the first IndexOptions::snippet_bytes bytes on a UTF-8 character boundary (a
/// separator left last by the cut is dropped); absent when empty or snippet_bytes is 0.
inline constexpr unsigned value_text = 4;

/// The unique ID term of \p docno. Never throws except std::bad_alloc.
[[nodiscard]] inline std::string docno_term(std::string_view docno) {
  std::string t(docno_prefix);
  t.append(docno);
  return t;
}

/// The DOCNO rule, applied by every reader and by the run writer (issue #16): a DOCNO is
/// a TREC token, one field of a run or qrels line, so it holds no space, tab, newline or
/// other ASCII control byte (trec_eval splits lines on whitespace: `BLOG 06 01` would be
/// read as other fields, silently). Any other byte is allowed, UTF-8 or not. Returns
/// what is wrong ("a space at byte 4", "a control byte 0x0a at byte 7"), empty when
/// \p docno is acceptable or empty (emptiness is the reader's own check).
/// \throws std::bad_alloc only.
[[nodiscard]] inline std::string docno_defect(std::string_view docno) {
  for (std::size_t i = 0; i < docno.size(); ++i) {
    const auto b = static_cast<unsigned char>(docno[i]);
    if (b == ' ') return "a space at byte " + std::to_string(i);
    if (b < 0x20 || b == 0x7F) {
      static constexpr char hex[] = "0123456789abcdef";
      return std::string(b == '\t' ? "a tab" : b == '\n' ? "a newline" : "a control byte 0x") +
             (b == '\t' || b == '\n' ? std::string() : std::string{hex[b >> 4], hex[b & 15]}) + " at byte " +
             std::to_string(i);
    }
  }
  return {};
}

}  // namespace boilerdex::indexer

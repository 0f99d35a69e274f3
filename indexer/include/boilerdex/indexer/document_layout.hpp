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
///   index_title), then the view's blocks (TermSettings decide stemming and stopping);
/// - the page's metadata (plugin::read_page_metadata, issue #19): values for display and
///   sorting, boolean filter terms and the author's words, none of which a query without a
///   prefix matches and none of which counts in the document's length (every such term has
///   wdf 0), so BM25 ranks exactly as without them.
///
/// Every view holds every document, in the same order, so a DOCNO has one docid in all
/// views of an index set.

#include <cstddef>
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
/// The page's title for display (UTF-8, whitespace collapsed): the metadata's cleaned
/// title (no site-name suffix) when the page has one, else the <title> as indexed. The
/// terms stay those of the <title>.
inline constexpr unsigned value_title = 2;
/// Metadata fields of the record ("NAME\tvalue\n" per field, in input order): for TREC
/// the elements between DOCNO and DOCHDR (DATE_XML, FEEDNO, ...), for WARC the record ID
/// and date.
inline constexpr unsigned value_metadata = 3;
/// The text of the blocks the view keeps, in page order, joined by '\n' (UTF-8): the
/// text the view's terms came from (the title is not part of it), for result snippets.
/// Cut to the first IndexOptions::snippet_bytes bytes on a UTF-8 character boundary (a
/// separator left last by the cut is dropped); absent when empty or snippet_bytes is 0.
inline constexpr unsigned value_text = 4;
/// The page's date (published, else modified) as 8 digits YYYYMMDD: string order is date
/// order, so Xapian sorts and range-filters on it as it is (OP_VALUE_RANGE).
inline constexpr unsigned value_date = 5;
inline constexpr unsigned value_author = 6;     ///< the author(s) as the page names them
inline constexpr unsigned value_sitename = 7;   ///< the site's name as the page names it
inline constexpr unsigned value_language = 8;   ///< the page's BCP 47 tag as declared ("en-US")
inline constexpr unsigned value_page_type = 9;  ///< article, forum, product, ... (when known)

/// Prefix of the author's words (free text: unprefixed-term rules, stems under "ZA"), for
/// QueryParser's `author:`. wdf 0: they select, they do not weigh.
inline constexpr std::string_view author_prefix = "A";
/// Boolean filter terms (wdf 0), one per field: prefix + filter_key(value). Language gives
/// two when the tag has a region ("XLen-us" and "XLen"), so `en` finds every English page.
inline constexpr std::string_view language_prefix = "XL";
inline constexpr std::string_view sitename_prefix = "XS";
inline constexpr std::string_view page_type_prefix = "XT";

/// The metadata fields a view's documents carry (ManifestView::fields), in this order.
inline constexpr std::string_view metadata_fields[] = {"title", "date", "author", "sitename", "language",
                                                       "page_type"};

/// \p s with whitespace runs collapsed to one space and trimmed (the title value's form).
/// \throws std::bad_alloc only.
[[nodiscard]] inline std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (const char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

/// The key a filter term holds for \p value: whitespace collapsed, ASCII letters lowered,
/// cut to 200 bytes on a UTF-8 boundary (Xapian's terms are at most 245). Indexer and
/// searcher both use it, so `--site "The Guardian"` meets "XSthe guardian".
/// \throws std::bad_alloc only.
[[nodiscard]] inline std::string filter_key(std::string_view value) {
  std::string out = collapse_whitespace(value);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (out.size() > 200) {
    std::size_t n = 200;
    while (n > 0 && (static_cast<unsigned char>(out[n]) & 0xC0) == 0x80) --n;
    out.resize(n);
  }
  return out;
}

/// The date value of \p iso_date ("2024-03-05" → "20240305"); empty unless \p iso_date
/// is YYYY-MM-DD with digits. \throws std::bad_alloc only.
[[nodiscard]] inline std::string date_value(std::string_view iso_date) {
  if (iso_date.size() != 10 || iso_date[4] != '-' || iso_date[7] != '-') return {};
  std::string out;
  for (const std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (iso_date[i] < '0' || iso_date[i] > '9') return {};
    out += iso_date[i];
  }
  return out;
}

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

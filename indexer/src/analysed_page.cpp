#include "analysed_page_internal.hpp"

#include <algorithm>

#include "boilerdex/indexer/document_layout.hpp"

namespace boilerdex::indexer::detail {
namespace {

/// The length of the longest prefix of \p s no longer than \p max that ends on a UTF-8
/// character boundary.
std::size_t utf8_floor(std::string_view s, std::size_t max) noexcept {
  if (s.size() <= max) return s.size();
  while (max > 0 && (static_cast<unsigned char>(s[max]) & 0xC0) == 0x80) --max;
  return max;
}

/// The metadata values and terms (document_layout.hpp); every term has wdf 0, so the
/// document's length, and BM25, stay as they were.
void add_metadata(const PageFields& f, Xapian::Document& doc) {
  const auto value = [&doc](unsigned slot, const std::string& text) {
    if (!text.empty()) doc.add_value(slot, text);
  };
  value(value_date, f.date);
  value(value_author, f.author);
  value(value_sitename, f.sitename);
  value(value_language, f.language);
  value(value_page_type, f.page_type);
  const auto filter = [&doc](std::string_view prefix, const std::string& text) {
    const std::string key = filter_key(text);
    if (!key.empty()) doc.add_boolean_term(std::string(prefix) + key);
    return key;
  };
  const std::string language = filter(language_prefix, f.language);
  const std::size_t dash = language.find_first_of("-_");
  if (dash != std::string::npos && dash > 0) doc.add_boolean_term(std::string(language_prefix) + language.substr(0, dash));
  filter(sitename_prefix, f.sitename);
  filter(page_type_prefix, f.page_type);
  for (const std::string& term : f.author_terms) doc.add_term(term, 0);
}

}  // namespace

void recycle_slot(Slot& s) {
  release_if_large(s.raw.body);
  s.raw.metadata.clear();
  if (s.blocks.size() > s.num_blocks) s.blocks.resize(s.num_blocks);
  s.doc = Xapian::Document();
  if (s.keep.capacity() > keep_capacity) std::vector<std::uint8_t>().swap(s.keep);
}

void add_document_header(const Slot& s, Xapian::Document& doc) {
  doc.set_data(s.raw.docno);
  doc.add_boolean_term(docno_term(s.raw.docno));
  doc.add_value(value_docno, s.raw.docno);
  if (!s.raw.url.empty()) doc.add_value(value_url, s.raw.url);
  if (!s.meta.title.empty()) doc.add_value(value_title, s.meta.title);
  if (!s.raw.metadata.empty()) doc.add_value(value_metadata, s.raw.metadata);
  add_metadata(s.meta, doc);
}

void add_text_value(std::size_t v, const Slot& s, std::uint64_t snippet_bytes, Xapian::Document& doc) {
  const std::size_t cap = static_cast<std::size_t>(snippet_bytes);
  const std::uint8_t* keep = s.keep.data() + v * s.num_blocks;
  std::string text;
  text.reserve(std::min(cap, s.text.size() + s.num_blocks));
  for (std::size_t i = 0; i < s.num_blocks && text.size() < cap; ++i) {
    if (!keep[i]) continue;
    const std::size_t begin = i == 0 ? 0 : s.text_end[i - 1];
    if (!text.empty()) text += '\n';
    text.append(s.text, begin, s.text_end[i] - begin);
  }
  text.resize(utf8_floor(text, cap));
  if (!text.empty() && text.back() == '\n') text.pop_back();
  if (!text.empty()) doc.add_value(value_text, text);
}

std::uint64_t build_document(std::size_t v, const Slot& s, bool positions, std::uint64_t snippet_bytes,
                             Xapian::Document& doc, bool& empty) {
  add_document_header(s, doc);
  s.title_postings.add_to(doc, 0, positions);
  std::uint64_t length = s.title_postings.length();
  Xapian::termpos offset = s.title_postings.span();
  empty = true;
  const std::uint8_t* keep = s.keep.data() + v * s.num_blocks;
  for (std::size_t i = 0; i < s.num_blocks; ++i) {
    if (!keep[i]) continue;
    empty = false;
    const TextPostings& p = s.blocks[i];
    p.add_to(doc, offset, positions);
    offset += p.span();
    length += p.length();
  }
  if (!empty && snippet_bytes > 0) add_text_value(v, s, snippet_bytes, doc);
  return length;
}

}  // namespace boilerdex::indexer::detail

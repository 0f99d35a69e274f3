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
  if (!s.title.empty()) doc.add_value(value_title, s.title);
  if (!s.raw.metadata.empty()) doc.add_value(value_metadata, s.raw.metadata);
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

#pragma once
// The body of the collection-reader targets (fuzz_trec_reader, fuzz_warc_reader): read
// the input as a collection file to its end and check what every reader promises.
#include <cstdint>
#include <memory>
#include <string_view>

#include "boilerdex/indexer/collection_reader.hpp"
#include "fuzz_support.hpp"

namespace boilerdex::fuzz {

/// Pages over this many bytes are skipped as too large; small, so that limit is reached.
inline constexpr std::uint64_t k_fuzz_max_page_bytes = 4096;

/// Reads \p input as a \p format collection file: every record is a document or a skip,
/// documents are within the limits, skips name the file, and reading ends (each item
/// consumes input, so there are at most a few more items than bytes).
inline void read_collection(std::string_view input, indexer::InputFormat format) {
  const MemoryFile file(input);
  const auto reader = indexer::open_collection_file(file.path(), format, k_fuzz_max_page_bytes);
  indexer::ReadItem item;
  std::size_t items = 0;
  while (reader->next(item)) {
    ++items;
    check(items <= input.size() + 2, "the reader yields more records than the input has bytes");
    if (item.kind == indexer::ReadItem::Kind::Document) {
      const indexer::RawDocument& doc = item.document;
      check(!doc.docno.empty() && doc.docno.size() <= 240, "document with an empty or over-long docno");
      check(doc.body.size() <= k_fuzz_max_page_bytes, "document over max_page_bytes");
      check(!indexer::looks_binary(doc.body), "binary page returned as a document");
    } else {
      check(item.skip.file == file.path(), "skip report does not name the file");
      check(!item.skip.message.empty(), "skip report without a message");
    }
  }
  check(reader->bytes_read() <= input.size(), "more raw bytes read than the file has");
  check(reader->finish_sha256().size() == 64, "no SHA-256 of a readable file");
}

}  // namespace boilerdex::fuzz

// The WARC reader (records, HTTP messages, chunked bodies, per-record gzip members) on
// arbitrary files. See collection_fuzz.hpp for what is checked.
#include "collection_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boilerdex::fuzz::read_collection(boilerdex::fuzz::bytes(data, size), boilerdex::indexer::InputFormat::Warc);
  return 0;
}

// The TREC/BLOGS06 <DOC> reader (plain or gzip, recognised by magic bytes) on arbitrary
// files. See collection_fuzz.hpp for what is checked.
#include "collection_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boilerdex::fuzz::read_collection(boilerdex::fuzz::bytes(data, size), boilerdex::indexer::InputFormat::Trec);
  return 0;
}

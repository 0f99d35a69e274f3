// parse_qrels on arbitrary text: a Qrels or a ParseError, nothing else; every judgment
// it keeps is one it read.
#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/qrels.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  try {
    const trec::Qrels qrels = trec::parse_qrels(fuzz::bytes(data, size), "fuzz.qrels");
    for (const auto& [qid, judgments] : qrels.topics()) {
      fuzz::check(!qid.empty() && !judgments.empty(), "empty topic id or topic without judgments");
      for (const auto& [docno, label] : judgments) fuzz::check(!docno.empty(), "empty docno judged");
    }
  } catch (const trec::ParseError&) {
  }
  return 0;
}

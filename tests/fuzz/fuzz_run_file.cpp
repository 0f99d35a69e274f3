// parse_run on arbitrary text: a Run or a ParseError, nothing else; a parsed run written
// back with write_run_file parses again to the same topics and docnos.
#include <cmath>
#include <sstream>

#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/run_file.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boilerdex;
  trec::Run run;
  try {
    run = trec::parse_run(fuzz::bytes(data, size), "fuzz.run");
  } catch (const trec::ParseError&) {
    return 0;
  }
  for (const auto& [qid, entries] : run.topics) {
    fuzz::check(!qid.empty(), "empty topic id");
    for (const trec::RunEntry& entry : entries) fuzz::check(!entry.docno.empty(), "empty docno");
  }
  if (run.topics.empty()) return 0;  // nothing to write: no line, so no tag either

  std::ostringstream written;
  trec::write_run_file(written, run);
  const trec::Run reread = trec::parse_run(written.str(), "fuzz-roundtrip.run");
  fuzz::check(reread.tag == run.tag, "run tag changed by write/parse");
  fuzz::check(reread.topics.size() == run.topics.size(), "topics changed by write/parse");
  for (auto a = run.topics.cbegin(), b = reread.topics.cbegin(); a != run.topics.cend(); ++a, ++b) {
    fuzz::check(a->first == b->first && a->second.size() == b->second.size(), "topic changed by write/parse");
    for (std::size_t i = 0; i < a->second.size(); ++i) {
      const trec::RunEntry& x = a->second[i];
      const trec::RunEntry& y = b->second[i];
      fuzz::check(x.docno == y.docno, "docno changed by write/parse");
      fuzz::check(x.score == y.score || (std::isnan(x.score) && std::isnan(y.score)), "score changed by write/parse");
    }
  }
  return 0;
}

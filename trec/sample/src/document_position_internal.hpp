#pragma once
/// \file
/// Where the n-th generated document goes: its DOCNO and its permalinks-NNN.gz file, spread
/// over the crawl's days as BLOGS06 is. Private to trec/sample/src; pure, thread-safe.

#include <cstdint>
#include <string>
#include <utility>

#include "boilerdex/trec/sample_collection.hpp"

namespace boilerdex::trec::sample {

/// Files are spread over the crawl's 78 days, several a day when there are more files.
/// Precondition: options.documents_per_file >= 1.
[[nodiscard]] std::uint64_t files_per_day_for(const SampleOptions& options);

/// The DOCNO of the \p ordinal-th document and the file (relative path) it belongs in.
/// \throws std::bad_alloc.
[[nodiscard]] std::pair<std::string, std::string> docno_and_file(std::uint64_t ordinal, std::uint64_t per_file,
                                                                 std::uint64_t files_per_day);

}  // namespace boilerdex::trec::sample

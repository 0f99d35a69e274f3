#include "boilerdex/indexer/index_progress.hpp"

namespace boilerdex::indexer {

std::string_view skip_reason_name(SkipReason reason) noexcept {
  switch (reason) {
    case SkipReason::TooLarge: return "too-large";
    case SkipReason::NotHtml: return "not-html";
    case SkipReason::BrokenRecord: return "broken-record";
    case SkipReason::TruncatedInput: return "truncated-input";
    case SkipReason::BadDocno: return "bad-docno";
    case SkipReason::NotResponse: return "not-response";
    case SkipReason::Failed: return "failed";
    case SkipReason::TimeLimit: return "time-limit";
  }
  return "failed";
}

}  // namespace boilerdex::indexer

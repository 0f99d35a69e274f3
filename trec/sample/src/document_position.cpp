#include "document_position_internal.hpp"

#include <algorithm>

#include "calendar_internal.hpp"
#include "text_internal.hpp"

namespace boilerdex::trec::sample {

std::uint64_t files_per_day_for(const SampleOptions& options) {
  const std::uint64_t files = (options.documents + options.documents_per_file - 1) / options.documents_per_file;
  return std::max<std::uint64_t>(1, (files + crawl_days - 1) / crawl_days);
}

std::pair<std::string, std::string> docno_and_file(std::uint64_t ordinal, std::uint64_t per_file,
                                                   std::uint64_t files_per_day) {
  const std::uint64_t file = ordinal / per_file;
  const std::uint64_t in_file = ordinal % per_file;
  const auto day = crawl_first_day + static_cast<std::int64_t>(file / files_per_day);
  const std::uint64_t file_in_day = file % files_per_day;
  const std::string date = compact_date(day);
  return {"BLOG06-" + date + '-' + zero_padded(file_in_day, 3) + '-' + zero_padded(in_file, 10),
          date + "/permalinks-" + zero_padded(file_in_day, 3) + ".gz"};
}

}  // namespace boilerdex::trec::sample

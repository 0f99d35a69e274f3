// What best_extractor.cpp needs of best_options.cpp. Private to plugin/extractors.
#pragma once

#include <string>

#include "boilerdex/plugin/best_extractor.hpp"

namespace boilerdex::plugin::detail {

/// The options that differ from the defaults as `key=value,...` (best's name after "best:"),
/// "" when none does.
[[nodiscard]] std::string best_option_args(const BestOptions& options);

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// Private: the built-in extractor modules. Each module of the library that provides
/// extractors defines one function returning its registrations and adds it to the list in
/// extractor_registry.cpp. (Self-registering static objects would be dropped by the linker
/// from a static library, so the list is explicit.)

#include <vector>

#include "boilerdex/plugin/extractor_registry.hpp"

namespace boilerdex::plugin::detail {

/// boilerpipe's pipelines and the paper's rules (extractors.cpp).
[[nodiscard]] std::vector<ExtractorRegistration> pipeline_extractors();

/// BTE, Finn et al.'s body text extraction (bte_extractor.cpp).
[[nodiscard]] std::vector<ExtractorRegistration> bte_extractors();

/// The DOM-ancestor filter over a base extractor (dom_ancestor_filter.cpp).
[[nodiscard]] std::vector<ExtractorRegistration> dom_ancestor_extractors();

/// The combined default-quality extractor "best" (best_extractor.cpp).
[[nodiscard]] std::vector<ExtractorRegistration> best_extractors();

/// Block classifiers trained by boilerdex-train, `learned:PATH` (learned_extractor.cpp).
[[nodiscard]] std::vector<ExtractorRegistration> learned_extractors();

}  // namespace boilerdex::plugin::detail

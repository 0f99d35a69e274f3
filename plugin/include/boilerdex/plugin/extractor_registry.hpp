#pragma once
/// \file
/// The registry behind make_extractor and list_extractors (extractor.hpp). Extractors are
/// registered by name with a factory; a family that takes an integer parameter (as in
/// "min-words:10") registers once under its base name. Modules add their own extractors
/// with register_extractor; nothing else needs to know about them.

#include <functional>
#include <memory>
#include <string>

#include "boilerdex/plugin/extractor.hpp"

namespace boilerdex::plugin {

/// What register_extractor needs to know about one extractor (or parameterised family).
struct ExtractorRegistration {
  std::string name;         ///< base name: lower-case letters, digits and '-' ("min-words")
  std::string description;  ///< one line for --list-extractors
  bool takes_parameter = false;  ///< spelt "NAME:K", K a non-negative integer
  /// Builds the extractor; receives K (0 when takes_parameter is false). Must return
  /// non-null; may throw UsageError for a K it cannot accept.
  std::function<std::unique_ptr<Extractor>(int parameter)> factory;
};

/// Largest K accepted in "NAME:K".
inline constexpr int k_max_extractor_parameter = 1'000'000;

/// Adds \p registration to the process-wide registry, after the built-ins; it is listed
/// in registration order. Thread-safe.
/// \throws UsageError when the name is malformed, already taken, or the factory is empty.
void register_extractor(ExtractorRegistration registration);

}  // namespace boilerdex::plugin

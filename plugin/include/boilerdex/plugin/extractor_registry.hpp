#pragma once
/// \file
/// The registry behind make_extractor and list_extractors (extractor.hpp). Extractors are
/// registered by name with a factory; a family that takes an integer parameter (as in
/// "min-words:10") registers once under its base name. Modules add their own extractors
/// with register_extractor; nothing else needs to know about them.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "boilerdex/plugin/extractor.hpp"

namespace boilerdex::plugin {

/// What register_extractor needs to know about one extractor (or parameterised family).
struct ExtractorRegistration {
  std::string name{};            ///< base name: lower-case letters, digits and '-' ("min-words")
  std::string description{};     ///< one line for --list-extractors
  bool takes_parameter = false;  ///< spelt "NAME:K", K a non-negative integer
  /// Builds the extractor; receives K (0 when takes_parameter is false). Must return
  /// non-null; may throw UsageError for a K it cannot accept.
  std::function<std::unique_ptr<Extractor>(int parameter)> factory{};
  /// Instead of factory (and takes_parameter): a family with a free-form argument, as in
  /// "dom-ancestor:article:2". It receives everything after the first ':' ("" when there
  /// is none), validates it and throws UsageError naming the spec when it cannot use it.
  std::function<std::unique_ptr<Extractor>(std::string_view argument)> argument_factory{};
  /// How the argument is written, shown after the name by list_extractors ("[:BASE][:DEPTH]").
  /// Optional parts are in brackets; a syntax that does not start with '[' (":PATH") means
  /// the argument is required, which list_extractors reports as ExtractorInfo::needs_argument.
  std::string argument_syntax{};
};

/// Largest K accepted in "NAME:K".
inline constexpr int k_max_extractor_parameter = 1'000'000;

/// Adds \p registration to the process-wide registry, after the built-ins; it is listed
/// in registration order. Thread-safe.
/// \throws UsageError when the name is malformed or already taken, or when not exactly one
/// of factory and argument_factory is set.
void register_extractor(ExtractorRegistration registration);

}  // namespace boilerdex::plugin

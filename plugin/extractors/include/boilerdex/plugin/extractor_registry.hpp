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

/// An extractor family that lives in a shared library of its own, loaded the first time one
/// of its extractors is built: a tool can offer it without loading the library (and what it
/// links, such as libtorch) in runs that never use it.
struct ExtractorModule {
  std::string name{};             ///< as ExtractorRegistration::name
  std::string description{};      ///< as ExtractorRegistration::description
  std::string argument_syntax{};  ///< as ExtractorRegistration::argument_syntax
  /// The library's file name ("libboilerdex-boilernet.so.0.1"), looked for in the directory
  /// libboilerdex itself was loaded from (the build tree's, or the installed libdir); an
  /// absolute path is used as it is.
  std::string library{};
  /// An extern "C" function of the library, `boilerdex::plugin::Extractor* ENTRY(const
  /// char* argument, std::size_t size)`: it builds the extractor for the argument (what
  /// follows "NAME:") and returns it for the caller to own, or throws as an
  /// argument_factory does.
  std::string entry{};
};

/// Registers \p module's family as register_extractor would, with an argument_factory that
/// loads the library (once, thread-safe; it stays loaded) and calls its entry.
/// make_extractor throws UsageError naming the library and the loader's message when the
/// library or entry cannot be found. \throws UsageError as register_extractor.
void register_extractor_module(ExtractorModule module);

}  // namespace boilerdex::plugin

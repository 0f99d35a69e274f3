#pragma once
/// \file
/// Opening an index set (a manifest and one Xapian database per view) and choosing a view
/// by name or by threshold.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::query {

/// How a user names a view: by name (spec "min-words:10" or directory "min-words-10"), or
/// by the threshold of a min-words or min-density view. At most one member is set; none
/// means the default view (IndexSet::default_view()). (Not indexer::ViewSelector, which
/// applies the views' rules to a page's blocks.)
struct ViewChoice {
  std::optional<std::string> name;
  std::optional<double> min_words;
  std::optional<double> min_density;
};

/// A read-only index set. Holds the manifest; databases are opened on demand.
/// Thread safety: const member functions may be called concurrently.
class IndexSet {
 public:
  /// Reads DIR/manifest.json (indexer::read_manifest) without its per-input entries
  /// (manifest().inputs is empty), so opening an index set of a million input files costs
  /// no more than one of ten. \throws IndexError when the manifest is absent, malformed or not complete.
  [[nodiscard]] static IndexSet open(const std::filesystem::path& directory);

  /// Wraps an already-read manifest of the index set in \p directory.
  IndexSet(std::filesystem::path directory, indexer::Manifest manifest);

  [[nodiscard]] const std::filesystem::path& directory() const noexcept { return m_directory; }
  [[nodiscard]] const indexer::Manifest& manifest() const noexcept { return m_manifest; }

  /// The views' canonical names (ViewSpec::spec()), in manifest order.
  [[nodiscard]] std::vector<std::string> view_names() const;

  /// The view named \p name (spec or directory name).
  /// \throws UsageError naming \p name and listing the available views when unknown.
  [[nodiscard]] const indexer::ManifestView& view(std::string_view name) const;

  /// The views a spec or spec list names, as indexer::parse_view_specs reads it
  /// ("min-words:1..5", "extractor:article"), in its order. No extractor is built for a name
  /// the manifest lists as written, so a view whose model file is gone, or whose extractor
  /// this program does not load (boilernet:), can be named; a name it does not list is
  /// canonicalised with plugin::make_extractor ("extractor:dom-ancestor:article" names the
  /// view the manifest spells with its default depth) and looked up again.
  /// \throws UsageError for a malformed spec, an unknown extractor, or a view the set does not
  ///         have (naming it and listing the available views).
  [[nodiscard]] std::vector<const indexer::ManifestView*> named_views(std::string_view specs) const;

  /// The view chosen by \p choice: by name; by exact threshold of a MinWords or
  /// MinDensity view; or default_view() when nothing is set.
  /// \throws UsageError listing the available views when none matches, or when more than
  ///         one member of \p choice is set.
  [[nodiscard]] const indexer::ManifestView& select(const ViewChoice& choice) const;

  /// The "all" view when present, else the first view of the manifest.
  /// \throws UsageError when the manifest lists no view.
  [[nodiscard]] const indexer::ManifestView& default_view() const;

  /// Opens \p view's database read-only (path relative to directory()).
  /// \throws IndexError (wrapping the Xapian message) when it cannot be opened.
  [[nodiscard]] Xapian::Database open_database(const indexer::ManifestView& view) const;

 private:
  std::filesystem::path m_directory;
  indexer::Manifest m_manifest;
};

}  // namespace boilerdex::query

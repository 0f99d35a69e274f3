#include "boilerdex/config/number_format.hpp"
#include "boilerdex/query/index_set.hpp"

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::query {

namespace {

std::string available_views(const indexer::Manifest& manifest) {
  std::string list;
  for (const indexer::ManifestView& view : manifest.views) {
    if (!list.empty()) list += ", ";
    list += view.view.spec();
  }
  return list.empty() ? std::string("(none)") : list;
}


}  // namespace

IndexSet IndexSet::open(const std::filesystem::path& directory) {
  return IndexSet(directory, indexer::read_manifest(directory, indexer::ManifestParts::WithoutInputs));
}

IndexSet::IndexSet(std::filesystem::path directory, indexer::Manifest manifest)
    : m_directory(std::move(directory)), m_manifest(std::move(manifest)) {}

std::vector<std::string> IndexSet::view_names() const {
  std::vector<std::string> names;
  names.reserve(m_manifest.views.size());
  for (const indexer::ManifestView& view : m_manifest.views) names.push_back(view.view.spec());
  return names;
}

const indexer::ManifestView& IndexSet::view(std::string_view name) const {
  if (const indexer::ManifestView* found = m_manifest.find_view(name)) return *found;
  throw UsageError("no view '" + std::string(name) + "' in " + m_directory.string() +
                   "; available: " + available_views(m_manifest));
}

std::vector<const indexer::ManifestView*> IndexSet::named_views(std::string_view specs) const {
  std::vector<const indexer::ManifestView*> out;
  for (const indexer::ViewSpec& spec : indexer::parse_view_specs(specs, indexer::ExtractorNames::AsWritten)) {
    const indexer::ManifestView* found = m_manifest.find_view(spec);
    out.push_back(found != nullptr ? found : &view(spec.spec()));
  }
  return out;
}

const indexer::ManifestView& IndexSet::select(const ViewChoice& choice) const {
  const int set = int(choice.name.has_value()) + int(choice.min_words.has_value()) +
                  int(choice.min_density.has_value());
  if (set > 1) throw UsageError("choose a view by one of name, min-words or min-density, not several");
  if (choice.name) return view(*choice.name);
  if (!choice.min_words && !choice.min_density) return default_view();
  const indexer::ViewKind kind = choice.min_words ? indexer::ViewKind::MinWords : indexer::ViewKind::MinDensity;
  const double threshold = choice.min_words ? *choice.min_words : *choice.min_density;
  for (const indexer::ManifestView& candidate : m_manifest.views) {
    if (candidate.view.kind == kind && candidate.view.threshold == threshold) return candidate;
  }
  throw UsageError(std::string("no ") + (choice.min_words ? "min-words" : "min-density") + " view with threshold " +
                   config::shortest_decimal(threshold) + " in " + m_directory.string() +
                   "; available: " + available_views(m_manifest));
}

const indexer::ManifestView& IndexSet::default_view() const {
  if (m_manifest.views.empty()) throw UsageError(m_directory.string() + ": the manifest lists no view");
  for (const indexer::ManifestView& candidate : m_manifest.views) {
    if (candidate.view.kind == indexer::ViewKind::All) return candidate;
  }
  return m_manifest.views.front();
}

Xapian::Database IndexSet::open_database(const indexer::ManifestView& view) const {
  const std::filesystem::path path = m_directory / view.path;
  try {
    return Xapian::Database(path.string());
  } catch (const Xapian::Error& e) {
    throw IndexError("opening view " + view.view.spec() + " at " + path.string(), e.get_type(), e.get_msg());
  }
}

}  // namespace boilerdex::query

#pragma once
// Builds a tiny index set (manifest + one Xapian database per view) the way boilerdex-index
// lays it out (indexer/document_layout.hpp), so query/ and trec/ tests need no collection.
// Used by tests/query and tests/trec.

#include <cctype>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <xapian.h>

#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/query/index_set.hpp"

namespace boilerdex::test {

struct FixtureDocument {
  std::string docno;
  std::string url;
  std::string title;
  std::vector<std::string> blocks;  ///< text blocks; a view keeps those with enough words
};

/// The documents of the fixture index set. Words chosen so that stemming, boolean
/// operators, phrases and the min-words view change results in checkable ways.
inline std::vector<FixtureDocument> fixture_documents() {
  return {
      {"DOC-001", "http://example.org/penguins", "March of the Penguins",
       {"Home", "The penguins march across the ice for many days to reach the breeding ground"}},
      {"DOC-002", "http://example.org/running", "Running shoes",
       {"Penguins", "Runners compare running shoes and racing flats before the marathon season begins"}},
      {"DOC-003", "http://example.org/sidebar", "Archive",
       {"penguins penguins penguins", "Tags: ice", "A short note"}},
      {"DOC-004", "http://example.org/ice", "Ice hockey",
       {"The ice hockey season opened with a march of fans through the city streets"}},
      {"DOC-005", "", "",
       {"Nothing about birds here, only a long paragraph of unrelated words for the baseline view"}},
  };
}

inline std::size_t count_words(const std::string& text) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : text) {
    const bool letter = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (letter && !in_word) ++words;
    in_word = letter;
  }
  return words;
}

/// A fresh temporary directory, removed when the object dies.
struct TemporaryDirectory {
  std::filesystem::path path;
  TemporaryDirectory() {
    std::random_device random;
    path = std::filesystem::temp_directory_path() / ("boilerdex-test-" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
};

/// Writes an index set with views "all" and "min-words:5" (blocks of at least 5 words) to
/// \p dir, English stemming (STEM_SOME), titles indexed unprefixed and with prefix S.
/// \p stopwords go into the manifest's TermSettings (what the query parser then drops).
inline void build_fixture_index(const std::filesystem::path& dir, const std::vector<std::string>& stopwords = {}) {
  indexer::Manifest manifest;
  manifest.terms.stopwords = stopwords;
  manifest.program_version = "test";
  manifest.created = "2026-01-01T00:00:00Z";
  manifest.format = "trec";
  manifest.complete = true;
  const std::vector<double> thresholds{0, 5};
  const auto docs = fixture_documents();
  for (double threshold : thresholds) {
    indexer::ManifestView view;
    view.view.kind = threshold == 0 ? indexer::ViewKind::All : indexer::ViewKind::MinWords;
    view.view.threshold = threshold;
    view.path = "views/" + view.view.directory_name();
    std::filesystem::create_directories(dir / view.path);
    Xapian::WritableDatabase db((dir / view.path).string(), Xapian::DB_CREATE_OR_OVERWRITE);
    Xapian::TermGenerator generator;
    generator.set_stemmer(Xapian::Stem("english"));
    generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
    for (const FixtureDocument& doc : docs) {
      Xapian::Document document;
      generator.set_document(document);
      document.set_data(doc.docno);
      document.add_boolean_term(indexer::docno_term(doc.docno));
      if (!doc.url.empty()) document.add_value(indexer::value_url, doc.url);
      if (!doc.title.empty()) {
        document.add_value(indexer::value_title, doc.title);
        generator.index_text(doc.title);
        generator.index_text_without_positions(doc.title, 1, std::string(indexer::title_prefix));
        generator.increase_termpos();
      }
      bool empty = true;
      for (const std::string& block : doc.blocks) {
        if (static_cast<double>(count_words(block)) < threshold) continue;
        generator.index_text(block);
        generator.increase_termpos();
        empty = false;
      }
      db.add_document(document);
      view.empty_documents += empty ? 1 : 0;
    }
    db.commit();
    view.documents = docs.size();
    view.terms = db.get_total_length();
    manifest.views.push_back(view);
  }
  manifest.documents = docs.size();
  indexer::write_manifest(dir, manifest);
}

/// Adds to the fixture index set in \p dir one view per extractor name in \p extractors
/// ("boilernet:model.pt"), each a copy of the "all" view's database, as a build would have
/// written them: its manifest then lists views whose extractors this test program cannot
/// build (a library it does not load, a model file that is not there).
inline void add_extractor_views(const std::filesystem::path& dir, const std::vector<std::string>& extractors) {
  indexer::Manifest manifest = indexer::read_manifest(dir);
  for (const std::string& name : extractors) {
    indexer::ManifestView view = manifest.views.front();
    view.view = indexer::ViewSpec{indexer::ViewKind::Extractor, 0.0, name};
    view.path = "views/" + view.view.directory_name();
    view.model = indexer::ManifestFile{name.substr(name.find(':') + 1), 1, std::string(64, '0')};
    std::filesystem::copy(dir / manifest.views.front().path, dir / view.path, std::filesystem::copy_options::recursive);
    manifest.views.push_back(view);
  }
  indexer::write_manifest(dir, manifest);
}

/// A Boost.Test fixture: the fixture index set, built in a temporary directory and opened.
struct IndexSetFixture {
  TemporaryDirectory dir;
  query::IndexSet set = (build_fixture_index(dir.path), query::IndexSet::open(dir.path));
};

}  // namespace boilerdex::test

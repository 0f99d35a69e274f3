#pragma once
// Test helper for the index-set build's tests (test_index_builder.cpp, test_index_resume.cpp,
// test_index_run_checks.cpp): the fixtures, options for a small build, a view's DOCNOs.

#include <filesystem>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/view_spec.hpp"

namespace boilerdex::indexer::test {

inline const std::filesystem::path fixtures = std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "indexer";

/// The view specs \p specs, each parsed (a spec may name several views).
inline std::vector<ViewSpec> views_of(std::initializer_list<const char*> specs) {
  std::vector<ViewSpec> out;
  for (const char* s : specs)
    for (ViewSpec& v : parse_view_specs(s)) out.push_back(v);
  return out;
}

/// A build of \p inputs into \p out with four views (all, min-words:10, min-density:5,
/// extractor:article) on two threads.
inline IndexOptions options_for(std::vector<std::filesystem::path> inputs, const std::filesystem::path& out,
                                InputFormat format = InputFormat::Trec) {
  IndexOptions o;
  o.inputs = std::move(inputs);
  o.out_dir = out;
  o.format = format;
  o.views = views_of({"all", "min-words:10", "min-density:5", "extractor:article"});
  o.threads = 2;
  return o;
}

/// docid → DOCNO (the document data) of one view.
inline std::map<Xapian::docid, std::string> docnos(const std::filesystem::path& db_path) {
  Xapian::Database db(db_path.string());
  std::map<Xapian::docid, std::string> out;
  for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it) out[*it] = db.get_document(*it).get_data();
  return out;
}

}  // namespace boilerdex::indexer::test

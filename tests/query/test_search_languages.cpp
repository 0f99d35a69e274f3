// Stemming per page language in search: an index set boilerdex-index's builder makes from
// tests/fixtures/query/languages.trec (LANG-FR in French, LANG-EN in British English,
// LANG-NONE without a language) with stemmer "auto" and the built-in stopword lists; each
// page is found by its own language's stemmed forms when the query is stemmed in that
// language (--lang), and the stopwords of the query's language are dropped.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>

#include "boilerdex/config/config.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/query/searcher.hpp"
#include "index_fixture.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

namespace {

using Docnos = std::vector<std::string>;

/// The languages fixture indexed with \p stemmer ("auto" or "fixed") and stopwords "auto".
struct LanguageIndex {
  test::TemporaryDirectory dir;

  IndexSet build(const std::string& stemmer) {
    config::Config c;
    c.collection.inputs = {std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "query" / "languages.trec"};
    c.views.specs = {"all"};
    c.indexing.output = dir.path / stemmer;
    c.indexing.stemmer = stemmer;
    c.indexing.builtin_stopwords = true;
    c.indexing.threads = 1;
    (void)indexer::build_index_set(indexer::index_options_from_config(c), nullptr);
    return IndexSet::open(c.indexing.output);
  }

  static Docnos search(const IndexSet& set, const std::string& query, const std::vector<std::string>& languages = {}) {
    const Searcher searcher(set, set.view("all"));
    SearchOptions options;
    options.filters.languages = languages;
    Docnos out;
    for (const SearchHit& hit : searcher.search(query, options).hits) out.push_back(hit.docno);
    std::sort(out.begin(), out.end());
    return out;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(search_languages)

BOOST_FIXTURE_TEST_CASE(each_page_is_found_by_its_languages_stems, LanguageIndex) {
  const IndexSet set = build("auto");
  BOOST_TEST(set.manifest().terms.stem_per_language);
  // "mangé" and "chanteuse" stem as "mangeaient" and "chanteuses" do in French only.
  BOOST_TEST(search(set, "mangé", {"fr"}) == Docnos{"LANG-FR"}, boost::test_tools::per_element());
  BOOST_TEST(search(set, "chanteuse", {"fr"}) == Docnos{"LANG-FR"}, boost::test_tools::per_element());
  BOOST_TEST(search(set, "mangé").empty());  // stemmed in English (the set's language): no match
  // The English page by its English stems; a page without a language by the set's (English).
  BOOST_TEST(search(set, "run", {"en"}) == Docnos{"LANG-EN"}, boost::test_tools::per_element());
  BOOST_TEST(search(set, "run") == Docnos{"LANG-EN"}, boost::test_tools::per_element());
  BOOST_TEST(search(set, "planted") == Docnos{"LANG-NONE"}, boost::test_tools::per_element());
  // A language Xapian does not stem leaves the set's stemmer (and still filters).
  BOOST_TEST(search(set, "run", {"zh"}).empty());
}

BOOST_FIXTURE_TEST_CASE(stopwords_follow_the_querys_language, LanguageIndex) {
  const IndexSet set = build("auto");
  BOOST_TEST(search(set, "les", {"fr"}).empty());  // a French stopword: dropped from page and query
  BOOST_TEST(search(set, "the").empty());          // an English one
  // "the" is no French stopword, but no French page has it; "les" is no English one.
  BOOST_TEST(search(set, "les village", {"fr"}) == Docnos{"LANG-FR"}, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(a_fixed_stemmer_stems_every_page_alike, LanguageIndex) {
  const IndexSet set = build("fixed");
  BOOST_TEST(!set.manifest().terms.stem_per_language);
  BOOST_TEST(search(set, "mangé", {"fr"}).empty());  // English stems for the French page too
  BOOST_TEST(search(set, "mangeaient", {"fr"}) == Docnos{"LANG-FR"}, boost::test_tools::per_element());
  BOOST_TEST(search(set, "run", {"en"}) == Docnos{"LANG-EN"}, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

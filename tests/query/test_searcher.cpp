#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/query/searcher.hpp"
#include "index_fixture.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

namespace {

struct Fixture : test::IndexSetFixture {
  Searcher all{set, set.view("all")};
  Searcher min_words{set, set.view("min-words:5")};
};

std::vector<std::string> docnos(const SearchResult& result) {
  std::vector<std::string> out;
  for (const SearchHit& hit : result.hits) out.push_back(hit.docno);
  return out;
}

std::vector<std::string> sorted_docnos(const SearchResult& result) {
  auto out = docnos(result);
  std::sort(out.begin(), out.end());
  return out;
}

using Docnos = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(searcher)

BOOST_FIXTURE_TEST_CASE(views_differ_by_their_blocks, Fixture) {
  // The one-word "Penguins" block and the three-word sidebar block fall below 5 words.
  BOOST_TEST(sorted_docnos(all.search("penguins")) == (Docnos{"DOC-001", "DOC-002", "DOC-003"}),
             boost::test_tools::per_element());
  const SearchResult strict = min_words.search("penguins");
  BOOST_TEST(docnos(strict) == Docnos{"DOC-001"}, boost::test_tools::per_element());
  // Same document, same docid in every view.
  const auto in_all = all.search("penguins");
  const auto doc1 = std::find_if(in_all.hits.begin(), in_all.hits.end(), [](const SearchHit& h) { return h.docno == "DOC-001"; });
  BOOST_REQUIRE(doc1 != in_all.hits.end());
  BOOST_TEST(doc1->docid == strict.hits.front().docid);
}

BOOST_FIXTURE_TEST_CASE(stemming_as_indexed, Fixture) {
  BOOST_TEST(docnos(all.search("run")) == Docnos{"DOC-002"}, boost::test_tools::per_element());
  BOOST_TEST(sorted_docnos(all.search("marching")) == (Docnos{"DOC-001", "DOC-004"}), boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(operators_phrases_and_prefixes, Fixture) {
  BOOST_TEST(sorted_docnos(all.search("hockey shoes")) == (Docnos{"DOC-002", "DOC-004"}),
             boost::test_tools::per_element());  // default OR
  BOOST_TEST(sorted_docnos(all.search("ice AND march")) == (Docnos{"DOC-001", "DOC-004"}),
             boost::test_tools::per_element());
  BOOST_TEST(sorted_docnos(all.search("ice NOT hockey")) == (Docnos{"DOC-001", "DOC-003"}),
             boost::test_tools::per_element());
  BOOST_TEST(docnos(all.search("\"ice hockey\"")) == Docnos{"DOC-004"}, boost::test_tools::per_element());
  BOOST_TEST(docnos(all.search("title:penguins")) == Docnos{"DOC-001"}, boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(plain_syntax_reads_operators_as_words, Fixture) {
  SearchOptions plain;
  plain.syntax = QuerySyntax::Plain;
  // "and" is a word of DOC-002; "ice" alone brings DOC-003.
  BOOST_TEST(sorted_docnos(all.search("ice AND march", plain)) == (Docnos{"DOC-001", "DOC-002", "DOC-003", "DOC-004"}),
             boost::test_tools::per_element());
  BOOST_TEST(all.search("\"ice hockey\"", plain).hits.size() == 3u);  // no phrase: ice OR hockey
}

BOOST_FIXTURE_TEST_CASE(bm25_parameters_change_scores, Fixture) {
  const SearchResult defaults = all.search("penguins ice");
  SearchOptions explicit_defaults;
  explicit_defaults.bm25 = Bm25Parameters{1.0, 0.0, 1.0, 0.5, 0.5};
  const SearchResult same = all.search("penguins ice", explicit_defaults);
  SearchOptions anserini;
  anserini.bm25 = Bm25Parameters::parse("0.9,0.4");
  BOOST_TEST(anserini.bm25.k1 == 0.9);
  BOOST_TEST(anserini.bm25.b == 0.4);
  const SearchResult other = all.search("penguins ice", anserini);
  BOOST_REQUIRE(!defaults.hits.empty());
  BOOST_TEST(defaults.hits.front().score == same.hits.front().score);
  BOOST_TEST(defaults.hits.front().score != other.hits.front().score);
  for (const char* bad : {"1", "a,b", "1,2", "-1,0.5", "1,0.5,3"}) {
    BOOST_CHECK_THROW((void)Bm25Parameters::parse(bad), UsageError);
  }
}

BOOST_AUTO_TEST_CASE(bm25_defaults_are_the_configurations) {
  // A configuration left at its defaults ranks as Bm25Parameters{} does (config/defaults.hpp).
  const Bm25Parameters xapian;
  BOOST_TEST(xapian.k1 == 1.0);
  BOOST_TEST(xapian.b == 0.5);
  BOOST_TEST(config::SearchConfig{}.bm25_k1 == xapian.k1);
  BOOST_TEST(config::SearchConfig{}.bm25_b == xapian.b);
  BOOST_TEST(config::TrecConfig{}.bm25_k1 == xapian.k1);
  BOOST_TEST(config::TrecConfig{}.bm25_b == xapian.b);
}

BOOST_FIXTURE_TEST_CASE(k_offset_and_fields, Fixture) {
  SearchOptions one;
  one.k = 1;
  const SearchResult first = all.search("penguins", one);
  BOOST_REQUIRE_EQUAL(first.hits.size(), 1u);
  BOOST_TEST(first.hits[0].rank == 1u);
  one.offset = 1;
  const SearchResult second = all.search("penguins", one);
  BOOST_REQUIRE_EQUAL(second.hits.size(), 1u);
  BOOST_TEST(second.hits[0].rank == 2u);
  BOOST_TEST(second.hits[0].docno != first.hits[0].docno);
  BOOST_TEST(first.hits[0].score >= second.hits[0].score);

  const SearchResult titled = all.search("title:penguins");
  BOOST_REQUIRE_EQUAL(titled.hits.size(), 1u);
  BOOST_TEST(titled.hits[0].url == "http://example.org/penguins");
  BOOST_TEST(titled.hits[0].title == "March of the Penguins");
  BOOST_TEST(titled.hits[0].snippet == "March of the Penguins");  // S-prefixed terms highlight nothing
  SearchOptions one_hit;
  one_hit.k = 1;
  const SearchResult ranked = min_words.search("penguins", one_hit);
  BOOST_REQUIRE_EQUAL(ranked.hits.size(), 1u);
  BOOST_TEST(ranked.hits[0].snippet == "March of the <b>Penguins</b>", ranked.hits[0].snippet);
  SearchOptions bare;
  bare.snippets = false;
  const SearchResult lean = all.search("title:penguins", bare);
  BOOST_TEST(lean.hits[0].docno == "DOC-001");
  BOOST_TEST(lean.hits[0].title.empty());
}

// With the view's kept text stored (value_text, as boilerdex-index writes it), the snippet
// comes from that text, so a term found only in the body is highlighted there.
BOOST_AUTO_TEST_CASE(snippets_come_from_the_stored_text_when_present) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  const auto docs = test::fixture_documents();
  {
    Xapian::WritableDatabase db((dir.path / "views/all").string(), Xapian::DB_OPEN);
    Xapian::Document doc = db.get_document(4);  // DOC-004, "Ice hockey"
    BOOST_REQUIRE(doc.get_data() == docs[3].docno);
    doc.add_value(indexer::value_text, "Scores\n" + docs[3].blocks.front());  // two blocks
    db.replace_document(4, doc);
    db.commit();
  }
  const IndexSet set = IndexSet::open(dir.path);
  const Searcher all{set, set.view("all")};
  const SearchResult result = all.search("streets");
  BOOST_REQUIRE_EQUAL(result.hits.size(), 1u);
  const SearchHit& hit = result.hits[0];
  BOOST_TEST(hit.docno == "DOC-004");
  BOOST_TEST(hit.title == "Ice hockey");
  BOOST_TEST(hit.snippet.find("city <b>streets</b>") != std::string::npos, hit.snippet);
  BOOST_TEST(hit.snippet.find("Scores The ice") != std::string::npos, hit.snippet);  // one line
  BOOST_TEST(hit.snippet.find("Ice hockey") == std::string::npos, hit.snippet);  // not the title
  // Documents without the value still get their title.
  const SearchResult titled = all.search("title:penguins");
  BOOST_REQUIRE_EQUAL(titled.hits.size(), 1u);
  BOOST_TEST(titled.hits[0].snippet == "March of the Penguins");
}

BOOST_FIXTURE_TEST_CASE(empty_queries_match_nothing, Fixture) {
  BOOST_TEST(all.search("").hits.empty());
  BOOST_TEST(all.search("   ").hits.empty());
  BOOST_TEST(all.search("zzzzunknown").hits.empty());
}

BOOST_AUTO_TEST_CASE(stopwords_from_the_manifest_survive_a_move) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path, {"the", "of"});
  const IndexSet set = IndexSet::open(dir.path);
  Searcher original(set, set.view("all"));
  const Searcher moved(std::move(original));
  const SearchResult result = moved.search("the penguins");
  BOOST_TEST(result.query_description.find("the") == std::string::npos, result.query_description);
  BOOST_TEST(sorted_docnos(result) == (Docnos{"DOC-001", "DOC-002", "DOC-003"}), boost::test_tools::per_element());
  // (A query of stopwords only keeps them: Xapian's QueryParser never stops every term.)
}

BOOST_AUTO_TEST_SUITE_END()

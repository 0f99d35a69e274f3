// boilerdex-search's metadata filters, date sort, field prefixes and shown metadata, on an
// index set boilerdex-index's builder makes from tests/fixtures/query/metadata.trec:
// META-001 news article (en-GB, 2021-03-05, Ada Lovelace, Polar News), META-002 forum post
// (de, 2019-07-01, Grace Hopper, Bird Forum), META-003 product (en, Ice Shop, no date),
// META-004 no metadata at all. Each page mentions penguins.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/query/searcher.hpp"
#include "index_fixture.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

namespace {

using Docnos = std::vector<std::string>;

struct MetadataIndex {
  test::TemporaryDirectory dir;
  IndexSet set = build();
  Searcher all{set, set.view("all")};

  IndexSet build() {
    indexer::IndexOptions o;
    o.inputs = {std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "query" / "metadata.trec"};
    o.out_dir = dir.path / "set";
    o.views = indexer::parse_view_specs("all");
    o.threads = 1;
    (void)indexer::build_index_set(o, nullptr);
    return IndexSet::open(o.out_dir);
  }

  /// The docnos of \p query's hits under \p filters and \p sort, sorted unless by date.
  Docnos search(const std::string& query, const SearchFilters& filters = {}, SortOrder sort = SortOrder::Relevance) {
    SearchOptions options;
    options.filters = filters;
    options.sort = sort;
    Docnos out;
    for (const SearchHit& hit : all.search(query, options).hits) out.push_back(hit.docno);
    if (sort == SortOrder::Relevance) std::sort(out.begin(), out.end());
    return out;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(search_filters)

BOOST_FIXTURE_TEST_CASE(each_filter_admits_only_its_pages, MetadataIndex) {
  BOOST_TEST(search("penguins") == (Docnos{"META-001", "META-002", "META-003", "META-004"}),
             boost::test_tools::per_element());
  SearchFilters f;
  f.after = "2020-01-01";
  BOOST_TEST(search("penguins", f) == Docnos{"META-001"}, boost::test_tools::per_element());
  f = {};
  f.before = "2021-03-04";
  BOOST_TEST(search("penguins", f) == Docnos{"META-002"}, boost::test_tools::per_element());
  f.after = "2019-07-01";  // both bounds inclusive
  f.before = "2021-03-05";
  BOOST_TEST(search("penguins", f) == (Docnos{"META-001", "META-002"}), boost::test_tools::per_element());
  f = {};
  f.languages = {"EN"};  // any case; en finds en-GB too
  BOOST_TEST(search("penguins", f) == (Docnos{"META-001", "META-003"}), boost::test_tools::per_element());
  f.languages = {"en-gb"};
  BOOST_TEST(search("penguins", f) == Docnos{"META-001"}, boost::test_tools::per_element());
  f = {};
  f.page_types = {"forum", "product"};
  BOOST_TEST(search("penguins", f) == (Docnos{"META-002", "META-003"}), boost::test_tools::per_element());
  f = {};
  f.sites = {"  bird   FORUM "};
  BOOST_TEST(search("penguins", f) == Docnos{"META-002"}, boost::test_tools::per_element());
  f.languages = {"en"};  // kinds combine with AND
  BOOST_TEST(search("penguins", f).empty());
}

BOOST_FIXTURE_TEST_CASE(filters_change_no_score, MetadataIndex) {
  SearchOptions filtered;
  filtered.filters.languages = {"en"};
  const SearchResult a = all.search("penguins"), b = all.search("penguins", filtered);
  for (const SearchHit& hit : b.hits) {
    const auto same = std::find_if(a.hits.begin(), a.hits.end(), [&](const SearchHit& h) { return h.docno == hit.docno; });
    BOOST_REQUIRE(same != a.hits.end());
    BOOST_TEST(same->score == hit.score);
  }
}

BOOST_FIXTURE_TEST_CASE(date_sort_newest_first_undated_last, MetadataIndex) {
  const Docnos by_date = search("penguins", {}, SortOrder::Date);
  BOOST_REQUIRE(by_date.size() == 4u);
  BOOST_TEST(by_date[0] == "META-001");
  BOOST_TEST(by_date[1] == "META-002");
  // A relevance search after a date one is ranked by score again.
  const SearchResult relevance = all.search("penguins");
  for (std::size_t i = 1; i < relevance.hits.size(); ++i)
    BOOST_TEST(relevance.hits[i - 1].score >= relevance.hits[i].score);
}

BOOST_FIXTURE_TEST_CASE(field_prefixes, MetadataIndex) {
  BOOST_TEST(search("author:lovelace") == Docnos{"META-001"}, boost::test_tools::per_element());
  BOOST_TEST(search("author:grace AND author:hopper") == Docnos{"META-002"}, boost::test_tools::per_element());
  BOOST_TEST(search("author:grace AND author:lovelace").empty());
  // The author's words have no positions (they would meet the title's): no phrase.
  BOOST_TEST(search("author:\"grace hopper\"").empty());
  BOOST_TEST(search("title:plush") == Docnos{"META-003"}, boost::test_tools::per_element());
  BOOST_TEST(search("penguins lang:de") == Docnos{"META-002"}, boost::test_tools::per_element());
  BOOST_TEST(search("penguins type:product") == Docnos{"META-003"}, boost::test_tools::per_element());
  // Unprefixed words never reach the metadata terms: the author's name is not in the text.
  BOOST_TEST(search("lovelace").empty());
  BOOST_TEST(search("forum") == Docnos{"META-002"}, boost::test_tools::per_element());  // its title's word
}

BOOST_FIXTURE_TEST_CASE(hits_carry_the_metadata, MetadataIndex) {
  SearchFilters f;
  f.sites = {"Polar News"};
  SearchOptions options;
  options.filters = f;
  const SearchResult result = all.search("penguins", options);
  BOOST_REQUIRE(result.hits.size() == 1u);
  const SearchHit& hit = result.hits.front();
  const Docnos shown{hit.title, hit.date, hit.author, hit.site, hit.language, hit.page_type};
  BOOST_TEST(shown == (Docnos{"Penguins cross the ice", "2021-03-05", "Ada Lovelace", "Polar News", "en-GB", "article"}),
             boost::test_tools::per_element());
}

BOOST_FIXTURE_TEST_CASE(bad_dates_are_usage_errors, MetadataIndex) {
  SearchFilters f;
  f.after = "2021-3-5";
  BOOST_CHECK_THROW((void)search("penguins", f), UsageError);
  f.after.clear();
  f.before = "yesterday";
  BOOST_CHECK_THROW((void)search("", f), UsageError);  // checked for an empty query too
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(search_filters_old_index)

// An index set whose manifest lists no fields (built before metadata was indexed) refuses
// the filters and the date sort, naming the view, rather than finding nothing.
BOOST_FIXTURE_TEST_CASE(sets_without_fields_refuse_filters, test::IndexSetFixture) {
  const Searcher all{set, set.view("all")};
  SearchOptions options;
  options.filters.languages = {"en"};
  BOOST_CHECK_EXCEPTION((void)all.search("penguins", options), UsageError, [](const UsageError& e) {
    return std::string(e.what()).find("view all stores no language") != std::string::npos;
  });
  options.filters = {};
  options.sort = SortOrder::Date;
  BOOST_CHECK_THROW((void)all.search("penguins", options), UsageError);
  options.sort = SortOrder::Relevance;
  BOOST_TEST(!all.search("penguins", options).hits.empty());
}

BOOST_AUTO_TEST_SUITE_END()

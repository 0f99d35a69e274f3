#include <boost/test/unit_test.hpp>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/query/index_set.hpp"
#include "index_fixture.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

namespace {
std::string usage_message(const std::function<void()>& call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

BOOST_AUTO_TEST_SUITE(index_set)

BOOST_FIXTURE_TEST_CASE(views_by_name_and_threshold, test::IndexSetFixture) {
  BOOST_TEST(set.view_names() == (std::vector<std::string>{"all", "min-words:5"}), boost::test_tools::per_element());
  BOOST_TEST(set.view("min-words:5").view.threshold == 5.0);
  BOOST_TEST(set.view("min-words-5").path == "views/min-words-5");  // directory name works too
  ViewChoice by_words;
  by_words.min_words = 5;
  BOOST_TEST(&set.select(by_words) == &set.view("min-words:5"));
  BOOST_TEST(set.select(ViewChoice{}).view.spec() == "all");
  BOOST_TEST(set.default_view().view.spec() == "all");
}

BOOST_FIXTURE_TEST_CASE(unknown_views_list_the_available_ones, test::IndexSetFixture) {
  const std::string by_name = usage_message([&] { (void)set.view("min-words:7"); });
  BOOST_TEST(by_name.find("no view 'min-words:7'") != std::string::npos, by_name);
  BOOST_TEST(by_name.find("available: all, min-words:5") != std::string::npos, by_name);
  ViewChoice density;
  density.min_density = 3.5;
  const std::string by_density = usage_message([&] { (void)set.select(density); });
  BOOST_TEST(by_density.find("no min-density view with threshold 3.5") != std::string::npos, by_density);
  BOOST_TEST(by_density.find("available: all, min-words:5") != std::string::npos, by_density);
  ViewChoice both;
  both.name = "all";
  both.min_words = 5;
  BOOST_CHECK_THROW((void)set.select(both), UsageError);
}

BOOST_AUTO_TEST_CASE(views_named_by_spec_lists) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  test::add_extractor_views(dir.path, {"boilernet:model.pt", "dom-ancestor:article:2"});
  const IndexSet set = IndexSet::open(dir.path);
  const auto names = [&](std::string_view specs) {
    std::vector<std::string> out;
    for (const indexer::ManifestView* v : set.named_views(specs)) out.push_back(v->view.spec());
    return out;
  };
  BOOST_TEST(names("min-words:5,5") == (std::vector<std::string>{"min-words:5", "min-words:5"}),
             boost::test_tools::per_element());
  // Not buildable here (no boilernet library is loaded), named as the manifest spells it.
  BOOST_TEST(names("extractor:boilernet:model.pt") == std::vector<std::string>{"extractor:boilernet:model.pt"},
             boost::test_tools::per_element());
  // A name the manifest does not list as written is found under its canonical form.
  BOOST_TEST(names("extractor:dom-ancestor:article") == std::vector<std::string>{"extractor:dom-ancestor:article:2"},
             boost::test_tools::per_element());
  const std::string missing = usage_message([&] { (void)set.named_views("min-words:1..2"); });
  BOOST_TEST(missing.find("no view 'min-words:1'") != std::string::npos, missing);
  BOOST_CHECK_THROW((void)set.named_views("extractor:no-such"), UsageError);
  BOOST_CHECK_THROW((void)set.named_views("extractor:boilernet:other.pt"), UsageError);
}

BOOST_FIXTURE_TEST_CASE(databases_open_and_hold_every_document, test::IndexSetFixture) {
  for (const std::string& name : set.view_names()) {
    const Xapian::Database db = set.open_database(set.view(name));
    BOOST_TEST(db.get_doccount() == test::fixture_documents().size(), name);
  }
  indexer::ManifestView missing = set.view("all");
  missing.path = "views/not-there";
  BOOST_CHECK_THROW((void)set.open_database(missing), IndexError);
}

BOOST_AUTO_TEST_CASE(missing_index_set) {
  BOOST_CHECK_THROW((void)IndexSet::open("/nonexistent/index-set"), IndexError);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/query/search_command.hpp"
#include "index_fixture.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

BOOST_AUTO_TEST_SUITE(search_command)

BOOST_AUTO_TEST_CASE(one_view_chosen_by_threshold) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  SearchCommand command;
  command.index = dir.path;
  command.view.min_words = 5;
  command.query = "penguins";
  command.format = OutputFormat::Json;
  std::ostringstream out;
  run_search_command(command, out);
  const auto j = nlohmann::json::parse(out.str());
  BOOST_TEST(j.at("view") == "min-words:5");
  BOOST_REQUIRE_EQUAL(j.at("hits").size(), 1u);
  BOOST_TEST(j.at("hits")[0].at("docno") == "DOC-001");
}

BOOST_AUTO_TEST_CASE(compare_views) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  SearchCommand command;
  command.index = dir.path;
  command.compare = {"all", "min-words-5"};
  command.query = "penguins";
  command.options.k = 3;
  std::ostringstream out;
  run_search_command(command, out);
  BOOST_TEST(out.str().find("min-words:5") != std::string::npos, out.str());
  BOOST_TEST(out.str().find("DOC-003") != std::string::npos, out.str());
  command.compare = {"all", "min-words:99"};
  BOOST_CHECK_THROW(run_search_command(command, out), UsageError);
}

// Searching needs no view's extractor: a set with a boilernet: view (a library
// boilerdex-search does not load) and a learned: view whose model file has been deleted
// opens, and those views search as the view they copy.
BOOST_AUTO_TEST_CASE(views_whose_extractor_cannot_be_built) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  const std::string learned = "learned:" + (dir.path / "deleted-model.json").string();
  test::add_extractor_views(dir.path, {"boilernet:model.pt", learned});
  SearchCommand command;
  command.index = dir.path;
  command.query = "penguins";
  command.format = OutputFormat::Json;
  std::ostringstream all;
  run_search_command(command, all);
  for (const std::string& name : {std::string("extractor:boilernet:model.pt"), "extractor:" + learned}) {
    command.view.name = name;
    std::ostringstream out;
    run_search_command(command, out);
    auto j = nlohmann::json::parse(out.str());
    BOOST_TEST(j.at("view") == name);
    j["view"] = "all";
    BOOST_TEST(j == nlohmann::json::parse(all.str()), name);
  }
}

BOOST_AUTO_TEST_SUITE_END()

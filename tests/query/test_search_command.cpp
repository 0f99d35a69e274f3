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

BOOST_AUTO_TEST_SUITE_END()

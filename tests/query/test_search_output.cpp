#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/query/search_output.hpp"

using namespace boilerdex;
using namespace boilerdex::query;

namespace {
ViewResults sample(std::string view, std::vector<std::string> docnos) {
  ViewResults results{std::move(view), {}};
  double score = 9.5;
  std::size_t rank = 0;
  for (std::string& docno : docnos) {
    SearchHit hit;
    hit.docid = static_cast<Xapian::docid>(rank + 1);
    hit.rank = ++rank;
    hit.score = score;
    score -= 1.25;
    hit.docno = std::move(docno);
    hit.url = "http://example.org/" + hit.docno;
    hit.title = "Title \"" + hit.docno + "\"";
    hit.snippet = "Title <b>" + hit.docno + "</b>";
    results.result.hits.push_back(std::move(hit));
  }
  results.result.matches_estimated = 42;
  results.result.query_description = "Query(Zpenguin@1)";
  return results;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(search_output)

BOOST_AUTO_TEST_CASE(text_listing) {
  std::ostringstream out;
  print_results(out, sample("all", {"D1", "D2"}), "penguins", OutputFormat::Text);
  BOOST_TEST(out.str() ==
             "view all: about 42 matches for \"penguins\"\n"
             "1. D1  9.5000  http://example.org/D1\n"
             "    Title \"D1\"\n"
             "    Title <b>D1</b>\n"
             "2. D2  8.2500  http://example.org/D2\n"
             "    Title \"D2\"\n"
             "    Title <b>D2</b>\n");
}

BOOST_AUTO_TEST_CASE(json_object) {
  std::ostringstream out;
  print_results(out, sample("min-words:10", {"D1"}), "pen\"guins", OutputFormat::Json);
  const auto j = nlohmann::json::parse(out.str());
  BOOST_TEST(j.at("query") == "pen\"guins");
  BOOST_TEST(j.at("view") == "min-words:10");
  BOOST_TEST(j.at("matches_estimated") == 42);
  BOOST_TEST(j.at("hits").size() == 1u);
  BOOST_TEST(j.at("hits")[0].at("docno") == "D1");
  BOOST_TEST(j.at("hits")[0].at("score").get<double>() == 9.5);
  BOOST_TEST(j.at("hits")[0].at("snippet") == "Title <b>D1</b>");
}

BOOST_AUTO_TEST_CASE(side_by_side) {
  const std::vector<ViewResults> views{sample("all", {"D1", "D2"}), sample("min-words:10", {"D3"})};
  std::ostringstream out;
  print_comparison(out, views, "q", OutputFormat::Text);
  BOOST_TEST(out.str() ==
             "query: q\n"
             "rank  all          min-words:10\n"
             "1     D1 (9.5000)  D3 (9.5000)\n"
             "2     D2 (8.2500)  \n"
             "      ~42 matches  ~42 matches\n");
  std::ostringstream json;
  print_comparison(json, views, "q", OutputFormat::Json);
  const auto j = nlohmann::json::parse(json.str());
  BOOST_TEST(j.at("views").size() == 2u);
  BOOST_TEST(j.at("views")[1].at("hits")[0].at("docno") == "D3");
}

BOOST_AUTO_TEST_CASE(format_names) {
  BOOST_TEST((parse_output_format("json") == OutputFormat::Json));
  BOOST_CHECK_THROW((void)parse_output_format("xml"), UsageError);
}

BOOST_AUTO_TEST_SUITE_END()

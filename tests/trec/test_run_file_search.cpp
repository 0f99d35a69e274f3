#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

#include "../query/index_fixture.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/commands.hpp"
#include "boilerdex/trec/evaluator.hpp"
#include "boilerdex/trec/run_file.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;

BOOST_AUTO_TEST_SUITE(run_file_search)

BOOST_AUTO_TEST_CASE(every_topic_present_in_evaluation_order) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  const query::IndexSet set = query::IndexSet::open(dir.path);
  const query::Searcher searcher(set, set.view("all"));
  const std::vector<Topic> topics = parse_topics(
      "<top><num> Number: 902<title> \"penguins\" AND ice <desc> Description: marching birds</top>"
      "<top><num> Number: 901<title> zzzznothing</top>"
      "<top><num> Number: 903<desc> qqqq zzzz</top>",
      "topics");
  const Run run = write_run(searcher, topics, TopicField::Title, 1000, "t1");
  BOOST_TEST(run.tag == "t1");
  BOOST_REQUIRE_EQUAL(run.topics.size(), 3u);
  BOOST_TEST(run.topics.at("901").empty());
  BOOST_TEST(run.topics.at("903").empty());  // no title
  const auto& hits = run.topics.at("902");
  // Plain syntax: penguins OR and OR ice -> DOC-001..004 (DOC-002 by "and" and "Penguins").
  BOOST_REQUIRE_EQUAL(hits.size(), 4u);
  for (std::size_t i = 0; i < hits.size(); ++i) {
    BOOST_TEST(hits[i].rank == static_cast<long>(i + 1));
    if (i > 0) {
      BOOST_TEST((hits[i - 1].score > hits[i].score ||
                  (hits[i - 1].score == hits[i].score && hits[i - 1].docno > hits[i].docno)));
    }
  }
  const Run by_desc = write_run(searcher, topics, TopicField::Description, 2, "t1");
  BOOST_TEST(by_desc.topics.at("902").size() == 2u);  // k
  BOOST_TEST(by_desc.topics.at("903").empty());       // its description matches nothing
  BOOST_CHECK_THROW((void)write_run(searcher, topics, TopicField::Title, 0, "t1"), UsageError);
  BOOST_CHECK_THROW((void)write_run(searcher, topics, TopicField::Title, 10, "bad tag"), UsageError);

  // The file evaluates exactly as the Run does.
  std::ostringstream file;
  write_run_file(file, run);
  const Run back = parse_run(file.str(), "back");
  const Qrels qrels = parse_qrels("901 0 DOC-001 1\n902 0 DOC-001 2\n902 0 DOC-004 1\n903 0 DOC-005 1\n", "q");
  EvalOptions complete;
  complete.complete = true;
  const auto measures = parse_measures(std::vector<std::string>{"P.5", "map", "ndcg_cut.10", "num_q"});
  const Evaluation direct = evaluate(qrels, run, measures, complete);
  const Evaluation read_back = evaluate(qrels, back, measures, complete);
  BOOST_REQUIRE_EQUAL(direct.topics.size(), 3u);
  for (std::size_t t = 0; t < direct.topics.size(); ++t) {
    BOOST_TEST(direct.topics[t].values == read_back.topics[t].values, boost::test_tools::per_element());
  }
  BOOST_TEST(*direct.value("all", "num_q") == 3.0);
}

BOOST_AUTO_TEST_CASE(run_command_writes_a_tagged_file) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path / "index");
  {
    std::ofstream topics(dir.path / "topics.txt");
    topics << "<top>\n<num> Number: 1\n<title> penguins\n</top>\n<top>\n<num> Number: 2\n<title> qqqq\n</top>\n";
  }
  RunCommand command;
  command.index = dir.path / "index";
  command.view.min_words = 5;
  command.topics = dir.path / "topics.txt";
  command.output = dir.path / "out.run";
  std::ostringstream log;
  run_run_command(command, log);
  const Run run = read_run(command.output);
  BOOST_TEST(run.tag == "boilerdex.min-words-5.title.bm25=1,0.5");
  BOOST_TEST(run.topics.at("1").size() == 1u);
  BOOST_TEST(run.topics.at("2").at(0).docno == no_result_docno);
  BOOST_TEST(log.str().find("2 topics (1 without results), 2 lines") != std::string::npos, log.str());
}

// boilerdex-trec run needs no view's extractor: a boilernet: view (a library boilerdex-trec
// does not load) and a learned: view whose model file is gone run as the view they copy.
BOOST_AUTO_TEST_CASE(views_whose_extractor_cannot_be_built) {
  test::TemporaryDirectory dir;
  test::build_fixture_index(dir.path);
  const std::string learned = "learned:" + (dir.path / "deleted-model.json").string();
  test::add_extractor_views(dir.path, {"boilernet:model.pt", learned});
  std::ofstream(dir.path / "topics") << "<top><num> Number: 902<title> penguins ice</top>\n";
  RunCommand command;
  command.index = dir.path;
  command.topics = dir.path / "topics";
  command.tag = "t";
  command.output = dir.path / "all.run";
  std::ostringstream err;
  run_run_command(command, err);
  for (const std::string& name : {std::string("extractor:boilernet:model.pt"), "extractor:" + learned}) {
    command.view.name = name;
    command.output = dir.path / "view.run";
    run_run_command(command, err);
    BOOST_TEST(read_run(command.output).topics.at("902").size() == 4u, name);
    std::ifstream a(dir.path / "all.run"), b(command.output);
    BOOST_TEST(std::string(std::istreambuf_iterator<char>(a), {}) == std::string(std::istreambuf_iterator<char>(b), {}),
               name);
  }
}

BOOST_AUTO_TEST_SUITE_END()

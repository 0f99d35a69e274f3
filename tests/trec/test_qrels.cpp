#include <boost/test/unit_test.hpp>

#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/qrels.hpp"

using namespace boilerdex::trec;

BOOST_AUTO_TEST_SUITE(qrels)

BOOST_AUTO_TEST_CASE(reads_labels_including_negative_ones) {
  const Qrels q = parse_qrels("852 0 b 1\n851 0 d2 -1\r\n\n# a comment\n851 0 d1 +4\n851 Q0 d3 0\n", "q");
  BOOST_REQUIRE_EQUAL(q.topics().size(), 2u);
  BOOST_TEST(q.topics().begin()->first == "851");  // string order, as trec_eval sorts
  const TopicJudgments* t = q.find("851");
  BOOST_REQUIRE(t);
  BOOST_TEST(t->at("d1") == 4);
  BOOST_TEST(t->at("d2") == -1);
  BOOST_TEST(t->at("d3") == 0);
  BOOST_TEST(!q.find("853"));
}

BOOST_AUTO_TEST_CASE(binarized_keeps_negative_labels) {
  const Qrels q = parse_qrels("1 0 a 4\n1 0 b 1\n1 0 c 0\n1 0 d -1\n1 0 e 2\n", "q");
  const Qrels one = q.binarized(1);
  const TopicJudgments& t = *one.find("1");
  BOOST_TEST(t.at("a") == 1);
  BOOST_TEST(t.at("b") == 1);
  BOOST_TEST(t.at("c") == 0);
  BOOST_TEST(t.at("d") == -1);
  BOOST_TEST(t.at("e") == 1);
  const Qrels two = q.binarized(2);
  BOOST_TEST(two.find("1")->at("b") == 0);
  BOOST_TEST(two.find("1")->at("a") == 1);
}

void check_error(const std::string& text, std::size_t line, const std::string& fragment) {
  try {
    (void)parse_qrels(text, "q.txt");
    BOOST_ERROR("no error for: " << text);
  } catch (const ParseError& e) {
    BOOST_TEST(e.line() == line);
    BOOST_TEST(std::string(e.what()).starts_with("q.txt:" + std::to_string(line) + ": "), e.what());
    BOOST_TEST(std::string(e.what()).find(fragment) != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_CASE(errors_name_file_and_line) {
  check_error("1 0 a 1\n1 0 b\n", 2, "expected 4 fields");
  check_error("1 0 a 1\n\n1 0 b 1 extra\n", 3, "found 5");
  check_error("1 0 a one\n", 1, "not an integer");
  check_error("1 0 a 1.5\n", 1, "not an integer");
  check_error("1 0 a 1\n2 0 a 1\n1 0 a 0\n", 3, "judged twice");
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/parse_error.hpp"
#include "boilerdex/trec/run_file.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;

BOOST_AUTO_TEST_SUITE(run_file)

BOOST_AUTO_TEST_CASE(reads_lines_as_trec_eval_does) {
  const Run run = parse_run(
      "# comment\n"
      "2 Q0 a 1 3.5 first\n"
      "\n"
      "1 0 b x -2e-3 second trailing fields ignored\r\n"
      "1 Q0 c 7 +4 last\n",
      "r");
  BOOST_TEST(run.tag == "last");  // get_trec_results.c keeps the last line's run_id
  BOOST_REQUIRE_EQUAL(run.topics.size(), 2u);
  const auto& one = run.topics.at("1");
  BOOST_REQUIRE_EQUAL(one.size(), 2u);
  BOOST_TEST(one[0].docno == "b");
  BOOST_TEST(one[0].score == -0.002);
  BOOST_TEST(one[0].rank == 0);  // "x" is not a rank; trec_eval ignores ranks anyway
  BOOST_TEST(one[1].score == 4.0);
  BOOST_TEST(one[1].rank == 7);
  BOOST_TEST(run.topics.at("2")[0].docno == "a");
}

void check_error(const std::string& text, std::size_t line, const std::string& fragment) {
  try {
    (void)parse_run(text, "run.txt");
    BOOST_ERROR("no error for: " << text);
  } catch (const ParseError& e) {
    BOOST_TEST(e.line() == line);
    BOOST_TEST(std::string(e.what()).starts_with("run.txt:" + std::to_string(line) + ": "), e.what());
    BOOST_TEST(std::string(e.what()).find(fragment) != std::string::npos, e.what());
  }
}

BOOST_AUTO_TEST_CASE(errors_name_file_and_line) {
  check_error("1 Q0 a 1 2 t\n1 Q0 b 2 1\n", 2, "expected 6 fields");
  check_error("1 Q0 a 1 high t\n", 1, "not a number");
  check_error("1 Q0 a 1 nan t\n", 1, "not a number");
  // trec_eval 10.0 stops with "duplicate docs"; we name both lines.
  check_error("1 Q0 a 1 2 t\n2 Q0 a 1 2 t\n1 Q0 b 2 1 t\n1 Q0 a 3 0.5 t\n", 4, "(first on line 1)");
}

BOOST_AUTO_TEST_CASE(writes_shortest_round_trip_scores_and_placeholder_for_empty_topics) {
  Run run;
  run.tag = "bdx";
  run.topics["901"] = {RunEntry{"d1", 0.1 + 0.2, 0}, RunEntry{"d2", 12.0, 0}};
  run.topics["902"] = {};
  std::ostringstream out;
  write_run_file(out, run);
  BOOST_TEST(out.str() ==
             "901 Q0 d1 1 0.30000000000000004 bdx\n"
             "901 Q0 d2 2 12 bdx\n"
             "902 Q0 boilerdex-no-result 1 0 bdx\n");
  const Run back = parse_run(out.str(), "back");
  BOOST_TEST(back.topics.at("901")[0].score == 0.1 + 0.2);
  BOOST_TEST(back.topics.at("902").size() == 1u);
}

BOOST_AUTO_TEST_CASE(rejects_bad_tags) {
  Run run;
  run.topics["1"] = {RunEntry{"d", 1.0, 1}};
  std::ostringstream out;
  BOOST_CHECK_THROW(write_run_file(out, run), UsageError);
  run.tag = "two words";
  BOOST_CHECK_THROW(write_run_file(out, run), UsageError);
}

// Issue #16, item 2: a DOCNO with whitespace would be read back as other fields (or, with a
// newline, as a broken line); the writer refuses the run, naming the DOCNO, before writing.
BOOST_AUTO_TEST_CASE(refuses_docnos_a_run_line_cannot_carry) {
  Run run;
  run.tag = "bdx";
  run.topics["901"] = {RunEntry{"ok", 2.0, 0}, RunEntry{"BLOG 06 01", 1.0, 0}};
  std::ostringstream out;
  BOOST_CHECK_EXCEPTION(write_run_file(out, run), Error, [](const Error& e) {
    const std::string what = e.what();
    return what.find("DOCNO 'BLOG 06 01' (topic 901) contains a space at byte 4") != std::string::npos;
  });
  BOOST_TEST(out.str().empty());
  run.topics["901"][1].docno = "line\nbreak";
  BOOST_CHECK_EXCEPTION(write_run_file(out, run), Error, [](const Error& e) {
    return std::string(e.what()).find("'line\\x0abreak'") != std::string::npos;
  });
  run.topics["901"][1].docno = "caf\xE9";  // not UTF-8, but one field: written as is
  write_run_file(out, run);
  BOOST_TEST(out.str().find("901 Q0 caf\xE9 2 1 bdx\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(reading_refuses_the_docnos_writing_refuses) {
  // A NUL or another control byte inside the DOCNO field (found by fuzz_run_file: the run
  // read back, then write_run_file refused what parse_run had accepted).
  const std::string text = std::string("901 Q0 ok 1 2.0 bdx\n901 Q0 ") + '\0' + "d2 2 1.0 bdx\n";
  BOOST_CHECK_EXCEPTION((void)parse_run(text, "a.run"), ParseError, [](const ParseError& e) {
    const std::string what = e.what();
    return what.find("a.run") != std::string::npos && what.find(":2") != std::string::npos &&
           what.find("'\\x00d2'") != std::string::npos && what.find("control byte") != std::string::npos;
  });
  BOOST_CHECK_EXCEPTION((void)parse_run("901 Q0 a\x7f 1 2.0 bdx\n", "b.run"), ParseError,
                        [](const ParseError& e) { return std::string(e.what()).find("b.run") != std::string::npos; });
}

BOOST_AUTO_TEST_SUITE_END()

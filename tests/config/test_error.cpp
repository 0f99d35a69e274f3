#include <boost/test/unit_test.hpp>

#include <iostream>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"

BOOST_AUTO_TEST_SUITE(error)

BOOST_AUTO_TEST_CASE(config_error_names_file_line_column_and_key) {
  const boilerdex::ConfigError e("site.toml", 12, 3, "views.min_words", "expected an integer");
  BOOST_TEST(std::string(e.what()) == "site.toml:12:3: views.min_words: expected an integer");
  BOOST_TEST(e.line() == 12u);
  BOOST_TEST(e.key() == "views.min_words");
}

BOOST_AUTO_TEST_CASE(config_error_without_position) {
  const boilerdex::ConfigError e("", 0, 0, "", "no input given");
  BOOST_TEST(std::string(e.what()) == "<command line>: no input given");
}

BOOST_AUTO_TEST_CASE(run_tool_maps_exceptions_to_exit_codes) {
  BOOST_TEST(boilerdex::config::run_tool("t", [] { return 0; }) == 0);
  BOOST_TEST(boilerdex::config::run_tool("t", []() -> int { throw boilerdex::UsageError("bad"); }) == 2);
  BOOST_TEST(boilerdex::config::run_tool("t", []() -> int { throw boilerdex::ConfigError("f", 1, 1, "k", "m"); }) == 2);
  BOOST_TEST(boilerdex::config::run_tool("t", []() -> int { throw boilerdex::Error("x"); }) == 1);
  BOOST_TEST(boilerdex::config::run_tool("t", []() -> int { throw 42; }) == 1);
}

// Issue #16, item 1: a message naming a Latin-1 path or a DOCNO with a control byte stays
// one readable line; valid UTF-8 is kept.
BOOST_AUTO_TEST_CASE(run_tool_shows_bytes_that_are_not_utf8_readably) {
  std::ostringstream captured;
  std::streambuf* const old = std::cerr.rdbuf(captured.rdbuf());
  const int rc = boilerdex::config::run_tool(
      "t", []() -> int { throw boilerdex::Error("/data/caf\xE9/a.trec: D\r1 in caf\xC3\xA9 \xED\xA0\x80 \xF0\x9F\x98\x80"); });
  std::cerr.rdbuf(old);
  BOOST_TEST(rc == 1);
  BOOST_TEST(captured.str() ==
             "t: error: /data/caf\\xe9/a.trec: D\\x0d1 in caf\xC3\xA9 \\xed\\xa0\\x80 \xF0\x9F\x98\x80\n");
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

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

BOOST_AUTO_TEST_SUITE_END()

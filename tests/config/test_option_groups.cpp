// The tools' shared option groups (config/tools/boilerdex/config/option_groups.hpp): the
// view group's exclusions, and ConfigOverrides setting exactly the keys whose options were
// given, over whatever the configuration file said.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/option_groups.hpp"

using namespace boilerdex::config;

namespace {

/// Parses \p args (without the program name) with \p app; false when CLI11 refuses them.
bool parse(CLI::App& app, std::vector<std::string> args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads them from the back
  try {
    app.parse(reversed);
    return true;
  } catch (const CLI::ParseError&) {
    return false;
  }
}

/// The overrides boilerdex-index declares, on \p app.
void add_index_overrides(CLI::App& app, ConfigOverrides& set) {
  set.add_option<std::vector<std::string>>(app, "--input", &Config::collection, &CollectionConfig::inputs, "");
  set.add_option(app, "--format", &Config::collection, &CollectionConfig::format, "");
  set.add_option<std::string>(app, "--stopwords", &Config::indexing, &IndexingConfig::stopwords_file, "");
  set.add_count_option(app, "--threads", &Config::indexing, &IndexingConfig::threads, "", k_thread_range);
  set.add_count_option(app, "--snippet-bytes", &Config::indexing, &IndexingConfig::snippet_bytes, "",
                       k_snippet_bytes_range);
  set.add_flag(app, "--no-positions", &Config::indexing, &IndexingConfig::positions, false, "");
  set.add_flag(app, "--strict", &Config::indexing, &IndexingConfig::strict, true, "");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(option_groups)

BOOST_AUTO_TEST_CASE(view_options_take_one_of_three) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--view", "all", "--min-words", "5"}, {"--view", "all", "--min-density", "2"},
           {"--min-words", "5", "--min-density", "2"}}) {
    CLI::App app;
    ViewOptions view;
    add_view_options(app, view);
    BOOST_TEST(!parse(app, args));
  }
  CLI::App app;
  ViewOptions view;
  add_view_options(app, view);
  BOOST_TEST(!view.given());
  BOOST_TEST(parse(app, {"--min-density", "7.5"}));
  BOOST_TEST(view.given());
  BOOST_TEST(view.name.empty());
  BOOST_TEST(!view.min_words);
  BOOST_TEST(*view.min_density == 7.5);
}

BOOST_AUTO_TEST_CASE(bm25_and_quiet_bind_their_values) {
  CLI::App app;
  std::string bm25;
  bool quiet = false;
  add_bm25_option(app, bm25, "search");
  add_quiet_flag(app, quiet);
  BOOST_TEST(app.get_option("--bm25")->get_description().find("[search] bm25_k1, bm25_b") != std::string::npos);
  BOOST_TEST(parse(app, {"--bm25", "0.9,0.4", "-q"}));
  BOOST_TEST(bm25 == "0.9,0.4");
  BOOST_TEST(quiet);
}

BOOST_AUTO_TEST_CASE(overrides_set_only_what_was_given) {
  CLI::App app;
  ConfigOverrides set;
  add_index_overrides(app, set);
  BOOST_TEST(parse(app, {"--input", "a", "b", "--threads", "3", "--no-positions"}));
  Config c;
  c.collection.format = "warc";  // as a configuration file set it
  c.indexing.snippet_bytes = 99;
  c.indexing.stopwords_file = "from-config.txt";
  set.apply(c);
  BOOST_TEST(c.collection.inputs == (std::vector<std::filesystem::path>{"a", "b"}), boost::test_tools::per_element());
  BOOST_TEST(c.indexing.threads == 3u);
  BOOST_TEST(!c.indexing.positions);
  BOOST_TEST(c.collection.format == "warc");       // not given: the file's value stays
  BOOST_TEST(c.indexing.snippet_bytes == 99u);
  BOOST_TEST(c.indexing.stopwords_file == "from-config.txt");
  BOOST_TEST(!c.indexing.strict);                   // a flag not given leaves its key
}

BOOST_AUTO_TEST_CASE(overrides_replace_the_files_values) {
  CLI::App app;
  ConfigOverrides set;
  add_index_overrides(app, set);
  BOOST_TEST(parse(app, {"--format", "files", "--snippet-bytes", "0", "--stopwords", "s.txt", "--strict"}));
  Config c;
  c.collection.format = "warc";
  c.indexing.snippet_bytes = 99;
  set.apply(c);
  BOOST_TEST(c.collection.format == "files");
  BOOST_TEST(c.indexing.snippet_bytes == 0u);  // a count of 0 is given, not absent
  BOOST_TEST(c.indexing.stopwords_file == "s.txt");
  BOOST_TEST(c.indexing.strict);
}

BOOST_AUTO_TEST_CASE(an_empty_text_is_not_given) {
  CLI::App app;
  ConfigOverrides set;
  add_index_overrides(app, set);
  BOOST_TEST(parse(app, {"--format", ""}));
  Config c;
  c.collection.format = "warc";
  set.apply(c);
  BOOST_TEST(c.collection.format == "warc");
}

BOOST_AUTO_TEST_CASE(counts_are_checked_at_parse_time) {
  CLI::App app;
  ConfigOverrides set;
  add_index_overrides(app, set);
  BOOST_TEST(!parse(app, {"--threads", "-1"}));
}

BOOST_AUTO_TEST_SUITE_END()

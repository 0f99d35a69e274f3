// index_options_from_config: every key of [collection], [extraction], [views] and
// [indexing] reaches IndexOptions, and a configuration left at its defaults gives the
// defaults of IndexOptions and TermSettings (written once, in config/defaults.hpp).
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "temp_dir.hpp"

using namespace boilerdex;
using namespace boilerdex::indexer;

BOOST_AUTO_TEST_SUITE(index_options)

BOOST_AUTO_TEST_CASE(default_configuration_gives_default_options) {
  const IndexOptions o = index_options_from_config(config::Config{});
  const IndexOptions d;
  BOOST_TEST(o.inputs.empty());
  BOOST_TEST((o.format == d.format));
  BOOST_TEST(o.out_dir == d.out_dir);
  BOOST_TEST(o.views.empty());
  BOOST_TEST(o.terms.language == d.terms.language);
  BOOST_TEST(o.terms.stem_strategy == d.terms.stem_strategy);
  BOOST_TEST(o.terms.stopwords.empty());
  BOOST_TEST(o.terms.positions == d.terms.positions);
  BOOST_TEST(o.terms.sweep_positions == d.terms.sweep_positions);
  BOOST_TEST(o.terms.sweep_termlists == d.terms.sweep_termlists);
  BOOST_TEST(o.terms.index_title == d.terms.index_title);
  BOOST_TEST(o.terms.cjk_ngram == d.terms.cjk_ngram);
  BOOST_TEST(o.limits.max_depth == d.limits.max_depth);
  BOOST_TEST(o.limits.max_blocks == d.limits.max_blocks);
  BOOST_TEST(o.limits.max_block_bytes == d.limits.max_block_bytes);
  BOOST_TEST(o.limits.max_page_millis == d.limits.max_page_millis);
  BOOST_TEST(o.max_page_bytes == d.max_page_bytes);
  BOOST_TEST(o.commit_interval == d.commit_interval);
  BOOST_TEST(o.max_pending_postings == d.max_pending_postings);
  BOOST_TEST(o.max_view_pending_postings == d.max_view_pending_postings);
  BOOST_TEST(o.sync_commits == d.sync_commits);
  BOOST_TEST(o.threads == d.threads);
  BOOST_TEST(o.strict == d.strict);
  BOOST_TEST(o.auto_sample_documents == d.auto_sample_documents);
  BOOST_TEST(o.snippet_bytes == d.snippet_bytes);
  BOOST_TEST(o.config_toml == config::to_toml(config::Config{}));
  // The documented values (config.hpp, docs/configuration.md).
  BOOST_TEST(d.terms.language == "english");
  BOOST_TEST(d.terms.stem_strategy == "some");
  BOOST_TEST(d.max_page_bytes == (20ull << 20));
  BOOST_TEST(d.commit_interval == 2000u);
  BOOST_TEST(d.max_pending_postings == 1000000u);
  BOOST_TEST(d.max_view_pending_postings == 100000u);
  BOOST_TEST(d.snippet_bytes == 2048u);
  BOOST_TEST(d.auto_sample_documents == 2000u);
}

BOOST_AUTO_TEST_CASE(every_key_is_read) {
  test::TempDir dir("index-options");
  const auto stopwords = dir.path / "stop.txt";
  std::ofstream(stopwords) << "# a comment\n  the \t\nand # trailing\n\n";
  config::Config c;
  c.collection.inputs = {"/c/a.gz", "/c/b"};
  c.collection.format = "warc";
  c.collection.max_page_bytes = 1234;
  c.extraction.max_depth = 9;
  c.extraction.max_blocks = 99;
  c.extraction.max_block_bytes = 999;
  c.extraction.max_page_millis = 0;
  c.views.specs = {"all", "min-words:5,10"};
  c.indexing.output = "/out";
  c.indexing.language = "none";
  c.indexing.stem_strategy = "all";
  c.indexing.stopwords = {"of"};
  c.indexing.stopwords_file = stopwords;
  c.indexing.positions = false;
  c.indexing.sweep_positions = true;
  c.indexing.sweep_termlists = true;
  c.indexing.index_title = false;
  c.indexing.cjk_ngram = false;
  c.indexing.commit_interval = 5;
  c.indexing.max_pending_postings = 6;
  c.indexing.max_view_pending_postings = 7;
  c.indexing.sync_commits = true;
  c.indexing.threads = 3;
  c.indexing.strict = true;
  c.indexing.snippet_bytes = 0;
  c.indexing.auto_sample_documents = 4;
  const IndexOptions o = index_options_from_config(c);
  BOOST_TEST(o.inputs == c.collection.inputs, boost::test_tools::per_element());
  BOOST_TEST((o.format == InputFormat::Warc));
  BOOST_TEST(o.max_page_bytes == 1234u);
  BOOST_TEST(o.limits.max_depth == 9u);
  BOOST_TEST(o.limits.max_blocks == 99u);
  BOOST_TEST(o.limits.max_block_bytes == 999u);
  BOOST_TEST(o.limits.max_page_millis == 0u);
  BOOST_TEST_REQUIRE(o.views.size() == 3u);
  BOOST_TEST(o.views[0].spec() == "all");
  BOOST_TEST(o.views[2].spec() == "min-words:10");
  BOOST_TEST(o.out_dir == "/out");
  BOOST_TEST(o.terms.language == "none");
  BOOST_TEST(o.terms.stem_strategy == "all");
  BOOST_TEST(o.terms.stopwords == (std::vector<std::string>{"of", "the", "and"}), boost::test_tools::per_element());
  BOOST_TEST(!o.terms.positions);
  BOOST_TEST(o.terms.sweep_positions);
  BOOST_TEST(o.terms.sweep_termlists);
  BOOST_TEST(!o.terms.index_title);
  BOOST_TEST(!o.terms.cjk_ngram);
  BOOST_TEST(o.commit_interval == 5u);
  BOOST_TEST(o.max_pending_postings == 6u);
  BOOST_TEST(o.max_view_pending_postings == 7u);
  BOOST_TEST(o.sync_commits);
  BOOST_TEST(o.threads == 3u);
  BOOST_TEST(o.strict);
  BOOST_TEST(o.snippet_bytes == 0u);
  BOOST_TEST(o.auto_sample_documents == 4u);
  BOOST_TEST(o.config_toml == config::to_toml(c));
}

BOOST_AUTO_TEST_CASE(bad_values_are_named) {
  config::Config bad_format;
  bad_format.collection.format = "zip";
  BOOST_CHECK_THROW((void)index_options_from_config(bad_format), ConfigError);
  config::Config bad_view;
  bad_view.views.specs = {"min-words:x"};
  BOOST_CHECK_THROW((void)index_options_from_config(bad_view), UsageError);
  config::Config no_stopwords;
  no_stopwords.indexing.stopwords_file = "/nonexistent/stopwords.txt";
  try {
    (void)index_options_from_config(no_stopwords);
    BOOST_FAIL("no ConfigError for a missing stopwords file");
  } catch (const ConfigError& e) {
    BOOST_TEST(std::string(e.what()).find("/nonexistent/stopwords.txt") != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"

namespace fs = std::filesystem;
using boilerdex::ConfigError;
using namespace boilerdex::config;

namespace {

const fs::path fixtures = fs::path(BOILERDEX_FIXTURES_DIR) / "config";

/// Loads \p name and returns the ConfigError it must raise.
ConfigError error_of(const fs::path& path) {
  try {
    (void)load_config(path);
  } catch (const ConfigError& e) {
    return e;
  }
  BOOST_FAIL("no ConfigError for " << path);
  throw;  // unreachable
}

ConfigError error_of_text(std::string_view text) {
  try {
    (void)parse_config(text, "inline.toml");
  } catch (const ConfigError& e) {
    return e;
  }
  BOOST_FAIL("no ConfigError for: " << text);
  throw;  // unreachable
}

}  // namespace

BOOST_AUTO_TEST_SUITE(config)

BOOST_AUTO_TEST_CASE(empty_text_gives_the_defaults) {
  const Config c = parse_config("", "empty.toml");
  const Config d;
  BOOST_TEST(c.collection.format == "trec");
  BOOST_TEST(c.collection.max_page_bytes == 20u << 20);
  BOOST_TEST(c.views.specs.empty());
  // Every face's default extractor comes from this one constant (default_extractor.hpp).
  BOOST_TEST(c.extraction.extractor == "best");
  BOOST_TEST(c.extraction.extractor == k_default_extractor);
  BOOST_TEST(c.indexing.language == "english");
  BOOST_TEST(c.indexing.stem_strategy == "some");
  BOOST_TEST(c.indexing.positions);
  BOOST_TEST(!c.indexing.sweep_positions);
  BOOST_TEST(!c.indexing.sweep_termlists);
  BOOST_TEST(c.indexing.index_title);
  BOOST_TEST(c.indexing.cjk_ngram);
  BOOST_TEST(c.indexing.commit_interval == d.indexing.commit_interval);
  BOOST_TEST(c.trec.k == 1000u);
  BOOST_TEST(c.search.bm25_k1 == 1.0);
  BOOST_TEST(c.search.bm25_b == 0.5);
}

BOOST_AUTO_TEST_CASE(every_key_is_read_and_relative_paths_follow_the_file) {
  const Config c = load_config(fixtures / "full.toml");
  BOOST_TEST(c.source == fixtures / "full.toml");
  BOOST_REQUIRE(c.collection.inputs.size() == 2u);
  BOOST_TEST(c.collection.inputs[0] == (fixtures / "data/a.gz").lexically_normal());
  BOOST_TEST(c.collection.inputs[1] == fs::path("/abs/b.gz"));
  BOOST_TEST(c.collection.format == "warc");
  BOOST_TEST(c.collection.max_page_bytes == 1048576u);
  BOOST_TEST(c.extraction.extractor == "default");
  BOOST_TEST(c.extraction.max_depth == 500u);
  BOOST_TEST(c.extraction.max_blocks == 1000u);
  BOOST_TEST(c.extraction.max_block_bytes == 4096u);
  BOOST_TEST(c.views.specs == (std::vector<std::string>{"all", "min-words:5,10", "extractor:article"}),
             boost::test_tools::per_element());
  BOOST_TEST(c.indexing.output == (fixtures / "out/set").lexically_normal());
  BOOST_TEST(c.indexing.language == "french");
  BOOST_TEST(c.indexing.stem_strategy == "all");
  BOOST_TEST(c.indexing.stopwords.size() == 2u);
  BOOST_TEST(c.indexing.stopwords_file == (fixtures / "stop.txt").lexically_normal());
  BOOST_TEST(!c.indexing.positions);
  BOOST_TEST(c.indexing.sweep_positions);
  BOOST_TEST(c.indexing.sweep_termlists);
  BOOST_TEST(!c.indexing.index_title);
  BOOST_TEST(!c.indexing.cjk_ngram);
  BOOST_TEST(c.indexing.commit_interval == 50u);
  BOOST_TEST(c.indexing.max_pending_postings == 1000u);
  BOOST_TEST(c.indexing.max_view_pending_postings == 700u);
  BOOST_TEST(c.indexing.threads == 3u);
  BOOST_TEST(c.indexing.strict);
  BOOST_TEST(c.search.view == "min-words:10");
  BOOST_TEST(c.search.k == 20u);
  BOOST_TEST(c.search.bm25_k1 == 0.9);
  BOOST_TEST(c.search.bm25_b == 0.4);
  BOOST_TEST(c.trec.topics == (fixtures / "topics.txt").lexically_normal());
  BOOST_TEST(c.trec.field == "title+desc");
  BOOST_TEST(c.trec.k == 100u);
  BOOST_TEST(c.trec.run_tag == "bdx-test");
  BOOST_TEST(c.trec.views.size() == 2u);
  BOOST_TEST(c.trec.bm25_b == 0.75);
  BOOST_TEST(c.trec.gold == (fixtures / "gold").lexically_normal());
}

BOOST_AUTO_TEST_CASE(unknown_key_names_file_line_and_key) {
  const ConfigError e = error_of(fixtures / "unknown_key.toml");
  BOOST_TEST(e.file() == (fixtures / "unknown_key.toml").string());
  BOOST_TEST(e.line() == 3u);
  BOOST_TEST(e.column() == 1u);
  BOOST_TEST(e.key() == "indexing.comit_interval");
  BOOST_TEST(std::string(e.what()).find("unknown key") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(wrong_type_names_the_key_and_both_types) {
  const ConfigError e = error_of(fixtures / "wrong_type.toml");
  BOOST_TEST(e.line() == 5u);
  BOOST_TEST(e.key() == "indexing.commit_interval");
  BOOST_TEST(std::string(e.what()).find("expected an integer, got a string") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(syntax_error_has_a_position) {
  const ConfigError e = error_of(fixtures / "syntax_error.toml");
  BOOST_TEST(e.line() >= 2u);
  BOOST_TEST(e.key().empty());
}

BOOST_AUTO_TEST_CASE(unknown_table_and_bad_choice) {
  const ConfigError t = error_of(fixtures / "unknown_table.toml");
  BOOST_TEST(t.key() == "index");
  BOOST_TEST(t.line() == 1u);
  const ConfigError f = error_of(fixtures / "bad_format.toml");
  BOOST_TEST(f.key() == "collection.format");
  BOOST_TEST(std::string(f.what()).find("'arc' is not one of trec, warc, files") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(range_and_element_errors) {
  BOOST_TEST(error_of_text("[indexing]\ncommit_interval = 0\n").key() == "indexing.commit_interval");
  BOOST_TEST(error_of_text("[indexing]\nmax_view_pending_postings = 0\n").key() == "indexing.max_view_pending_postings");
  BOOST_TEST(error_of_text("[indexing]\nthreads = -1\n").key() == "indexing.threads");
  BOOST_TEST(error_of_text("[search]\nbm25_b = 1.5\n").key() == "search.bm25_b");
  BOOST_TEST(error_of_text("[views]\nspecs = [\"all\", 3]\n").key() == "views.specs[1]");
  BOOST_TEST(error_of_text("[trec]\nfield = \"body\"\n").key() == "trec.field");
  BOOST_TEST(error_of_text("[trec]\nrun_tag = \"a b\"\n").key() == "trec.run_tag");
  BOOST_TEST(error_of_text("views = 3\n").key() == "views");
  BOOST_TEST(error_of_text("[indexing]\npositions = 1\n").line() == 2u);
  // The command lines' ranges (count_ranges.hpp), stated in the message (issue #16).
  BOOST_TEST(std::string(error_of_text("[indexing]\nthreads = 100000\n").what()).find("between 0 and 256") !=
             std::string::npos);
  BOOST_TEST(error_of_text("[search]\nk = 2000000\n").key() == "search.k");
  BOOST_TEST(error_of_text("[trec]\nk = 0\n").key() == "trec.k");
  BOOST_TEST(error_of_text("[indexing]\nsnippet_bytes = 2000000\n").key() == "indexing.snippet_bytes");
  BOOST_TEST(error_of_text("[collection]\nmax_page_bytes = 2000000000\n").key() == "collection.max_page_bytes");
}

BOOST_AUTO_TEST_CASE(missing_file_is_a_config_error) {
  const ConfigError e = error_of(fixtures / "no-such-file.toml");
  BOOST_TEST(std::string(e.what()).find("cannot open") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(to_toml_round_trips) {
  const Config c = load_config(fixtures / "full.toml");
  const Config back = parse_config(to_toml(c), "round-trip.toml");
  BOOST_TEST(back.collection.inputs == c.collection.inputs, boost::test_tools::per_element());
  BOOST_TEST(back.collection.format == c.collection.format);
  BOOST_TEST(back.views.specs == c.views.specs, boost::test_tools::per_element());
  BOOST_TEST(back.indexing.output == c.indexing.output);
  BOOST_TEST(back.indexing.commit_interval == c.indexing.commit_interval);
  BOOST_TEST(back.indexing.positions == c.indexing.positions);
  BOOST_TEST(back.search.bm25_k1 == c.search.bm25_k1);
  BOOST_TEST(back.trec.field == c.trec.field);
  BOOST_TEST(back.trec.views == c.trec.views, boost::test_tools::per_element());
  BOOST_TEST(to_toml(back) == to_toml(c));
}

BOOST_AUTO_TEST_CASE(validate_rejects_command_line_values) {
  Config c;
  BOOST_CHECK_NO_THROW(validate(c));
  c.collection.format = "zip";
  BOOST_CHECK_EXCEPTION(validate(c), ConfigError,
                        [](const ConfigError& e) { return e.key() == "collection.format" && e.file().empty(); });
  c = Config{};
  c.indexing.stem_strategy = "most";
  BOOST_CHECK_THROW(validate(c), ConfigError);
}

BOOST_AUTO_TEST_CASE(shipped_examples_load) {
  const fs::path examples = fs::path(BOILERDEX_FIXTURES_DIR) / "../../config/examples";
  for (const char* name : {"sample.toml", "blogs06.toml", "blogs-dev.toml"}) {
    BOOST_TEST_CONTEXT(name) {
      BOOST_CHECK_NO_THROW((void)load_config(examples / name));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

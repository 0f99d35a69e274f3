// The stopword lists shipped under config/stopwords (found through the source tree in a
// build that is not installed), the files a configuration names, and the [indexing] keys
// stemmer and stopwords ("auto", "none", a path, an array).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <unistd.h>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/stopword_lists.hpp"

namespace fs = std::filesystem;
using boilerdex::ConfigError;
using namespace boilerdex::config;

namespace {

bool contains(const std::vector<std::string>& words, const std::string& w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

/// A scratch directory, removed at the end.
struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("bdx-stop-" + std::to_string(std::rand()) + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(path); }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(stopword_lists)

BOOST_AUTO_TEST_CASE(the_snowball_languages_have_a_list) {
  const std::vector<std::string> languages = builtin_stopword_languages();
  for (const char* l : {"english", "french", "german", "spanish", "italian", "portuguese", "dutch", "swedish",
                        "norwegian", "danish", "finnish", "russian"})
    BOOST_TEST(contains(languages, l), l);
  BOOST_TEST(contains(builtin_stopwords("english"), "the"));
  BOOST_TEST(contains(builtin_stopwords("french"), "les"));
  BOOST_TEST(contains(builtin_stopwords("german"), "und"));
  BOOST_TEST(contains(builtin_stopwords("russian"), "и"));
  BOOST_TEST(!contains(builtin_stopwords("english"), "penguin"));
}

BOOST_AUTO_TEST_CASE(every_list_is_lower_case_unique_and_says_whose_it_is) {
  for (const std::string& language : builtin_stopword_languages()) {
    BOOST_TEST_CONTEXT(language) {
      const fs::path file = builtin_stopwords_dir() / (language + ".txt");
      std::ifstream in(file);
      std::string first;
      std::getline(in, first);
      BOOST_TEST(first.find("written for boilerdex") != std::string::npos);
      const std::vector<std::string> words = builtin_stopwords(language);
      BOOST_TEST(words.size() >= 50u);
      BOOST_TEST(std::set<std::string>(words.begin(), words.end()).size() == words.size());
      for (const std::string& w : words) {
        BOOST_TEST(w.find_first_of(" \tABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos, w);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_missing_list_names_its_file_and_the_languages_there_are) {
  try {
    (void)builtin_stopwords("klingon");
    BOOST_FAIL("no ConfigError for a language without a list");
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    BOOST_TEST(what.find("klingon.txt") != std::string::npos, what);
    BOOST_TEST(what.find("english") != std::string::npos, what);
  }
  BOOST_CHECK_THROW((void)builtin_stopwords("../config/english"), ConfigError);
  BOOST_CHECK_THROW((void)builtin_stopwords(""), ConfigError);
}

BOOST_AUTO_TEST_CASE(a_file_reads_one_word_a_line_and_errors_name_it) {
  ScratchDir dir;
  const fs::path file = dir.path / "stop.txt";
  std::ofstream(file) << "# a comment\n  the \t\nand # trailing\n\n\xC3\xA0\n";
  BOOST_TEST(read_stopword_file(file) == (std::vector<std::string>{"the", "and", "\xC3\xA0"}),
             boost::test_tools::per_element());
  try {
    (void)read_stopword_file(dir.path / "missing.txt");
    BOOST_FAIL("no ConfigError for a missing file");
  } catch (const ConfigError& e) {
    BOOST_TEST(std::string(e.what()).find("missing.txt") != std::string::npos, e.what());
  }
  // A directory opens on Linux but cannot be read.
  BOOST_CHECK_EXCEPTION((void)read_stopword_file(dir.path), ConfigError,
                        [&](const ConfigError& e) { return e.file() == dir.path.string(); });
}

BOOST_AUTO_TEST_CASE(the_environment_names_another_folder) {
  ScratchDir dir;
  std::ofstream(dir.path / "english.txt") << "# written for this test\nzebra\n";
  ::setenv("BOILERDEX_STOPWORDS_DIR", dir.path.c_str(), 1);
  const std::vector<std::string> words = builtin_stopwords("english");
  const std::vector<std::string> languages = builtin_stopword_languages();
  ::unsetenv("BOILERDEX_STOPWORDS_DIR");
  BOOST_TEST(words == std::vector<std::string>{"zebra"}, boost::test_tools::per_element());
  BOOST_TEST(languages == std::vector<std::string>{"english"}, boost::test_tools::per_element());
  BOOST_TEST(contains(builtin_stopwords("english"), "the"));
}

BOOST_AUTO_TEST_CASE(the_stopwords_key_takes_auto_none_a_path_or_words) {
  Config c = parse_config("[indexing]\nstopwords = \"auto\"\nstemmer = \"auto\"\n", "s.toml", "/base");
  BOOST_TEST(c.indexing.builtin_stopwords);
  BOOST_TEST(c.indexing.stemmer == "auto");
  BOOST_TEST(c.indexing.stopwords.empty());
  const Config back = parse_config(to_toml(c), "back.toml");
  BOOST_TEST(back.indexing.builtin_stopwords);
  BOOST_TEST(back.indexing.stemmer == "auto");

  c = parse_config("[indexing]\nstopwords = \"none\"\n", "s.toml", "/base");
  BOOST_TEST(!c.indexing.builtin_stopwords);
  BOOST_TEST(c.indexing.stopwords.empty());
  BOOST_TEST(c.indexing.stopwords_file.empty());
  BOOST_TEST(c.indexing.stemmer == "fixed");

  c = parse_config("[indexing]\nstopwords = \"lists/mine.txt\"\n", "s.toml", "/base");
  BOOST_TEST(c.indexing.stopwords_file == fs::path("/base/lists/mine.txt"));
  BOOST_TEST(!c.indexing.builtin_stopwords);

  c = parse_config("[indexing]\nstopwords = [\"the\", \"a\"]\n", "s.toml", "/base");
  BOOST_TEST(c.indexing.stopwords == (std::vector<std::string>{"the", "a"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(bad_stemmer_and_stopword_values_name_the_key) {
  try {
    (void)parse_config("[indexing]\nstemmer = \"per-page\"\n", "s.toml");
    BOOST_FAIL("no ConfigError for stemmer = per-page");
  } catch (const ConfigError& e) {
    BOOST_TEST(e.key() == "indexing.stemmer");
    BOOST_TEST(e.line() == 2u);
  }
  BOOST_CHECK_EXCEPTION((void)parse_config("[indexing]\nstopwords = \"\"\n", "s.toml"), ConfigError,
                        [](const ConfigError& e) { return e.key() == "indexing.stopwords" && e.line() == 2u; });
  Config c;
  c.indexing.builtin_stopwords = true;
  c.indexing.stopwords = {"the"};
  BOOST_CHECK_EXCEPTION(validate(c), ConfigError, [](const ConfigError& e) { return e.key() == "indexing.stopwords"; });
  c = Config{};
  c.indexing.stemmer = "sometimes";
  BOOST_CHECK_EXCEPTION(validate(c), ConfigError, [](const ConfigError& e) { return e.key() == "indexing.stemmer"; });
}

BOOST_AUTO_TEST_SUITE_END()

// Stemming each page in its declared language (TermSettings::stem_per_language): language
// tags to Xapian stemmer names, the stemmer and stopwords TermMaker::use_language picks,
// the built-in lists index_options_from_config reads for stopwords = "auto", and the
// manifest and resume settings that record them.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/build_settings.hpp"
#include "boilerdex/indexer/index_options.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/stem_language.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "temp_dir.hpp"

using namespace boilerdex;
using namespace boilerdex::indexer;

namespace {

/// The terms make() gives for \p text after use_language(\p tag).
std::vector<std::string> terms_of(TermMaker& maker, std::string_view tag, std::string_view text) {
  maker.use_language(tag);
  TextPostings postings;
  maker.make(text, postings);
  std::vector<std::string> out;
  for (const TextPostings::Term& t : postings.terms()) out.push_back(t.name);
  return out;
}

/// The stemmed term of \p word in \p language ("Z" + its stem).
std::string z(const char* language, const std::string& word) { return "Z" + Xapian::Stem(language)(word); }

bool has(const std::vector<std::string>& terms, const std::string& term) {
  return std::find(terms.begin(), terms.end(), term) != terms.end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(stem_language)

BOOST_AUTO_TEST_CASE(language_tags_map_to_xapian_stemmers) {
  BOOST_TEST(stemmer_for_language("en") == "english");
  BOOST_TEST(stemmer_for_language("en-GB") == "english");
  BOOST_TEST(stemmer_for_language("EN-us") == "english");
  BOOST_TEST(stemmer_for_language("pt-br") == "portuguese");
  BOOST_TEST(stemmer_for_language("fr_FR") == "french");
  BOOST_TEST(stemmer_for_language("de-CH-1996") == "german");
  BOOST_TEST(stemmer_for_language("nb-NO") == "norwegian");
  BOOST_TEST(stemmer_for_language("nn") == "norwegian");
  BOOST_TEST(stemmer_for_language("fre") == "french");
  BOOST_TEST(stemmer_for_language("deu") == "german");
  BOOST_TEST(stemmer_for_language("ru") == "russian");
  BOOST_TEST(stemmer_for_language("english") == "english");  // a Xapian name itself
  // No stemmer: CJK (indexed as n-grams), unknown codes, nothing, names with a region.
  BOOST_TEST(stemmer_for_language("zh-Hans").empty());
  BOOST_TEST(stemmer_for_language("ja").empty());
  BOOST_TEST(stemmer_for_language("ko-KR").empty());
  BOOST_TEST(stemmer_for_language("xx").empty());
  BOOST_TEST(stemmer_for_language("").empty());
  BOOST_TEST(stemmer_for_language("-GB").empty());
  BOOST_TEST(stemmer_for_language("english-GB").empty());
  BOOST_TEST(stemmer_for_language("klingon").empty());
}

BOOST_AUTO_TEST_CASE(every_page_is_stemmed_in_its_language) {
  TermSettings s;
  s.stem_per_language = true;
  TermMaker maker(s);
  const std::vector<std::string> fr = terms_of(maker, "fr-FR", "les chanteuses mangeaient");
  BOOST_TEST(has(fr, "Zmang"));       // French: mangeaient → mang
  BOOST_TEST(has(fr, "Zchanteux"));   // chanteuses → chanteux
  BOOST_TEST(has(fr, "mangeaient"));  // the unstemmed form too (STEM_SOME)
  const std::vector<std::string> en = terms_of(maker, "en-GB", "the runners were running");
  BOOST_TEST(has(en, "Zrun"));
  BOOST_TEST(!has(en, "Zrunning"));
  // No language, or one Xapian does not stem: the configured language (english).
  BOOST_TEST(has(terms_of(maker, "", "running"), "Zrun"));
  BOOST_TEST(has(terms_of(maker, "zh", "running"), "Zrun"));
  BOOST_TEST(has(terms_of(maker, "fr", "mangeaient"), "Zmang"));  // back to French after others

  TermSettings fixed;  // the default: one stemmer for every page, whatever it declares
  TermMaker same(fixed);
  BOOST_TEST(!has(terms_of(same, "fr", "mangeaient"), "Zmang"));
  BOOST_TEST(has(terms_of(same, "fr", "mangeaient"), "Zmangeaient"));
}

BOOST_AUTO_TEST_CASE(each_language_gets_its_own_stopwords) {
  TermSettings s;
  s.stem_per_language = true;
  s.stopwords = {"the"};
  s.language_stopwords = {{"english", {"the"}}, {"french", {"les", "des"}}};
  TermMaker maker(s);
  // A stopword keeps its unstemmed term and loses its stemmed one (TermGenerator's
  // STOP_STEMMED, as with one list), so a phrase with it still matches.
  const std::vector<std::string> fr = terms_of(maker, "fr", "les chanteuses the");
  BOOST_TEST(!has(fr, z("french", "les")));
  BOOST_TEST(has(fr, "les"));
  BOOST_TEST(has(fr, z("french", "the")));  // not a French stopword
  const std::vector<std::string> en = terms_of(maker, "en", "les runners the");
  BOOST_TEST(has(en, z("english", "les")));
  BOOST_TEST(!has(en, z("english", "the")));
  BOOST_TEST(has(terms_of(maker, "de", "die the"), z("german", "the")));  // German: no list here, none stopped
  const std::vector<std::string> none = terms_of(maker, "", "the les");  // no language: the set's own list
  BOOST_TEST(!has(none, z("english", "the")));
  BOOST_TEST(has(none, z("english", "les")));

  BOOST_TEST(stopwords_for(s, "french") == (std::vector<std::string>{"les", "des"}), boost::test_tools::per_element());
  BOOST_TEST(stopwords_for(s, "german").empty());
  BOOST_TEST(stopwords_for(s, "") == s.stopwords, boost::test_tools::per_element());
  s.language_stopwords.clear();  // an explicit list: every language's
  BOOST_TEST(stopwords_for(s, "german") == s.stopwords, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(stopwords_auto_reads_the_built_in_lists) {
  config::Config c;
  c.indexing.builtin_stopwords = true;
  IndexOptions o = index_options_from_config(c);
  BOOST_TEST(std::count(o.terms.stopwords.begin(), o.terms.stopwords.end(), "the") == 1);
  BOOST_TEST(o.terms.language_stopwords.empty());  // one stemmer: one list
  BOOST_TEST(!o.terms.stem_per_language);

  c.indexing.stemmer = "auto";
  o = index_options_from_config(c);
  BOOST_TEST(o.terms.stem_per_language);
  for (const char* l : {"english", "french", "german", "spanish", "russian", "finnish"})
    BOOST_TEST(o.terms.language_stopwords.count(l) == 1u, l);
  BOOST_TEST(o.terms.language_stopwords.at("english") == o.terms.stopwords, boost::test_tools::per_element());

  c.indexing.language = "french";  // the fallback's list
  c.indexing.stemmer = "fixed";
  o = index_options_from_config(c);
  BOOST_TEST(std::count(o.terms.stopwords.begin(), o.terms.stopwords.end(), "les") == 1);

  c.indexing.language = "none";  // fixed, no language: no list to pick
  BOOST_CHECK_EXCEPTION((void)index_options_from_config(c), ConfigError,
                        [](const ConfigError& e) { return e.key() == "indexing.stopwords"; });
  c.indexing.stemmer = "auto";  // per page: pages of no language get none
  o = index_options_from_config(c);
  BOOST_TEST(o.terms.stopwords.empty());
  BOOST_TEST(!o.terms.language_stopwords.empty());
}

BOOST_AUTO_TEST_CASE(the_manifest_records_per_language_settings) {
  test::TempDir dir("stem-language");
  Manifest m;
  m.program_version = "test";
  m.created = "2026-01-01T00:00:00Z";
  m.format = "trec";
  m.complete = true;
  m.terms.stem_per_language = true;
  m.terms.language_stopwords = {{"french", {"les"}}};
  write_manifest(dir.path, m);
  const Manifest r = read_manifest(dir.path);
  BOOST_TEST(r.terms.stem_per_language);
  BOOST_TEST(r.terms.language_stopwords == m.terms.language_stopwords);

  // A resume or a reused set must stem and stop alike.
  BuildSettings built;
  built.terms = m.terms;
  BuildSettings wanted = built;
  BOOST_TEST(compare_settings(built, wanted, SettingsMatch::Same).none());
  wanted.terms.stem_per_language = false;
  BOOST_TEST(compare_settings(built, wanted, SettingsMatch::Same).terms);
  wanted = built;
  wanted.terms.language_stopwords["french"].push_back("des");
  BOOST_TEST(compare_settings(built, wanted, SettingsMatch::Contains).terms);
}

BOOST_AUTO_TEST_SUITE_END()

// The indexer's stemmer with a memo (memo_stem_internal.hpp): the same stems as Xapian's
// Snowball stemmer for every word, whether the memo holds it, another word took its slot,
// or the word comes back after that.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "../../indexer/src/memo_stem_internal.hpp"

using boilerdex::indexer::detail::memo_stem;

namespace {

/// 60,000 distinct words, far more than the memo's 16,384 slots, so words share slots and
/// push each other out: English suffixes on made-up roots, and some non-ASCII.
std::vector<std::string> many_words() {
  const std::vector<std::string> suffixes = {"", "s", "ing", "ed", "ly", "ation", "ness", "ies", "ful", "é"};
  std::vector<std::string> words;
  for (int root = 0; root < 6000; ++root)
    for (const std::string& suffix : suffixes) words.push_back("wal" + std::to_string(root) + "k" + suffix);
  return words;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(memo_stem_suite)

BOOST_AUTO_TEST_CASE(same_stems_as_snowball_first_time_again_and_after_eviction) {
  const std::vector<std::string> words = many_words();
  const std::vector<std::string> common = {"penguins", "walking", "walked", "generalisation", "running",
                                           "", "naïve", "façades", "connection", "connections"};
  for (const char* language : {"english", "french", "german", "en"}) {
    Xapian::Stem memo = memo_stem(language);
    const Xapian::Stem snowball(language);
    for (int pass = 0; pass < 2; ++pass) {
      std::size_t differ = 0;
      for (const std::string& w : words) differ += memo(w) != snowball(w);
      for (const std::string& w : common) {
        BOOST_TEST(memo(w) == snowball(w), language << ": " << w);
        BOOST_TEST(memo(w) == snowball(w), language << ": " << w << " (again)");
      }
      BOOST_TEST(differ == 0u, language << ", pass " << pass);
    }
  }
}

BOOST_AUTO_TEST_CASE(memo_is_not_the_identity_and_none_is) {
  Xapian::Stem memo = memo_stem("english");
  BOOST_TEST(memo("") == Xapian::Stem("english")(""));  // first, from an unused slot
  BOOST_TEST(memo("walking") == "walk");
  BOOST_TEST(memo("walking") == "walk");
  BOOST_TEST(memo_stem("none")("walking") == "walking");
  BOOST_TEST(memo_stem("")("walking") == "walking");
  BOOST_TEST(memo_stem("none").is_none());
}

BOOST_AUTO_TEST_CASE(unknown_language_throws) {
  BOOST_CHECK_THROW(memo_stem("klingon"), Xapian::InvalidArgumentError);
}

BOOST_AUTO_TEST_CASE(term_generator_gives_the_same_document) {
  const std::string text =
      "Penguins!  Penguins walking, walked, walks. The emperor penguins walk seventy miles across the "
      "Antarctic ice; critics praised the photography. Café crème, naïve façade, walking again.";
  auto terms = [&](Xapian::Stem stem) {
    Xapian::TermGenerator tg;
    tg.set_stemmer(stem);
    Xapian::Document doc;
    tg.set_document(doc);
    tg.index_text(text);
    tg.index_text(text);
    std::vector<std::string> out;
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
      std::string line = *t + " " + std::to_string(t.get_wdf()) + ":";
      for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) line += " " + std::to_string(*p);
      out.push_back(line);
    }
    return out;
  };
  const std::vector<std::string> want = terms(Xapian::Stem("english"));
  const std::vector<std::string> got = terms(memo_stem("english"));
  BOOST_TEST(got == want, boost::test_tools::per_element());
  BOOST_TEST(want.size() > 20u);
}

BOOST_AUTO_TEST_SUITE_END()

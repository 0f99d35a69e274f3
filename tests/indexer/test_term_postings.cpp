#include <boost/test/unit_test.hpp>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "xapian_dump.hpp"

using namespace boilerdex::indexer;
using boilerdex::indexer::test::dump_terms;

namespace {

const std::vector<std::string> texts = {
    "The emperor penguins walk seventy miles across the Antarctic ice.",
    "Critics praised the photography; some viewers found it too sentimental.",
    "",
    "C++ and Xapian's TermGenerator: café crème, naïve façade, 3.14 and U.S.A.",
    "Penguins!  Penguins walking, walked, walks."};

/// What TermGenerator gives for the title and then the texts indexed in sequence.
Xapian::Document reference(const TermSettings& s, std::string_view title, const std::vector<std::string>& parts) {
  Xapian::TermGenerator tg;
  TermMaker::configure(tg, s);
  Xapian::Document doc;
  tg.set_document(doc);
  const std::string t(title);
  if (s.positions) tg.index_text(t);
  else tg.index_text_without_positions(t);
  tg.index_text_without_positions(t, 1, std::string(title_prefix));
  if (!t.empty()) tg.increase_termpos(TermMaker::title_gap);
  for (const std::string& p : parts) {
    if (s.positions) tg.index_text(p);
    else tg.index_text_without_positions(p);
  }
  return doc;
}

/// The same through TermMaker: each text tokenized alone, added at its offset.
Xapian::Document fanned_out(const TermSettings& s, std::string_view title, const std::vector<std::string>& parts) {
  TermMaker maker(s);
  Xapian::Document doc;
  TextPostings p;
  maker.make_title(title, p);
  p.add_to(doc, 0);
  Xapian::termpos offset = p.span();
  for (const std::string& text : parts) {
    maker.make(text, p);
    p.add_to(doc, offset);
    offset += p.span();
  }
  return doc;
}

void check_equal(const TermSettings& s, std::string_view title, const std::vector<std::string>& parts) {
  const auto want = dump_terms(reference(s, title, parts));
  const auto got = dump_terms(fanned_out(s, title, parts));
  BOOST_TEST(got == want, boost::test_tools::per_element());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(term_postings)

BOOST_AUTO_TEST_CASE(fan_out_equals_term_generator_on_the_joined_text) {
  TermSettings s;  // english, STEM_SOME, positions
  check_equal(s, "March of the Penguins", texts);
  check_equal(s, "", texts);
  check_equal(s, "Title only", {});
  // Any subset of blocks, as a view selects them.
  check_equal(s, "March", {texts[1], texts[4]});
}

BOOST_AUTO_TEST_CASE(every_stem_strategy_stopwords_and_no_positions) {
  for (const char* strategy : {"none", "some", "all", "all_z", "some_full_pos"}) {
    BOOST_TEST_CONTEXT(strategy) {
      TermSettings s;
      s.stem_strategy = strategy;
      check_equal(s, "March of the Penguins", texts);
    }
  }
  TermSettings stop;
  stop.stopwords = {"the", "and", "of"};
  check_equal(stop, "March of the Penguins", texts);
  TermSettings nopos;
  nopos.positions = false;
  check_equal(nopos, "March of the Penguins", texts);
  TermSettings french;
  french.language = "french";
  check_equal(french, "Les manchots", {"Les manchots empereurs marchent sur la glace."});
  TermSettings none;
  none.language = "none";
  check_equal(none, "Penguins", texts);
}

BOOST_AUTO_TEST_CASE(span_length_and_stemmed_terms) {
  TermMaker maker(TermSettings{});
  TextPostings p;
  maker.make("Penguins walk; penguins walked.", p);
  BOOST_TEST(p.span() == 4u);
  BOOST_TEST(p.length() == 8u);  // 4 words + 4 Z-stems (STEM_SOME)
  std::vector<std::string> names;
  for (const auto& t : p.terms()) names.push_back(t.name);
  BOOST_TEST(names == (std::vector<std::string>{"Zpenguin", "Zwalk", "penguins", "walk", "walked"}),
             boost::test_tools::per_element());
  maker.make("", p);
  BOOST_TEST(p.empty());
  BOOST_TEST(p.span() == 0u);
}

BOOST_AUTO_TEST_CASE(unknown_language_or_strategy_is_a_usage_error) {
  TermSettings bad;
  bad.language = "klingon";
  BOOST_CHECK_THROW(TermMaker{bad}, boilerdex::UsageError);
  TermSettings worse;
  worse.stem_strategy = "most";
  BOOST_CHECK_THROW(TermMaker{worse}, boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()

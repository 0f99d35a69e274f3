#include <boost/test/unit_test.hpp>

#include "boilerdex/plugin/label.hpp"

using namespace boilerdex::plugin;

BOOST_AUTO_TEST_SUITE(label)

BOOST_AUTO_TEST_CASE(names_are_boilerpipes) {
  BOOST_TEST(label_name(Label::Title) == "TITLE");
  BOOST_TEST(label_name(Label::IndicatesEndOfText) == "INDICATES_END_OF_TEXT");
  BOOST_TEST(label_name(Label::MightBeContent) == "MIGHT_BE_CONTENT");
  BOOST_TEST(label_name(Label::StrictlyNotContent) == "STRICTLY_NOT_CONTENT");
  BOOST_TEST(label_name(Label::ArticleMetadata) == "ARTICLE_METADATA");
  BOOST_TEST(label_name(Label::Hr) == "HR");
  BOOST_TEST(label_name(Label::VeryLikelyContent) == "VERY_LIKELY_CONTENT");
  BOOST_TEST(label_name(Label::Li) == "LI");
  BOOST_TEST(label_name(Label::Heading) == "HEADING");
  BOOST_TEST(label_name(Label::H1) == "H1");
  BOOST_TEST(label_name(Label::H2) == "H2");
  BOOST_TEST(label_name(Label::H3) == "H3");
  BOOST_TEST(label_name(static_cast<Label>(3u)).empty());
}

BOOST_AUTO_TEST_CASE(set_operations_and_sorted_full_names) {
  LabelSet s;
  BOOST_TEST(s.empty());
  s.add(Label::Title);
  s.add(Label::Hr);
  s.add(Label::ArticleMetadata);
  BOOST_TEST(s.has(Label::Hr));
  BOOST_TEST(!s.has(Label::Li));
  const std::vector<std::string> expected = {"de.l3s.boilerpipe/ARTICLE_METADATA",
                                             "de.l3s.boilerpipe/HR", "de.l3s.boilerpipe/TITLE"};
  BOOST_TEST(s.names() == expected, boost::test_tools::per_element());
  s.remove(Label::Hr);
  BOOST_TEST(!s.has(Label::Hr));
  LabelSet t;
  t.add(Label::Li);
  t.add_all(s);
  BOOST_TEST(t.has(Label::Title));
  BOOST_TEST(t.has(Label::Li));
  BOOST_TEST(!(t == s));
}

BOOST_AUTO_TEST_SUITE_END()

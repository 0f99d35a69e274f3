#include <boost/test/unit_test.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/wcxb.hpp"

using namespace boilerdex::plugin;
namespace tt = boost::test_tools;

namespace {

// WCXB's word score of two texts, through the comparer the evaluation uses.
PrfScore word_score(std::string_view gold, std::string_view predicted) {
  WcxbComparer c;
  c.set_gold(gold, {}, {});
  return c.score(predicted).word;
}

WcxbPageScores page(double f1, double with, double without) {
  return {{f1, f1, f1}, with, without};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wcxb)

BOOST_AUTO_TEST_CASE(lower_casing_is_pythons_str_lower_not_case_folding) {
  BOOST_TEST(python_lower("ÉCOLE Straße") == "école straße");  // folding would give "strasse"
  BOOST_TEST(python_lower("ΟΔΟΣ ΣΑ") == "οδος σα");            // final sigma only at a word's end
  BOOST_TEST(python_lower("İ") == "i\xCC\x87");                // SpecialCasing: i + U+0307
  BOOST_TEST(python_lower("ǅ") == "ǆ");
  BOOST_TEST(python_lower("") == "");
  BOOST_TEST(python_lower("a\xFF"
                          "b") ==
             "a\xEF\xBF\xBD"
             "b");  // invalid UTF-8 → U+FFFD
}

BOOST_AUTO_TEST_CASE(word_scores_match_evaluate_py_by_hand) {
  // gold: the cat sat on the mat (6); predicted: the cat the dog (4); overlap the×2 + cat = 3.
  const PrfScore s = word_score("The cat sat on the mat", "THE CAT the dog");
  BOOST_TEST(s.precision == 0.75);
  BOOST_TEST(s.recall == 0.5);
  BOOST_TEST(s.f1 == 2 * 0.75 * 0.5 / 1.25);
  // Lower-cased tokens: ΟΔΟΣ matches οδος, CAFÉ café; İ splits into "i" + "stanbul" (U+0307 is
  // no \w); ß stays ß (STRASSE does not match Straße): 4 of 5 tokens on each side.
  const PrfScore u = word_score("Straße İstanbul ΟΔΟΣ café", "STRASSE İSTANBUL οδος CAFÉ");
  BOOST_TEST(u.precision == 0.8);
  BOOST_TEST(u.recall == 0.8);
  BOOST_TEST(u.f1 == 0.8, tt::tolerance(1e-15));
  // Multiset overlap: a repeated word counts as often as both sides have it.
  BOOST_TEST(word_score("a a a b", "a a").precision == 1.0);
  BOOST_TEST(word_score("a a a b", "a a").recall == 0.5);
}

BOOST_AUTO_TEST_CASE(empty_gold_and_empty_output) {
  // Gold without tokens: (1, 1, 1) only for an output without tokens, else (0, 0, 0).
  for (const std::string_view gold : {"", " — ", "..."}) {
    const PrfScore both = word_score(gold, "!!");
    BOOST_TEST(both.precision == 1.0);
    BOOST_TEST(both.recall == 1.0);
    BOOST_TEST(both.f1 == 1.0);
    const PrfScore some = word_score(gold, "text");
    BOOST_TEST(some.precision == 0.0);
    BOOST_TEST(some.recall == 0.0);
    BOOST_TEST(some.f1 == 0.0);
  }
  const PrfScore none = word_score("gold text", "");
  BOOST_TEST(none.precision == 0.0);
  BOOST_TEST(none.recall == 0.0);
  BOOST_TEST(none.f1 == 0.0);
  BOOST_TEST(word_score("gold", "other").f1 == 0.0);  // no overlap: P + R = 0
  BOOST_TEST(wcxb_word_score({0, 0, 0}).f1 == 1.0);
  BOOST_TEST(wcxb_word_score({0, 2, 0}).f1 == 0.0);
  BOOST_TEST(wcxb_word_score({0, 0, 3}).recall == 0.0);
}

BOOST_AUTO_TEST_CASE(snippet_rates_are_case_insensitive_substrings) {
  const std::string text = python_lower("Read the TIDE tables at Harbour Street, près de l'École");
  BOOST_TEST(wcxb_snippet_rate(text, {"tide tables", "HARBOUR STREET", "missing"}) == 2.0 / 3.0);
  BOOST_TEST(wcxb_snippet_rate(text, {"L'ÉCOLE"}) == 1.0);
  BOOST_TEST(wcxb_snippet_rate(text, {"tables at Harbour  Street"}) == 0.0);  // no normalising
  BOOST_TEST(wcxb_snippet_rate(text, {""}) == 1.0);  // an empty snippet always occurs
  // An empty list scores 1.0, for `with` and `without` alike, as evaluate.py does.
  BOOST_TEST(wcxb_snippet_rate(text, {}) == 1.0);
  WcxbComparer c;
  c.set_gold("The tide tables", {"TIDE"}, {});
  const WcxbPageScores s = c.score("tide");
  BOOST_TEST(s.with_rate == 1.0);
  BOOST_TEST(s.without_rate == 1.0);
  c.set_gold("The tide tables", {}, {"Cookie settings", "Subscribe"});
  BOOST_TEST(c.score("the tide tables. COOKIE SETTINGS").without_rate == 0.5);
  BOOST_TEST(c.score("").with_rate == 1.0);
}

BOOST_AUTO_TEST_CASE(page_types_from_objects_strings_and_python_literals) {
  BOOST_TEST(wcxb_page_type_from_literal(
                 "{'primary': 'forum', 'confidence': 'verified', 'needs_review': False}") ==
             "forum");
  BOOST_TEST(wcxb_page_type_from_literal("{\"primary\": \"product\"}") == "product");
  BOOST_TEST(wcxb_page_type_from_literal("{'primary': 'category', 'tags': []}") == "collection");
  BOOST_TEST(wcxb_page_type_from_literal("{'primary': None}") == "article");
  BOOST_TEST(wcxb_page_type_from_literal("{'tags': ['x']}") == "article");
  BOOST_TEST(wcxb_page_type_from_literal("{'primary': 'unterminated") == "article");
  BOOST_TEST(wcxb_page_type_from_literal("listing") == "listing");
  BOOST_TEST(wcxb_page_type_from_literal("category") == "collection");
  BOOST_TEST(wcxb_page_type_from_literal(" ") == "article");

  const auto type_of = [](const std::string& json) {
    return parse_wcxb_gold(json, "t.json").page_type;
  };
  BOOST_TEST(type_of(R"({"ground_truth": {}})") == "article");  // no _internal
  BOOST_TEST(type_of(R"({"_internal": null, "ground_truth": {}})") == "article");
  BOOST_TEST(type_of(R"({"_internal": {"page_type": {"tags": []}}, "ground_truth": {}})") ==
             "article");
  BOOST_TEST(
      type_of(R"({"_internal": {"page_type": {"primary": "category"}}, "ground_truth": {}})") ==
      "collection");
  BOOST_TEST(
      type_of(
          R"({"_internal": {"page_type": "{'primary': 'documentation'}"}, "ground_truth": {}})") ==
      "documentation");
  BOOST_TEST((wcxb_type_index("article") == std::optional<std::size_t>(0)));
  BOOST_TEST((wcxb_type_index("service") == std::optional<std::size_t>(6)));
  BOOST_TEST(!wcxb_type_index("category").has_value());
}

BOOST_AUTO_TEST_CASE(gold_files_with_null_fields) {
  const WcxbGold g = parse_wcxb_gold(
      R"({"ground_truth": {"main_content": null, "with": null, "without": ["a", 3, "b"],
          "title": "T", "author": null, "publish_date": "2026-01-02"}})",
      "g.json");
  BOOST_TEST(g.main_content.empty());
  BOOST_TEST(g.with.empty());
  BOOST_TEST(g.without == std::vector<std::string>({"a", "b"}));  // non-strings left out
  BOOST_TEST((g.title == std::optional<std::string>("T")));
  BOOST_TEST(!g.author.has_value());
  BOOST_TEST((g.publish_date == std::optional<std::string>("2026-01-02")));
  BOOST_CHECK_THROW((void)parse_wcxb_gold("{\"ground_truth\": ", "g.json"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)parse_wcxb_gold("{\"ground_truth\": []}", "g.json"),
                    boilerdex::InputError);
  BOOST_CHECK_THROW((void)parse_wcxb_gold("[]", "g.json"), boilerdex::InputError);
}

BOOST_AUTO_TEST_CASE(means_over_pages_overall_and_per_type) {
  WcxbAggregate a;
  a.add("article", page(1.0, 1.0, 0.0));
  a.add("article", page(0.5, 0.5, 1.0));
  a.add("forum", page(0.0, 0.0, 0.5));
  a.add("recipe", page(1.0, 1.0, 1.0));  // outside the seven types: overall only
  const WcxbScores s = a.result();
  BOOST_TEST(s.overall.pages == 4u);
  BOOST_TEST(s.overall.word.f1 == 0.625);
  BOOST_TEST(s.overall.with_rate == 0.625);
  BOOST_TEST(s.overall.without_rate == 0.625);
  BOOST_TEST(s.per_type[0].pages == 2u);
  BOOST_TEST(s.per_type[0].word.f1 == 0.75);
  BOOST_TEST(s.per_type[0].word.precision == 0.75);
  BOOST_TEST(s.per_type[1].pages == 1u);
  BOOST_TEST(s.per_type[1].word.f1 == 0.0);
  BOOST_TEST(s.per_type[1].without_rate == 0.5);
  BOOST_TEST(s.per_type[6].pages == 0u);
  BOOST_TEST(WcxbAggregate().result().overall.word.f1 == 0.0);
}

BOOST_AUTO_TEST_CASE(tables_name_the_types_in_wcxb_order_and_credit_the_set) {
  WcxbAggregate a;
  a.add("article", page(1.0, 1.0, 0.0));
  a.add("service", page(0.5, 1.0, 0.0));
  std::ostringstream out;
  write_wcxb_tables("wcxb-dev", {{"best", a.result()}}, out);
  const std::string md = out.str();
  BOOST_TEST(md.find("### wcxb-dev, WCXB measures") != std::string::npos);
  BOOST_TEST(md.find("| best | 2 | 0.750 | 0.750 | 0.750 | 1.000 | 0.000 |") != std::string::npos);
  BOOST_TEST(md.find("| system | overall (2) | article (1) | forum (0) | product (0) | collection "
                     "(0) | listing (0) | documentation (0) | service (1) |") != std::string::npos);
  BOOST_TEST(md.find("| best | 0.750 | 1.000 | – | – | – | – | – | 0.500 |") != std::string::npos);
  BOOST_TEST(md.find("WCXB (Foley, 2026), CC-BY-4.0") != std::string::npos);
  std::ostringstream none;
  write_wcxb_tables("x", {}, none);
  BOOST_TEST(none.str().empty());
}

BOOST_AUTO_TEST_SUITE_END()

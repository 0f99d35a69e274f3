#include <boost/test/unit_test.hpp>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "boilerdex/plugin/text_similarity.hpp"

using namespace boilerdex::plugin;

namespace boilerdex::plugin {
std::ostream& operator<<(std::ostream& out, const OverlapCounts& c) {
  return out << "{tp " << c.tp << ", fp " << c.fp << ", fn " << c.fn << '}';
}
}  // namespace boilerdex::plugin

namespace {

std::vector<std::string> tokens_of(std::string_view text) {
  std::vector<std::string_view> views;
  word_tokens(text, views);
  return {views.begin(), views.end()};
}

using Strings = std::vector<std::string>;

}  // namespace

BOOST_AUTO_TEST_SUITE(text_similarity)

BOOST_AUTO_TEST_CASE(word_tokens_follow_python_backslash_w) {
  BOOST_TEST(tokens_of("Hello, world! it's 3.5% a_b") ==
             (Strings{"Hello", "world", "it", "s", "3", "5", "a_b"}));
  // Letters of any script, case kept; digits of other scripts; No/Nl numbers are \w.
  BOOST_TEST(tokens_of("über Straße ΑΒΓ 中文 ٣٤ ½ Ⅻ") ==
             (Strings{"über", "Straße", "ΑΒΓ", "中文", "٣٤", "½", "Ⅻ"}));
  // Combining marks (Mn, Mc) are not \w in Python: they split words.
  BOOST_TEST(tokens_of("e\xCC\x81t\xC3\xA9") == (Strings{"e", "té"}));  // e + U+0301
  BOOST_TEST(tokens_of("हिन्दी") == (Strings{"ह", "न", "द"}));
  // NBSP, typographic punctuation and invalid bytes separate tokens.
  BOOST_TEST(tokens_of("a\xC2\xA0"
                       "b\xE2\x80\x99"
                       "c\xFF"
                       "d") == (Strings{"a", "b", "c", "d"}));
  BOOST_TEST(tokens_of("").empty());
  BOOST_TEST(tokens_of(" ... -- ").empty());
}

BOOST_AUTO_TEST_CASE(bag_of_words_is_a_multiset_overlap) {
  TextComparer comparer;
  const auto a = comparer.compare("the cat saw the dog", "the the the cat");
  BOOST_TEST(a.bow == (OverlapCounts{3, 1, 2}));  // the×2, cat; extra "the"; missing saw, dog
  BOOST_TEST(a.gold_tokens == 5u);
  BOOST_TEST(a.predicted_tokens == 4u);
  const auto s = bow_page_score(a.bow);
  BOOST_TEST(s.precision == 0.75);
  BOOST_TEST(s.recall == 0.6);
  BOOST_TEST(s.f1 == 2 * 0.75 * 0.6 / 1.35, boost::test_tools::tolerance(1e-12));
  // Case is kept.
  BOOST_TEST(comparer.compare("Cat", "cat").bow == (OverlapCounts{0, 1, 1}));
}

BOOST_AUTO_TEST_CASE(bow_rules_for_empty_texts) {
  const auto both_empty = bow_page_score({0, 0, 0});
  BOOST_TEST(both_empty.precision == 1.0);
  BOOST_TEST(both_empty.recall == 1.0);
  BOOST_TEST(both_empty.f1 == 1.0);
  const auto nothing_predicted = bow_page_score({0, 0, 7});
  BOOST_TEST(nothing_predicted.precision == 0.0);
  BOOST_TEST(nothing_predicted.recall == 0.0);
  BOOST_TEST(nothing_predicted.f1 == 0.0);
  const auto empty_gold = bow_page_score({0, 4, 0});
  BOOST_TEST(empty_gold.precision == 0.0);
  BOOST_TEST(empty_gold.recall == 1.0);
}

BOOST_AUTO_TEST_CASE(shingles_are_four_token_multisets) {
  TextComparer comparer;
  // gold: a b c d e → abcd, bcde; pred: a b c d x → abcd, bcdx.
  BOOST_TEST(comparer.compare("a b c d e", "a b c d x").sh4 == (OverlapCounts{1, 1, 1}));
  // Repeated shingles count as often as they occur.
  BOOST_TEST(comparer.compare("a b c d a b c d", "a b c d").sh4 == (OverlapCounts{1, 0, 4}));
  // Fewer than four tokens: one short shingle; it only matches the same short text.
  BOOST_TEST(comparer.compare("a b", "a b").sh4 == (OverlapCounts{1, 0, 0}));
  BOOST_TEST(comparer.compare("a b", "a b c").sh4 == (OverlapCounts{0, 1, 1}));
  BOOST_TEST(comparer.compare("a b c d", "a b c").sh4 == (OverlapCounts{0, 1, 1}));
  // No tokens: no shingle.
  BOOST_TEST(comparer.compare("", "").sh4 == (OverlapCounts{0, 0, 0}));
  BOOST_TEST(comparer.compare("a b c d e", "!!").sh4 == (OverlapCounts{0, 0, 2}));
  // Token order matters for shingles, not for the bag.
  const auto swapped = comparer.compare("a b c d e", "e d c b a");
  BOOST_TEST(swapped.sh4.tp == 0u);
  BOOST_TEST(swapped.bow == (OverlapCounts{5, 0, 0}));
  BOOST_CHECK_THROW((void)comparer.compare("a", "a", 0), std::invalid_argument);
  BOOST_CHECK_THROW((void)comparer.compare("a", "a", 5), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(sh4_page_scores_follow_evaluate_py) {
  const auto perfect = sh4_page_score({3, 0, 0});
  BOOST_TEST(perfect.precision == 1.0);
  BOOST_TEST(perfect.recall == 1.0);
  // Empty prediction: precision undefined (page left out of the mean), recall 0.
  const auto empty = sh4_page_score({0, 0, 5});
  BOOST_TEST(std::isnan(empty.precision));
  BOOST_TEST(empty.recall == 0.0);
  // Both empty: neither defined.
  const auto none = sh4_page_score({0, 0, 0});
  BOOST_TEST(std::isnan(none.precision));
  BOOST_TEST(std::isnan(none.recall));
  const auto n = normalise({1, 1, 2});
  BOOST_TEST(n.tp == 0.25);
  BOOST_TEST(n.fp == 0.25);
  BOOST_TEST(n.fn == 0.5);
}

BOOST_AUTO_TEST_CASE(shingle_aggregate_is_f1_of_mean_precision_and_mean_recall) {
  ShingleAggregate agg;
  agg.add({1, 0, 0});  // P 1, R 1
  agg.add({1, 1, 2});  // P 0.5, R 1/3
  agg.add({0, 0, 4});  // P skipped, R 0
  agg.add({0, 0, 0});  // skipped for both
  const auto r = agg.result();
  BOOST_TEST(agg.pages() == 4u);
  BOOST_TEST(r.precision == 0.75);
  BOOST_TEST(r.recall == (1.0 + 1.0 / 3.0) / 3.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(r.f1 == 2 * r.precision * r.recall / (r.precision + r.recall),
             boost::test_tools::tolerance(1e-12));
  // Not the mean of per-page F1s.
  BOOST_TEST(std::abs(r.f1 - (1.0 + 0.4 + 0.0) / 3.0) > 0.05);
}

BOOST_AUTO_TEST_CASE(bow_aggregate_means_per_page_scores) {
  BowAggregate agg;
  agg.add({1.0, 0.5, 2.0 / 3.0});
  agg.add({0.0, 0.0, 0.0});
  const auto m = agg.mean();
  BOOST_TEST(m.precision == 0.5);
  BOOST_TEST(m.recall == 0.25);
  BOOST_TEST(m.f1 == 1.0 / 3.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(BowAggregate{}.mean().f1 == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

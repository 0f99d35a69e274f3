#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdint>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/measures.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;
namespace tt = boost::test_tools;

namespace {

std::vector<std::string> names(const std::vector<Measure>& measures) {
  std::vector<std::string> out;
  for (const Measure& m : measures) out.push_back(m.name());
  return out;
}

std::vector<Measure> parse(std::vector<std::string> args, bool* runid = nullptr) {
  return parse_measures(args, runid);
}

double value(const JudgedRanking& ranking, const std::string& measure, Label level = 1) {
  const std::vector<Measure> ms = parse({measure});
  BOOST_REQUIRE_EQUAL(ms.size(), 1u);
  return compute_measures(ranking, ms, level).front();
}

// TREC.md's worked example, topic 851 after trec_eval's sort (score desc, docno desc):
// a document labelled -1, one absent from the qrels, then labels 2, 0, 1, 4; the qrels
// also hold a second label-1 document that was not retrieved.
const JudgedRanking worked{{label_unjudged, label_not_in_qrels, 2, 0, 1, 4}, {-1, 2, 0, 1, 4, 1}};

constexpr double log2_3 = 1.584962500721156;
constexpr double ideal_851 = 4.0 + 2.0 / log2_3 + 1.0 / 2.0 + 1.0 / 2.321928094887362;  // 6.1925
const double dcg_851 = 2.0 / 2.0 + 1.0 / std::log2(6.0) + 4.0 / std::log2(7.0);

}  // namespace

BOOST_AUTO_TEST_SUITE(measures)

BOOST_AUTO_TEST_CASE(official_set_in_trec_eval_order) {
  bool runid = false;
  const auto official = parse({}, &runid);
  BOOST_TEST(runid);
  const std::vector<std::string> expected{
      "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
      "iprec_at_recall_0.00", "iprec_at_recall_0.10", "iprec_at_recall_0.20", "iprec_at_recall_0.30",
      "iprec_at_recall_0.40", "iprec_at_recall_0.50", "iprec_at_recall_0.60", "iprec_at_recall_0.70",
      "iprec_at_recall_0.80", "iprec_at_recall_0.90", "iprec_at_recall_1.00", "P_5", "P_10", "P_15", "P_20",
      "P_30", "P_100", "P_200", "P_500", "P_1000"};
  BOOST_TEST(names(official) == expected, tt::per_element());
  BOOST_TEST(names(parse({"official"})) == expected, tt::per_element());
}

BOOST_AUTO_TEST_CASE(command_line_order_does_not_matter_and_cutoffs_sort) {
  bool runid = true;
  const auto ms = parse({"ndcg_cut.20,5,10", "map", "P.100,5", "recip_rank", "num_rel_ret", "Rprec", "ndcg"}, &runid);
  BOOST_TEST(!runid);
  const std::vector<std::string> expected{"num_rel_ret", "map", "Rprec", "recip_rank", "P_5", "P_100",
                                          "ndcg", "ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"};
  BOOST_TEST(names(ms) == expected, tt::per_element());
}

BOOST_AUTO_TEST_CASE(first_parameters_win_as_in_meas_init) {
  BOOST_TEST(names(parse({"P.5", "P.10"})) == std::vector<std::string>{"P_5"}, tt::per_element());
  BOOST_TEST(names(parse({"P", "P.10"})) == std::vector<std::string>{"P_10"}, tt::per_element());
  BOOST_TEST(names(parse({"P_10", "recall_5"})) == (std::vector<std::string>{"P_10", "recall_5"}), tt::per_element());
  BOOST_TEST(names(parse({"iprec_at_recall..5,0.1"})) ==
                 (std::vector<std::string>{"iprec_at_recall_0.10", "iprec_at_recall_0.50"}),
             tt::per_element());
}

BOOST_AUTO_TEST_CASE(bad_measures) {
  for (const char* bad : {"Q", "P.0", "P.5,5", "P.x", "P.", "ndcg.1=3", "map.5", "iprec_at_recall.2"}) {
    BOOST_CHECK_THROW((void)parse({bad}), UsageError);
  }
}

BOOST_AUTO_TEST_CASE(worked_example_by_hand) {
  BOOST_TEST(value(worked, "num_ret") == 6.0);
  BOOST_TEST(value(worked, "num_rel") == 4.0);
  BOOST_TEST(value(worked, "num_rel_ret") == 3.0);
  BOOST_TEST(value(worked, "P.5") == 2.0 / 5.0, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "P.10") == 0.3, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "P.100") == 0.03, tt::tolerance(1e-12));  // always divided by the cutoff
  BOOST_TEST(value(worked, "recall.5") == 2.0 / 4.0, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "map") == (1.0 / 3 + 2.0 / 5 + 3.0 / 6) / 4, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "Rprec") == 1.0 / 4, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "recip_rank") == 1.0 / 3, tt::tolerance(1e-12));
  // Judged relevant 2 above every judged non-relevant, 1 and 4 below the one 0.
  BOOST_TEST(value(worked, "bpref") == 1.0 / 4, tt::tolerance(1e-12));
  BOOST_TEST(ideal_851 == 6.1925, tt::tolerance(1e-4));
  BOOST_TEST(value(worked, "ndcg_cut.10") == dcg_851 / ideal_851, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "ndcg_cut.10") == 0.4540, tt::tolerance(1e-3));
  BOOST_TEST(value(worked, "ndcg") == dcg_851 / ideal_851, tt::tolerance(1e-12));
  // Cut at 3: DCG 2/log2(4) against the ideal's first three (4, 2/log2 3, 1/2).
  BOOST_TEST(value(worked, "ndcg_cut.3") == 1.0 / (4.0 + 2.0 / log2_3 + 0.5), tt::tolerance(1e-12));
}

// The measures of issue #20, on the same topic, each from its trec_eval source file.
BOOST_AUTO_TEST_CASE(more_trec_eval_measures_by_hand) {
  // m_success.c: the first relevant document (label 2) is at rank 3.
  BOOST_TEST(value(worked, "success.1") == 0.0);
  BOOST_TEST(value(worked, "success.2") == 0.0);
  BOOST_TEST(value(worked, "success.3") == 1.0);
  BOOST_TEST(value(worked, "success.10") == 1.0);
  // m_map_cut.c: map's terms up to the cutoff, always divided by num_rel (4).
  BOOST_TEST(value(worked, "map_cut.2") == 0.0);
  BOOST_TEST(value(worked, "map_cut.5") == (1.0 / 3 + 2.0 / 5) / 4, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "map_cut.1000") == value(worked, "map"), tt::tolerance(1e-15));
  // m_set_F.c: P = 3/6, R = 3/4; x weighs recall.
  BOOST_TEST(value(worked, "set_F") == 2 * 0.5 * 0.75 / (0.5 + 0.75), tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "set_F.0.5") == 1.5 * 0.5 * 0.75 / (0.5 * 0.5 + 0.75), tt::tolerance(1e-12));
  // m_infap.c: the unjudged pooled document (label -1) at rank 1 is counted above each
  // relevant document, the one absent from the qrels only through the rank.
  constexpr double e = 0.00001;
  const double infap = 1.0 / 3 + (2.0 / 3) * (1.0 / 2) * (e / (2 * e))                           // label 2, rank 3
                       + 1.0 / 5 + (4.0 / 5) * (3.0 / 4) * ((1 + e) / (2 + 2 * e))                // label 1, rank 5
                       + 1.0 / 6 + (5.0 / 6) * (4.0 / 5) * ((2 + e) / (3 + 2 * e));               // label 4, rank 6
  BOOST_TEST(value(worked, "infAP") == infap / 4, tt::tolerance(1e-12));
  // A relevant document first adds 1.
  BOOST_TEST(value(JudgedRanking{{1, 0}, {1, 0}}, "infAP") == 1.0);
  // m_Rprec_mult.c: multiple m reads precision at (long)(4m + 0.9); past num_ret (6) the
  // missing documents count as non-relevant.
  const std::vector<std::pair<const char*, double>> multiples{
      {"Rprec_mult.0.2", 0.0},      {"Rprec_mult.0.4", 0.0},      {"Rprec_mult.0.6", 1.0 / 3},
      {"Rprec_mult.0.8", 1.0 / 4},  {"Rprec_mult.1.0", 1.0 / 4},  {"Rprec_mult.1.2", 2.0 / 5},
      {"Rprec_mult.1.4", 3.0 / 6},  {"Rprec_mult.1.6", 3.0 / 7},  {"Rprec_mult.2.0", 3.0 / 8}};
  for (const auto& [measure, expected] : multiples) BOOST_TEST(value(worked, measure) == expected, measure);
  BOOST_TEST(value(worked, "Rprec_mult.1.0") == value(worked, "Rprec"), tt::tolerance(1e-15));
  // judged (ir_measures' Judged@k): the -1 document is judged, the absent one is not;
  // divided by min(k, num_ret).
  BOOST_TEST(value(worked, "judged.1") == 1.0);
  BOOST_TEST(value(worked, "judged.2") == 0.5);
  BOOST_TEST(value(worked, "judged.5") == 4.0 / 5, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "judged.10") == 5.0 / 6, tt::tolerance(1e-12));
  BOOST_TEST(value(JudgedRanking{{}, {1}}, "judged.10") == 0.0);
}

BOOST_AUTO_TEST_CASE(more_measures_follow_the_relevance_level) {
  // -l 2: relevant are the labels 2 and 4 (num_rel 2), label 1 joins the non-relevant.
  BOOST_TEST(value(worked, "map_cut.5", 2) == (1.0 / 3) / 2, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "success.5", 2) == 1.0);
  BOOST_TEST(value(worked, "set_F", 2) == 2 * (2.0 / 6) * 1.0 / (2.0 / 6 + 1.0), tt::tolerance(1e-12));
  constexpr double e = 0.00001;
  const double infap = 1.0 / 3 + (2.0 / 3) * (1.0 / 2) * (e / (2 * e))
                       + 1.0 / 6 + (5.0 / 6) * (4.0 / 5) * ((1 + e) / (3 + 2 * e));
  BOOST_TEST(value(worked, "infAP", 2) == infap / 2, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "Rprec_mult.1.0", 2) == 0.0);  // rank 2: nothing relevant yet
  BOOST_TEST(value(worked, "judged.5", 2) == value(worked, "judged.5", 1));         // -l plays no part
}

// Identities between the new measures and the old ones, on seeded random rankings (labels
// -1..3, documents absent from the qrels, every -l from 0 to 3): each holds in trec_eval's
// definitions, so a slip in one of them shows here.
BOOST_AUTO_TEST_CASE(new_measures_agree_with_old_ones_on_random_rankings) {
  std::uint64_t state = 20;
  auto next = [&state](std::uint64_t n) {  // SplitMix64, reduced to [0, n)
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (z ^ (z >> 31)) % n;
  };
  const auto ms = parse({"map", "map_cut.5000", "Rprec", "Rprec_mult.1.0", "recip_rank", "success.1", "set_F",
                         "num_ret", "num_rel", "num_rel_ret", "infAP", "judged.5", "P.5"});
  auto at = [&ms](const std::vector<double>& values, const std::string& name) {
    for (std::size_t i = 0; i < ms.size(); ++i)
      if (ms[i].name() == name) return values[i];
    BOOST_FAIL("no measure " + name);
    return 0.0;
  };
  for (int round = 0; round < 400; ++round) {
    JudgedRanking ranking;
    const bool all_judged = round % 2 == 0;
    const std::size_t n = next(40);
    for (std::size_t i = 0; i < n; ++i) {
      const auto roll = static_cast<Label>(next(all_judged ? 4 : 6));
      const Label label = roll < 4 ? roll : roll == 4 ? label_not_in_qrels : label_unjudged;
      ranking.retrieved.push_back(label);
      if (label != label_not_in_qrels) ranking.judged.push_back(label == label_unjudged ? -1 : label);
    }
    for (std::size_t extra = next(10); extra > 0; --extra) ranking.judged.push_back(static_cast<Label>(next(4)));
    for (Label level = 0; level <= 3; ++level) {
      const std::vector<double> v = compute_measures(ranking, ms, level);
      BOOST_TEST_CONTEXT("round " << round << ", -l " << level) {
        BOOST_TEST(at(v, "map_cut_5000") == at(v, "map"));
        BOOST_TEST(at(v, "Rprec_mult_1.00") == at(v, "Rprec"));
        BOOST_TEST((at(v, "success_1") == 1.0) == (at(v, "recip_rank") == 1.0));
        const double rel_ret = at(v, "num_rel_ret");
        const double p = rel_ret / at(v, "num_ret"), r = rel_ret / at(v, "num_rel");
        BOOST_TEST(at(v, "set_F") == (rel_ret > 0 ? 2 * p * r / (p + r) : 0.0), tt::tolerance(1e-12));
        BOOST_TEST(at(v, "judged_5") >= 0.0);
        BOOST_TEST(at(v, "judged_5") <= 1.0);
        // Every retrieved document judged (labels >= 0): judged is 1, and infAP is AP up to
        // its epsilon. (-l 0 counts every judged label relevant.)
        if (all_judged && n > 0) {
          BOOST_TEST(at(v, "judged_5") == 1.0);
          BOOST_TEST(at(v, "infAP") == at(v, "map"), tt::tolerance(1e-4));
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(relevance_level_changes_binary_measures_not_ndcg) {
  BOOST_TEST(value(worked, "P.10", 2) == 0.2, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "num_rel", 2) == 2.0);
  BOOST_TEST(value(worked, "map", 2) == (1.0 / 3 + 2.0 / 6) / 2, tt::tolerance(1e-12));
  BOOST_TEST(value(worked, "ndcg_cut.10", 2) == value(worked, "ndcg_cut.10", 1), tt::tolerance(1e-15));
  // -l 0: label-0 documents count as relevant, unjudged ones still do not.
  BOOST_TEST(value(worked, "num_rel", 0) == 5.0);
  BOOST_TEST(value(worked, "num_rel_ret", 0) == 4.0);
}

BOOST_AUTO_TEST_CASE(interpolated_precision_at_recall) {
  // num_rel 4: levels map to 0,1,1,2,2,2,3,3,4,4,4 relevant documents; recall 4 is never
  // reached (3 retrieved), so 0.8..1.0 stay 0; the rest read max precision = 3/6.
  const auto ms = parse({"iprec_at_recall"});
  const auto values = compute_measures(worked, ms, 1);
  for (std::size_t i = 0; i < 8; ++i) BOOST_TEST(values[i] == 0.5, tt::tolerance(1e-12));
  for (std::size_t i = 8; i < 11; ++i) BOOST_TEST(values[i] == 0.0);
  // 1 relevant of 2, at rank 1, then a non-relevant: every level up to 0.5 is 1.0.
  const JudgedRanking top{{1, 0}, {1, 1, 0}};
  BOOST_TEST(value(top, "iprec_at_recall.0.5") == 1.0);
  BOOST_TEST(value(top, "iprec_at_recall.0.6") == 0.0);
}

BOOST_AUTO_TEST_CASE(empty_and_degenerate_topics) {
  // Only negative labels: nothing relevant, every measure 0 (trec_eval's own behaviour
  // here reads uninitialised memory; ours is defined).
  const JudgedRanking negative{{label_unjudged}, {-1}};
  const auto all = parse({"all_trec"});
  const auto values = compute_measures(negative, all, 1);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].kind == MeasureKind::NumQ || all[i].kind == MeasureKind::NumRet) continue;
    BOOST_TEST(values[i] == 0.0, all[i].name());
  }
  // Nothing retrieved (all removed by -J): trec_eval's 0/0 gives NaN at recall 0.
  const JudgedRanking none{{}, {1}};
  BOOST_TEST(std::isnan(value(none, "iprec_at_recall.0")));
  BOOST_TEST(value(none, "P.10") == 0.0);
  BOOST_TEST(value(none, "ndcg_cut.10") == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/evaluator.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;
namespace tt = boost::test_tools;

namespace {

const std::string fixtures = std::string(BOILERDEX_FIXTURES_DIR) + "/trec/";

struct Worked {
  Qrels qrels = read_qrels(fixtures + "worked.qrels");
  Run run = read_run(fixtures + "worked.run");

  Evaluation eval(std::vector<std::string> measures, EvalOptions options = {}) const {
    const std::vector<Measure> ms = parse_measures(measures);
    return evaluate(qrels, run, ms, options);
  }
};

double get(const Evaluation& e, const std::string& qid, const std::string& measure) {
  const auto v = e.value(qid, measure);
  BOOST_REQUIRE_MESSAGE(v.has_value(), qid << " " << measure);
  return *v;
}

std::string printed(const Evaluation& e, bool per_topic) {
  std::ostringstream out;
  print_evaluation(out, e, per_topic);
  return out.str();
}

// Values worked out by hand (see tests/fixtures/trec/README.md):
// 851: P_10 3/10, map (1/3 + 2/5 + 3/6)/4, ndcg_cut_10 2.8117/6.1925 = 0.4540 (TREC.md).
// 852: run X3 (label 0), X1 (1), X9 (unjudged); qrels X1 1, X2 1, X3 0:
//      P_10 0.1, map (1/2)/2, ndcg_cut_10 (1/log2 3)/(1 + 1/log2 3) = 0.3869.
const double map_851 = (1.0 / 3 + 2.0 / 5 + 3.0 / 6) / 4;
const double map_852 = 0.5 / 2;
const double ndcg_851 = (1.0 + 1.0 / std::log2(6.0) + 4.0 / std::log2(7.0)) /
                        (4.0 + 2.0 / std::log2(3.0) + 0.5 + 1.0 / std::log2(5.0));
const double ndcg_852 = (1.0 / std::log2(3.0)) / (1.0 + 1.0 / std::log2(3.0));

}  // namespace

BOOST_AUTO_TEST_SUITE(evaluator)

BOOST_FIXTURE_TEST_CASE(ties_unjudged_and_negative_labels, Worked) {
  const Evaluation e = eval({"P.5,10", "map", "ndcg_cut.10", "num_ret", "num_rel", "num_rel_ret", "recip_rank"});
  BOOST_REQUIRE_EQUAL(e.topics.size(), 2u);  // 853 (qrels only) and 999 (run only) are out
  BOOST_TEST(e.topics[0].qid == "851");
  BOOST_TEST(e.topics_without_qrels == std::vector<std::string>{"999"}, tt::per_element());
  BOOST_TEST(e.run_id == "worked");
  BOOST_TEST(get(e, "851", "P_10") == 0.3, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "P_5") == 0.4, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "map") == map_851, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "ndcg_cut_10") == ndcg_851, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "recip_rank") == 1.0 / 3, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "852", "map") == map_852, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "852", "ndcg_cut_10") == ndcg_852, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "all", "P_10") == 0.2, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "all", "map") == (map_851 + map_852) / 2, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "all", "num_ret") == 9.0);   // counts are summed
  BOOST_TEST(get(e, "all", "num_rel") == 6.0);
  BOOST_TEST(get(e, "all", "num_rel_ret") == 4.0);
  BOOST_TEST(e.num_queries == 2u);
}

BOOST_FIXTURE_TEST_CASE(relevance_level, Worked) {
  EvalOptions options;
  options.relevance_level = 2;
  const Evaluation e = eval({"P.10", "ndcg_cut.10"}, options);
  BOOST_TEST(get(e, "851", "P_10") == 0.2, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "ndcg_cut_10") == ndcg_851, tt::tolerance(1e-12));  // -l plays no part
}

BOOST_FIXTURE_TEST_CASE(judged_only, Worked) {
  EvalOptions options;
  options.judged_only = true;
  const Evaluation e = eval({"P.10", "ndcg_cut.10", "num_ret", "map", "recip_rank"}, options);
  BOOST_TEST(get(e, "851", "ndcg_cut_10") == 0.6819, tt::tolerance(2e-4));  // TREC.md
  BOOST_TEST(get(e, "851", "ndcg_cut_10") ==
                 (2.0 + 0.5 + 4.0 / std::log2(5.0)) / (4.0 + 2.0 / std::log2(3.0) + 0.5 + 1.0 / std::log2(5.0)),
             tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "num_ret") == 4.0);
  BOOST_TEST(get(e, "851", "recip_rank") == 1.0);
  BOOST_TEST(get(e, "851", "map") == (1.0 + 2.0 / 3 + 3.0 / 4) / 4, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "852", "num_ret") == 2.0);  // X9 is gone
}

BOOST_FIXTURE_TEST_CASE(max_retrieved_applies_before_judged_only, Worked) {
  EvalOptions options;
  options.max_retrieved = 3;
  Evaluation e = eval({"P.10", "num_ret", "map", "ndcg_cut.10"}, options);
  BOOST_TEST(get(e, "851", "num_ret") == 3.0);
  BOOST_TEST(get(e, "851", "P_10") == 0.1, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "map") == (1.0 / 3) / 4, tt::tolerance(1e-12));
  options.judged_only = true;  // form_res_rels.c: cut at 3 first, then drop the unjudged
  e = eval({"num_ret", "map"}, options);
  BOOST_TEST(get(e, "851", "num_ret") == 1.0);
  BOOST_TEST(get(e, "851", "map") == 0.25, tt::tolerance(1e-12));
}

BOOST_FIXTURE_TEST_CASE(complete_averages_over_every_qrels_topic, Worked) {
  EvalOptions options;
  options.complete = true;
  const Evaluation e = eval({"num_q", "num_ret", "num_rel", "map", "gm_map", "P.10"}, options);
  BOOST_REQUIRE_EQUAL(e.topics.size(), 3u);
  BOOST_TEST(e.topics[2].qid == "853");
  BOOST_TEST(get(e, "853", "num_ret") == 0.0);  // the bogus ranking's document is not counted
  BOOST_TEST(get(e, "853", "num_rel") == 1.0);
  BOOST_TEST(get(e, "853", "P_10") == 0.0);
  BOOST_TEST(get(e, "all", "num_q") == 3.0);
  BOOST_TEST(get(e, "all", "num_ret") == 9.0);
  BOOST_TEST(get(e, "all", "num_rel") == 7.0);
  BOOST_TEST(get(e, "all", "P_10") == 0.4 / 3, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "all", "map") == (map_851 + map_852) / 3, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "all", "gm_map") == std::cbrt(map_851 * map_852 * 0.00001), tt::tolerance(1e-9));
  const Evaluation without = eval({"gm_map"});
  BOOST_TEST(get(without, "all", "gm_map") == std::sqrt(map_851 * map_852), tt::tolerance(1e-12));
}

BOOST_FIXTURE_TEST_CASE(binarize_for_topic_relevance_ndcg, Worked) {
  EvalOptions options;
  options.binarize = 1;
  const Evaluation e = eval({"ndcg_cut.10", "P.10"}, options);
  // Gains become 1: DCG 1/log2 4 + 1/log2 6 + 1/log2 7 against 1 + 1/log2 3 + 1/2 + 1/log2 5.
  const double expected = (0.5 + 1.0 / std::log2(6.0) + 1.0 / std::log2(7.0)) /
                          (1.0 + 1.0 / std::log2(3.0) + 0.5 + 1.0 / std::log2(5.0));
  BOOST_TEST(get(e, "851", "ndcg_cut_10") == expected, tt::tolerance(1e-12));
  BOOST_TEST(get(e, "851", "P_10") == 0.3, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(an_empty_run_topic_counts_as_one_unjudged_document) {
  const Qrels q = parse_qrels("1 0 a 1\n2 0 b 1\n", "q");
  Run run;
  run.tag = "t";
  run.topics["1"] = {RunEntry{"a", 1.0, 1}};
  run.topics["2"] = {};
  const std::vector<Measure> ms = parse_measures(std::vector<std::string>{"num_ret", "P.5"});
  const Evaluation e = evaluate(q, run, ms);
  BOOST_REQUIRE_EQUAL(e.topics.size(), 2u);
  BOOST_TEST(get(e, "2", "num_ret") == 1.0);
  BOOST_TEST(get(e, "all", "P_5") == 0.1, tt::tolerance(1e-12));  // (0.2 + 0) / 2
}

BOOST_AUTO_TEST_CASE(nothing_in_common_is_an_error) {
  const Qrels q = parse_qrels("1 0 a 1\n", "q");
  const Run run = parse_run("2 Q0 a 1 1 t\n", "r");
  const std::vector<Measure> ms = parse_measures(std::vector<std::string>{"map"});
  BOOST_CHECK_THROW((void)evaluate(q, run, ms), Error);
  EvalOptions options;
  options.max_retrieved = 0;
  BOOST_CHECK_THROW((void)evaluate(q, run, ms, options), UsageError);
  BOOST_CHECK_THROW((void)evaluate(q, run, std::vector<Measure>{}), UsageError);
}

BOOST_FIXTURE_TEST_CASE(prints_trec_eval_format, Worked) {
  bool runid = false;
  const std::vector<std::string> args{"P.10,5", "num_ret", "map", "ndcg_cut.10", "runid", "num_q", "gm_map"};
  Evaluation e = evaluate(qrels, run, parse_measures(args, &runid));
  e.print_runid = runid;
  BOOST_TEST(printed(e, true) ==
             "num_ret               \t851\t6\n"
             "map                   \t851\t0.3083\n"
             "P_5                   \t851\t0.4000\n"
             "P_10                  \t851\t0.3000\n"
             "ndcg_cut_10           \t851\t0.4540\n"
             "num_ret               \t852\t3\n"
             "map                   \t852\t0.2500\n"
             "P_5                   \t852\t0.2000\n"
             "P_10                  \t852\t0.1000\n"
             "ndcg_cut_10           \t852\t0.3869\n"
             "runid                 \tall\tworked\n"
             "num_q                 \tall\t2\n"
             "num_ret               \tall\t9\n"
             "map                   \tall\t0.2792\n"
             "gm_map                \tall\t0.2776\n"
             "P_5                   \tall\t0.3000\n"
             "P_10                  \tall\t0.2000\n"
             "ndcg_cut_10           \tall\t0.4204\n");
}

BOOST_AUTO_TEST_SUITE_END()

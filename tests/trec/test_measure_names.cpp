// Measure names: trec_eval's -m syntax for the measures of issue #20 and ir_measures' names,
// which print under trec_eval's.
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/measures.hpp"

using namespace boilerdex;
using namespace boilerdex::trec;
namespace tt = boost::test_tools;

namespace {

std::vector<std::string> names(std::vector<std::string> args) {
  std::vector<std::string> out;
  for (const Measure& m : parse_measures(args)) out.push_back(m.name());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(measure_names)

BOOST_AUTO_TEST_CASE(defaults_and_print_names_as_trec_eval) {
  BOOST_TEST(names({"success"}) == (std::vector<std::string>{"success_1", "success_5", "success_10"}),
             tt::per_element());
  BOOST_TEST(names({"map_cut"}) == (std::vector<std::string>{"map_cut_5", "map_cut_10", "map_cut_15", "map_cut_20",
                                                             "map_cut_30", "map_cut_100", "map_cut_200",
                                                             "map_cut_500", "map_cut_1000"}),
             tt::per_element());
  BOOST_TEST(names({"Rprec_mult"}) ==
                 (std::vector<std::string>{"Rprec_mult_0.20", "Rprec_mult_0.40", "Rprec_mult_0.60", "Rprec_mult_0.80",
                                           "Rprec_mult_1.00", "Rprec_mult_1.20", "Rprec_mult_1.40", "Rprec_mult_1.60",
                                           "Rprec_mult_1.80", "Rprec_mult_2.00"}),
             tt::per_element());
  BOOST_TEST(names({"Rprec_mult.3,.5"}) == (std::vector<std::string>{"Rprec_mult_0.50", "Rprec_mult_3.00"}),
             tt::per_element());
  // set_F prints its parameter as written, and nothing for the default (meas_init.c).
  BOOST_TEST(names({"set_F"}) == std::vector<std::string>{"set_F"}, tt::per_element());
  BOOST_TEST(names({"set_F.0.5"}) == std::vector<std::string>{"set_F_0.5"}, tt::per_element());
  BOOST_TEST(parse_measures(std::vector<std::string>{"set_F.0.5"}).front().parameter == 0.5);
  BOOST_TEST(names({"judged"}) == (std::vector<std::string>{"judged_5", "judged_10", "judged_20"}),
             tt::per_element());
  BOOST_TEST(names({"infAP", "bpref"}) == (std::vector<std::string>{"bpref", "infAP"}), tt::per_element());
}

BOOST_AUTO_TEST_CASE(print_order_is_measures_c) {
  const std::vector<std::string> expected{"map",      "bpref",     "P_10",      "infAP",      "Rprec_mult_1.00",
                                          "ndcg_cut_10", "map_cut_10", "success_1", "set_F", "judged_10"};
  BOOST_TEST(names({"judged.10", "set_F", "success.1", "map_cut.10", "ndcg_cut.10", "Rprec_mult.1", "infAP", "P.10",
                    "bpref", "map"}) == expected,
             tt::per_element());
}

BOOST_AUTO_TEST_CASE(all_trec_has_the_new_trec_eval_measures_not_judged) {
  const std::vector<std::string> all = names({"all_trec"});
  for (const char* name : {"infAP", "Rprec_mult_0.20", "map_cut_1000", "success_10", "set_F", "ndcg_cut_5"}) {
    BOOST_TEST((std::find(all.begin(), all.end(), name) != all.end()), name);
  }
  BOOST_TEST((std::find(all.begin(), all.end(), "judged_10") == all.end()));
}

BOOST_AUTO_TEST_CASE(ir_measures_names_print_as_trec_eval) {
  BOOST_TEST(names({"nDCG@10", "P@10", "AP", "R@1000", "Judged@10", "RR"}) ==
                 (std::vector<std::string>{"map", "recip_rank", "P_10", "recall_1000", "ndcg_cut_10", "judged_10"}),
             tt::per_element());
  BOOST_TEST(names({"nDCG", "AP@100", "Success@5", "Bpref", "infAP", "Rprec", "SetF", "IPrec@0.5"}) ==
                 (std::vector<std::string>{"Rprec", "bpref", "iprec_at_recall_0.50", "infAP", "ndcg", "map_cut_100",
                                           "success_5", "set_F"}),
             tt::per_element());
  BOOST_TEST(names({"NumQ", "NumRet", "NumRel", "NumRelRet"}) ==
                 (std::vector<std::string>{"num_q", "num_ret", "num_rel", "num_rel_ret"}),
             tt::per_element());
  BOOST_TEST(names({"SetF(beta=0.5)"}) == std::vector<std::string>{"set_F_0.5"}, tt::per_element());
  // Each ir_measures name adds its cutoff (unlike trec_eval's first-wins P.5 -m P.10).
  BOOST_TEST(names({"P@10", "P@5", "P@10"}) == (std::vector<std::string>{"P_5", "P_10"}), tt::per_element());
  BOOST_TEST(names({"P.5", "P@20"}) == (std::vector<std::string>{"P_5", "P_20"}), tt::per_element());
  // trec_eval's own "P" (every default cutoff) is not ir_measures' P, which needs @k.
  BOOST_TEST(names({"P"}).size() == 9u);
}

BOOST_AUTO_TEST_CASE(bad_new_measures) {
  for (const char* bad : {"success.0", "map_cut.x", "set_F.0.5,2", "set_F.-1", "Rprec_mult.-1", "judged.0", "infAP.5",
                          "P@0", "P@x", "RR@10", "nDCG(dcg=exp-log2)@10", "P(rel=2)@10", "Judged", "R", "SetF(x=1)"}) {
    BOOST_CHECK_THROW((void)names({bad}), UsageError);
  }
}

BOOST_AUTO_TEST_SUITE_END()

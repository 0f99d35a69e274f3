#include <boost/test/unit_test.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "boilerdex/trec/experiment_random.hpp"
#include "boilerdex/trec/significance.hpp"

using namespace boilerdex::trec;

namespace {
// Student's sleep data (Cushny and Peebles 1905; R's `sleep`): extra hours under two drugs.
const std::vector<double> sleep_drug1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
const std::vector<double> sleep_drug2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};
}  // namespace

BOOST_AUTO_TEST_SUITE(significance)

BOOST_AUTO_TEST_CASE(random_is_splitmix64) {
  // Reference outputs of Vigna's splitmix64.c seeded with 1234567.
  Random random(1234567);
  BOOST_TEST(random.next() == 6457827717110365317ULL);
  BOOST_TEST(random.next() == 3203168211198807973ULL);
  BOOST_TEST(random.next() == 9817491932198370423ULL);
  Random bounded(7);
  for (int i = 0; i < 1000; ++i) BOOST_TEST(bounded.below(10) < 10U);
  for (int i = 0; i < 1000; ++i) {
    const auto v = bounded.between(-3, 3);
    BOOST_TEST((v >= -3 && v <= 3));
  }
}

BOOST_AUTO_TEST_CASE(incomplete_beta_closed_forms) {
  for (double x : {0.01, 0.2, 0.5, 0.77, 0.99}) {
    BOOST_TEST(regularized_incomplete_beta(3.5, 1.0, x) == std::pow(x, 3.5), boost::test_tools::tolerance(1e-12));
    BOOST_TEST(regularized_incomplete_beta(1.0, 2.5, x) == 1.0 - std::pow(1.0 - x, 2.5),
               boost::test_tools::tolerance(1e-12));
  }
  BOOST_TEST(regularized_incomplete_beta(7.0, 7.0, 0.5) == 0.5, boost::test_tools::tolerance(1e-13));
  // Integer a, b: a binomial tail. I_0.3(2, 3) = sum_{j=2..4} C(4,j) 0.3^j 0.7^(4-j) = 0.3483.
  BOOST_TEST(regularized_incomplete_beta(2.0, 3.0, 0.3) == 0.3483, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(regularized_incomplete_beta(2.0, 3.0, 0.0) == 0.0);
  BOOST_TEST(regularized_incomplete_beta(2.0, 3.0, 1.0) == 1.0);
  BOOST_TEST(std::isnan(regularized_incomplete_beta(-1.0, 3.0, 0.5)));
  BOOST_TEST(std::isnan(regularized_incomplete_beta(1.0, 3.0, 1.5)));
}

BOOST_AUTO_TEST_CASE(student_t_closed_forms_and_table_values) {
  for (double t : {-30.0, -2.5, -0.3, 0.0, 0.7, 4.0, 100.0}) {
    // One degree of freedom is the Cauchy distribution; two has a closed form too.
    BOOST_TEST(student_t_cdf(t, 1.0) == 0.5 + std::atan(t) / std::numbers::pi, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(student_t_cdf(t, 2.0) == 0.5 + t / (2.0 * std::sqrt(2.0 + t * t)),
               boost::test_tools::tolerance(1e-12));
  }
  // Critical values from the t table (R: qt(0.975, 10), qt(0.995, 30), qt(0.95, 4)).
  BOOST_TEST(student_t_cdf(2.228138851986274, 10.0) == 0.975, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(student_t_cdf(2.749995653567422, 30.0) == 0.995, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(student_t_cdf(-2.131846786326649, 4.0) == 0.05, boost::test_tools::tolerance(1e-9));
  // Many degrees of freedom: the normal distribution's 97.5% point.
  BOOST_TEST(student_t_cdf(1.959963984540054, 1e9) == 0.975, boost::test_tools::tolerance(1e-7));
  BOOST_TEST(student_t_cdf(INFINITY, 5.0) == 1.0);
  BOOST_TEST(student_t_cdf(-INFINITY, 5.0) == 0.0);
  BOOST_TEST(std::isnan(student_t_cdf(1.0, 0.0)));
}

BOOST_AUTO_TEST_CASE(paired_t_test_on_students_sleep_data) {
  // R: t.test(extra ~ group, data = sleep, paired = TRUE): t = -4.0621, df = 9, p = 0.002833.
  const auto r = paired_t_test(sleep_drug1, sleep_drug2);
  BOOST_TEST(r.pairs == 10U);
  BOOST_TEST(r.mean_difference == -1.58, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(r.statistic == -4.062127683382037, boost::test_tools::tolerance(1e-10));
  BOOST_TEST(r.p_value == 0.002832890, boost::test_tools::tolerance(1e-5));
  // Swapping the runs flips the sign, not the p-value.
  const auto s = paired_t_test(sleep_drug2, sleep_drug1);
  BOOST_TEST(s.statistic == 4.062127683382037, boost::test_tools::tolerance(1e-10));
  BOOST_TEST(s.p_value == r.p_value, boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(paired_t_test_degenerate_inputs) {
  const std::vector<double> a = {0.3, 0.5, 0.1}, same = a;
  BOOST_TEST(paired_t_test(a, same).p_value == 1.0);
  const std::vector<double> shifted = {0.4, 0.6, 0.2};
  const auto r = paired_t_test(shifted, a);
  BOOST_TEST(r.p_value == 0.0);
  BOOST_TEST(std::isinf(r.statistic));
  BOOST_TEST(std::isnan(paired_t_test(std::vector<double>{0.1}, std::vector<double>{0.2}).p_value));
  BOOST_CHECK_THROW((void)paired_t_test(a, std::vector<double>{0.1}), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(randomization_test_exact_enumeration) {
  // 2^10 = 1024 sign assignments; only 4 reach |sum| >= 15.8 (the observed one, its mirror,
  // and both again with the zero difference's sign flipped): p = 4/1024.
  const auto r = paired_randomization_test(sleep_drug1, sleep_drug2, 100000, 1);
  BOOST_TEST(r.p_value == 4.0 / 1024.0, boost::test_tools::tolerance(1e-15));
  BOOST_TEST(r.statistic == 1.58, boost::test_tools::tolerance(1e-12));
  const std::vector<double> a = {0.3, 0.5, 0.1}, same = a;
  BOOST_TEST(paired_randomization_test(a, same).p_value == 1.0);
  BOOST_CHECK_THROW((void)paired_randomization_test(a, same, 0, 1), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(randomization_test_sampling_is_seeded_and_close_to_exact) {
  Random random(42);
  std::vector<double> run(20), baseline(20);
  for (std::size_t i = 0; i < run.size(); ++i) {
    baseline[i] = random.unit();
    run[i] = baseline[i] + 0.08 * (random.unit() - 0.3);
  }
  const double exact = paired_randomization_test(run, baseline, 1U << 20U, 0).p_value;  // 2^20: enumerated
  const auto sampled = paired_randomization_test(run, baseline, 100000, 99);
  BOOST_TEST(sampled.p_value == paired_randomization_test(run, baseline, 100000, 99).p_value);
  BOOST_TEST(std::fabs(sampled.p_value - exact) < 0.005);
  BOOST_TEST(exact > 0.0);
  BOOST_TEST(exact < 1.0);
  // The sampled p-value is never 0, even when no permutation reaches the statistic.
  std::vector<double> far(20, 1.0), near(20, 0.0);
  near[0] = 0.5;
  BOOST_TEST(paired_randomization_test(far, near, 1000, 3).p_value == 1.0 / 1001.0);
}

BOOST_AUTO_TEST_CASE(holm_textbook_example) {
  // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const auto adjusted = holm_adjust(p);
  const std::vector<double> expected = {0.03, 0.06, 0.06, 0.02};
  for (std::size_t i = 0; i < p.size(); ++i) BOOST_TEST(adjusted[i] == expected[i], boost::test_tools::tolerance(1e-12));
  // Capped at 1; NaN passes through and does not count in m.
  const auto capped = holm_adjust(std::vector<double>{0.6, NAN, 0.2});
  BOOST_TEST(capped[0] == 0.6, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(std::isnan(capped[1]));
  BOOST_TEST(capped[2] == 0.4, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(holm_adjust(std::vector<double>{}).empty());
}

BOOST_AUTO_TEST_SUITE_END()

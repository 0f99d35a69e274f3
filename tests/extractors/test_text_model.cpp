#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/text_model.hpp"

using namespace boilerdex;
using namespace boilerdex::plugin;

namespace {

// SplitMix64: a fixed-seed generator whose stream is the same on every platform (the
// standard distributions are not), so the synthetic samples are reproducible.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in (0, 1).
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

 private:
  std::uint64_t m_state;
};

// A 1-displaced geometric draw by inversion.
int draw_geometric(SplitMix64& rng, double p) {
  return 1 + static_cast<int>(std::floor(std::log(rng.uniform()) / std::log1p(-p)));
}

WordCountHistogram sample_mixture(double w, double p_short, double p_long, int blocks,
                                  std::uint64_t seed) {
  SplitMix64 rng(seed);
  WordCountHistogram h;
  for (int i = 0; i < blocks; ++i) h.add(draw_geometric(rng, rng.uniform() < w ? p_short : p_long));
  return h;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(text_model)

BOOST_AUTO_TEST_CASE(histogram_counts_blocks_words_and_empty_blocks) {
  WordCountHistogram h;
  h.add(1);
  h.add(3, 2);
  h.add(0);
  h.add(-4);
  BOOST_TEST(h.blocks() == 3u);
  BOOST_TEST(h.words() == 7u);
  BOOST_TEST(h.zero_word_blocks() == 2u);
  BOOST_TEST(h.max_words() == 3);
  BOOST_TEST(h.count(2) == 0u);
  BOOST_TEST(h.count(3) == 2u);
  BOOST_TEST(h.count(99) == 0u);
  BOOST_TEST(h.mean() == 7.0 / 3.0, boost::test_tools::tolerance(1e-12));
  WordCountHistogram g;
  g.add(5);
  g.merge(h);
  BOOST_TEST(g.blocks() == 4u);
  BOOST_TEST(g.words() == 12u);
  BOOST_TEST(g.zero_word_blocks() == 2u);
}

BOOST_AUTO_TEST_CASE(geometric_pmf_sums_to_one) {
  double sum = 0.0;
  for (int n = 1; n < 2000; ++n) sum += displaced_geometric_pmf(0.05, n);
  BOOST_TEST(sum == 1.0, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(displaced_geometric_pmf(0.3, 0) == 0.0);
  BOOST_TEST(displaced_geometric_pmf(1.0, 1) == 1.0);
  BOOST_TEST(displaced_geometric_pmf(1.0, 2) == 0.0);
  BOOST_TEST(displaced_geometric_pmf(0.25, 3) == 0.25 * 0.75 * 0.75,
             boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(single_geometric_is_recovered) {
  SplitMix64 rng(7);
  WordCountHistogram h;
  for (int i = 0; i < 100000; ++i) h.add(draw_geometric(rng, 0.2));
  const GeometricFit fit = fit_geometric(h);
  BOOST_TEST(fit.p == 0.2, boost::test_tools::tolerance(0.01));
  const GoodnessOfFit g = goodness_of_fit(h, fit);
  BOOST_TEST(g.r_squared_adjusted > 0.99);
  BOOST_TEST(g.rmse < 0.005);
  // The mixture gains next to nothing on one geometric (EM creeps towards it from its
  // split start, so it may stop a hair short).
  const MixtureFit mixture = fit_mixture(h);
  BOOST_TEST(mixture.log_likelihood >= fit.log_likelihood * (1.0 + 1e-8));
  BOOST_TEST(mixture.log_likelihood - fit.log_likelihood < 10.0);
}

BOOST_AUTO_TEST_CASE(mixture_parameters_are_recovered) {
  // The paper's L3S-GN1 figures as the truth.
  const WordCountHistogram h = sample_mixture(0.7586, 0.3968, 0.04369, 200000, 2010);
  const MixtureFit fit = fit_mixture(h);
  BOOST_TEST(fit.converged);
  BOOST_TEST(fit.weight_short == 0.7586, boost::test_tools::tolerance(0.01));
  BOOST_TEST(fit.p_short == 0.3968, boost::test_tools::tolerance(0.01));
  BOOST_TEST(fit.p_long == 0.04369, boost::test_tools::tolerance(0.02));
  const GoodnessOfFit mixed = goodness_of_fit(h, fit);
  const GoodnessOfFit single = goodness_of_fit(h, fit_geometric(h));
  BOOST_TEST(mixed.r_squared_adjusted > 0.99);
  BOOST_TEST(mixed.rmse < single.rmse);
  BOOST_TEST(mixed.r_squared_adjusted > single.r_squared_adjusted);
  BOOST_TEST(fit.log_likelihood > fit_geometric(h).log_likelihood);
  // Same histogram, same fit.
  const MixtureFit again = fit_mixture(h);
  BOOST_TEST(again.weight_short == fit.weight_short);
  BOOST_TEST(again.p_long == fit.p_long);
}

BOOST_AUTO_TEST_CASE(mixture_labels_the_steeper_component_short) {
  const WordCountHistogram h = sample_mixture(0.3, 0.5, 0.02, 100000, 99);
  const MixtureFit fit = fit_mixture(h);
  BOOST_TEST(fit.p_short > fit.p_long);
  BOOST_TEST(fit.weight_short == 0.3, boost::test_tools::tolerance(0.05));
  BOOST_TEST(fit.p_short == 0.5, boost::test_tools::tolerance(0.02));
  BOOST_TEST(fit.p_long == 0.02, boost::test_tools::tolerance(0.03));
}

BOOST_AUTO_TEST_CASE(threshold_is_where_long_text_becomes_more_likely) {
  MixtureFit fit;
  fit.weight_short = 0.7586;
  fit.p_short = 0.3968;
  fit.p_long = 0.04369;
  const auto t = long_text_threshold(fit);
  BOOST_REQUIRE(t.has_value());
  const auto weighted = [&](int n, bool long_class) {
    return long_class ? (1 - fit.weight_short) * displaced_geometric_pmf(fit.p_long, n)
                      : fit.weight_short * displaced_geometric_pmf(fit.p_short, n);
  };
  BOOST_TEST(weighted(*t, true) > weighted(*t, false));
  BOOST_TEST(weighted(*t - 1, true) <= weighted(*t - 1, false));
  // Long/short is 0.03504 at n = 1 and grows by 0.95631/0.6032 = 1.5854 a word:
  // 0.03504 · 1.5854^7 = 0.88, · 1.5854^8 = 1.40.
  BOOST_TEST(*t == 9);
  // Long text dominant from the start.
  fit.weight_short = 0.01;
  BOOST_TEST(long_text_threshold(fit).value_or(0) == 1);
  // No separation.
  fit.p_long = fit.p_short;
  BOOST_TEST(!long_text_threshold(fit).has_value());
  fit.p_long = 0.04;
  fit.weight_short = 1.0;
  BOOST_TEST(!long_text_threshold(fit).has_value());
}

BOOST_AUTO_TEST_CASE(degenerate_inputs) {
  const WordCountHistogram empty;
  BOOST_CHECK_THROW((void)fit_geometric(empty), UsageError);
  BOOST_CHECK_THROW((void)fit_mixture(empty), UsageError);
  BOOST_CHECK_THROW((void)goodness_of_fit(empty, GeometricFit{}), UsageError);

  WordCountHistogram ones;
  ones.add(1, 500);
  const GeometricFit g = fit_geometric(ones);
  BOOST_TEST(g.p == 1.0);
  BOOST_TEST(g.log_likelihood == 0.0);
  const MixtureFit m = fit_mixture(ones);
  BOOST_TEST(m.weight_short == 1.0);
  BOOST_TEST(m.p_short == 1.0);
  BOOST_TEST(m.converged);
  BOOST_TEST(!long_text_threshold(m).has_value());
  const GoodnessOfFit fit = goodness_of_fit(ones, m);
  BOOST_TEST(fit.points == 1u);
  BOOST_TEST(fit.r_squared == 1.0);
  BOOST_TEST(fit.rmse == 0.0);

  WordCountHistogram sevens;
  sevens.add(7, 10);
  BOOST_TEST(fit_mixture(sevens).p_long == 1.0 / 7.0, boost::test_tools::tolerance(1e-12));

  // Very long blocks must not underflow the E step into NaN.
  WordCountHistogram wide;
  wide.add(1, 100);
  wide.add(2, 50);
  wide.add(100000, 1);
  const MixtureFit w = fit_mixture(wide);
  BOOST_TEST(std::isfinite(w.log_likelihood));
  BOOST_TEST(std::isfinite(w.p_long));
}

BOOST_AUTO_TEST_CASE(density_histogram_bins_and_svg) {
  BOOST_CHECK_THROW(TextDensityHistogram({}, 3), UsageError);
  TextDensityHistogram h({"boiler<plate>", "full text"}, 3);
  h.add(0, 0.5);
  h.add(0, -1.0);
  h.add(0, std::nan(""));
  h.add(1, 2.0);
  h.add(1, 40.0);
  BOOST_TEST(h.count(0, 0) == 3u);
  BOOST_TEST(h.count(1, 2) == 2u);
  BOOST_TEST(h.total(1) == 2u);
  BOOST_CHECK_THROW(h.add(2, 1.0), std::out_of_range);
  std::ostringstream svg;
  write_density_svg(h, "a & b", svg);
  const std::string s = svg.str();
  BOOST_TEST(s.find("<svg") == 0u);
  BOOST_TEST(s.find("a &amp; b") != std::string::npos);
  BOOST_TEST(s.find("boiler&lt;plate&gt; (3)") != std::string::npos);
  BOOST_TEST(s.find("</svg>") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

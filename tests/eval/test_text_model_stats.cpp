#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <filesystem>
#include <sstream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/text_model_stats.hpp"

using namespace boilerdex;
using namespace boilerdex::plugin;

BOOST_AUTO_TEST_SUITE(text_model_stats)

BOOST_AUTO_TEST_CASE(collect_needs_exactly_one_source) {
  std::istringstream in;
  BOOST_CHECK_THROW((void)collect_text_model(TextModelOptions{}, in, nullptr), UsageError);
}

BOOST_AUTO_TEST_CASE(report_on_l3s_gn1_when_present) {
  const std::filesystem::path dir =
      std::filesystem::path(BOILERDEX_SHARED_DIR) / "data/extraction/l3s-gn1-dev";
  if (!std::filesystem::exists(dir)) {
    BOOST_TEST_MESSAGE("skipped: " << dir << " is absent");
    return;
  }
  TextModelOptions options;
  options.dataset = parse_dataset_spec("l3s-gn1:" + dir.string());
  options.limit = 20;
  std::istringstream in;
  const TextModelReport r = collect_text_model(options, in, nullptr);
  BOOST_TEST(r.labelled);
  BOOST_TEST(r.pages == 20u);
  BOOST_TEST(r.words.blocks() > 100u);
  // Full text is long text, not content mostly short.
  const auto& full = r.by_class[static_cast<std::size_t>(L3sClass::FullText)];
  const auto& boiler = r.by_class[static_cast<std::size_t>(L3sClass::NotContent)];
  BOOST_TEST(full.mean() > 2 * boiler.mean());
  std::ostringstream out;
  write_text_model_report(r, out);
  BOOST_TEST(out.str().find("| mixture of two |") != std::string::npos);
  BOOST_TEST(out.str().find("| full text |") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

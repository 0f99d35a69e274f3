// segment_limits_from_config: a page's bounds from the [extraction] table, and defaults
// written once (config/defaults.hpp) for both the configuration and SegmentLimits.
#include <boost/test/unit_test.hpp>

#include "boilerdex/config/config.hpp"
#include "boilerdex/plugin/segment_limits.hpp"

using namespace boilerdex;
using plugin::SegmentLimits;
using plugin::segment_limits_from_config;

BOOST_AUTO_TEST_SUITE(segment_limits)

BOOST_AUTO_TEST_CASE(default_configuration_gives_default_limits) {
  const SegmentLimits from_config = segment_limits_from_config(config::Config{});
  const SegmentLimits defaults;
  BOOST_TEST(from_config.max_input_bytes == defaults.max_input_bytes);
  BOOST_TEST(from_config.max_depth == defaults.max_depth);
  BOOST_TEST(from_config.max_blocks == defaults.max_blocks);
  BOOST_TEST(from_config.max_block_bytes == defaults.max_block_bytes);
  BOOST_TEST(from_config.max_page_millis == defaults.max_page_millis);
  // The documented values (config.hpp, docs/configuration.md).
  BOOST_TEST(defaults.max_depth == 2000u);
  BOOST_TEST(defaults.max_blocks == 200000u);
  BOOST_TEST(defaults.max_block_bytes == (1u << 20));
  BOOST_TEST(defaults.max_page_millis == 30000u);
}

BOOST_AUTO_TEST_CASE(every_extraction_key_is_read) {
  config::Config c;
  c.extraction.max_depth = 7;
  c.extraction.max_blocks = 11;
  c.extraction.max_block_bytes = 13;
  c.extraction.max_page_millis = 0;
  c.collection.max_page_bytes = 17;  // the indexer's bound, not the segmenter's
  const SegmentLimits limits = segment_limits_from_config(c);
  BOOST_TEST(limits.max_depth == 7u);
  BOOST_TEST(limits.max_blocks == 11u);
  BOOST_TEST(limits.max_block_bytes == 13u);
  BOOST_TEST(limits.max_page_millis == 0u);
  BOOST_TEST(limits.max_input_bytes == SegmentLimits{}.max_input_bytes);
}

BOOST_AUTO_TEST_CASE(a_loaded_table_reaches_the_limits) {
  const config::Config c = config::parse_config(
      "[extraction]\nmax_depth = 40\nmax_blocks = 50\nmax_block_bytes = 60\nmax_page_millis = 70\n", "inline.toml");
  const SegmentLimits limits = segment_limits_from_config(c);
  BOOST_TEST(limits.max_depth == 40u);
  BOOST_TEST(limits.max_blocks == 50u);
  BOOST_TEST(limits.max_block_bytes == 60u);
  BOOST_TEST(limits.max_page_millis == 70u);
}

BOOST_AUTO_TEST_SUITE_END()

// BoilerNet's second parse of a page (the ancestor tags of extract_features) is guarded as
// segment_html's is: hostile nesting flattened at the same depth, the page's deadline
// honoured (PageTimeLimitError, stage "extracting").
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <thread>

#include "boilerdex/boilernet/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "features.hpp"
#include "model.hpp"
#include "../../page/test_pages.hpp"

namespace bn = boilerdex::plugin::boilernet;
namespace plugin = boilerdex::plugin;
namespace fs = std::filesystem;
using boilerdex::test::deep_page;

namespace {

/// The ancestor tags extract_features gives block \p block.
std::size_t tags_of(const bn::PageFeatures& f, std::size_t block) {
  return f.tag_end[block] - (block == 0 ? 0 : f.tag_end[block - 1]);
}

bool has_word(const bn::PageFeatures& f, std::size_t block, std::string_view word) {
  for (std::uint32_t i = block == 0 ? 0 : f.word_end[block - 1]; i < f.word_end[block]; ++i)
    if (f.strings[f.words[i]] == word) return true;
  return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(page_budget)

BOOST_AUTO_TEST_CASE(deep_nesting_is_flattened_in_the_feature_parse) {
  for (const char* pattern : {"<div>", "<span><i>", "<ul><li>"}) {
    BOOST_TEST_CONTEXT(pattern) {
      const std::string html = deep_page(pattern, 100000);
      plugin::SegmentStats stats;
      const plugin::TextDocument doc = plugin::segment_html(html, {}, &stats);
      BOOST_TEST(stats.depth_limited);
      const bn::PageFeatures f = bn::extract_features(doc, html);
      BOOST_TEST_REQUIRE(f.blocks() == doc.blocks.size());
      bool found = false;
      for (std::size_t b = 0; b < f.blocks(); ++b) {
        // 512 levels the guard lets through, and html, body, p; <li>s, which its model
        // does not count (an open <li> closes at the next), double that in "<ul><li>".
        BOOST_TEST(tags_of(f, b) <= (pattern == std::string_view("<ul><li>") ? 1030u : 520u));
        found |= has_word(f, b, "quokka");
      }
      BOOST_TEST(found);
    }
  }
  // The page's own, lower depth limit holds in the second parse too.
  const std::string html = deep_page("<div>", 1000);
  plugin::SegmentLimits shallow;
  shallow.max_depth = 30;
  const plugin::TextDocument doc = plugin::segment_html(html, shallow);
  const bn::PageFeatures f = bn::extract_features(doc, html);
  for (std::size_t b = 0; b < f.blocks(); ++b) BOOST_TEST(tags_of(f, b) <= 40u);
}

BOOST_AUTO_TEST_CASE(the_feature_parse_spends_the_pages_budget) {
  const std::string html = deep_page("<div>", 20000);
  plugin::TextDocument doc = plugin::segment_html(html);
  doc.budget.deadline = plugin::PageDeadline(1);
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  try {
    (void)bn::extract_features(doc, html);
    BOOST_FAIL("no PageTimeLimitError");
  } catch (const plugin::PageTimeLimitError& e) {
    BOOST_TEST(e.stage() == "extracting");
  }
}

BOOST_AUTO_TEST_CASE(the_boilernet_extractor_reads_hostile_pages_within_its_budget) {
  // An untrained network is enough: what is tested is the page's path, not the labels.
  const std::string html = deep_page("<span><i>", 100000);
  const plugin::TextDocument parsed = plugin::segment_html(html);
  bn::VocabularyBuilder words;
  words.add(bn::extract_features(parsed, html));
  const bn::Hyperparameters h{.max_tags = 8, .max_words = 16, .dense = 4, .hidden = 2, .layers = 1, .dropout = 0.0};
  const fs::path file = fs::temp_directory_path() / ("boilerdex-budget-" + std::to_string(::getpid()) + ".bnet");
  bn::Model(words.build(8, 16), h).save(file);
  bn::register_boilernet_extractor();
  const auto extractor = plugin::make_extractor("boilernet:" + file.string());
  fs::remove(file);

  const plugin::PageResult r = plugin::extract_page(html, *extractor);
  BOOST_TEST(r.stats.depth_limited);
  for (const plugin::TextBlock& b : r.document.blocks) BOOST_TEST((b.score >= 0.0f && b.score <= 1.0f));

  plugin::TextDocument late = parsed;
  late.budget.deadline = plugin::PageDeadline(1);
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  try {
    extractor->process(late, html);
    BOOST_FAIL("no PageTimeLimitError");
  } catch (const plugin::PageTimeLimitError& e) {
    BOOST_TEST(e.stage() == "extracting");
  }
}

BOOST_AUTO_TEST_SUITE_END()

// The page's budget covers every stage: the document segment_html returns carries the
// deadline and parse bounds (TextDocument::budget); extractors stop with
// PageTimeLimitError("extracting") once it passes; every second parse of the page (BTE, the
// omindex filter's head) is truncated, flattened and stopped as the first one is.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <thread>

#include "boilerdex/plugin/bte_extractor.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/extractors.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/omindex_filter.hpp"
#include "boilerdex/plugin/page_budget.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "test_pages.hpp"

using namespace boilerdex::plugin;
using Clock = std::chrono::steady_clock;
using boilerdex::test::big_page;
using boilerdex::test::deep_page;
using boilerdex::test::millis_since;
using boilerdex::test::repeat;
using boilerdex::test::thread_cpu_millis;

namespace {

std::size_t tags_in(const BteTokens& tokens) {
  return static_cast<std::size_t>(std::count(tokens.weights.begin(), tokens.weights.end(), std::int8_t{-1}));
}

/// An extractor that takes \p millis of wall-clock time without looking at the deadline,
/// then marks everything content.
class SlowExtractor final : public Extractor {
 public:
  explicit SlowExtractor(int millis) : m_millis(millis) {}
  [[nodiscard]] std::string name() const override { return "slow"; }
  void process(TextDocument& doc) const override {
    std::this_thread::sleep_for(std::chrono::milliseconds(m_millis));
    for (TextBlock& b : doc.blocks) b.is_content = true;
  }

 private:
  int m_millis;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(page_budget)

BOOST_AUTO_TEST_CASE(the_document_carries_the_deadline_and_parse_bounds_segment_html_used) {
  SegmentLimits limits;
  limits.max_depth = 40;
  limits.max_input_bytes = 1000;
  limits.max_page_millis = 60000;
  const TextDocument doc = segment_html("<p>one page</p>", limits);
  BOOST_TEST(doc.budget.max_depth == 40u);
  BOOST_TEST(doc.budget.max_input_bytes == 1000u);
  BOOST_TEST(doc.budget.deadline.bounded());
  BOOST_TEST(doc.budget.deadline.millis() == 60000u);
  BOOST_TEST(doc.budget.deadline.millis_left() <= 60000u);
  BOOST_TEST(doc.budget.deadline.millis_left() > 50000u);
  // Copies share the page's deadline; a default document (and budget) has none.
  const TextDocument copy = doc;
  BOOST_TEST(!copy.budget.deadline.passed());
  BOOST_TEST(!TextDocument{}.budget.deadline.bounded());
  BOOST_TEST(PageBudget().max_depth == SegmentLimits{}.max_depth);
  BOOST_TEST(PageBudget().max_input_bytes == SegmentLimits{}.max_input_bytes);
  limits.max_page_millis = 0;
  BOOST_TEST(!segment_html("<p>x</p>", limits).budget.deadline.bounded());
}

BOOST_AUTO_TEST_CASE(the_extractor_gets_what_segmentation_left) {
  // extract_page starts the clock before decoding; the extractor sees the same deadline.
  struct Probe final : Extractor {
    mutable std::size_t bound = 0, left = 0;
    [[nodiscard]] std::string name() const override { return "probe"; }
    void process(TextDocument& doc) const override {
      bound = doc.budget.deadline.millis();
      left = doc.budget.deadline.millis_left();
    }
  } probe;
  PageOptions options;
  options.limits.max_page_millis = 45000;
  (void)extract_page("<p>a page</p>", probe, options);
  BOOST_TEST(probe.bound == 45000u);
  BOOST_TEST(probe.left <= 45000u);
  BOOST_TEST(probe.left > 35000u);
}

BOOST_AUTO_TEST_CASE(an_extractor_that_overruns_is_reported_at_stage_extracting) {
  PageOptions options;
  options.limits.max_page_millis = 40;  // a tiny page segments in well under a millisecond
  const SlowExtractor slow(80);
  try {
    (void)extract_page("<p>a small page of words</p>", slow, options);
    BOOST_FAIL("no PageTimeLimitError");
  } catch (const PageTimeLimitError& e) {
    BOOST_TEST(e.stage() == "extracting");
    BOOST_TEST(e.millis() == 40u);
    BOOST_TEST(std::string(e.what()) == "page time limit of 40 ms exceeded while extracting");
  }
  // Without a bound the same extractor finishes.
  options.limits.max_page_millis = 0;
  BOOST_TEST(extract_page("<p>a small page of words</p>", slow, options).document.content() ==
             "a small page of words\n");
}

BOOST_AUTO_TEST_CASE(a_pipeline_stops_between_its_filters) {
  bool second_ran = false;
  const FilterPipeline pipeline(
      "two-steps",
      {{"Slow", [](TextDocument&) {
          std::this_thread::sleep_for(std::chrono::milliseconds(30));
          return false;
        }},
       {"Second", [&second_ran](TextDocument&) { return second_ran = true; }}});
  TextDocument doc = segment_html("<p>words</p>");
  doc.budget.deadline = PageDeadline(10);
  try {
    pipeline.process(doc);
    BOOST_FAIL("no PageTimeLimitError");
  } catch (const PageTimeLimitError& e) {
    BOOST_TEST(e.stage() == "extracting");
  }
  BOOST_TEST(!second_ran);
  doc.budget.deadline = PageDeadline();  // no deadline: both run
  pipeline.process(doc);
  BOOST_TEST(second_ran);
}

BOOST_AUTO_TEST_CASE(built_in_extractors_stop_on_a_spent_budget) {
  // What the indexer does: segment_html, then each view's extractor on a copy. A copy made
  // after the page's time is up stops at once, whatever the extractor.
  const std::string html = big_page(64u << 10);
  TextDocument parsed = segment_html(html);
  parsed.budget.deadline = PageDeadline(1);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  for (const std::string& spec : default_evaluation_extractors()) {
    if (spec.starts_with("test-")) continue;  // registered by test_extractor_registry.cpp
    BOOST_TEST_CONTEXT(spec) {
      TextDocument copy = parsed;
      try {
        make_extractor(spec)->process(copy, html);
        BOOST_FAIL("no PageTimeLimitError");
      } catch (const PageTimeLimitError& e) {
        BOOST_TEST(e.stage() == "extracting");
        BOOST_TEST(e.millis() == 1u);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(bte_stops_inside_its_reading_at_the_deadline) {
  const std::string html = big_page(4u << 20);
  SegmentLimits unbounded;
  unbounded.max_page_millis = 0;
  TextDocument doc = segment_html(html, unbounded);
  BOOST_TEST_REQUIRE(doc.blocks.size() > 10000u);
  const BteExtractor bte;
  TextDocument whole = doc;
  bte.process(whole, html);  // once first: the first run also pays for its memory's first touch
  // BTE's reading of the page alone (bte_tokens, most of BTE's work), whole and warm: the
  // deadline must cut it, not wait for its end.
  Clock::time_point t = Clock::now();
  double cpu = thread_cpu_millis();
  BOOST_TEST(bte_tokens(html, doc.budget).word_offsets.size() > 10000u);
  const double read_ms = millis_since(t), read_cpu = thread_cpu_millis() - cpu;

  // A quarter of the reading's CPU time (at most a quarter of its wall time): the deadline
  // strikes inside the reading, which must stop there, not at the end of the page (a check
  // only after the reading stopped at 1.08-1.09 of it here, and at 0.68 of all BTE under
  // ASan). Work done is measured in CPU time, which a loaded machine does not stretch.
  const auto bound = std::max<std::size_t>(1, static_cast<std::size_t>(read_cpu / 4));
  doc.budget.deadline = PageDeadline(bound);
  t = Clock::now();
  cpu = thread_cpu_millis();
  try {
    bte.process(doc, html);
    BOOST_FAIL("no PageTimeLimitError after " << millis_since(t) << " ms (the whole reading: " << read_ms << " ms)");
  } catch (const PageTimeLimitError& e) {
    const double ms = millis_since(t), used_cpu = thread_cpu_millis() - cpu;
    BOOST_TEST_MESSAGE("BTE's reading " << read_ms << " ms (" << read_cpu << " ms CPU); stopped after " << ms
                                        << " ms (" << used_cpu << " ms CPU): " << e.what());
    BOOST_TEST(e.stage() == "extracting");
    BOOST_TEST(e.millis() == bound);
    BOOST_TEST(used_cpu < read_cpu * 0.6);
  }
  // The same thread parses the next page as if nothing had happened.
  TextDocument again = segment_html(html, unbounded);
  bte.process(again, html);
  BOOST_TEST(again.content() == whole.content());
}

BOOST_AUTO_TEST_CASE(hostile_nesting_is_flattened_in_every_second_parse) {
  // 10^5 levels of two of Gumbo's slow cases (test_hostile_input.cpp): without the guard,
  // BTE's second parse would run for minutes or hours. BTE keeps the paragraph at the
  // bottom, so its parse read the flattened page at the page's offsets.
  for (const char* pattern : {"<div>", "<span><i>"}) {
    BOOST_TEST_CONTEXT(pattern) {
      const std::string html = deep_page(pattern, 100000);
      const PageResult r = extract_page(html, *make_extractor("bte"));
      BOOST_TEST(r.stats.depth_limited);
      BOOST_TEST(r.document.content().find("quokka") != std::string::npos);
    }
  }
  // The extractors that build on the segmenter's tree (and dom-ancestor over BTE).
  const std::string html = deep_page("<div>", 100000);
  for (const char* name : {"best", "dom-ancestor", "dom-ancestor:bte", "article"}) {
    BOOST_TEST_CONTEXT(name) {
      const PageResult r = extract_page(html, *make_extractor(name));
      BOOST_TEST(r.stats.depth_limited);
      BOOST_TEST(r.num_parse_blocks >= 1u);
    }
  }
}

BOOST_AUTO_TEST_CASE(bte_reads_a_deep_page_at_the_page_offsets) {
  // BTE reads the source lexically, not a parse: every tag of a page nested 100,000 deep is
  // one token (none is flattened or implied), and its words sit at their offsets in the page.
  const std::string html = deep_page("<div>", 100000);
  const BteTokens tokens = bte_tokens(html);
  // <html> <head> <title> </title> </head> <body>, the <div>s, <p> </p>
  BOOST_TEST(tags_in(tokens) == 100000u + 8u);
  bool found = false;
  for (const std::uint32_t offset : tokens.word_offsets)
    found |= std::string_view(html).substr(offset, 6) == "quokka";
  BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(bte_reads_no_further_than_the_page_was_parsed) {
  // Truncated input: BTE's tokens end where segment_html's parse ended.
  const std::string html = deep_page("<div>", 1000) + repeat("</div>", 1000);
  SegmentLimits small;
  small.max_input_bytes = html.find("quokka");
  const TextDocument cut = segment_html(html, small);
  const auto past_the_cut = [&](const BteTokens& tokens) {
    return std::count_if(tokens.word_offsets.begin(), tokens.word_offsets.end(),
                         [&](std::uint32_t offset) { return offset >= small.max_input_bytes; });
  };
  BOOST_TEST(past_the_cut(bte_tokens(html, cut.budget)) == 0);
  BOOST_TEST(past_the_cut(bte_tokens(html)) > 5);
  // <html> <head> <title> </title> </head> <body>, the <div>s and the <p> before the cut
  BOOST_TEST(tags_in(bte_tokens(html, cut.budget)) == 1000u + 7u);
}

BOOST_AUTO_TEST_CASE(the_omindex_filter_head_parse_is_guarded) {
  const std::string html = deep_page("<span><i>", 100000, "<meta name=robots content=noindex>");
  PageOptions options;
  options.keep_parse_blocks = true;
  const PageResult result = extract_page(html, *make_extractor("article"), options);
  BOOST_TEST(result.stats.depth_limited);
  BOOST_TEST(forbids_indexing(head_meta_elements(result)));

  // Its head parse spends the page's budget too.
  PageResult late = result;
  late.document.budget.deadline = PageDeadline(1);
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  BOOST_CHECK_THROW((void)head_meta_elements(late), PageTimeLimitError);
}

BOOST_AUTO_TEST_SUITE_END()

// SegmentLimits::max_page_millis: a page that runs past its time yields nothing and
// throws PageTimeLimitError (segment_html, extract_page), the parse abandoned inside Gumbo
// without leaking (the sanitizer build's LeakSanitizer checks that at exit), and the next
// page on the same thread is read exactly as if nothing had happened.
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"
#include "test_pages.hpp"

using namespace boilerdex::plugin;
using Clock = std::chrono::steady_clock;
using boilerdex::test::big_page;
using boilerdex::test::millis_since;
using boilerdex::test::thread_cpu_millis;

namespace {

const std::string small_page =
    "<html><head><title>Small</title></head><body><p>The quick brown fox jumps over the lazy dog, "
    "twice, in a page that takes microseconds.</p><div><a href=/>Home</a></div></body></html>";

/// Blocks as comparable text.
std::string outline(const TextDocument& doc) {
  std::string out = doc.title + "\n";
  for (const TextBlock& b : doc.blocks)
    out += std::to_string(b.num_words) + ":" + std::to_string(b.source_begin) + ":" + b.text + "\n";
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(page_time_limit)

BOOST_AUTO_TEST_CASE(a_page_past_its_time_throws_and_stops_early) {
  const std::string html = big_page(4u << 20);
  SegmentLimits unbounded;
  unbounded.max_page_millis = 0;
  Clock::time_point t = Clock::now();
  double cpu = thread_cpu_millis();
  const TextDocument whole = segment_html(html, unbounded);
  const double full_ms = millis_since(t), full_cpu = thread_cpu_millis() - cpu;
  BOOST_TEST(whole.blocks.size() > 10000u);

  // A bound too short even for the linear passes before Gumbo stops once they are done; the
  // CPU that took is what those passes cost (a few per cent of the page natively, far more
  // under a sanitizer, which instruments them and not the system's Gumbo).
  SegmentLimits limits;
  limits.max_page_millis = 1;
  cpu = thread_cpu_millis();
  double prep_cpu = 0;
  try {
    (void)segment_html(html, limits);
    BOOST_FAIL("no PageTimeLimitError with a 1 ms bound");
  } catch (const PageTimeLimitError& e) {
    prep_cpu = thread_cpu_millis() - cpu;
    BOOST_TEST((e.stage() == "preparing HTML" || e.stage() == "parsing HTML"), e.stage());
  }

  // Those passes plus a quarter of the rest: the bound strikes inside Gumbo's parse, which
  // must be abandoned right there. Work done is measured in CPU time, which a loaded machine
  // does not stretch; the bound is wall time, which it does: when the passes before Gumbo
  // outlast it (the machine busy elsewhere), they get twice the time and the page is read
  // again, up to three times.
  const double rest_cpu = std::max(0.0, full_cpu - prep_cpu);
  double prep_allowed = prep_cpu;
  for (int attempt = 1;; ++attempt) {
    limits.max_page_millis = std::max<std::size_t>(1, static_cast<std::size_t>(prep_allowed + rest_cpu / 4));
    t = Clock::now();
    cpu = thread_cpu_millis();
    try {
      (void)segment_html(html, limits);
      BOOST_FAIL("no PageTimeLimitError after " << millis_since(t) << " ms (whole page: " << full_ms << " ms)");
    } catch (const PageTimeLimitError& e) {
      const double ms = millis_since(t), used_cpu = thread_cpu_millis() - cpu;
      BOOST_TEST_MESSAGE("attempt " << attempt << ": whole page " << full_ms << " ms (" << full_cpu << " ms CPU, "
                                    << prep_cpu << " before Gumbo); stopped after " << ms << " ms (" << used_cpu
                                    << " ms CPU): " << e.what());
      if (e.stage() == "preparing HTML" && attempt < 3) {
        prep_allowed = std::max(2 * prep_allowed, ms);
        continue;
      }
      BOOST_TEST(e.millis() == limits.max_page_millis);
      BOOST_TEST(std::string(e.what()).find("page time limit of " + std::to_string(limits.max_page_millis) +
                                            " ms exceeded while ") == 0u);
      BOOST_TEST(e.stage() == "parsing HTML");
      BOOST_TEST(ms >= static_cast<double>(limits.max_page_millis));
      BOOST_TEST(used_cpu < prep_allowed + rest_cpu * 0.6);  // stopped near its bound, not at the end
    }
    break;
  }
}

BOOST_AUTO_TEST_CASE(the_next_page_after_an_abandoned_parse_reads_as_before) {
  SegmentLimits unbounded;
  unbounded.max_page_millis = 0;
  const std::string before = outline(segment_html(small_page, unbounded));
  const std::string big = big_page(2u << 20);
  const Clock::time_point t = Clock::now();
  const std::string big_before = outline(segment_html(big, unbounded));
  SegmentLimits limits;  // strikes inside Gumbo (see above)
  limits.max_page_millis = std::max<std::size_t>(1, static_cast<std::size_t>(millis_since(t) / 4));
  for (int round = 0; round < 3; ++round) {
    BOOST_CHECK_THROW((void)segment_html(big, limits), PageTimeLimitError);
    // Same thread, same arena: it must come back clean.
    BOOST_TEST(outline(segment_html(small_page, unbounded)) == before);
  }
  BOOST_TEST(outline(segment_html(big, unbounded)) == big_before);
  // A generous bound changes nothing.
  limits.max_page_millis = 600000;
  BOOST_TEST(outline(segment_html(big, limits)) == big_before);
}

BOOST_AUTO_TEST_CASE(no_bound_when_zero_and_small_pages_fit_a_tight_one) {
  SegmentLimits limits;
  BOOST_TEST(limits.max_page_millis == 30000u);  // bounded by default
  limits.max_page_millis = 0;
  BOOST_TEST(!segment_html(big_page(1u << 20), limits).blocks.empty());
  // Fewer allocations than one look at the clock needs, and no walk step limit reached.
  limits.max_page_millis = 1;
  BOOST_TEST(segment_html("<p>tiny</p>", limits).blocks.size() == 1u);
}

BOOST_AUTO_TEST_CASE(extract_page_counts_decoding_and_throws_the_same_error) {
  const auto extractor = make_extractor("keep-everything");
  PageOptions options;
  options.limits.max_page_millis = 1;
  try {
    (void)extract_page(big_page(4u << 20), *extractor, options);
    BOOST_FAIL("no PageTimeLimitError");
  } catch (const PageTimeLimitError& e) {
    BOOST_TEST(e.millis() == 1u);  // the bound set, not what was left of it after decoding
    BOOST_TEST(std::string(e.what()).find("page time limit of 1 ms exceeded while ") == 0u);
  }
  options.limits.max_page_millis = 60000;
  const PageResult ok = extract_page(small_page, *extractor, options);
  BOOST_TEST(ok.document.content().find("quick brown fox") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_batch_reports_the_page_past_its_time_and_goes_on) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("boilerdex-limits-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream(dir / "a-big.html") << big_page(4u << 20);
    std::ofstream(dir / "b-small.html") << "<p>tiny page of words</p>";
  }
  BatchOptions options;
  options.extractor = "keep-everything";
  // A 4 MB page takes over 100 ms (Release), the small one well under a millisecond.
  options.limits.max_page_millis = 20;
  std::istringstream in;
  std::ostringstream out, err;
  const BatchSummary summary = extract_batch({dir.string()}, options, in, out, err);
  fs::remove_all(dir);
  BOOST_TEST(summary.failed == 1u);
  BOOST_TEST(summary.pages == 1u);
  BOOST_TEST(err.str().find("a-big.html: page time limit of 20 ms exceeded") != std::string::npos, err.str());
  BOOST_TEST(out.str().find("tiny page of words") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

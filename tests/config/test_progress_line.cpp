#include <boost/test/unit_test.hpp>

#include <limits>
#include <sstream>
#include <string>

#include "boilerdex/config/progress_line.hpp"

using boilerdex::config::format_duration;
using boilerdex::config::format_progress_line;
using boilerdex::config::ProgressCounts;
using boilerdex::config::ProgressLine;

BOOST_AUTO_TEST_SUITE(progress_line)

BOOST_AUTO_TEST_CASE(durations_are_minutes_then_hours) {
  BOOST_TEST(format_duration(0) == "0:00");
  BOOST_TEST(format_duration(59.4) == "0:59");
  BOOST_TEST(format_duration(59.6) == "1:00");
  BOOST_TEST(format_duration(3599) == "59:59");
  BOOST_TEST(format_duration(3600) == "1:00:00");
  BOOST_TEST(format_duration(3 * 3600 + 25 * 60 + 7) == "3:25:07");
  BOOST_TEST(format_duration(-1) == "--:--");
  BOOST_TEST(format_duration(std::numeric_limits<double>::quiet_NaN()) == "--:--");
  BOOST_TEST(format_duration(2e7) == "--:--");
}

BOOST_AUTO_TEST_CASE(line_gives_count_megabytes_rate_and_eta) {
  // A quarter of the bytes in 10 s: 30 s to go.
  const ProgressCounts c{.items = 120, .bytes_done = 2'500'000, .bytes_total = 10'000'000, .elapsed_seconds = 10};
  BOOST_TEST(format_progress_line(c, "pages") == "120 pages  2.5/10.0 MB  12 pages/s  ETA 0:30");
  BOOST_TEST(format_progress_line(c, "docs") == "120 docs  2.5/10.0 MB  12 docs/s  ETA 0:30");
}

BOOST_AUTO_TEST_CASE(no_eta_without_a_total_or_before_any_progress) {
  BOOST_TEST(format_progress_line({.items = 0, .bytes_done = 0, .bytes_total = 5'000'000, .elapsed_seconds = 0},
                                  "pages") == "0 pages  0.0/5.0 MB  0 pages/s  ETA --:--");
  BOOST_TEST(format_progress_line({.items = 7, .bytes_done = 0, .bytes_total = 0, .elapsed_seconds = 2}, "pages") ==
             "7 pages  0.0/0.0 MB  4 pages/s  ETA --:--");
}

BOOST_AUTO_TEST_CASE(shown_in_place_only_when_interactive_and_erased_by_clear) {
  const ProgressCounts c{.items = 3, .bytes_done = 1'000'000, .bytes_total = 2'000'000, .elapsed_seconds = 1};
  std::ostringstream quiet;
  ProgressLine off(quiet, false, "pages");
  off.update(c);
  off.clear();
  BOOST_TEST(quiet.str().empty());

  std::ostringstream terminal;
  ProgressLine on(terminal, true, "pages");
  on.clear();  // nothing shown yet: nothing to erase
  BOOST_TEST(terminal.str().empty());
  on.update(c);
  BOOST_TEST(terminal.str() == "\r3 pages  1.0/2.0 MB  3 pages/s  ETA 0:01   ");
  on.update({.items = 4, .bytes_done = 2'000'000, .bytes_total = 2'000'000, .elapsed_seconds = 1});
  BOOST_TEST(terminal.str().find("4 pages") == std::string::npos);  // within 200 ms: not redrawn
  on.clear();
  BOOST_TEST(terminal.str().ends_with("\r\033[K"));
  on.update({.items = 4, .bytes_done = 2'000'000, .bytes_total = 2'000'000, .elapsed_seconds = 1});
  BOOST_TEST(terminal.str().ends_with("\r4 pages  2.0/2.0 MB  4 pages/s  ETA 0:00   "));  // redrawn after a clear
}

BOOST_AUTO_TEST_SUITE_END()

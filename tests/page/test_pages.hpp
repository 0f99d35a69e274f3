#pragma once
// Generated pages shared by the suites that need size or nesting rather than particular
// content (plugin: test_limits.cpp, test_hostile_input.cpp, test_page_budget.cpp; boilernet:
// test_page_budget.cpp), and their clocks.

#include <chrono>
#include <cstddef>
#include <ctime>
#include <string>
#include <string_view>

namespace boilerdex::test {

/// \p s repeated \p n times.
inline std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

/// About \p bytes of ordinary markup: many small elements, so Gumbo allocates all along.
inline std::string big_page(std::size_t bytes) {
  std::string html = "<html><head><title>Big</title></head><body>";
  for (std::size_t i = 0; html.size() < bytes; ++i)
    html += "<div class=c><p>Paragraph " + std::to_string(i) +
            " has <b>some</b> words and <a href=/x>a link</a>.</p><span>aside</span></div>\n";
  return html + "</body></html>";
}

/// \p n copies of \p open nested inside one another (then \p head's extra head markup
/// first), then a paragraph only this page has: "the quokka lives at the bottom ...".
inline std::string deep_page(std::string_view open, std::size_t n, std::string_view head = "") {
  return "<html><head><title>Deep</title>" + std::string(head) + "</head><body>" + repeat(open, n) +
         "<p>the quokka lives at the bottom of this page, far below everything else</p>";
}

/// Wall-clock milliseconds since \p t.
inline double millis_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

/// CPU milliseconds this thread has used. Tests that check a page stopped "near its bound,
/// not at its end" compare work done (CPU time), which a loaded machine does not inflate the
/// way it inflates wall time.
inline double thread_cpu_millis() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

}  // namespace boilerdex::test

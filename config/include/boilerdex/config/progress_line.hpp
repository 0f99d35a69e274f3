#pragma once
/// \file
/// The one-line progress display the tools show on a terminal (boilerdex-index's documents,
/// boilerdex-extract's pages): count, MB read of MB in all, items per second and ETA,
/// refreshed in place. The formatting is a pure function; ProgressLine adds the refresh.

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace boilerdex::config {

/// Running totals a progress line shows.
struct ProgressCounts {
  std::uint64_t items = 0;        ///< documents or pages done so far
  std::uint64_t bytes_done = 0;   ///< input bytes consumed so far
  std::uint64_t bytes_total = 0;  ///< input bytes in all; 0: unknown, and no ETA
  double elapsed_seconds = 0;
};

/// "m:ss", or "h:mm:ss" from an hour; "--:--" for a negative, NaN or absurd (> 1e7 s) value.
/// \throws std::bad_alloc only.
[[nodiscard]] std::string format_duration(double seconds);

/// The line, without carriage return, e.g. "120 pages  3.4/10.2 MB  40 pages/s  ETA 0:05":
/// MB with one decimal (1 MB = 10^6 bytes), the rate rounded, the ETA from the share of
/// bytes done ("--:--" before 0.1% of them, or when bytes_total is 0). \p unit names the
/// items ("docs", "pages"). \throws std::bad_alloc only.
[[nodiscard]] std::string format_progress_line(const ProgressCounts& counts, std::string_view unit);

/// A progress line on \p out, refreshed in place ("\r" and the line) at most every 200 ms,
/// only when \p interactive (the caller decides: a terminal, no --quiet). Call clear()
/// before writing anything else to \p out, so that the next line starts clean. \p out
/// must outlive the object. Not thread-safe: one thread calls it.
class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool interactive, std::string unit);

  /// Shows \p counts: the first call always, later ones when 200 ms have passed since the
  /// last shown. Does nothing when not interactive. \throws what writing to out throws.
  void update(const ProgressCounts& counts);

  /// Erases the line shown ("\r" and ESC[K) and flushes; nothing when none is shown.
  void clear();

  [[nodiscard]] bool interactive() const noexcept { return m_interactive; }

 private:
  std::ostream& m_out;
  bool m_interactive;
  bool m_shown = false;
  std::string m_unit;
  std::chrono::steady_clock::time_point m_last{};
};

}  // namespace boilerdex::config

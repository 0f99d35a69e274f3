#include "boilerdex/config/progress_line.hpp"

#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <utility>

namespace boilerdex::config {

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e7) return "--:--";
  const auto s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

std::string format_progress_line(const ProgressCounts& c, std::string_view unit) {
  const double mb = static_cast<double>(c.bytes_done) / 1e6;
  const double rate = c.elapsed_seconds > 0 ? static_cast<double>(c.items) / c.elapsed_seconds : 0;
  const double frac = c.bytes_total ? static_cast<double>(c.bytes_done) / static_cast<double>(c.bytes_total) : 0;
  const double eta = frac > 0.001 ? c.elapsed_seconds * (1 - frac) / frac : -1;
  std::ostringstream line;
  line << std::fixed << std::setprecision(1) << c.items << ' ' << unit << "  " << mb << "/"
       << static_cast<double>(c.bytes_total) / 1e6 << " MB  " << std::setprecision(0) << rate << ' ' << unit
       << "/s  ETA " << format_duration(eta);
  return std::move(line).str();
}

ProgressLine::ProgressLine(std::ostream& out, bool interactive, std::string unit)
    : m_out(out), m_interactive(interactive), m_unit(std::move(unit)) {}

void ProgressLine::update(const ProgressCounts& counts) {
  if (!m_interactive) return;
  const auto now = std::chrono::steady_clock::now();
  if (m_shown && now - m_last < std::chrono::milliseconds(200)) return;
  m_last = now;
  m_shown = true;
  // Trailing spaces cover the end of a longer line shown before.
  m_out << '\r' << format_progress_line(counts, m_unit) << "   " << std::flush;
}

void ProgressLine::clear() {
  if (!m_shown) return;
  m_shown = false;
  m_out << "\r\033[K" << std::flush;
}

}  // namespace boilerdex::config

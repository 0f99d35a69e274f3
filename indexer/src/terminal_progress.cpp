#include <chrono>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/plugin/byte_text.hpp"

namespace boilerdex::indexer {
namespace {

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e7) return "--:--";
  const auto s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

class TerminalProgress final : public ProgressSink {
 public:
  TerminalProgress(std::ostream& out, bool interactive) : m_out(out), m_interactive(interactive) {}

  void progress(const IndexProgress& p) override {
    if (!m_interactive) return;
    const auto now = std::chrono::steady_clock::now();
    if (m_shown && now - m_last < std::chrono::milliseconds(200)) return;
    m_last = now;
    m_shown = true;
    const double mb = static_cast<double>(p.bytes_read) / 1e6;
    const double rate = p.elapsed_seconds > 0 ? static_cast<double>(p.documents) / p.elapsed_seconds : 0;
    const double frac = p.bytes_total ? static_cast<double>(p.bytes_read) / static_cast<double>(p.bytes_total) : 0;
    const double eta = frac > 0.001 ? p.elapsed_seconds * (1 - frac) / frac : -1;
    std::ostringstream line;
    line << std::fixed << std::setprecision(1) << "\r" << p.documents << " docs  " << mb << "/"
         << static_cast<double>(p.bytes_total) / 1e6 << " MB  " << std::setprecision(0) << rate
         << " docs/s  ETA " << format_duration(eta) << "   ";
    m_out << line.str() << std::flush;
  }

  void skipped(const SkipReport& r) override {
    clear_line();
    // File names, DOCNOs and messages are bytes from the collection: readable, one line.
    m_out << "skipped " << plugin::printable_bytes(r.file) << "@" << r.offset;
    if (!r.docno.empty()) m_out << " (" << plugin::printable_bytes(r.docno) << ")";
    m_out << ": " << skip_reason_name(r.reason) << ": " << plugin::printable_bytes(r.message) << '\n';
  }

  void input_finished(const InputSummary& in) override {
    if (in.skipped == 0 && in.limited == 0) return;
    if (m_noted.size() < max_noted) m_noted.push_back(in);
    else ++m_unlisted;
  }

  void finished(const IndexSummary& s) override {
    clear_line();
    m_out << "indexed " << s.documents << " documents (" << s.empty << " with no text, " << s.skipped
          << " skipped";
    if (s.resumed_documents) m_out << ", " << s.resumed_documents << " from the interrupted run";
    m_out << ") into " << s.views.size() << " views in " << format_duration(s.elapsed_seconds) << ", "
          << s.commits << " commits\n";
    if (s.limited)
      m_out << s.limited << " documents hit a segmenter limit and were indexed truncated (see limits below)\n";
    m_out << '\n';
    m_out << std::left << std::setw(24) << "view" << std::right << std::setw(10) << "documents" << std::setw(10)
          << "empty" << std::setw(14) << "terms" << '\n';
    for (const ViewSummary& v : s.views) {
      std::string name = v.view.spec();
      if (v.view.auto_threshold) {  // the K it resolved to
        ViewSpec resolved = v.view;
        resolved.auto_threshold = false;
        name += " = " + resolved.spec().substr(resolved.spec().find(':') + 1);
      }
      m_out << std::left << std::setw(24) << name << std::right << std::setw(10) << v.documents
            << std::setw(10) << v.empty_documents << std::setw(14) << v.terms << '\n';
    }
    m_out << '\n' << std::left << std::setw(40) << "input" << std::right << std::setw(10) << "indexed"
          << std::setw(8) << "empty" << std::setw(9) << "skipped" << "  reasons, limits\n";
    for (const InputSummary& in : m_noted) row(plugin::printable_bytes(in.path), in);
    if (m_unlisted)
      m_out << "... and " << m_unlisted << " more inputs with skips or limits (every input is in manifest.json)\n";
    row("all " + std::to_string(s.input_files) + " inputs", s.totals);
    m_out << std::flush;
  }

 private:
  /// Inputs with skips or limits listed in the summary; the manifest has them all.
  static constexpr std::size_t max_noted = 20;

  void row(std::string name, const InputSummary& in) {
    if (name.size() > 39) name = "..." + name.substr(name.size() - 36);
    m_out << std::left << std::setw(40) << name << std::right << std::setw(10) << in.documents << std::setw(8)
          << in.empty << std::setw(9) << in.skipped << ' ';
    for (const auto& [reason, count] : in.skipped_by_reason) m_out << ' ' << reason << '=' << count;
    if (in.limited) {
      m_out << "  limits: " << in.limited << " documents (depth=" << in.depth_limited << " blocks=" << in.blocks_limited
            << " block-bytes=" << in.block_truncated << ')';
    }
    m_out << '\n';
  }

  void clear_line() {
    if (m_interactive && m_shown) m_out << "\r\033[K";
  }

  std::ostream& m_out;
  bool m_interactive;
  bool m_shown = false;
  std::vector<InputSummary> m_noted;  // at most max_noted
  std::uint64_t m_unlisted = 0;
  std::chrono::steady_clock::time_point m_last{};
};

}  // namespace

std::unique_ptr<ProgressSink> make_terminal_progress(std::ostream& out, bool interactive) {
  return std::make_unique<TerminalProgress>(out, interactive);
}

}  // namespace boilerdex::indexer

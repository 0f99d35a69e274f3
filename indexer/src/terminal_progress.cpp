#include <iomanip>
#include <ostream>
#include <string>
#include <vector>

#include "boilerdex/config/progress_line.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/plugin/byte_text.hpp"

namespace boilerdex::indexer {
namespace {

using config::format_duration;

class TerminalProgress final : public ProgressSink {
 public:
  TerminalProgress(std::ostream& out, bool interactive) : m_out(out), m_line(out, interactive, "docs") {}

  void progress(const IndexProgress& p) override {
    m_line.update({.items = p.documents,
                   .bytes_done = p.bytes_read,
                   .bytes_total = p.bytes_total,
                   .elapsed_seconds = p.elapsed_seconds});
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

  void clear_line() { m_line.clear(); }

  std::ostream& m_out;
  config::ProgressLine m_line;  // documents, MB, docs/s, ETA, when interactive
  std::vector<InputSummary> m_noted;  // at most max_noted
  std::uint64_t m_unlisted = 0;
};

}  // namespace

std::unique_ptr<ProgressSink> make_terminal_progress(std::ostream& out, bool interactive) {
  return std::make_unique<TerminalProgress>(out, interactive);
}

}  // namespace boilerdex::indexer

// The Markdown report of `boilerdex-extract eval` (write_report), kept apart from the
// evaluation run so that each file stays readable.
#include <algorithm>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/wcxb.hpp"
#include "report_format_internal.hpp"

namespace boilerdex::plugin {

using detail::fixed3;

namespace {

// The structured output's table of WCXB data set \p ds (systems scored with --markdown).
void write_markdown_table(const std::string& ds, const std::vector<SystemScores>& results, std::ostream& out) {
  if (std::none_of(results.begin(), results.end(),
                   [&](const SystemScores& r) { return r.dataset == ds && r.markdown; }))
    return;
  out << "### " << ds << ", Markdown (-f markdown against the gold main_content_markdown)\n\n"
      << "Word F1 of the Markdown against the gold Markdown and of the text output against the gold "
         "text, on the pages with gold Markdown; the share of the gold's heading lines and list items "
         "the Markdown has as such (means over the pages that have any). \"F1, shown words\": the same "
         "Markdown F1 with link destinations left out of both sides (`[text](url)` read as `[text]`), "
         "so that a URL the gold writes for one link and not for the next plays no part. Emphasis: the "
         "share of the gold's bold and italic words (`*`, `**`, `_`, `__`) that the Markdown sets so "
         "(recall, over the pages whose gold has any) and of the Markdown's that the gold sets so "
         "(precision, over the pages whose Markdown has any).\n\n"
      << "| system | pages | text F1 | Markdown P | Markdown R | Markdown F1 | F1, shown words | "
         "heading recall (pages) | list-item recall (pages) | emphasis recall (pages) | emphasis precision (pages) |\n"
      << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& r : results) {
    if (r.dataset != ds || !r.markdown) continue;
    const MarkdownScores& m = *r.markdown;
    out << "| " << r.system << " | " << m.pages << " | " << fixed3(m.text_f1) << " | " << fixed3(m.word.precision)
        << " | " << fixed3(m.word.recall) << " | " << fixed3(m.word.f1) << " | " << fixed3(m.shown_word.f1) << " | "
        << fixed3(m.heading_recall) << " ("
        << m.heading_pages << ") | " << fixed3(m.item_recall) << " (" << m.item_pages << ") | "
        << fixed3(m.emphasis_recall) << " (" << m.emphasis_recall_pages << ") | " << fixed3(m.emphasis_precision)
        << " (" << m.emphasis_precision_pages << ") |\n";
  }
  out << "Data: " << k_wcxb_credit << ".\n\n";
}

}  // namespace

void write_report(const EvaluationReport& report, std::ostream& out) {
  std::vector<std::string> datasets;
  std::vector<std::string> systems;
  for (const auto& r : report.results) {
    if (std::find(datasets.begin(), datasets.end(), r.dataset) == datasets.end())
      datasets.push_back(r.dataset);
    if (std::find(systems.begin(), systems.end(), r.system) == systems.end())
      systems.push_back(r.system);
  }
  for (const auto& ds : datasets) {
    out << "## " << ds << "\n\n"
        << "| system | pages | failed | bow P | bow R | bow F1 | sh4 P | sh4 R | sh4 F1 |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& r : report.results) {
      if (r.dataset != ds) continue;
      out << "| " << r.system << " | " << r.pages << " | " << r.failed << " | "
          << fixed3(r.bow.precision) << " | " << fixed3(r.bow.recall) << " | " << fixed3(r.bow.f1)
          << " | " << fixed3(r.sh4.precision) << " | " << fixed3(r.sh4.recall) << " | "
          << fixed3(r.sh4.f1) << " |\n";
    }
    out << '\n';
    std::vector<std::pair<std::string, WcxbScores>> wcxb;
    for (const auto& r : report.results) {
      if (r.dataset == ds && r.wcxb) wcxb.emplace_back(r.system, *r.wcxb);
    }
    write_wcxb_tables(ds, wcxb, out);
    write_markdown_table(ds, report.results, out);
    for (const auto& m : report.metadata) {
      if (m.dataset == ds) write_metadata_table(m, out);
    }
    const bool any_blocks =
        std::any_of(report.results.begin(), report.results.end(),
                    [&](const SystemScores& r) { return r.dataset == ds && r.blocks; });
    if (!any_blocks) continue;
    out << "### " << ds << ", block level (weighted by words per block)\n\n"
        << "2-class: boilerplate vs content (headline, full text, supplemental, comments). "
           "4-class: "
           "word-weighted average of one-vs-rest over boilerplate, full text + comments, headline, "
           "supplemental.\n\n"
        << "| system | blocks | 2c P | 2c R | 2c F1 | 2c FPR | 2c AUC | 4c P | 4c R | 4c F1 | 4c "
           "FPR | 4c AUC |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& r : report.results) {
      if (r.dataset != ds || !r.blocks) continue;
      const auto& t = r.blocks->two_class;
      const auto& f = r.blocks->four_class;
      out << "| " << r.system << " | " << r.blocks->blocks << " | " << fixed3(t.precision) << " | "
          << fixed3(t.recall) << " | " << fixed3(t.f1) << " | " << fixed3(t.fp_rate) << " | "
          << fixed3(t.roc_auc) << " | " << fixed3(f.precision) << " | " << fixed3(f.recall) << " | "
          << fixed3(f.f1) << " | " << fixed3(f.fp_rate) << " | " << fixed3(f.roc_auc) << " |\n";
    }
    out << "\nShare of each gold class's words kept:\n\n"
        << "| system | boilerplate | full text + comments | headline | supplemental |\n"
        << "|---|---:|---:|---:|---:|\n";
    for (const auto& r : report.results) {
      if (r.dataset != ds || !r.blocks) continue;
      const auto& c = r.blocks->per_class;
      // For the boilerplate class the prediction is "dropped", so its recall is the share dropped.
      out << "| " << r.system << " | " << fixed3(1.0 - c[0].recall) << " | " << fixed3(c[1].recall)
          << " | " << fixed3(c[2].recall) << " | " << fixed3(c[3].recall) << " |\n";
    }
    out << '\n';
  }
  out << "## Summary: bow F1 / sh4 F1\n\n";
  const bool any_wcxb = std::any_of(report.results.begin(), report.results.end(),
                                    [](const SystemScores& r) { return r.wcxb.has_value(); });
  if (any_wcxb) out << "On WCXB data sets: WCXB word F1 (lower-cased tokens, its evaluate.py).\n\n";
  out << "| system |";
  for (const auto& ds : datasets) out << ' ' << ds << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < datasets.size(); ++i) out << "---|";
  out << '\n';
  for (const auto& sys : systems) {
    out << "| " << sys << " |";
    for (const auto& ds : datasets) {
      const auto it =
          std::find_if(report.results.begin(), report.results.end(),
                       [&](const SystemScores& r) { return r.system == sys && r.dataset == ds; });
      if (it == report.results.end()) {
        out << " – |";
      } else if (it->wcxb) {
        out << ' ' << fixed3(it->wcxb->overall.word.f1) << " |";
      } else {
        out << ' ' << fixed3(it->bow.f1) << " / " << fixed3(it->sh4.f1) << " |";
      }
    }
    out << '\n';
  }
}

}  // namespace boilerdex::plugin

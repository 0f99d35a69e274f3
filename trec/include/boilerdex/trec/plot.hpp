#pragma once
/// \file
/// Line charts as standalone SVG 1.1 (no scripts, no external fonts or styles), for the
/// experiment's figure: effectiveness against a cut-off, one panel per kind of cut-off,
/// with the baseline as a dashed reference line — the shape of the WSDM 2010 paper's
/// Figure 7. Any browser or `rsvg-convert` renders the output.

#include <iosfwd>
#include <string>
#include <vector>

namespace boilerdex::trec {

/// One polyline with point markers. x and y have the same size; points are drawn in the
/// order given (sort by x first for a line against a threshold).
struct LineSeries {
  std::string label;
  std::vector<double> x, y;
  std::string color = "#1f77b4";  ///< any SVG colour
  bool dashed = false;
};

/// A horizontal line across the whole panel at y, e.g. the baseline's value.
struct ReferenceLine {
  std::string label;
  double y = 0.0;
  std::string color = "#555555";
};

/// One set of axes.
struct ChartPanel {
  std::string title, x_label, y_label;
  std::vector<LineSeries> series;
  std::vector<ReferenceLine> references;
};

/// Panels side by side under a common title.
struct Figure {
  std::string title;
  /// Small print under the panels, wrapped at spaces into lines that fit the figure's
  /// width (a word longer than a line stands alone); may be empty.
  std::string caption;
  std::vector<ChartPanel> panels;
  int panel_width = 440;   ///< pixels, each panel including its margins
  int panel_height = 340;
};

/// About \p target evenly spaced "nice" values (steps of 1, 2 or 5 × 10^k) covering
/// [lo, hi]: the first is <= lo and the last >= hi. lo == hi gives a unit-wide range
/// around them. Precondition: both finite. Never throws except std::bad_alloc.
[[nodiscard]] std::vector<double> nice_ticks(double lo, double hi, int target = 5);

/// Writes \p figure as an SVG document. Each panel's axes span its series and reference
/// lines (y from nice_ticks, x likewise); non-finite points are skipped; a panel with no
/// data says so in its plot area. Legends sit below each panel's x axis, so they never
/// hide data. Text is XML-escaped. Deterministic output. Never throws except the stream's
/// own errors and std::bad_alloc.
void write_svg(std::ostream& out, const Figure& figure);

/// write_svg into a string.
[[nodiscard]] std::string to_svg(const Figure& figure);

}  // namespace boilerdex::trec

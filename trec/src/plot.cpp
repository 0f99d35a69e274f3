#include "boilerdex/trec/plot.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>

namespace boilerdex::trec {
namespace {

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

/// Coordinates with one decimal: enough for a screen, stable across platforms.
std::string coordinate(double v) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << v;
  return s.str();
}

/// A tick label with as many decimals as the step needs.
std::string tick_label(double value, double step) {
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << (std::fabs(value) < step * 1e-9 ? 0.0 : value);
  return s.str();
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  [[nodiscard]] bool empty() const { return lo > hi; }
};

constexpr int margin_left = 62, margin_right = 18, title_height = 30, panel_title_height = 26;
constexpr int axis_height = 58, legend_row = 17;  // tick labels, axis label, then the legend rows

void draw_panel(std::ostream& out, const ChartPanel& panel, int left, int top, int width, int height) {
  const std::size_t legend_entries = panel.series.size() + panel.references.size();
  const int legend_rows = static_cast<int>((legend_entries + 1) / 2);
  const double x0 = left + margin_left, x1 = left + width - margin_right;
  const double y0 = top + panel_title_height + 8;
  const double y1 = top + height - axis_height - legend_rows * legend_row;

  out << "<text x=\"" << coordinate((x0 + x1) / 2) << "\" y=\"" << top + 18
      << "\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">" << escape_xml(panel.title) << "</text>\n";

  Range xr, yr;
  for (const auto& s : panel.series) {
    for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) {
        xr.add(s.x[i]);
        yr.add(s.y[i]);
      }
    }
  }
  for (const auto& r : panel.references) yr.add(r.y);
  out << "<rect x=\"" << coordinate(x0) << "\" y=\"" << coordinate(y0) << "\" width=\"" << coordinate(x1 - x0)
      << "\" height=\"" << coordinate(y1 - y0) << "\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1\"/>\n";
  if (xr.empty() || yr.empty()) {
    out << "<text x=\"" << coordinate((x0 + x1) / 2) << "\" y=\"" << coordinate((y0 + y1) / 2)
        << "\" text-anchor=\"middle\" font-size=\"13\" fill=\"#777777\">no data</text>\n";
    return;
  }
  const auto xt = nice_ticks(xr.lo, xr.hi, 6);
  const auto yt = nice_ticks(yr.lo, yr.hi, 5);
  const double xlo = xt.front(), xhi = xt.back(), ylo = yt.front(), yhi = yt.back();
  const auto sx = [&](double v) { return x0 + (v - xlo) / (xhi - xlo) * (x1 - x0); };
  const auto sy = [&](double v) { return y1 - (v - ylo) / (yhi - ylo) * (y1 - y0); };

  // Grid and ticks.
  const double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1.0;
  for (const double v : yt) {
    const std::string y = coordinate(sy(v));
    out << "<line x1=\"" << coordinate(x0) << "\" y1=\"" << y << "\" x2=\"" << coordinate(x1) << "\" y2=\"" << y
        << "\" stroke=\"#e5e5e5\" stroke-width=\"1\"/>\n";
    out << "<text x=\"" << coordinate(x0 - 6) << "\" y=\"" << coordinate(sy(v) + 4)
        << "\" text-anchor=\"end\" font-size=\"11\">" << tick_label(v, ystep) << "</text>\n";
  }
  const double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1.0;
  for (const double v : xt) {
    const std::string x = coordinate(sx(v));
    out << "<line x1=\"" << x << "\" y1=\"" << coordinate(y1) << "\" x2=\"" << x << "\" y2=\"" << coordinate(y1 + 5)
        << "\" stroke=\"#333333\" stroke-width=\"1\"/>\n";
    out << "<text x=\"" << x << "\" y=\"" << coordinate(y1 + 17) << "\" text-anchor=\"middle\" font-size=\"11\">"
        << tick_label(v, xstep) << "</text>\n";
  }
  out << "<text x=\"" << coordinate((x0 + x1) / 2) << "\" y=\"" << coordinate(y1 + 34)
      << "\" text-anchor=\"middle\" font-size=\"12\">" << escape_xml(panel.x_label) << "</text>\n";
  const double ymid = (y0 + y1) / 2;
  out << "<text x=\"" << left + 16 << "\" y=\"" << coordinate(ymid) << "\" text-anchor=\"middle\" font-size=\"12\" "
      << "transform=\"rotate(-90 " << left + 16 << ' ' << coordinate(ymid) << ")\">" << escape_xml(panel.y_label)
      << "</text>\n";

  // Reference lines under the data.
  for (const auto& r : panel.references) {
    if (!std::isfinite(r.y)) continue;
    const std::string y = coordinate(sy(r.y));
    out << "<line x1=\"" << coordinate(x0) << "\" y1=\"" << y << "\" x2=\"" << coordinate(x1) << "\" y2=\"" << y
        << "\" stroke=\"" << escape_xml(r.color) << "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n";
  }
  for (const auto& s : panel.series) {
    std::string points;
    std::string markers;
    for (std::size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      const std::string px = coordinate(sx(s.x[i])), py = coordinate(sy(s.y[i]));
      points += px + ',' + py + ' ';
      markers += "<circle cx=\"" + px + "\" cy=\"" + py + "\" r=\"2.8\" fill=\"" + escape_xml(s.color) + "\"/>\n";
    }
    if (!points.empty()) points.pop_back();
    out << "<polyline points=\"" << points << "\" fill=\"none\" stroke=\"" << escape_xml(s.color)
        << "\" stroke-width=\"2\"" << (s.dashed ? " stroke-dasharray=\"6 4\"" : "") << "/>\n"
        << markers;
  }

  // Legend: two columns below the axis label.
  std::size_t entry = 0;
  const auto legend_item = [&](const std::string& label, const std::string& color, bool dashed, bool marker) {
    const double lx = x0 + static_cast<double>(entry % 2) * (x1 - x0) / 2;
    const double ly = y1 + axis_height - 4 + static_cast<double>(entry / 2) * legend_row;
    out << "<line x1=\"" << coordinate(lx) << "\" y1=\"" << coordinate(ly - 4) << "\" x2=\"" << coordinate(lx + 24)
        << "\" y2=\"" << coordinate(ly - 4) << "\" stroke=\"" << escape_xml(color) << "\" stroke-width=\"2\""
        << (dashed ? " stroke-dasharray=\"6 4\"" : "") << "/>\n";
    if (marker) {
      out << "<circle cx=\"" << coordinate(lx + 12) << "\" cy=\"" << coordinate(ly - 4) << "\" r=\"2.8\" fill=\""
          << escape_xml(color) << "\"/>\n";
    }
    out << "<text x=\"" << coordinate(lx + 30) << "\" y=\"" << coordinate(ly) << "\" font-size=\"11\">"
        << escape_xml(label) << "</text>\n";
    ++entry;
  };
  for (const auto& s : panel.series) legend_item(s.label, s.color, s.dashed, true);
  for (const auto& r : panel.references) legend_item(r.label, r.color, true, false);
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
  if (lo > hi) std::swap(lo, hi);
  if (hi - lo < 1e-12 * std::max(1.0, std::fabs(hi))) {
    lo -= 0.5;
    hi += 0.5;
  }
  target = std::max(target, 2);
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / magnitude;
  constexpr double slack = 1e-9;  // (0.66 - 0.41) / 5 is 0.05000000000000001, still a step of 0.05
  const double step = (fraction <= 1.0 + slack   ? 1.0
                       : fraction <= 2.0 + slack ? 2.0
                       : fraction <= 5.0 + slack ? 5.0
                                                 : 10.0) *
                      magnitude;
  const double first = std::floor(lo / step + 1e-9) * step;
  std::vector<double> ticks;
  for (int i = 0;; ++i) {
    const double v = first + i * step;
    ticks.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
    if (v >= hi - step * 1e-9) break;
  }
  if (ticks.size() == 1) ticks.push_back(first + step);
  return ticks;
}

namespace {

/// \p text cut at spaces into lines of at most \p width code points (a longer word alone).
std::vector<std::string> wrap_words(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t line_width = 0;
  const auto code_points = [](std::string_view s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U; }));
  };
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
    if (word.empty()) continue;
    const std::size_t w = code_points(word);
    if (!line.empty() && line_width + 1 + w > width) {
      lines.push_back(std::move(line));
      line.clear();
      line_width = 0;
    }
    if (!line.empty()) {
      line += ' ';
      ++line_width;
    }
    line += word;
    line_width += w;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace

void write_svg(std::ostream& out, const Figure& figure) {
  const int panels = std::max<int>(1, static_cast<int>(figure.panels.size()));
  const int width = panels * figure.panel_width;
  // 11-pixel DejaVu Sans averages under 7 pixels a character: this many fit between margins.
  const auto caption_lines =
      wrap_words(figure.caption, static_cast<std::size_t>(std::max(20, (width - 20) / 7)));
  const int caption_height = caption_lines.empty() ? 0 : 8 + 14 * static_cast<int>(caption_lines.size());
  const int height = title_height + figure.panel_height + caption_height;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  out << "<text x=\"" << width / 2 << "\" y=\"21\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">"
      << escape_xml(figure.title) << "</text>\n";
  for (std::size_t i = 0; i < figure.panels.size(); ++i) {
    out << "<g>\n";
    draw_panel(out, figure.panels[i], static_cast<int>(i) * figure.panel_width, title_height, figure.panel_width,
               figure.panel_height);
    out << "</g>\n";
  }
  for (std::size_t i = 0; i < caption_lines.size(); ++i) {
    const int y = height - 7 - 14 * static_cast<int>(caption_lines.size() - 1 - i);
    out << "<text x=\"" << width / 2 << "\" y=\"" << y << "\" text-anchor=\"middle\" font-size=\"11\" "
        << "fill=\"#555555\">" << escape_xml(caption_lines[i]) << "</text>\n";
  }
  out << "</svg>\n";
}

std::string to_svg(const Figure& figure) {
  std::ostringstream s;
  write_svg(s, figure);
  return s.str();
}

}  // namespace boilerdex::trec

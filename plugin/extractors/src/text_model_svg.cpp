// write_density_svg: the text-density histogram as a grouped bar chart (the WSDM 2010
// paper's Figure 5), plain SVG 1.1 with no script and no external resources.
#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>

#include "boilerdex/plugin/text_model.hpp"
#include "html_escape_internal.hpp"

namespace boilerdex::plugin {
namespace {

constexpr double k_width = 960.0, k_height = 480.0;
constexpr double k_left = 70.0, k_right = 180.0, k_top = 50.0, k_bottom = 60.0;
constexpr std::array<const char*, 8> k_colors = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                                 "#9467bd", "#8c564b", "#7f7f7f", "#17becf"};

std::string number(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << x;
  return s.str();
}

// A "nice" axis maximum ≥ x (1, 2 or 5 times a power of ten) for five ticks.
double nice_ceiling(double x) {
  if (!(x > 0.0)) return 1.0;
  const double step = std::pow(10.0, std::floor(std::log10(x)));
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * step >= x) return m * step;
  }
  return 10.0 * step;
}

}  // namespace

void write_density_svg(const TextDensityHistogram& histogram, std::string_view title,
                       std::ostream& out) {
  std::vector<std::size_t> shown;  // classes with blocks
  for (std::size_t c = 0; c < histogram.classes().size(); ++c) {
    if (histogram.total(c) > 0) shown.push_back(c);
  }
  const auto share = [&](std::size_t c, std::size_t b) {
    return static_cast<double>(histogram.count(c, b)) / static_cast<double>(histogram.total(c));
  };
  double top_share = 0.0;
  for (const auto c : shown) {
    for (std::size_t b = 0; b < histogram.bins(); ++b) top_share = std::max(top_share, share(c, b));
  }
  const double y_max = nice_ceiling(top_share);
  const double plot_w = k_width - k_left - k_right, plot_h = k_height - k_top - k_bottom;
  const double group_w = plot_w / static_cast<double>(histogram.bins());
  const double bar_w = shown.empty() ? 0.0 : 0.8 * group_w / static_cast<double>(shown.size());
  const auto y_of = [&](double v) { return k_top + plot_h * (1.0 - v / y_max); };

  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << k_width
      << "\" height=\"" << k_height << "\" font-family=\"sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      << "<text x=\"" << number(k_left + plot_w / 2) << "\" y=\"28\" text-anchor=\"middle\" "
      << "font-size=\"16\" font-weight=\"bold\">";
  detail::write_html_escaped(out, title);
  out << "</text>\n";
  // Axes, horizontal grid lines and their labels.
  for (int t = 0; t <= 5; ++t) {
    const double v = y_max * t / 5.0, y = y_of(v);
    out << "<line x1=\"" << number(k_left) << "\" y1=\"" << number(y) << "\" x2=\""
        << number(k_left + plot_w) << "\" y2=\"" << number(y) << "\" stroke=\""
        << (t == 0 ? "#000000" : "#dddddd") << "\"/>\n"
        << "<text x=\"" << number(k_left - 6) << "\" y=\"" << number(y + 4)
        << "\" text-anchor=\"end\" font-size=\"11\">" << number(100.0 * v) << "%</text>\n";
  }
  out << "<line x1=\"" << number(k_left) << "\" y1=\"" << number(k_top) << "\" x2=\""
      << number(k_left) << "\" y2=\"" << number(k_top + plot_h) << "\" stroke=\"#000000\"/>\n";
  // Bars, one group per bin.
  for (std::size_t b = 0; b < histogram.bins(); ++b) {
    const double x0 = k_left + group_w * static_cast<double>(b) + 0.1 * group_w;
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const double v = share(shown[i], b);
      if (v <= 0.0) continue;
      out << "<rect x=\"" << number(x0 + bar_w * static_cast<double>(i)) << "\" y=\""
          << number(y_of(v)) << "\" width=\"" << number(bar_w) << "\" height=\""
          << number(plot_h * v / y_max) << "\" fill=\"" << k_colors[shown[i] % k_colors.size()]
          << "\"/>\n";
    }
    const std::string label = (b + 1 == histogram.bins() ? "≥" : "") + std::to_string(b);
    out << "<text x=\"" << number(k_left + group_w * static_cast<double>(b)) << "\" y=\""
        << number(k_top + plot_h + 16) << "\" text-anchor=\"middle\" font-size=\"11\">" << label
        << "</text>\n";
  }
  out << "<text x=\"" << number(k_left + plot_w / 2) << "\" y=\"" << number(k_height - 18)
      << "\" text-anchor=\"middle\" font-size=\"12\">text density (words per 80-column line)"
      << "</text>\n<text x=\"18\" y=\"" << number(k_top + plot_h / 2)
      << "\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 18 "
      << number(k_top + plot_h / 2) << ")\">share of the class's blocks</text>\n";
  // Legend.
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const double y = k_top + 10.0 + 20.0 * static_cast<double>(i);
    const double x = k_width - k_right + 16.0;
    out << "<rect x=\"" << number(x) << "\" y=\"" << number(y - 9) << "\" width=\"12\" "
        << "height=\"12\" fill=\"" << k_colors[shown[i] % k_colors.size()] << "\"/>\n"
        << "<text x=\"" << number(x + 18) << "\" y=\"" << number(y + 2) << "\" font-size=\"12\">";
    detail::write_html_escaped(out, histogram.classes()[shown[i]]);
    out << " (" << histogram.total(shown[i]) << ")</text>\n";
  }
  out << "</svg>\n";
}

}  // namespace boilerdex::plugin

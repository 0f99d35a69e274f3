#pragma once
// Number formatting shared by the Markdown reports of `boilerdex-extract eval` (evaluation.cpp,
// wcxb.cpp), so that every table prints its figures the same way.

#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace boilerdex::plugin::detail {

// A figure with three decimals; "–" for NaN (a measure undefined on the data).
inline std::string fixed3(double v) {
  if (std::isnan(v)) return "–";
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << v;
  return s.str();
}

}  // namespace boilerdex::plugin::detail

#include "boilerdex/config/number_format.hpp"
#include "boilerdex/indexer/view_spec.hpp"

#include <charconv>
#include <cmath>
#include <set>

#include "boilerdex/config/default_extractor.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor.hpp"

namespace boilerdex::indexer {
namespace {

double parse_number(std::string_view text, std::string_view spec) {
  double x = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size() || !std::isfinite(x) || x < 0)
    throw UsageError("view spec '" + std::string(spec) + "': '" + std::string(text) +
                     "' is not a non-negative number");
  return x;
}

/// "1,5,10", "1..20" or a mix ("1..5,10"): the thresholds in order of appearance.
std::vector<double> parse_thresholds(std::string_view list, std::string_view spec, bool integers) {
  std::vector<double> out;
  if (list.empty()) throw UsageError("view spec '" + std::string(spec) + "': missing threshold");
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    const std::size_t dots = item.find("..");
    if (dots != std::string_view::npos) {
      const double lo = parse_number(item.substr(0, dots), spec);
      const double hi = parse_number(item.substr(dots + 2), spec);
      if (lo != std::floor(lo) || hi != std::floor(hi) || lo > hi)
        throw UsageError("view spec '" + std::string(spec) + "': range '" + std::string(item) +
                         "' needs integer bounds, low <= high");
      if (hi - lo > 10000) throw UsageError("view spec '" + std::string(spec) + "': range too long");
      for (double x = lo; x <= hi; x += 1) out.push_back(x);
    } else {
      const double x = parse_number(item, spec);
      if (integers && x != std::floor(x))
        throw UsageError("view spec '" + std::string(spec) + "': min-words needs whole numbers, got '" +
                         std::string(item) + "'");
      out.push_back(x);
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string ViewSpec::spec() const {
  switch (kind) {
    case ViewKind::All: return "all";
    case ViewKind::MinWords: return auto_threshold ? "min-words:auto" : "min-words:" + config::shortest_decimal(threshold);
    case ViewKind::MinDensity: return "min-density:" + config::shortest_decimal(threshold);
    case ViewKind::Extractor: return "extractor:" + extractor;
  }
  return "all";
}

std::string ViewSpec::directory_name() const {
  std::string name = spec();
  for (char& c : name) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '-' || c == '_';
    if (!safe) c = '-';
  }
  return name;
}

std::vector<ViewSpec> parse_view_specs(std::string_view text, ExtractorNames names) {
  const std::string_view spec = trim_spaces(text);
  const std::size_t colon = spec.find(':');
  const std::string_view kind = spec.substr(0, colon);
  const std::string_view arg = colon == std::string_view::npos ? std::string_view{} : trim_spaces(spec.substr(colon + 1));
  std::vector<ViewSpec> out;
  if (kind == "all") {
    if (colon != std::string_view::npos) throw UsageError("view spec '" + std::string(spec) + "': 'all' takes no argument");
    out.push_back(ViewSpec{});
  } else if (kind == "min-words" || kind == "min-density") {
    const bool words = kind == "min-words";
    // "auto" may stand anywhere in a min-words list; the numbers around it parse as usual.
    std::string numbers;
    bool automatic = false;
    for (std::string_view rest = arg;;) {
      const std::size_t comma = rest.find(',');
      const std::string_view item = trim_spaces(rest.substr(0, comma));
      if (words && item == "auto") {
        if (!automatic) out.push_back(ViewSpec{ViewKind::MinWords, 0.0, {}, true});
        automatic = true;
      } else {
        if (!numbers.empty()) numbers += ',';
        numbers.append(item);
      }
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    if (!automatic || !numbers.empty())
      for (const double t : parse_thresholds(numbers, spec, words))
        out.push_back(ViewSpec{words ? ViewKind::MinWords : ViewKind::MinDensity, t, {}});
  } else if (kind == "extractor") {
    if (arg.empty()) throw UsageError("view spec '" + std::string(spec) + "': missing extractor name");
    // Extractor names may themselves hold ':' and ',' ("keep-everything-min-words:10").
    out.push_back(ViewSpec{ViewKind::Extractor, 0.0,
                           names == ExtractorNames::Checked ? plugin::make_extractor(arg)->name() : std::string(arg)});
  } else {
    throw UsageError("view spec '" + std::string(spec) +
                     "': expected all, min-words:K, min-words:auto, min-density:D or extractor:NAME");
  }
  return out;
}

std::vector<ViewSpec> default_view_specs() {
  std::vector<ViewSpec> out = parse_view_specs("all");
  for (auto& v : parse_view_specs("min-words:1..20,25,30,40,50,60,70,80,90,100")) out.push_back(v);
  for (auto& v : parse_view_specs("min-density:1..20")) out.push_back(v);
  // The default extractor first, then the paper's boilerpipe extractors it is compared with.
  out.push_back(parse_view_specs("extractor:" + std::string(config::k_default_extractor)).front());
  out.push_back(parse_view_specs("extractor:article").front());
  out.push_back(parse_view_specs("extractor:default").front());
  for (const auto& info : plugin::list_extractors())
    if (info.name == "bte") out.push_back(parse_view_specs("extractor:bte").front());
  return out;
}

std::string model_file_of(const ViewSpec& view) {
  if (view.kind != ViewKind::Extractor) return {};
  const std::size_t colon = view.extractor.find(':');
  if (colon == std::string::npos) return {};
  const std::string_view base = std::string_view(view.extractor).substr(0, colon + 1);  // "learned:"
  for (const plugin::ExtractorInfo& info : plugin::list_extractors()) {
    const std::string_view name = info.name;
    if (!info.needs_argument || !name.starts_with(base)) continue;
    const std::string_view syntax = name.substr(base.size());  // "PATH"
    if (syntax.find_first_of(":[") == std::string_view::npos) return view.extractor.substr(colon + 1);
  }
  return {};
}

}  // namespace boilerdex::indexer

// best's options (best_extractor.hpp): every tunable parameter with its range, read from
// `best:KEY=VALUE,...` and written back into the extractor's name.
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>
#include <system_error>

#include "best_options_internal.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/number_format.hpp"
#include "boilerdex/plugin/best_extractor.hpp"

namespace boilerdex::plugin {

namespace {

// One tunable parameter: its name, where it lives, and its range.
struct DoubleParameter {
  std::string_view name;
  double BestOptions::*member;
  double min;
  double max;
};
struct IntParameter {
  std::string_view name;
  int BestOptions::*member;
  int min;
  int max;
};

constexpr double k_unbounded = 1e9;

constexpr DoubleParameter k_double_parameters[] = {
    {"weight_num_words", &BestOptions::weight_num_words, 0.0, k_unbounded},
    {"weight_article", &BestOptions::weight_article, 0.0, k_unbounded},
    {"weight_bte", &BestOptions::weight_bte, 0.0, k_unbounded},
    {"weight_cleaneval", &BestOptions::weight_cleaneval, 0.0, k_unbounded},
    {"link_penalty", &BestOptions::link_penalty, 0.0, k_unbounded},
    {"smoothing", &BestOptions::smoothing, 0.0, 1.0},
    {"group_penalty", &BestOptions::group_penalty, 0.0, 1.0},
    {"hint_penalty", &BestOptions::hint_penalty, 0.0, 1.0},
    {"teaser_penalty", &BestOptions::teaser_penalty, 0.0, 1.0},
    {"hint_max_share", &BestOptions::hint_max_share, 0.0, 1.0},
    {"caption_penalty", &BestOptions::caption_penalty, 0.0, 1.0},
    {"caption_max_share", &BestOptions::caption_max_share, 0.0, 1.0},
    {"group_share", &BestOptions::group_share, 0.01, 1.0},
    {"group_dominance", &BestOptions::group_dominance, 0.0, 1.0},
    {"lambda", &BestOptions::lambda, 0.0, 1.0},
    {"keep_inside", &BestOptions::keep_inside, 0.0, 1.0},
    {"keep_outside", &BestOptions::keep_outside, 0.0, 1.0},
    {"keep_between", &BestOptions::keep_between, 0.0, 1.0},
    {"end_marker_max_link_density", &BestOptions::end_marker_max_link_density, 0.0, 1.0},
    {"unspaced_chars_per_word", &BestOptions::unspaced_chars_per_word, 0.0, k_unbounded},
    {"model_weight", &BestOptions::model_weight, 0.0, 1.0},
    {"model_threshold", &BestOptions::model_threshold, 0.0, 1.0},
    {"model_hinted_threshold", &BestOptions::model_hinted_threshold, 0.0, 1.0},
    {"stacked", &BestOptions::stacked, 0.0, 1.0},
    {"expected_f1", &BestOptions::expected_f1, 0.0, 10.0},
    {"drop_comments", &BestOptions::drop_comments, 0.0, 1.0},
    {"drop_link_islands", &BestOptions::drop_link_islands, 0.0, 1.0},
    {"drop_repeats", &BestOptions::drop_repeats, 0.0, 1.0},
    {"keep_code", &BestOptions::keep_code, 0.0, 1.0},
    {"drop_dialogs", &BestOptions::drop_dialogs, 0.0, 1.0},
};
constexpr IntParameter k_int_parameters[] = {
    {"group_depth", &BestOptions::group_depth, 1, 5},
    {"heading_lookback", &BestOptions::heading_lookback, 0, 1000},
    {"heading_max_words", &BestOptions::heading_max_words, 0, 1000000},
    {"end_marker_min_words", &BestOptions::end_marker_min_words, 0, 1000000},
};

}  // namespace

BestOptions parse_best_options(std::string_view spec) {
  BestOptions options;
  while (!spec.empty()) {
    const std::size_t comma = spec.find(',');
    const std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      throw UsageError("extractor 'best': expected key=value, got '" + std::string(item) + "'");
    }
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    const auto bad_value = [&](std::string_view range) {
      return UsageError("extractor 'best': " + std::string(key) + " must be " + std::string(range) +
                        ", got '" + std::string(value) + "'");
    };
    bool found = false;
    if (key == "model" || key == "stacked_model") {
      if (value.empty()) throw bad_value("a model file's path");
      (key == "model" ? options.model_file : options.stacked_model_file) = std::string(value);
      found = true;
    }
    for (const auto& p : k_double_parameters) {
      if (p.name != key) continue;
      double v = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (value.empty() || ec != std::errc{} || end != value.data() + value.size() ||
          !std::isfinite(v) || v < p.min || v > p.max) {
        throw bad_value(p.max == k_unbounded ? "a number ≥ " + config::shortest_decimal(p.min)
                                             : "a number from " + config::shortest_decimal(p.min) + " to " +
                                                   config::shortest_decimal(p.max));
      }
      options.*p.member = v;
      found = true;
    }
    for (const auto& p : k_int_parameters) {
      if (p.name != key) continue;
      int v = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || v < p.min ||
          v > p.max) {
        throw bad_value("an integer from " + std::to_string(p.min) + " to " +
                        std::to_string(p.max));
      }
      options.*p.member = v;
      found = true;
    }
    if (!found) {
      std::string message =
          "extractor 'best': unknown parameter '" + std::string(key) + "'; known:";
      for (const auto& p : k_double_parameters) message += ' ' + std::string(p.name);
      for (const auto& p : k_int_parameters) message += ' ' + std::string(p.name);
      message += " model stacked_model";
      throw UsageError(message);
    }
  }
  if (options.weight_num_words + options.weight_article + options.weight_bte +
          options.weight_cleaneval <=
      0.0) {
    throw UsageError("extractor 'best': at least one weight must be positive");
  }
  return options;
}

namespace detail {

std::string best_option_args(const BestOptions& options) {
  std::string args;
  const BestOptions defaults;
  for (const auto& p : k_double_parameters) {
    if (options.*p.member != defaults.*p.member)
      args += (args.empty() ? "" : ",") + std::string(p.name) + '=' +
              config::shortest_decimal(options.*p.member);
  }
  for (const auto& p : k_int_parameters) {
    if (options.*p.member != defaults.*p.member)
      args += (args.empty() ? "" : ",") + std::string(p.name) + '=' +
              std::to_string(options.*p.member);
  }
  if (!options.model_file.empty()) args += (args.empty() ? "" : ",") + ("model=" + options.model_file);
  if (!options.stacked_model_file.empty())
    args += (args.empty() ? "" : ",") + ("stacked_model=" + options.stacked_model_file);
  return args;
}

}  // namespace detail

}  // namespace boilerdex::plugin

// The measures' names: trec_eval's -m syntax (meas_init.c, measures.c), the names it prints,
// and ir_measures' names (nDCG@10, AP, Judged@10), which map onto the same measures.

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <optional>
#include <set>

#include "boilerdex/config/error.hpp"
#include "boilerdex/trec/measures.hpp"

namespace boilerdex::trec {

namespace {

/// How a measure takes parameters after its dot.
enum class Params {
  Plain,         ///< none (map)
  LongCutoffs,   ///< positive integers, one value each (P.5,10)
  RecallLevels,  ///< numbers in [0, 1], one value each (iprec_at_recall.0.1)
  Multiples,     ///< non-negative numbers, one value each (Rprec_mult.0.5,2)
  OneDouble,     ///< one number, one value (set_F.0.5)
};

struct BaseInfo {
  std::string_view name;
  MeasureKind kind;
  Params params;
  std::span<const double> defaults;
};

constexpr std::array<double, 9> default_long_cutoffs{5, 10, 15, 20, 30, 100, 200, 500, 1000};
constexpr std::array<double, 11> default_recall_levels{0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
constexpr std::array<double, 10> default_multiples{0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0};  // m_Rprec_mult.c
constexpr std::array<double, 3> default_success_cutoffs{1, 5, 10};  // m_success.c
constexpr std::array<double, 3> default_judged_cutoffs{5, 10, 20};  // as trec_eval's unj (m_unjudged.c)
constexpr std::array<double, 1> default_set_f{1.0};                 // m_set_F.c

// In measures.c's order, which is the order trec_eval computes and prints in; judged,
// which trec_eval lacks, last.
constexpr std::array<BaseInfo, 20> bases{{
    {"num_q", MeasureKind::NumQ, Params::Plain, {}},
    {"num_ret", MeasureKind::NumRet, Params::Plain, {}},
    {"num_rel", MeasureKind::NumRel, Params::Plain, {}},
    {"num_rel_ret", MeasureKind::NumRelRet, Params::Plain, {}},
    {"map", MeasureKind::Map, Params::Plain, {}},
    {"gm_map", MeasureKind::GmMap, Params::Plain, {}},
    {"Rprec", MeasureKind::Rprec, Params::Plain, {}},
    {"bpref", MeasureKind::Bpref, Params::Plain, {}},
    {"recip_rank", MeasureKind::RecipRank, Params::Plain, {}},
    {"iprec_at_recall", MeasureKind::IprecAtRecall, Params::RecallLevels, default_recall_levels},
    {"P", MeasureKind::P, Params::LongCutoffs, default_long_cutoffs},
    {"recall", MeasureKind::Recall, Params::LongCutoffs, default_long_cutoffs},
    {"infAP", MeasureKind::Infap, Params::Plain, {}},
    {"Rprec_mult", MeasureKind::RprecMult, Params::Multiples, default_multiples},
    {"ndcg", MeasureKind::Ndcg, Params::Plain, {}},
    {"ndcg_cut", MeasureKind::NdcgCut, Params::LongCutoffs, default_long_cutoffs},
    {"map_cut", MeasureKind::MapCut, Params::LongCutoffs, default_long_cutoffs},
    {"success", MeasureKind::Success, Params::LongCutoffs, default_success_cutoffs},
    {"set_F", MeasureKind::SetF, Params::OneDouble, default_set_f},
    {"judged", MeasureKind::Judged, Params::LongCutoffs, default_judged_cutoffs},
}};

/// measures.c's nicknames, restricted to what boilerdex computes ("runid" apart).
constexpr std::array<std::string_view, 11> official_names{
    "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
    "iprec_at_recall", "P"};

const BaseInfo* find_base(std::string_view name) noexcept {
  for (const BaseInfo& base : bases) {
    if (base.name == name) return &base;
  }
  return nullptr;
}

/// ir_measures' measure names and the trec_eval measures they are (ir_measures computes
/// these through pytrec_eval, i.e. trec_eval's code), with whether "@k" is required.
struct IrMeasuresName {
  std::string_view name;
  std::string_view plain;      ///< the trec_eval measure without "@k" (empty: @k required)
  std::string_view with_cutoff;  ///< the trec_eval measure "@k" gives a cutoff of (empty: none)
};

constexpr std::array<IrMeasuresName, 16> ir_measures_names{{
    {"P", "", "P"},
    {"R", "", "recall"},
    {"nDCG", "ndcg", "ndcg_cut"},
    {"AP", "map", "map_cut"},
    {"RR", "recip_rank", ""},
    {"Rprec", "Rprec", ""},
    {"Bpref", "bpref", ""},
    {"infAP", "infAP", ""},
    {"Success", "", "success"},
    {"SetF", "set_F", ""},
    {"Judged", "", "judged"},
    {"IPrec", "", "iprec_at_recall"},
    {"NumQ", "num_q", ""},
    {"NumRet", "num_ret", ""},
    {"NumRel", "num_rel", ""},
    {"NumRelRet", "num_rel_ret", ""},
}};

[[noreturn]] void bad_parameter(const BaseInfo& base, std::string_view item, std::string_view argument) {
  const char* rule = base.params == Params::LongCutoffs    ? "cutoffs are positive integers"
                     : base.params == Params::RecallLevels ? "recall levels are numbers in [0, 1]"
                                                           : "parameters are non-negative numbers";
  throw UsageError("measure '" + std::string(argument) + "': bad parameter '" + std::string(item) + "' (" + rule +
                   ")");
}

double parse_value(const BaseInfo& base, std::string_view item, std::string_view argument) {
  if (item.empty()) bad_parameter(base, item, argument);
  if (base.params == Params::LongCutoffs) {
    long value = 0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (error != std::errc{} || end != item.data() + item.size() || value <= 0) bad_parameter(base, item, argument);
    return static_cast<double>(value);
  }
  // Levels and multiples are written ".10" as often as "0.10".
  const std::string text = item.front() == '.' ? "0" + std::string(item) : std::string(item);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !(value >= 0.0) ||
      (base.params == Params::RecallLevels && value > 1.0)) {
    bad_parameter(base, item, argument);
  }
  return value;
}

std::vector<double> parse_cutoffs(const BaseInfo& base, std::string_view params, std::string_view argument) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= params.size()) {
    const std::size_t comma = std::min(params.find(',', start), params.size());
    values.push_back(parse_value(base, params.substr(start, comma - start), argument));
    start = comma + 1;
  }
  if (base.params == Params::OneDouble && values.size() != 1) {
    throw UsageError("measure '" + std::string(argument) + "' takes one parameter");
  }
  std::sort(values.begin(), values.end());
  if (std::adjacent_find(values.begin(), values.end()) != values.end()) {
    throw UsageError("measure '" + std::string(argument) + "': duplicate cutoffs");
  }
  return values;
}

/// What one -m argument asks for.
struct Request {
  const BaseInfo* base = nullptr;
  std::optional<std::string_view> params;  ///< trec_eval syntax: after the dot
  std::optional<double> ir_value;          ///< ir_measures syntax: "@k" or SetF's beta
  std::string written;                     ///< ir_measures: the value as written
};

/// "nDCG@10", "AP", "SetF(beta=0.5)"; std::nullopt when \p argument is not an ir_measures name.
std::optional<Request> parse_ir_measures_name(std::string_view argument) {
  std::string_view name = argument;
  std::optional<std::string_view> cutoff, parens;
  if (const std::size_t at = name.find('@'); at != std::string_view::npos) {
    cutoff = name.substr(at + 1);
    name = name.substr(0, at);
  }
  if (const std::size_t open = name.find('('); open != std::string_view::npos && name.back() == ')') {
    parens = name.substr(open + 1, name.size() - open - 2);
    name = name.substr(0, open);
  }
  const auto known = std::find_if(ir_measures_names.begin(), ir_measures_names.end(),
                                  [&](const IrMeasuresName& n) { return n.name == name; });
  if (known == ir_measures_names.end()) return std::nullopt;
  Request request;
  if (parens) {
    if (known->name != "SetF" || !parens->starts_with("beta=")) {
      throw UsageError("measure '" + std::string(argument) +
                       "': only SetF(beta=X) takes a parameter here (relevance levels are -l's, for every measure)");
    }
    request.base = find_base("set_F");
    request.written = std::string(parens->substr(5));
    request.ir_value = parse_value(*request.base, request.written, argument);
  }
  if (cutoff) {
    if (known->with_cutoff.empty()) {
      throw UsageError("measure '" + std::string(argument) + "': " + std::string(known->name) + " takes no @cutoff");
    }
    request.base = find_base(known->with_cutoff);
    request.written = std::string(*cutoff);
    request.ir_value = parse_value(*request.base, *cutoff, argument);
  } else if (!parens) {
    if (known->plain.empty() && find_base(argument)) return std::nullopt;  // trec_eval's "P"
    if (known->plain.empty()) {
      throw UsageError("measure '" + std::string(argument) + "': " + std::string(known->name) + " needs @cutoff (" +
                       std::string(known->name) + "@10)");
    }
    request.base = find_base(known->plain);
  }
  return request;
}

}  // namespace

std::string Measure::name() const {
  for (const BaseInfo& base : bases) {
    if (base.kind != kind) continue;
    std::string out(base.name);
    if (base.params == Params::LongCutoffs) {
      out += '_' + std::to_string(static_cast<long>(parameter));
    } else if (base.params == Params::RecallLevels || base.params == Params::Multiples) {
      std::array<char, 32> buffer;
      std::snprintf(buffer.data(), buffer.size(), "_%3.2f", parameter);  // meas_init.c append_double
      out += buffer.data();
    } else if (base.params == Params::OneDouble && !written_parameter.empty()) {
      out += '_' + written_parameter;  // meas_init.c append_string of the printable parameters
    }
    return out;
  }
  return "?";
}

bool Measure::is_count() const noexcept {
  return kind == MeasureKind::NumQ || kind == MeasureKind::NumRet || kind == MeasureKind::NumRel ||
         kind == MeasureKind::NumRelRet;
}

std::vector<Measure> parse_measures(std::span<const std::string> texts, bool* wants_runid) {
  std::array<bool, bases.size()> requested{};
  // trec_eval syntax: the first argument with parameters decides them (meas_init.c).
  std::array<std::optional<std::vector<double>>, bases.size()> parameters;
  std::array<std::string, bases.size()> written;  // set_F's parameter as written
  // ir_measures syntax: every name adds its cutoff.
  std::array<std::set<double>, bases.size()> ir_values;
  bool runid = false;
  auto index_of = [](const BaseInfo* base) { return static_cast<std::size_t>(base - bases.data()); };
  auto take = [&](std::string_view argument) {
    if (argument == "official" || argument == "all_trec") {
      runid = true;
      if (argument == "official") {
        for (std::string_view name : official_names) requested[index_of(find_base(name))] = true;
      } else {
        for (std::size_t i = 0; i < bases.size(); ++i) requested[i] = bases[i].kind != MeasureKind::Judged;
      }
      return;
    }
    if (argument == "runid") {
      runid = true;
      return;
    }
    if (std::optional<Request> ir = parse_ir_measures_name(argument)) {
      const std::size_t index = index_of(ir->base);
      requested[index] = true;
      if (ir->ir_value) {
        if (ir->base->params == Params::OneDouble) {
          if (!parameters[index]) {
            parameters[index] = std::vector<double>{*ir->ir_value};
            written[index] = ir->written;
          }
        } else {
          ir_values[index].insert(*ir->ir_value);
        }
      }
      return;
    }
    std::string_view name = argument;
    std::optional<std::string_view> params;
    if (const std::size_t dot = argument.find('.'); dot != std::string_view::npos) {
      name = argument.substr(0, dot);
      params = argument.substr(dot + 1);
    } else if (!find_base(argument)) {
      // A printed name ("P_10", "ndcg_cut_5", "iprec_at_recall_0.10") is accepted too.
      const std::size_t underscore = argument.rfind('_');
      if (underscore != std::string_view::npos) {
        const BaseInfo* base = find_base(argument.substr(0, underscore));
        if (base && base->params != Params::Plain) {
          name = base->name;
          params = argument.substr(underscore + 1);
        }
      }
    }
    const BaseInfo* base = find_base(name);
    if (!base) throw UsageError("unknown measure '" + std::string(argument) + "'");
    const std::size_t index = index_of(base);
    if (params) {
      if (base->params == Params::Plain) {
        throw UsageError("measure '" + std::string(name) + "' takes no parameters (in '" + std::string(argument) +
                         "')");
      }
      if (!parameters[index]) {
        parameters[index] = parse_cutoffs(*base, *params, argument);
        written[index] = std::string(*params);
      }
    }
    requested[index] = true;
  };
  if (texts.empty()) {
    take("official");
  } else {
    for (const std::string& text : texts) take(text);
  }
  std::vector<Measure> measures;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    if (!requested[i]) continue;
    const BaseInfo& base = bases[i];
    if (base.params == Params::Plain) {
      measures.push_back(Measure{base.kind, 0.0, {}});
      continue;
    }
    std::set<double> values(ir_values[i]);
    if (parameters[i]) {
      values.insert(parameters[i]->begin(), parameters[i]->end());
    } else if (values.empty()) {
      values.insert(base.defaults.begin(), base.defaults.end());
    }
    for (double value : values) {
      measures.push_back(Measure{base.kind, value, base.params == Params::OneDouble ? written[i] : std::string{}});
    }
  }
  if (wants_runid) *wants_runid = runid;
  return measures;
}

}  // namespace boilerdex::trec

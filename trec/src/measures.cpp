// The measures, each computed as trec_eval 10.0 computes it. Every function below names
// the trec_eval source file it follows (usnistgov/trec_eval, 10.0-rc2/rc3 tree); the
// arithmetic is done in the same order with the same types, so values agree to the last
// bit, not only to the printed four decimals.

#include "boilerdex/trec/measures.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

#include "boilerdex/config/error.hpp"

namespace boilerdex::trec {

namespace {

/// What form_res_rels.c computes once per topic (RES_RELS).
struct ResRels {
  std::span<const Label> ranked;  ///< results_rel_list; num_ret = ranked.size()
  long num_rel = 0;               ///< judged labels >= -l (and >= 0)
  long num_rel_ret = 0;           ///< retrieved with label >= 0 and >= -l
  std::vector<long> rel_levels;   ///< rel_levels[l]: judged documents with label l >= 0
  long num_rel_levels = 0;        ///< highest level with a document, plus one
};

// form_res_rels.c: rel_levels counts every judged document with a non-negative label
// (negative labels are "in the pool, unjudged"); num_rel sums the levels >= -l; num_rel_ret
// counts retrieved documents whose label is >= 0 and >= -l (so with -l 0 or below,
// unjudged documents still do not count as relevant retrieved).
ResRels make_res_rels(const JudgedRanking& ranking, Label relevance_level) {
  ResRels rr;
  rr.ranked = ranking.retrieved;
  Label max_rel = -1;
  for (Label label : ranking.judged) max_rel = std::max(max_rel, label);
  if (max_rel >= 0) {
    rr.rel_levels.assign(static_cast<std::size_t>(max_rel) + 1, 0);
    for (Label label : ranking.judged) {
      if (label >= 0) ++rr.rel_levels[static_cast<std::size_t>(label)];
    }
  }
  for (std::size_t i = 0; i < rr.rel_levels.size(); ++i) {
    if (rr.rel_levels[i] == 0) continue;
    rr.num_rel_levels = static_cast<long>(i) + 1;
    if (static_cast<Label>(i) >= relevance_level) rr.num_rel += rr.rel_levels[i];
  }
  for (Label label : rr.ranked) {
    if (label >= 0 && label >= relevance_level) ++rr.num_rel_ret;
  }
  return rr;
}

long level_count(const ResRels& rr, long level) noexcept {
  return level >= 0 && static_cast<std::size_t>(level) < rr.rel_levels.size()
             ? rr.rel_levels[static_cast<std::size_t>(level)]
             : 0;
}

long num_ret(const ResRels& rr) noexcept { return static_cast<long>(rr.ranked.size()); }

// m_P.c: relevant among the first `cutoff`, divided by cutoff even when fewer were retrieved.
double precision_at(const ResRels& rr, long cutoff, Label level) noexcept {
  long rel_so_far = 0;
  const long n = std::min(num_ret(rr), cutoff);
  for (long i = 0; i < n; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) ++rel_so_far;
  }
  return static_cast<double>(rel_so_far) / static_cast<double>(cutoff);
}

// m_recall.c: relevant among the first `cutoff` / num_rel; 0 when num_rel is 0.
double recall_at(const ResRels& rr, long cutoff, Label level) noexcept {
  if (rr.num_rel == 0) return 0.0;
  long rel_so_far = 0;
  const long n = std::min(num_ret(rr), cutoff);
  for (long i = 0; i < n; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) ++rel_so_far;
  }
  return static_cast<double>(rel_so_far) / static_cast<double>(rr.num_rel);
}

// m_map.c (and m_gm_map.c before its log): sum of precision at each relevant document,
// divided by num_rel (not by the relevant retrieved); 0 when none was retrieved.
double average_precision(const ResRels& rr, Label level) noexcept {
  long rel_so_far = 0;
  double sum = 0.0;
  for (long i = 0; i < num_ret(rr); ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) {
      ++rel_so_far;
      sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
    }
  }
  return rel_so_far ? sum / static_cast<double>(rr.num_rel) : 0.0;
}

// m_Rprec.c: relevant among the first min(num_ret, num_rel), divided by num_rel.
double r_precision(const ResRels& rr, Label level) noexcept {
  const long look_at = std::min(num_ret(rr), rr.num_rel);
  if (look_at == 0) return 0.0;
  long rel_so_far = 0;
  for (long i = 0; i < look_at; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) ++rel_so_far;
  }
  return static_cast<double>(rel_so_far) / static_cast<double>(rr.num_rel);
}

// m_recip_rank.c: 1 / rank of the first document with label >= -l; 0 when none.
double reciprocal_rank(const ResRels& rr, Label level) noexcept {
  for (long i = 0; i < num_ret(rr); ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) return 1.0 / static_cast<double>(i + 1);
  }
  return 0.0;
}

// m_bpref.c: documents absent from the qrels and pooled-unjudged ones are skipped; each
// judged relevant document adds 1 - min(nonrel above it, R) / min(judged nonrel, R);
// the sum is divided by R. Judged non-relevant = labels 0 .. -l-1.
double bpref(const ResRels& rr, Label level) noexcept {
  long num_nonrel = 0;
  for (long j = 0; j < level; ++j) num_nonrel += level_count(rr, j);
  long nonrel_so_far = 0;
  double value = 0.0;
  for (Label label : rr.ranked) {
    if (label == label_not_in_qrels || label == label_unjudged) continue;
    if (label >= 0 && label < level) {
      ++nonrel_so_far;
    } else if (nonrel_so_far > 0) {
      value += 1.0 - (static_cast<double>(std::min(nonrel_so_far, rr.num_rel)) /
                      static_cast<double>(std::min(num_nonrel, rr.num_rel)));
    } else {
      value += 1.0;
    }
  }
  if (rr.num_rel) value /= static_cast<double>(rr.num_rel);
  return value;
}

// m_iprec_at_recall.c: the recall level becomes a count of relevant documents,
// (long)(level * num_rel + 0.9); interpolated precision (max precision at any rank at
// or below) is read walking the ranking backwards at the relevant document that reaches
// the count. With nothing retrieved the starting precision is 0/0, NaN, as in trec_eval.
double interpolated_precision(const ResRels& rr, double recall_level, Label level) noexcept {
  const long cutoff = static_cast<long>(recall_level * static_cast<double>(rr.num_rel) + 0.9);
  // A level beyond the recall reached is never assigned there and keeps its initial 0.
  if (cutoff > rr.num_rel_ret) return 0.0;
  double precis = static_cast<double>(rr.num_rel_ret) / static_cast<double>(num_ret(rr));
  double int_precis = precis;
  long rel_so_far = rr.num_rel_ret;
  for (long i = num_ret(rr); i > 0 && rel_so_far > 0; --i) {
    precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
    if (int_precis < precis) int_precis = precis;
    if (rr.ranked[static_cast<std::size_t>(i - 1)] >= level) {
      if (rel_so_far == cutoff) return int_precis;
      --rel_so_far;
    }
  }
  return int_precis;
}

// m_ndcg_cut.c: gains are the raw labels when > 0 (-l plays no part); DCG sums
// gain / log2(rank + 1) over the first `cutoff` retrieved; the ideal walks the judged
// levels from the highest down, level l contributing rel_levels[l] documents of gain l,
// over the first `cutoff` positions. An ideal of 0 leaves the DCG (then 0) as the value.
double ndcg_at(const ResRels& rr, long cutoff) noexcept {
  double sum = 0.0;
  const long n = std::min(num_ret(rr), cutoff);
  for (long i = 0; i < n; ++i) {
    const double gain = static_cast<double>(rr.ranked[static_cast<std::size_t>(i)]);
    if (gain > 0) sum += gain / std::log2(static_cast<double>(i + 2));
  }
  long cur_lvl = rr.num_rel_levels - 1;
  long lvl_count = 0;
  double ideal_dcg = 0.0;
  for (long i = 0; i < cutoff; ++i) {
    ++lvl_count;
    while (cur_lvl > 0 && lvl_count > level_count(rr, cur_lvl)) {
      --cur_lvl;
      lvl_count = 1;
    }
    if (cur_lvl <= 0) break;
    ideal_dcg += static_cast<double>(cur_lvl) / std::log2(static_cast<double>(i + 2));
  }
  return ideal_dcg > 0.0 ? sum / ideal_dcg : sum;
}

// m_ndcg.c with default gains (gain_init.c: level l has gain l, level 0 gain 0): DCG over
// the whole ranking against the ideal over every judged document with a positive label.
double ndcg(const ResRels& rr) noexcept {
  auto gain_of = [&rr](Label label) noexcept {
    return label >= 0 && label < rr.num_rel_levels ? static_cast<double>(label) : 0.0;
  };
  double results_dcg = 0.0;
  double ideal_dcg = 0.0;
  long cur_level = rr.num_rel_levels - 1;
  double ideal_gain = cur_level >= 0 ? static_cast<double>(cur_level) : 0.0;
  long num_at_level = 0;
  long i = 0;
  auto advance_ideal = [&]() noexcept {
    ++num_at_level;
    while (cur_level >= 0 && num_at_level > level_count(rr, cur_level)) {
      num_at_level = 1;
      --cur_level;
      ideal_gain = cur_level >= 0 ? static_cast<double>(cur_level) : 0.0;
    }
    if (ideal_gain > 0.0) ideal_dcg += ideal_gain / std::log2(static_cast<double>(i + 2));
  };
  for (; i < num_ret(rr) && ideal_gain > 0.0; ++i) {
    const double gain = gain_of(rr.ranked[static_cast<std::size_t>(i)]);
    if (gain != 0) results_dcg += gain / std::log2(static_cast<double>(i + 2));
    advance_ideal();
  }
  for (; i < num_ret(rr); ++i) {
    const double gain = gain_of(rr.ranked[static_cast<std::size_t>(i)]);
    if (gain != 0) results_dcg += gain / std::log2(static_cast<double>(i + 2));
  }
  for (; ideal_gain > 0.0; ++i) advance_ideal();
  return ideal_dcg > 0.0 ? results_dcg / ideal_dcg : 0.0;
}

// ---- names and parsing (meas_init.c, measures.c) ----

struct BaseInfo {
  std::string_view name;
  MeasureKind kind;
  enum { Plain, LongCutoffs, DoubleCutoffs } params;
};

// In measures.c's order, which is the order trec_eval computes and prints in.
constexpr std::array<BaseInfo, 14> bases{{
    {"num_q", MeasureKind::NumQ, BaseInfo::Plain},
    {"num_ret", MeasureKind::NumRet, BaseInfo::Plain},
    {"num_rel", MeasureKind::NumRel, BaseInfo::Plain},
    {"num_rel_ret", MeasureKind::NumRelRet, BaseInfo::Plain},
    {"map", MeasureKind::Map, BaseInfo::Plain},
    {"gm_map", MeasureKind::GmMap, BaseInfo::Plain},
    {"Rprec", MeasureKind::Rprec, BaseInfo::Plain},
    {"bpref", MeasureKind::Bpref, BaseInfo::Plain},
    {"recip_rank", MeasureKind::RecipRank, BaseInfo::Plain},
    {"iprec_at_recall", MeasureKind::IprecAtRecall, BaseInfo::DoubleCutoffs},
    {"P", MeasureKind::P, BaseInfo::LongCutoffs},
    {"recall", MeasureKind::Recall, BaseInfo::LongCutoffs},
    {"ndcg", MeasureKind::Ndcg, BaseInfo::Plain},
    {"ndcg_cut", MeasureKind::NdcgCut, BaseInfo::LongCutoffs},
}};

constexpr std::array<double, 9> default_long_cutoffs{5, 10, 15, 20, 30, 100, 200, 500, 1000};
constexpr std::array<double, 11> default_recall_levels{0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

const BaseInfo* find_base(std::string_view name) noexcept {
  for (const BaseInfo& base : bases) {
    if (base.name == name) return &base;
  }
  return nullptr;
}

std::vector<double> parse_cutoffs(const BaseInfo& base, std::string_view params, std::string_view argument) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= params.size()) {
    const std::size_t comma = std::min(params.find(',', start), params.size());
    const std::string_view item = params.substr(start, comma - start);
    bool ok = !item.empty();
    if (ok && base.params == BaseInfo::LongCutoffs) {
      long value = 0;
      const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
      ok = error == std::errc{} && end == item.data() + item.size() && value > 0;
      values.push_back(static_cast<double>(value));
    } else if (ok) {
      // iprec_at_recall levels are written ".10" as often as "0.10".
      const std::string text = item.front() == '.' ? "0" + std::string(item) : std::string(item);
      double value = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      ok = error == std::errc{} && end == text.data() + text.size() && value >= 0.0 && value <= 1.0;
      values.push_back(value);
    }
    if (!ok) {
      throw UsageError("measure '" + std::string(argument) + "': bad parameter '" + std::string(item) + "' (" +
                       (base.params == BaseInfo::LongCutoffs ? "cutoffs are positive integers"
                                                             : "recall levels are numbers in [0, 1]") +
                       ")");
    }
    start = comma + 1;
  }
  std::sort(values.begin(), values.end());
  if (std::adjacent_find(values.begin(), values.end()) != values.end()) {
    throw UsageError("measure '" + std::string(argument) + "': duplicate cutoffs");
  }
  return values;
}

}  // namespace

std::string Measure::name() const {
  for (const BaseInfo& base : bases) {
    if (base.kind != kind) continue;
    std::string out(base.name);
    if (base.params == BaseInfo::LongCutoffs) {
      out += '_' + std::to_string(static_cast<long>(parameter));
    } else if (base.params == BaseInfo::DoubleCutoffs) {
      std::array<char, 32> buffer;
      std::snprintf(buffer.data(), buffer.size(), "_%3.2f", parameter);  // meas_init.c append_double
      out += buffer.data();
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
  static constexpr std::array<std::string_view, 11> official{
      "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
      "iprec_at_recall", "P"};
  std::array<bool, bases.size()> requested{};
  std::array<std::optional<std::vector<double>>, bases.size()> parameters;
  bool runid = false;
  auto mark = [&](std::string_view name) {
    const BaseInfo* base = find_base(name);
    requested[static_cast<std::size_t>(base - bases.data())] = true;
  };
  auto take = [&](std::string_view argument) {
    if (argument == "official") {
      runid = true;
      for (std::string_view name : official) mark(name);
      return;
    }
    if (argument == "all_trec") {
      runid = true;
      for (const BaseInfo& base : bases) mark(base.name);
      return;
    }
    if (argument == "runid") {
      runid = true;
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
        if (base && base->params != BaseInfo::Plain) {
          name = base->name;
          params = argument.substr(underscore + 1);
        }
      }
    }
    const BaseInfo* base = find_base(name);
    if (!base) throw UsageError("unknown measure '" + std::string(argument) + "'");
    const auto index = static_cast<std::size_t>(base - bases.data());
    if (params) {
      if (base->params == BaseInfo::Plain) {
        throw UsageError("measure '" + std::string(name) + "' takes no parameters (in '" + std::string(argument) +
                         "')");
      }
      // meas_init.c: the first -m that gives parameters for a measure decides them.
      if (!parameters[index]) parameters[index] = parse_cutoffs(*base, *params, argument);
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
    if (base.params == BaseInfo::Plain) {
      measures.push_back(Measure{base.kind, 0.0});
      continue;
    }
    std::vector<double> values;
    if (parameters[i]) {
      values = *parameters[i];
    } else if (base.params == BaseInfo::LongCutoffs) {
      values.assign(default_long_cutoffs.begin(), default_long_cutoffs.end());
    } else {
      values.assign(default_recall_levels.begin(), default_recall_levels.end());
    }
    for (double value : values) measures.push_back(Measure{base.kind, value});
  }
  if (wants_runid) *wants_runid = runid;
  return measures;
}

std::vector<double> compute_measures(const JudgedRanking& ranking, std::span<const Measure> measures,
                                     Label relevance_level) {
  const ResRels rr = make_res_rels(ranking, relevance_level);
  std::vector<double> values;
  values.reserve(measures.size());
  for (const Measure& measure : measures) {
    const long cutoff = static_cast<long>(measure.parameter);
    switch (measure.kind) {
      case MeasureKind::NumQ: values.push_back(1.0); break;
      case MeasureKind::NumRet: values.push_back(static_cast<double>(num_ret(rr))); break;
      case MeasureKind::NumRel: values.push_back(static_cast<double>(rr.num_rel)); break;
      case MeasureKind::NumRelRet: values.push_back(static_cast<double>(rr.num_rel_ret)); break;
      case MeasureKind::Map:
      case MeasureKind::GmMap: values.push_back(average_precision(rr, relevance_level)); break;
      case MeasureKind::Rprec: values.push_back(r_precision(rr, relevance_level)); break;
      case MeasureKind::Bpref: values.push_back(bpref(rr, relevance_level)); break;
      case MeasureKind::RecipRank: values.push_back(reciprocal_rank(rr, relevance_level)); break;
      case MeasureKind::IprecAtRecall:
        values.push_back(interpolated_precision(rr, measure.parameter, relevance_level));
        break;
      case MeasureKind::P: values.push_back(precision_at(rr, cutoff, relevance_level)); break;
      case MeasureKind::Recall: values.push_back(recall_at(rr, cutoff, relevance_level)); break;
      case MeasureKind::Ndcg: values.push_back(ndcg(rr)); break;
      case MeasureKind::NdcgCut: values.push_back(ndcg_at(rr, cutoff)); break;
    }
  }
  return values;
}

}  // namespace boilerdex::trec

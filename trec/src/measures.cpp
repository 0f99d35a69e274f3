// The measures, each computed as trec_eval 10.0 computes it (their names and the -m syntax
// are in measure_names.cpp). Every function below names
// the trec_eval source file it follows (usnistgov/trec_eval, 10.0-rc2/rc3 tree); the
// arithmetic is done in the same order with the same types, so values agree to the last
// bit, not only to the printed four decimals.

#include "boilerdex/trec/measures.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

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

// m_map_cut.c: map's sum over the first `cutoff` documents, divided by num_rel; 0 when the
// topic has no relevant document.
double average_precision_at(const ResRels& rr, long cutoff, Label level) noexcept {
  if (rr.num_rel == 0) return 0.0;
  long rel_so_far = 0;
  double sum = 0.0;
  const long n = std::min(num_ret(rr), cutoff);
  for (long i = 0; i < n; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) {
      ++rel_so_far;
      sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
    }
  }
  return sum / static_cast<double>(rr.num_rel);
}

// m_success.c: 1 when a document with label >= -l is among the first `cutoff`.
double success_at(const ResRels& rr, long cutoff, Label level) noexcept {
  const long n = std::min(num_ret(rr), cutoff);
  for (long i = 0; i < n; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] >= level) return 1.0;
  }
  return 0.0;
}

/// trec_eval.h: keeps infAP's estimate of the precision above a relevant document finite
/// when nothing above it was judged.
constexpr double infap_epsilon = 0.00001;

// m_infap.c: documents absent from the qrels count as non-relevant only through the rank
// (j); pooled-unjudged ones (negative labels) are assumed relevant in the proportion of the
// judged ones above them. The first document, when relevant, adds 1. Divided by num_rel.
double inferred_ap(const ResRels& rr, Label level) noexcept {
  long nonrel_so_far = 0;
  long rel_so_far = 0;
  long pool_unjudged_so_far = 0;
  double inf_ap = 0.0;
  for (long j = 0; j < num_ret(rr); ++j) {
    const Label label = rr.ranked[static_cast<std::size_t>(j)];
    if (label == label_not_in_qrels) continue;
    if (label == label_unjudged) {
      ++pool_unjudged_so_far;
      continue;
    }
    if (label >= 0 && label < level) {
      ++nonrel_so_far;
      continue;
    }
    ++rel_so_far;
    if (j == 0) {
      inf_ap += 1.0;
    } else {
      const auto fj = static_cast<double>(j);
      inf_ap += 1.0 / (fj + 1.0) +
                (fj / (fj + 1.0)) * (static_cast<double>(rel_so_far - 1 + nonrel_so_far + pool_unjudged_so_far) / fj) *
                    ((static_cast<double>(rel_so_far - 1) + infap_epsilon) /
                     (static_cast<double>(rel_so_far - 1 + nonrel_so_far) + 2 * infap_epsilon));
    }
  }
  if (rr.num_rel) inf_ap /= static_cast<double>(rr.num_rel);
  return inf_ap;
}

// m_Rprec_mult.c: the multiple becomes a rank, (long)(multiple * num_rel + 0.9); precision
// there, where a rank past num_ret counts the missing documents as non-relevant
// (num_rel_ret / rank). Read walking the ranking backwards as trec_eval does, so a rank
// above the first relevant document (or a rank of 0, when num_rel is 0) keeps its initial 0.
double precision_at_r_multiple(const ResRels& rr, double multiple, Label level) noexcept {
  const long cutoff = static_cast<long>(multiple * static_cast<double>(rr.num_rel) + 0.9);
  if (cutoff > num_ret(rr)) return static_cast<double>(rr.num_rel_ret) / static_cast<double>(cutoff);
  long rel_so_far = rr.num_rel_ret;
  for (long i = num_ret(rr); i > 0 && rel_so_far > 0; --i) {
    if (i == cutoff) return static_cast<double>(rel_so_far) / static_cast<double>(i);
    if (rr.ranked[static_cast<std::size_t>(i - 1)] >= level) --rel_so_far;
  }
  return 0.0;
}

// m_set_F.c: over the whole retrieved set, P = num_rel_ret / num_ret and R = num_rel_ret /
// num_rel, F = (x+1)PR / (xP + R); 0 when nothing relevant was retrieved.
double set_f(const ResRels& rr, double x) noexcept {
  if (rr.num_rel_ret == 0) return 0.0;
  const double p = static_cast<double>(rr.num_rel_ret) / static_cast<double>(num_ret(rr));
  const double r = static_cast<double>(rr.num_rel_ret) / static_cast<double>(rr.num_rel);
  return (x + 1.0) * p * r / (x * p + r);
}

// ir_measures' judged provider (trec_eval has no such measure): documents the qrels list,
// whatever their label, among the first min(cutoff, num_ret), divided by that number (not
// by the cutoff, unlike P); 0 when nothing was retrieved.
double judged_at(const ResRels& rr, long cutoff) noexcept {
  const long n = std::min(num_ret(rr), cutoff);
  if (n == 0) return 0.0;
  long judged = 0;
  for (long i = 0; i < n; ++i) {
    if (rr.ranked[static_cast<std::size_t>(i)] != label_not_in_qrels) ++judged;
  }
  return static_cast<double>(judged) / static_cast<double>(n);
}

}  // namespace

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
      case MeasureKind::Infap: values.push_back(inferred_ap(rr, relevance_level)); break;
      case MeasureKind::RprecMult:
        values.push_back(precision_at_r_multiple(rr, measure.parameter, relevance_level));
        break;
      case MeasureKind::Ndcg: values.push_back(ndcg(rr)); break;
      case MeasureKind::NdcgCut: values.push_back(ndcg_at(rr, cutoff)); break;
      case MeasureKind::MapCut: values.push_back(average_precision_at(rr, cutoff, relevance_level)); break;
      case MeasureKind::Success: values.push_back(success_at(rr, cutoff, relevance_level)); break;
      case MeasureKind::SetF: values.push_back(set_f(rr, measure.parameter)); break;
      case MeasureKind::Judged: values.push_back(judged_at(rr, cutoff)); break;
    }
  }
  return values;
}

}  // namespace boilerdex::trec

#pragma once
/// \file
/// The evaluation measures, computed exactly as trec_eval 10.0 computes them (the
/// per-measure notes in measures.cpp cite the trec_eval source file each follows).

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/trec/qrels.hpp"

namespace boilerdex::trec {

/// The measures boilerdex computes, by trec_eval name.
enum class MeasureKind {
  NumQ,           ///< num_q: number of topics evaluated (summary only)
  NumRet,         ///< num_ret: documents retrieved
  NumRel,         ///< num_rel: relevant documents in the qrels (label >= -l)
  NumRelRet,      ///< num_rel_ret: relevant documents retrieved
  Map,            ///< map: mean average precision
  GmMap,          ///< gm_map: geometric mean of AP (summary), log(max(AP, 1e-5)) per topic
  Rprec,          ///< Rprec: precision after num_rel documents
  Bpref,          ///< bpref: Buckley and Voorhees 2004
  RecipRank,      ///< recip_rank: 1 / rank of the first relevant document
  IprecAtRecall,  ///< iprec_at_recall_X: interpolated precision at recall X
  P,              ///< P_N: precision at N (always divided by N)
  Recall,         ///< recall_N: relevant in the first N / num_rel
  Infap,          ///< infAP: inferred AP (Yilmaz and Aslam 2006), pooled-unjudged skipped
  RprecMult,      ///< Rprec_mult_X: precision after X * num_rel documents
  Ndcg,           ///< ndcg: NDCG over the whole ranking (gains = labels)
  NdcgCut,        ///< ndcg_cut_N: NDCG at N (gains = labels)
  MapCut,         ///< map_cut_N: AP over the first N documents (still divided by num_rel)
  Success,        ///< success_N: 1 when a relevant document is among the first N
  SetF,           ///< set_F: (x+1)PR / (xP + R) over the whole retrieved set (x = parameter)
  Judged,         ///< judged_N: share of the first min(N, num_ret) documents the qrels list
                  ///< (ir_measures' Judged@N; not a trec_eval measure)
};

/// One measure with its parameter, e.g. {P, 10} printed "P_10".
struct Measure {
  MeasureKind kind = MeasureKind::Map;
  double parameter = 0.0;  ///< the cutoff N, the recall level of iprec_at_recall, the
                           ///< multiple of Rprec_mult, set_F's x
  /// set_F only: the parameter as written after "set_F." (trec_eval prints "set_F_0.5" for
  /// `-m set_F.0.5`, and "set_F" for its default); empty otherwise.
  std::string written_parameter{};

  /// The name trec_eval prints: "P_10", "ndcg_cut_5", "iprec_at_recall_0.10",
  /// "Rprec_mult_1.00", "set_F", "map".
  [[nodiscard]] std::string name() const;
  /// True for the counts that trec_eval prints as integers (num_q, num_ret, num_rel,
  /// num_rel_ret) and sums over topics instead of averaging.
  [[nodiscard]] bool is_count() const noexcept;

  friend bool operator==(const Measure&, const Measure&) = default;
};

/// Parses trec_eval -m arguments into the measures to compute, in trec_eval's print order
/// (measures.c: num_q, num_ret, num_rel, num_rel_ret, map, gm_map, Rprec, bpref,
/// recip_rank, iprec_at_recall, P, recall, infAP, Rprec_mult, ndcg, ndcg_cut, map_cut,
/// success, set_F; then judged, which trec_eval lacks), each cutoff list ascending.
/// Accepted: "P" (cutoffs 5,10,15,20,30,100,200,500,1000), "P.5,10" (given cutoffs), the
/// same for "recall", "ndcg_cut" and "map_cut"; "success" (1,5,10); "judged" (5,10,20);
/// "iprec_at_recall" (0.0,0.1,...,1.0) or with levels; "Rprec_mult" (0.2,0.4,...,2.0) or
/// with multiples; "set_F" (x = 1) or "set_F.X"; "map", "gm_map", "Rprec", "bpref",
/// "recip_rank", "infAP", "ndcg", "num_q", "num_ret", "num_rel", "num_rel_ret", "runid"
/// (printed, not computed: no Measure); the nicknames "official" (trec_eval's default) and
/// "all_trec" (every trec_eval measure above). As in trec_eval (meas_init.c), the first
/// argument in trec_eval's syntax that gives a measure parameters decides its cutoffs:
/// `-m P.5 -m P.10` computes P_5 only.
/// ir_measures names are accepted too and add their one cutoff to the measure's list:
/// "P@10", "R@1000" (recall), "nDCG@10" (ndcg_cut), "nDCG" (ndcg), "AP" (map), "AP@100"
/// (map_cut), "RR" (recip_rank), "Rprec", "Bpref", "infAP", "Success@5", "SetF" and
/// "SetF(beta=X)" (set_F.X), "Judged@10", "IPrec@0.5" (iprec_at_recall), "NumQ", "NumRet",
/// "NumRel", "NumRelRet"; they print under trec_eval's names (P_10, ndcg_cut_10, map).
/// An empty list means "official".
/// \param wants_runid set to true when "runid" was asked for (directly or by nickname);
///        may be null.
/// \throws UsageError naming the argument when the measure is unknown, a cutoff is not a
///         positive integer, a level or multiple is not a non-negative number, cutoffs
///         repeat, or an ir_measures name carries a parameter other than SetF's beta
///         (relevance levels are -l's, for every measure at once).
[[nodiscard]] std::vector<Measure> parse_measures(std::span<const std::string> texts,
                                                  bool* wants_runid = nullptr);

/// The result-list value of a retrieved document absent from the qrels (trec_eval's
/// RELVALUE_NONPOOL).
inline constexpr Label label_not_in_qrels = -1;
/// The result-list value of a retrieved document whose qrels label is negative, i.e. in
/// the pool but not judged (trec_eval's RELVALUE_UNJUDGED).
inline constexpr Label label_unjudged = -2;

/// One topic's ranking, prepared for the measures: what trec_eval's form_res_rels builds.
struct JudgedRanking {
  /// The label of each retrieved document in evaluation order (score descending, docno
  /// descending), after -M and -J: the qrels label when it is >= 0, label_unjudged when
  /// the qrels label is negative, label_not_in_qrels when the qrels lack the document.
  std::vector<Label> retrieved;
  /// Every label the qrels give this topic (judged documents, retrieved or not), in any
  /// order; used for num_rel, the ideal DCG and bpref's judged non-relevant count.
  std::vector<Label> judged;
};

/// Computes \p measures for one topic. \p relevance_level is trec_eval's -l: a document is
/// relevant when its label >= relevance_level (the NDCG measures use raw labels > 0 as
/// gains instead and ignore it). NumQ gives 1 (the topic's share of the count); GmMap gives
/// the per-topic value trec_eval prints, AP (the log is taken when averaging).
/// \returns one value per measure, in order. Complexity O(n log n) for n judged documents.
/// Thread-safe (pure).
[[nodiscard]] std::vector<double> compute_measures(const JudgedRanking& ranking,
                                                   std::span<const Measure> measures,
                                                   Label relevance_level = 1);

}  // namespace boilerdex::trec

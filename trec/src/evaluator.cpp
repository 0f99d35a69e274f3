// The flow of trec_eval.c (10.0), form_res_rels.c and meas_avg.c, over parsed qrels and runs.

#include "boilerdex/trec/evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "boilerdex/config/error.hpp"

namespace boilerdex::trec {

namespace {

/// m_gm_map.c / common.h: AP values below this count as this before the log.
constexpr double min_geo_mean = 0.00001;

/// trec_eval.c's "bogus ranking" for a qrels topic missing from the run under -c.
constexpr std::string_view missing_topic_docno = "ceci_nest_pas_un_docno";

struct Candidate {
  std::string_view docno;
  double score;
};

/// form_res_rels.c: sort by score descending, ties by docno descending (comp_sim_docno),
/// keep the first -M, look each document up in the qrels, and with -J drop every document
/// whose result value is negative (absent or negatively labelled) keeping the order.
JudgedRanking judge(std::vector<Candidate>& candidates, const TopicJudgments& judgments,
                    const EvalOptions& options) {
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.docno > b.docno;
  });
  if (options.max_retrieved && candidates.size() > *options.max_retrieved) {
    candidates.resize(*options.max_retrieved);
  }
  JudgedRanking ranking;
  ranking.retrieved.reserve(candidates.size());
  for (const Candidate& candidate : candidates) {
    const auto found = judgments.find(candidate.docno);
    Label value = label_not_in_qrels;
    if (found != judgments.end()) value = found->second >= 0 ? found->second : label_unjudged;
    if (options.judged_only && value < 0) continue;
    ranking.retrieved.push_back(value);
  }
  ranking.judged.reserve(judgments.size());
  for (const auto& [docno, label] : judgments) ranking.judged.push_back(label);
  return ranking;
}

/// printf into a string of any length (qids and run tags are unbounded).
template <typename... Args>
std::string format(const char* pattern, Args... args) {
  const int size = std::snprintf(nullptr, 0, pattern, args...);
  std::string text(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
  std::snprintf(text.data(), text.size(), pattern, args...);
  text.pop_back();
  return text;
}

// meas_print_single.c / meas_print_final.c: counts with %ld, everything else %6.4f.
void print_line(std::ostream& out, std::string_view run_label, const std::string& name, const std::string& qid,
                const Measure& measure, double value) {
  if (!run_label.empty()) out << run_label << '\t';
  out << (measure.is_count() ? format("%-22s\t%s\t%ld\n", name.c_str(), qid.c_str(), static_cast<long>(value))
                             : format("%-22s\t%s\t%6.4f\n", name.c_str(), qid.c_str(), value));
}

}  // namespace

std::optional<double> Evaluation::value(std::string_view qid, std::string_view measure_name) const {
  std::size_t column = measures.size();
  for (std::size_t i = 0; i < measures.size(); ++i) {
    if (measures[i].name() == measure_name) {
      column = i;
      break;
    }
  }
  if (column == measures.size()) return std::nullopt;
  if (qid == "all") return summary[column];
  for (const TopicValues& topic : topics) {
    if (topic.qid == qid) return topic.values[column];
  }
  return std::nullopt;
}

Evaluation evaluate(const Qrels& qrels, const Run& run, std::span<const Measure> measures,
                    const EvalOptions& options) {
  if (measures.empty()) throw UsageError("no measure to compute");
  if (options.max_retrieved && *options.max_retrieved == 0) throw UsageError("-M needs a positive number");
  Qrels binarized;
  const Qrels* judged = &qrels;
  if (options.binarize) {
    binarized = qrels.binarized(*options.binarize);
    judged = &binarized;
  }

  Evaluation evaluation;
  evaluation.run_id = run.tag;
  evaluation.measures.assign(measures.begin(), measures.end());
  for (const auto& [qid, entries] : run.topics) {
    if (!judged->find(qid)) evaluation.topics_without_qrels.push_back(qid);
  }

  std::vector<double> sums(measures.size(), 0.0);
  std::vector<Candidate> candidates;
  // trec_eval.c walks the qrels topics in qid order. A qrels topic the run lacks is
  // scored only with -c, as a ranking of one unjudged document whose num_ret is then
  // reset to 0. (Without -c, trec_eval 10.0's loop has no `continue` there and reuses the
  // previous topic's ranking, or crashes when there is none, usnistgov/trec_eval#46; we
  // skip the topic, which is what its documentation promises.)
  for (const auto& [qid, judgments] : judged->topics()) {
    const auto run_topic = run.topics.find(qid);
    const bool missing = run_topic == run.topics.end();
    if (missing && !options.complete) continue;
    candidates.clear();
    if (missing) {
      candidates.push_back(Candidate{missing_topic_docno, 1.0});
    } else if (run_topic->second.empty()) {
      candidates.push_back(Candidate{no_result_docno, 0.0});  // as write_run_file() writes it
    } else {
      for (const RunEntry& entry : run_topic->second) candidates.push_back(Candidate{entry.docno, entry.score});
    }
    const JudgedRanking ranking = judge(candidates, judgments, options);
    TopicValues values{qid, compute_measures(ranking, measures, options.relevance_level)};
    for (std::size_t i = 0; i < measures.size(); ++i) {
      if (missing && measures[i].kind == MeasureKind::NumRet) values.values[i] = 0.0;
      // meas_acc.c sums; m_gm_map.c stores log(max(AP, 1e-5)) so the sum is of logs.
      sums[i] += measures[i].kind == MeasureKind::GmMap ? std::log(std::max(values.values[i], min_geo_mean))
                                                        : values.values[i];
    }
    evaluation.topics.push_back(std::move(values));
  }
  if (evaluation.topics.empty()) throw Error("no queries with both results and relevance info");

  // meas_avg.c: counts are sums (num_q the number of topics), gm_map the geometric mean,
  // the rest arithmetic means over the evaluated topics (with -c, every qrels topic).
  const auto n = static_cast<double>(evaluation.topics.size());
  evaluation.num_queries = evaluation.topics.size();
  evaluation.summary.resize(measures.size());
  for (std::size_t i = 0; i < measures.size(); ++i) {
    switch (measures[i].kind) {
      case MeasureKind::NumQ: evaluation.summary[i] = n; break;
      case MeasureKind::NumRet:
      case MeasureKind::NumRel:
      case MeasureKind::NumRelRet: evaluation.summary[i] = sums[i]; break;
      case MeasureKind::GmMap: evaluation.summary[i] = std::exp(sums[i] / n); break;
      default: evaluation.summary[i] = sums[i] / n; break;
    }
  }
  return evaluation;
}

void print_evaluation(std::ostream& out, const Evaluation& evaluation, bool per_topic, std::string_view run_label) {
  std::vector<std::string> names;
  names.reserve(evaluation.measures.size());
  for (const Measure& measure : evaluation.measures) names.push_back(measure.name());
  if (per_topic) {
    for (const TopicValues& topic : evaluation.topics) {
      for (std::size_t i = 0; i < evaluation.measures.size(); ++i) {
        const MeasureKind kind = evaluation.measures[i].kind;
        if (kind == MeasureKind::NumQ || kind == MeasureKind::GmMap) continue;  // summary only
        print_line(out, run_label, names[i], topic.qid, evaluation.measures[i], topic.values[i]);
      }
    }
  }
  if (evaluation.print_runid && !run_label.empty()) out << run_label << '\t';
  if (evaluation.print_runid) out << format("%-22s\t%s\t%s\n", "runid", "all", evaluation.run_id.c_str());  // m_runid.c
  for (std::size_t i = 0; i < evaluation.measures.size(); ++i) {
    print_line(out, run_label, names[i], "all", evaluation.measures[i], evaluation.summary[i]);
  }
}

}  // namespace boilerdex::trec

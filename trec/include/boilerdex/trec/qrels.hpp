#pragma once
/// \file
/// TREC relevance judgments: lines `qid iter docno label`, whitespace separated. The
/// iteration column is ignored (as trec_eval does); labels are integers and may be
/// negative (Blog06: -1 = not judged, 0 = not relevant, 1 = relevant, 2..4 = opinion).

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace boilerdex::trec {

/// A relevance label as trec_eval reads it (a C long).
using Label = long;

/// The judgments of one topic: docno -> label, ordered by docno.
using TopicJudgments = std::map<std::string, Label, std::less<>>;

/// Judgments for a set of topics, ordered by qid (string order, as trec_eval sorts them).
class Qrels {
 public:
  using Topics = std::map<std::string, TopicJudgments, std::less<>>;

  /// Records a judgment. \returns false, changing nothing, when (qid, docno) is already
  /// judged (the parser turns that into an error, as trec_eval does).
  bool add(std::string_view qid, std::string_view docno, Label label);

  /// The judgments of \p qid, or nullptr when the topic has none. The pointer stays valid
  /// until the next add() of a new topic or the Qrels is destroyed.
  [[nodiscard]] const TopicJudgments* find(std::string_view qid) const noexcept;

  [[nodiscard]] const Topics& topics() const noexcept { return m_topics; }
  [[nodiscard]] bool empty() const noexcept { return m_topics.empty(); }

  /// A copy where every label >= \p min_label becomes 1 and every other label keeps its
  /// sign but becomes 0 when non-negative (negative labels stay as they are, so -1 still
  /// means "not judged" to consumers that care). Used for topic-relevance NDCG on
  /// opinion-graded qrels (Blog06: 2..4 are polarity, not grades): binarized(1).
  [[nodiscard]] Qrels binarized(Label min_label) const;

 private:
  Topics m_topics;
};

/// Parses qrels text. Blank lines are ignored.
/// \param source names the file in error messages.
/// \throws ParseError (file and line) for a line without exactly four fields, a label that
///         is not an integer, or a duplicate (qid, docno) pair.
[[nodiscard]] Qrels parse_qrels(std::string_view text, const std::string& source);

/// Reads and parses a qrels file. \throws ParseError when it cannot be read or parsed.
[[nodiscard]] Qrels read_qrels(const std::filesystem::path& path);

}  // namespace boilerdex::trec

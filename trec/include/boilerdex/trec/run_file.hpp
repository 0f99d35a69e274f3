#pragma once
/// \file
/// TREC run files (`qid Q0 docno rank score tag`, whitespace separated), and producing a
/// run by sending every topic through a searcher.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/topics.hpp"

namespace boilerdex::trec {

/// One retrieved document of a topic.
struct RunEntry {
  std::string docno;
  double score = 0.0;
  long rank = 0;  ///< as written in the file; trec_eval ignores it and so do the measures
};

/// A run: per topic, the retrieved documents in file order (not re-sorted; the evaluator
/// sorts as trec_eval does). A topic may be present with no entries (a run produced by
/// write_run() for a query that matched nothing).
struct Run {
  using Topics = std::map<std::string, std::vector<RunEntry>, std::less<>>;

  std::string tag;  ///< the tag of the last line (trec_eval's "runid" keeps only that one)
  Topics topics;    ///< ordered by qid (string order)
};

/// Parses run text as trec_eval's get_trec_results.c does: blank lines and lines starting
/// with '#' are ignored, fields after the sixth are ignored, the iteration and rank columns
/// are not interpreted (rank is kept when it is an integer, else 0). Tags may differ
/// between lines; the last one is the run's tag.
/// \param source names the file in error messages.
/// \throws ParseError (file and line) for a line with fewer than six fields, a score that
///         is not a number, a DOCNO holding a control byte (indexer::docno_defect: trec_eval
///         would read it as another field or cut it at a NUL; write_run_file refuses it
///         too), or a docno retrieved twice for one topic (trec_eval 10.0 stops with
///         "duplicate docs" there, form_res_rels.c).
[[nodiscard]] Run parse_run(std::string_view text, const std::string& source);

/// Reads and parses a run file. \throws ParseError when it cannot be read or parsed.
[[nodiscard]] Run read_run(const std::filesystem::path& path);

/// The docno written for a topic that retrieved nothing, so that the topic is still
/// present in the file (and counted, with zero values, by trec_eval without -c). Never a
/// real docno; trec_eval sees it as one retrieved non-relevant (unjudged) document.
inline constexpr std::string_view no_result_docno = "boilerdex-no-result";

/// Writes \p run as `qid Q0 docno rank score tag` lines, topics in qid order, entries in
/// the order held, ranks renumbered 1..n. Scores are written in the shortest form that
/// reads back to the same double, so evaluating the file equals evaluating \p run. A topic
/// with no entries gets one line with no_result_docno, rank 1 and score 0.
/// \throws UsageError when the tag is empty or contains whitespace; Error naming the DOCNO
///         when one breaks indexer::docno_defect's rule (nothing written then); ParseError
///         naming the path when the file cannot be written (path overload).
void write_run_file(std::ostream& out, const Run& run);
void write_run_file(const std::filesystem::path& path, const Run& run);

/// The search options a run uses unless told otherwise: Plain syntax (a topic's words,
/// not operators), no snippets, Xapian's BM25 defaults. Never throws except bad_alloc.
[[nodiscard]] query::SearchOptions run_search_options();

/// Runs every topic of \p topics through \p searcher: the query is topic_query(topic,
/// field), parsed with options.syntax (Plain by default: a topic's words, not operators),
/// at most \p k results, no snippets; options' BM25 parameters apply, its k, offset and
/// snippet settings are overridden. Every topic is present in the result, with no
/// entries when its query is empty or matches nothing. Entries are ordered by score
/// descending, ties by docno descending (the order trec_eval evaluates in), and ranked
/// 1..n in that order, so the ranks in the file agree with the evaluation; Xapian's cut at
/// \p k among equal scores keeps the lower docids, which is deterministic for an index.
/// Not thread-safe for one \p searcher (see Searcher).
/// \throws UsageError when \p tag is empty or contains whitespace, or \p k is 0;
///         IndexError on Xapian failures.
[[nodiscard]] Run write_run(const query::Searcher& searcher, const std::vector<Topic>& topics,
                            TopicField field, std::size_t k, const std::string& tag,
                            const query::SearchOptions& options = run_search_options());

}  // namespace boilerdex::trec

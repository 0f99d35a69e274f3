#include "boilerdex/config/number_format.hpp"
#include "boilerdex/trec/commands.hpp"

#include <charconv>
#include <ostream>

#include "boilerdex/trec/qrels.hpp"
#include "boilerdex/trec/run_file.hpp"

namespace boilerdex::trec {

void run_eval_command(const EvalCommand& command, std::ostream& out, std::ostream& err) {
  bool wants_runid = false;
  const std::vector<Measure> measures = parse_measures(command.measures, &wants_runid);
  const Qrels qrels = read_qrels(command.qrels);
  for (const std::filesystem::path& path : command.runs) {
    const Run run = read_run(path);
    Evaluation evaluation = evaluate(qrels, run, measures, command.options);
    evaluation.print_runid = wants_runid;
    if (!evaluation.topics_without_qrels.empty()) {
      err << "boilerdex-trec: " << path.string() << ": " << evaluation.topics_without_qrels.size()
          << " topic(s) without qrels ignored:";
      for (const std::string& qid : evaluation.topics_without_qrels) err << ' ' << qid;
      err << '\n';
    }
    // trec_eval takes one run; with several, each line starts with its run's file name.
    print_evaluation(out, evaluation, command.per_topic, command.runs.size() > 1 ? path.string() : std::string{});
  }
}

std::string default_run_tag(const indexer::ManifestView& view, TopicField field, const query::Bm25Parameters& bm25) {
  return "boilerdex." + view.view.directory_name() + '.' + std::string(topic_field_name(field)) +
         ".bm25=" + config::shortest_decimal(bm25.k1) + ',' + config::shortest_decimal(bm25.b);
}

void run_run_command(const RunCommand& command, std::ostream& err) {
  const std::vector<Topic> topics = read_topics(command.topics);
  const query::IndexSet index_set = query::IndexSet::open(command.index);
  const indexer::ManifestView& view = index_set.select(command.view);
  const query::Searcher searcher(index_set, view);
  const std::string tag = command.tag.empty() ? default_run_tag(view, command.field, command.options.bm25) : command.tag;
  const Run run = write_run(searcher, topics, command.field, command.k, tag, command.options);
  write_run_file(command.output, run);
  std::size_t lines = 0, empty = 0;
  for (const auto& [qid, entries] : run.topics) {
    lines += entries.empty() ? 1 : entries.size();
    empty += entries.empty() ? 1 : 0;
  }
  err << "boilerdex-trec: run " << tag << " on view " << view.view.spec() << ": " << run.topics.size()
      << " topics (" << empty << " without results), " << lines << " lines written to " << command.output.string()
      << '\n';
}

}  // namespace boilerdex::trec

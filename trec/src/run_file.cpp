#include "boilerdex/trec/run_file.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <numeric>
#include <ostream>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/plugin/byte_text.hpp"
#include "boilerdex/trec/parse_error.hpp"
#include "text_input_internal.hpp"

namespace boilerdex::trec {

namespace {

void check_tag(std::string_view tag) {
  if (tag.empty()) throw UsageError("run tag is empty");
  if (std::any_of(tag.begin(), tag.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; })) {
    throw UsageError("run tag '" + std::string(tag) + "' contains whitespace");
  }
}

/// Reads a score as C's atof would for well-formed numbers (leading '+' allowed).
bool parse_score(std::string_view text, double& value) noexcept {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  const auto [end, error] = std::from_chars(first, last, value);
  return error == std::errc{} && end == last && !std::isnan(value);
}

/// The ordering trec_eval evaluates in (form_res_rels.c, comp_sim_docno): score
/// descending, then docno descending by strcmp (byte order, as std::string_view compares).
bool evaluation_order(const RunEntry& a, const RunEntry& b) noexcept {
  if (a.score != b.score) return a.score > b.score;
  return a.docno > b.docno;
}

}  // namespace

// Format as trec_eval 10.0's get_trec_results.c reads it: `qid iter docno rank sim run_id`,
// anything after run_id ignored, iter and rank not interpreted, blank and '#' lines
// skipped, run_id kept from the last line only.
Run parse_run(std::string_view text, const std::string& source) {
  Run run;
  // Line numbers of each topic's entries, parallel to Run::topics' vectors, for the
  // duplicate check after reading (no per-line allocation beyond the entry itself).
  std::map<std::string, std::vector<std::size_t>, std::less<>> line_numbers;
  detail::LineReader lines(text);
  std::string_view line;
  std::array<std::string_view, 6> fields;
  while (lines.next(line)) {
    if (detail::is_blank_or_comment(line)) continue;
    const std::size_t n = detail::split_fields(line, fields.data(), fields.size());
    if (n < 6) {
      throw ParseError(source, lines.line_number(),
                       "expected 6 fields (qid Q0 docno rank score tag), found " + std::to_string(n));
    }
    RunEntry entry;
    if (!parse_score(fields[4], entry.score)) {
      throw ParseError(source, lines.line_number(), "score '" + std::string(fields[4]) + "' is not a number");
    }
    long rank = 0;
    const auto [end, error] = std::from_chars(fields[3].data(), fields[3].data() + fields[3].size(), rank);
    entry.rank = (error == std::errc{} && end == fields[3].data() + fields[3].size()) ? rank : 0;
    // A control byte splits or ends the field in trec_eval's reading (a NUL ends its C
    // string), and write_run_file refuses such a DOCNO: refuse it here too, naming the line.
    if (const std::string defect = indexer::docno_defect(fields[2]); !defect.empty()) {
      throw ParseError(source, lines.line_number(),
                       "DOCNO '" + plugin::printable_bytes(fields[2]) + "' contains " + defect);
    }
    entry.docno.assign(fields[2]);
    auto topic = run.topics.find(fields[0]);
    if (topic == run.topics.end()) topic = run.topics.emplace(std::string(fields[0]), std::vector<RunEntry>{}).first;
    topic->second.push_back(std::move(entry));
    auto numbers = line_numbers.find(fields[0]);
    if (numbers == line_numbers.end()) numbers = line_numbers.emplace(std::string(fields[0]), std::vector<std::size_t>{}).first;
    numbers->second.push_back(lines.line_number());
    run.tag.assign(fields[5]);
  }
  std::vector<std::size_t> order;
  for (const auto& topic : run.topics) {
    // Named references, not a structured binding: Clang before 16 cannot capture those.
    const std::string& qid = topic.first;
    const std::vector<RunEntry>& entries = topic.second;
    order.resize(entries.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&entries](std::size_t a, std::size_t b) {
      return entries[a].docno != entries[b].docno ? entries[a].docno < entries[b].docno : a < b;
    });
    for (std::size_t i = 1; i < order.size(); ++i) {
      if (entries[order[i]].docno == entries[order[i - 1]].docno) {
        const auto& numbers = line_numbers.find(qid)->second;
        throw ParseError(source, numbers[order[i]],
                         "document " + entries[order[i]].docno + " retrieved twice for topic " + qid +
                             " (first on line " + std::to_string(numbers[order[i - 1]]) + ")");
      }
    }
  }
  return run;
}

Run read_run(const std::filesystem::path& path) {
  const std::string text = detail::read_text_file(path);
  return parse_run(text, path.string());
}

namespace {

/// Refuses a run that holds a DOCNO the file cannot carry (an index set built before
/// boilerdex-index skipped them), before a line is written.
void check_docnos(const Run& run) {
  for (const auto& [qid, entries] : run.topics) {
    for (const RunEntry& entry : entries) {
      if (const std::string defect = indexer::docno_defect(entry.docno); !defect.empty())
        throw Error("DOCNO '" + plugin::printable_bytes(entry.docno) + "' (topic " + qid + ") contains " + defect +
                    ": trec_eval would read the run line as other fields; rebuild the index set (boilerdex-index "
                    "now skips such documents as bad-docno)");
    }
  }
}

}  // namespace

void write_run_file(std::ostream& out, const Run& run) {
  check_tag(run.tag);
  check_docnos(run);
  std::array<char, 64> score;
  for (const auto& [qid, entries] : run.topics) {
    if (entries.empty()) {
      out << qid << " Q0 " << no_result_docno << " 1 0 " << run.tag << '\n';
      continue;
    }
    long rank = 0;
    for (const RunEntry& entry : entries) {
      // Shortest text that reads back to the same double: the file evaluates as the Run.
      const auto result = std::to_chars(score.data(), score.data() + score.size(), entry.score);
      out << qid << " Q0 " << entry.docno << ' ' << ++rank << ' '
          << std::string_view(score.data(), static_cast<std::size_t>(result.ptr - score.data())) << ' ' << run.tag
          << '\n';
    }
  }
}

void write_run_file(const std::filesystem::path& path, const Run& run) {
  check_tag(run.tag);
  check_docnos(run);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw ParseError(path.string(), 0, "cannot open for writing");
  write_run_file(out, run);
  out.flush();
  if (!out) throw ParseError(path.string(), 0, "write error");
}

query::SearchOptions run_search_options() {
  query::SearchOptions options;
  options.syntax = query::QuerySyntax::Plain;
  options.snippets = false;
  return options;
}

Run write_run(const query::Searcher& searcher, const std::vector<Topic>& topics, TopicField field, std::size_t k,
              const std::string& tag, const query::SearchOptions& options) {
  check_tag(tag);
  if (k == 0) throw UsageError("a run needs k >= 1 results per topic");
  query::SearchOptions run_options = options;
  run_options.k = k;
  run_options.offset = 0;
  run_options.snippets = false;
  Run run;
  run.tag = tag;
  for (const Topic& topic : topics) {
    std::vector<RunEntry>& entries = run.topics[topic.number];
    const std::string text = topic_query(topic, field);
    if (text.empty()) continue;
    query::SearchResult result = searcher.search(text, run_options);
    entries.reserve(result.hits.size());
    for (query::SearchHit& hit : result.hits) {
      entries.push_back(RunEntry{std::move(hit.docno), hit.score, 0});
    }
    std::sort(entries.begin(), entries.end(), evaluation_order);
    long rank = 0;
    for (RunEntry& entry : entries) entry.rank = ++rank;
  }
  return run;
}

}  // namespace boilerdex::trec

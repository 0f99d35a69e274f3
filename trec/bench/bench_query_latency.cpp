// Query latency over a topic set against one view: median and p99 per query, for the
// interactive case (top 10 with URL, title and snippet) and the run case (top 1000,
// DOCNO only). Each configuration runs --passes times over all topics after one warm-up
// pass; every query's time is kept, so p99 is taken over topics x passes samples.
// Not a test: build with -DBOILERDEX_BUILD_BENCHMARKS=ON.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include <time.h>

#include <CLI/CLI.hpp>

#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/run_file.hpp"
#include "boilerdex/trec/topics.hpp"

namespace {

using namespace boilerdex;

/// This thread's CPU time: unlike wall time, not inflated when a loaded machine
/// preempts the benchmark (the shared 2-core machines here often run at load 8+).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> samples, double p) {
  std::sort(samples.begin(), samples.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(samples.size() - 1) + 0.5);
  return samples[std::min(index, samples.size() - 1)];
}

void measure(const char* label, const query::Searcher& searcher, const std::vector<std::string>& queries,
             const query::SearchOptions& options, int passes) {
  std::size_t hits = 0;
  for (const std::string& q : queries) hits += searcher.search(q, options).hits.size();  // warm-up
  std::vector<double> wall, cpu;
  for (int pass = 0; pass < passes; ++pass) {
    for (const std::string& q : queries) {
      const double cpu_start = thread_cpu_ms();
      const auto start = std::chrono::steady_clock::now();
      const query::SearchResult result = searcher.search(q, options);
      const auto stop = std::chrono::steady_clock::now();
      cpu.push_back(thread_cpu_ms() - cpu_start);
      wall.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
      hits += result.hits.size();
    }
  }
  std::printf("%-32s %zu queries x %d: wall median %.3f ms p99 %.3f ms | cpu median %.3f ms p99 %.3f ms"
              " (%zu hits)\n",
              label, queries.size(), passes, percentile(wall, 0.5), percentile(wall, 0.99), percentile(cpu, 0.5),
              percentile(cpu, 0.99), hits);
}

}  // namespace

int main(int argc, char** argv) {
  return config::run_tool("bench_query_latency", [&]() -> int {
    CLI::App app{"Per-query latency of boilerdex search over a topic set"};
    std::filesystem::path index, topics_file;
    std::string view = "all", field = "title";
    int passes = 5;
    app.add_option("--index", index, "index-set directory")->required();
    app.add_option("--view", view, "view name");
    app.add_option("--topics", topics_file, "topic file")->required();
    app.add_option("--field", field, "title, desc, narr or title+desc");
    app.add_option("--passes", passes, "timed passes over the topics")->check(CLI::PositiveNumber);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }
    const auto topics = trec::read_topics(topics_file);
    const trec::TopicField topic_field = trec::parse_topic_field(field);
    std::vector<std::string> queries;
    for (const trec::Topic& topic : topics) queries.push_back(trec::topic_query(topic, topic_field));
    const query::IndexSet set = query::IndexSet::open(index);
    const query::Searcher searcher(set, set.view(view));
    std::printf("view %s, %u documents, %zu topics (%s)\n", searcher.view().view.spec().c_str(),
                searcher.database().get_doccount(), queries.size(), field.c_str());
    query::SearchOptions interactive;  // top 10, URL, title, snippet, full query syntax
    measure("interactive: top 10 + snippets", searcher, queries, interactive, passes);
    query::SearchOptions run = trec::run_search_options();  // plain words, DOCNO only
    run.k = 1000;
    measure("run: top 1000, docno only", searcher, queries, run, passes);
    return 0;
  });
}

// boilerdex-index: read a collection once, write one Xapian database per view.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/shards.hpp"
#if defined(BOILERDEX_BOILERNET_MODULE)
#include "boilerdex/boilernet/extractor.hpp"  // boilernet:MODEL, when built with libtorch
#endif

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-index", [&]() -> int {
#if defined(BOILERDEX_BOILERNET_MODULE)
    boilerdex::plugin::boilernet::register_boilernet_module(BOILERDEX_BOILERNET_MODULE);
#endif
    using namespace boilerdex;
    CLI::App app{"Index a web collection into parallel Xapian views (one per block-selection rule)"};
    config::add_version_flag(app, "boilerdex-index");
    std::string config_file, format, language, stem_strategy, stopwords_file;
    std::vector<std::string> inputs, views;
    std::string out, shard;
    std::vector<std::string> merge;
    bool resume = false, overwrite = false, strict = false, no_positions = false, no_title = false, quiet = false;
    bool sweep_positions = false, sweep_termlists = false, sync_commits = false;
    std::optional<unsigned> threads;
    std::optional<std::uint64_t> commit_interval, max_page_bytes, snippet_bytes, auto_sample;
    app.add_option("--config", config_file, "TOML configuration file")->check(CLI::ExistingFile);
    auto* in = app.add_option("--input", inputs, "collection files or directories (sorted order)");
    app.add_option("--format", format, "input format")->check(CLI::IsMember({"trec", "warc", "files"}));
    app.add_option("--out", out, "index-set directory");
    app.add_option("--view", views,
                   "view spec(s): all, min-words:K[,K..|A..B], min-words:auto, min-density:D, extractor:NAME");
    config::add_count_option(app, "--auto-sample", auto_sample,
                             "documents min-words:auto fits its threshold on (default 2000)", config::k_document_range);
    auto* r = app.add_flag("--resume", resume, "continue an interrupted run from its last commit");
    app.add_flag("--overwrite", overwrite, "delete an existing index set first")->excludes(r);
    app.add_flag("--strict", strict, "stop at the first skipped document");
    config::add_threads_option(app, threads, "parse/classify threads (0: all cores)", "--threads,--jobs");
    auto* sh = app.add_option("--shard", shard, "build shard I of S (I/S): the input files at positions I, I+S, ...");
    app.add_option("--merge-shards", merge, "merge these shard index sets into --out (stub databases)")
        ->excludes(sh)
        ->excludes(in)
        ->excludes(r);
    config::add_count_option(app, "--commit-interval", commit_interval, "documents between commits",
                             config::k_commit_interval_range);
    config::add_count_option(app, "--max-page-bytes", max_page_bytes, "skip larger pages", config::k_page_bytes_range);
    config::add_count_option(app, "--snippet-bytes", snippet_bytes,
                             "kept text stored per document for snippets (0: none)", config::k_snippet_bytes_range);
    app.add_option("--language", language, "stemming language (Xapian::Stem), or none");
    app.add_option("--stem-strategy", stem_strategy, "none|some|all|all_z|some_full_pos");
    app.add_option("--stopwords", stopwords_file, "stopword file, one word per line")->check(CLI::ExistingFile);
    app.add_flag("--no-positions", no_positions, "do not store term positions");
    app.add_flag("--sweep-positions", sweep_positions, "store positions in min-words/min-density views too");
    app.add_flag("--sweep-termlists", sweep_termlists, "store termlists in min-words/min-density views too");
    app.add_flag("--sync-commits", sync_commits, "fsync every commit (survives power loss, slower)");
    app.add_flag("--no-title", no_title, "do not index titles");
    app.add_flag("-q,--quiet", quiet, "no progress display");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }

    if (!merge.empty()) {
      if (out.empty()) throw UsageError("--merge-shards needs --out DIR");
      const std::vector<std::filesystem::path> dirs(merge.begin(), merge.end());
      const indexer::Manifest m = indexer::merge_shards(
          dirs, out, overwrite ? indexer::ExistingOutput::Overwrite : indexer::ExistingOutput::Refuse);
      if (!quiet)
        std::cerr << "merged " << m.shards.size() << " shards (" << m.documents << " documents, " << m.views.size()
                  << " views) into " << out << "\n";
      return 0;
    }

    config::Config c = config_file.empty() ? config::Config{} : config::load_config(config_file);
    if (!inputs.empty()) c.collection.inputs.assign(inputs.begin(), inputs.end());
    if (!format.empty()) c.collection.format = format;
    if (!out.empty()) c.indexing.output = out;
    if (!views.empty()) c.views.specs = views;
    if (!language.empty()) c.indexing.language = language;
    if (!stem_strategy.empty()) c.indexing.stem_strategy = stem_strategy;
    if (!stopwords_file.empty()) c.indexing.stopwords_file = stopwords_file;
    if (threads) c.indexing.threads = *threads;
    if (commit_interval) c.indexing.commit_interval = *commit_interval;
    if (max_page_bytes) c.collection.max_page_bytes = *max_page_bytes;
    if (snippet_bytes) c.indexing.snippet_bytes = *snippet_bytes;
    if (strict) c.indexing.strict = true;
    if (no_positions) c.indexing.positions = false;
    if (sweep_positions) c.indexing.sweep_positions = true;
    if (sweep_termlists) c.indexing.sweep_termlists = true;
    if (sync_commits) c.indexing.sync_commits = true;
    if (auto_sample) c.indexing.auto_sample_documents = *auto_sample;
    if (no_title) c.indexing.index_title = false;

    indexer::IndexOptions options = indexer::index_options_from_config(c);
    if (!shard.empty()) {
      const indexer::ShardSpec s = indexer::parse_shard_spec(shard);
      options.shard_index = s.index;
      options.shard_count = s.count;
    }
    options.existing = resume ? indexer::ExistingOutput::Resume
                              : overwrite ? indexer::ExistingOutput::Overwrite : indexer::ExistingOutput::Refuse;
    const auto sink = indexer::make_terminal_progress(std::cerr, !quiet && ::isatty(STDERR_FILENO));
    (void)indexer::build_index_set(options, sink.get());  // the sink prints the summary
    return 0;
  });
}

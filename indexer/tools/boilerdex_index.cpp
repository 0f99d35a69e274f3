// boilerdex-index: read a collection once, write one Xapian database per view.
#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/defaults.hpp"
#include "boilerdex/config/option_groups.hpp"
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
    // Options that set one configuration key each are declared with it (ConfigOverrides)
    // and applied over the --config file in one call.
    using config::Config;
    using config::CollectionConfig;
    using config::IndexingConfig;
    config::ConfigOverrides set;
    std::string config_file, out, shard;
    std::vector<std::string> merge;
    bool resume = false, overwrite = false, quiet = false;
    app.add_option("--config", config_file, "TOML configuration file")->check(CLI::ExistingFile);
    auto* in = set.add_option<std::vector<std::string>>(app, "--input", &Config::collection, &CollectionConfig::inputs,
                                                        "collection files or directories (sorted order)");
    set.add_option(app, "--format", &Config::collection, &CollectionConfig::format, "input format")
        ->check(CLI::IsMember({"trec", "warc", "files"}));
    app.add_option("--out", out, "index-set directory");  // also --merge-shards' output
    set.add_option(app, "--view", &Config::views, &config::ViewsConfig::specs,
                   "view spec(s): all, min-words:K[,K..|A..B], min-words:auto, min-density:D, extractor:NAME");
    set.add_count_option(app, "--auto-sample", &Config::indexing, &IndexingConfig::auto_sample_documents,
                         "documents min-words:auto fits its threshold on (default " +
                             std::to_string(config::defaults::auto_sample_documents) + ")",
                         config::k_document_range);
    auto* r = app.add_flag("--resume", resume, "continue an interrupted run from its last commit");
    app.add_flag("--overwrite", overwrite, "delete an existing index set first")->excludes(r);
    set.add_flag(app, "--strict", &Config::indexing, &IndexingConfig::strict, true, "stop at the first skipped document");
    set.add_count_option(app, "--threads,--jobs", &Config::indexing, &IndexingConfig::threads,
                         "parse/classify threads (0: all cores)", config::k_thread_range);
    auto* sh = app.add_option("--shard", shard, "build shard I of S (I/S): the input files at positions I, I+S, ...");
    app.add_option("--merge-shards", merge, "merge these shard index sets into --out (stub databases)")
        ->excludes(sh)
        ->excludes(in)
        ->excludes(r);
    set.add_count_option(app, "--commit-interval", &Config::indexing, &IndexingConfig::commit_interval,
                         "documents between commits", config::k_commit_interval_range);
    set.add_count_option(app, "--max-page-bytes", &Config::collection, &CollectionConfig::max_page_bytes,
                         "skip larger pages", config::k_page_bytes_range);
    set.add_count_option(app, "--snippet-bytes", &Config::indexing, &IndexingConfig::snippet_bytes,
                         "kept text stored per document for snippets (0: none)", config::k_snippet_bytes_range);
    set.add_option(app, "--language", &Config::indexing, &IndexingConfig::language,
                   "stemming language (Xapian::Stem), or none");
    set.add_option(app, "--stemmer", &Config::indexing, &IndexingConfig::stemmer,
                   "fixed: every page in --language; auto: each page in its declared language (--language when none)")
        ->check(CLI::IsMember({"fixed", "auto"}));
    set.add_flag(app, "--builtin-stopwords", &Config::indexing, &IndexingConfig::builtin_stopwords, true,
                 "stop the words of boilerdex's own list for the language (each page's with --stemmer auto)");
    set.add_option(app, "--stem-strategy", &Config::indexing, &IndexingConfig::stem_strategy,
                   "none|some|all|all_z|some_full_pos");
    set.add_option<std::string>(app, "--stopwords", &Config::indexing, &IndexingConfig::stopwords_file,
                                "stopword file, one word per line")
        ->check(CLI::ExistingFile);
    set.add_flag(app, "--no-positions", &Config::indexing, &IndexingConfig::positions, false,
                 "do not store term positions");
    set.add_flag(app, "--sweep-positions", &Config::indexing, &IndexingConfig::sweep_positions, true,
                 "store positions in min-words/min-density views too");
    set.add_flag(app, "--sweep-termlists", &Config::indexing, &IndexingConfig::sweep_termlists, true,
                 "store termlists in min-words/min-density views too");
    set.add_flag(app, "--sync-commits", &Config::indexing, &IndexingConfig::sync_commits, true,
                 "fsync every commit (survives power loss, slower)");
    set.add_flag(app, "--no-title", &Config::indexing, &IndexingConfig::index_title, false, "do not index titles");
    set.add_flag(app, "--no-cjk-ngram", &Config::indexing, &IndexingConfig::cjk_ngram, false,
                 "index Chinese, Japanese and Korean runs whole, not as character n-grams");
    config::add_quiet_flag(app, quiet);
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
    set.apply(c);
    if (!out.empty()) c.indexing.output = out;

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

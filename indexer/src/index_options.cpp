#include "boilerdex/indexer/index_options.hpp"

#include <fstream>

#include "boilerdex/config/error.hpp"

namespace boilerdex::indexer {

std::string_view input_format_name(InputFormat format) noexcept {
  switch (format) {
    case InputFormat::Trec: return "trec";
    case InputFormat::Warc: return "warc";
    case InputFormat::Files: return "files";
  }
  return "trec";
}

InputFormat parse_input_format(std::string_view name) {
  if (name == "trec") return InputFormat::Trec;
  if (name == "warc") return InputFormat::Warc;
  if (name == "files") return InputFormat::Files;
  throw UsageError("unknown input format '" + std::string(name) + "' (expected trec, warc or files)");
}

IndexOptions index_options_from_config(const config::Config& c, ExtractorNames names) {
  config::validate(c);
  IndexOptions o;
  o.inputs = c.collection.inputs;
  o.format = parse_input_format(c.collection.format);
  o.out_dir = c.indexing.output;
  for (const std::string& spec : c.views.specs)
    for (ViewSpec& v : parse_view_specs(spec, names)) o.views.push_back(std::move(v));
  o.terms.language = c.indexing.language;
  o.terms.stem_strategy = c.indexing.stem_strategy;
  o.terms.stopwords = c.indexing.stopwords;
  if (!c.indexing.stopwords_file.empty()) {
    std::ifstream in(c.indexing.stopwords_file);
    if (!in)
      throw ConfigError(c.source.string(), 0, 0, "indexing.stopwords_file",
                        "cannot read '" + c.indexing.stopwords_file.string() + "'");
    std::string line;
    while (std::getline(in, line)) {
      const std::size_t hash = line.find('#');
      if (hash != std::string::npos) line.erase(hash);
      const std::size_t b = line.find_first_not_of(" \t\r");
      const std::size_t e = line.find_last_not_of(" \t\r");
      if (b != std::string::npos) o.terms.stopwords.push_back(line.substr(b, e - b + 1));
    }
  }
  o.terms.positions = c.indexing.positions;
  o.terms.sweep_positions = c.indexing.sweep_positions;
  o.terms.sweep_termlists = c.indexing.sweep_termlists;
  o.sync_commits = c.indexing.sync_commits;
  o.auto_sample_documents = c.indexing.auto_sample_documents;
  o.terms.index_title = c.indexing.index_title;
  o.terms.cjk_ngram = c.indexing.cjk_ngram;
  o.limits = plugin::segment_limits_from_config(c);
  o.max_page_bytes = c.collection.max_page_bytes;
  o.commit_interval = c.indexing.commit_interval;
  o.max_pending_postings = c.indexing.max_pending_postings;
  o.threads = c.indexing.threads;
  o.strict = c.indexing.strict;
  o.snippet_bytes = c.indexing.snippet_bytes;
  o.config_toml = config::to_toml(c);
  return o;
}

}  // namespace boilerdex::indexer

#include "boilerdex/indexer/index_options.hpp"

#include "boilerdex/config/error.hpp"
#include "boilerdex/config/stopword_lists.hpp"
#include "boilerdex/indexer/stem_language.hpp"

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

namespace {

/// `stopwords = "auto"`: the built-in list of the configured language, and with per-page
/// stemming the list of every language Xapian stems that has one.
void add_builtin_stopwords(const config::Config& c, TermSettings& terms) {
  const std::string fallback = stemmer_for_language(c.indexing.language);
  if (!fallback.empty()) terms.stopwords = config::builtin_stopwords(fallback);
  else if (!terms.stem_per_language)
    throw ConfigError(c.source.string(), 0, 0, "indexing.stopwords",
                      "\"auto\" picks the built-in list of indexing.language, and '" + c.indexing.language +
                          "' has none (set a language, or stemmer = \"auto\")");
  if (!terms.stem_per_language) return;
  for (const std::string& language : config::builtin_stopword_languages())
    if (stemmer_for_language(language) == language)
      terms.language_stopwords[language] = config::builtin_stopwords(language);
}

}  // namespace

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
  o.terms.stem_per_language = c.indexing.stemmer == "auto";
  o.terms.stopwords = c.indexing.stopwords;
  if (c.indexing.builtin_stopwords) add_builtin_stopwords(c, o.terms);
  if (!c.indexing.stopwords_file.empty()) {
    std::vector<std::string> extra;
    try {
      extra = config::read_stopword_file(c.indexing.stopwords_file);
    } catch (const ConfigError& e) {
      throw ConfigError(c.source.string(), 0, 0, "indexing.stopwords_file", e.what());
    }
    o.terms.stopwords.insert(o.terms.stopwords.end(), extra.begin(), extra.end());
    for (auto& [language, list] : o.terms.language_stopwords) list.insert(list.end(), extra.begin(), extra.end());
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
  o.max_view_pending_postings = c.indexing.max_view_pending_postings;
  o.threads = c.indexing.threads;
  o.strict = c.indexing.strict;
  o.snippet_bytes = c.indexing.snippet_bytes;
  o.config_toml = config::to_toml(c);
  return o;
}

}  // namespace boilerdex::indexer

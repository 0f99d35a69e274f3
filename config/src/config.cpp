#include "boilerdex/config/config.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <toml++/toml.h>

#include "boilerdex/config/count_ranges.hpp"
#include "boilerdex/config/error.hpp"

namespace boilerdex::config {
namespace {

constexpr std::string_view known_formats[] = {"trec", "warc", "files"};
constexpr std::string_view known_stem_strategies[] = {"none", "some", "all", "all_z", "some_full_pos"};
constexpr std::string_view known_stemmers[] = {"fixed", "auto"};
constexpr std::string_view known_fields[] = {"title", "desc", "narr"};

template <std::size_t N>
bool is_one_of(std::string_view value, const std::string_view (&allowed)[N]) {
  for (auto a : allowed)
    if (a == value) return true;
  return false;
}

template <std::size_t N>
std::string list_of(const std::string_view (&allowed)[N]) {
  std::string out;
  for (auto a : allowed) {
    if (!out.empty()) out += ", ";
    out += a;
  }
  return out;
}

std::string_view type_name(toml::node_type t) {
  switch (t) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    default: return "nothing";
  }
}

/// Reads the keys of one table, knowing the file name and base directory for errors and
/// path resolution.
class TableReader {
 public:
  TableReader(std::string file, std::filesystem::path base_dir)
      : m_file(std::move(file)), m_base_dir(std::move(base_dir)) {}

  [[noreturn]] void fail(const toml::source_region& where, const std::string& key,
                         const std::string& message) const {
    throw ConfigError(m_file, where.begin.line, where.begin.column, key, message);
  }

  [[noreturn]] void wrong_type(const toml::node& node, const std::string& key, std::string_view expected) const {
    fail(node.source(), key,
         "expected " + std::string(expected) + ", got " + std::string(type_name(node.type())));
  }

  std::string get_string(const toml::node& node, const std::string& key) const {
    const auto* v = node.as_string();
    if (!v) wrong_type(node, key, "a string");
    return v->get();
  }

  std::filesystem::path get_path(const toml::node& node, const std::string& key) const {
    std::filesystem::path p = get_string(node, key);
    if (p.empty()) return p;
    if (p.is_relative() && !m_base_dir.empty()) p = (m_base_dir / p).lexically_normal();
    return p;
  }

  bool get_bool(const toml::node& node, const std::string& key) const {
    const auto* v = node.as_boolean();
    if (!v) wrong_type(node, key, "a boolean");
    return v->get();
  }

  /// An integer in [min, max].
  std::uint64_t get_uint(const toml::node& node, const std::string& key, CountRange range) const {
    return get_uint(node, key, range.min, range.max);
  }
  std::uint64_t get_uint(const toml::node& node, const std::string& key, std::uint64_t min,
                         std::uint64_t max = std::numeric_limits<std::int64_t>::max()) const {
    const auto* v = node.as_integer();
    if (!v) wrong_type(node, key, "an integer");
    const std::int64_t x = v->get();
    if (x < 0 || static_cast<std::uint64_t>(x) < min || static_cast<std::uint64_t>(x) > max)
      fail(node.source(), key,
           "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " +
               std::to_string(x));
    return static_cast<std::uint64_t>(x);
  }

  /// A number (integer or float) in [min, max].
  double get_double(const toml::node& node, const std::string& key, double min, double max) const {
    double x = 0;
    if (const auto* i = node.as_integer())
      x = static_cast<double>(i->get());
    else if (const auto* f = node.as_floating_point())
      x = f->get();
    else
      wrong_type(node, key, "a number");
    if (!(x >= min && x <= max)) {
      std::ostringstream os;
      os << "must be between " << min << " and " << max << ", got " << x;
      fail(node.source(), key, os.str());
    }
    return x;
  }

  std::vector<std::string> get_strings(const toml::node& node, const std::string& key) const {
    const auto* arr = node.as_array();
    if (!arr) {
      // A single string is accepted where a list is expected: specs = "all".
      if (node.is_string()) return {get_string(node, key)};
      wrong_type(node, key, "an array of strings");
    }
    std::vector<std::string> out;
    out.reserve(arr->size());
    for (std::size_t i = 0; i < arr->size(); ++i)
      out.push_back(get_string(*arr->get(i), key + '[' + std::to_string(i) + ']'));
    return out;
  }

  std::vector<std::filesystem::path> get_paths(const toml::node& node, const std::string& key) const {
    std::vector<std::filesystem::path> out;
    if (const auto* arr = node.as_array()) {
      for (std::size_t i = 0; i < arr->size(); ++i)
        out.push_back(get_path(*arr->get(i), key + '[' + std::to_string(i) + ']'));
    } else if (node.is_string()) {
      out.push_back(get_path(node, key));
    } else {
      wrong_type(node, key, "an array of strings");
    }
    return out;
  }

  template <std::size_t N>
  std::string get_choice(const toml::node& node, const std::string& key,
                         const std::string_view (&allowed)[N]) const {
    std::string v = get_string(node, key);
    if (!is_one_of(v, allowed)) fail(node.source(), key, "'" + v + "' is not one of " + list_of(allowed));
    return v;
  }

  /// Calls \p on_key(name, node, dotted) for every key of \p table under \p section;
  /// \p on_key returns false for an unknown key.
  template <typename F>
  void each(const toml::table& table, std::string_view section, F&& on_key) const {
    for (const auto& [k, node] : table) {
      const std::string dotted = std::string(section) + '.' + std::string(k.str());
      if (!on_key(k.str(), node, dotted)) fail(k.source(), dotted, "unknown key");
    }
  }

 private:
  std::string m_file;
  std::filesystem::path m_base_dir;
};

void read_collection(const TableReader& r, const toml::table& t, CollectionConfig& c) {
  r.each(t, "collection", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "inputs") c.inputs = r.get_paths(n, d);
    else if (k == "format") c.format = r.get_choice(n, d, known_formats);
    else if (k == "max_page_bytes") c.max_page_bytes = r.get_uint(n, d, k_page_bytes_range);
    else return false;
    return true;
  });
}

void read_extraction(const TableReader& r, const toml::table& t, ExtractionConfig& c) {
  r.each(t, "extraction", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "extractor") c.extractor = r.get_string(n, d);
    else if (k == "max_depth") c.max_depth = r.get_uint(n, d, 1);
    else if (k == "max_blocks") c.max_blocks = r.get_uint(n, d, 1);
    else if (k == "max_block_bytes") c.max_block_bytes = r.get_uint(n, d, 1);
    else if (k == "max_page_millis") c.max_page_millis = r.get_uint(n, d, 0);
    else return false;
    return true;
  });
}

void read_views(const TableReader& r, const toml::table& t, ViewsConfig& c) {
  r.each(t, "views", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "specs") c.specs = r.get_strings(n, d);
    else return false;
    return true;
  });
}

/// `stopwords`: an array of words, or "none", "auto" (the built-in lists) or a file's path.
void read_stopwords(const TableReader& r, const toml::node& n, const std::string& d, IndexingConfig& c) {
  c.stopwords.clear();
  c.builtin_stopwords = false;
  if (!n.is_string()) {
    c.stopwords = r.get_strings(n, d);
    return;
  }
  const std::string value = r.get_string(n, d);
  if (value == "auto") c.builtin_stopwords = true;
  else if (value == "none") return;
  else if (value.empty()) r.fail(n.source(), d, "expected \"none\", \"auto\", a file's path or an array of words");
  else c.stopwords_file = r.get_path(n, d);
}

void read_indexing(const TableReader& r, const toml::table& t, IndexingConfig& c) {
  r.each(t, "indexing", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "output") c.output = r.get_path(n, d);
    else if (k == "language") c.language = r.get_string(n, d);
    else if (k == "stem_strategy") c.stem_strategy = r.get_choice(n, d, known_stem_strategies);
    else if (k == "stemmer") c.stemmer = r.get_choice(n, d, known_stemmers);
    else if (k == "stopwords") read_stopwords(r, n, d, c);
    else if (k == "stopwords_file") c.stopwords_file = r.get_path(n, d);
    else if (k == "positions") c.positions = r.get_bool(n, d);
    else if (k == "sweep_positions") c.sweep_positions = r.get_bool(n, d);
    else if (k == "sweep_termlists") c.sweep_termlists = r.get_bool(n, d);
    else if (k == "sync_commits") c.sync_commits = r.get_bool(n, d);
    else if (k == "auto_sample_documents") c.auto_sample_documents = r.get_uint(n, d, k_document_range);
    else if (k == "index_title") c.index_title = r.get_bool(n, d);
    else if (k == "cjk_ngram") c.cjk_ngram = r.get_bool(n, d);
    else if (k == "commit_interval") c.commit_interval = r.get_uint(n, d, k_commit_interval_range);
    else if (k == "max_pending_postings") c.max_pending_postings = r.get_uint(n, d, 1);
    else if (k == "max_view_pending_postings") c.max_view_pending_postings = r.get_uint(n, d, 1);
    else if (k == "threads") c.threads = static_cast<unsigned>(r.get_uint(n, d, k_thread_range));
    else if (k == "strict") c.strict = r.get_bool(n, d);
    else if (k == "snippet_bytes") c.snippet_bytes = r.get_uint(n, d, k_snippet_bytes_range);
    else return false;
    return true;
  });
}

void read_search(const TableReader& r, const toml::table& t, SearchConfig& c) {
  r.each(t, "search", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "index") c.index = r.get_path(n, d);
    else if (k == "view") c.view = r.get_string(n, d);
    else if (k == "k") c.k = r.get_uint(n, d, k_result_range);
    else if (k == "bm25_k1") c.bm25_k1 = r.get_double(n, d, 0.0, 1e6);
    else if (k == "bm25_b") c.bm25_b = r.get_double(n, d, 0.0, 1.0);
    else return false;
    return true;
  });
}

/// "title", "desc", "narr" or a '+'-joined combination of them.
bool valid_field(std::string_view field) {
  if (field.empty()) return false;
  while (true) {
    const auto plus = field.find('+');
    if (!is_one_of(field.substr(0, plus), known_fields)) return false;
    if (plus == std::string_view::npos) return true;
    field.remove_prefix(plus + 1);
  }
}

void read_trec(const TableReader& r, const toml::table& t, TrecConfig& c) {
  r.each(t, "trec", [&](std::string_view k, const toml::node& n, const std::string& d) {
    if (k == "topics") c.topics = r.get_path(n, d);
    else if (k == "qrels") c.qrels = r.get_path(n, d);
    else if (k == "field") {
      c.field = r.get_string(n, d);
      if (!valid_field(c.field))
        r.fail(n.source(), d, "'" + c.field + "' is not title, desc, narr or a '+' combination of them");
    } else if (k == "k") c.k = r.get_uint(n, d, k_result_range);
    else if (k == "run_tag") {
      c.run_tag = r.get_string(n, d);
      if (c.run_tag.empty() || c.run_tag.find_first_of(" \t\n") != std::string::npos)
        r.fail(n.source(), d, "a run tag must be non-empty and without whitespace");
    } else if (k == "output_dir") c.output_dir = r.get_path(n, d);
    else if (k == "views") c.views = r.get_strings(n, d);
    else if (k == "bm25_k1") c.bm25_k1 = r.get_double(n, d, 0.0, 1e6);
    else if (k == "bm25_b") c.bm25_b = r.get_double(n, d, 0.0, 1.0);
    else if (k == "gold") c.gold = r.get_path(n, d);
    else return false;
    return true;
  });
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path.string(), 0, 0, "", "cannot open configuration file");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw ConfigError(path.string(), 0, 0, "", "cannot read configuration file");
  return std::move(ss).str();
}

// ---- to_toml -------------------------------------------------------------------------

toml::array to_array(const std::vector<std::string>& v) {
  toml::array a;
  for (const auto& s : v) a.push_back(s);
  return a;
}

toml::array to_array(const std::vector<std::filesystem::path>& v) {
  toml::array a;
  for (const auto& s : v) a.push_back(s.string());
  return a;
}

std::int64_t as_int(std::uint64_t v) { return static_cast<std::int64_t>(v); }

}  // namespace

Config parse_config(std::string_view toml_text, std::string_view source_name,
                    const std::filesystem::path& base_dir) {
  const std::string file(source_name);
  toml::table root;
  try {
    root = toml::parse(toml_text, source_name);
  } catch (const toml::parse_error& e) {
    throw ConfigError(file, e.source().begin.line, e.source().begin.column, "", std::string(e.description()));
  }

  Config config;
  const TableReader r(file, base_dir);
  for (const auto& [k, node] : root) {
    const std::string key(k.str());
    const auto* table = node.as_table();
    if (key != "collection" && key != "extraction" && key != "views" && key != "indexing" &&
        key != "search" && key != "trec")
      r.fail(k.source(), key,
             "unknown table (expected collection, extraction, views, indexing, search or trec)");
    if (!table) r.wrong_type(node, key, "a table");
    if (key == "collection") read_collection(r, *table, config.collection);
    else if (key == "extraction") read_extraction(r, *table, config.extraction);
    else if (key == "views") read_views(r, *table, config.views);
    else if (key == "indexing") read_indexing(r, *table, config.indexing);
    else if (key == "search") read_search(r, *table, config.search);
    else read_trec(r, *table, config.trec);
  }
  return config;
}

Config load_config(const std::filesystem::path& path) {
  const std::string text = read_file(path);
  Config config = parse_config(text, path.string(), path.parent_path());
  config.source = path;
  return config;
}

void validate(const Config& c) {
  auto fail = [](const std::string& key, const std::string& message) {
    throw ConfigError("", 0, 0, key, message);
  };
  if (!is_one_of(c.collection.format, known_formats))
    fail("collection.format", "'" + c.collection.format + "' is not one of " + list_of(known_formats));
  if (c.collection.max_page_bytes == 0) fail("collection.max_page_bytes", "must be at least 1");
  if (!is_one_of(c.indexing.stem_strategy, known_stem_strategies))
    fail("indexing.stem_strategy",
         "'" + c.indexing.stem_strategy + "' is not one of " + list_of(known_stem_strategies));
  if (!is_one_of(c.indexing.stemmer, known_stemmers))
    fail("indexing.stemmer", "'" + c.indexing.stemmer + "' is not one of " + list_of(known_stemmers));
  if (c.indexing.builtin_stopwords && !c.indexing.stopwords.empty())
    fail("indexing.stopwords", "\"auto\" (the built-in lists) and an inline list of words exclude each other");
  if (c.indexing.commit_interval == 0) fail("indexing.commit_interval", "must be at least 1");
  if (c.indexing.max_pending_postings == 0) fail("indexing.max_pending_postings", "must be at least 1");
  if (c.indexing.max_view_pending_postings == 0) fail("indexing.max_view_pending_postings", "must be at least 1");
  if (c.search.k == 0) fail("search.k", "must be at least 1");
  if (c.trec.k == 0) fail("trec.k", "must be at least 1");
  if (!valid_field(c.trec.field))
    fail("trec.field", "'" + c.trec.field + "' is not title, desc, narr or a '+' combination of them");
  if (!(c.search.bm25_b >= 0 && c.search.bm25_b <= 1)) fail("search.bm25_b", "must be between 0 and 1");
  if (!(c.trec.bm25_b >= 0 && c.trec.bm25_b <= 1)) fail("trec.bm25_b", "must be between 0 and 1");
  if (!(c.search.bm25_k1 >= 0)) fail("search.bm25_k1", "must be non-negative");
  if (!(c.trec.bm25_k1 >= 0)) fail("trec.bm25_k1", "must be non-negative");
}

std::string to_toml(const Config& c) {
  toml::table collection{{"inputs", to_array(c.collection.inputs)},
                         {"format", c.collection.format},
                         {"max_page_bytes", as_int(c.collection.max_page_bytes)}};
  toml::table extraction{{"extractor", c.extraction.extractor},
                         {"max_depth", as_int(c.extraction.max_depth)},
                         {"max_blocks", as_int(c.extraction.max_blocks)},
                         {"max_block_bytes", as_int(c.extraction.max_block_bytes)},
                         {"max_page_millis", as_int(c.extraction.max_page_millis)}};
  toml::table views{{"specs", to_array(c.views.specs)}};
  toml::table indexing{{"output", c.indexing.output.string()},
                       {"language", c.indexing.language},
                       {"stemmer", c.indexing.stemmer},
                       {"stem_strategy", c.indexing.stem_strategy},
                       {"stopwords_file", c.indexing.stopwords_file.string()},
                       {"positions", c.indexing.positions},
                       {"sweep_positions", c.indexing.sweep_positions},
                       {"sweep_termlists", c.indexing.sweep_termlists},
                       {"sync_commits", c.indexing.sync_commits},
                       {"auto_sample_documents", as_int(c.indexing.auto_sample_documents)},
                       {"index_title", c.indexing.index_title},
                       {"cjk_ngram", c.indexing.cjk_ngram},
                       {"commit_interval", as_int(c.indexing.commit_interval)},
                       {"max_pending_postings", as_int(c.indexing.max_pending_postings)},
                       {"max_view_pending_postings", as_int(c.indexing.max_view_pending_postings)},
                       {"threads", as_int(c.indexing.threads)},
                       {"strict", c.indexing.strict},
                       {"snippet_bytes", as_int(c.indexing.snippet_bytes)}};
  if (c.indexing.builtin_stopwords) indexing.insert("stopwords", "auto");
  else indexing.insert("stopwords", to_array(c.indexing.stopwords));
  toml::table search{{"index", c.search.index.string()},
                     {"view", c.search.view},
                     {"k", as_int(c.search.k)},
                     {"bm25_k1", c.search.bm25_k1},
                     {"bm25_b", c.search.bm25_b}};
  toml::table trec{{"topics", c.trec.topics.string()},
                   {"qrels", c.trec.qrels.string()},
                   {"field", c.trec.field},
                   {"k", as_int(c.trec.k)},
                   {"run_tag", c.trec.run_tag},
                   {"output_dir", c.trec.output_dir.string()},
                   {"views", to_array(c.trec.views)},
                   {"bm25_k1", c.trec.bm25_k1},
                   {"bm25_b", c.trec.bm25_b},
                   {"gold", c.trec.gold.string()}};
  // Insertion order is lost in toml::table (sorted map); write the tables in schema order.
  std::ostringstream os;
  const std::pair<std::string_view, const toml::table*> tables[] = {
      {"collection", &collection}, {"extraction", &extraction}, {"views", &views},
      {"indexing", &indexing},     {"search", &search},         {"trec", &trec}};
  bool first = true;
  for (const auto& [name, table] : tables) {
    if (!first) os << '\n';
    first = false;
    os << '[' << name << "]\n" << *table << '\n';
  }
  return std::move(os).str();
}

}  // namespace boilerdex::config

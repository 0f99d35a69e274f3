#pragma once
/// \file
/// The option groups several tools share (tool-side: CLI11 in the interface, not installed),
/// each written once so that their names, help texts and rules agree from tool to tool:
/// the view of an index set (`--view`, `--min-words`, `--min-density`: boilerdex-search,
/// boilerdex-trec run), the BM25 parameters (`--bm25`: boilerdex-search, boilerdex-trec run
/// and experiment), the progress switch (`-q,--quiet`), and ConfigOverrides, options that
/// each set one configuration key (boilerdex-index). Count options are in count_options.hpp.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"

namespace boilerdex::config {

/// One view of an index set as the command line names it: by name, or by the threshold of
/// a min-words or min-density view; at most one is given (query::ViewChoice takes them).
struct ViewOptions {
  std::string name;                 ///< --view; empty: not given
  std::optional<double> min_words;  ///< --min-words
  std::optional<double> min_density;  ///< --min-density
  /// Whether any of the three was given.
  [[nodiscard]] bool given() const noexcept { return !name.empty() || min_words || min_density; }
};

/// Registers `--view NAME`, `--min-words K` and `--min-density D` on \p app, bound to
/// \p view (which must outlive the parse); each excludes the other two.
inline void add_view_options(CLI::App& app, ViewOptions& view) {
  auto* by_name =
      app.add_option("--view", view.name, "view by name: all, min-words:10, min-density:7.5, extractor:article");
  auto* by_words = app.add_option("--min-words", view.min_words, "the min-words view with this threshold");
  auto* by_density = app.add_option("--min-density", view.min_density, "the min-density view with this threshold");
  by_name->excludes(by_words, by_density);
  by_words->excludes(by_density);
}

/// Registers `--bm25 K1,B` on \p app, bound to \p text (empty: not given), which the tool
/// reads with query::Bm25Parameters::parse. \p table names the configuration table whose
/// bm25_k1 and bm25_b it overrides ("search", "trec").
inline CLI::Option* add_bm25_option(CLI::App& app, std::string& text, const std::string& table) {
  return app.add_option("--bm25", text,
                        "BM25 k1,b (default [" + table + "] bm25_k1, bm25_b: Xapian's 1,0.5 unless configured)");
}

/// Registers `-q,--quiet` ("no progress display") on \p app, bound to \p quiet.
inline CLI::Option* add_quiet_flag(CLI::App& app, bool& quiet) {
  return app.add_flag("-q,--quiet", quiet, "no progress display");
}

/// Command-line options that each override one configuration key: declared once with the
/// key they set (a member of one of Config's tables), and applied to the loaded
/// configuration in one call, so that a main holds no list of `if (given) c.key = value`.
/// A string or list option counts as given when its value is not empty (`--out ""` is not
/// given); any other option when it appears. The object must outlive the parse; apply()
/// may then be called any number of times. Not thread-safe.
class ConfigOverrides {
 public:
  /// Registers `NAME VALUE` on \p app: when given, apply() sets (config.*table).*key to the
  /// value. \p Value is the type the command line is read as (default: the key's type; a
  /// std::vector<std::string> for a list of paths, so the help reads TEXT).
  template <class Value = void, class Table, class Key>
  CLI::Option* add_option(CLI::App& app, const std::string& name, Table Config::*table, Key Table::*key,
                          const std::string& description) {
    using Read = std::conditional_t<std::is_void_v<Value>, Key, Value>;
    if constexpr (is_text_or_list<Read>) {
      auto value = std::make_shared<Read>();
      m_apply.push_back([value, table, key](Config& c) {
        if (!value->empty()) (c.*table).*key = Key(value->begin(), value->end());
      });
      return app.add_option(name, *value, description);
    } else {
      auto value = std::make_shared<std::optional<Read>>();
      m_apply.push_back([value, table, key](Config& c) {
        if (*value) (c.*table).*key = static_cast<Key>(**value);
      });
      return app.add_option(name, *value, description);
    }
  }

  /// add_option checked with count_in(\p range) (count_options.hpp).
  template <class Value = void, class Table, class Key>
  CLI::Option* add_count_option(CLI::App& app, const std::string& name, Table Config::*table, Key Table::*key,
                                const std::string& description, CountRange range) {
    return add_option<Value>(app, name, table, key, description)->check(count_in(range));
  }

  /// Registers the flag \p name on \p app: when given, apply() sets (config.*table).*key
  /// to \p value (`--no-positions` sets positions to false).
  template <class Table>
  CLI::Option* add_flag(CLI::App& app, const std::string& name, Table Config::*table, bool Table::*key, bool value,
                        const std::string& description) {
    auto given = std::make_shared<bool>(false);
    m_apply.push_back([given, table, key, value](Config& c) {
      if (*given) (c.*table).*key = value;
    });
    return app.add_flag(name, *given, description);
  }

  /// Sets every key whose option was given, in the order the options were registered.
  /// Never throws (but std::bad_alloc).
  void apply(Config& config) const {
    for (const auto& set : m_apply) set(config);
  }

 private:
  template <class T>
  static constexpr bool is_text_or_list = std::is_same_v<T, std::string> || std::is_same_v<T, std::vector<std::string>>;

  std::vector<std::function<void(Config&)>> m_apply;
};

}  // namespace boilerdex::config

// boilerdex-search: query one view of an index set, or compare several side by side.
#include <iostream>

#include <CLI/CLI.hpp>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/count_options.hpp"
#include "boilerdex/config/option_groups.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "boilerdex/query/search_command.hpp"

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-search", [&]() -> int {
    using namespace boilerdex;
    CLI::App app{"Search one view of a boilerdex index set (BM25, Xapian query syntax)."};
    config::add_version_flag(app, "boilerdex-search");
    std::filesystem::path config_file, index;
    config::ViewOptions view;
    std::string bm25, format = "text", syntax = "full", compare;
    std::optional<std::size_t> k;
    std::vector<std::string> words;
    query::SearchFilters filters;
    std::string sort = "relevance";
    app.add_option("--config", config_file, "TOML configuration ([search] gives defaults)")->check(CLI::ExistingFile);
    app.add_option("--index", index, "index-set directory");
    config::add_view_options(app, view);
    config::add_count_option(app, "--k", k, "number of results (default 10)", config::k_result_range);
    config::add_bm25_option(app, bm25, "search");
    app.add_option("--format", format, "text or json")->check(CLI::IsMember({"text", "json"}));
    app.add_option("--syntax", syntax, "full (AND/OR/NOT, \"phrases\", +/-) or plain (words only)")
        ->check(CLI::IsMember({"full", "plain"}));
    app.add_option("--after", filters.after, "only pages dated on or after YYYY-MM-DD");
    app.add_option("--before", filters.before, "only pages dated on or before YYYY-MM-DD");
    app.add_option("--lang", filters.languages,
                   "only pages in these languages (en also finds en-GB; repeatable, a,b); in a set stemmed "
                   "per page language, the query is stemmed in the first")
        ->delimiter(',');
    app.add_option("--type", filters.page_types, "only pages of these types: article, forum, product, ... (a,b)")
        ->delimiter(',');
    app.add_option("--site", filters.sites, "only pages of this site name (repeatable; any case)");
    app.add_option("--sort", sort, "relevance (BM25) or date (newest first, undated last)")
        ->check(CLI::IsMember({"relevance", "date"}));
    app.add_option("--compare", compare, "comma-separated views to show side by side");
    app.add_option("query", words, "the query")->required();
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }
    config::Config cfg;
    if (!config_file.empty()) cfg = config::load_config(config_file);
    query::SearchCommand command;
    command.index = !index.empty() ? index : cfg.search.index;
    if (command.index.empty()) throw UsageError("--index is required (or [search] index in --config)");
    if (!view.name.empty()) command.view.name = view.name;
    else if (!config_file.empty() && !view.given()) command.view.name = cfg.search.view;
    command.view.min_words = view.min_words;
    command.view.min_density = view.min_density;
    for (std::size_t start = 0; !compare.empty() && start <= compare.size();) {
      const std::size_t comma = std::min(compare.find(',', start), compare.size());
      if (comma > start) command.compare.push_back(compare.substr(start, comma - start));
      start = comma + 1;
    }
    for (const std::string& word : words) command.query += (command.query.empty() ? "" : " ") + word;
    command.options.k = k.value_or(cfg.search.k);
    command.options.bm25.k1 = cfg.search.bm25_k1;
    command.options.bm25.b = cfg.search.bm25_b;
    if (!bm25.empty()) command.options.bm25 = query::Bm25Parameters::parse(bm25);
    command.options.syntax = syntax == "plain" ? query::QuerySyntax::Plain : query::QuerySyntax::Full;
    command.options.filters = std::move(filters);
    command.options.sort = sort == "date" ? query::SortOrder::Date : query::SortOrder::Relevance;
    command.format = query::parse_output_format(format);
    query::run_search_command(command, std::cout);
    return 0;
  });
}

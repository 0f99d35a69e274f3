// boilerdex-omindex-filter: a page in, HTML without its boilerplate out, for Omega's omindex:
//   omindex --db DB --url / --filter=text/html,html:boilerdex-omindex-filter DIR
// (the default extractor, best; -e NAME picks another, e.g. boilerpipe's article)
#include <CLI/CLI.hpp>
#include <iostream>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/config/tool_version.hpp"
#include "boilerdex/plugin/omindex_filter.hpp"
#include "boilerdex/plugin/segment_limits.hpp"

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-omindex-filter", [&]() -> int {
    using namespace boilerdex;
    CLI::App app{
        "Filter an HTML page for omindex: keep title and meta, drop or noindex the boilerplate"};
    config::add_version_flag(app, "boilerdex-omindex-filter");
    std::string config_file, extractor, handling = "drop", charset, robots = "obey", input;
    app.add_option("--config", config_file, "TOML configuration file ([extraction])")
        ->check(CLI::ExistingFile);
    app.add_option("-e,--extractor", extractor,
                   "extractor name (boilerdex-extract --list-extractors); default " +
                       std::string(config::k_default_extractor));
    app.add_option(
        "-b,--boilerplate", handling,
        "drop: write title, meta and content only; noindex: keep the page, wrap boilerplate in "
        "<!--htdig_noindex--> (default drop)");
    app.add_option("--charset", charset, "charset to assume for pages that declare none");
    app.add_option("--robots", robots,
                   "obey: exit 3 (omindex skips the file) for <meta name=robots content=noindex>, "
                   "as plain omindex skips it; ignore: index it (default obey)")
        ->check(CLI::IsMember({"obey", "ignore"}));
    app.add_option("input", input, "the page (omindex's %f), or - for stdin")->required();
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : plugin::k_filter_usage;
    }
    const config::Config c =
        config_file.empty() ? config::Config{} : config::load_config(config_file);
    plugin::OmindexFilterOptions options;
    options.extractor = extractor.empty() ? c.extraction.extractor : extractor;
    options.handling = plugin::parse_boilerplate_handling(handling);
    options.declared_charset = charset;
    options.obey_robots = robots == "obey";
    options.limits = plugin::segment_limits_from_config(c);
    std::ios::sync_with_stdio(false);
    const int status = plugin::run_omindex_filter(input, options, std::cout, std::cerr);
    std::cout.flush();
    return std::cout ? status : plugin::k_filter_unreadable;
  });
}

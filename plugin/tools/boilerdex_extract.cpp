// boilerdex-extract: the main text of web pages, with any boilerdex extractor.
#include <CLI/CLI.hpp>
#include <iostream>

#include "boilerdex/config/config.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/config/tool_main.hpp"
#include "boilerdex/plugin/page_extractor_batch.hpp"

int main(int argc, char** argv) {
  return boilerdex::config::run_tool("boilerdex-extract", [&]() -> int {
    using namespace boilerdex;
    CLI::App app{"Extract the main text of HTML pages (files, .html.gz, directories, - for stdin)"};
    std::string config_file, extractor, format = "text", charset, outdir;
    std::vector<std::string> inputs;
    bool list = false;
    std::size_t jobs = 1;
    app.add_option("--config", config_file, "TOML configuration file ([extraction])")->check(CLI::ExistingFile);
    app.add_option("-e,--extractor", extractor, "extractor name (see --list-extractors); default article");
    app.add_option("-f,--format", format, "output format: text, json, html, blocks, parse-blocks");
    app.add_option("--charset", charset, "charset the pages are declared in (as HTTP would say)");
    app.add_option("-o,--output", outdir, "write OUTDIR/<name>.txt|.json|.html|.tsv per page instead of stdout");
    app.add_option("-j,--jobs", jobs, "pages extracted in parallel (0: one per core); output order is kept");
    app.add_flag("--list-extractors", list, "list the extractor names and exit");
    app.add_option("inputs", inputs, "HTML files, .html.gz files, directories, or - for stdin");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return app.exit(e) == 0 ? 0 : 2;
    }
    if (list) {
      for (const auto& info : plugin::list_extractors()) std::cout << info.name << '\t' << info.description << '\n';
      return 0;
    }
    if (inputs.empty()) throw UsageError("no input given (a file, a directory, or - for stdin); see --help");

    const config::Config c = config_file.empty() ? config::Config{} : config::load_config(config_file);
    plugin::BatchOptions options;
    options.extractor = extractor.empty() ? c.extraction.extractor : extractor;
    options.format = plugin::parse_output_format(format);
    options.declared_charset = charset;
    options.output_dir = outdir;
    options.jobs = jobs;
    options.limits.max_depth = c.extraction.max_depth;
    options.limits.max_blocks = c.extraction.max_blocks;
    options.limits.max_block_bytes = c.extraction.max_block_bytes;
    std::ios::sync_with_stdio(false);
    const auto summary = plugin::extract_batch(inputs, options, std::cin, std::cout, std::cerr);
    if (summary.failed > 0) {
      std::cerr << "boilerdex-extract: " << summary.failed << " input(s) failed, " << summary.pages << " page(s) written\n";
      return 1;
    }
    return 0;
  });
}

// bench_extract: throughput of each stage of the extraction pipeline over a directory of
// HTML pages, against the floor (Gumbo's own parse with its default allocator) and,
// optionally, against Java boilerpipe 1.2 (boilerpipe-ref's `bp batch`) on the same pages.
//
//   bench_extract DIR [--passes 3] [--extractors article,default|all] [--charset UTF-8]
//                     [--bp /work/shared/tools/boilerpipe-ref/bp]
//
// Stages, each timed alone over every page (single thread; file reading not timed):
//   gumbo-malloc     gumbo_parse + gumbo_destroy_output, default malloc (the floor)
//   gumbo-arena      gumbo_parse with boilerdex's arena allocator
//   decode           decode_to_utf8 (charset decision + conversion)
//   lean             LeanHtml alone: the pre-pass that empties script, style and comment
//                    bodies before Gumbo (MB/s is its speed)
//   segment-whole    segment_html with Gumbo given the whole page (no pre-pass)
//   segment          segment_html (pre-pass, Gumbo, boilerpipe's handler)
//   metadata         read_page_metadata alone (the lexical metadata scan and its JSON-LD)
//   X                decode + segment + extractor X + content()  (what `bp batch X` does;
//                    the extractors take turns going first, page by page)
// Figures are from the last pass (earlier passes warm caches). Peak RSS is the process's
// maximum resident set (pages are read one at a time, so it is the working set).

#include <gumbo.h>
#include <sys/resource.h>
#include <time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../page/internal/arena.hpp"
#include "../page/internal/html_segmenter_internal.hpp"
#include "../page/internal/lean_html_internal.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_metadata.hpp"

namespace bp = boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Result {
  double seconds = 0;
  double bytes = 0;
  double pages = 0;
};

volatile std::size_t g_sink = 0;

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/// Runs `bp batch ArticleExtractor DIR OUT PASSES` and returns the last pass's pages/s
/// (0 when it could not be run or parsed).
double java_pages_per_second(const std::string& bp, const fs::path& dir, int passes,
                             std::string& line) {
  const fs::path out = fs::temp_directory_path() / "bench_extract_bp_out";
  const std::string cmd = "'" + bp + "' batch ArticleExtractor '" + dir.string() + "' '" +
                          out.string() + "' " + std::to_string(passes) + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return 0;
  char buf[4096];
  double pps = 0;
  while (std::fgets(buf, sizeof buf, pipe) != nullptr) {
    const std::string s(buf);
    const auto at = s.find(" pages/s");
    if (s.rfind("pass ", 0) != 0 || at == std::string::npos) continue;
    const auto space = s.rfind(' ', at - 1);  // "...: 23.4 pages/s, ..."
    pps = std::stod(s.substr(space + 1, at - space - 1));
    line = s.substr(0, s.size() - 1);
  }
  pclose(pipe);
  return pps;
}

// The extractors of --extractors: the list split at commas, except that a piece of the form
// KEY=VALUE (an '=' before any ':') goes on the option list of the extractor before it, so
// that "article,best:model=A.json,stacked_model=B.json" is two extractors.
std::vector<std::string> extractor_specs(const std::string& list) {
  std::vector<std::string> specs;
  std::stringstream ss(list);
  for (std::string piece; std::getline(ss, piece, ',');) {
    const std::size_t eq = piece.find('=');
    const bool option = eq != std::string::npos && piece.find(':') > eq;
    if (option && !specs.empty()) {
      specs.back() += "," + piece;
    } else {
      specs.push_back(piece);
    }
  }
  return specs;
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"Throughput of boilerdex's extraction stages over a directory of HTML pages"};
  std::string dir;
  int passes = 3;
  std::string extractors = "article";
  std::string charset = "UTF-8";
  std::string bp_path;
  app.add_option("dir", dir, "directory of *.html / *.htm pages (uncompressed)")
      ->required()
      ->check(CLI::ExistingDirectory);
  app.add_option("--passes", passes, "passes over the pages; the last one is reported")
      ->check(CLI::Range(1, 100));
  app.add_option("--extractors", extractors,
                 "comma-separated extractor names (a best:KEY=VALUE,KEY=VALUE list stays "
                 "one), or 'all', or 'none'");
  app.add_option("--charset", charset,
                 "declared charset for decode_to_utf8 ('' = sniff), as bp's --charset");
  std::string clock_name = "wall";
  app.add_option("--clock", clock_name,
                 "wall: elapsed time (the figures to report); cpu: this thread's CPU time, "
                 "for comparing builds on a loaded machine (excludes time waiting for a core)")
      ->check(CLI::IsMember({"wall", "cpu"}));
  app.add_option("--bp", bp_path,
                 "boilerpipe-ref's bp script: also time `bp batch ArticleExtractor`");
  CLI11_PARSE(app, argc, argv);

  std::vector<fs::path> pages;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (e.is_regular_file() && (ext == ".html" || ext == ".htm")) pages.push_back(e.path());
  }
  std::sort(pages.begin(), pages.end());
  if (pages.empty()) {
    std::cerr << "bench_extract: no .html/.htm files in " << dir << "\n";
    return 2;
  }

  // Gumbo-only stages parse the decoded text; each page is decoded once outside the timers.
  std::vector<std::string> names = {"gumbo-malloc", "gumbo-arena",   "decode",  "lean",
                                    "segment-whole", "segment",      "metadata"};
  constexpr std::size_t k_first_extractor = 7;
  std::vector<std::unique_ptr<bp::Extractor>> extractor_objects;
  if (extractors == "all") {
    for (const bp::ExtractorInfo& info : bp::list_extractors()) {
      if (info.name.find(':') != std::string::npos || info.name.find('[') != std::string::npos)
        continue;
      extractor_objects.push_back(bp::make_extractor(info.name));
    }
  } else if (extractors != "none" && !extractors.empty()) {
    for (const std::string& spec : extractor_specs(extractors))
      extractor_objects.push_back(bp::make_extractor(spec));
  }
  for (const auto& x : extractor_objects) names.push_back(x->name());

  std::vector<Result> results(names.size());
  bp::detail::Arena arena;  // reused across pages, as segment_html does
  std::size_t sink = 0;     // results fold into this so the optimiser keeps the work
  const bool cpu_clock = clock_name == "cpu";
  const auto now = [cpu_clock] {
    if (cpu_clock) {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  };
  for (int pass = 1; pass <= passes; ++pass) {
    std::fill(results.begin(), results.end(), Result{});
    std::size_t page_index = 0;
    for (const fs::path& path : pages) {
      const std::string bytes = read_file(path);
      const std::string utf8 = bp::decode_to_utf8(bytes, charset).utf8;
      auto timed = [&](std::size_t stage, auto&& fn) {
        const double t0 = now();
        fn();
        results[stage].seconds += now() - t0;
        results[stage].bytes += static_cast<double>(bytes.size());
        results[stage].pages += 1;
      };
      timed(0, [&] {
        GumboOutput* out =
            gumbo_parse_with_options(&kGumboDefaultOptions, utf8.data(), utf8.size());
        sink += out->root->v.element.children.length;
        gumbo_destroy_output(&kGumboDefaultOptions, out);
      });
      timed(1, [&] {
        arena.reset(32u << 20);
        GumboOptions options = kGumboDefaultOptions;
        options.allocator = &bp::detail::Arena::gumbo_allocate;
        options.deallocator = &bp::detail::Arena::gumbo_deallocate;
        options.userdata = &arena;
        options.max_errors = 0;
        GumboOutput* out = gumbo_parse_with_options(&options, utf8.data(), utf8.size());
        sink += out->root->v.element.children.length;
      });
      timed(2, [&] { sink += bp::decode_to_utf8(bytes, charset).utf8.size(); });
      timed(3, [&] {
        const auto lean = bp::detail::LeanHtml::make(utf8);
        sink += lean ? lean->removed() : 0;
      });
      timed(4, [&] {
        const bp::SegmentLimits limits;
        sink += bp::detail::segment_html_before(utf8, limits, nullptr,
                                                bp::PageDeadline(limits.max_page_millis), false)
                    .blocks.size();
      });
      timed(5, [&] { sink += bp::segment_html(utf8).blocks.size(); });
      timed(6, [&] { sink += bp::read_page_metadata(utf8).title.size(); });
      // The extractors take turns going first, page by page: one run right after another
      // gains a few percent from its place alone (docs/performance.md), so each takes every
      // place equally often.
      const std::size_t turns = extractor_objects.size();
      for (std::size_t i = 0; i < turns; ++i) {
        const std::size_t x = (page_index + i) % turns;
        timed(k_first_extractor + x, [&] {
          const bp::DecodedText decoded = bp::decode_to_utf8(bytes, charset);
          bp::TextDocument doc = bp::segment_html(decoded.utf8, {}, nullptr,
                                                  extractor_objects[x]->reads_token_counts());
          extractor_objects[x]->process(doc, decoded.utf8);
          sink += doc.content().size();
        });
      }
      ++page_index;
    }
  }

  const double floor_pps = results[0].pages / results[0].seconds;
  const double total_bytes = results[0].bytes;
  std::printf("%zu pages, %.1f MB, pass %d of %d (single thread, %s time)\n", pages.size(),
              total_bytes / 1e6, passes, passes, cpu_clock ? "CPU" : "wall");
  std::printf("%-28s %10s %9s %12s\n", "stage", "pages/s", "MB/s", "x floor");
  for (std::size_t i = 0; i < names.size(); ++i) {
    const Result& r = results[i];
    const double pps = r.pages / r.seconds;
    std::printf("%-28s %10.1f %9.2f %12.2f\n", names[i].c_str(), pps, r.bytes / 1e6 / r.seconds,
                pps / floor_pps);
  }
  std::printf("peak RSS %.1f MB\n", static_cast<double>(peak_rss_kib()) / 1024.0);
  if (!bp_path.empty()) {
    std::string line;
    const double java = java_pages_per_second(bp_path, dir, passes, line);
    if (java <= 0) {
      std::printf("bp batch: could not run or parse %s\n", bp_path.c_str());
    } else {
      std::printf("bp batch ArticleExtractor (Java 1.2.0): %s\n", line.c_str());
      for (std::size_t x = 0; x < extractor_objects.size(); ++x) {
        const Result& r = results[k_first_extractor + x];
        std::printf("%s vs Java ArticleExtractor: %.2fx pages/s\n",
                    extractor_objects[x]->name().c_str(), r.pages / r.seconds / java);
      }
    }
  }
  g_sink = sink;
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "bench_extract: " << e.what() << "\n";
    return 1;
  }
}

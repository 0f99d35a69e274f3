// bench_limits: every built-in extractor on pages at the segmenter's limits, to show what a
// page can cost within them and that no stage grows faster than the blocks do.
//
//   bench_limits [--blocks 200000] [--passes 3] [--extractors all|a,b,...]
//
// Pages, each generated at --blocks blocks and at half and a quarter of that (the ratios
// between them show how each stage grows; 2.0 per doubling is linear):
//   flat     <p>Block N has a few words in it.</p>, one after another
//   mixed    a linked menu item, a heading and a paragraph per three blocks, in <div>s
//   deep     the same paragraphs under 512 nested <div>s, Gumbo's nesting cap (every
//            block has the longest ancestor chain a page can have)
//   hostile  "<div><b>word N " --blocks times, never closed: nesting as deep as the page
//            is long (flattened at the cap, so its blocks are the 256 levels above it)
// Stages (single thread; every figure is the thread's CPU milliseconds for one page, the
// least of --passes runs, so that a loaded machine disturbs them little):
//   gumbo      the guarded Gumbo parse every parse of a page goes through (GuardedParse:
//              the nesting cap, then gumbo_parse into the arena): the floor
//   segment    segment_html with SegmentLimits{} (max_page_millis off)
//   X          extractor X on a copy of the segmented document (the copy not timed); BTE
//              includes its own second parse
// The "x floor" column divides the time at --blocks by the floor's; "x half" divides it by
// the time at --blocks/2 (2 is linear).

#include <gumbo.h>
#include <sys/resource.h>
#include <time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "../page/internal/arena.hpp"
#include "../page/internal/gumbo_guard_internal.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"

namespace bp = boilerdex::plugin;

namespace {

volatile std::size_t g_sink = 0;

std::string paragraph(std::size_t i) {
  return "<p>Block " + std::to_string(i) + " has a few words in it, and a comma.</p>\n";
}

std::string flat_page(std::size_t blocks) {
  std::string html = "<html><head><title>Flat</title></head><body>\n";
  for (std::size_t i = 0; i < blocks; ++i) html += paragraph(i);
  return html + "</body></html>\n";
}

std::string mixed_page(std::size_t blocks) {
  std::string html = "<html><head><title>Mixed</title></head><body>\n";
  for (std::size_t i = 0; i < blocks; i += 3) {
    html += "<div class=nav><a href=/s" + std::to_string(i) + ">Section " + std::to_string(i) + "</a></div>";
    html += "<div class=post><h2>Heading " + std::to_string(i) + "</h2>" + paragraph(i) + "</div>\n";
  }
  return html + "</body></html>\n";
}

std::string deep_page(std::size_t blocks) {
  std::string html = "<html><head><title>Deep</title></head><body>\n";
  for (int i = 0; i < 512; ++i) html += "<div>";
  for (std::size_t i = 0; i < blocks; ++i) html += paragraph(i);
  return html + "</body></html>\n";
}

std::string hostile_page(std::size_t blocks) {
  std::string html = "<html><head><title>Hostile</title></head><body>\n";
  for (std::size_t i = 0; i < blocks; ++i) html += "<div><b>word " + std::to_string(i) + " ";
  return html;
}

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

double thread_cpu_millis() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

/// CPU milliseconds \p fn takes, the least of \p passes runs (the machine is shared and
/// noisy; the minimum is the least disturbed).
double best_millis(int passes, const std::function<void()>& fn) {
  double best = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const double t0 = thread_cpu_millis();
    fn();
    const double ms = thread_cpu_millis() - t0;
    best = pass == 0 ? ms : std::min(best, ms);
  }
  return best;
}

struct Stage {
  std::string name;
  std::vector<double> millis;  // per size, smallest first
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Every built-in extractor on pages at the segmenter's limits"};
  std::size_t max_blocks = bp::SegmentLimits{}.max_blocks;
  int passes = 3;
  std::string extractor_list = "all";
  app.add_option("--blocks", max_blocks, "blocks of the largest page (default: SegmentLimits::max_blocks)");
  app.add_option("--passes", passes, "runs per figure; the fastest is reported")->check(CLI::PositiveNumber);
  app.add_option("--extractors", extractor_list, "all, or a comma-separated list of names");
  CLI11_PARSE(app, argc, argv);

  std::vector<std::string> specs;
  if (extractor_list == "all") {
    specs = bp::default_evaluation_extractors();  // "min-words:K" as min-words:10, "best[:...]" as best
  } else {
    for (std::size_t at = 0; at <= extractor_list.size();) {
      const std::size_t comma = std::min(extractor_list.find(',', at), extractor_list.size());
      specs.push_back(extractor_list.substr(at, comma - at));
      at = comma + 1;
    }
  }
  std::vector<std::unique_ptr<bp::Extractor>> extractors;
  for (const std::string& spec : specs) extractors.push_back(bp::make_extractor(spec));

  const std::vector<std::size_t> sizes{max_blocks / 4, max_blocks / 2, max_blocks};
  const struct {
    const char* name;
    std::string (*make)(std::size_t);
  } shapes[] = {{"flat", flat_page}, {"mixed", mixed_page}, {"deep", deep_page}, {"hostile", hostile_page}};

  bp::SegmentLimits limits;
  limits.max_page_millis = 0;  // measure, do not stop
  bp::detail::Arena arena;
  const bp::PageDeadline no_deadline;
  for (const auto& shape : shapes) {
    std::vector<Stage> stages{{"gumbo", {}}, {"segment", {}}};
    for (const std::string& spec : specs) stages.push_back({spec, {}});
    std::vector<std::size_t> page_blocks, page_bytes;
    for (const std::size_t blocks : sizes) {
      const std::string html = shape.make(blocks);
      page_bytes.push_back(html.size());
      stages[0].millis.push_back(best_millis(passes, [&] {
        arena.reset(32u << 20);
        const bp::detail::GuardedParse gumbo(html, limits.max_depth, arena, no_deadline, "", "");
        g_sink = g_sink + gumbo.output().root->v.element.children.length;
      }));
      arena.reset(0);
      bp::TextDocument doc;
      stages[1].millis.push_back(best_millis(passes, [&] { doc = bp::segment_html(html, limits); }));
      page_blocks.push_back(doc.blocks.size());
      for (std::size_t x = 0; x < extractors.size(); ++x) {
        double total = 0;
        for (int pass = 0; pass < passes; ++pass) {
          bp::TextDocument copy = doc;
          const double ms = best_millis(1, [&] { extractors[x]->process(copy, html); });
          total = pass == 0 ? ms : std::min(total, ms);
          g_sink = g_sink + copy.blocks.size();
        }
        stages[2 + x].millis.push_back(total);
      }
    }
    std::printf("\n%s pages:", shape.name);
    for (std::size_t s = 0; s < sizes.size(); ++s)
      std::printf("  %zu blocks / %.1f MB", page_blocks[s], static_cast<double>(page_bytes[s]) / 1e6);
    std::printf("\n%-32s %10s %10s %10s %9s %8s\n", "stage", "ms @1/4", "ms @1/2", "ms @1", "x floor", "x half");
    for (const Stage& st : stages) {
      std::printf("%-32s %10.1f %10.1f %10.1f %9.2f %8.2f\n", st.name.c_str(), st.millis[0], st.millis[1],
                  st.millis[2], st.millis[2] / stages[0].millis[2], st.millis[2] / st.millis[1]);
    }
  }
  std::printf("\npeak RSS %.0f MB\n", peak_rss_mib());
  return 0;
}

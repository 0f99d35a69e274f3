#include "commands.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "boilerdex/boilernet/extractor.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"

namespace boilerdex::plugin::boilernet {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds of the calling thread: on a shared machine, wall-clock time measures the
// neighbours as much as the code.
double thread_cpu_seconds() noexcept {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

// The pages of the data set in the split, at most limit of them (0 = all).
std::vector<const GoldPage*> split_pages(const Dataset& dataset, Split split, std::size_t limit) {
  std::vector<const GoldPage*> pages;
  for (const auto& p : dataset.pages) {
    if (limit != 0 && pages.size() == limit) break;
    if (in_split(p.id, split)) pages.push_back(&p);
  }
  return pages;
}

}  // namespace

// ----- train ----------------------------------------------------------------------------

int run_train(const TrainCommand& command, std::ostream& out, std::ostream& log) {
  if (command.datasets.empty()) throw UsageError("train: name at least one --dataset FORMAT:DIR");
  if (command.model.empty()) throw UsageError("train: --model FILE is required");
  const auto start = Clock::now();
  std::vector<TrainingPage> pages;
  for (const auto& spec : command.datasets) {
    const Dataset dataset = open_dataset(spec);
    std::size_t used = 0, failed = 0;
    for (const GoldPage* page : split_pages(dataset, command.split, command.limit)) {
      try {
        const LabelledPage labelled = load_labelled_page(dataset, *page, command.labels);
        pages.push_back({extract_features(labelled.doc, labelled.html), labelled.labels});
        ++used;
      } catch (const std::exception& e) {
        ++failed;
        log << "train: " << dataset.name << ": page " << page->id << " left out: " << one_line(e.what())
            << '\n';
      }
    }
    log << "train: " << dataset.name << ": " << used << " pages";
    if (failed != 0) log << " (" << failed << " left out)";
    log << '\n';
  }
  const double load_seconds = seconds_since(start);
  TrainingOptions options = command.training;
  options.log = &log;
  TrainingReport report;
  const double cpu_start = thread_cpu_seconds();
  const Model model = train(pages, options, &report);
  const double cpu_seconds = thread_cpu_seconds() - cpu_start;
  model.save(command.model);
  const auto& h = model.hyperparameters();
  out << "model " << command.model.string() << ": " << model.vocabulary().tags().size()
      << " tags, " << model.vocabulary().words().size() << " words, dense " << h.dense
      << ", " << h.layers << " BiLSTM layers of " << h.hidden << " units per direction\n"
      << "trained on " << report.pages << " pages, " << report.blocks << " blocks ("
      << report.positives << " content), class weights content " << std::setprecision(3)
      << report.positive_weight << " / boilerplate " << report.negative_weight << '\n'
      << "loss (weighted BCE per block) by epoch:";
  for (const double l : report.epoch_loss) out << ' ' << std::fixed << std::setprecision(4) << l;
  out << std::defaultfloat << '\n'
      << "seconds: " << std::fixed << std::setprecision(1) << load_seconds
      << " loading and segmenting, " << report.seconds << " training (" << cpu_seconds
      << " CPU s)" << std::defaultfloat
      << '\n';
  return 0;
}

// ----- eval -----------------------------------------------------------------------------

namespace {

struct System {
  std::string name;
  std::unique_ptr<Extractor> extractor;
  double seconds = 0.0;  // in Extractor::process over the text-measure pages
  std::vector<PageScores> pages;
  BlockEvaluator blocks;
};

// Block-level figures of one annotated L3S-GN1 page, for every system (as evaluation.cpp
// does for `boilerdex-extract eval`): a parse block counts as kept when a content block
// holds it among its origins, scored by that block's score (else the decision).
void add_block_level(const Dataset& dataset, const GoldPage& page, std::vector<System>& systems) {
  const LabelledPage labelled = load_labelled_page(dataset, page);
  const TextDocument& parsed = labelled.doc;
  for (auto& system : systems) {
    TextDocument doc = parsed;
    try {
      system.extractor->process(doc, labelled.html);
    } catch (const std::exception&) {
      doc.blocks.clear();  // noted by the text measures; here: nothing kept
    }
    system.blocks.add_page(parsed, labelled.classes, doc);
  }
}

}  // namespace

int run_eval(const EvalCommand& command, std::ostream& out, std::ostream& log) {
  if (command.datasets.empty()) throw UsageError("eval: name at least one --dataset FORMAT:DIR");
  std::vector<std::string> names;
  for (const auto& m : command.models) names.push_back("boilernet:" + m.string());
  names.insert(names.end(), command.extractors.begin(), command.extractors.end());
  if (names.empty()) throw UsageError("eval: name a --model or an --extractor");
  register_boilernet_extractor();

  EvaluationReport report;
  std::ostringstream speed;
  speed << "## Speed (one thread, CPU seconds, pages of the split)\n\n"
        << "| data set | system | pages | segment_html s | extractor s | pages/s |\n"
        << "|---|---|---:|---:|---:|---:|\n";
  for (const auto& spec : command.datasets) {
    const Dataset dataset = open_dataset(spec);
    const auto pages = split_pages(dataset, command.split, command.limit);
    std::vector<System> systems;
    for (const auto& name : names) {
      auto extractor = make_extractor(name);
      systems.push_back({extractor->name(), std::move(extractor), 0.0, {}, {}});
    }
    double segment_seconds = 0.0;
    TextComparer comparer;
    std::size_t done = 0;
    for (const GoldPage* page : pages) {
      std::string gold;
      try {
        gold = load_gold_text(dataset, *page);
      } catch (const std::exception& e) {
        report.notes.push_back(dataset.name + ": page " + page->id + " skipped: " + one_line(e.what()));
        continue;
      }
      std::string html, page_error;
      TextDocument parsed;
      try {
        html = load_page_html(dataset, *page);
        const double t = thread_cpu_seconds();
        parsed = segment_html(html);
        segment_seconds += thread_cpu_seconds() - t;
      } catch (const std::exception& e) {
        page_error = one_line(e.what());
      }
      for (auto& system : systems) {
        PageScores r;
        r.page = page->id;
        std::string content;
        if (page_error.empty()) {
          TextDocument doc = parsed;
          const double t = thread_cpu_seconds();
          try {
            system.extractor->process(doc, html);
            content = doc.content();
          } catch (const std::exception& e) {
            r.error = one_line(e.what());
          }
          system.seconds += thread_cpu_seconds() - t;
        } else {
          r.error = page_error;
        }
        if (!r.error.empty())
          report.notes.push_back(dataset.name + ": " + system.name + " failed on " + page->id + ": " + r.error);
        r.agreement = comparer.compare(gold, content);
        system.pages.push_back(std::move(r));
      }
      if (dataset.format == DatasetFormat::L3sGn1) {
        try {
          add_block_level(dataset, *page, systems);
        } catch (const std::exception& e) {
          report.notes.push_back(dataset.name + ": page " + page->id + ": block level: " + one_line(e.what()));
        }
      }
      if (++done % 50 == 0) log << dataset.name << ": " << done << '/' << pages.size() << " pages\n";
    }
    for (auto& system : systems) {
      SystemScores s = aggregate_pages(system.name, dataset.name, system.pages);
      if (dataset.format == DatasetFormat::L3sGn1) s.blocks = system.blocks.result();
      const double total = segment_seconds + system.seconds;
      speed << "| " << dataset.name << " | " << system.name << " | " << s.pages << " | " << std::fixed
            << std::setprecision(2) << segment_seconds << " | " << system.seconds << " | "
            << std::setprecision(1) << (total > 0 ? static_cast<double>(s.pages) / total : 0.0)
            << " |\n"
            << std::defaultfloat;
      report.results.push_back(std::move(s));
    }
    log << dataset.name << ": " << done << " pages of the " << (command.split == Split::Test ? "test" : command.split == Split::Train ? "train" : "whole")
        << " split\n";
  }
  write_report(report, out);
  out << '\n' << speed.str();
  for (const auto& note : report.notes) log << "note: " << note << '\n';
  return 0;
}

// ----- extract --------------------------------------------------------------------------

int run_extract(const ExtractCommand& command, std::ostream& out, std::ostream& log) {
  if (command.inputs.empty()) throw UsageError("extract: give at least one HTML file");
  const auto extractor = make_boilernet_extractor(command.model.string());
  int status = 0;
  for (const auto& input : command.inputs) {
    try {
      const std::string html = decode_to_utf8(read_file_bytes(input), command.charset).utf8;
      TextDocument doc = segment_html(html);
      extractor->process(doc, html);
      out << doc.content();
    } catch (const InputError& e) {  // names the file already
      log << "extract: " << one_line(e.what()) << '\n';
      status = 1;
    } catch (const std::exception& e) {
      log << "extract: " << input.string() << ": " << one_line(e.what()) << '\n';
      status = 1;
    }
  }
  return status;
}

}  // namespace boilerdex::plugin::boilernet

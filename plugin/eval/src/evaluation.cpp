#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/structured_content.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <thread>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/learned_labels.hpp"
#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::plugin {

namespace fs = std::filesystem;

namespace {

constexpr int k_default_family_parameter = 10;
constexpr std::size_t k_notes_per_system = 3;

}  // namespace

// ----- predictions ----------------------------------------------------------------------

namespace {

Predictions predictions_from_json(const fs::path& file) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(read_file_bytes(file));
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(file.string(), e.byte, e.what());
  }
  // Newer benchmark outputs are wrapped: {"version": ..., "output": {id: {...}}}.
  if (json.is_object() && json.contains("output") && json["output"].is_object() &&
      json.size() <= 2 && (json.size() == 1 || json.contains("version"))) {
    json = std::move(json["output"]);
  }
  if (!json.is_object()) throw InputError(file.string(), 0, "expected a JSON object of pages");
  Predictions p;
  p.system = file.stem().string();
  for (auto& [id, item] : json.items()) {
    std::string text;
    if (item.is_string() || item.is_null()) {
      // WCXB's results format (its evaluate.py --results): {"<id>": "text"}.
      if (item.is_string()) text = item.get<std::string>();
    } else if (!item.is_object()) {
      throw InputError(file.string(), InputError::npos,
                       "page '" + id + "' is neither an object nor a string");
    } else if (auto body = item.find("articleBody"); body != item.end() && body->is_string()) {
      text = body->get<std::string>();
    }
    p.texts.emplace(id, std::move(text));
  }
  return p;
}

}  // namespace

std::vector<Predictions> load_predictions(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    if (!fs::is_regular_file(path, ec))
      throw InputError(path.string(), InputError::npos, "no such file or folder");
    return {predictions_from_json(path)};
  }
  std::vector<fs::path> json_files;
  std::vector<fs::path> text_files;
  for (const auto& entry : fs::directory_iterator(path)) {
    if (!entry.is_regular_file()) continue;
    if (entry.path().extension() == ".json") json_files.push_back(entry.path());
    if (entry.path().extension() == ".txt") text_files.push_back(entry.path());
  }
  std::sort(json_files.begin(), json_files.end());
  std::vector<Predictions> out;
  if (!json_files.empty()) {
    for (const auto& f : json_files) out.push_back(predictions_from_json(f));
    return out;
  }
  if (text_files.empty()) {
    throw InputError(path.string(), InputError::npos,
                     "holds neither *.json prediction files nor <id>.txt files");
  }
  Predictions p;
  p.system =
      path.filename().empty() ? path.parent_path().filename().string() : path.filename().string();
  for (const auto& f : text_files)
    p.texts.emplace(f.stem().string(), decode_text_file(read_file_bytes(f)));
  out.push_back(std::move(p));
  return out;
}

// ----- aggregation ----------------------------------------------------------------------

SystemScores aggregate_pages(std::string system, std::string dataset,
                             const std::vector<PageScores>& pages) {
  SystemScores s;
  s.system = std::move(system);
  s.dataset = std::move(dataset);
  BowAggregate bow;
  ShingleAggregate sh4;
  WcxbAggregate wcxb;
  bool any_wcxb = false;
  MarkdownScores md;
  for (const auto& p : pages) {
    bow.add(bow_page_score(p.agreement.bow));
    sh4.add(p.agreement.sh4);
    if (p.wcxb) {
      wcxb.add(p.page_type, *p.wcxb);
      any_wcxb = true;
    }
    if (p.markdown && p.wcxb) {
      ++md.pages;
      md.word.precision += p.markdown->word.precision;
      md.word.recall += p.markdown->word.recall;
      md.word.f1 += p.markdown->word.f1;
      md.shown_word.precision += p.markdown->shown_word.precision;
      md.shown_word.recall += p.markdown->shown_word.recall;
      md.shown_word.f1 += p.markdown->shown_word.f1;
      md.text_f1 += p.wcxb->word.f1;
      // A share that a page may lack: summed over the pages that have it.
      const auto add = [](const std::optional<double>& share, double& sum, std::size_t& pages_with) {
        if (!share) return;
        sum += *share;
        ++pages_with;
      };
      add(p.markdown->heading_recall, md.heading_recall, md.heading_pages);
      add(p.markdown->item_recall, md.item_recall, md.item_pages);
      add(p.markdown->emphasis_recall, md.emphasis_recall, md.emphasis_recall_pages);
      add(p.markdown->emphasis_precision, md.emphasis_precision, md.emphasis_precision_pages);
    }
    if (!p.error.empty()) ++s.failed;
  }
  if (md.pages > 0) {
    const auto n = static_cast<double>(md.pages);
    md.word = {md.word.precision / n, md.word.recall / n, md.word.f1 / n};
    md.shown_word = {md.shown_word.precision / n, md.shown_word.recall / n, md.shown_word.f1 / n};
    md.text_f1 /= n;
    const auto mean = [](double& sum, std::size_t pages_with) {
      if (pages_with > 0) sum /= static_cast<double>(pages_with);
    };
    mean(md.heading_recall, md.heading_pages);
    mean(md.item_recall, md.item_pages);
    mean(md.emphasis_recall, md.emphasis_recall_pages);
    mean(md.emphasis_precision, md.emphasis_precision_pages);
    s.markdown = md;
  }
  s.pages = pages.size();
  s.bow = bow.mean();
  s.sh4 = sh4.result();
  if (any_wcxb) s.wcxb = wcxb.result();
  return s;
}

namespace {

// Scores predictions against every page of dataset, gold[i] being page i's gold text.
std::vector<PageScores> score_against(const Dataset& dataset, const std::vector<std::string>& gold,
                                      const Predictions& predictions) {
  TextComparer comparer;
  WcxbComparer wcxb;
  std::vector<PageScores> results;
  results.reserve(dataset.pages.size());
  for (std::size_t i = 0; i < dataset.pages.size(); ++i) {
    const GoldPage& page = dataset.pages[i];
    PageScores r;
    r.page = page.id;
    const auto it = predictions.texts.find(page.id);
    if (it == predictions.texts.end()) r.error = "no prediction";
    const std::string_view text =
        it == predictions.texts.end() ? std::string_view{} : std::string_view(it->second);
    r.agreement = comparer.compare(gold[i], text);
    if (page.wcxb) {
      wcxb.set_gold(gold[i], page.wcxb->with, page.wcxb->without);
      r.page_type = page.wcxb->page_type;
      r.wcxb = wcxb.score(text);
    }
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace

SystemScores score_predictions(const Dataset& dataset, const Predictions& predictions,
                               std::vector<PageScores>* pages) {
  std::vector<std::string> gold;
  gold.reserve(dataset.pages.size());
  for (const auto& page : dataset.pages) gold.push_back(load_gold_text(dataset, page));
  auto results = score_against(dataset, gold, predictions);
  SystemScores s = aggregate_pages(predictions.system, dataset.name, results);
  if (pages != nullptr) *pages = std::move(results);
  return s;
}

// ----- running extractors ---------------------------------------------------------------

std::vector<std::string> default_evaluation_extractors() {
  std::vector<std::string> names;
  for (const auto& info : list_extractors()) {
    if (info.needs_argument) continue;  // a model file only the user can name
    const std::size_t colon = info.name.find(':');
    const std::size_t bracket = info.name.find('[');
    if (colon != std::string::npos && (bracket == std::string::npos || colon < bracket) &&
        info.name.substr(colon) == ":K") {
      names.push_back(info.name.substr(0, colon) + ':' +
                      std::to_string(k_default_family_parameter));
    } else {
      names.push_back(info.name.substr(0, std::min(colon, bracket)));
    }
  }
  return names;
}

namespace {

struct NamedExtractor {
  std::string name;
  std::unique_ptr<Extractor> extractor;
};

// What one page yields: per extractor, its page result and (L3S-GN1) its labelled blocks.
struct PageOutcome {
  bool skipped = false;
  std::string note;  // why the page was skipped or could not be segmented
  std::string gold;
  std::vector<PageScores> systems;
  std::vector<BlockEvaluator> blocks;
  /// wcxb: read_page_metadata's title, author and date against the gold's.
  std::optional<std::array<MetadataOutcome, k_metadata_fields>> metadata;
};

void run_extractor(const Extractor& extractor, TextDocument& doc, std::string_view html) {
  extractor.process(doc, html);
}

// The gold class of each parse block of the annotated page (l3s_block_labels: the class
// holding most text bytes of the block's source range), in the evaluation's classes.
std::vector<BlockClass> parse_block_classes(const TextDocument& doc, const AnnotatedPage& page) {
  std::vector<BlockClass> classes;
  classes.reserve(doc.blocks.size());
  for (const L3sClass label : l3s_block_labels(doc, page)) classes.push_back(block_class(label));
  return classes;
}

void evaluate_blocks(const Dataset& dataset, const GoldPage& page,
                     const std::vector<NamedExtractor>& extractors, PageOutcome& out) {
  const AnnotatedPage annotated = parse_l3s_annotated(
      decode_to_utf8(read_file_bytes(l3s_annotated_path(dataset, page)), "UTF-8").utf8);
  const TextDocument parsed = segment_html(annotated.html);
  const std::vector<BlockClass> gold = parse_block_classes(parsed, annotated);
  out.blocks.resize(extractors.size());
  for (std::size_t e = 0; e < extractors.size(); ++e) {
    TextDocument doc = parsed;
    try {
      run_extractor(*extractors[e].extractor, doc, annotated.html);
    } catch (const std::exception&) {
      doc.blocks.clear();  // reported by the text measures; here: nothing kept
    }
    out.blocks[e].add_page(parsed, gold, doc);
  }
}

// The Markdown of \p doc (what an extractor made of \p html, fetched from \p url) against the
// page's gold Markdown, with links, as WCXB's gold writes them (-f markdown --links --url URL).
MarkdownPageScores score_markdown(std::string_view html, const TextDocument& doc, const std::string& url,
                                  WcxbComparer& comparer, WcxbComparer& shown_comparer,
                                  const MarkdownStructure& gold) {
  StructureOptions options;
  options.links = true;
  options.base_url = url;
  const std::string markdown = markdown_of(structured_content(html, doc, options));
  MarkdownPageScores s;
  s.word = comparer.score(markdown).word;
  s.shown_word = shown_comparer.score(without_link_destinations(markdown)).word;
  const MarkdownStructure found = markdown_structure(markdown);
  s.heading_recall = line_recall(gold.headings, found.headings);
  s.item_recall = line_recall(gold.items, found.items);
  s.emphasis_recall = line_recall(gold.emphasised, found.emphasised);
  s.emphasis_precision = line_recall(found.emphasised, gold.emphasised);
  return s;
}

PageOutcome evaluate_page(const Dataset& dataset, const GoldPage& page,
                          const std::vector<NamedExtractor>& extractors, bool block_level, bool markdown) {
  PageOutcome out;
  try {
    out.gold = load_gold_text(dataset, page);
  } catch (const std::exception& e) {
    out.skipped = true;
    out.note = e.what();
    return out;
  }
  TextComparer comparer;
  WcxbComparer wcxb;
  if (page.wcxb) wcxb.set_gold(out.gold, page.wcxb->with, page.wcxb->without);
  const bool score_md = markdown && page.wcxb && !page.wcxb->main_content_markdown.empty();
  WcxbComparer wcxb_markdown, wcxb_markdown_shown;
  MarkdownStructure gold_structure;
  if (score_md) {
    wcxb_markdown.set_gold(page.wcxb->main_content_markdown, {}, {});
    wcxb_markdown_shown.set_gold(without_link_destinations(page.wcxb->main_content_markdown), {}, {});
    gold_structure = markdown_structure(page.wcxb->main_content_markdown);
  }
  std::string html;
  TextDocument parsed;
  std::string page_error;
  try {
    html = load_page_html(dataset, page);
    parsed = segment_html(html);
  } catch (const std::exception& e) {
    page_error = e.what();
    out.note = page_error;
  }
  if (page.wcxb) {  // from the page alone: the extractors' decisions play no part
    const MetadataGold gold{page.wcxb->title, page.wcxb->author, page.wcxb->publish_date};
    out.metadata = score_metadata(gold, page_error.empty() ? read_page_metadata(html) : PageMetadata{});
  }
  out.systems.reserve(extractors.size());
  for (const auto& named : extractors) {
    PageScores r;
    r.page = page.id;
    std::string content;
    if (page_error.empty()) {
      try {
        TextDocument doc = parsed;
        run_extractor(*named.extractor, doc, html);
        content = doc.content();
        if (score_md) r.markdown = score_markdown(html, doc, page.wcxb->url, wcxb_markdown, wcxb_markdown_shown, gold_structure);
      } catch (const std::exception& e) {
        r.error = e.what();
      }
    } else {
      r.error = page_error;
    }
    if (r.error.find('\n') != std::string::npos)
      std::replace(r.error.begin(), r.error.end(), '\n', ' ');
    r.agreement = comparer.compare(out.gold, content);
    if (page.wcxb) {
      r.page_type = page.wcxb->page_type;
      r.wcxb = wcxb.score(content);
    }
    out.systems.push_back(std::move(r));
  }
  if (block_level) {
    try {
      evaluate_blocks(dataset, page, extractors, out);
    } catch (const std::exception& e) {
      out.blocks.clear();
      out.note += (out.note.empty() ? "" : "; ") + std::string("block level: ") + e.what();
    }
  }
  return out;
}

std::string format_score(double v) {
  if (std::isnan(v)) return "";
  std::ostringstream s;
  s << std::fixed << std::setprecision(6) << v;
  return s.str();
}

void write_page_rows(std::ostream& tsv, const std::string& dataset, const std::string& system,
                     const std::vector<PageScores>& pages) {
  for (const auto& p : pages) {
    const PrfScore bow = bow_page_score(p.agreement.bow);
    const PrfScore sh4 = sh4_page_score(p.agreement.sh4);
    tsv << dataset << '\t' << system << '\t' << p.page << '\t' << format_score(bow.precision)
        << '\t' << format_score(bow.recall) << '\t' << format_score(bow.f1) << '\t'
        << format_score(sh4.precision) << '\t' << format_score(sh4.recall) << '\t'
        << format_score(sh4.f1) << '\t' << p.agreement.gold_tokens << '\t'
        << p.agreement.predicted_tokens << '\t' << p.error << '\t' << p.page_type;
    if (p.wcxb) {
      tsv << '\t' << format_score(p.wcxb->word.precision) << '\t'
          << format_score(p.wcxb->word.recall) << '\t' << format_score(p.wcxb->word.f1) << '\t'
          << format_score(p.wcxb->with_rate) << '\t' << format_score(p.wcxb->without_rate);
    } else {
      tsv << "\t\t\t\t\t";
    }
    tsv << '\n';
  }
}

std::string elapsed_since(std::chrono::steady_clock::time_point start) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << static_cast<double>(ms.count()) / 1000.0 << " s";
  return s.str();
}

// Evaluates the first \p count pages of \p dataset on \p threads threads (pages handed out
// one at a time); outcome i is page i's. Rethrows what escapes evaluate_page (std::bad_alloc).
std::vector<PageOutcome> run_pages(const Dataset& dataset, std::size_t count,
                                   const std::vector<NamedExtractor>& extractors, bool block_level,
                                   bool markdown, unsigned threads, std::ostream* log,
                                   std::chrono::steady_clock::time_point start) {
  std::vector<PageOutcome> outcomes(count);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex log_mutex;
  std::exception_ptr failure;  // only std::bad_alloc and the like escape evaluate_page
  const auto worker = [&] {
    try {
      for (std::size_t i = next++; i < count; i = next++) {
        outcomes[i] = evaluate_page(dataset, dataset.pages[i], extractors, block_level, markdown);
        const std::size_t n = ++done;
        if (log != nullptr && (n % 100 == 0 || n == count)) {
          std::lock_guard lock(log_mutex);
          *log << dataset.name << ": " << n << '/' << count << " pages, " << elapsed_since(start)
               << '\n';
        }
      }
    } catch (...) {
      std::lock_guard lock(log_mutex);
      if (!failure) failure = std::current_exception();
      next = count;  // the others stop after their current page
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<std::size_t>(threads, count); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return outcomes;
}

}  // namespace

EvaluationReport evaluate(const EvaluationOptions& options, std::ostream* pages_tsv,
                          std::ostream* log) {
  if (options.datasets.empty()) throw UsageError("eval: name at least one --dataset FORMAT:DIR");
  std::vector<NamedExtractor> extractors;
  for (const auto& name :
       options.extractors.empty() ? default_evaluation_extractors() : options.extractors) {
    auto extractor = make_extractor(name);
    extractors.push_back({extractor->name(), std::move(extractor)});
  }
  std::vector<Predictions> predictions;
  for (const auto& path : options.predictions) {
    for (auto& p : load_predictions(path)) predictions.push_back(std::move(p));
  }
  std::vector<Dataset> datasets;
  for (const auto& spec : options.datasets) datasets.push_back(open_dataset(spec));

  if (pages_tsv != nullptr) {
    *pages_tsv << "dataset\tsystem\tpage\tbow_p\tbow_r\tbow_f1\tsh4_p\tsh4_r\tsh4_f1\tgold_"
                  "tokens\tpredicted_tokens\terror\tpage_type\tword_p\tword_r\tword_f1\twith_"
                  "rate\twithout_rate\n";
  }
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  EvaluationReport report;
  for (const Dataset& dataset : datasets) {
    for (const auto& s : dataset.skipped) report.notes.push_back(dataset.name + ": skipped " + s);
    const std::size_t count =
        options.limit != 0 ? std::min(options.limit, dataset.pages.size()) : dataset.pages.size();
    const bool block_level = options.block_level && dataset.format == DatasetFormat::L3sGn1;
    const auto start = std::chrono::steady_clock::now();

    std::vector<PageOutcome> outcomes =
        run_pages(dataset, count, extractors, block_level, options.markdown, threads, log, start);

    // Aggregate in page order, so the report does not depend on scheduling.
    std::vector<std::string> gold(count);
    std::vector<std::size_t> scored;  // pages whose gold could be read
    for (std::size_t i = 0; i < count; ++i) {
      if (outcomes[i].skipped) {
        report.notes.push_back(dataset.name + ": page " + dataset.pages[i].id +
                               " skipped: " + outcomes[i].note);
        continue;
      }
      if (!outcomes[i].note.empty())
        report.notes.push_back(dataset.name + ": page " + dataset.pages[i].id + ": " +
                               outcomes[i].note);
      scored.push_back(i);
      gold[i] = std::move(outcomes[i].gold);
    }
    for (std::size_t e = 0; e < extractors.size(); ++e) {
      std::vector<PageScores> pages;
      BlockEvaluator blocks;
      for (const auto i : scored) {
        pages.push_back(std::move(outcomes[i].systems[e]));
        if (e < outcomes[i].blocks.size()) blocks.merge(outcomes[i].blocks[e]);
      }
      SystemScores s = aggregate_pages(extractors[e].name, dataset.name, pages);
      if (block_level) s.blocks = blocks.result();
      std::size_t noted = 0;
      for (const auto& p : pages) {
        if (!p.error.empty() && noted++ < k_notes_per_system) {
          report.notes.push_back(dataset.name + ": " + extractors[e].name + " failed on " + p.page +
                                 ": " + p.error);
        }
      }
      if (pages_tsv != nullptr) write_page_rows(*pages_tsv, dataset.name, s.system, pages);
      report.results.push_back(std::move(s));
    }
    MetadataScores metadata{dataset.name};
    bool any_metadata = false;
    for (const auto i : scored) {
      if (!outcomes[i].metadata) continue;
      metadata.add(dataset.pages[i].id, *outcomes[i].metadata);
      any_metadata = true;
    }
    if (any_metadata) report.metadata.push_back(std::move(metadata));
    for (const auto& p : predictions) {
      const bool covers = std::any_of(scored.begin(), scored.end(), [&](std::size_t i) {
        return p.texts.count(dataset.pages[i].id) != 0;
      });
      if (!covers) continue;
      // Score only the pages whose gold was read, in the same order as the extractors.
      Dataset subset{dataset.format, dataset.dir, dataset.name, {}, {}};
      std::vector<std::string> subset_gold;
      for (const auto i : scored) {
        subset.pages.push_back(dataset.pages[i]);
        subset_gold.push_back(gold[i]);
      }
      const auto pages = score_against(subset, subset_gold, p);
      SystemScores s = aggregate_pages(p.system, dataset.name, pages);
      if (pages_tsv != nullptr) write_page_rows(*pages_tsv, dataset.name, s.system, pages);
      report.results.push_back(std::move(s));
    }
    if (log != nullptr) {
      *log << dataset.name << ": " << scored.size() << " pages × " << extractors.size()
           << " extractors in " << elapsed_since(start) << '\n';
    }
  }
  return report;
}

int run_evaluation(const EvaluationOptions& options, std::ostream& out, std::ostream& log) {
  std::ofstream tsv;
  if (!options.pages_tsv.empty()) {
    tsv.open(options.pages_tsv, std::ios::binary | std::ios::trunc);
    if (!tsv) throw InputError(options.pages_tsv.string(), InputError::npos, "cannot be written");
  }
  const EvaluationReport report = evaluate(options, tsv.is_open() ? &tsv : nullptr, &log);
  write_report(report, out);
  for (const auto& note : report.notes) log << "note: " << note << '\n';
  if (tsv.is_open()) {
    tsv.flush();
    if (!tsv) throw InputError(options.pages_tsv.string(), InputError::npos, "write failed");
  }
  return 0;
}

}  // namespace boilerdex::plugin

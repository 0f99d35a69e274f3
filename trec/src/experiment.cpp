#include "boilerdex/config/number_format.hpp"
#include "boilerdex/trec/experiment.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <exception>
#include <fstream>
#include <functional>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/build_settings.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/plugin/atomic_file.hpp"
#include "boilerdex/query/index_set.hpp"
#include "boilerdex/query/searcher.hpp"
#include "boilerdex/trec/evaluator.hpp"
#include "boilerdex/trec/run_file.hpp"
#include "boilerdex/trec/topics.hpp"

namespace boilerdex::trec {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Calls \p body(i) for i in [0, n) on up to \p threads threads. The first exception
/// stops the hand-out of further items and is rethrown after every thread has finished.
void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& body) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(n, 1)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto worker = [&] {
    for (std::size_t i = next++; i < n && !failed; i = next++) {
      try {
        body(i);
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

fs::path index_directory(const config::Config& config) {
  if (!config.indexing.output.empty()) return config.indexing.output;
  if (!config.search.index.empty()) return config.search.index;
  throw ConfigError(config.source.string(), 0, 0, "indexing.output",
                    "the experiment needs the index-set directory ([indexing] output or [search] index)");
}

std::vector<indexer::ViewSpec> configured_views(const indexer::IndexOptions& options) {
  return options.views.empty() ? indexer::default_view_specs() : options.views;
}

/// Shortest text that reads back as the same double (for files other programs read).
std::string exact(double v) { return std::isnan(v) ? "NaN" : config::shortest_decimal(v); }

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "";
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << v;
  return s.str();
}

std::string p_value(double p) {
  if (std::isnan(p)) return "";
  if (p < 0.0001) return "<0.0001";
  return fixed(p, 4);
}

std::string signed_fixed(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (!s.empty() && s[0] != '-') s.insert(0, "+");
  return s;
}

/// Display width of UTF-8 text: code points (the tables hold no wide characters).
std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
  }));
}

/// Writes a report through an exclusive temporary renamed over \p path (never through a
/// symlink planted in the output folder; issue #16). \throws InputError naming it.
void write_file(const fs::path& path, const std::function<void(std::ostream&)>& writer) {
  (void)plugin::write_file_atomically(path, writer);
}

/// ▲ or ▼ when the view differs significantly from the baseline on measure m.
std::string_view marker(const ExperimentResult& r, const ViewOutcome& v, std::size_t m) {
  const Comparison& c = v.vs_baseline[m];
  if (std::isnan(c.holm_randomization) || c.holm_randomization >= r.alpha) return "";
  return c.delta > 0 ? "\u25B2" : c.delta < 0 ? "\u25BC" : "";
}

/// The gold texts' index set: INDEX-gold beside the index set INDEX.
fs::path gold_index_directory(const fs::path& index_dir) {
  fs::path p = index_dir.lexically_normal();
  if (p.filename().empty()) p = p.parent_path();  // "idx/" names "idx"
  return p.parent_path() / (p.filename().string() + "-gold");
}

void write_escaped(std::ostream& out, std::string_view text) {
  for (const char c : text) {
    if (c == '&') out << "&amp;";
    else if (c == '<') out << "&lt;";
    else if (c == '>') out << "&gt;";
    else out << c;
  }
}

/// Writes the gold texts of \p gold_dir (DOCNO.txt, in name order) to \p collection as TREC
/// records: the DOCNO from the name, a page declared UTF-8 holding one <p> per non-blank
/// line, so every text line is a block and the whole text is the `all` view. Streams (one
/// file at a time); replaces \p collection only when the bytes differ, so an unchanged
/// gold folder keeps the index set built from it. Returns whether it was replaced.
/// \throws Error when gold_dir is not a folder, holds no .txt file, or a file fails.
bool write_gold_collection(const fs::path& gold_dir, const fs::path& collection) {
  std::error_code ec;
  if (!fs::is_directory(gold_dir, ec))
    throw Error(gold_dir.string() + ": [trec] gold is not a folder (boilerdex-trec sample --gold writes one)");
  std::vector<fs::path> files;
  for (fs::directory_iterator it(gold_dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->path().extension() == ".txt" && it->is_regular_file(type_ec)) files.push_back(it->path());
  }
  if (ec) throw Error(gold_dir.string() + ": cannot list: " + ec.message());
  if (files.empty()) throw Error(gold_dir.string() + ": [trec] gold holds no DOCNO.txt file");
  std::sort(files.begin(), files.end());
  // Through an exclusive temporary, kept out when unchanged (its time stamp then says the
  // gold index set is up to date).
  return plugin::write_file_atomically(collection, [&](std::ostream& out) {
    for (const fs::path& file : files) {
      std::ifstream in(file, std::ios::binary);
      if (!in) throw Error(file.string() + ": cannot read");
      out << "<DOC>\n<DOCNO>" << file.stem().string()
          << "</DOCNO>\n<html><head><meta charset=\"utf-8\"></head><body>\n";
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        out << "<p>";
        write_escaped(out, line);
        out << "</p>\n";
      }
      if (in.bad()) throw Error(file.string() + ": cannot read");
      out << "</body></html>\n</DOC>\n";
    }
  }, /*keep_unchanged=*/true);
}

std::string_view kind_name(indexer::ViewKind kind) {
  switch (kind) {
    case indexer::ViewKind::All: return "all";
    case indexer::ViewKind::MinWords: return "min-words";
    case indexer::ViewKind::MinDensity: return "min-density";
    case indexer::ViewKind::Extractor: return "extractor";
  }
  return "";
}

}  // namespace

std::string index_set_staleness(const config::Config& config, const fs::path& index_dir) {
  if (!fs::exists(index_dir / "manifest.json")) return "no index set";
  indexer::Manifest manifest;
  try {
    manifest = indexer::read_manifest(index_dir);
  } catch (const IndexError& e) {
    return std::string("unusable index set: ") + e.what();
  }
  // Views as written: an up-to-date set is used whether or not its extractors can be built
  // here (a boilernet: view, a learned: model file since deleted).
  const indexer::IndexOptions options = indexer::index_options_from_config(config, indexer::ExtractorNames::AsWritten);
  const auto files = indexer::list_input_files(options.inputs, options.format);
  indexer::BuildSettings wanted;
  wanted.format = std::string(indexer::input_format_name(options.format));
  wanted.inputs = indexer::fingerprint_input_list(files);
  wanted.views = configured_views(options);
  wanted.terms = options.terms;
  const indexer::SettingsDifference d =
      indexer::compare_settings(indexer::settings_of(manifest), wanted, indexer::SettingsMatch::Contains);
  if (d.format) return "collection format changed";
  if (d.inputs) {
    if (files.size() != manifest.inputs.size())
      return "inputs changed: " + std::to_string(files.size()) + " files now, " +
             std::to_string(manifest.inputs.size()) + " indexed";
    for (std::size_t i = 0; i < files.size(); ++i)  // name the first that changed
      if (files[i].path.string() != manifest.inputs[i].path || files[i].bytes != manifest.inputs[i].bytes)
        return "input changed: " + files[i].path.string();
  }
  if (d.views) return "view " + d.missing_view + " missing";
  if (d.terms) return "term settings differ";
  return "";
}

ExperimentResult run_experiment(const config::Config& config, const ExperimentOptions& options, std::ostream& progress) {
  ExperimentResult result;
  result.alpha = options.alpha;
  result.permutations = options.permutations;
  result.primary_measure = std::min(options.primary_measure, experiment_measure_count - 1);
  const std::string& source = config.source.string();
  if (config.trec.topics.empty()) throw ConfigError(source, 0, 0, "trec.topics", "the experiment needs a topic file");
  if (config.trec.qrels.empty()) throw ConfigError(source, 0, 0, "trec.qrels", "the experiment needs a qrels file");
  result.index_dir = index_directory(config);
  result.output_dir = options.output_dir.empty() ? config.trec.output_dir : options.output_dir;
  if (result.output_dir.empty()) throw ConfigError(source, 0, 0, "trec.output_dir", "the experiment needs an output directory");

  // Read the small inputs first: a typo in a path should not cost an index build.
  const std::vector<Topic> topics = read_topics(config.trec.topics);
  Qrels qrels = read_qrels(config.trec.qrels);
  if (options.binarize) qrels = qrels.binarized(*options.binarize);
  const TopicField field = parse_topic_field(config.trec.field);
  result.topics_run = topics.size();

  // 1. The index set.
  const auto index_start = Clock::now();
  std::string reason = options.rebuild ? std::string("--rebuild") : index_set_staleness(config, result.index_dir);
  if (!reason.empty()) {
    progress << "experiment: building the index set in " << result.index_dir.string() << " (" << reason << ")\n";
    indexer::IndexOptions index_options = indexer::index_options_from_config(config);
    index_options.out_dir = result.index_dir;
    index_options.existing = indexer::ExistingOutput::Overwrite;
    const auto sink = indexer::make_terminal_progress(progress, options.interactive_progress);
    (void)indexer::build_index_set(index_options, sink.get());
    result.built_index = true;
    result.build_reason = reason;
  } else {
    progress << "experiment: index set " << result.index_dir.string() << " is up to date\n";
  }
  // 1b. The gold texts' own index set, with the same term settings.
  if (!config.trec.gold.empty()) {
    result.gold_index_dir = gold_index_directory(result.index_dir);
    const fs::path collection = result.gold_index_dir.string() + ".trec";
    const bool changed = write_gold_collection(config.trec.gold, collection);
    config::Config gold = config;
    gold.collection.inputs = {collection};
    gold.collection.format = "trec";
    gold.views.specs = {"all"};
    gold.indexing.output = result.gold_index_dir;
    std::string why = options.rebuild ? std::string("--rebuild") : index_set_staleness(gold, result.gold_index_dir);
    if (why.empty() && changed) why = "gold texts changed";
    if (!why.empty()) {
      progress << "experiment: building the gold index set in " << result.gold_index_dir.string() << " (" << why
               << ")\n";
      indexer::IndexOptions index_options = indexer::index_options_from_config(gold);
      index_options.out_dir = result.gold_index_dir;
      index_options.existing = indexer::ExistingOutput::Overwrite;
      const auto sink = indexer::make_terminal_progress(progress, options.interactive_progress);
      (void)indexer::build_index_set(index_options, sink.get());
    } else {
      progress << "experiment: gold index set " << result.gold_index_dir.string() << " is up to date\n";
    }
  }
  result.index_seconds = seconds_since(index_start);

  // 2. The views to run and the baseline.
  const query::IndexSet index_set = query::IndexSet::open(result.index_dir);
  std::vector<const indexer::ManifestView*> views;
  if (config.trec.views.empty()) {
    for (const auto& v : index_set.manifest().views) views.push_back(&v);
  } else {
    for (const auto& text : config.trec.views) {
      for (const auto* v : index_set.named_views(text))
        if (std::find(views.begin(), views.end(), v) == views.end()) views.push_back(v);
    }
  }
  if (views.empty()) throw UsageError(result.index_dir.string() + ": the index set has no view to run");
  const indexer::ManifestView* baseline = nullptr;
  if (!options.baseline.empty()) {
    baseline = &index_set.view(options.baseline);
    if (std::find(views.begin(), views.end(), baseline) == views.end()) views.insert(views.begin(), baseline);
  } else {
    const auto all = std::find_if(views.begin(), views.end(),
                                  [](const auto* v) { return v->view.kind == indexer::ViewKind::All; });
    baseline = all != views.end() ? *all : views.front();
  }

  // 3. Runs and evaluation, views in parallel.
  std::error_code ec;
  fs::create_directories(result.output_dir / "runs", ec);
  if (ec) throw Error((result.output_dir / "runs").string() + ": cannot create: " + ec.message());
  query::SearchOptions search = run_search_options();
  search.bm25.k1 = config.trec.bm25_k1;
  search.bm25.b = config.trec.bm25_b;
  const std::vector<Measure> measures = {{MeasureKind::P, 10}, {MeasureKind::NdcgCut, 10}, {MeasureKind::Map, 0}};
  EvalOptions eval_options;
  eval_options.complete = true;
  eval_options.relevance_level = options.relevance_level;

  result.views.resize(views.size());
  std::mutex progress_mutex;
  std::size_t finished = 0;
  const std::size_t runs = views.size() + (result.gold_index_dir.empty() ? 0 : 1);
  const auto run_start = Clock::now();
  progress << "experiment: " << views.size() << " views, " << topics.size() << " topics, field "
           << topic_field_name(field) << ", k " << config.trec.k << ", BM25 k1 " << search.bm25.k1 << " b "
           << search.bm25.b << '\n';
  // Runs and evaluates view mv of set into out, as runs/FILE.run (FILE: the view's directory
  // name, or "gold").
  const auto run_view = [&](const query::IndexSet& set, const indexer::ManifestView& mv, ViewOutcome& out,
                            const std::string& file) {
    const auto start = Clock::now();
    out.view = mv.view;
    out.empty_documents = mv.empty_documents;
    const query::Searcher searcher(set, mv);
    std::ostringstream tag;
    tag << config.trec.run_tag << '.' << file << '.' << topic_field_name(field) << ".bm25=" << search.bm25.k1 << ','
        << search.bm25.b;
    const Run run = write_run(searcher, topics, field, config.trec.k, tag.str(), search);
    out.run_file = result.output_dir / "runs" / (file + ".run");
    write_run_file(out.run_file, run);
    const Evaluation evaluation = evaluate(qrels, run, measures, eval_options);
    for (std::size_t m = 0; m < experiment_measure_count; ++m) out.means[m] = evaluation.summary[m];
    out.per_topic.reserve(evaluation.topics.size());
    for (const auto& t : evaluation.topics) {
      std::array<double, experiment_measure_count> values{};
      for (std::size_t m = 0; m < experiment_measure_count; ++m) values[m] = t.values[m];
      out.per_topic.push_back(values);
    }
    out.seconds = seconds_since(start);
    const std::lock_guard lock(progress_mutex);
    std::vector<std::string> qids;
    for (const auto& t : evaluation.topics) qids.push_back(t.qid);
    if (result.qids.empty()) {
      result.qids = std::move(qids);
    } else if (qids != result.qids) {  // -c evaluates every qrels topic, so this cannot differ
      throw Error("view " + out.name + " was evaluated on other topics than the views before it");
    }
    ++finished;
    if (options.interactive_progress) {
      progress << "\r\033[K[" << finished << '/' << runs << "] " << out.name << "  P@10 " << fixed(out.means[0], 4)
               << "  NDCG@10 " << fixed(out.means[1], 4) << std::flush;
    }
  };
  parallel_for(views.size(), options.threads, [&](std::size_t i) {
    result.views[i].name = views[i]->view.spec();
    run_view(index_set, *views[i], result.views[i], views[i]->view.directory_name());
  });
  if (!result.gold_index_dir.empty()) {
    const query::IndexSet gold_set = query::IndexSet::open(result.gold_index_dir);
    ViewOutcome gold;
    gold.name = "gold";
    gold.gold = true;
    run_view(gold_set, gold_set.view("all"), gold, "gold");
    result.views.push_back(std::move(gold));
  }
  if (options.interactive_progress) progress << '\n';
  for (std::size_t i = 0; i < views.size(); ++i) {
    if (views[i] == baseline) result.baseline = i;
  }
  const ViewOutcome& base = result.views[result.baseline];

  // 4. Paired tests against the baseline, then Holm over the views, per measure and test.
  parallel_for(result.views.size(), options.threads, [&](std::size_t i) {
    ViewOutcome& v = result.views[i];
    for (std::size_t m = 0; m < experiment_measure_count; ++m) {
      std::vector<double> a, b;
      a.reserve(v.per_topic.size());
      b.reserve(v.per_topic.size());
      for (std::size_t t = 0; t < v.per_topic.size(); ++t) {
        a.push_back(v.per_topic[t][m]);
        b.push_back(base.per_topic[t][m]);
      }
      Comparison& c = v.vs_baseline[m];
      c.delta = v.means[m] - base.means[m];
      if (i == result.baseline) {
        c.t_test.p_value = c.randomization.p_value = c.holm_t = c.holm_randomization = std::nan("");
        continue;
      }
      c.t_test = paired_t_test(a, b);
      c.randomization = paired_randomization_test(a, b, options.permutations, options.seed);
    }
  });
  for (std::size_t m = 0; m < experiment_measure_count; ++m) {
    std::vector<double> t_p, r_p;
    for (std::size_t i = 0; i < result.views.size(); ++i) {
      const bool is_base = i == result.baseline || result.views[i].gold;  // gold: not in the family
      t_p.push_back(is_base ? std::nan("") : result.views[i].vs_baseline[m].t_test.p_value);
      r_p.push_back(is_base ? std::nan("") : result.views[i].vs_baseline[m].randomization.p_value);
    }
    const auto t_adjusted = holm_adjust(t_p), r_adjusted = holm_adjust(r_p);
    for (std::size_t i = 0; i < result.views.size(); ++i) {
      result.views[i].vs_baseline[m].holm_t = t_adjusted[i];
      result.views[i].vs_baseline[m].holm_randomization = r_adjusted[i];
    }
  }
  result.run_seconds = seconds_since(run_start);
  progress << "experiment: " << views.size() << " views" << (runs > views.size() ? " and gold" : "") << " evaluated on "
           << result.qids.size() << " qrels topics in " << fixed(result.run_seconds, 1) << " s\n";
  return result;
}

void write_table_markdown(std::ostream& out, const ExperimentResult& result) {
  const std::size_t pm = result.primary_measure;
  const std::string primary(experiment_measure_labels[pm]);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"view", "P@10", "NDCG@10", "MAP", "\u0394" + primary, "p (t-test)", "p (rand.)", "Holm p (t)",
                  "Holm p (rand.)"});
  for (std::size_t i = 0; i < result.views.size(); ++i) {
    const ViewOutcome& v = result.views[i];
    std::vector<std::string> row;
    row.push_back(i == result.baseline ? v.name + " (baseline)" : v.gold ? v.name + " (gold text)" : v.name);
    for (std::size_t m = 0; m < experiment_measure_count; ++m) {
      row.push_back(fixed(v.means[m], 4) + std::string(marker(result, v, m)));
    }
    const Comparison& c = v.vs_baseline[pm];
    if (i == result.baseline) {
      row.insert(row.end(), {"", "", "", "", ""});
    } else {
      const double base = result.views[result.baseline].means[pm];
      std::string delta = signed_fixed(c.delta, 4);
      if (base > 0) delta += " (" + signed_fixed(100.0 * c.delta / base, 1) + "%)";
      row.insert(row.end(), {delta, p_value(c.t_test.p_value), p_value(c.randomization.p_value), p_value(c.holm_t),
                             p_value(c.holm_randomization)});
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (std::size_t k = 0; k < row.size(); ++k) widths[k] = std::max(widths[k], display_width(row[k]));
  }
  const auto print_row = [&](const std::vector<std::string>& row) {
    out << '|';
    for (std::size_t k = 0; k < row.size(); ++k) {
      const std::string pad(widths[k] - display_width(row[k]), ' ');
      out << ' ' << (k == 0 ? row[k] + pad : pad + row[k]) << " |";
    }
    out << '\n';
  };
  print_row(rows.front());
  out << '|';
  for (std::size_t k = 0; k < widths.size(); ++k) out << (k == 0 ? ":" : "") << std::string(widths[k] + 1, '-') << (k == 0 ? "|" : ":|");
  out << '\n';
  for (std::size_t r = 1; r < rows.size(); ++r) print_row(rows[r]);
  const auto golds = static_cast<std::size_t>(
      std::count_if(result.views.begin(), result.views.end(), [](const ViewOutcome& v) { return v.gold; }));
  out << "\n\u25B2/\u25BC: significantly better/worse than the baseline (paired two-sided randomization test, "
      << result.permutations << " sign flips, Holm-corrected over " << (result.views.size() - 1 - golds)
      << " views, \u03B1 = " << result.alpha << "). \u0394 and p-values are for " << primary << ". Means over "
      << result.qids.size() << " qrels topics (trec_eval -c).\n";
  if (golds != 0) {
    out << "gold: the documents' gold texts ([trec] gold) indexed as a collection of their own, with the same term "
           "settings (what a perfect extractor gives; outside the Holm correction).\n";
    const auto gold = std::find_if(result.views.begin(), result.views.end(), [](const ViewOutcome& v) { return v.gold; });
    std::string shares;
    for (const ViewOutcome& v : result.views) {
      if (v.view.kind != indexer::ViewKind::Extractor || v.gold || !(gold->means[pm] > 0)) continue;
      shares += (shares.empty() ? "" : ", ") + v.name + " " + fixed(v.means[pm] / gold->means[pm], 3);
    }
    if (!shares.empty()) out << primary << " as a share of gold's: " << shares << ".\n";
  }
}

void write_table_tsv(std::ostream& out, const ExperimentResult& result) {
  out << "view\tkind\tthreshold\tempty_documents";
  for (const auto name : experiment_measure_names) {
    out << '\t' << name << '\t' << name << "_delta\t" << name << "_t\t" << name << "_t_p\t" << name << "_rand_p\t" << name
        << "_holm_t_p\t" << name << "_holm_rand_p";
  }
  out << '\n';
  for (const auto& v : result.views) {
    out << v.name << '\t' << (v.gold ? std::string_view("gold") : kind_name(v.view.kind)) << '\t'
        << (v.view.kind == indexer::ViewKind::MinWords || v.view.kind == indexer::ViewKind::MinDensity
                ? exact(v.view.threshold)
                : std::string())
        << '\t' << v.empty_documents;
    for (std::size_t m = 0; m < experiment_measure_count; ++m) {
      const Comparison& c = v.vs_baseline[m];
      out << '\t' << exact(v.means[m]) << '\t' << exact(c.delta) << '\t' << exact(c.t_test.statistic) << '\t'
          << exact(c.t_test.p_value) << '\t' << exact(c.randomization.p_value) << '\t' << exact(c.holm_t) << '\t'
          << exact(c.holm_randomization);
    }
    out << '\n';
  }
}

void write_per_topic_tsv(std::ostream& out, const ExperimentResult& result) {
  out << "view\tqid";
  for (const auto name : experiment_measure_names) out << '\t' << name;
  out << '\n';
  for (const auto& v : result.views) {
    for (std::size_t t = 0; t < v.per_topic.size() && t < result.qids.size(); ++t) {
      out << v.name << '\t' << result.qids[t];
      for (const double value : v.per_topic[t]) out << '\t' << exact(value);
      out << '\n';
    }
  }
}

Figure experiment_figure(const ExperimentResult& result) {
  static constexpr std::array<std::string_view, 2> colours = {"#1f77b4", "#d62728"};
  static constexpr std::array<std::string_view, 2> gold_colours = {"#2ca02c", "#ff7f0e"};
  const auto gold = std::find_if(result.views.begin(), result.views.end(), [](const ViewOutcome& v) { return v.gold; });
  Figure figure;
  figure.title = "P@10 and NDCG@10 by cut-off (" + std::to_string(result.qids.size()) + " topics)";
  const auto panel = [&](indexer::ViewKind kind, std::string title, std::string x_label) {
    ChartPanel p;
    p.title = std::move(title);
    p.x_label = std::move(x_label);
    p.y_label = "effectiveness";
    std::vector<const ViewOutcome*> views;
    for (const auto& v : result.views) {
      if (v.view.kind == kind) views.push_back(&v);
    }
    std::sort(views.begin(), views.end(), [](const auto* a, const auto* b) { return a->view.threshold < b->view.threshold; });
    for (std::size_t m = 0; m < 2; ++m) {
      LineSeries s;
      s.label = std::string(experiment_measure_labels[m]);
      s.color = std::string(colours[m]);
      for (const auto* v : views) {
        s.x.push_back(v->view.threshold);
        s.y.push_back(v->means[m]);
      }
      p.series.push_back(std::move(s));
      if (!result.views.empty()) {
        const ViewOutcome& base = result.views[result.baseline];
        p.references.push_back({std::string(experiment_measure_labels[m]) + ", " + base.name + " (baseline)",
                                base.means[m], std::string(colours[m])});
      }
      if (gold != result.views.end()) {  // the ceiling the cut-offs are measured against
        p.references.push_back({std::string(experiment_measure_labels[m]) + ", gold texts", gold->means[m],
                                std::string(gold_colours[m])});
      }
    }
    return p;
  };
  figure.panels.push_back(panel(indexer::ViewKind::MinWords, "Minimum number of words per block", "minimum words (numWords \u2265 k)"));
  figure.panels.push_back(panel(indexer::ViewKind::MinDensity, "Minimum text density per block", "minimum text density (textDensity \u2265 d)"));
  std::string caption;
  for (std::size_t i = 0; i < result.views.size(); ++i) {
    const auto& v = result.views[i];
    if (v.view.kind == indexer::ViewKind::MinWords || v.view.kind == indexer::ViewKind::MinDensity || i == result.baseline) continue;
    if (!caption.empty()) caption += "; ";
    caption += v.name + ": P@10 " + fixed(v.means[0], 3) + ", NDCG@10 " + fixed(v.means[1], 3);
  }
  figure.caption = caption;
  return figure;
}

void write_experiment_reports(const ExperimentResult& result) {
  const fs::path& dir = result.output_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error(dir.string() + ": cannot create: " + ec.message());
  write_file(dir / "table.md", [&](std::ostream& out) { write_table_markdown(out, result); });
  write_file(dir / "table.tsv", [&](std::ostream& out) { write_table_tsv(out, result); });
  write_file(dir / "per_topic.tsv", [&](std::ostream& out) { write_per_topic_tsv(out, result); });
  write_file(dir / "figure.svg", [&](std::ostream& out) { write_svg(out, experiment_figure(result)); });
}

}  // namespace boilerdex::trec

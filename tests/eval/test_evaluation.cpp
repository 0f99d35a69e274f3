#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/input_error.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;
namespace tt = boost::test_tools;

namespace {

const fs::path k_eval = fs::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "eval";
const fs::path k_scrapinghub =
    fs::path(BOILERDEX_SHARED_DIR) / "data" / "extraction" / "scrapinghub-aeb";

double round3(double v) { return std::round(v * 1000.0) / 1000.0; }

std::size_t count_lines(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

const SystemScores& find(const EvaluationReport& r, const std::string& system,
                         const std::string& dataset) {
  for (const auto& s : r.results) {
    if (s.system == system && s.dataset == dataset) return s;
  }
  BOOST_FAIL("no result for " + system + " on " + dataset);
  return r.results.front();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(evaluation)

BOOST_AUTO_TEST_CASE(block_scores_are_weighted_by_words) {
  BlockEvaluator e;
  e.add(BlockClass::FullText, 30, true, 0.9);      // TP 30
  e.add(BlockClass::Headline, 10, false, 0.4);     // FN 10
  e.add(BlockClass::Boilerplate, 20, true, 0.6);   // FP 20
  e.add(BlockClass::Boilerplate, 40, false, 0.1);  // TN 40
  e.add(BlockClass::FullText, 0, false, 0.0);      // no words: no weight
  BOOST_TEST(e.size() == 4u);
  const BlockScores s = e.result();
  BOOST_TEST(s.two_class.precision == 0.6, tt::tolerance(1e-12));
  BOOST_TEST(s.two_class.recall == 0.75, tt::tolerance(1e-12));
  BOOST_TEST(s.two_class.f1 == 2 * 0.6 * 0.75 / 1.35, tt::tolerance(1e-12));
  BOOST_TEST(s.two_class.fp_rate == 20.0 / 60.0, tt::tolerance(1e-12));
  // Pairs (positive above negative) by weight: 30×(20+40) + 10×40 = 2200 of 40×60.
  BOOST_TEST(s.two_class.roc_auc == 2200.0 / 2400.0, tt::tolerance(1e-12));
  BOOST_TEST(s.two_class.positive_words == 40.0);
  BOOST_TEST(s.two_class.negative_words == 60.0);
  // One vs rest: Headline is never kept.
  BOOST_TEST(s.per_class[static_cast<int>(BlockClass::Headline)].recall == 0.0);
  BOOST_TEST(
      std::isnan(s.per_class[static_cast<int>(BlockClass::Supplemental)].recall));  // absent class
  // Boilerplate: predicted = dropped → TP 40, FP 10 (the headline), FN 20.
  const auto& bp = s.per_class[static_cast<int>(BlockClass::Boilerplate)];
  BOOST_TEST(bp.precision == 0.8, tt::tolerance(1e-12));
  BOOST_TEST(bp.recall == 40.0 / 60.0, tt::tolerance(1e-12));
  // The 4-class figures are the word-weighted average over the classes present.
  const auto& ft = s.per_class[static_cast<int>(BlockClass::FullText)];
  const auto& hl = s.per_class[static_cast<int>(BlockClass::Headline)];
  BOOST_TEST(s.four_class.recall == (60 * bp.recall + 30 * ft.recall + 10 * hl.recall) / 100.0,
             tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(ties_in_score_count_half_in_the_auc) {
  BlockEvaluator e;  // no scores: the decisions rank the blocks
  e.add(BlockClass::FullText, 10, true, std::nan(""));
  e.add(BlockClass::Boilerplate, 10, true, std::nan(""));
  e.add(BlockClass::Boilerplate, 10, false, std::nan(""));
  // Positive (1) vs negatives {1, 0}: 0.5 + 1 over 2 pairs.
  BOOST_TEST(e.result().two_class.roc_auc == 0.75, tt::tolerance(1e-12));
  BlockEvaluator merged;
  merged.merge(e);
  merged.merge(e);
  BOOST_TEST(merged.size() == 6u);
  BOOST_TEST(merged.result().two_class.roc_auc == 0.75, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(predictions_come_from_json_files_or_text_folders) {
  const auto one = load_predictions(k_eval / "scrapinghub" / "reference-outputs" / "perfect.json");
  BOOST_REQUIRE_EQUAL(one.size(), 1u);
  BOOST_TEST(one[0].system == "perfect");  // {"version", "output"} wrapper removed
  BOOST_TEST(one[0].texts.at("aaa1").starts_with("The central bank"));
  const auto all = load_predictions(k_eval / "scrapinghub" / "reference-outputs");
  BOOST_REQUIRE_EQUAL(all.size(), 2u);
  BOOST_TEST(all[0].system == "everything");
  BOOST_TEST(all[1].system == "perfect");
  const auto text = load_predictions(k_eval / "predictions-txt");
  BOOST_REQUIRE_EQUAL(text.size(), 1u);
  BOOST_TEST(text[0].system == "predictions-txt");
  BOOST_TEST(text[0].texts.count("aaa1") == 1u);
  BOOST_CHECK_THROW((void)load_predictions(k_eval / "nowhere.json"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)load_predictions(k_eval / "dragnet" / "HTML"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)load_predictions(k_eval / "scrapinghub" / "html" / "aaa1.html.gz"),
                    boilerdex::InputError);
  // WCXB's results format: {"<id>": "text"}; null is an empty text.
  const auto wcxb = load_predictions(k_eval / "predictions-wcxb" / "results.json");
  BOOST_REQUIRE_EQUAL(wcxb.size(), 1u);
  BOOST_TEST(wcxb[0].system == "results");
  BOOST_TEST(wcxb[0].texts.at("0002") == "Which anchor holds best in soft sand?");
  BOOST_TEST(wcxb[0].texts.at("0003").empty());
  BOOST_TEST(wcxb[0].texts.count("0001") == 0u);
}

BOOST_AUTO_TEST_CASE(predictions_are_scored_page_by_page) {
  const Dataset ds = open_dataset({DatasetFormat::Scrapinghub, k_eval / "scrapinghub"});
  const auto perfect =
      load_predictions(k_eval / "scrapinghub" / "reference-outputs" / "perfect.json")[0];
  std::vector<PageScores> pages;
  const SystemScores p = score_predictions(ds, perfect, &pages);
  BOOST_TEST(p.pages == 1u);
  BOOST_TEST(p.failed == 0u);
  BOOST_TEST(p.bow.f1 == 1.0);
  BOOST_TEST(p.sh4.f1 == 1.0);
  BOOST_REQUIRE_EQUAL(pages.size(), 1u);
  BOOST_TEST(pages[0].page == "aaa1");
  const auto everything =
      load_predictions(k_eval / "scrapinghub" / "reference-outputs" / "everything.json")[0];
  const SystemScores e = score_predictions(ds, everything);
  BOOST_TEST(e.bow.recall == 1.0);
  BOOST_TEST(e.bow.precision < 1.0);
  BOOST_TEST(e.sh4.recall == 1.0);
  BOOST_TEST(e.sh4.precision < e.bow.precision);  // shingles across the seams are wrong too
  Predictions none{"none", {}};
  const SystemScores n = score_predictions(ds, none);
  BOOST_TEST(n.failed == 1u);
  BOOST_TEST(n.bow.f1 == 0.0);
  BOOST_TEST(n.sh4.recall == 0.0);
}

BOOST_AUTO_TEST_CASE(published_scrapinghub_figures_are_reproduced,
                     *boost::unit_test::precondition([](auto) {
                       return tt::assertion_result(fs::exists(k_scrapinghub / "reference-outputs"));
                     })) {
  const Dataset ds = open_dataset({DatasetFormat::Scrapinghub, k_scrapinghub});
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 181u);
  struct Published {
    const char* system;
    double f1, precision, recall;
  };
  // README.rst of scrapinghub/article-extraction-benchmark (evaluate.py's point estimates).
  for (const auto& want : {Published{"trafilatura", 0.958, 0.938, 0.978},
                           Published{"readability_js", 0.947, 0.914, 0.982},
                           Published{"boilerpipe", 0.860, 0.850, 0.870},
                           Published{"html-text", 0.665, 0.500, 0.994}}) {
    BOOST_TEST_CONTEXT(want.system) {
      const auto p = load_predictions(k_scrapinghub / "reference-outputs" /
                                      (std::string(want.system) + ".json"));
      const SystemScores s = score_predictions(ds, p.at(0));
      BOOST_TEST(s.failed == 0u);
      BOOST_TEST(round3(s.sh4.f1) == want.f1);
      BOOST_TEST(round3(s.sh4.precision) == want.precision);
      BOOST_TEST(round3(s.sh4.recall) == want.recall);
    }
  }
}

BOOST_AUTO_TEST_CASE(default_extractors_cover_the_registry) {
  const auto names = default_evaluation_extractors();
  const auto has = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  BOOST_TEST(has("article"));
  BOOST_TEST(has("keep-everything-min-words:10"));
  BOOST_TEST(has("bte"));
  BOOST_TEST(has("dom-ancestor"));
  // A family that needs a model file has no default instance.
  BOOST_TEST(!has("learned"));
  BOOST_TEST(std::none_of(names.begin(), names.end(),
                          [](const std::string& n) { return n.starts_with("learned:"); }));
  for (const auto& n : names) BOOST_CHECK_NO_THROW((void)make_extractor(n));
}

BOOST_AUTO_TEST_CASE(an_evaluation_run_scores_every_extractor_on_every_data_set) {
  EvaluationOptions options;
  for (const auto f : all_dataset_formats()) {
    std::string folder(dataset_format_name(f));
    options.datasets.push_back({f, k_eval / folder});
  }
  options.extractors = {"keep-everything", "article", "bte", "dom-ancestor:keep-everything:2"};
  options.predictions = {k_eval / "scrapinghub" / "reference-outputs"};
  options.threads = 2;
  std::ostringstream tsv, log;
  const EvaluationReport report = evaluate(options, &tsv, &log);
  // 6 data sets × 4 extractors, plus the 2 prediction files on scrapinghub only.
  BOOST_TEST(report.results.size() == 6u * 4u + 2u);
  const auto& all_text = find(report, "keep-everything", "dragnet");
  BOOST_TEST(all_text.pages == 1u);
  BOOST_TEST(all_text.bow.recall == 1.0);
  BOOST_TEST(all_text.bow.precision < 1.0);
  BOOST_TEST(find(report, "perfect", "scrapinghub").sh4.f1 == 1.0);
  BOOST_TEST(find(report, "bte", "scrapinghub").bow.recall > 0.9);
  // Block level only on L3S-GN1.
  const auto& l3s = find(report, "keep-everything", "l3s-gn1");
  BOOST_REQUIRE(l3s.blocks.has_value());
  BOOST_TEST(l3s.blocks->two_class.recall == 1.0);
  BOOST_TEST(l3s.blocks->two_class.fp_rate == 1.0);
  BOOST_TEST(l3s.blocks->two_class.roc_auc == 0.5);
  BOOST_TEST(l3s.blocks->per_class[static_cast<int>(BlockClass::Headline)].positive_words == 3.0);
  BOOST_TEST(!find(report, "keep-everything", "dragnet").blocks.has_value());
  // Skipped pages are noted.
  BOOST_TEST(std::any_of(report.notes.begin(), report.notes.end(), [](const std::string& n) {
    return n.find("no-annotation.html") != std::string::npos;
  }));
  // TSV: a header and one row per scored page per system (L3S 1, CleanEval 2, Dragnet 1,
  // Scrapinghub 1, Readability 1, WCXB 4 = 10 pages × 4 extractors, + 2 prediction rows).
  const std::string rows = tsv.str();
  BOOST_TEST(rows.starts_with("dataset\tsystem\tpage\tbow_p"));
  BOOST_TEST(count_lines(rows) == 1u + 10u * 4u + 2u);
  BOOST_TEST(find(report, "keep-everything", "wcxb").wcxb.has_value());
  BOOST_TEST(!find(report, "keep-everything", "dragnet").wcxb.has_value());

  std::ostringstream md;
  write_report(report, md);
  const std::string text = md.str();
  BOOST_TEST(text.find("## scrapinghub") != std::string::npos);
  BOOST_TEST(text.find("### l3s-gn1, block level") != std::string::npos);
  // keep-everything keeps every class entirely.
  BOOST_TEST(text.find("| keep-everything | 1.000 | 1.000 | 1.000 | 1.000 |") != std::string::npos);
  BOOST_TEST(text.find("| perfect | 1 | 0 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 |") !=
             std::string::npos);
  BOOST_TEST(text.find("## Summary: bow F1 / sh4 F1") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(wcxb_predictions_are_scored_with_wcxbs_measure_per_page_type) {
  const Dataset ds = open_dataset({DatasetFormat::Wcxb, k_eval / "wcxb"});
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 4u);
  // 0001: the gold itself; 0002: empty output; 0003 (empty gold): empty output; 0004: none.
  const Predictions p{"mixed",
                      {{"0001", load_gold_text(ds, ds.pages[0])}, {"0002", ""}, {"0003", ""}}};
  std::vector<PageScores> pages;
  const SystemScores s = score_predictions(ds, p, &pages);
  BOOST_REQUIRE(s.wcxb.has_value());
  const WcxbScores& w = *s.wcxb;
  BOOST_TEST(s.failed == 1u);  // 0004: no prediction
  // Word F1 per page: 1, 0, 1 (empty gold, empty output), 0.
  BOOST_TEST(w.overall.pages == 4u);
  BOOST_TEST(w.overall.word.f1 == 0.5);
  BOOST_TEST(w.overall.word.precision == 0.5);
  // with: 1 (both found), 1 (empty list), 1 (null list), 0 → 0.75.
  BOOST_TEST(w.overall.with_rate == 0.75);
  // without: 0 (neither found), 1 (empty list), 1 (null list), 0 → 0.5.
  BOOST_TEST(w.overall.without_rate == 0.5);
  BOOST_TEST(w.per_type[0].pages == 2u);  // article: 0001, 0004
  BOOST_TEST(w.per_type[0].word.f1 == 0.5);
  BOOST_TEST(w.per_type[1].pages == 1u);  // forum: 0002 (Python-literal page type)
  BOOST_TEST(w.per_type[1].word.f1 == 0.0);
  BOOST_TEST(w.per_type[3].pages == 1u);  // collection: 0003 ("category")
  BOOST_TEST(w.per_type[3].word.f1 == 1.0);
  BOOST_TEST(w.per_type[2].pages == 0u);
  BOOST_REQUIRE_EQUAL(pages.size(), 4u);
  BOOST_TEST(pages[1].page_type == "forum");
  // The bow measure keeps its own rule: an empty gold with an empty output scores P = R = 1.
  BOOST_TEST(bow_page_score(pages[2].agreement.bow).f1 == 1.0);

  // 0004 upper-cased with an extra line: lower-cased tokens, 12 of 16 predicted, 12 of 13 gold
  // (STRASSE is not Straße; l'ÉCOLE gives "l" and "école").
  const Predictions upper{
      "upper",
      {{"0004", "LE CAFÉ DE LA STRASSE OUVRE À SEPT HEURES, PRÈS DE L'ÉCOLE. Menú du jour"}}};
  std::vector<PageScores> upper_pages;
  (void)score_predictions(ds, upper, &upper_pages);
  const WcxbPageScores& latin = *upper_pages[3].wcxb;
  BOOST_TEST(latin.word.precision == 12.0 / 16.0);
  BOOST_TEST(latin.word.recall == 12.0 / 13.0);
  BOOST_TEST(latin.with_rate == 1.0);     // "CAFÉ DE LA", "l'école"
  BOOST_TEST(latin.without_rate == 1.0);  // "Menú du jour"
}

BOOST_AUTO_TEST_CASE(markdown_is_scored_against_the_gold_markdown_on_request) {
  EvaluationOptions options;
  options.datasets = {{DatasetFormat::Wcxb, k_eval / "wcxb"}};
  options.extractors = {"keep-everything"};
  options.threads = 1;
  std::ostringstream log;
  BOOST_TEST(!find(evaluate(options, nullptr, &log), "keep-everything", "wcxb").markdown.has_value());
  options.markdown = true;
  const EvaluationReport report = evaluate(options, nullptr, &log);
  const auto& s = find(report, "keep-everything", "wcxb");
  BOOST_REQUIRE(s.markdown.has_value());
  const MarkdownScores& m = *s.markdown;
  BOOST_TEST(m.pages == 1u);  // only 0001 has gold Markdown
  BOOST_TEST(m.heading_pages == 1u);
  BOOST_TEST(m.heading_recall == 1.0);  // its <h1>; the "#" line inside the code fence is no heading
  BOOST_TEST(m.item_pages == 1u);
  BOOST_TEST(m.item_recall == 0.0);  // the gold's list item is a paragraph on the page
  BOOST_TEST((m.word.recall > 0.85 && m.word.recall < 1.0));  // all but the code fence's words
  BOOST_TEST(m.word.precision < 1.0);  // keep-everything keeps the navigation and the footer
  BOOST_TEST((m.text_f1 > 0.0 && m.text_f1 < 1.0));  // the text output keeps them too
  std::ostringstream md;
  write_report(report, md);
  BOOST_TEST(md.str().find("### wcxb, Markdown (-f markdown against the gold main_content_markdown)") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(wcxb_runs_report_per_type_and_write_the_wcxb_columns) {
  EvaluationOptions options;
  options.datasets = {{DatasetFormat::Wcxb, k_eval / "wcxb"},
                      {DatasetFormat::Dragnet, k_eval / "dragnet"}};
  options.extractors = {"keep-everything"};
  options.threads = 2;
  std::ostringstream tsv, log;
  const EvaluationReport report = evaluate(options, &tsv, &log);
  const auto& all = find(report, "keep-everything", "wcxb");
  BOOST_REQUIRE(all.wcxb.has_value());
  BOOST_TEST(all.wcxb->overall.pages == 4u);
  BOOST_TEST(all.wcxb->overall.word.recall < 1.0);  // 0003's empty gold scores 0 for any output
  // Every article word is kept, but for 0004's Straße (the page says STRASSE): 12 of 13.
  BOOST_TEST(all.wcxb->per_type[0].word.recall == (1.0 + 12.0 / 13.0) / 2, tt::tolerance(1e-12));
  BOOST_TEST(all.wcxb->per_type[0].without_rate > 0.0);  // and so is the boilerplate
  BOOST_TEST(std::any_of(report.notes.begin(), report.notes.end(), [](const std::string& n) {
    return n.find("0006.json") != std::string::npos;
  }));

  std::istringstream lines(tsv.str());
  std::string header, row;
  std::getline(lines, header);
  BOOST_TEST(
      header ==
      "dataset\tsystem\tpage\tbow_p\tbow_r\tbow_f1\tsh4_p\tsh4_r\tsh4_f1\tgold_tokens\t"
      "predicted_tokens\terror\tpage_type\tword_p\tword_r\tword_f1\twith_rate\twithout_rate");
  std::getline(lines, row);
  BOOST_TEST(row.starts_with("wcxb\tkeep-everything\t0001\t"));
  BOOST_TEST(row.find("\tarticle\t") != std::string::npos);
  BOOST_TEST(std::count(row.begin(), row.end(), '\t') == 17);
  for (int i = 0; i < 4; ++i) std::getline(lines, row);  // 0002 … 0004, then dragnet's page
  BOOST_TEST(row.starts_with("dragnet\t"));
  BOOST_TEST(row.ends_with("\t\t\t\t\t\t"));  // no page type, no WCXB scores
  BOOST_TEST(std::count(row.begin(), row.end(), '\t') == 17);

  std::ostringstream md;
  write_report(report, md);
  const std::string text = md.str();
  BOOST_TEST(text.find("### wcxb, WCXB measures") != std::string::npos);
  BOOST_TEST(text.find("| system | overall (4) | article (2) | forum (1) | product (0) | "
                       "collection (1) |") != std::string::npos);
  BOOST_TEST(text.find("WCXB (Foley, 2026), CC-BY-4.0") != std::string::npos);
  BOOST_TEST(text.find("On WCXB data sets: WCXB word F1") != std::string::npos);
  // Summary: the WCXB cell is word F1 alone, the dragnet cell bow / sh4.
  const std::string f1 = [&] {
    std::ostringstream s;
    s << std::fixed << std::setprecision(3) << all.wcxb->overall.word.f1;
    return s.str();
  }();
  BOOST_TEST(text.find("| keep-everything | " + f1 + " | ") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(limits_and_usage_errors) {
  EvaluationOptions options;
  BOOST_CHECK_THROW((void)evaluate(options, nullptr, nullptr), boilerdex::UsageError);
  options.datasets = {{DatasetFormat::CleanEval, k_eval / "cleaneval"}};
  options.extractors = {"no-such-extractor"};
  BOOST_CHECK_THROW((void)evaluate(options, nullptr, nullptr), boilerdex::UsageError);
  options.extractors = {"keep-everything"};
  options.limit = 1;
  options.threads = 1;
  const auto report = evaluate(options, nullptr, nullptr);
  BOOST_REQUIRE_EQUAL(report.results.size(), 1u);
  BOOST_TEST(report.results[0].pages == 1u);
  options.datasets = {{DatasetFormat::CleanEval, k_eval / "missing"}};
  BOOST_CHECK_THROW((void)evaluate(options, nullptr, nullptr), boilerdex::InputError);
}

BOOST_AUTO_TEST_CASE(run_evaluation_writes_markdown_and_the_page_table) {
  const fs::path tsv = fs::temp_directory_path() / "boilerdex_test_evaluation_pages.tsv";
  EvaluationOptions options;
  options.datasets = {{DatasetFormat::Dragnet, k_eval / "dragnet"}};
  options.extractors = {"article"};
  options.pages_tsv = tsv;
  std::ostringstream out, log;
  BOOST_TEST(run_evaluation(options, out, log) == 0);
  BOOST_TEST(out.str().find("| article | 1 | 0 |") != std::string::npos);
  BOOST_TEST(log.str().find("dragnet: 1 pages") != std::string::npos);
  BOOST_TEST(fs::file_size(tsv) > 0u);
  fs::remove(tsv);
  options.pages_tsv = k_eval / "no-such-dir" / "pages.tsv";
  BOOST_CHECK_THROW((void)run_evaluation(options, out, log), boilerdex::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

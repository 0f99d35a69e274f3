// The metadata measure of `boilerdex-extract eval` (metadata_evaluation.hpp) and its report.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "boilerdex/plugin/evaluation.hpp"
#include "boilerdex/plugin/metadata_evaluation.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

const fs::path k_eval = fs::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "eval";

PageMetadata ours(std::string title, std::string author, std::string date) {
  PageMetadata m;
  m.title = std::move(title);
  m.author = std::move(author);
  m.date = std::move(date);
  return m;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(metadata_evaluation)

BOOST_AUTO_TEST_CASE(matches_after_case_and_whitespace_only) {
  const MetadataGold gold{"Here's  the STORY", "Ann Marsh", "2026-03-06"};
  const auto o = score_metadata(gold, ours("here's the\nstory", " ann\tmarsh ", "2026-03-06"));
  BOOST_TEST((o[0] == MetadataOutcome::Matched));
  BOOST_TEST((o[1] == MetadataOutcome::Matched));
  BOOST_TEST((o[2] == MetadataOutcome::Matched));
  // Issue #19 normalises case and whitespace, nothing more: a typographic quote is not an
  // ASCII one, nor is a no-break space a space.
  BOOST_TEST((score_metadata(gold, ours("here\u2019s the story", "", ""))[0] == MetadataOutcome::Missed));
  BOOST_TEST((score_metadata(gold, ours("here's\u00A0the story", "", ""))[0] == MetadataOutcome::Missed));
  const auto wrong = score_metadata(gold, ours("Here's the story | Site", "", "2026-03-07"));
  BOOST_TEST((wrong[0] == MetadataOutcome::Missed));
  BOOST_TEST((wrong[1] == MetadataOutcome::Missed));
  BOOST_TEST((wrong[2] == MetadataOutcome::Missed));  // a day off is another day
}

BOOST_AUTO_TEST_CASE(absent_gold_counts_what_we_invent) {
  const MetadataGold gold{"T", std::nullopt, std::string("")};  // "" counts as no gold
  const auto o = score_metadata(gold, ours("T", "Someone", ""));
  BOOST_TEST((o[1] == MetadataOutcome::Invented));
  BOOST_TEST((o[2] == MetadataOutcome::Absent));
  MetadataFieldScores s;
  s.add(MetadataOutcome::Matched);
  s.add(MetadataOutcome::Missed);
  s.add(MetadataOutcome::Invented);
  s.add(MetadataOutcome::Absent);
  s.add(MetadataOutcome::Absent);
  BOOST_TEST(s.accuracy() == 0.5);
  BOOST_TEST(s.invented_rate() == 1.0 / 3.0);
  BOOST_TEST(MetadataFieldScores{}.accuracy() == 0.0);
}

BOOST_AUTO_TEST_CASE(halves_split_by_the_first_byte_of_sha1) {
  // As plugin/scripts/best_split.py: sha1("0001") = 7a67…, "0002" = c5e8…, "abc" = a999…
  BOOST_TEST(in_tune_half("0001"));
  BOOST_TEST(!in_tune_half("0002"));
  BOOST_TEST(!in_tune_half("abc"));
  BOOST_TEST(in_tune_half(""));  // da39…
}

BOOST_AUTO_TEST_CASE(wcxb_eval_reports_metadata_per_half) {
  EvaluationOptions options;
  options.datasets = {{DatasetFormat::Wcxb, k_eval / "wcxb"}};
  options.extractors = {"keep-everything"};
  options.threads = 1;
  const EvaluationReport report = evaluate(options, nullptr, nullptr);
  BOOST_REQUIRE(report.metadata.size() == 1u);
  const MetadataScores& m = report.metadata.front();
  BOOST_TEST(m.dataset == "wcxb");
  // Titles: 0001, 0002 and 0004 name theirs in <title>; 0003's page has none.
  const auto& title = m.parts[MetadataScores::All][0];
  BOOST_TEST(title.with_gold == 4u);
  BOOST_TEST(title.matched == 3u);
  BOOST_TEST(m.parts[MetadataScores::Tune][0].with_gold == 3u);  // 0001, 0003, 0004
  BOOST_TEST(m.parts[MetadataScores::Held][0].matched == 1u);    // 0002
  // 0001's gold author is on no page element; nothing is invented on the others.
  const auto& author = m.parts[MetadataScores::All][1];
  BOOST_TEST(author.with_gold == 1u);
  BOOST_TEST(author.matched == 0u);
  BOOST_TEST(author.invented == 0u);

  std::ostringstream md;
  write_report(report, md);
  const std::string text = md.str();
  BOOST_TEST(text.find("### wcxb, metadata (read_page_metadata)") != std::string::npos);
  BOOST_TEST(text.find("| field | part | pages with gold | accuracy | pages without gold | invented |") !=
             std::string::npos);
  BOOST_TEST(text.find("| title | all | 4 | 0.750 | 0 | 0.000 |") != std::string::npos);
  BOOST_TEST(text.find("| title | tune | 3 | 0.667 |") != std::string::npos);
  BOOST_TEST(text.find("| title | held-out | 1 | 1.000 |") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

// The index-set build's checks before and while it runs: an existing output, bad options,
// views sharing a folder, --strict, and what a progress sink is told.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/learned_extractor.hpp"
#include "constant_model.hpp"
#include "index_set_helpers.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using namespace boilerdex::indexer::test;  // TempDir, fixtures, options_for, ...

BOOST_AUTO_TEST_SUITE(index_builder)

BOOST_AUTO_TEST_CASE(existing_output_is_refused_unless_overwrite) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
  (void)build_index_set(o, nullptr);
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::IndexError, [](const auto& e) {
    return std::string(e.what()).find("--overwrite") != std::string::npos;
  });
  o.existing = ExistingOutput::Resume;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  o.existing = ExistingOutput::Overwrite;
  o.views = views_of({"all"});
  const IndexSummary s = build_index_set(o, nullptr);
  BOOST_TEST(s.views.size() == 1u);
  BOOST_TEST(read_manifest(tmp.path / "set").views.size() == 1u);
  BOOST_TEST(!fs::exists(tmp.path / "set/views/min-words-10"));
  // A directory that is not an index set is never deleted.
  fs::create_directories(tmp.path / "other");
  { std::ofstream(tmp.path / "other/precious.txt") << "keep me"; }
  o.out_dir = tmp.path / "other";
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  BOOST_TEST(fs::exists(tmp.path / "other/precious.txt"));
}

BOOST_AUTO_TEST_CASE(bad_options_are_usage_errors) {
  TempDir tmp;
  auto o = options_for({}, tmp.path / "set");
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
  o = options_for({fixtures / "trec/sample.trec"}, {});
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
  o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
  o.views = views_of({"all", "min-words:1,2", "min-words:2"});
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
  o.views = views_of({"all"});
  o.terms.language = "klingon";
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
  BOOST_TEST(!fs::exists(tmp.path / "set"));  // nothing created for a bad command
}

BOOST_AUTO_TEST_CASE(views_that_would_share_a_folder_are_refused) {
  // extractor:learned:DIR/a/b.json and extractor:learned:DIR/a-b.json are different views
  // whose folder names are the same once '/' becomes '-': writing both would mix them.
  TempDir tmp;
  fs::create_directories(tmp.path / "m/a");
  save_constant_model(tmp.path / "m/a/b.json", 1.0);
  save_constant_model(tmp.path / "m/a-b.json", 1.0);
  const std::string first = "extractor:learned:" + (tmp.path / "m/a/b.json").string();
  const std::string second = "extractor:learned:" + (tmp.path / "m/a-b.json").string();
  auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
  o.views = parse_view_specs(first);
  o.views.push_back(parse_view_specs(second).at(0));
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::UsageError, [&](const auto& e) {
    const std::string what = e.what();
    return what.find("would share the folder") != std::string::npos && what.find(second.substr(10)) != std::string::npos;
  });
  BOOST_TEST(!fs::exists(tmp.path / "set"));
  o.views.pop_back();  // one of them alone is fine
  BOOST_TEST(build_index_set(o, nullptr).views.size() == 1u);
}

BOOST_AUTO_TEST_CASE(strict_stops_at_the_first_skip) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/broken.trec"}, tmp.path / "set");
  o.strict = true;
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("broken.trec@249") != std::string::npos && w.find("BROKEN-1") != std::string::npos &&
           w.find("broken-record") != std::string::npos;
  });
  // WARC records that are not responses are counted, never fatal.
  auto w = options_for({fixtures / "warc/sample.warc.gz"}, tmp.path / "warc", InputFormat::Warc);
  w.views = views_of({"all"});
  w.strict = true;
  BOOST_CHECK_THROW((void)build_index_set(w, nullptr), boilerdex::IndexError);  // the image is not HTML
  w.strict = false;
  w.existing = ExistingOutput::Overwrite;
  const IndexSummary s = build_index_set(w, nullptr);
  BOOST_TEST(s.documents == 3u);
  BOOST_TEST(s.totals.skipped_by_reason.at("not-response") == 3u);
  BOOST_TEST(s.totals.skipped_by_reason.at("not-html") == 1u);
  BOOST_TEST(read_manifest(tmp.path / "warc").inputs.at(0).skipped_by_reason == s.totals.skipped_by_reason);
}

BOOST_AUTO_TEST_CASE(progress_sink_sees_skips_and_the_summary) {
  struct Recorder : ProgressSink {
    std::vector<SkipReport> skips;
    std::uint64_t last_documents = 0;
    std::vector<InputSummary> inputs;
    bool finished_called = false;
    void progress(const IndexProgress& p) override { last_documents = p.documents; }
    void skipped(const SkipReport& r) override { skips.push_back(r); }
    void input_finished(const InputSummary& in) override { inputs.push_back(in); }
    void finished(const IndexSummary&) override { finished_called = true; }
  } rec;
  TempDir tmp;
  auto o = options_for({fixtures / "trec/broken.trec"}, tmp.path / "set");
  (void)build_index_set(o, &rec);
  BOOST_TEST(rec.skips.size() == 6u);
  BOOST_TEST(rec.skips.front().offset == 249u);
  BOOST_TEST(rec.last_documents == 9u);
  BOOST_TEST(rec.finished_called);
  BOOST_REQUIRE(rec.inputs.size() == 1u);
  BOOST_TEST(rec.inputs[0].path == (fixtures / "trec/broken.trec").string());
  BOOST_TEST(rec.inputs[0].skipped == 6u);
  BOOST_TEST(rec.inputs[0].sha256.size() == 64u);
  std::ostringstream text;
  auto sink = make_terminal_progress(text, false);
  o.existing = ExistingOutput::Overwrite;
  (void)build_index_set(o, sink.get());
  BOOST_TEST(text.str().find("skipped " + (fixtures / "trec/broken.trec").string() + "@249 (BROKEN-1)") !=
             std::string::npos);
  BOOST_TEST(text.str().find("min-words:10") != std::string::npos);
  BOOST_TEST(text.str().find("broken-record=3") != std::string::npos);
  BOOST_TEST(text.str().find("all 1 inputs") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

// The index-set build resumed (--resume): an interrupted run finishes to the same index,
// documents held past the last commit, the input log, and what a resume refuses.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/plugin/learned_extractor.hpp"
#include "constant_model.hpp"
#include "index_set_helpers.hpp"
#include "temp_dir.hpp"
#include "xapian_dump.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using namespace boilerdex::indexer::test;  // TempDir, fixtures, options_for, ...

namespace {

/// batch, a commit every two and --strict, so it stops at broken.trec's first bad record
/// with commits behind it; returns \p o set to resume.
IndexOptions interrupt(IndexOptions o) {
  o.batch_documents = 1;
  o.commit_interval = 2;
  o.strict = true;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  o.strict = false;
  o.existing = ExistingOutput::Resume;
  return o;
}


}  // namespace

BOOST_AUTO_TEST_SUITE(index_builder)

// A view whose extractor reads a model file records the file's size and SHA-256 in the
// manifest, and --resume refuses to go on with a different file under the same name.
BOOST_AUTO_TEST_CASE(model_files_are_checksummed_and_must_not_change_across_a_resume) {
  TempDir tmp;
  const auto save_model = [&](double content_score) { save_constant_model(tmp.path / "m.json", content_score); };
  save_model(1.0);
  const std::string model = (tmp.path / "m.json").string();
  const std::vector<ViewSpec> views = views_of({"all", ("extractor:learned:" + model).c_str()});
  BOOST_TEST(model_file_of(views[1]) == model);
  BOOST_TEST(model_file_of(views[0]).empty());
  BOOST_TEST(model_file_of(views_of({"extractor:article"}).front()).empty());
  BOOST_TEST(model_file_of(views_of({"extractor:dom-ancestor:article:2"}).front()).empty());

  auto o = options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec"}, tmp.path / "set");
  o.views = views;
  (void)build_index_set(o, nullptr);
  const Manifest first = read_manifest(o.out_dir);
  BOOST_TEST(first.views[0].model.path.empty());
  BOOST_TEST(first.views[1].model.path == model);
  BOOST_TEST(first.views[1].model.bytes == fs::file_size(model));
  BOOST_TEST(first.views[1].model.sha256.size() == 64u);
  BOOST_TEST(first.views[1].model.sha256.find_first_not_of("0123456789abcdef") == std::string::npos);

  // Interrupted, then the model file replaced: refused; put back: resumed.
  auto r = o;
  r.out_dir = tmp.path / "resumed";
  r = interrupt(r);
  save_model(0.0);
  BOOST_CHECK_EXCEPTION((void)build_index_set(r, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("model file changed") != std::string::npos && w.find("--overwrite") != std::string::npos;
  });
  o.existing = ExistingOutput::Overwrite;  // the same set with the other model: another checksum
  (void)build_index_set(o, nullptr);
  BOOST_TEST(read_manifest(o.out_dir).views[1].model.sha256 != first.views[1].model.sha256);
  save_model(1.0);
  (void)build_index_set(r, nullptr);
  BOOST_TEST((read_manifest(r.out_dir).views[1].model == first.views[1].model));
}

// An interrupted run resumes from the last common commit and ends exactly as a clean run.
BOOST_AUTO_TEST_CASE(interrupted_run_resumes_to_the_same_index) {
  TempDir tmp;
  const std::vector<fs::path> inputs = {fixtures / "trec/sample.trec", fixtures / "trec/broken.trec",
                                        fixtures / "trec/two-members.trec.gz"};
  // Interrupt: --strict fails at broken.trec's second record, after sample.trec's four
  // pages were committed (commit every 2) and BROKEN-0 was written but not committed.
  auto o = options_for(inputs, tmp.path / "set");
  o.batch_documents = 1;
  o.commit_interval = 2;
  o.strict = true;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  BOOST_TEST(fs::exists(tmp.path / "set/state.json"));
  BOOST_TEST(!fs::exists(tmp.path / "set/manifest.json"));
  BOOST_CHECK_THROW((void)read_manifest(tmp.path / "set"), boilerdex::IndexError);

  // Without --resume the interrupted run is refused, naming both ways out.
  o.strict = false;
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("interrupted") != std::string::npos && w.find("--resume") != std::string::npos &&
           w.find("--overwrite") != std::string::npos;
  });
  // Resuming with other views is refused.
  auto other = o;
  other.existing = ExistingOutput::Resume;
  other.views = views_of({"all"});
  BOOST_CHECK_THROW((void)build_index_set(other, nullptr), boilerdex::IndexError);

  o.existing = ExistingOutput::Resume;
  const IndexSummary resumed = build_index_set(o, nullptr);
  BOOST_TEST(resumed.resumed_documents == 4u);

  auto clean = options_for(inputs, tmp.path / "clean");
  const IndexSummary fresh = build_index_set(clean, nullptr);
  BOOST_TEST(resumed.documents == fresh.documents);
  BOOST_TEST(resumed.skipped == fresh.skipped);
  BOOST_TEST(resumed.empty == fresh.empty);
  BOOST_TEST(resumed.totals.skipped_by_reason == fresh.totals.skipped_by_reason);
  const Manifest a = read_manifest(tmp.path / "set"), b = read_manifest(tmp.path / "clean");
  BOOST_TEST_REQUIRE(a.inputs.size() == 3u);
  BOOST_TEST_REQUIRE(b.inputs.size() == 3u);
  // two-members.trec.gz repeats sample.trec's DOCNOs: skipped as duplicates in both runs.
  BOOST_TEST(b.inputs[2].skipped_by_reason.at("bad-docno") == 4u);
  for (std::size_t i = 0; i < a.inputs.size(); ++i) {
    BOOST_TEST(a.inputs[i].path == b.inputs[i].path);
    BOOST_TEST(a.inputs[i].documents == b.inputs[i].documents);
    BOOST_TEST(a.inputs[i].skipped_by_reason == b.inputs[i].skipped_by_reason);
    BOOST_TEST(a.inputs[i].sha256 == b.inputs[i].sha256);
  }
  for (const ViewSpec& v : o.views) {
    BOOST_TEST_CONTEXT(v.spec()) {
      Xapian::Database x((tmp.path / "set/views" / v.directory_name()).string());
      Xapian::Database y((tmp.path / "clean/views" / v.directory_name()).string());
      BOOST_TEST(x.get_doccount() == y.get_doccount());
      BOOST_TEST(x.get_total_length() == y.get_total_length());
      for (Xapian::docid d = 1; d <= y.get_lastdocid(); ++d) {
        BOOST_TEST(x.get_document(d).get_data() == y.get_document(d).get_data());
        BOOST_TEST(dump_terms(x, d) == dump_terms(y, d), boost::test_tools::per_element());
      }
    }
  }
}

/// Interrupts a run as interrupted_run_resumes_to_the_same_index does: sample.trec's four
/// pages committed, BROKEN-0 (docid 5) written after the last common commit.
IndexOptions interrupted_run(const fs::path& out) {
  return interrupt(options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec",
                                fixtures / "trec/two-members.trec.gz"}, out));
}

/// Adds a document "STRAY-<did>" at docid \p did of the view at \p path and commits: what
/// an interrupted run leaves when it gave that docid to a page the resumed run does not.
/// A view without termlists opens only with Xapian::DB_NO_TERMLIST in \p flags.
void add_stray(const fs::path& path, Xapian::docid did, int flags = 0) {
  Xapian::WritableDatabase db(path.string(), Xapian::DB_OPEN | flags);
  Xapian::Document doc;
  doc.set_data("STRAY-" + std::to_string(did));
  doc.add_term("stray");
  db.replace_document(did, doc);
  db.commit();
}

// A view keeps what it holds past the last common commit when the resumed run puts the same
// DOCNO there; another DOCNO is replaced (and one past the run's end deleted) in a view with
// termlists, and refused, naming the view, in a sweep view without them.
BOOST_AUTO_TEST_CASE(resume_replaces_or_refuses_documents_held_past_the_last_commit) {
  TempDir tmp;
  auto clean = options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec",
                            fixtures / "trec/two-members.trec.gz"}, tmp.path / "clean");
  const IndexSummary fresh = build_index_set(clean, nullptr);
  BOOST_REQUIRE(fresh.documents >= 6u);

  auto o = interrupted_run(tmp.path / "set");
  {
    Xapian::Database all((tmp.path / "set/views/all").string());
    BOOST_REQUIRE(all.get_lastdocid() == 5u);  // BROKEN-0, held past the commit of 4
  }
  add_stray(tmp.path / "set/views/all", 6);
  add_stray(tmp.path / "set/views/all", 100);
  const IndexSummary resumed = build_index_set(o, nullptr);
  BOOST_TEST(resumed.resumed_documents == 4u);
  for (const ViewSpec& v : o.views) {
    BOOST_TEST_CONTEXT(v.spec()) {
      Xapian::Database x((tmp.path / "set/views" / v.directory_name()).string());
      Xapian::Database y((tmp.path / "clean/views" / v.directory_name()).string());
      BOOST_TEST(x.get_doccount() == y.get_doccount());  // (the last docid stays 100: Xapian never lowers it)
      BOOST_TEST(!x.term_exists("stray"));
      for (Xapian::docid d = 1; d <= y.get_lastdocid(); ++d) {
        BOOST_TEST(x.get_document(d).get_data() == y.get_document(d).get_data());
        BOOST_TEST(dump_terms(x, d) == dump_terms(y, d), boost::test_tools::per_element());
      }
    }
  }

  auto refused = interrupted_run(tmp.path / "refused");
  add_stray(tmp.path / "refused/views/min-words-10", 6, Xapian::DB_NO_TERMLIST);
  BOOST_CHECK_EXCEPTION((void)build_index_set(refused, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("min-words-10") != std::string::npos && w.find("STRAY-6") != std::string::npos &&
           w.find("--overwrite") != std::string::npos;
  });
}

// The resume state lists no input: finished inputs go to inputs.jsonl, whose committed
// length state.json records. A line past that length (written after the last commit) is
// dropped on --resume, and the resumed set's manifest equals a clean run's.
BOOST_AUTO_TEST_CASE(finished_inputs_stream_to_a_log_that_resume_truncates) {
  TempDir tmp;
  const fs::path pages = tmp.path / "pages";
  fs::create_directories(pages);
  for (int i = 0; i < 60; ++i) {
    std::ofstream(pages / ("p" + std::to_string(100 + i) + ".html"))
        << "<html><body><p>Page " << i << " is about the harbour, the river and the market square.</p></body></html>";
  }
  std::ofstream(pages / "p999.html", std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  auto o = options_for({pages}, tmp.path / "set", InputFormat::Files);
  o.commit_interval = 7;
  o.strict = true;  // stops at the PNG, the last file, after 8 commits
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  std::ostringstream state;
  state << std::ifstream(tmp.path / "set/state.json").rdbuf();
  BOOST_TEST(state.str().find("p100.html") == std::string::npos);  // not even the first input
  BOOST_TEST(state.str().size() < 4096u);
  std::size_t lines = 0;
  {
    std::ifstream log(tmp.path / "set/inputs.jsonl");
    for (std::string line; std::getline(log, line);) ++lines;
  }
  BOOST_TEST(lines >= 50u);
  BOOST_TEST(lines < 60u);
  std::ofstream(tmp.path / "set/inputs.jsonl", std::ios::app) << "{\"path\": \"not committed\"}\n";

  o.strict = false;
  o.existing = ExistingOutput::Resume;
  const IndexSummary resumed = build_index_set(o, nullptr);
  BOOST_TEST(resumed.input_files == 61u);
  BOOST_TEST(!fs::exists(tmp.path / "set/inputs.jsonl"));
  const IndexSummary fresh = build_index_set(options_for({pages}, tmp.path / "clean", InputFormat::Files), nullptr);
  BOOST_TEST(resumed.documents == 60u);
  BOOST_TEST(resumed.totals.skipped_by_reason == fresh.totals.skipped_by_reason);
  const Manifest a = read_manifest(tmp.path / "set"), b = read_manifest(tmp.path / "clean");
  BOOST_REQUIRE(a.inputs.size() == 61u);
  BOOST_REQUIRE(b.inputs.size() == 61u);
  for (std::size_t i = 0; i < a.inputs.size(); ++i) {
    BOOST_TEST_CONTEXT(b.inputs[i].path) {
      BOOST_TEST(a.inputs[i].path == b.inputs[i].path);
      BOOST_TEST(a.inputs[i].bytes == b.inputs[i].bytes);
      BOOST_TEST(a.inputs[i].sha256 == b.inputs[i].sha256);
      BOOST_TEST(a.inputs[i].documents == b.inputs[i].documents);
      BOOST_TEST(a.inputs[i].skipped_by_reason == b.inputs[i].skipped_by_reason);
    }
  }
  BOOST_TEST(b.inputs.back().skipped_by_reason.at("not-html") == 1u);
  BOOST_TEST((docnos(tmp.path / "set/views/all") == docnos(tmp.path / "clean/views/all")));
}

// A committed line of inputs.jsonl damaged in place (same length, so --resume keeps it) stops
// the run at the end naming the file and line, and no manifest claims the set is complete.
BOOST_AUTO_TEST_CASE(a_damaged_input_log_line_is_named_not_copied_into_the_manifest) {
  TempDir tmp;
  const fs::path pages = tmp.path / "pages";
  fs::create_directories(pages);
  for (int i = 0; i < 6; ++i)
    std::ofstream(pages / ("p" + std::to_string(i) + ".html")) << "<html><body><p>Page " << i << " text.</p></body></html>";
  std::ofstream(pages / "z.html", std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  auto o = options_for({pages}, tmp.path / "set", InputFormat::Files);
  o.commit_interval = 2;
  o.strict = true;  // stops at the PNG, with p0..p5 committed
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  std::string log;
  {
    std::ifstream in(tmp.path / "set/inputs.jsonl", std::ios::binary);
    log.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t second = log.find('\n') + 1;  // line 2 starts here
  BOOST_REQUIRE(second > 0 && second < log.size());
  log[second] = '#';  // '{' -> '#': not JSON any more
  std::ofstream(tmp.path / "set/inputs.jsonl", std::ios::binary | std::ios::trunc) << log;
  o.strict = false;
  o.existing = ExistingOutput::Resume;
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("inputs.jsonl:2: not an input record") != std::string::npos;
  });
  BOOST_TEST(!fs::exists(tmp.path / "set/manifest.json"));
}

// An interrupted run whose inputs changed is refused: state.json fingerprints the list.
BOOST_AUTO_TEST_CASE(resume_refuses_a_changed_input_list) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/broken.trec", fixtures / "trec/sample.trec"}, tmp.path / "set");
  o.strict = true;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  o.strict = false;
  o.existing = ExistingOutput::Resume;
  o.inputs = {fixtures / "trec/broken.trec", fixtures / "trec/two-members.trec.gz"};
  BOOST_CHECK_EXCEPTION((void)build_index_set(o, nullptr), boilerdex::IndexError, [](const auto& e) {
    return std::string(e.what()).find("different inputs") != std::string::npos;
  });
}

// --resume compares the interrupted run's settings (state.json) with the options
// (compare_settings, SettingsMatch::Same): a change is refused naming what differs, and the
// same settings resume, a stopword that is not UTF-8 among them (state.json holds U+FFFD).
BOOST_AUTO_TEST_CASE(resume_names_the_setting_that_changed) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec"}, tmp.path / "set");
  o.terms.stopwords = {"the", "th\xFF" "e"};
  const IndexOptions resume = interrupt(o);
  const auto refused = [&](const IndexOptions& changed, const std::string& what) {
    BOOST_CHECK_EXCEPTION((void)build_index_set(changed, nullptr), boilerdex::IndexError, [&](const auto& e) {
      const std::string w = e.what();
      return w.find("the interrupted run used different " + what + ";") != std::string::npos &&
             w.find("--overwrite") != std::string::npos;
    });
  };
  IndexOptions changed = resume;
  changed.views = views_of({"all", "min-words:11", "min-density:5", "extractor:article"});
  refused(changed, "views");
  changed.views = views_of({"min-words:10", "all", "min-density:5", "extractor:article"});  // order
  refused(changed, "views");
  changed = resume;
  changed.terms.sweep_positions = true;
  refused(changed, "terms");
  changed = resume;
  changed.terms.stopwords = {"the"};
  refused(changed, "terms");
  changed = resume;
  changed.format = InputFormat::Warc;
  refused(changed, "format");
  changed.views = views_of({"all"});  // views are named before inputs and terms, after format
  refused(changed, "format");
  changed = resume;
  changed.views = views_of({"all"});
  changed.terms.language = "french";
  refused(changed, "views");
  const IndexSummary summary = build_index_set(resume, nullptr);
  BOOST_TEST(summary.resumed_documents > 0u);
}

BOOST_AUTO_TEST_SUITE_END()

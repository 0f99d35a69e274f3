// min-words:auto: the threshold fitted on the collection's first documents with the
// stochastic text model, recorded in the manifest, kept by --resume, findable by its K.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/view_spec.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/text_model.hpp"
#include "temp_dir.hpp"
#include "xapian_dump.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using boilerdex::indexer::test::dump_terms;
using boilerdex::indexer::test::TempDir;

namespace {

/// `count` distinct words ("wa", "wb", ... then two letters), starting at word `from`.
std::string words(int from, int count) {
  std::string out;
  for (int i = from; i < from + count; ++i) {
    if (!out.empty()) out += ' ';
    out += 'w';
    out += static_cast<char>('a' + i % 26);
    if (i >= 26) out += static_cast<char>('a' + (i / 26) % 26);
  }
  return out;
}

/// A blog-like page: a dozen navigation blocks of 1-3 words and paragraphs of 15-60 words.
std::string blog_page(int seed) {
  std::string html = "<html><head><title>Post " + std::to_string(seed) + "</title></head><body>";
  for (int i = 0; i < 12; ++i) html += "<div><a href=\"/x\">" + words(seed + i, 1 + (seed + i) % 3) + "</a></div>";
  for (int i = 0; i < 6; ++i) html += "<p>" + words(seed * 7 + i, 15 + (seed * 13 + i * 9) % 46) + ".</p>";
  return html + "<div>Copyright " + words(seed, 2) + "</div></body></html>";
}

/// A TREC <DOC> for \p html.
std::string trec_doc(const std::string& docno, const std::string& html) {
  return "<DOC>\n<DOCNO>" + docno + "</DOCNO>\n<DOCHDR>\nhttp://example.org/" + docno +
         "\nContent-Type: text/html; charset=utf-8\n</DOCHDR>\n" + html + "\n</DOC>\n";
}

/// K as the stochastic text model gives it for \p pages, computed here from the parts
/// (segment_html, WordCountHistogram, fit_mixture, long_text_threshold).
int reference_threshold(const std::vector<std::string>& pages) {
  boilerdex::plugin::WordCountHistogram h;
  for (const std::string& page : pages)
    for (const auto& b : boilerdex::plugin::segment_html(page).blocks) h.add(static_cast<int>(b.num_words));
  const auto k = boilerdex::plugin::long_text_threshold(boilerdex::plugin::fit_mixture(h));
  BOOST_REQUIRE(k.has_value());
  return *k;
}

std::vector<ViewSpec> views_of(std::initializer_list<const char*> specs) {
  std::vector<ViewSpec> out;
  for (const char* s : specs)
    for (ViewSpec& v : parse_view_specs(s)) out.push_back(v);
  return out;
}

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(auto_threshold)

BOOST_AUTO_TEST_CASE(auto_is_a_min_words_spec_with_its_own_name) {
  const auto v = parse_view_specs("min-words:auto");
  BOOST_REQUIRE(v.size() == 1u);
  BOOST_TEST((v[0].kind == ViewKind::MinWords));
  BOOST_TEST(v[0].auto_threshold);
  BOOST_TEST(v[0].spec() == "min-words:auto");
  BOOST_TEST(v[0].directory_name() == "min-words-auto");
  ViewSpec resolved = v[0];
  resolved.threshold = 8;
  BOOST_TEST(resolved.spec() == "min-words:auto");  // the name does not change with K

  const auto list = parse_view_specs("min-words:5,auto,1..2");
  BOOST_REQUIRE(list.size() == 4u);
  BOOST_TEST(list[0].auto_threshold);
  BOOST_TEST(list[1].spec() == "min-words:5");
  BOOST_TEST(list[3].spec() == "min-words:2");
  BOOST_CHECK_THROW((void)parse_view_specs("min-density:auto"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)parse_view_specs("min-words:automatic"), boilerdex::UsageError);
}

// K is the model's threshold on exactly the first auto_sample_documents documents; the auto
// view keeps a block of K words and drops one of K-1, holds what min-words:K holds, and
// the manifest records K and the fit and answers to "min-words:K".
BOOST_AUTO_TEST_CASE(threshold_is_fitted_on_the_leading_sample_and_applied_at_its_boundary) {
  TempDir tmp;
  constexpr int sample = 20;
  std::vector<std::string> pages;
  for (int i = 0; i < sample; ++i) pages.push_back(blog_page(i));
  const int k = reference_threshold(pages);
  BOOST_TEST_MESSAGE("fitted K = " << k);
  BOOST_REQUIRE(k >= 2);

  // After the sample (so they do not move K): a page whose blocks have K and K-1 words.
  const std::string edge = "<html><body><p>keepme " + words(0, k - 1) + "</p><div>dropme " + words(0, k - 2) +
                           "</div></body></html>";
  std::string trec;
  for (int i = 0; i < sample; ++i) trec += trec_doc("D" + std::to_string(100 + i), pages[i]);
  trec += trec_doc("EDGE", edge);
  // A differently shaped tail (one long block per page) that would change K if sampled.
  for (int i = 0; i < 20; ++i) trec += trec_doc("T" + std::to_string(i), "<p>" + words(i, 3) + "</p>");
  write_file(tmp.path / "c.trec", trec);

  IndexOptions o;
  o.inputs = {tmp.path / "c.trec"};
  o.out_dir = tmp.path / "set";
  o.views = views_of({"all", "min-words:auto"});
  o.views.push_back(ViewSpec{ViewKind::MinWords, static_cast<double>(k), {}});
  o.auto_sample_documents = sample;
  o.threads = 2;
  const IndexSummary s = build_index_set(o, nullptr);
  BOOST_TEST(s.documents == 41u);
  BOOST_TEST(s.views[1].view.threshold == k);

  const Manifest m = read_manifest(o.out_dir);
  const ManifestView& auto_view = m.views[1];
  BOOST_TEST(auto_view.view.auto_threshold);
  BOOST_TEST(auto_view.view.threshold == k);
  BOOST_TEST(auto_view.fit.threshold == k);
  BOOST_TEST(auto_view.fit.sample_documents == static_cast<std::uint64_t>(sample));
  BOOST_TEST(auto_view.fit.blocks > 0u);
  BOOST_TEST(auto_view.fit.weight_short > 0.0);
  BOOST_TEST(auto_view.fit.weight_short < 1.0);
  BOOST_TEST(auto_view.fit.p_short > auto_view.fit.p_long);
  BOOST_TEST(auto_view.fit.r_squared_adjusted <= 1.0);
  BOOST_TEST(m.find_view("min-words:auto") == &auto_view);
  // An explicit min-words:K exists, so that name finds it; the auto view answers to
  // min-words:K only when no view has that name (checked below without the explicit one).
  BOOST_TEST(m.find_view("min-words:" + std::to_string(k)) == &m.views[2]);

  Xapian::Database av((o.out_dir / "views/min-words-auto").string());
  Xapian::Database kv((o.out_dir / "views" / m.views[2].view.directory_name()).string());
  BOOST_TEST(av.term_exists("keepme"));
  BOOST_TEST(!av.term_exists("dropme"));
  BOOST_REQUIRE(av.get_doccount() == kv.get_doccount());
  for (Xapian::docid d = 1; d <= av.get_lastdocid(); ++d) {
    BOOST_TEST_CONTEXT("docid " << d) {
      const Xapian::Document a = av.get_document(d), b = kv.get_document(d);
      BOOST_TEST(dump_terms(av, d) == dump_terms(kv, d), boost::test_tools::per_element());
      BOOST_TEST(a.get_value(value_text) == b.get_value(value_text));
    }
  }

  // Without the explicit view, "min-words:K" finds the auto view; a larger sample that
  // takes in the tail fits on more documents (at most the collection).
  auto o2 = o;
  o2.out_dir = tmp.path / "set2";
  o2.views = views_of({"min-words:auto"});
  o2.auto_sample_documents = 1000;
  (void)build_index_set(o2, nullptr);
  const Manifest m2 = read_manifest(o2.out_dir);
  BOOST_TEST(m2.views[0].fit.sample_documents == 41u);
  BOOST_TEST(m2.find_view("min-words:" + std::to_string(m2.views[0].fit.threshold)) == &m2.views[0]);
  BOOST_TEST(m2.find_view("min-words-" + std::to_string(m2.views[0].fit.threshold)) == &m2.views[0]);
  BOOST_TEST(m2.find_view("min-words:" + std::to_string(m2.views[0].fit.threshold + 1)) == nullptr);
}

// A resumed run keeps the K it started with; a sample that does not separate is an error
// naming the way out.
BOOST_AUTO_TEST_CASE(resume_keeps_k_and_an_inseparable_sample_is_an_error) {
  TempDir tmp;
  std::string trec;
  for (int i = 0; i < 12; ++i) trec += trec_doc("D" + std::to_string(100 + i), blog_page(i));
  trec += "<DOC>\n<DOCNO></DOCNO>\n</DOC>\n";  // broken: stops a --strict run
  for (int i = 12; i < 16; ++i) trec += trec_doc("D" + std::to_string(100 + i), blog_page(i));
  write_file(tmp.path / "c.trec", trec);

  IndexOptions o;
  o.inputs = {tmp.path / "c.trec"};
  o.out_dir = tmp.path / "set";
  o.views = views_of({"all", "min-words:auto"});
  o.auto_sample_documents = 12;
  o.commit_interval = 4;
  o.batch_documents = 2;
  o.strict = true;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::IndexError);
  BOOST_REQUIRE(fs::exists(o.out_dir / "state.json"));

  // Resuming with a sample that would fit differently still uses the stored K.
  o.strict = false;
  o.existing = ExistingOutput::Resume;
  o.auto_sample_documents = 16;
  (void)build_index_set(o, nullptr);
  auto clean = o;
  clean.existing = ExistingOutput::Refuse;
  clean.out_dir = tmp.path / "clean";
  clean.auto_sample_documents = 12;
  (void)build_index_set(clean, nullptr);
  const Manifest a = read_manifest(o.out_dir), b = read_manifest(clean.out_dir);
  BOOST_TEST(a.views[1].fit.threshold == b.views[1].fit.threshold);
  BOOST_TEST(a.views[1].fit.sample_documents == 12u);
  BOOST_TEST(a.views[1].terms == b.views[1].terms);

  // Every block has the same number of words: nothing to separate.
  std::string flat;
  for (int i = 0; i < 5; ++i) flat += trec_doc("F" + std::to_string(i), "<p>" + words(i, 4) + "</p><p>" + words(i + 9, 4) + "</p>");
  write_file(tmp.path / "flat.trec", flat);
  IndexOptions f;
  f.inputs = {tmp.path / "flat.trec"};
  f.out_dir = tmp.path / "flat";
  f.views = views_of({"min-words:auto"});
  BOOST_CHECK_EXCEPTION((void)build_index_set(f, nullptr), boilerdex::IndexError, [](const auto& e) {
    const std::string w = e.what();
    return w.find("min-words:auto") != std::string::npos && w.find("do not separate") != std::string::npos &&
           w.find("min-words:K") != std::string::npos;
  });
}

BOOST_AUTO_TEST_SUITE_END()

#include <boost/test/unit_test.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <map>
#include <set>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "boilerdex/indexer/view_selector.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/learned_extractor.hpp"
#include "constant_model.hpp"
#include "temp_dir.hpp"
#include "xapian_dump.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using boilerdex::indexer::test::TempDir;
using boilerdex::indexer::test::save_constant_model;
using boilerdex::indexer::test::dump_terms;

namespace {

const fs::path fixtures = fs::path(BOILERDEX_FIXTURES_DIR) / "indexer";


std::vector<ViewSpec> views_of(std::initializer_list<const char*> specs) {
  std::vector<ViewSpec> out;
  for (const char* s : specs)
    for (ViewSpec& v : parse_view_specs(s)) out.push_back(v);
  return out;
}

IndexOptions options_for(std::vector<fs::path> inputs, const fs::path& out, InputFormat format = InputFormat::Trec) {
  IndexOptions o;
  o.inputs = std::move(inputs);
  o.out_dir = out;
  o.format = format;
  o.views = views_of({"all", "min-words:10", "min-density:5", "extractor:article"});
  o.threads = 2;
  return o;
}

/// Runs \p o (inputs with broken.trec after at least two good pages) with one page per
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

/// docid → DOCNO (the document data) of one view.
std::map<Xapian::docid, std::string> docnos(const fs::path& db_path) {
  Xapian::Database db(db_path.string());
  std::map<Xapian::docid, std::string> out;
  for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it) out[*it] = db.get_document(*it).get_data();
  return out;
}

/// A stored document's terms, without the ID term.
std::vector<std::string> stored_terms(const Xapian::Database& db, Xapian::docid did) {
  std::vector<std::string> out;
  for (std::string& line : dump_terms(db, did))
    if (line.rfind(std::string(docno_prefix), 0) != 0) out.push_back(std::move(line));
  return out;
}

/// What TermGenerator gives for \p page's title and then the blocks \p view keeps, with
/// positions when the default TermSettings give \p view positions (not the sweep views).
std::vector<std::string> reference_terms(const RawDocument& page, const ViewSpec& view) {
  const auto decoded = boilerdex::plugin::decode_to_utf8(page.body, page.declared_charset);
  const auto parsed = boilerdex::plugin::segment_html(decoded.utf8);
  std::vector<std::uint8_t> keep;
  ViewSelector({view}).select(parsed, decoded.utf8, keep);
  Xapian::TermGenerator tg;
  TermMaker::configure(tg, TermSettings{});
  Xapian::Document doc;
  tg.set_document(doc);
  std::string title;  // whitespace collapsed, as the indexer stores it
  for (const char c : parsed.title) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    if (space) {
      if (!title.empty() && title.back() != ' ') title += ' ';
    } else {
      title += c;
    }
  }
  if (!title.empty() && title.back() == ' ') title.pop_back();
  const bool positions = view_has_positions(TermSettings{}, view);
  const auto index = [&](const std::string& text) {
    if (positions) tg.index_text(text);
    else tg.index_text_without_positions(text);
  };
  index(title);
  tg.index_text_without_positions(title, 1, std::string(title_prefix));
  if (!title.empty()) tg.increase_termpos(TermMaker::title_gap);
  for (std::size_t i = 0; i < parsed.blocks.size(); ++i)
    if (keep[i]) index(parsed.blocks[i].text);
  return dump_terms(doc);
}

/// The text of the blocks \p view keeps of \p page, joined by '\n' (uncut value_text).
std::string reference_text(const RawDocument& page, const ViewSpec& view) {
  const auto decoded = boilerdex::plugin::decode_to_utf8(page.body, page.declared_charset);
  const auto parsed = boilerdex::plugin::segment_html(decoded.utf8);
  std::vector<std::uint8_t> keep;
  ViewSelector({view}).select(parsed, decoded.utf8, keep);
  std::string text;
  for (std::size_t i = 0; i < parsed.blocks.size(); ++i) {
    if (!keep[i]) continue;
    if (!text.empty()) text += '\n';
    text += parsed.blocks[i].text;
  }
  return text;
}

/// Every view of \p dir holds the same docno at every docid; returns that map.
std::map<Xapian::docid, std::string> check_aligned(const fs::path& dir, const std::vector<ViewSpec>& views) {
  const auto first = docnos(dir / "views" / views.front().directory_name());
  for (const ViewSpec& v : views) {
    BOOST_TEST_CONTEXT(v.spec()) {
      const auto map = docnos(dir / "views" / v.directory_name());
      BOOST_TEST(map == first);
    }
  }
  return first;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(index_builder)

BOOST_AUTO_TEST_CASE(every_view_holds_every_document_in_the_same_order) {
  TempDir tmp;
  const auto o = options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec"}, tmp.path / "set");
  const IndexSummary s = build_index_set(o, nullptr);
  // sample: 4 pages, one without text; broken: BROKEN-0, -2, -5 indexed, 6 skipped.
  BOOST_TEST(s.documents == 7u);
  BOOST_TEST(s.empty == 1u);
  BOOST_TEST(s.skipped == 6u);
  BOOST_TEST(s.input_files == 2u);
  BOOST_TEST(s.totals.documents == 7u);
  BOOST_TEST(s.totals.skipped_by_reason.at("broken-record") == 3u);
  // Per input, in the manifest (streamed there through inputs.jsonl, which is gone now).
  const Manifest m = read_manifest(tmp.path / "set");
  BOOST_REQUIRE(m.inputs.size() == 2u);
  BOOST_TEST(m.inputs[0].documents == 4u);
  BOOST_TEST(m.inputs[0].empty == 1u);
  BOOST_TEST(m.inputs[1].documents == 3u);
  BOOST_TEST(m.inputs[1].skipped == 6u);
  BOOST_TEST(m.inputs[1].skipped_by_reason.at("broken-record") == 3u);
  BOOST_TEST(m.inputs[1].skipped_by_reason.at("bad-docno") == 1u);  // the duplicate BROKEN-0
  BOOST_TEST(m.inputs[1].skipped_by_reason.at("not-html") == 1u);
  BOOST_TEST(m.inputs[1].skipped_by_reason.at("truncated-input") == 1u);
  BOOST_TEST(!fs::exists(tmp.path / "set/inputs.jsonl"));
  BOOST_TEST(!fs::exists(tmp.path / "set/state.json"));

  const auto map = check_aligned(tmp.path / "set", o.views);
  BOOST_REQUIRE(map.size() == 7u);
  BOOST_TEST(map.at(1) == "BLOG06-T01-0000000000");
  BOOST_TEST(map.at(5) == "BROKEN-0");
  BOOST_TEST(map.at(7) == "BROKEN-5");
  for (const ViewSummary& v : s.views) BOOST_TEST(v.documents == 7u);

  // Docno lookup by ID term, values.
  Xapian::Database all((tmp.path / "set/views/all").string());
  auto pl = all.postlist_begin(docno_term("BLOG06-T01-0000000001"));
  BOOST_REQUIRE(pl != all.postlist_end(docno_term("BLOG06-T01-0000000001")));
  BOOST_TEST(*pl == 2u);
  const Xapian::Document d1 = all.get_document(1);
  BOOST_TEST(d1.get_value(value_docno) == "BLOG06-T01-0000000000");
  BOOST_TEST(d1.get_value(value_url) == "http://feeds.example.org/penguins/march.html");
  BOOST_TEST(d1.get_value(value_title) == "March of the Penguins");
  BOOST_TEST(d1.get_value(value_metadata).find("FEEDNO\tBLOG06-feed-000001\n") != std::string::npos);
  BOOST_TEST(all.term_exists("Spenguin") == false);  // S terms are unstemmed words
  BOOST_TEST(all.term_exists("Spenguins"));
}

// The acceptance check on fixtures: each view's terms for a page equal TermGenerator's on
// the title and the blocks the view keeps, and its value_text holds exactly those blocks'
// text (the fixture's pages fit the default cap).
/// Every document of every view of the index set \p o built holds the terms
/// TermGenerator gives for its kept blocks, and their text as value_text.
void check_views_against_term_generator(const IndexOptions& o) {
  auto reader = open_collection_file(o.inputs.front(), InputFormat::Trec, 20u << 20);
  ReadItem item;
  Xapian::docid did = 0;
  std::size_t texts = 0;
  while (reader->next(item)) {
    BOOST_REQUIRE((item.kind == ReadItem::Kind::Document));
    ++did;
    for (const ViewSpec& v : o.views) {
      BOOST_TEST_CONTEXT(item.document.docno << " in " << v.spec()) {
        Xapian::Database db((o.out_dir / "views" / v.directory_name()).string());
        const Xapian::Document doc = db.get_document(did);
        BOOST_TEST(stored_terms(db, did) == reference_terms(item.document, v), boost::test_tools::per_element());
        const std::string text = reference_text(item.document, v);
        BOOST_REQUIRE(text.size() <= o.snippet_bytes);
        BOOST_TEST(doc.get_value(value_text) == text);
        texts += !text.empty();
      }
    }
  }
  BOOST_TEST(did == 4u);
  BOOST_TEST(texts >= 4u);  // real text was compared, not only absent values
}

BOOST_AUTO_TEST_CASE(view_terms_equal_term_generator_on_the_kept_blocks) {
  TempDir tmp;
  const auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
  (void)build_index_set(o, nullptr);
  check_views_against_term_generator(o);
}

// A writer carries a page's document from view to view and adds only the blocks the next
// view keeps beyond the last one: nested thresholds, listed either way round, on one and on
// two writer threads, must still give each view exactly its own blocks (and no others).
BOOST_AUTO_TEST_CASE(threshold_sweeps_give_each_view_exactly_its_blocks) {
  for (const char* sweep : {"min-words:1,2,3,5,8,13,50", "min-words:50,13,8,5,3,2,1"}) {
    for (const unsigned threads : {1u, 2u}) {
      BOOST_TEST_CONTEXT(sweep << ", " << threads << " threads") {
        TempDir tmp;
        auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
        o.views = views_of({sweep, "min-density:1,2,4,8,16", "extractor:article", "all"});
        o.threads = threads;
        o.snippet_bytes = 1u << 20;
        (void)build_index_set(o, nullptr);
        check_views_against_term_generator(o);
      }
    }
  }
}

// The cap cuts on a character boundary: a cap ending inside "é" keeps the bytes before it.
BOOST_AUTO_TEST_CASE(value_text_is_cut_on_a_utf8_boundary_and_absent_without_a_cap) {
  auto reader = open_collection_file(fixtures / "trec/sample.trec", InputFormat::Trec, 20u << 20);
  ReadItem item;
  BOOST_REQUIRE(reader->next(item));  // the penguin page: its footer says "Café crème"
  const ViewSpec all = views_of({"all"}).front();
  const std::string full = reference_text(item.document, all);
  const std::size_t e_acute = full.find("\xC3\xA9");
  BOOST_REQUIRE(e_acute != std::string::npos);

  TempDir tmp;
  auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "cut");
  o.views = {all};
  o.snippet_bytes = e_acute + 1;  // inside the two bytes of "é"
  (void)build_index_set(o, nullptr);
  {
    Xapian::Database db((tmp.path / "cut/views/all").string());
    BOOST_TEST(db.get_document(1).get_value(value_text) == full.substr(0, e_acute));
  }

  o.out_dir = tmp.path / "none";
  o.snippet_bytes = 0;
  (void)build_index_set(o, nullptr);
  Xapian::Database db((tmp.path / "none/views/all").string());
  for (Xapian::docid d = 1; d <= db.get_lastdocid(); ++d) BOOST_TEST(db.get_document(d).get_value(value_text).empty());
  BOOST_TEST(db.get_value_freq(value_text) == 0u);
}

BOOST_AUTO_TEST_CASE(manifest_records_views_inputs_and_counts) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/sample.trec.gz"}, tmp.path / "set");
  o.config_toml = "[indexing]\ncommit_interval = 7\n";
  const IndexSummary s = build_index_set(o, nullptr);
  BOOST_TEST(!fs::exists(tmp.path / "set/state.json"));
  const Manifest m = read_manifest(tmp.path / "set");
  BOOST_TEST(m.complete);
  BOOST_TEST(m.format == "trec");
  BOOST_TEST(m.config_toml == o.config_toml);
  BOOST_TEST(!m.program_version.empty());
  BOOST_TEST(m.created.size() == 20u);
  BOOST_REQUIRE(m.views.size() == 4u);
  BOOST_TEST(m.views[1].view.spec() == "min-words:10");
  BOOST_TEST(m.views[1].path == "views/min-words-10");
  BOOST_TEST(m.views[0].terms == s.views[0].terms);
  BOOST_TEST(m.views[0].terms > m.views[1].terms);
  BOOST_TEST(m.find_view("min-density-5") == &m.views[2]);
  BOOST_TEST(m.find_view("extractor:article") == &m.views[3]);
  BOOST_TEST(m.find_view("nope") == nullptr);
  BOOST_REQUIRE(m.inputs.size() == 1u);
  BOOST_TEST(m.inputs[0].bytes == fs::file_size(fixtures / "trec/sample.trec.gz"));
  BOOST_TEST(m.inputs[0].sha256.size() == 64u);
  BOOST_TEST(m.documents == 4u);
  BOOST_TEST(m.empty == 1u);
  // The same bytes give the same checksum.
  const fs::path copy = tmp.path / "copy.trec.gz";
  fs::copy_file(fixtures / "trec/sample.trec.gz", copy);
  (void)build_index_set(options_for({copy}, tmp.path / "set2"), nullptr);
  BOOST_TEST(read_manifest(tmp.path / "set2").inputs[0].sha256 == m.inputs[0].sha256);
}

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

BOOST_AUTO_TEST_CASE(html_file_trees_use_relative_paths_as_docnos) {
  TempDir tmp;
  const auto o = options_for({fixtures / "files"}, tmp.path / "set", InputFormat::Files);
  const IndexSummary s = build_index_set(o, nullptr);
  BOOST_TEST(s.documents == 3u);
  BOOST_TEST(s.skipped == 1u);
  const auto map = check_aligned(tmp.path / "set", o.views);
  BOOST_TEST(map.at(1) == "blog/2005/first.html");
  BOOST_TEST(map.at(2) == "blog/2005/second.html.gz");
  BOOST_TEST(map.at(3) == "index.htm");
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

// Sweep views have no termlist unless sweep_termlists asks for one; the other views always
// have theirs, and the manifest says which way the set was built.
BOOST_AUTO_TEST_CASE(sweep_views_have_no_termlists_unless_asked) {
  for (const bool asked : {false, true}) {
    BOOST_TEST_CONTEXT("sweep_termlists " << asked) {
      TempDir tmp;
      auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
      o.terms.sweep_termlists = asked;
      (void)build_index_set(o, nullptr);
      BOOST_TEST(read_manifest(o.out_dir).terms.sweep_termlists == asked);
      for (const ViewSpec& v : o.views) {
        BOOST_TEST_CONTEXT(v.spec()) {
          const bool sweep = v.kind == ViewKind::MinWords || v.kind == ViewKind::MinDensity;
          BOOST_TEST(view_has_termlist(o.terms, v) == (asked || !sweep));
          Xapian::Database db((o.out_dir / "views" / v.directory_name()).string());
          const Xapian::Document doc = db.get_document(1);
          if (asked || !sweep) {
            BOOST_TEST(dump_terms(doc) == dump_terms(db, 1), boost::test_tools::per_element());
          } else {
            BOOST_CHECK_THROW((void)doc.termlist_begin(), Xapian::FeatureUnavailableError);
            BOOST_TEST(!dump_terms(db, 1).empty());  // the postlists are all there
            BOOST_TEST(db.get_doclength(1) > 0u);
            BOOST_TEST(doc.get_value(value_docno) == doc.get_data());
          }
        }
      }
    }
  }
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

// Segmenter limits degrade a page (truncate) and are counted per input, in the summary,
// state and manifest; the counts equal what segment_html reports for each page.
BOOST_AUTO_TEST_SUITE(segmenter_limits)

BOOST_AUTO_TEST_CASE(pages_hitting_a_limit_are_indexed_and_counted_per_input) {
  TempDir tmp;
  auto o = options_for({fixtures / "trec/sample.trec", fixtures / "trec/broken.trec"}, tmp.path / "set");
  o.limits.max_depth = 6;
  o.limits.max_blocks = 3;
  o.limits.max_block_bytes = 40;
  std::vector<std::array<std::uint64_t, 4>> expected(o.inputs.size(), {0, 0, 0, 0});
  std::set<std::string> seen;  // a duplicate DOCNO is skipped, not indexed
  for (std::size_t f = 0; f < o.inputs.size(); ++f) {
    auto reader = open_collection_file(o.inputs[f], InputFormat::Trec, 20u << 20);
    ReadItem item;
    while (reader->next(item)) {
      if (item.kind != ReadItem::Kind::Document || !seen.insert(item.document.docno).second) continue;
      boilerdex::plugin::SegmentStats st;
      const auto decoded = boilerdex::plugin::decode_to_utf8(item.document.body, item.document.declared_charset);
      (void)boilerdex::plugin::segment_html(decoded.utf8, o.limits, &st);
      expected[f][0] += st.depth_limited || st.blocks_limited || st.truncated_blocks > 0;
      expected[f][1] += st.depth_limited;
      expected[f][2] += st.blocks_limited;
      expected[f][3] += st.truncated_blocks > 0;
    }
  }
  const IndexSummary s = build_index_set(o, nullptr);
  BOOST_TEST(s.documents == 7u);  // nothing is skipped for hitting a limit
  const Manifest m = read_manifest(tmp.path / "set");
  std::uint64_t limited = 0;
  for (std::size_t f = 0; f < o.inputs.size(); ++f) {
    BOOST_TEST_CONTEXT(o.inputs[f]) {
      const ManifestInput& mi = m.inputs[f];
      const std::array<std::uint64_t, 4> stored{mi.limited, mi.depth_limited, mi.blocks_limited, mi.block_truncated};
      BOOST_TEST(stored == expected[f], boost::test_tools::per_element());
      limited += mi.limited;
    }
  }
  BOOST_TEST(s.limited == limited);
  BOOST_TEST(s.totals.limited == limited);
  BOOST_TEST(s.totals.block_truncated == expected[0][3] + expected[1][3]);
  BOOST_TEST(expected[0][2] > 0u);  // the limits were really hit (sample.trec's pages have more blocks)
  BOOST_TEST(expected[0][3] > 0u);

  // The summary table names them (the total row; no input was reported to this sink).
  std::ostringstream text;
  make_terminal_progress(text, false)->finished(s);
  BOOST_TEST(text.str().find("hit a segmenter limit") != std::string::npos);
  BOOST_TEST(text.str().find("limits: ") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

// A run with a single view indexes pages straight into its documents (no per-block
// postings); the documents equal that view's in a run with several views.
BOOST_AUTO_TEST_SUITE(single_view)

BOOST_AUTO_TEST_CASE(a_view_alone_equals_the_same_view_among_others) {
  TempDir tmp;
  const std::vector<fs::path> inputs = {fixtures / "trec/sample.trec", fixtures / "trec/broken.trec"};
  const auto many = options_for(inputs, tmp.path / "many");
  (void)build_index_set(many, nullptr);
  for (const char* spec : {"extractor:article", "min-words:10", "all"}) {
    BOOST_TEST_CONTEXT(spec) {
      auto one = options_for(inputs, tmp.path / "one");
      one.views = views_of({spec});
      one.existing = ExistingOutput::Overwrite;
      const IndexSummary s = build_index_set(one, nullptr);
      const std::string dir = one.views[0].directory_name();
      Xapian::Database a((tmp.path / "one/views" / dir).string()), b((tmp.path / "many/views" / dir).string());
      BOOST_REQUIRE(a.get_doccount() == b.get_doccount());
      BOOST_TEST(a.get_total_length() == b.get_total_length());
      BOOST_TEST(s.views[0].terms == b.get_total_length());
      for (Xapian::docid d = 1; d <= a.get_lastdocid(); ++d) {
        const Xapian::Document x = a.get_document(d), y = b.get_document(d);
        BOOST_TEST(x.get_data() == y.get_data());
        BOOST_TEST(dump_terms(a, d) == dump_terms(b, d), boost::test_tools::per_element());
        for (const unsigned slot : boilerdex::indexer::test::value_slots) BOOST_TEST(x.get_value(slot) == y.get_value(slot));
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

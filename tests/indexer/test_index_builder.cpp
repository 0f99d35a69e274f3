#include <boost/test/unit_test.hpp>

// The index-set build: what its views hold (every document in the same order, each view's
// terms and text, the manifest), segmenter limits counted, a single view, and batches
// written while the next is analysed. Resume: test_index_resume.cpp; refusals, --strict and
// progress: test_index_run_checks.cpp.

#include <array>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/indexer/collection_reader.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/term_postings.hpp"
#include "boilerdex/indexer/view_selector.hpp"
#include "boilerdex/plugin/charset.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "index_set_helpers.hpp"
#include "temp_dir.hpp"
#include "xapian_dump.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using namespace boilerdex::indexer::test;  // TempDir, fixtures, options_for, ...

namespace {

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

/// \p text as value_text holds it under a cap of \p cap bytes: cut on a character boundary,
/// without a '\n' left at its end.
std::string snippet_of(std::string text, std::size_t cap) {
  if (text.size() > cap) {
    std::size_t cut = cap;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text.resize(cut);
  }
  if (!text.empty() && text.back() == '\n') text.pop_back();
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
        const std::string text = snippet_of(reference_text(item.document, v), o.snippet_bytes);
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

// A document carried from view to view gets each view's own value_text: under caps that
// the pages' kept text fills early, late or never, it is that view's blocks' text, cut.
BOOST_AUTO_TEST_CASE(a_carried_document_has_each_views_own_snippet) {
  for (const std::uint64_t cap : {24u, 60u, 150u, 400u, 1500u}) {
    BOOST_TEST_CONTEXT("snippet_bytes " << cap) {
      TempDir tmp;
      auto o = options_for({fixtures / "trec/sample.trec"}, tmp.path / "set");
      o.views = views_of({"min-words:1,2,3,4,5,6,8,10,13,20,50", "min-density:1,2,3,4,6,8,16"});
      o.threads = 1;
      o.snippet_bytes = cap;
      (void)build_index_set(o, nullptr);
      check_views_against_term_generator(o);
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

// Batches written while the next is read and analysed give the same index set as one batch
// at a time: small batches and commits (many of each), several inputs, a skipped duplicate
// DOCNO, sweep views whose documents are carried from view to view.
BOOST_AUTO_TEST_CASE(overlapped_batches_give_the_same_views_as_one_batch_at_a_time) {
  TempDir tmp;
  const std::vector<fs::path> inputs = {fixtures / "trec/sample.trec", fixtures / "trec/broken.trec",
                                        fixtures / "trec/two-members.trec.gz", fixtures / "trec/sample.trec.gz"};
  IndexOptions o = options_for(inputs, tmp.path / "overlap");
  o.views = views_of({"all", "min-words:1,2,3,5,8", "extractor:article", "extractor:best"});
  o.batch_documents = 2;
  o.commit_interval = 3;
  IndexOptions one = o;
  one.out_dir = tmp.path / "one";
  one.overlap_batches = false;
  BOOST_REQUIRE(o.overlap_batches);
  const IndexSummary a = build_index_set(o, nullptr);
  const IndexSummary b = build_index_set(one, nullptr);
  BOOST_TEST(a.documents == b.documents);
  BOOST_TEST(a.skipped == b.skipped);
  BOOST_TEST(a.documents > 2 * o.batch_documents);  // several batches in flight
  const Manifest ma = read_manifest(o.out_dir), mb = read_manifest(one.out_dir);
  BOOST_REQUIRE(ma.inputs.size() == mb.inputs.size());
  for (std::size_t f = 0; f < ma.inputs.size(); ++f) {
    BOOST_TEST(ma.inputs[f].documents == mb.inputs[f].documents);
    BOOST_TEST(ma.inputs[f].skipped == mb.inputs[f].skipped);
    BOOST_TEST(ma.inputs[f].sha256 == mb.inputs[f].sha256);
  }
  BOOST_REQUIRE(ma.views.size() == o.views.size());
  for (std::size_t v = 0; v < o.views.size(); ++v) {
    BOOST_TEST_CONTEXT(o.views[v].spec()) {
      BOOST_TEST(ma.views[v].documents == mb.views[v].documents);
      BOOST_TEST(ma.views[v].empty_documents == mb.views[v].empty_documents);
      BOOST_TEST(ma.views[v].terms == mb.views[v].terms);
      const std::string dir = o.views[v].directory_name();
      Xapian::Database x((o.out_dir / "views" / dir).string()), y((one.out_dir / "views" / dir).string());
      BOOST_REQUIRE(x.get_lastdocid() == y.get_lastdocid());
      for (Xapian::docid d = 1; d <= x.get_lastdocid(); ++d) {
        const Xapian::Document dx = x.get_document(d), dy = y.get_document(d);
        BOOST_TEST(dx.get_data() == dy.get_data());
        BOOST_TEST(dump_terms(x, d) == dump_terms(y, d), boost::test_tools::per_element());
        BOOST_TEST(boilerdex::indexer::test::dump_values(dx) == boilerdex::indexer::test::dump_values(dy),
                   boost::test_tools::per_element());
      }
    }
  }
}

// One view's buffered postings past max_view_pending_postings commit every view early (Xapian
// merges small lots faster), with no other commit due; the views hold the same documents.
BOOST_AUTO_TEST_CASE(one_view_past_its_cap_commits_early) {
  TempDir tmp;
  const std::vector<fs::path> inputs = {fixtures / "trec/sample.trec", fixtures / "trec/sample.trec.gz"};
  IndexOptions o = options_for(inputs, tmp.path / "capped");
  o.views = views_of({"all", "min-words:5"});
  o.batch_documents = 2;
  o.commit_interval = 1000;
  o.max_pending_postings = 1u << 30;
  IndexOptions uncapped = o;
  uncapped.out_dir = tmp.path / "uncapped";
  uncapped.max_view_pending_postings = 1u << 30;
  o.max_view_pending_postings = 20;
  const IndexSummary a = build_index_set(o, nullptr);
  const IndexSummary b = build_index_set(uncapped, nullptr);
  BOOST_TEST(b.commits == 1u);  // only the last
  BOOST_TEST(a.commits > 2u);
  BOOST_TEST(a.documents == b.documents);
  for (const char* dir : {"all", "min-words-5"}) {
    BOOST_TEST_CONTEXT(dir) {
      Xapian::Database x((o.out_dir / "views" / dir).string()), y((uncapped.out_dir / "views" / dir).string());
      BOOST_REQUIRE(x.get_lastdocid() == y.get_lastdocid());
      for (Xapian::docid d = 1; d <= x.get_lastdocid(); ++d)
        BOOST_TEST(dump_terms(x, d) == dump_terms(y, d), boost::test_tools::per_element());
    }
  }
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

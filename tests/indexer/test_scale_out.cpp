#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>
#include <xapian.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/indexer/document_layout.hpp"
#include "boilerdex/indexer/index_builder.hpp"
#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/indexer/shards.hpp"
#include "constant_model.hpp"
#include "temp_dir.hpp"
#include "xapian_dump.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using boilerdex::indexer::test::TempDir;
using boilerdex::indexer::test::dump_terms;
using boilerdex::indexer::test::dump_values;

namespace {

const char* const words[] = {"river", "market", "archive", "comment", "weather", "garden", "station",
                             "letter",  "harbor", "signal",  "profile", "window",  "engine", "meadow"};

/// A TREC file of \p docs pages: a long article paragraph, short navigation links and a
/// footer, with words varying by file and document, so views keep different blocks.
void write_trec(const fs::path& path, int file, int docs) {
  std::ofstream out(path, std::ios::binary);
  for (int d = 0; d < docs; ++d) {
    out << "<DOC>\n<DOCNO>GEN-" << file << "-" << d << "</DOCNO>\n<DOCHDR>\nhttp://example.org/" << file << "/" << d
        << "\n</DOCHDR>\n<html><head><title>Page " << words[(file + d) % 14] << " " << d << "</title></head><body>\n"
        << "<ul><li><a href=\"/\">home</a></li><li><a href=\"/a\">" << words[d % 14] << "</a></li></ul>\n<p>";
    const int length = 5 + (file * 7 + d * 13) % 60;
    for (int w = 0; w < length; ++w) out << words[(file * 3 + d * 5 + w * w) % 14] << (w % 9 == 8 ? ". " : " ");
    out << "</p>\n";
    if (d % 3 == 0) out << "<div>short " << words[(d + 2) % 14] << " note</div>\n";
    out << "<p>Copyright example.org</p></body></html>\n</DOC>\n";
  }
}

/// Six generated files of 9–19 pages (84 documents).
std::vector<fs::path> generated_inputs(const fs::path& dir) {
  std::vector<fs::path> files;
  for (int f = 0; f < 6; ++f) {
    files.push_back(dir / ("part-" + std::to_string(f) + ".trec"));
    write_trec(files.back(), f, 9 + 2 * f);
  }
  return files;
}

IndexOptions options_for(const std::vector<fs::path>& inputs, const fs::path& out, unsigned threads) {
  IndexOptions o;
  o.inputs = inputs;
  o.out_dir = out;
  o.threads = threads;
  for (const char* spec : {"all", "min-words:10", "min-density:5", "extractor:article"})
    for (ViewSpec& v : parse_view_specs(spec)) o.views.push_back(v);
  return o;
}

/// Everything a view stores, docid by docid: data, terms with wdf and positions, values.
std::vector<std::string> dump_view(const fs::path& db_path) {
  const Xapian::Database db(db_path.string());
  std::vector<std::string> out{"doccount " + std::to_string(db.get_doccount()),
                               "lastdocid " + std::to_string(db.get_lastdocid()),
                               "total_length " + std::to_string(db.get_total_length())};
  for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it) {
    const Xapian::Document doc = db.get_document(*it);
    out.push_back("doc " + std::to_string(*it) + " " + doc.get_data());
    for (std::string& t : dump_terms(db, *it)) out.push_back(std::move(t));
    for (std::string& v : dump_values(doc)) out.push_back(std::move(v));
  }
  return out;
}

/// One document's stored content keyed by DOCNO (docids differ between a merged set and
/// a single database).
std::map<std::string, std::vector<std::string>> dump_by_docno(const fs::path& db_path) {
  const Xapian::Database db(db_path.string());
  std::map<std::string, std::vector<std::string>> out;
  for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it) {
    const Xapian::Document doc = db.get_document(*it);
    std::vector<std::string> lines = dump_terms(db, *it);
    for (std::string& v : dump_values(doc)) lines.push_back(std::move(v));
    BOOST_REQUIRE(out.emplace(doc.get_data(), std::move(lines)).second);
  }
  return out;
}

/// The BM25 matches as (DOCNO, weight), in DOCNO order (weights then fix the ranking).
std::vector<std::pair<std::string, double>> ranking(const fs::path& db_path, const std::string& query) {
  const Xapian::Database db(db_path.string());
  Xapian::Enquire enquire(db);
  Xapian::QueryParser qp;
  qp.set_database(db);
  qp.set_stemmer(Xapian::Stem("english"));
  qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
  enquire.set_query(qp.parse_query(query));
  enquire.set_docid_order(Xapian::Enquire::DONT_CARE);
  std::vector<std::pair<std::string, double>> out;
  const Xapian::MSet mset = enquire.get_mset(0, 1000);
  for (auto it = mset.begin(); it != mset.end(); ++it) out.emplace_back(it.get_document().get_data(), it.get_weight());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scale_out)

BOOST_AUTO_TEST_CASE(thread_count_does_not_change_the_index) {
  TempDir tmp("threads");
  const std::vector<fs::path> inputs = generated_inputs(tmp.path);
  IndexOptions one = options_for(inputs, tmp.path / "one", 1);
  IndexOptions two = options_for(inputs, tmp.path / "two", 2);
  IndexOptions three = options_for(inputs, tmp.path / "three", 3);
  three.batch_documents = 5;  // other batch and commit boundaries
  three.commit_interval = 7;
  const IndexSummary s1 = build_index_set(one, nullptr);
  (void)build_index_set(two, nullptr);
  (void)build_index_set(three, nullptr);
  BOOST_TEST(s1.documents == 84u);
  for (const ViewSpec& v : one.views) {
    BOOST_TEST_CONTEXT("view " << v.spec()) {
      const std::vector<std::string> a = dump_view(tmp.path / "one" / "views" / v.directory_name());
      const std::vector<std::string> b = dump_view(tmp.path / "two" / "views" / v.directory_name());
      const std::vector<std::string> c = dump_view(tmp.path / "three" / "views" / v.directory_name());
      BOOST_TEST(a.size() > 84u * 4);
      BOOST_TEST(a == b, boost::test_tools::per_element());
      BOOST_TEST(a == c, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(merged_shards_search_like_one_index) {
  TempDir tmp("shards");
  const std::vector<fs::path> inputs = generated_inputs(tmp.path);
  const IndexOptions whole = options_for(inputs, tmp.path / "whole", 2);
  const IndexSummary full = build_index_set(whole, nullptr);
  std::vector<fs::path> shard_dirs;
  for (std::uint32_t i : {2u, 0u, 1u}) {  // order given does not matter
    IndexOptions o = options_for(inputs, tmp.path / ("shard-" + std::to_string(i)), 1);
    o.shard_index = i;
    o.shard_count = 3;
    const IndexSummary s = build_index_set(o, nullptr);
    BOOST_TEST(s.input_files == 2u);  // files i and i + 3
    const Manifest m = read_manifest(o.out_dir);
    BOOST_TEST_REQUIRE(m.inputs.size() == 2u);
    BOOST_TEST(m.inputs[0].path == inputs[i].string());
    BOOST_TEST(m.inputs[1].path == inputs[i + 3].string());
    BOOST_TEST(m.shard_index == i);
    BOOST_TEST(m.shard_count == 3u);
    shard_dirs.push_back(o.out_dir);
  }
  const Manifest merged = merge_shards(shard_dirs, tmp.path / "merged", ExistingOutput::Refuse);
  const Manifest reread = read_manifest(tmp.path / "merged");
  const Manifest single = read_manifest(tmp.path / "whole");
  BOOST_TEST(reread.documents == full.documents);
  BOOST_TEST(reread.shards == (std::vector<std::string>{"../shard-0", "../shard-1", "../shard-2"}),
             boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(reread.inputs.size() == single.inputs.size());
  for (std::size_t i = 0; i < single.inputs.size(); ++i) {
    BOOST_TEST(reread.inputs[i].path == single.inputs[i].path);
    BOOST_TEST(reread.inputs[i].documents == single.inputs[i].documents);
    BOOST_TEST(reread.inputs[i].sha256 == single.inputs[i].sha256);
    BOOST_TEST(reread.inputs[i].bytes == single.inputs[i].bytes);
    BOOST_TEST(reread.inputs[i].skipped_by_reason == single.inputs[i].skipped_by_reason);
  }
  BOOST_TEST(merged.inputs.empty());  // streamed to the file, not returned
  BOOST_TEST_REQUIRE(reread.views.size() == single.views.size());
  for (std::size_t v = 0; v < single.views.size(); ++v) {
    BOOST_TEST_CONTEXT("view " << single.views[v].view.spec()) {
      BOOST_TEST(reread.views[v].path == single.views[v].path);
      BOOST_TEST(reread.views[v].documents == single.views[v].documents);
      BOOST_TEST(reread.views[v].empty_documents == single.views[v].empty_documents);
      BOOST_TEST(reread.views[v].terms == single.views[v].terms);
      const fs::path stub = tmp.path / "merged" / reread.views[v].path;
      BOOST_TEST(fs::is_regular_file(stub));
      const fs::path one = tmp.path / "whole" / single.views[v].path;
      BOOST_TEST((dump_by_docno(stub) == dump_by_docno(one)));
      for (const char* q : {"river market", "weather", "harbor signal engine", "page meadow"}) {
        BOOST_TEST_CONTEXT("query " << q) {
          const auto a = ranking(stub, q), b = ranking(one, q);
          BOOST_TEST_REQUIRE(a.size() == b.size());
          BOOST_TEST(!a.empty());
          for (std::size_t r = 0; r < a.size(); ++r) {
            BOOST_TEST(a[r].first == b[r].first);
            BOOST_TEST(std::abs(a[r].second - b[r].second) < 1e-9);
          }
        }
      }
    }
  }
  BOOST_TEST(merged.views.size() == 4u);
  // An existing output is refused unless overwritten.
  BOOST_CHECK_THROW((void)merge_shards(shard_dirs, tmp.path / "merged", ExistingOutput::Refuse), boilerdex::IndexError);
  BOOST_CHECK_NO_THROW((void)merge_shards(shard_dirs, tmp.path / "merged", ExistingOutput::Overwrite));
}

BOOST_AUTO_TEST_CASE(merge_refuses_shards_that_do_not_belong_together) {
  TempDir tmp("badshards");
  const std::vector<fs::path> inputs = generated_inputs(tmp.path);
  const auto build = [&](const std::string& name, std::uint32_t i, std::uint32_t n, const char* view = "all") {
    IndexOptions o = options_for(inputs, tmp.path / name, 1);
    o.views = parse_view_specs(view);
    o.shard_index = i;
    o.shard_count = n;
    (void)build_index_set(o, nullptr);
    return o.out_dir;
  };
  const fs::path a = build("a", 0, 2), b = build("b", 1, 2), b_words = build("bw", 1, 2, "min-words:10"),
                 whole = build("whole", 0, 1), c = build("c", 1, 3);
  const auto refused = [&](std::vector<fs::path> dirs, const std::string& why) {
    try {
      (void)merge_shards(dirs, tmp.path / "out", ExistingOutput::Refuse);
      BOOST_ERROR("merged although " << why);
    } catch (const boilerdex::IndexError& e) {
      BOOST_TEST(std::string(e.what()).find(why) != std::string::npos, e.what() << " does not say " << why);
    }
  };
  refused({a}, "shard 1/2 is missing");
  refused({a, a}, "are both shard 0/2");
  refused({a, b_words}, "views differ");
  refused({a, whole}, "not a shard");
  refused({a, c}, "is one of 2");
  // The same file in two shards (given once per worker under two names) is caught.
  fs::copy_file(inputs[0], tmp.path / "copy.trec");
  IndexOptions dup = options_for({inputs[1], tmp.path / "copy.trec"}, tmp.path / "dup", 1);
  dup.views = parse_view_specs("all");
  dup.shard_index = 1;
  dup.shard_count = 2;
  (void)build_index_set(dup, nullptr);
  refused({a, tmp.path / "dup"}, "is in two shards");
  // The same view spec over a model file that changed between the shards' builds.
  const std::string learned = "extractor:learned:" + (tmp.path / "model.json").string();
  test::save_constant_model(tmp.path / "model.json", 1.0);
  const fs::path a_model = build("am", 0, 2, learned.c_str());
  test::save_constant_model(tmp.path / "model.json", 0.0);
  refused({a_model, build("bm", 1, 2, learned.c_str())}, "views differ");
  test::save_constant_model(tmp.path / "model.json", 1.0);
  const fs::path b_model = build("bm2", 1, 2, learned.c_str());
  BOOST_TEST(!fs::exists(tmp.path / "out" / "manifest.json"));
  BOOST_CHECK_NO_THROW((void)merge_shards({a_model, b_model}, tmp.path / "out", ExistingOutput::Refuse));
  BOOST_TEST(!read_manifest(tmp.path / "out").views.front().model.sha256.empty());
  fs::remove_all(tmp.path / "out");
  BOOST_CHECK_NO_THROW((void)merge_shards({b, a}, tmp.path / "out", ExistingOutput::Refuse));

  // A shard whose manifest has a damaged input entry: named with the entry's byte offset.
  fs::copy(b, tmp.path / "b-bad", fs::copy_options::recursive);
  std::string text;
  {
    std::ifstream in(tmp.path / "b-bad/manifest.json", std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t inputs_at = text.find("\"inputs\"");
  BOOST_REQUIRE(inputs_at != std::string::npos);
  const std::size_t entry = text.find('{', inputs_at);
  const std::size_t field = text.find("\"documents\"", entry);
  BOOST_REQUIRE(field != std::string::npos);
  text.replace(field, 11, "\"documentz\"");
  std::ofstream(tmp.path / "b-bad/manifest.json", std::ios::binary | std::ios::trunc) << text;
  fs::remove_all(tmp.path / "out");
  refused({a, tmp.path / "b-bad"}, "manifest.json@" + std::to_string(entry) + ": malformed input entry");
}

BOOST_AUTO_TEST_CASE(shard_specs) {
  const ShardSpec s = parse_shard_spec("3/8");
  BOOST_TEST(s.index == 3u);
  BOOST_TEST(s.count == 8u);
  for (const char* bad : {"", "3", "/8", "3/", "8/8", "1/0", "-1/2", "1/2x", "a/b", "1//2"})
    BOOST_CHECK_THROW((void)parse_shard_spec(bad), boilerdex::UsageError);
  TempDir tmp("emptyshard");
  IndexOptions o = options_for(generated_inputs(tmp.path), tmp.path / "s", 1);
  o.shard_index = 6;  // six files: shard 6 of 7 gets none
  o.shard_count = 7;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
  o.shard_index = 2;
  o.shard_count = 2;
  BOOST_CHECK_THROW((void)build_index_set(o, nullptr), boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()

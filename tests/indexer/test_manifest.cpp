#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "boilerdex/indexer/index_error.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace boilerdex::indexer;
using boilerdex::indexer::test::TempDir;

namespace {


Manifest sample() {
  Manifest m;
  m.program_version = "0.1.0";
  m.created = "2026-01-01T00:00:00Z";
  m.format = "warc";
  m.terms.language = "french";
  m.terms.stopwords = {"le"};
  m.terms.positions = false;
  m.config_toml = "[views]\nspecs = [\"all\"]\n";
  for (const char* s : {"all", "min-density:7.5", "extractor:article"}) {
    ManifestView v;
    v.view = parse_view_specs(s).front();
    v.path = "views/" + v.view.directory_name();
    v.documents = 10;
    v.empty_documents = 2;
    v.terms = 1234;
    m.views.push_back(v);
  }
  m.inputs.push_back(ManifestInput{"/data/a.warc.gz", 99, std::string(64, 'a'), 10, 2, 1});
  m.documents = 10;
  m.empty = 2;
  m.skipped = 1;
  m.complete = true;
  return m;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(manifest)

// Reading a manifest builds no extractor: a view whose model file has been deleted since the
// build, or whose extractor lives in a library this program does not load (boilernet:), still
// reads, under the name it was built with.
BOOST_AUTO_TEST_CASE(views_read_without_their_extractors) {
  TempDir tmp;
  Manifest m = sample();
  for (const char* s : {"extractor:learned:/no/such/model.json", "extractor:boilernet:model.pt"}) {
    ManifestView v;
    v.view = ViewSpec{ViewKind::Extractor, 0.0, std::string(s).substr(10)};
    v.path = "views/" + v.view.directory_name();
    v.model = ManifestFile{v.view.extractor.substr(v.view.extractor.find(':') + 1), 7, std::string(64, 'b')};
    m.views.push_back(v);
  }
  write_manifest(tmp.path, m);
  const Manifest r = read_manifest(tmp.path, ManifestParts::WithoutInputs);
  BOOST_REQUIRE(r.views.size() == 5u);
  BOOST_TEST((r.views[3].view == m.views[3].view));
  BOOST_TEST((r.views[4].view == m.views[4].view));
  BOOST_TEST((r.views[4].model == m.views[4].model));
  BOOST_TEST(r.find_view("extractor:boilernet:model.pt") == &r.views[4]);
  BOOST_TEST(r.find_view("extractor-learned--no-such-model.json") == &r.views[3]);
}

BOOST_AUTO_TEST_CASE(round_trip) {
  TempDir tmp;
  const Manifest m = sample();
  write_manifest(tmp.path, m);
  BOOST_TEST(!fs::exists(tmp.path / "manifest.json.tmp"));
  const Manifest r = read_manifest(tmp.path);
  BOOST_TEST(r.program_version == m.program_version);
  BOOST_TEST(r.format == "warc");
  BOOST_TEST(r.terms.language == "french");
  BOOST_TEST(r.terms.stopwords == m.terms.stopwords, boost::test_tools::per_element());
  BOOST_TEST(!r.terms.positions);
  BOOST_TEST(r.config_toml == m.config_toml);
  BOOST_REQUIRE(r.views.size() == 3u);
  BOOST_TEST((r.views[1].view == m.views[1].view));
  BOOST_TEST(r.views[1].path == "views/min-density-7.5");
  BOOST_TEST(r.views[2].terms == 1234u);
  BOOST_TEST(r.inputs[0].sha256 == m.inputs[0].sha256);
  BOOST_TEST(r.inputs[0].skipped == 1u);
  BOOST_TEST(r.skipped == 1u);
  BOOST_TEST(r.find_view("min-density:7.5") == &r.views[1]);
}

BOOST_AUTO_TEST_CASE(incomplete_missing_and_malformed_are_index_errors) {
  TempDir tmp;
  BOOST_CHECK_EXCEPTION((void)read_manifest(tmp.path), boilerdex::IndexError, [&](const auto& e) {
    return std::string(e.what()).find((tmp.path / "manifest.json").string()) != std::string::npos;
  });
  Manifest m = sample();
  m.complete = false;
  write_manifest(tmp.path, m);
  BOOST_CHECK_EXCEPTION((void)read_manifest(tmp.path), boilerdex::IndexError, [](const auto& e) {
    return std::string(e.what()).find("--resume") != std::string::npos;
  });
  { std::ofstream(tmp.path / "manifest.json") << "{\"program_version\": 3"; }
  BOOST_CHECK_THROW((void)read_manifest(tmp.path), boilerdex::IndexError);
  { std::ofstream(tmp.path / "manifest.json") << "{\"program_version\": \"x\"}"; }
  BOOST_CHECK_EXCEPTION((void)read_manifest(tmp.path), boilerdex::IndexError, [](const auto& e) {
    return std::string(e.what()).find("malformed manifest") != std::string::npos;
  });
}

// Paths are bytes (issue #16, item 1): a Latin-1 directory name, a stray 0xFF, a newline
// or a NUL in a path, in a stopword, in a model path or a shard name must not stop the
// manifest from being written (nlohmann's type_error.316), and paths must read back exactly.
BOOST_AUTO_TEST_CASE(paths_that_are_not_utf8_round_trip_exactly) {
  TempDir tmp;
  Manifest m = sample();
  const std::string latin1 = "/data/caf\xE9/a\xFF\n.trec";
  const std::string nul = std::string("/data/nul\0x", 11);
  m.inputs.push_back(ManifestInput{latin1, 5, std::string(64, 'c'), 1, 0, 0});
  m.inputs.push_back(ManifestInput{nul, 6, std::string(64, 'd'), 1, 0, 0});
  m.terms.stopwords.push_back("d\xE9j\xE0");
  m.views[2].model = {"/models/\xE9t\xE9.model", 12, std::string(64, 'e')};
  m.shards = {"shard-\xE9", "shard-2"};
  write_manifest(tmp.path, m);
  std::ifstream file(tmp.path / "manifest.json");
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  BOOST_TEST(nlohmann::json::accept(text));  // valid UTF-8 JSON throughout
  BOOST_TEST(text.find("\"path\":\"/data/caf\xEF\xBF\xBD/a\xEF\xBF\xBD\\n.trec\"") != std::string::npos);  // readable
  BOOST_TEST(text.find("\"path_hex\":\"2f646174612f636166e9") != std::string::npos);
  const Manifest r = read_manifest(tmp.path);
  BOOST_REQUIRE(r.inputs.size() == 3u);
  BOOST_TEST(r.inputs[0].path == m.inputs[0].path);
  BOOST_TEST(r.inputs[1].path == latin1);
  BOOST_TEST(r.inputs[2].path == nul);  // valid UTF-8 (NUL is U+0000): no _hex needed
  BOOST_TEST(r.views[2].model.path == m.views[2].model.path);
  BOOST_TEST(r.shards == m.shards, boost::test_tools::per_element());
  BOOST_TEST(r.terms.stopwords.back() == "d\xEF\xBF\xBDj\xEF\xBF\xBD");  // words are shown, not reread
}

// Issue #16, item 3: a view path must stay inside the index set, lexically and through
// symlinks; the manifest is written through an exclusive temporary, never a planted link.
BOOST_AUTO_TEST_CASE(view_paths_outside_the_set_are_refused_and_temporaries_are_exclusive) {
  TempDir tmp;
  const fs::path set = tmp.path / "set", outside = tmp.path / "outside";
  fs::create_directories(set / "views");
  fs::create_directories(outside);
  std::ofstream(outside / "victim") << "precious";
  fs::create_symlink(outside / "victim", set / "manifest.json.tmp");
  Manifest m = sample();
  write_manifest(set, m);
  BOOST_TEST(fs::file_size(outside / "victim") == 8u);  // "precious", untouched
  BOOST_TEST(fs::is_symlink(set / "manifest.json.tmp"));
  BOOST_CHECK_NO_THROW((void)read_manifest(set));

  auto refused = [&](const std::string& why) {
    BOOST_TEST_INFO(why);
    BOOST_CHECK_EXCEPTION((void)read_manifest(set), boilerdex::IndexError, [&](const boilerdex::IndexError& e) {
      const std::string what = e.what();
      return what.find("leads outside the index set") != std::string::npos &&
             what.find("manifest.json") != std::string::npos;
    });
  };
  m.views[0].path = "../outside";
  write_manifest(set, m);
  refused("..");
  m.views[0].path = (outside).string();
  write_manifest(set, m);
  refused("absolute");
  m.views[0].path = "views/all";
  write_manifest(set, m);
  fs::create_symlink("../../outside", set / "views" / "all");
  refused("symlink out");
  fs::remove(set / "views" / "all");
  fs::create_directories(set / "views" / "real");
  fs::create_symlink("real", set / "views" / "all");  // a link that stays inside is fine
  BOOST_CHECK_NO_THROW((void)read_manifest(set));
}

// The inputs come last, one a line, so a manifest of many inputs streams; a reader that
// does not need them skips them, and older manifests without skipped_by_reason still read.
BOOST_AUTO_TEST_CASE(inputs_are_written_last_one_a_line_and_can_be_skipped) {
  TempDir tmp;
  Manifest m = sample();
  m.inputs.clear();
  for (int i = 0; i < 3; ++i) {
    ManifestInput in{"/data/part-" + std::to_string(i) + ".trec", 100u + i, std::string(64, 'b'), 7, 1, 2};
    in.skipped_by_reason = {{"broken-record", 1}, {"bad-docno", 1}};
    in.limited = in.block_truncated = 1;
    m.inputs.push_back(in);
  }
  write_manifest(tmp.path, m);
  std::ifstream file(tmp.path / "manifest.json");
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  BOOST_REQUIRE(lines.size() > 6u);
  const std::size_t n = lines.size();
  BOOST_TEST(lines[n - 6] == "  \"inputs\": [");
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(lines[n - 5 + i].find("\"path\":\"/data/part-" + std::to_string(i) + ".trec\"") != std::string::npos);
  BOOST_TEST(lines[n - 2] == "  ]");

  const Manifest all = read_manifest(tmp.path);
  BOOST_REQUIRE(all.inputs.size() == 3u);
  BOOST_TEST(all.inputs[2].bytes == 102u);
  BOOST_TEST(all.inputs[2].skipped_by_reason == m.inputs[2].skipped_by_reason);
  BOOST_TEST(all.inputs[2].block_truncated == 1u);
  const Manifest lean = read_manifest(tmp.path, ManifestParts::WithoutInputs);
  BOOST_TEST(lean.inputs.empty());
  BOOST_TEST(lean.views.size() == 3u);
  BOOST_TEST(lean.documents == 10u);
  BOOST_TEST(lean.complete);

  // A manifest written before skipped_by_reason and limits were recorded.
  {
    std::ofstream old(tmp.path / "manifest.json");
    old << "{\"inputs\": [{\"path\": \"a\", \"bytes\": 1, \"sha256\": \"\", \"documents\": 1, \"empty\": 0, "
           "\"skipped\": 0}], \"program_version\": \"0.1.0\", \"created\": \"x\", \"format\": \"trec\", "
           "\"terms\": {\"language\": \"english\", \"stem_strategy\": \"some\", \"stopwords\": [], "
           "\"positions\": true, \"index_title\": true}, \"config_toml\": \"\", \"views\": [], "
           "\"counts\": {\"documents\": 1, \"empty\": 0, \"skipped\": 0}, \"complete\": true}";
  }
  const Manifest older = read_manifest(tmp.path);
  BOOST_REQUIRE(older.inputs.size() == 1u);
  BOOST_TEST(older.inputs[0].skipped_by_reason.empty());
  BOOST_TEST(!older.terms.cjk_ngram);  // written before CJK n-grams: its CJK runs are whole
  BOOST_TEST(read_manifest(tmp.path, ManifestParts::WithoutInputs).inputs.empty());
}

BOOST_AUTO_TEST_SUITE_END()

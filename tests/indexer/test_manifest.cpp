#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>

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

BOOST_AUTO_TEST_SUITE_END()

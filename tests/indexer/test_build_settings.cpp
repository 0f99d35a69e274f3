// compare_settings: the one check of "does this index set match these settings", exact for
// a resumed build (Same) and "holds what is wanted" for a reused set (Contains); each
// difference it reports, and what each mode leaves alone.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "boilerdex/indexer/build_settings.hpp"

using namespace boilerdex::indexer;

namespace {

std::vector<ViewSpec> views(const std::vector<std::string>& specs) {
  std::vector<ViewSpec> out;
  for (const std::string& s : specs)
    for (ViewSpec& v : parse_view_specs(s, ExtractorNames::AsWritten)) out.push_back(std::move(v));
  return out;
}

BuildSettings settings() {
  BuildSettings s;
  s.format = "trec";
  s.inputs = fingerprint_input_list({InputFile{"/c/a.gz", "", 100}, InputFile{"/c/b.gz", "", 200}});
  s.views = views({"all", "min-words:5,10", "extractor:learned:/m/model.json"});
  s.models = {ManifestFile{}, ManifestFile{}, ManifestFile{}, ManifestFile{"/m/model.json", 7, std::string(64, 'a')}};
  s.terms.stopwords = {"the", "a"};
  return s;
}

std::string what(const SettingsDifference& d) {
  std::string out;
  if (d.format) out += "format ";
  if (d.inputs) out += "inputs ";
  if (d.views) out += "views(" + d.missing_view + ") ";
  if (d.terms) out += "terms ";
  if (d.models) out += "models ";
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(build_settings)

BOOST_AUTO_TEST_CASE(the_same_settings_match_in_both_modes) {
  for (const SettingsMatch mode : {SettingsMatch::Same, SettingsMatch::Contains}) {
    const SettingsDifference d = compare_settings(settings(), settings(), mode);
    BOOST_TEST(d.none());
    BOOST_TEST(what(d) == "");
  }
}

BOOST_AUTO_TEST_CASE(the_input_list_fingerprint_sees_paths_sizes_and_order) {
  const InputListFingerprint a = fingerprint_input_list({InputFile{"/c/a.gz", "", 100}, InputFile{"/c/b.gz", "", 200}});
  BOOST_TEST(a.files == 2U);
  BOOST_TEST(a.bytes == 300U);
  BOOST_TEST(a.sha256.size() == 64U);
  BOOST_TEST(!(a == fingerprint_input_list({InputFile{"/c/b.gz", "", 200}, InputFile{"/c/a.gz", "", 100}})));
  BOOST_TEST(!(a == fingerprint_input_list({InputFile{"/c/a.gz", "", 100}, InputFile{"/c/b.gz", "", 201}})));
  BOOST_TEST(!(a == fingerprint_input_list({InputFile{"/c/a.gz", "", 100}, InputFile{"/c/c.gz", "", 200}})));
  // A manifest's inputs fingerprint as the list they were read from.
  Manifest m;
  m.format = "trec";
  for (const auto& [path, bytes] : {std::pair<const char*, std::uint64_t>{"/c/a.gz", 100}, {"/c/b.gz", 200}}) {
    ManifestInput in;
    in.path = path;
    in.bytes = bytes;
    m.inputs.push_back(in);
  }
  BOOST_TEST((settings_of(m).inputs == a));
}

BOOST_AUTO_TEST_CASE(each_difference_is_reported) {
  for (const SettingsMatch mode : {SettingsMatch::Same, SettingsMatch::Contains}) {
    BuildSettings w = settings();
    w.format = "warc";
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "format ");
    w = settings();
    w.inputs = fingerprint_input_list({InputFile{"/c/a.gz", "", 100}});
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "inputs ");
    w = settings();
    w.terms.language = "french";
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "terms ");
    w = settings();
    w.terms.stopwords = {"the"};
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "terms ");
    w = settings();
    w.terms.positions = false;
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "terms ");
    w = settings();
    w.terms.index_title = false;
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "terms ");
    w = settings();
    w.terms.cjk_ngram = !w.terms.cjk_ngram;  // queries would split CJK text otherwise than the index
    BOOST_TEST(what(compare_settings(settings(), w, mode)) == "terms ");
  }
}

BOOST_AUTO_TEST_CASE(same_wants_the_views_in_order_and_the_sweep_settings_and_models) {
  BuildSettings w = settings();
  w.views = views({"min-words:5,10", "all", "extractor:learned:/m/model.json"});
  w.models = settings().models;
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "views() ");
  w = settings();
  w.views.pop_back();
  w.models.pop_back();
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "views() models ");
  // A min-words:auto view resolved to another K (two shards' manifests) is another view.
  BuildSettings built = settings();
  built.views = views({"all", "min-words:auto"});
  built.models.resize(2);
  built.views[1].threshold = 12;
  w = built;
  BOOST_TEST(what(compare_settings(built, w, SettingsMatch::Same)) == "");
  w.views[1].threshold = 13;
  BOOST_TEST(what(compare_settings(built, w, SettingsMatch::Same)) == "views() ");
  w = settings();
  w.terms.sweep_positions = true;
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "terms ");
  w = settings();
  w.terms.sweep_termlists = true;
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "terms ");
  w = settings();
  w.models.back().sha256 = std::string(64, 'b');
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "models ");
  // The model file's SHA-256 decides, not how its path was recorded (state.json keeps the
  // checksum alone).
  w = settings();
  w.models.back().path.clear();
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Same)) == "");
}

BOOST_AUTO_TEST_CASE(contains_wants_every_view_among_the_sets_and_ignores_the_rest) {
  BuildSettings w = settings();
  w.views = views({"min-words:10", "all"});  // a subset, in another order
  w.models.clear();
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Contains)) == "");
  w.views = views({"all", "min-words:20", "min-density:3"});
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Contains)) == "views(min-words:20) ");
  // The sweep settings change no ranking, and a changed model file is not looked at.
  w = settings();
  w.terms.sweep_positions = true;
  w.terms.sweep_termlists = true;
  w.models.back().sha256 = std::string(64, 'b');
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Contains)) == "");
  // Views are looked for only in a set whose format and inputs match.
  w = settings();
  w.format = "warc";
  w.views = views({"min-words:20"});
  BOOST_TEST(what(compare_settings(settings(), w, SettingsMatch::Contains)) == "format ");
}

BOOST_AUTO_TEST_CASE(contains_finds_a_resolved_auto_view_and_a_canonical_extractor_name) {
  BuildSettings built = settings();
  built.views = views({"min-words:auto", "extractor:dom-ancestor:article:2"});
  built.views[0].threshold = 12;
  BuildSettings w = built;
  w.views = views({"min-words:12", "extractor:dom-ancestor:article"});
  BOOST_TEST(what(compare_settings(built, w, SettingsMatch::Contains)) == "");
}

BOOST_AUTO_TEST_CASE(strings_compare_as_the_files_hold_them) {
  // A stopword with bytes that are not UTF-8 is stored as U+FFFD: the stored set matches.
  BuildSettings built = settings();
  built.terms.stopwords = {"the", "\xEF\xBF\xBD"};
  BuildSettings w = settings();
  w.terms.stopwords = {"the", "\xFF"};
  for (const SettingsMatch mode : {SettingsMatch::Same, SettingsMatch::Contains})
    BOOST_TEST(what(compare_settings(built, w, mode)) == "");
}

BOOST_AUTO_TEST_SUITE_END()

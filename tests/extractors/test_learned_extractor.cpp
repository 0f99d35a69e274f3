#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/learned_extractor.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

// Keeps blocks of 10 words or more whose link density is below 0.5.
LearnedModel word_rule() {
  LearnedModelData d;
  d.learner = "hand-written";
  d.feature_set = FeatureSet::Current;
  d.num_classes = 2;
  d.output = ModelOutput::Average;
  d.base_margin = {0.0, 0.0};
  DecisionTree t;
  t.width = 2;
  t.nodes = {{0, 10.0f, 1, 2, 0}, {-1, 0, 0, 0, 0}, {1, 0.5f, 3, 4, 0}, {-1, 0, 0, 0, 1}, {-1, 0, 0, 0, 2}};
  t.values = {0.9, 0.1, 0.2, 0.8, 0.7, 0.3};
  d.trees = {t};
  return LearnedModel(std::move(d));
}

struct TempModel {
  fs::path path = fs::temp_directory_path() / ("boilerdex-learned-x-" + std::to_string(::getpid()) + ".json");
  TempModel() { word_rule().save(path); }
  ~TempModel() { fs::remove(path); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(learned_extractor)

BOOST_AUTO_TEST_CASE(classifies_every_block_with_a_score) {
  const TempModel model;
  const auto e = make_extractor("learned:" + model.path.string());
  BOOST_TEST(e->name() == "learned:" + model.path.string());
  const std::string html =
      "<html><body><p>Home | News | Sport</p>"
      "<p>This paragraph has more than ten words in it, so the rule keeps it.</p>"
      "<p><a href=a>A list of links that has more than ten words in it too</a></p></body></html>";
  TextDocument doc = segment_html(html);
  BOOST_REQUIRE(doc.blocks.size() == 3u);
  e->process(doc, html);
  BOOST_TEST(!doc.blocks[0].is_content);
  BOOST_TEST(doc.blocks[0].score == 0.1f);
  BOOST_TEST(doc.blocks[1].is_content);
  BOOST_TEST(doc.blocks[1].score == 0.8f);
  BOOST_TEST(!doc.blocks[2].is_content);
  BOOST_TEST(doc.blocks[2].score == 0.3f);
  BOOST_TEST(doc.content() == "This paragraph has more than ten words in it, so the rule keeps it.\n");
}

BOOST_AUTO_TEST_CASE(blocks_without_words_are_never_content) {
  LearnedModelData d;
  d.feature_set = FeatureSet::Current;
  d.output = ModelOutput::Average;
  d.base_margin = {0.0, 0.0};
  DecisionTree always;  // one leaf: content with probability 0.8
  always.width = 2;
  always.nodes = {TreeNode{}};
  always.values = {0.2, 0.8};
  d.trees = {always};
  const LearnedExtractor e(std::make_shared<const LearnedModel>(std::move(d)), "learned:always");
  TextDocument doc = segment_html("<p>Some words here</p><p>|</p><p>More words</p>");
  BOOST_REQUIRE(doc.blocks.size() == 3u);
  BOOST_REQUIRE(doc.blocks[1].num_words == 0);
  e.process(doc);
  BOOST_TEST(doc.blocks[0].is_content);
  BOOST_TEST(doc.blocks[0].score == 0.8f);
  BOOST_TEST(!doc.blocks[1].is_content);
  BOOST_TEST(doc.blocks[1].score == 0.0f);
  BOOST_TEST(doc.blocks[2].is_content);
  BOOST_TEST(e.name() == "learned:always");
}

BOOST_AUTO_TEST_CASE(is_registered_with_a_path_argument) {
  bool listed = false;
  for (const auto& info : list_extractors()) listed |= info.name == "learned:PATH";
  BOOST_TEST(listed);
  BOOST_CHECK_EXCEPTION((void)make_extractor("learned"), boilerdex::UsageError, [](const boilerdex::UsageError& e) {
    return std::string(e.what()).find("learned:PATH") != std::string::npos;
  });
  BOOST_CHECK_EXCEPTION((void)make_extractor("learned:/nonexistent/m.json"), boilerdex::InputError,
                        [](const boilerdex::InputError& e) { return e.source() == "/nonexistent/m.json"; });
  BOOST_CHECK_THROW(LearnedExtractor(nullptr, "learned:x"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_bad_model_file_is_named_with_its_position) {
  const fs::path bad = fs::temp_directory_path() / ("boilerdex-learned-bad-" + std::to_string(::getpid()) + ".json");
  std::ofstream(bad) << "{\"format\": \"boilerdex-block-classifier\", \"version\": 1, \"trees\": [}";
  try {
    (void)make_extractor("learned:" + bad.string());
    BOOST_ERROR("no error");
  } catch (const boilerdex::InputError& e) {
    BOOST_TEST(e.source() == bad.string());
    BOOST_TEST(e.offset() != boilerdex::InputError::npos);
  }
  fs::remove(bad);
}

BOOST_AUTO_TEST_SUITE_END()

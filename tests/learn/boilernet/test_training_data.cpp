// Training labels: L3S-GN1 block classes as the block-level evaluation derives them, gold
// text aligned to blocks for the other data sets, and the train/test split.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "training_data.hpp"

namespace bn = boilerdex::plugin::boilernet;
namespace plugin = boilerdex::plugin;

BOOST_AUTO_TEST_SUITE(training_data)

BOOST_AUTO_TEST_CASE(l3s_annotations_label_headline_and_full_text_as_content) {
  const plugin::Dataset dataset = plugin::open_dataset(
      plugin::parse_dataset_spec(std::string("l3s-gn1:") + BOILERDEX_FIXTURES_DIR + "/boilernet"));
  BOOST_TEST_REQUIRE(dataset.pages.size() == 6u);
  const auto it = std::find_if(dataset.pages.begin(), dataset.pages.end(),
                               [](const plugin::GoldPage& p) { return p.id == "harbour"; });
  BOOST_TEST_REQUIRE((it != dataset.pages.end()));
  const bn::LabelledPage page = bn::load_labelled_page(dataset, *it);
  BOOST_TEST(page.html.find("x-nc-sel") == std::string::npos);
  const std::vector<float> expected{0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0};
  BOOST_TEST(page.labels == expected, boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(page.classes.size() == 13u);
  BOOST_TEST((page.classes[4] == plugin::BlockClass::Headline));
  BOOST_TEST((page.classes[5] == plugin::BlockClass::FullText));
  BOOST_TEST((page.classes[9] == plugin::BlockClass::Boilerplate));  // related content
}

BOOST_AUTO_TEST_CASE(l3s_comments_are_content_unless_asked_otherwise) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("boilerdex-boilernet-l3s-" + std::to_string(::getpid()));
  fs::create_directories(dir / "annotated");
  fs::create_directories(dir / "original");
  const std::string body =
      "<p>@2The story itself, told in one sentence.@</p><p>@5A reader says: well told!@</p>"
      "<p>@0Copyright@</p>";
  std::string annotated, original;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '@' && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '9') {
      annotated += std::string("<span class=\"x-nc-sel") + body[i + 1] + "\">";
      ++i;
    } else if (body[i] == '@') {
      annotated += "</span>";
    } else {
      annotated += body[i];
      original += body[i];
    }
  }
  std::ofstream(dir / "annotated" / "p.html") << "<html><body>" << annotated << "</body></html>";
  std::ofstream(dir / "original" / "p.html") << "<html><body>" << original << "</body></html>";
  const plugin::Dataset dataset =
      plugin::open_dataset(plugin::parse_dataset_spec("l3s-gn1:" + dir.string()));
  BOOST_TEST_REQUIRE(dataset.pages.size() == 1u);
  const bn::LabelledPage by_default = bn::load_labelled_page(dataset, dataset.pages[0]);
  BOOST_TEST(by_default.labels == (std::vector<float>{1, 1, 0}), boost::test_tools::per_element());
  BOOST_TEST((by_default.classes[1] == plugin::BlockClass::FullText));
  const bn::LabelledPage strict =
      bn::load_labelled_page(dataset, dataset.pages[0], {.l3s_comments_are_content = false});
  BOOST_TEST(strict.labels == (std::vector<float>{1, 0, 0}), boost::test_tools::per_element());
  BOOST_TEST((strict.classes == by_default.classes));  // the evaluation's classes stay
  std::error_code ec;
  fs::remove_all(dir, ec);
}

BOOST_AUTO_TEST_CASE(gold_text_alignment_labels_blocks_the_common_subsequence_uses) {
  const std::string html =
      "<html><body><ul><li><a href=/>Home</a></li><li><a href=/n>News</a></li></ul>"
      "<h1>Rain at last</h1>"
      "<p>Farmers welcomed the first rain in months on Monday morning.</p>"
      "<p>Subscribe to our newsletter for the first rain alerts.</p>"
      "<p>*** ---</p></body></html>";
  const auto doc = plugin::segment_html(html);
  BOOST_TEST_REQUIRE(doc.blocks.size() == 6u);
  const std::string gold =
      "Rain at last\nNews\nFarmers welcomed the first rain in months on Monday morning.";
  // Home: not in gold. News: in gold, but out of order (the longest common subsequence
  // takes the headline and the paragraph). The newsletter line repeats "the first rain",
  // which the paragraph has used: 0 of 9 tokens. No tokens: boilerplate.
  const std::vector<float> expected{0, 0, 1, 1, 0, 0};
  BOOST_TEST(bn::align_gold_text(doc, gold) == expected, boost::test_tools::per_element());
  BOOST_TEST(bn::align_gold_text(doc, "") == std::vector<float>(6, 0.0f),
             boost::test_tools::per_element());
  // Half the paragraph's 10 tokens aligned is enough; 4 are not.
  BOOST_TEST(bn::align_gold_text(doc, "Farmers welcomed the first rain in")[3] == 1.0f);
  BOOST_TEST(bn::align_gold_text(doc, "Farmers welcomed the first")[3] == 0.0f);
}

BOOST_AUTO_TEST_CASE(split_halves_are_complementary_and_stable) {
  std::size_t test = 0;
  for (int i = 0; i < 200; ++i) {
    const std::string id = "page-" + std::to_string(i);
    const bool in_test = bn::in_split(id, bn::Split::Test);
    BOOST_TEST(in_test != bn::in_split(id, bn::Split::Train));
    BOOST_TEST(bn::in_split(id, bn::Split::All));
    BOOST_TEST(in_test == bn::in_split(id, bn::Split::Test));
    test += in_test ? 1 : 0;
  }
  BOOST_TEST(test > 70u);  // a hash, not a constant: about half of 200
  BOOST_TEST(test < 130u);
  BOOST_TEST((bn::parse_split("train") == bn::Split::Train));
  BOOST_CHECK_THROW((void)bn::parse_split("dev"), boilerdex::UsageError);
}

BOOST_AUTO_TEST_SUITE_END()

// The C++ face of the C ABI (boilerdex.hpp), and the C ABI's guarantees that are easier to
// check from C++ (threads, agreement with the C++ library). tests/faces/c_api_test.c
// checks the ABI from C.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "boilerdex/boilerdex.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/page_extractor.hpp"

namespace api = boilerdex::api;

namespace {

const std::string k_page =
    "<html><head><title>Lighthouse keepers</title></head><body>"
    "<ul><li><a href=/>Home</a></li><li><a href=/about>About</a></li></ul>"
    "<p>The last keepers left the lighthouse in the spring of 1998, when the lamp was automated "
    "and the fog signal replaced by an electric horn controlled from the mainland.</p>"
    "<p>Their cottages were sold to a trust, which now lets them to walkers who come to watch "
    "the seals and the gannets diving off the rocks below the tower.</p>"
    "<p>Follow us</p></body></html>";

}  // namespace

BOOST_AUTO_TEST_SUITE(c_api)

BOOST_AUTO_TEST_CASE(cpp_wrapper_matches_the_library) {
  const api::Extractor extractor("article");
  BOOST_TEST(extractor.name() == "article");
  const api::Page page = extractor.extract(k_page);
  const auto reference = boilerdex::plugin::extract_page(
      k_page, *boilerdex::plugin::make_extractor("article"), {.keep_parse_blocks = true});
  BOOST_TEST(page.text() == reference.document.content());
  BOOST_TEST(page.title() == "Lighthouse keepers");
  BOOST_TEST(page.html() == k_page);
  BOOST_TEST(page.charset() == "UTF-8");
  const auto blocks = page.blocks();
  BOOST_REQUIRE(blocks.size() == reference.parse_blocks.size());
  const auto mask = boilerdex::plugin::content_mask(reference.document);
  const auto features = boilerdex::plugin::compute_features(reference.parse_blocks);
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    BOOST_TEST(blocks[i].text == reference.parse_blocks[i].text);
    BOOST_TEST(blocks[i].is_content == mask[i]);
    BOOST_TEST(blocks[i].num_words == reference.parse_blocks[i].num_words);
    BOOST_TEST(page.html()
                   .substr(blocks[i].source_begin, blocks[i].source_end - blocks[i].source_begin)
                   .find(blocks[i].text.substr(0, 4)) != std::string_view::npos);
    BOOST_REQUIRE(blocks[i].features.size() == boilerdex::plugin::k_num_named_features);
    const auto named = boilerdex::plugin::named_features(features[i]);
    for (std::size_t f = 0; f < named.size(); ++f)
      BOOST_TEST(blocks[i].features[f] == named[f].value);
  }
  BOOST_TEST(api::feature_names().front() == "num_words");
}

BOOST_AUTO_TEST_CASE(metadata_by_field_name) {
  const std::string html =
      "<html lang=\"en\"><head><title>Lighthouse keepers | Coast Trust</title>"
      "<meta name=\"keywords\" content=\"lighthouses, seals\"></head><body><p>Text.</p></body></html>";
  api::Extractor extractor;
  const api::Page page = extractor.extract(html);
  BOOST_TEST(page.metadata("title") == "Lighthouse keepers");
  BOOST_TEST(page.metadata("language") == "en");
  BOOST_TEST(page.metadata("tags") == "lighthouses\nseals");
  BOOST_TEST(page.metadata("author").empty());
  BOOST_TEST(page.metadata("no such field").empty());
  BOOST_TEST((api::metadata_field_names().size() == 11u));
  BOOST_TEST(api::metadata_field_names()[2] == "date");
  // C: an unknown key and a NULL result give NULL; "metadata" "0" leaves every field empty.
  size_t size = 7;
  BOOST_TEST(bdx_result_metadata(nullptr, "title", &size) == nullptr);
  BOOST_TEST(size == 0u);
  BOOST_TEST(bdx_metadata_field_name(bdx_metadata_field_count()) == nullptr);
  extractor.set_option("metadata", "0");
  BOOST_TEST(extractor.extract(html).metadata("title").empty());
  BOOST_CHECK_THROW(extractor.set_option("metadata", "yes"), api::ApiError);
}

BOOST_AUTO_TEST_CASE(errors_become_exceptions_with_the_message) {
  try {
    api::Extractor bad("no-such-extractor");
    BOOST_FAIL("no exception");
  } catch (const api::ApiError& e) {
    BOOST_TEST(e.status() == BDX_ERROR_UNKNOWN_EXTRACTOR);
    BOOST_TEST(std::string(e.what()).find("no-such-extractor") != std::string::npos);
  }
  api::Extractor extractor;
  BOOST_TEST(extractor.name() == "best");  // the library's default extractor
  BOOST_CHECK_THROW(extractor.set_option("max_blocks", "many"), api::ApiError);
  BOOST_CHECK_THROW(extractor.set_option("nonsense", "1"),
                    boilerdex::Error);  // ApiError is an Error
  extractor.set_option("extractor", "keep-everything").set_option("blocks", "0");
  BOOST_TEST(extractor.name() == "keep-everything");
  const api::Page page = extractor.extract(k_page);
  BOOST_TEST(page.block_count() == 0u);
  BOOST_CHECK_THROW((void)page.block(0), api::ApiError);
  BOOST_TEST(page.text().find("Home") != std::string_view::npos);
}

BOOST_AUTO_TEST_CASE(last_error_is_per_thread) {
  bdx_extractor* ex = nullptr;
  BOOST_TEST(bdx_extractor_create("nope", &ex) == BDX_ERROR_UNKNOWN_EXTRACTOR);
  std::string other_thread;
  std::thread([&] {
    bdx_extractor* mine = nullptr;
    BOOST_TEST(bdx_extractor_create("article", &mine) == BDX_OK);
    other_thread = bdx_last_error();
    bdx_extractor_free(mine);
  }).join();
  BOOST_TEST(other_thread.empty());
  BOOST_TEST(std::string(bdx_last_error()).find("nope") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(one_extractor_many_threads) {
  const api::Extractor extractor("article");
  const std::string expected(extractor.extract(k_page).text());
  std::vector<std::string> texts(4);
  std::vector<std::thread> threads;
  for (auto& text : texts) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) text = std::string(extractor.extract(k_page).text());
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& text : texts) BOOST_TEST(text == expected);
}

BOOST_AUTO_TEST_CASE(moves_transfer_ownership) {
  api::Extractor a("default");
  api::Extractor b(std::move(a));
  BOOST_TEST(b.name() == "default");
  api::Page p = b.extract("<p>one two three</p>");
  api::Page q = std::move(p);
  BOOST_TEST(q.block_count() == 1u);
  const float score = q.block(0).score;
  BOOST_TEST((std::isnan(score) || score >= 0.0f));
}

BOOST_AUTO_TEST_SUITE_END()

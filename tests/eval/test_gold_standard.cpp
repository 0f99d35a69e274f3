#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/gold_standard.hpp"
#include "boilerdex/plugin/input_error.hpp"
#include "boilerdex/plugin/text_similarity.hpp"

using namespace boilerdex::plugin;
namespace fs = std::filesystem;

namespace {

const fs::path k_eval = fs::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "eval";
const fs::path k_shared = fs::path(BOILERDEX_SHARED_DIR) / "data" / "extraction";

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string_view> v;
  word_tokens(text, v);
  return {v.begin(), v.end()};
}

std::string joined_tokens(std::string_view text) {
  std::string out;
  for (const auto& t : tokens(text)) out += (out.empty() ? "" : " ") + t;
  return out;
}

Dataset open(DatasetFormat format, const std::string& folder) {
  return open_dataset({format, k_eval / folder});
}

bool shared_present() { return fs::exists(k_shared); }

}  // namespace

BOOST_AUTO_TEST_SUITE(gold_standard)

BOOST_AUTO_TEST_CASE(dataset_specs_name_a_format_and_a_folder) {
  const auto spec = parse_dataset_spec("l3s-gn1:/data/x:y");
  BOOST_TEST((spec.format == DatasetFormat::L3sGn1));
  BOOST_TEST(spec.dir == fs::path("/data/x:y"));
  for (const auto f : all_dataset_formats()) {
    BOOST_TEST((parse_dataset_spec(std::string(dataset_format_name(f)) + ":d").format == f));
  }
  BOOST_CHECK_THROW((void)parse_dataset_spec("warc:/x"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)parse_dataset_spec("cleaneval"), boilerdex::UsageError);
  BOOST_CHECK_THROW((void)parse_dataset_spec("cleaneval:"), boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(a_folder_without_the_layout_is_an_input_error) {
  BOOST_CHECK_THROW((void)open(DatasetFormat::Dragnet, "cleaneval"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)open(DatasetFormat::Scrapinghub, "no-such-folder"),
                    boilerdex::InputError);
  try {
    (void)open(DatasetFormat::L3sGn1, "dragnet");
    BOOST_FAIL("expected InputError");
  } catch (const boilerdex::InputError& e) {
    BOOST_TEST(std::string(e.what()).find("original") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(l3s_gold_is_headline_full_text_and_supplemental) {
  const Dataset ds = open(DatasetFormat::L3sGn1, "l3s-gn1");
  BOOST_TEST(ds.name == "l3s-gn1");
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 1u);
  BOOST_TEST(ds.skipped.size() == 1u);  // no-annotation.html
  const GoldPage& page = ds.pages[0];
  BOOST_TEST(page.id == "page-1");
  BOOST_TEST(page.html_path.filename() == "page-1.html");
  BOOST_TEST(page.html_path.parent_path().filename() == "original");
  const std::string gold = load_gold_text(ds, page);
  BOOST_TEST(joined_tokens(gold) ==
             "Storm hits coast The storm reached the coast on Monday night bringing heavy rain and "
             "strong winds to the towns along the shore Officials said that several roads were "
             "closed and that schools would stay shut on Tuesday Photo waves at the harbour");
  // Spans in different block elements land on different lines; an inline link does not split.
  BOOST_TEST(gold.find("coast\nThe storm") != std::string::npos);
  BOOST_TEST(gold.find("that several roads were") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(annotated_pages_lose_their_spans_and_keep_byte_classes) {
  const std::string html =
      "<p><span class=\"x-nc-sel2\">Body text</span> tail <span class=\"x-nc-sel0 x\">nav</span>"
      "<span class=\"x-nc-sel1\"><span class=\"x-nc-sel3\">cap</span>head</span></p>";
  const AnnotatedPage page = parse_l3s_annotated(html);
  BOOST_TEST(page.html == "<p>Body text tail navcaphead</p>");
  BOOST_REQUIRE_EQUAL(page.byte_class.size(), page.html.size());
  const auto class_at = [&](std::string_view needle) {
    return static_cast<int>(page.byte_class[page.html.find(needle)]);
  };
  BOOST_TEST(class_at("Body") == 2);
  BOOST_TEST(class_at("tail") == static_cast<int>(L3sClass::Unlabelled));
  BOOST_TEST(class_at("nav") == 0);
  BOOST_TEST(class_at("cap") == 3);  // innermost span wins
  BOOST_TEST(class_at("head") == 1);
  BOOST_TEST(static_cast<int>(page.byte_class[0]) == AnnotatedPage::k_no_text);  // markup
  BOOST_TEST(joined_tokens(page.gold_text) == "Body text caphead");
  BOOST_TEST(page.headline == "head");  // the marked headline's own text (x-nc-sel1)
  // A headline marked in pieces is its runs joined by spaces.
  const AnnotatedPage pieces = parse_l3s_annotated(
      "<h1><span class=\"x-nc-sel1\">Storm</span> <i>live</i> <span class=\"x-nc-sel1\">closes port</span></h1>");
  BOOST_TEST(pieces.headline == "Storm closes port");
  // Unclosed spans and garbage never throw.
  const AnnotatedPage broken = parse_l3s_annotated("<span class=\"x-nc-sel2\">open <b>");
  BOOST_TEST(joined_tokens(broken.gold_text) == "open");
  BOOST_TEST(broken.byte_class.size() == broken.html.size());
  BOOST_TEST(broken.headline.empty());
}

BOOST_AUTO_TEST_CASE(cleaneval_gold_drops_url_line_and_markers) {
  const Dataset ds = open(DatasetFormat::CleanEval, "cleaneval");
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 2u);  // 1 and 3; 2 has no gold
  BOOST_TEST(ds.skipped.size() == 1u);
  BOOST_TEST(joined_tokens(load_gold_text(ds, ds.pages[0])) ==
             "Café menu Our café serves fresh bread and coffee every morning from seven Bread "
             "Coffee");
  // A gold file that is not UTF-8 is read as windows-1252.
  BOOST_TEST(load_gold_text(ds, ds.pages[1]).find("Café “quoted” text") != std::string::npos);
  // The <text> wrapper goes, and its encoding decodes the page.
  const std::string html = load_page_html(ds, ds.pages[0]);
  BOOST_TEST(html.find("<text") == std::string::npos);
  BOOST_TEST(html.find("</text>") == std::string::npos);
  BOOST_TEST(html.find("Our café serves") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(dragnet_gold_stops_at_the_comments_line) {
  const Dataset ds = open(DatasetFormat::Dragnet, "dragnet");
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 1u);
  BOOST_TEST(ds.pages[0].id == "R1");
  const std::string gold = load_gold_text(ds, ds.pages[0]);
  BOOST_TEST(gold.find("Thanks") == std::string::npos);
  BOOST_TEST(gold.find("COMMENTS") == std::string::npos);
  BOOST_TEST(tokens(gold).size() == 24u);
}

BOOST_AUTO_TEST_CASE(dragnet_separator_variants_as_typed_by_the_annotators) {
  for (const std::string sep :
       {"!@#$%^&*()  COMMENTS", "!@#$%^&*() COMMENTS", "!@ $%^&*()  COMMENTS",
        "!@#$%^&*()\tCOMMENTS", "!@#$%^&*()   COMMENTS", "!!@#$%^&*()  COMMENTS",
        "!@#$%^&*   COMMENTS", "!@#$%^&*()  COMMENTS\r", "!#@$%^&*()  COMMENTS  "}) {
    BOOST_TEST(dragnet_gold_text("Post text.\n" + sep + "\nA comment.\n") == "Post text.\n",
               sep);
  }
  // Not a separator: the word inside a line, too few symbols, other characters, not alone.
  for (const std::string line :
       {"COMMENTS", "!@# COMMENTS", "Read the COMMENTS", "!@#$%^&*()  COMMENTS below",
        "!@#$ x %^&*() COMMENTS"}) {
    const std::string text = "Post text.\n" + line + "\nMore.\n";
    BOOST_TEST(dragnet_gold_text(text) == text, line);
  }
  BOOST_TEST(dragnet_gold_text("!@#$%^&*()  COMMENTS\nall comments\n") == "");
  BOOST_TEST(dragnet_gold_text("no separator") == "no separator");
  BOOST_TEST(dragnet_gold_text("") == "");
}

BOOST_AUTO_TEST_CASE(scrapinghub_gold_comes_from_ground_truth_json) {
  const Dataset ds = open(DatasetFormat::Scrapinghub, "scrapinghub");
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 1u);  // bbb2 has no HTML
  BOOST_TEST(ds.skipped.size() == 1u);
  BOOST_TEST(ds.pages[0].id == "aaa1");
  BOOST_TEST(load_gold_text(ds, ds.pages[0]).starts_with("The central bank raised"));
  // The page is gunzipped.
  BOOST_TEST(load_page_html(ds, ds.pages[0]).find("<article><h1>Central bank") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(readability_gold_is_the_text_of_expected_html) {
  const Dataset ds = open(DatasetFormat::Readability, "readability");
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 1u);
  BOOST_TEST(ds.skipped.size() == 1u);
  BOOST_TEST(ds.pages[0].id == "simple-1");
  const std::string gold = load_gold_text(ds, ds.pages[0]);
  BOOST_TEST(gold.find("garter stitch.\nKeep the tension") != std::string::npos);
  BOOST_TEST(tokens(gold).size() == 32u);
}

BOOST_AUTO_TEST_CASE(wcxb_gold_comes_from_one_json_file_per_page) {
  const Dataset ds = open(DatasetFormat::Wcxb, "wcxb");
  BOOST_TEST(ds.name == "wcxb");
  // 0005 has no page, 0006's gold file is not JSON: both skipped with the reason.
  BOOST_REQUIRE_EQUAL(ds.pages.size(), 4u);
  BOOST_REQUIRE_EQUAL(ds.skipped.size(), 2u);
  BOOST_TEST(ds.skipped[0].find("no html/0005.html.gz") != std::string::npos);
  BOOST_TEST(ds.skipped[1].find("0006.json") != std::string::npos);
  for (const auto& page : ds.pages) BOOST_REQUIRE(page.wcxb.has_value());

  const GoldPage& article = ds.pages[0];
  BOOST_TEST(article.id == "0001");
  BOOST_TEST(article.html_path.filename() == "0001.html.gz");
  BOOST_TEST(article.wcxb->page_type == "article");
  BOOST_TEST(load_gold_text(ds, article).starts_with("Tide tables return to Harbour Street\n"));
  BOOST_TEST(article.wcxb->main_content.empty());  // moved into gold_text
  BOOST_TEST(article.wcxb->with.size() == 2u);
  BOOST_TEST(article.wcxb->without ==
             std::vector<std::string>({"Subscribe now", "Cookie settings"}));
  BOOST_TEST(
      (article.wcxb->title == std::optional<std::string>("Tide tables return to Harbour Street")));
  BOOST_TEST((article.wcxb->author == std::optional<std::string>("Ann Marsh")));
  BOOST_TEST((article.wcxb->publish_date == std::optional<std::string>("2026-03-06")));

  // A page type written as a Python dict literal; null metadata; empty snippet lists.
  const GoldPage& forum = ds.pages[1];
  BOOST_TEST(forum.wcxb->page_type == "forum");
  BOOST_TEST(!forum.wcxb->author.has_value());
  BOOST_TEST(!forum.wcxb->publish_date.has_value());
  BOOST_TEST(forum.wcxb->with.empty());

  // "category" is scored as "collection"; null main_content and snippet lists are empty.
  const GoldPage& category = ds.pages[2];
  BOOST_TEST(category.wcxb->page_type == "collection");
  BOOST_TEST(load_gold_text(ds, category).empty());
  BOOST_TEST(category.wcxb->with.empty());
  BOOST_TEST(category.wcxb->without.empty());

  // No _internal: an article. The page declares windows-1252 only in a meta tag: sniffed.
  const GoldPage& latin = ds.pages[3];
  BOOST_TEST(latin.wcxb->page_type == "article");
  BOOST_TEST(latin.declared_charset.empty());
  BOOST_TEST(load_page_html(ds, latin).find("Le café de la STRASSE ouvre à sept heures") !=
             std::string::npos);
  BOOST_TEST(load_gold_text(ds, latin).find("Straße") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(shared_wcxb_split_has_its_documented_page_types,
                     *boost::unit_test::precondition([](auto) {
                       boost::test_tools::assertion_result present(
                           fs::exists(k_shared / "wcxb-dev"));
                       present.message() << k_shared / "wcxb-dev"
                                         << " absent: WCXB check skipped";
                       return present;
                     })) {
  const Dataset ds = open_dataset({DatasetFormat::Wcxb, k_shared / "wcxb-dev"});
  BOOST_TEST(ds.pages.size() == 1497u);
  BOOST_TEST(ds.skipped.empty());
  std::map<std::string, std::size_t> types;
  for (const auto& page : ds.pages) ++types[page.wcxb->page_type];
  const std::map<std::string, std::size_t> expected = {
      {"article", 793}, {"service", 165}, {"product", 119},     {"collection", 117},
      {"forum", 113},   {"listing", 99},  {"documentation", 91}};
  BOOST_TEST((types == expected));
}

BOOST_AUTO_TEST_CASE(html_text_content_skips_invisible_elements) {
  const std::string text = html_text_content(
      "<html><head><title>T</title><style>p{}</style></head><body><p>a<b>b</b>c</p>"
      "<script>x()</script><noscript>n</noscript><div>d</div></body></html>");
  BOOST_TEST(text == "abc\nd\n");
}

BOOST_AUTO_TEST_CASE(files_and_text_decoding) {
  BOOST_CHECK_THROW((void)read_file_bytes(k_eval / "missing.html"), boilerdex::InputError);
  BOOST_CHECK_THROW((void)read_file_bytes(k_eval / "missing.html.gz"), boilerdex::InputError);
  BOOST_TEST(decode_text_file("\xEF\xBB\xBFok") == "ok");
  BOOST_TEST(decode_text_file("caf\xE9") == "café");
  BOOST_TEST(decode_text_file("caf\xC3\xA9") == "café");
}

BOOST_AUTO_TEST_CASE(shared_data_sets_open_with_their_documented_sizes,
                     *boost::unit_test::precondition([](auto) {
                       return boost::test_tools::assertion_result(shared_present());
                     })) {
  struct Expected {
    DatasetFormat format;
    const char* folder;
    std::size_t pages;
  };
  for (const auto& e : {Expected{DatasetFormat::Scrapinghub, "scrapinghub-aeb", 181},
                        Expected{DatasetFormat::L3sGn1, "l3s-gn1-dev", 329},
                        Expected{DatasetFormat::CleanEval, "cleaneval-dev", 58},
                        Expected{DatasetFormat::Dragnet, "dragnet-train", 966},
                        Expected{DatasetFormat::Readability, "readability-test-pages", 130}}) {
    BOOST_TEST_CONTEXT(e.folder) {
      const Dataset ds = open_dataset({e.format, k_shared / e.folder});
      BOOST_TEST(ds.pages.size() == e.pages);
      BOOST_TEST(!tokens(load_gold_text(ds, ds.pages.front())).empty());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

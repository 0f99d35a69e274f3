#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "../page/test_block_builder.hpp"
#include "../../plugin/extractors/src/best_words_internal.hpp"

using namespace boilerdex::plugin;

namespace {

std::string read_fixture(const std::string& name) {
  const auto path = std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "best" / name;
  std::ifstream in(path, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "cannot open " << path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A Japanese news page: navigation, the article (four paragraphs without a space), a list of
// popular stories, a footer with a paragraph in English.
const std::string k_japanese_page = R"(<html><head><title>北海道で大雪警報</title></head><body>
<div id="header"><ul>
<li><a href="/">ホーム</a></li><li><a href="/news">ニュース</a></li>
<li><a href="/sports">スポーツ</a></li><li><a href="/weather">天気</a></li>
<li><a href="/login">Login</a></li><li><a href="/help">Help and contact</a></li>
</ul></div>
<div id="main"><div class="story">
<h1>北海道で大雪警報、交通に乱れ</h1>
<p>気象庁は二十二日、北海道の沿岸部に大雪警報を発表した。発達した低気圧の影響で、明日の朝にかけて広い範囲で猛吹雪となるおそれがあり、交通機関の乱れに警戒するよう呼びかけている。</p>
<p>札幌市では午後から雪が強まり、市内の幹線道路では車の立ち往生が相次いだ。市の担当者によると、除雪車を通常の二倍に増やして対応しているが、復旧には時間がかかる見通しだという。</p>
<p>鉄道各社は夕方以降の特急列車の運転を取りやめると発表した。空の便も新千歳空港を発着する多くの便が欠航となり、空港のロビーには足止めされた旅行客の姿が目立った。</p>
<p>気象台は、不要不急の外出を控え、最新の気象情報に注意するよう求めている。</p>
</div></div>
<div id="popular"><h3>人気記事</h3><ul>
<li><a href="/a/1">新しい駅ビルが開業</a></li><li><a href="/a/2">プロ野球の日程が決定</a></li>
<li><a href="/a/3">人気のラーメン店が移転</a></li>
</ul></div>
<div id="footer"><p>Example Shimbun English Edition delivers the latest news from Japan
in English every day, with reports on politics, business, technology, culture and sport, and
an archive of articles since 1995 that subscribers can search by keyword, date or region.</p>
<p>Copyright 2026 Example Shimbun. All rights reserved. Terms of use, privacy policy and
advertising.</p></div>
</body></html>)";

// Options that test the rules (steps 1–3 of best_extractor.hpp) alone: the learned stage off.
BestOptions rules_only(BestOptions options = {}) {
  options.model_weight = 0.0;
  return options;
}

// The text the extractor keeps on \p html.
std::string extract(const std::string& html, const BestOptions& options = {}) {
  TextDocument doc = segment_html(html);
  BestExtractor(options).process(doc, html);
  return doc.content();
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(best_extractor)

BOOST_AUTO_TEST_CASE(keeps_the_article_and_its_headline_and_drops_navigation_comments_footer) {
  const std::string html = read_fixture("article_nav_comments.html");
  const std::string text = extract(html);
  BOOST_TEST_INFO("extracted:\n" << text);
  // The headline and both parts of the story (split by an advertisement).
  BOOST_TEST(contains(text, "Volcano erupts near the harbour town"));
  BOOST_TEST(contains(text, "sending a column of ash"));
  BOOST_TEST(contains(text, "swelling of the mountain's northern flank"));
  BOOST_TEST(contains(text, "a new fissure on the eastern slope"));
  BOOST_TEST(contains(text, "until the ash had settled"));
  // Navigation, advertisement, comments, sidebar, footer.
  BOOST_TEST(!contains(text, "Weather"));
  BOOST_TEST(!contains(text, "Buy cheap flights"));
  BOOST_TEST(!contains(text, "bakery all night"));
  BOOST_TEST(!contains(text, "bus timetable"));
  BOOST_TEST(!contains(text, "Local team wins"));
  BOOST_TEST(!contains(text, "Copyright"));
}

BOOST_AUTO_TEST_CASE(comment_rules_are_what_drops_the_comments) {
  const std::string html = read_fixture("article_nav_comments.html");
  BestOptions off = rules_only();
  off.hint_penalty = 0.0;
  off.end_marker_min_words = 0;
  // Without the markup hint and the end-of-text marker, the comments read as content.
  BOOST_TEST(contains(extract(html, off), "bakery all night"));
  // Either rule alone is enough on this page.
  BestOptions hint_only = off;
  hint_only.hint_penalty = BestOptions{}.hint_penalty;
  BOOST_TEST(!contains(extract(html, hint_only), "bakery all night"));
  BestOptions marker_only = off;
  marker_only.end_marker_min_words = BestOptions{}.end_marker_min_words;
  BOOST_TEST(!contains(extract(html, marker_only), "bakery all night"));
}

BOOST_AUTO_TEST_CASE(fragment_penalty_drops_teasers_in_small_separate_groups) {
  const std::string html = read_fixture("article_teasers.html");
  // The tuned default is a soft penalty (teasers sit at the margin); at full strength the
  // teasers, each its own small DOM group, fall below the threshold.
  BestOptions full = rules_only();
  full.group_penalty = 1.0;
  full.group_depth = 2;  // each teaser's own container (depth 3 would hold all three)
  full.group_share = 0.5;
  const std::string text = extract(html, full);
  BOOST_TEST_INFO("extracted:\n" << text);
  BOOST_TEST(contains(text, "River levels fall after the storm"));
  BOOST_TEST(contains(text, "inspect the flood defences"));
  BOOST_TEST(contains(text, "next band of rain arrives"));
  BOOST_TEST(!contains(text, "cycling lane"));
  BOOST_TEST(!contains(text, "rare orchid"));
  BOOST_TEST(!contains(text, "hundredth birthday"));
  BOOST_TEST(!contains(text, "Rare orchid found"));  // linked teaser headlines never
  // Without the penalty the teasers read as content, and the wrapper holding them wins.
  BestOptions off = rules_only();
  off.group_penalty = 0.0;
  const std::string all = extract(html, off);
  BOOST_TEST(contains(all, "rare orchid"));
  BOOST_TEST(contains(all, "next band of rain arrives"));
  // The defaults keep the whole article either way.
  BOOST_TEST(contains(extract(html), "inspect the flood defences"));
}

BOOST_AUTO_TEST_CASE(teaser_penalty_drops_runs_of_linked_headlines_with_snippets) {
  const std::string html = read_fixture("article_teaser_list.html");
  // Three linked headlines with their snippets in a row, in the article's own container.
  BestOptions full = rules_only();
  full.teaser_penalty = 1.0;
  const std::string text = extract(html, full);
  BOOST_TEST_INFO("extracted:\n" << text);
  BOOST_TEST(contains(text, "Harbour bridge reopens after repairs"));
  BOOST_TEST(contains(text, "repainting the towers"));
  BOOST_TEST(contains(text, "long detour through the industrial estate"));
  // A paragraph with one link is no teaser.
  BOOST_TEST(contains(text, "expected their timetables to return"));
  BOOST_TEST(!contains(text, "weekly fish market"));
  BOOST_TEST(!contains(text, "north lighthouse"));
  BOOST_TEST(!contains(text, "race in the harbour"));
  // Without the penalty they read as part of the article.
  BestOptions off = rules_only();
  off.teaser_penalty = 0.0;
  BOOST_TEST(contains(extract(html, off), "north lighthouse"));
  // Two in a row are not a list: the rule leaves them alone.
  std::string two = html;
  const auto third = two.find("<p><a href=\"/regatta\">");
  BOOST_REQUIRE(third != std::string::npos);
  two.erase(third, two.find("</p>", third) + 4 - third);
  const std::string kept = extract(two, full);
  BOOST_TEST(contains(kept, "weekly fish market"));
  BOOST_TEST(contains(kept, "north lighthouse"));
}

BOOST_AUTO_TEST_CASE(caption_penalty_drops_image_captions_inside_the_article) {
  const std::string html = read_fixture("article_captions.html");
  const std::string text = extract(html, rules_only());
  BOOST_TEST_INFO("extracted:\n" << text);
  BOOST_TEST(contains(text, "washed away a section of the embankment"));
  BOOST_TEST(contains(text, "rails hanging over a gap"));
  BOOST_TEST(contains(text, "extra hour for journeys"));
  BOOST_TEST(contains(text, "autumn festival, which usually"));
  BOOST_TEST(contains(text, "foundations of the sea wall"));
  BOOST_TEST(!contains(text, "Engineers inspect the damaged embankment"));
  // Without the rule the caption reads as part of the article: it sits in its subtree.
  BestOptions off = rules_only();
  off.caption_penalty = 0.0;
  BOOST_TEST(contains(extract(html, off), "Engineers inspect the damaged embankment"));
  // All three caption forms (a div "caption-full", a span "photoCaption", a <figcaption>)
  // have their evidence damped, and nothing else does. (The last two, damped to 0.2 from
  // their neighbours' full evidence, come back by gap filling between kept paragraphs:
  // keep_between judges the damped value.)
  // (The fragment penalty, which follows and weighs the mass of each group, is off here.)
  const TextDocument doc = segment_html(html);
  BestOptions on = rules_only();
  on.group_penalty = 0.0;
  off.group_penalty = 0.0;
  const std::vector<double> with = best_block_evidence(doc, html, on);
  const std::vector<double> without = best_block_evidence(doc, html, off);
  int damped = 0;
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const std::string& t = doc.blocks[i].text;
    const bool caption = contains(t, "Engineers inspect") || contains(t, "Passengers queue") ||
                         contains(t, "festival drew");
    BOOST_TEST_INFO(t);
    if (caption) {
      BOOST_TEST(with[i] == without[i] * (1.0 - BestOptions{}.caption_penalty),
                 boost::test_tools::tolerance(1e-9));
      BOOST_TEST(without[i] > 0.0);
      ++damped;
    } else {
      BOOST_TEST(with[i] == without[i], boost::test_tools::tolerance(1e-9));
    }
  }
  BOOST_TEST(damped == 3);
}

BOOST_AUTO_TEST_CASE(caption_penalty_spares_a_caption_that_holds_the_page_text) {
  // A slideshow page: its one caption is the text. It holds most of the page's evidence
  // mass, over caption_max_share, so the caption rule leaves it alone.
  const std::string html = read_fixture("slideshow_captions.html");
  const std::string text = extract(html);
  BOOST_TEST_INFO("extracted:\n" << text);
  BOOST_TEST(contains(text, "granite tower on the northern headland"));
  BOOST_TEST(!contains(text, "Harbours"));
  const TextDocument doc = segment_html(html);
  std::size_t caption = doc.blocks.size();
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    if (contains(doc.blocks[i].text, "granite tower")) caption = i;
  }
  BOOST_REQUIRE(caption < doc.blocks.size());
  // Without the guard its evidence is damped by caption_penalty.
  BestOptions guarded = rules_only();
  BestOptions unguarded = rules_only();
  unguarded.caption_max_share = 1.0;
  const double with_guard = best_block_evidence(doc, html, guarded)[caption];
  const double without_guard = best_block_evidence(doc, html, unguarded)[caption];
  BOOST_TEST(without_guard == with_guard * (1.0 - guarded.caption_penalty),
             boost::test_tools::tolerance(1e-9));
  BOOST_TEST(with_guard > 0.0);
}

BOOST_AUTO_TEST_CASE(caption_ranges_take_caption_words_and_spans_but_not_content_words) {
  const std::string html =
      "<body><div class='wp-caption alignleft'><p>a</p></div>"
      "<p><span class=newsCaption>b <span>c</span></span></p>"
      "<div class='caption entry-content'><p>d</p></div>"
      "<span class='share-bar'>e</span>"
      "<figure><img src=x><figcaption>f</figcaption></figure>"
      "<div class='sidebar caption'><p>g</p></div></body>";
  const auto captions = caption_hint_ranges(html);
  BOOST_REQUIRE(captions.size() == 3u);
  BOOST_TEST(captions[0].first == html.find("<div class='wp-caption"));
  BOOST_TEST(captions[0].second == html.find("</div>") + 6);
  // Nested spans counted: the range ends at the outer span's end tag.
  BOOST_TEST(captions[1].first == html.find("<span class=newsCaption>"));
  BOOST_TEST(captions[1].second == html.find("</span></p>") + 7);
  BOOST_TEST(captions[2].first == html.find("<figcaption>"));
  BOOST_TEST(captions[2].second == html.find("</figcaption>") + 13);
  // A boilerplate word wins over "caption"; a span is never boilerplate by its words.
  const auto boilerplate = boilerplate_hint_ranges(html);
  BOOST_REQUIRE(boilerplate.size() == 1u);
  BOOST_TEST(boilerplate[0].first == html.find("<div class='sidebar caption'>"));
  BOOST_TEST(caption_hint_ranges("").empty());
}

BOOST_AUTO_TEST_CASE(keep_between_fills_a_gap_between_kept_blocks_inside_the_subtree) {
  const std::string html = read_fixture("article_list_gap.html");
  // A strict inside threshold drops the short line "You will need:" between two paragraphs
  // (its evidence is weaker than theirs); gap filling brings it back. The navigation links
  // at the top are not between kept blocks and stay out either way.
  BestOptions strict = rules_only();
  strict.smoothing = 0.0;  // the line's own evidence, not its neighbours'
  strict.keep_inside = 0.9;
  strict.keep_between = 1.0;
  const std::string without = extract(html, strict);
  BOOST_TEST_INFO("extracted:\n" << without);
  BOOST_TEST(contains(without, "source of water within a short flight"));
  BOOST_TEST(contains(without, "spend a season with a local association"));
  BOOST_TEST(!contains(without, "You will need:"));
  strict.keep_between = BestOptions{}.keep_between;
  const std::string with = extract(html, strict);
  BOOST_TEST(contains(with, "You will need:"));
  BOOST_TEST(!contains(with, "About us"));
  // Above the line's evidence, the gap rule keeps nothing more.
  strict.keep_between = 0.9;
  BOOST_TEST(!contains(extract(html, strict), "You will need:"));
}

BOOST_AUTO_TEST_CASE(fragment_penalty_fades_on_pages_without_a_dominant_group) {
  // A front page of four posts, each its own group at depth 2; the largest holds about
  // 40% of the content mass, so no group dominates.
  const std::string html = read_fixture("front_page_posts.html");
  const TextDocument doc = segment_html(html);
  const auto block_of = [&](const std::string& part) {
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
      if (contains(doc.blocks[i].text, part)) return i;
    }
    BOOST_FAIL("no block holds " << part);
    return std::size_t{0};
  };
  const std::size_t small_post = block_of("footprints in the soft earth");
  const std::size_t large_post = block_of("chitted them on the kitchen windowsill");
  BestOptions full = rules_only();
  full.group_penalty = 1.0;
  full.group_share = 1.0;
  full.group_depth = 2;
  full.group_dominance = 0.0;
  BestOptions fading = full;
  fading.group_dominance = 0.9;
  const auto always = best_block_evidence(doc, html, full);
  const auto faded = best_block_evidence(doc, html, fading);
  // The smaller post is penalised less when the penalty fades; the largest group never is.
  BOOST_TEST(faded[small_post] > always[small_post] + 0.05);
  BOOST_TEST(faded[large_post] == always[large_post]);
  // On an article page the article's group dominates and the penalty stays full.
  const std::string article = read_fixture("article_teasers.html");
  const TextDocument article_doc = segment_html(article);
  BestOptions article_full = full;
  article_full.group_share = 0.5;
  BestOptions article_fading = article_full;
  article_fading.group_dominance = 0.5;
  BOOST_TEST(best_block_evidence(article_doc, article, article_full) ==
                 best_block_evidence(article_doc, article, article_fading),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(works_without_the_page_and_marks_every_parse_block) {
  const std::string html = read_fixture("article_nav_comments.html");
  TextDocument doc = segment_html(html);
  const std::size_t blocks = doc.blocks.size();
  BestExtractor().process(doc);  // BTE abstains
  BOOST_TEST(doc.blocks.size() == blocks);
  BOOST_TEST(contains(doc.content(), "a new fissure on the eastern slope"));
  BOOST_TEST(!contains(doc.content(), "Local team wins"));
  for (const auto& b : doc.blocks) BOOST_TEST((b.score >= 0.0f && b.score <= 1.0f));
}

BOOST_AUTO_TEST_CASE(empty_and_textless_pages) {
  for (const std::string html : {"", "<html><body></body></html>", "<p>"}) {
    TextDocument doc = segment_html(html);
    BestExtractor().process(doc, html);
    BOOST_TEST(doc.content().empty());
  }
}

BOOST_AUTO_TEST_CASE(main_subtree_maximises_content_minus_boilerplate_words) {
  // body 0 > div 1 > {div 2: two content blocks, div 3: boilerplate}; block 4 in body only.
  TextDocument doc = testing::document({testing::block("a", 50), testing::block("b", 40),
                                        testing::block("c", 30), testing::block("d", 20)});
  const std::vector<std::vector<std::uint32_t>> chains = {{2, 1, 0}, {2, 1, 0}, {3, 1, 0}, {0}};
  doc.containers = ContainerTree::from_chains(chains);
  // Content under div 2 only: the best subtree is div 2.
  BOOST_TEST(best_main_subtree(doc, {1.0, 1.0, 0.0, 0.0}, 0.4) == 2u);
  // Content in div 3 as well: div 1 holds both and beats either child.
  BOOST_TEST(best_main_subtree(doc, {1.0, 1.0, 1.0, 0.0}, 0.4) == 1u);
  // Equal gains go to the deeper element: div 3 adds nothing to div 1, so div 1 ties div 2.
  BOOST_TEST(best_main_subtree(doc, {1.0, 1.0, 0.4, 0.0}, 0.4) == 2u);
  // Pruned blocks count nothing: div 3's content no longer pulls the choice up to div 1.
  BOOST_TEST(best_main_subtree(doc, {1.0, 1.0, 1.0, 0.0}, 0.4, {false, false, true, false}) == 2u);
  BOOST_CHECK_THROW((void)best_main_subtree(doc, {1.0, 1.0, 1.0, 0.0}, 0.4, {true}),
                    std::invalid_argument);
  TextDocument lone = testing::document({testing::block("x", 5)});
  const std::vector<std::vector<std::uint32_t>> no_chain = {{}};
  lone.containers = ContainerTree::from_chains(no_chain);
  BOOST_TEST(best_main_subtree(lone, {1.0}, 0.4) == k_no_subtree);
  BOOST_CHECK_THROW((void)best_main_subtree(doc, {1.0}, 0.4), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(hint_ranges_follow_nesting_and_skip_scripts) {
  const std::string html =
      "<body><div class='story'><p>text</p></div>"
      "<DIV ID=\"user-comments\"><div><p>a</p></div><p>b</p></DIV>"
      "<script>document.write('<div class=\"comment\">')</script>"
      "<nav><a>x</a></nav>"
      "<div class='widget Blog'><p>post</p></div>"
      "<section class='sidebar'><p>never closed</p>";
  const auto ranges = boilerplate_hint_ranges(html);
  BOOST_REQUIRE(ranges.size() == 2u);
  const auto comments = html.find("<DIV ID");
  const auto comments_end = html.find("</DIV>") + 6;
  BOOST_TEST(ranges[0].first == comments);
  BOOST_TEST(ranges[0].second == comments_end);
  BOOST_TEST(ranges[1].first == html.find("<nav>"));
  BOOST_TEST(ranges[1].second == html.find("</nav>") + 6);
  // Overlapping ranges are merged; comments and stray '<' are no tags.
  const std::string nested =
      "<!-- <div id=comments> --><div id=comments><aside>1 < 2</aside></div>";
  const auto merged = boilerplate_hint_ranges(nested);
  BOOST_REQUIRE(merged.size() == 1u);
  BOOST_TEST(merged[0].first == nested.rfind("<div id=comments>"));
  BOOST_TEST(merged[0].second == nested.size());
  BOOST_TEST(boilerplate_hint_ranges("").empty());
  BOOST_TEST(boilerplate_hint_ranges("<div class='comment").empty());
}

BOOST_AUTO_TEST_CASE(lexical_bte_finds_the_text_plateau) {
  // Tag-dense navigation, a long tag-free paragraph, tag-dense links again.
  std::string html = "<html><body><ul>";
  for (int i = 0; i < 8; ++i) html += "<li><a href='#'>Link " + std::to_string(i) + "</a></li>";
  html += "</ul><p>";
  for (int i = 0; i < 60; ++i) html += "word" + std::to_string(i) + ' ';
  html += "</p><!-- <b>not a tag</b> --><script>var s = '<p>no words here</p>';</script><ul>";
  for (int i = 0; i < 8; ++i) html += "<li><a href='#'>More " + std::to_string(i) + "</a></li>";
  html += "</ul></body></html>";
  const TextDocument doc = segment_html(html);
  const std::vector<float> shares = lexical_bte_shares(doc, html);
  BOOST_REQUIRE(shares.size() == doc.blocks.size());
  int paragraph = 0;
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    BOOST_TEST_INFO(doc.blocks[i].text);
    if (doc.blocks[i].num_words >= 60) {
      BOOST_TEST(shares[i] == 1.0f);
      ++paragraph;
    } else {
      BOOST_TEST(shares[i] == 0.0f);
    }
  }
  BOOST_TEST(paragraph == 1);
  BOOST_TEST(lexical_bte_shares(segment_html(""), "").empty());
}

BOOST_AUTO_TEST_CASE(options_parse_validate_and_name_round_trips) {
  BOOST_TEST((parse_best_options("") == BestOptions{}));
  const BestOptions o = parse_best_options("lambda=0.5,keep_inside=0.125,group_depth=4");
  BOOST_TEST(parse_best_options("teaser_penalty=0,keep_between=1").teaser_penalty == 0.0);
  BOOST_TEST(parse_best_options("keep_between=0.5").keep_between == 0.5);
  BOOST_TEST(parse_best_options("group_dominance=0").group_dominance == 0.0);
  const BestOptions captions = parse_best_options("caption_penalty=0,caption_max_share=0.25");
  BOOST_TEST(captions.caption_penalty == 0.0);
  BOOST_TEST(captions.caption_max_share == 0.25);
  BOOST_TEST(BestExtractor(captions).name() == "best:caption_penalty=0,caption_max_share=0.25");
  BOOST_TEST(o.lambda == 0.5);
  BOOST_TEST(o.keep_inside == 0.125);
  BOOST_TEST(o.group_depth == 4);
  BOOST_TEST(BestExtractor(o).name() == "best:lambda=0.5,keep_inside=0.125,group_depth=4");
  // Values equal to the defaults are left out of the name.
  BOOST_TEST(BestExtractor(parse_best_options("lambda=0.5,group_depth=3")).name() ==
             "best:lambda=0.5");
  BOOST_TEST(make_extractor("best")->name() == "best");
  BOOST_TEST(make_extractor("best:lambda=0.5")->name() == "best:lambda=0.5");
  for (const char* bad : {"lambda", "lambda=", "lambda=x", "lambda=1.5", "group_depth=0",
                          "group_depth=2.5", "teaser_penalty=1.5", "keep_between=-0.1", "unknown=1",
                          "caption_penalty=1.5", "caption_max_share=-1",
                          "weight_num_words=0,weight_article=0,"
                          "weight_bte=0,weight_cleaneval=0",
                          "=1"}) {
    BOOST_TEST_INFO(bad);
    BOOST_CHECK_THROW((void)parse_best_options(bad), boilerdex::UsageError);
  }
  BOOST_CHECK_THROW((void)make_extractor("best:nope=1"), boilerdex::UsageError);
  // A value out of range is refused with the parameter's own range.
  const auto message = [](const char* spec) {
    try {
      (void)parse_best_options(spec);
    } catch (const boilerdex::UsageError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  BOOST_TEST(message("expected_f1=11").find("expected_f1 must be a number from 0 to 10, got '11'") != std::string::npos);
  BOOST_TEST(message("group_share=0").find("from 0.01 to 1") != std::string::npos);
  BOOST_TEST(message("link_penalty=-1").find("a number ≥ 0") != std::string::npos);
  BOOST_TEST(parse_best_options("expected_f1=2").expected_f1 == 2.0);
  bool listed = false;
  for (const auto& info : list_extractors()) listed = listed || info.name.starts_with("best");
  BOOST_TEST(listed);
}

BOOST_AUTO_TEST_CASE(word_count_splits_scripts_written_without_spaces) {
  BOOST_TEST(best_word_count("Hello, world — again") == 3);  // a lone dash is no word
  BOOST_TEST(best_word_count("東京都に住む") == 3);          // 6 characters, 2 per word
  BOOST_TEST(best_word_count("東京都に住む。") == 3);        // punctuation counts nothing
  BOOST_TEST(best_word_count("iPhoneの新型") == 3);          // "iPhone" + 3 characters
  BOOST_TEST(best_word_count("東") == 1);                    // rounded up
  BOOST_TEST(best_word_count("สวัสดีครับ") == 3);               // Thai: 10 code points, 4 per word
  BOOST_TEST(best_word_count("안녕하세요 여러분") == 2);     // Hangul is written with spaces
  BOOST_TEST(best_word_count("東京都に住む", 3.0) == 2);
  BOOST_TEST(best_word_count("東京都に住む", 0.0) == 1);  // off: whitespace tokens
  BOOST_TEST(best_word_count("Hello, world — again", 0.0) == 3);
  BOOST_TEST(best_word_count("東京都に住む", 1e-12) == 6);  // at most a word per character
  BOOST_TEST(best_word_count("") == 0);
  BOOST_TEST(best_word_count("\xE6\x9D") == 1);  // a cut sequence: two other characters
}

// has_unspaced_script passes over eight bytes at a time while none starts a three- or
// four-byte character: an unspaced character is found at every offset, after ASCII,
// two-byte letters or other three-byte characters, and those alone are not one.
BOOST_AUTO_TEST_CASE(unspaced_script_is_found_at_every_offset) {
  using boilerdex::plugin::detail::has_unspaced_script;
  for (const std::string pad : {"abcdefgh", "\u00e9\u044f\u00fc\u0416", "\u2019\u201c\u2014x"}) {
    std::string run;
    for (int i = 0; i < 12; ++i) run += pad;
    BOOST_TEST(!has_unspaced_script(run));
    for (std::size_t at = 0; at <= run.size(); ++at) {
      if (at < run.size() && (static_cast<unsigned char>(run[at]) & 0xC0) == 0x80) continue;
      const std::string text = run.substr(0, at) + "\u6771" + run.substr(at);
      BOOST_TEST(has_unspaced_script(text), "CJK at byte " << at << " after " << pad);
    }
  }
}

BOOST_AUTO_TEST_CASE(keeps_a_japanese_article_only_with_the_unspaced_word_count) {
  const std::string text = extract(k_japanese_page);
  BOOST_TEST_INFO("extracted:\n" << text);
  BOOST_TEST(contains(text, "北海道で大雪警報、交通に乱れ"));
  BOOST_TEST(contains(text, "大雪警報を発表した"));
  BOOST_TEST(contains(text, "除雪車を通常の二倍"));
  BOOST_TEST(contains(text, "旅行客の姿が目立った"));
  BOOST_TEST(contains(text, "最新の気象情報"));
  BOOST_TEST(!contains(text, "スポーツ"));
  BOOST_TEST(!contains(text, "ラーメン店"));
  BOOST_TEST(!contains(text, "English Edition"));
  BOOST_TEST(!contains(text, "Copyright"));

  // On the segmenter's counts (whitespace and punctuation tokens) a paragraph is 3 to 5
  // words, and the English footer's 39 words look like the page's text.
  BestOptions off = rules_only();
  off.unspaced_chars_per_word = 0.0;
  const std::string without = extract(k_japanese_page, off);
  BOOST_TEST_INFO("extracted without the unspaced count:\n" << without);
  BOOST_TEST(!contains(without, "大雪警報を発表した"));
  BOOST_TEST(!contains(without, "除雪車を通常の二倍"));
  BOOST_TEST(contains(without, "English Edition"));
}

BOOST_AUTO_TEST_CASE(the_option_parses_and_names_itself) {
  BOOST_TEST(parse_best_options("unspaced_chars_per_word=1.5").unspaced_chars_per_word == 1.5);
  BOOST_TEST(BestExtractor(parse_best_options("unspaced_chars_per_word=0")).name() ==
             "best:unspaced_chars_per_word=0");
  BOOST_CHECK_THROW((void)parse_best_options("unspaced_chars_per_word=-1"), boilerdex::UsageError);
}

BOOST_AUTO_TEST_CASE(pages_without_unspaced_scripts_are_decided_as_before) {
  const std::string html =
      "<html><body><div><p>Short menu</p></div><div><p>" + std::string(40, 'x') +
      " The harbour town woke to ash on Tuesday as the volcano, quiet for a century, sent a "
      "column of smoke high over the bay and the ferries stayed in port all day long.</p>"
      "<p>Scientists had warned of swelling on the northern flank for weeks before it.</p>"
      "</div></body></html>";
  BestOptions off = rules_only();
  off.unspaced_chars_per_word = 0.0;
  TextDocument a = segment_html(html);
  TextDocument b = segment_html(html);
  BestExtractor(rules_only()).process(a, html);
  BestExtractor(off).process(b, html);
  BOOST_REQUIRE_EQUAL(a.blocks.size(), b.blocks.size());
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    BOOST_TEST(a.blocks[i].is_content == b.blocks[i].is_content);
    BOOST_TEST(a.blocks[i].score == b.blocks[i].score);
    BOOST_TEST(a.blocks[i].num_words == b.blocks[i].num_words);  // the segmenter's, untouched
  }
}

BOOST_AUTO_TEST_CASE(unspaced_counts_leave_the_document_counters_alone) {
  TextDocument doc = segment_html(k_japanese_page);
  const TextDocument before = doc;
  BestExtractor().process(doc, k_japanese_page);
  BOOST_REQUIRE_EQUAL(doc.blocks.size(), before.blocks.size());
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    BOOST_TEST(doc.blocks[i].num_words == before.blocks[i].num_words);
    BOOST_TEST(doc.blocks[i].text_density == before.blocks[i].text_density);
    BOOST_TEST(doc.blocks[i].link_density == before.blocks[i].link_density);
  }
}

BOOST_AUTO_TEST_SUITE_END()

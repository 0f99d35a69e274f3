// The default extractor on small hand-written pages, one per kind of page or defect seen on
// real pages (issue #15): what it must keep and what it must leave out.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <vector>
#include <string>
#include <string_view>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/container_tree.hpp"
#include "boilerdex/plugin/learned_model.hpp"
#include "boilerdex/plugin/html_segmenter.hpp"
#include "boilerdex/plugin/page_extractor.hpp"
#include "boilerdex/plugin/page_markup.hpp"
#include "../../plugin/extractors/src/best_cleanup_internal.hpp"
#include "../../plugin/extractors/src/best_stages_internal.hpp"

using namespace boilerdex::plugin;

namespace {

std::string read_page(const std::string& name) {
  const auto path = std::filesystem::path(BOILERDEX_FIXTURES_DIR) / "plugin" / "best" / "pages" / name;
  std::ifstream in(path, std::ios::binary);
  BOOST_REQUIRE_MESSAGE(in, "cannot open " << path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The default extractor's text of a fixture page.
std::string best_text(const std::string& name, const BestOptions& options = {}) {
  const BestExtractor best(options);
  return extract_page(read_page(name), best).document.content();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A page of hand-made blocks for the cleanup passes: each block's words, link density, markup
// bits and whether the stages kept it (its text is a placeholder).
struct HandBlock {
  int words;
  std::uint32_t bits;
  bool kept;
  float link_density = 0.0f;
};
struct HandPage {
  TextDocument doc;
  std::vector<BlockMarkup> markup;
  std::vector<bool> keep;
};
HandPage hand_page(const std::vector<HandBlock>& blocks) {
  HandPage page;
  for (const HandBlock& b : blocks) {
    TextBlock t;
    t.text = "w";
    t.num_words = b.words;
    t.link_density = b.link_density;
    page.doc.blocks.push_back(t);
    page.markup.push_back(BlockMarkup{b.bits, 3});
    page.keep.push_back(b.kept);
  }
  return page;
}
constexpr std::uint32_t bit_of(MarkupBit b) { return 1u << static_cast<unsigned>(b); }

}  // namespace

BOOST_AUTO_TEST_SUITE(best_pages)

BOOST_AUTO_TEST_CASE(the_model_is_compiled_in_and_reads_the_best_feature_set) {
  const LearnedModel* model = builtin_best_model();
  BOOST_REQUIRE(model != nullptr);
  BOOST_TEST(feature_set_name(model->feature_set()) == "best");
  BOOST_TEST(feature_names(FeatureSet::Best).size() == feature_count(FeatureSet::Best));
  BOOST_TEST(feature_count(FeatureSet::Best) ==
             feature_count(FeatureSet::LocalPage) + best_extra_feature_names().size());
}

BOOST_AUTO_TEST_CASE(batch_probabilities_equal_one_row_at_a_time) {
  const LearnedModel* model = builtin_best_model();
  BOOST_REQUIRE(model != nullptr);
  const std::string page = read_page("listing.html");
  const TextDocument doc = segment_html(page);
  const std::vector<float> rows = best_feature_rows(doc, page);
  const std::size_t width = feature_count(FeatureSet::Best);
  std::vector<double> batch(doc.blocks.size());
  std::vector<bool> skip(doc.blocks.size(), false);
  skip[0] = true;
  model->content_probabilities(rows, batch, skip);
  BOOST_TEST(batch[0] == 0.0);
  for (std::size_t i = 1; i < doc.blocks.size(); ++i)
    BOOST_TEST(batch[i] == model->content_probability(std::span<const float>(rows.data() + i * width, width)));
}

// The rows' DOM columns on hand-made chains, against their definitions: each block's first
// eight container ancestors (a short chain repeats its outermost), each distinct one summing
// the words, link words, blocks and kept words of the blocks with words under it; the
// distinct children with text under a block's level-2 and level-3 ancestors; the nearest
// ancestor holding kept text. Chains of every length, a block without a chain, one without
// words and one past the tree's blocks.
BOOST_AUTO_TEST_CASE(dom_columns_follow_their_definitions) {
  const std::vector<std::vector<std::uint32_t>> chains = {
      {5, 2, 0}, {6, 2, 0}, {7, 3, 0}, {}, {5, 2, 0}, {8}, {12, 11, 10, 9, 4, 3, 2, 1, 0}, {9, 4, 3, 0}};
  const std::vector<int> words = {10, 20, 5, 8, 0, 4, 7, 3, 6};  // the last block: no chain at all
  const std::vector<int> linked = {2, 0, 5, 1, 0, 0, 3, 1, 0};
  const std::vector<bool> kept = {false, true, false, true, false, false, true, false, true};
  TextDocument doc;
  for (std::size_t i = 0; i < words.size(); ++i) {
    TextBlock b;
    b.text = "w";
    b.num_words = words[i];
    b.num_words_in_anchor_text = linked[i];
    doc.blocks.push_back(b);
  }
  doc.containers = ContainerTree::from_chains(chains);
  const std::size_t n = doc.blocks.size();
  BestRuleResult rules;
  rules.votes.assign(n, 0.5);
  rules.evidence.assign(n, 0.5);
  rules.hinted.assign(n, false);
  rules.inside.assign(n, false);
  rules.keep = kept;
  rules.title.assign(n, false);
  rules.after_end.assign(n, false);
  const std::vector<float> rows = best_feature_rows(doc, rules, std::vector<BlockMarkup>(n));
  const std::vector<std::string> names = feature_names(FeatureSet::Best);
  const auto column = [&](std::size_t i, const std::string& name) {
    const auto at = std::find(names.begin(), names.end(), name);
    BOOST_REQUIRE(at != names.end());
    return rows[i * names.size() + static_cast<std::size_t>(at - names.begin())];
  };
  // The definitions, over the chains as given.
  const auto up = [&](std::size_t i) {
    std::vector<std::uint32_t> u(i < chains.size() ? chains[i] : std::vector<std::uint32_t>{});
    if (u.size() > 8) u.resize(8);
    while (!u.empty() && u.size() < 8) u.push_back(u.back());
    return u;
  };
  std::map<std::uint32_t, std::array<double, 4>> sub;  // words, link words, blocks, kept words
  std::map<std::uint32_t, std::set<std::uint32_t>> children_2, children_3;
  double page_words = 0;
  for (std::size_t i = 0; i < n; ++i) {
    page_words += words[i];
    const auto u = up(i);
    if (u.empty() || words[i] == 0) continue;
    for (const std::uint32_t id : std::set<std::uint32_t>(u.begin(), u.end())) {
      sub[id][0] += words[i];
      sub[id][1] += linked[i];
      sub[id][2] += 1;
      sub[id][3] += kept[i] ? words[i] : 0;
    }
    children_2[u[1]].insert(u[0]);
    children_3[u[2]].insert(u[1]);
  }
  double max_items = 0;
  for (const auto& [id, c] : children_2) max_items = std::max(max_items, static_cast<double>(c.size()));
  for (std::size_t i = 0; i < n; ++i) {
    BOOST_TEST_CONTEXT("block " << i) {
      const auto u = up(i);
      const auto s = [&](std::size_t level) {
        return u.empty() ? std::array<double, 4>{} : sub[u[level]];
      };
      for (std::size_t level = 0; level < 3; ++level) {
        const std::string l = std::to_string(level + 1);
        const auto t = s(level);
        BOOST_TEST(column(i, "dom.words_share_" + l) == static_cast<float>(t[0] / page_words));
        BOOST_TEST(column(i, "dom.link_density_" + l) == static_cast<float>(t[0] > 0 ? t[1] / t[0] : 0.0));
        BOOST_TEST(column(i, "dom.log_blocks_" + l) == static_cast<float>(std::log1p(t[2])));
        BOOST_TEST(column(i, "dom.kept_share_" + l) == static_cast<float>(t[0] > 0 ? t[3] / t[0] : 0.0));
      }
      const double items2 = u.empty() ? 0.0 : static_cast<double>(children_2[u[1]].size());
      const double items3 = u.empty() ? 0.0 : static_cast<double>(children_3[u[2]].size());
      BOOST_TEST(column(i, "dom.log_items_2") == static_cast<float>(std::log1p(items2)));
      BOOST_TEST(column(i, "dom.log_items_3") == static_cast<float>(std::log1p(items3)));
      BOOST_TEST(column(i, "dom.log_item_words_2") ==
                 static_cast<float>(std::log1p(items2 > 0 ? s(1)[0] / items2 : 0.0)));
      std::size_t meet = 8;
      for (std::size_t level = 0; !u.empty() && level < 8; ++level) {
        if (sub[u[level]][3] > 0) {
          meet = level;
          break;
        }
      }
      BOOST_TEST(column(i, "dom.meet_level") == static_cast<float>(meet));
      BOOST_TEST(column(i, "page.log_max_items") == static_cast<float>(std::log1p(max_items)));
    }
  }
  BOOST_TEST(column(2, "dom.meet_level") == 1.0f);  // 7 holds no kept text, 3 holds block 6
  BOOST_TEST(column(0, "dom.log_items_2") == static_cast<float>(std::log1p(2.0)));  // 5 and 6 under 2
}

// A page over the parse's tag budget: best's lexical scans (BTE, markup) read what the parse
// read, so the rest of the page changes no decision and costs no memory (issue #16, item 5).
BOOST_AUTO_TEST_CASE(what_the_parse_did_not_read_changes_no_decision) {
  std::string page = "<html><body><div id=main><h1>The long night of the lighthouse</h1>";
  for (int i = 0; i < 6; ++i)
    page += "<p>The keeper climbed the stairs again at midnight, trimmed the wick and wound the "
            "clockwork that turned the great lens, as his father had done before him.</p>";
  page += "</div><div class=footer>";
  for (int i = 0; i < 450000; ++i) page += "<p>w</p>";  // 900,000 tags, over the budget
  TextDocument whole = segment_html(page);
  // The parse stopped at the tag budget (400,000 start tags, '<' and a letter): the page cut
  // there gives the same blocks, and must give the same decisions.
  std::size_t cut = 0;
  for (std::size_t tags = 0; cut + 1 < page.size(); ++cut) {
    if (page[cut] == '<' && std::isalpha(static_cast<unsigned char>(page[cut + 1])) && ++tags > 400000) break;
  }
  const std::string head = page.substr(0, cut);
  TextDocument alone = segment_html(head);
  BOOST_REQUIRE_EQUAL(whole.blocks.size(), alone.blocks.size());
  BestExtractor().process(whole, page);
  BestExtractor().process(alone, head);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < whole.blocks.size(); ++i) {
    if (whole.blocks[i].is_content != alone.blocks[i].is_content ||
        whole.blocks[i].score != alone.blocks[i].score)
      ++differing;
  }
  BOOST_TEST(differing == 0u);
  BOOST_TEST(has(whole.content(), "The keeper climbed the stairs"));
}

BOOST_AUTO_TEST_CASE(a_model_option_that_is_no_model_is_refused_naming_it) {
  const auto message = [](const std::string& spec) -> std::string {
    try {
      (void)make_extractor(spec);
    } catch (const boilerdex::Error& e) {
      return e.what();
    }
    return "";
  };
  const std::string dir = std::filesystem::path(BOILERDEX_FIXTURES_DIR).string();
  BOOST_TEST(message("best:model=" + dir).find(dir + ": is a directory") != std::string::npos);
  BOOST_TEST(message("best:model=/no/such/model.json").find("/no/such/model.json") != std::string::npos);
}

// (a) A textarea holding an HTML template is a form's value, not the page's text.
BOOST_AUTO_TEST_CASE(a_textarea_template_is_not_the_article) {
  const std::string text = best_text("textarea_template.html");
  BOOST_TEST(has(text, "The harbour weather widget shows the wind"));
  BOOST_TEST(!has(text, "hw-widget"));
  BOOST_TEST(!has(text, "Significant swell height"));
}

// (b) Script source kept as raw text (an iframe's fallback, escaped tags in <noscript>).
BOOST_AUTO_TEST_CASE(script_source_and_raw_script_tags_are_not_text) {
  const std::string text = best_text("script_as_text.html");
  BOOST_TEST(has(text, "For more than a century the lighthouses"));
  BOOST_TEST(has(text, "The keepers' logbooks survive"));
  BOOST_TEST(!has(text, "KeeperPlayer"));
  BOOST_TEST(!has(text, "<script"));
  BOOST_TEST(!has(text, "pixel.gif"));
}

// (c) An inline fact box must not cut the article: the lead paragraphs before it stay.
BOOST_AUTO_TEST_CASE(an_inline_fact_box_does_not_cut_the_lead) {
  const std::string text = best_text("fact_box.html");
  BOOST_TEST(has(text, "Councillors voted on Tuesday night"));
  BOOST_TEST(has(text, "The station building, now a furniture warehouse"));
  BOOST_TEST(has(text, "Supporters say the station will cut traffic"));
  BOOST_TEST(has(text, "The council will hold a public meeting"));
  BOOST_TEST(!has(text, "Bus routes cut across the valley"));
}

// (d) A page of a few dozen real words falls back to its main text rather than nothing.
BOOST_AUTO_TEST_CASE(a_short_page_keeps_its_few_words) {
  const std::string text = best_text("short_page.html");
  BOOST_TEST(has(text, "The library will be closed on Monday for repairs"));
  BOOST_TEST(!has(text, "Accessibility"));
}

// (d) ... but a page's furniture is not its main text even then: a shop page whose items
// are drawn by script leaves only its footer's headings and a hidden skip heading, and
// comes out empty rather than as "Help / Browse by Category".
BOOST_AUTO_TEST_CASE(a_script_drawn_page_does_not_fall_back_to_its_footer) {
  BOOST_TEST(best_text("shop_shell.html").empty());
}

// The fallback's choice block by block: text in a navigation, header, footer, aside or dialog
// landmark, or hidden, stays out; so do link lists, markup and hinted blocks; the rest is kept.
BOOST_AUTO_TEST_CASE(the_fallback_keeps_text_outside_the_page_furniture) {
  HandPage page = hand_page({{12, 0, false},
                             {6, bit_of(MarkupBit::Footer), false},
                             {4, bit_of(MarkupBit::Nav) | bit_of(MarkupBit::ListItem), false},
                             {5, bit_of(MarkupBit::Header), false},
                             {7, bit_of(MarkupBit::Aside), false},
                             {3, bit_of(MarkupBit::Hidden) | bit_of(MarkupBit::Heading), false},
                             {8, bit_of(MarkupBit::Dialog), false},
                             {9, bit_of(MarkupBit::Main) | bit_of(MarkupBit::Heading), false},
                             {6, 0, false, 0.8f},
                             {10, 0, false},
                             {0, 0, false}});
  BestRuleResult rules;
  rules.hinted.assign(page.doc.blocks.size(), false);
  std::vector<bool> as_markup(page.doc.blocks.size(), false);
  as_markup[9] = true;
  const std::vector<bool> keep = detail::main_text_fallback(page.doc, rules, page.markup, as_markup);
  const std::vector<bool> expected = {true, false, false, false, false, false, false, true, false, false, false};
  BOOST_TEST(keep == expected, boost::test_tools::per_element());
  // Over 200 words the empty decision stands.
  page.doc.blocks[0].num_words = 150;
  const std::vector<bool> none = detail::main_text_fallback(page.doc, rules, page.markup, as_markup);
  BOOST_TEST(std::count(none.begin(), none.end(), true) == 0);
}

// (e) A photo post with one line of text: the licence footer is not its content.
BOOST_AUTO_TEST_CASE(a_photo_post_does_not_turn_into_its_licence_footer) {
  const std::string text = best_text("photo_post.html");
  BOOST_TEST(!has(text, "Creative Commons"));
  BOOST_TEST(!has(text, "Powered by"));
}

// Forum software's crawler view: the thread lies inside <noscript>.
BOOST_AUTO_TEST_CASE(a_forum_thread_inside_noscript_keeps_its_posts) {
  SegmentStats stats;
  const TextDocument doc = segment_html(read_page("noscript_forum.html"), {}, &stats);
  BOOST_TEST(stats.noscript_unwrapped);
  const std::string text = best_text("noscript_forum.html");
  BOOST_TEST(has(text, "Our water is very hard"));
  BOOST_TEST(has(text, "Citric acid works best for me"));
  BOOST_TEST(has(text, "White vinegar does the same job"));
  BOOST_TEST(!has(text, "Terms of service"));
}

// A listing keeps every item of its main list (titles and teasers), not the site's menus.
BOOST_AUTO_TEST_CASE(a_listing_keeps_its_items_and_drops_the_menus) {
  const std::string text = best_text("listing.html");
  for (const char* item : {"Growing tomatoes in small gardens", "Why your basil keeps wilting",
                           "Slugs, beer traps and other myths", "Planning a year of salad leaves",
                           "Most basil dies of too much water"})
    BOOST_TEST(has(text, item), item);
  BOOST_TEST(!has(text, "Vegetables\nFlowers"));
  BOOST_TEST(!has(text, "Ten tools every gardener needs"));
  BOOST_TEST(!has(text, "Written in a shed"));
}

// A copy the page keeps for another screen size is kept once, and so is a paragraph a reply
// quotes; a paragraph repeated back to back stays twice (drop_repeats; drop_repeats=0 keeps
// every copy).
BOOST_AUTO_TEST_CASE(a_second_copy_of_kept_text_is_dropped_but_not_a_back_to_back_repeat) {
  const auto count = [](const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
  };
  const std::string hero = "Keep a whole day of gear within easy reach";
  const std::string pockets = "Stretch side pockets hold a bottle each";
  const std::string text = best_text("repeated_copy.html");
  BOOST_TEST(count(text, hero) == 1u);
  BOOST_TEST(count(text, pockets) == 2u);
  BOOST_TEST(has(text, "The removable hip belt carries a small zip pocket"));
  BOOST_TEST(has(text, "Exactly right: I can reach both bottles"));
  BestOptions off;
  off.drop_repeats = 0.0;
  const std::string both = best_text("repeated_copy.html", off);
  BOOST_TEST(count(both, hero) == 2u);
  BOOST_TEST(count(both, pockets) == 3u);  // twice back to back, once quoted
}

// keep_code_beside_text on hand-made blocks: a code block next to a kept block is kept, and
// so is a run of them from either end (1, 3 and 4 after paragraph 0, across an empty block;
// 7 then 6 before paragraph 8); code that is mostly links (9), code read as markup (10),
// code with no kept block beside it (13) and a paragraph beside kept code (5) are not.
BOOST_AUTO_TEST_CASE(code_beside_kept_text_is_kept_and_runs_of_it) {
  constexpr std::uint32_t code = bit_of(MarkupBit::Code);
  HandPage page = hand_page({{10, 0, true},    {20, code, false}, {0, 0, false},        {5, code, false},
                             {8, code, false, 0.2f}, {12, 0, false}, {6, code, false}, {6, code, false},
                             {10, 0, true},    {4, code, false, 1.0f}, {7, code, false}, {10, 0, true},
                             {10, 0, false},   {5, code, false},  {10, 0, false}});
  std::vector<bool> as_markup(page.doc.blocks.size(), false);
  as_markup[10] = true;
  detail::keep_code_beside_text(page.doc, page.markup, as_markup, page.keep);
  const std::vector<bool> want = {true,  true,  false, true, true, false, true, true,
                                  true,  false, false, true, false, false, false};
  BOOST_TEST(page.keep == want, boost::test_tools::per_element());
}

// A build log quoted in a post is kept with the post; code that is only links (a monospace
// footer's) is not (BestOptions::keep_code, on by default). Today's model keeps this log on
// its own as well; the rule's reach is pinned by the hand-made blocks above.
BOOST_AUTO_TEST_CASE(a_log_quoted_in_a_post_is_kept_and_a_monospace_link_line_is_not) {
  const std::string text = best_text("code_in_post.html");
  BOOST_TEST(has(text, "Failing build: Failed to build site"));
  BOOST_TEST(has(text, "Site is live? false"));
  BOOST_TEST(has(text, "Here is the end of the deploy log"));
  BOOST_TEST(has(text, "Could the number of files be the problem"));
  BOOST_TEST(!has(text, "community guidelines"));
  BOOST_TEST(!has(text, "All rights reserved"));
}

// drop_dialogs on hand-made blocks: kept blocks in dialog markup are dropped when a block
// with words outside dialogs is kept (the first page); a page whose only kept words are in a
// dialog keeps them (the second: its kept block outside a dialog has no words).
BOOST_AUTO_TEST_CASE(dialogs_are_dropped_unless_they_hold_all_the_kept_text) {
  constexpr std::uint32_t dialog = bit_of(MarkupBit::Dialog);
  const auto run = [](const std::vector<HandBlock>& blocks) {
    HandPage page = hand_page(blocks);
    detail::drop_dialogs(page.doc, page.markup, page.keep);
    return page.keep;
  };
  const std::vector<bool> article = run({{30, 0, true}, {40, dialog, true}, {12, dialog, false}, {8, 0, true}});
  BOOST_TEST(article == (std::vector<bool>{true, false, false, true}), boost::test_tools::per_element());
  const std::vector<bool> lightbox = run({{0, 0, true}, {40, dialog, true}, {5, 0, false}, {12, dialog, true}});
  BOOST_TEST(lightbox == (std::vector<bool>{true, true, false, true}), boost::test_tools::per_element());
}

// A consent banner (role="dialog") and a newsletter <dialog> written as prose stay out of an
// article's text; without drop_dialogs the model keeps both.
BOOST_AUTO_TEST_CASE(a_consent_banner_and_a_newsletter_dialog_are_not_the_article) {
  const std::string text = best_text("consent_dialog.html");
  BOOST_TEST(has(text, "The bike came to us in three crates"));
  BOOST_TEST(has(text, "start with the box"));
  BOOST_TEST(!has(text, "We value your privacy"));
  BOOST_TEST(!has(text, "personalise the content and advertising"));
  BOOST_TEST(!has(text, "one restoration story"));
  BestOptions off;
  off.drop_dialogs = 0.0;
  const std::string model_alone = best_text("consent_dialog.html", off);
  BOOST_TEST(has(model_alone, "personalise the content and advertising"));
  BOOST_TEST(has(model_alone, "one restoration story"));
}

// The rules alone (model_weight=0) are still there for comparison and tuning.
BOOST_AUTO_TEST_CASE(model_weight_zero_decides_by_the_rules_alone) {
  BestOptions rules;
  rules.model_weight = 0.0;
  const std::string page = read_page("fact_box.html");
  TextDocument doc = segment_html(page);
  const BestRuleResult r = best_rule_decisions(doc, page, rules);
  BestExtractor(rules).process(doc, page);
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) BOOST_TEST(doc.blocks[i].is_content == r.keep[i]);
}

// The stacked second stage reads the page as the first stage does but for the verdict: in its
// rows only the columns that the rules' keep and evidence make differ, and they are the first
// stage's verdict (with_verdict).
BOOST_AUTO_TEST_CASE(the_stacked_stage_reads_the_first_stages_verdict_in_place_of_the_rules) {
  const LearnedModel* first = builtin_best_model();
  BOOST_REQUIRE(first != nullptr);
  const std::vector<std::string> names = feature_names(FeatureSet::Best);
  const std::set<std::string> verdict_columns = {"rules.evidence", "rules.keep", "rules.kept_share",
                                                 "dom.kept_share_1", "dom.kept_share_2", "dom.kept_share_3",
                                                 "dom.meet_level"};
  for (const char* name : {"listing.html", "fact_box.html", "noscript_forum.html"}) {
    BOOST_TEST_CONTEXT(name) {
      const std::string page = read_page(name);
      const TextDocument doc = segment_html(page);
      const std::size_t n = doc.blocks.size();
      const std::vector<float> plain = best_feature_rows(doc, page);
      const std::vector<float> stacked = best_stacked_feature_rows(doc, page, *first);
      BOOST_REQUIRE(stacked.size() == plain.size());
      // The first stage's verdict, as BestExtractor reaches it.
      const BestOptions options;
      const BestRuleResult rules = best_rule_decisions(doc, page, options);
      std::vector<double> q(n);
      first->content_probabilities(plain, q);
      std::vector<double> score;
      const std::vector<bool> keep = learned_verdict(rules, block_markup(doc, page), q, options.model_weight,
                                                     first->threshold(), options.model_hinted_threshold, score);
      std::size_t differing = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (doc.blocks[i].num_words == 0) continue;
        for (std::size_t f = 0; f < names.size(); ++f) {
          const float a = plain[i * names.size() + f];
          const float b = stacked[i * names.size() + f];
          if (names[f] == "rules.keep") BOOST_TEST(b == (keep[i] ? 1.0f : 0.0f));
          if (names[f] == "rules.evidence") BOOST_TEST(b == static_cast<float>(score[i]));
          if (a == b) continue;
          ++differing;
          BOOST_TEST(verdict_columns.contains(names[f]), names[f] << " of block " << i);
        }
      }
      // The first stage does not agree with the rules on every block of these pages.
      BOOST_TEST(differing > 0u);
      // The rows rewritten for the verdict (BestFeatureRows::restate) are the rows of a page
      // read afresh with it, bit for bit.
      const std::vector<float> afresh =
          best_feature_rows(doc, with_verdict(rules, keep, score), block_markup(doc, page));
      BOOST_TEST(std::memcmp(afresh.data(), stacked.data(), afresh.size() * sizeof(float)) == 0);
      // So are the rows of any range of blocks (a huge page's chunks).
      const std::vector<BlockMarkup> markup = block_markup(doc, page);
      const BestRuleResult verdict = with_verdict(rules, keep, score);
      const BestFeatureRows first_rows(doc, rules, markup);
      const BestFeatureRows verdict_rows(doc, verdict, markup);
      const BestFeatureRows::Verdict counted = first_rows.count(verdict);  // once for every range
      for (const auto& [begin, end] : {std::pair<std::size_t, std::size_t>{0, n / 3}, {n / 3, n}, {n / 2, n / 2 + 1}}) {
        std::vector<float> part = first_rows.rows(begin, end);
        first_rows.restate(part, begin, end, counted);
        BOOST_TEST(part == verdict_rows.rows(begin, end), "blocks " << begin << " to " << end);
      }
      // A verdict counted for another reading of the page is refused, not read.
      std::vector<float> part = verdict_rows.rows(0, n);
      BOOST_CHECK_THROW(verdict_rows.restate(part, 0, n, counted), std::invalid_argument);
    }
  }
}

// The compiled-in second stage takes part by default; stacked=0 leaves the decision to the
// first stage, and so does a first stage given as model=PATH (the compiled-in second stage
// learned from the compiled-in first stage's verdicts), unless a second stage is given too.
// Compared by the blocks' scores (the blended probabilities): on these small pages the second
// stage moves every score but few decisions.
BOOST_AUTO_TEST_CASE(the_stacked_stage_decides_by_default_and_can_be_left_out) {
  BOOST_REQUIRE(builtin_best_stacked_model() != nullptr);
  const std::filesystem::path models = std::filesystem::path(BOILERDEX_SOURCE_DIR) / "plugin/extractors/models";
  const auto scores = [](const std::string& page, const BestOptions& options) {
    TextDocument doc = segment_html(page);
    BestExtractor(options).process(doc, page);
    std::vector<float> out;
    for (const TextBlock& b : doc.blocks) out.push_back(b.score);
    return out;
  };
  BestOptions off;
  off.stacked = 0.0;
  BestOptions first_file;
  first_file.model_file = (models / "best-blocks.json").string();
  BestOptions both_files = first_file;
  both_files.stacked_model_file = (models / "best-blocks-stacked.json").string();
  for (const char* name : {"listing.html", "fact_box.html", "noscript_forum.html", "repeated_copy.html",
                           "photo_post.html", "short_page.html"}) {
    BOOST_TEST_CONTEXT(name) {
      const std::string page = read_page(name);
      const std::vector<float> by_default = scores(page, {});
      const std::vector<float> first_alone = scores(page, off);
      BOOST_TEST(by_default != first_alone);
      BOOST_TEST(scores(page, both_files) == by_default);
      BOOST_TEST(scores(page, first_file) == first_alone);
    }
  }
  BestOptions named;
  named.stacked = 0.0;
  BOOST_TEST(BestExtractor(named).name() == "best:stacked=0");
  BOOST_TEST((parse_best_options("stacked=0") == named));
}

// The page's expected-F1 choice (expected_f1_verdict): on hand-made pages, what a reader of
// the probabilities would keep, and on random pages the definition, every k tried.
BOOST_AUTO_TEST_CASE(the_expected_f1_choice_keeps_what_maximises_the_expected_f1) {
  const auto choose = [](const std::vector<double>& q, const std::vector<double>& words, double weight,
                         std::vector<bool> eligible = {}) {
    if (eligible.empty()) eligible.assign(q.size(), true);
    return expected_f1_verdict(q, words, eligible, weight);
  };
  // A listing's twenty items, each P 0.25 (under the threshold rule's 0.3 even blended),
  // and a menu of ten links at 0.02: the items are the page's expected content.
  std::vector<double> q(20, 0.25), words(20, 5.0);
  q.insert(q.end(), 10, 0.02);
  words.insert(words.end(), 10, 3.0);
  std::vector<bool> items(30, false);
  std::fill(items.begin(), items.begin() + 20, true);
  BOOST_TEST(choose(q, words, 0.7) == items);
  // Three sure paragraphs and five doubtful ones: the doubtful ones lower the expected F1.
  const std::vector<double> sure_q = {0.95, 0.35, 0.95, 0.35, 0.35, 0.95, 0.35, 0.35};
  const std::vector<double> sure_words = {50, 20, 50, 20, 20, 50, 20, 20};
  const std::vector<bool> sure = {true, false, true, false, false, true, false, false};
  BOOST_TEST(choose(sure_q, sure_words, 0.7) == sure);
  // Leaning to recall (a weight of 3) takes them too.
  BOOST_TEST(choose(sure_q, sure_words, 3.0) == std::vector<bool>(8, true));
  // A page of links none of which is likely content keeps nothing: an empty output is right
  // with the chance that nothing is content (here about 0.96).
  BOOST_TEST(choose({0.008, 0.017, 0.014}, {2, 2, 2}, 0.7) == std::vector<bool>(3, false));
  // A block that is not eligible is never taken, nor one without words.
  BOOST_TEST(choose({0.9, 0.9, 0.9}, {10, 10, 0}, 0.7, {false, true, true}) ==
             (std::vector<bool>{false, true, false}));
  BOOST_CHECK_THROW((void)choose({0.5}, {1, 2}, 0.7), std::invalid_argument);

  // Random pages against the definition: the chosen set is the first k of the eligible
  // blocks with words by P (ties in page order), for the k with the largest objective, the
  // empty set scoring Π (1 − P).
  std::uint64_t state = 12345;
  const auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  for (int page = 0; page < 300; ++page) {
    const std::size_t n = 1 + static_cast<std::size_t>(next() * 40);
    std::vector<double> p(n), w(n);
    std::vector<bool> ok(n);
    for (std::size_t i = 0; i < n; ++i) {
      p[i] = next() < 0.2 ? 0.5 : std::floor(next() * 20) / 20;  // ties and zeros
      w[i] = next() < 0.1 ? 0 : 1 + std::floor(next() * 60);
      ok[i] = next() < 0.9;
    }
    const double weight = 0.3 + next() * 2;
    double gold = 0, log_none = 0;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < n; ++i) {
      if (w[i] <= 0 || p[i] <= 0) continue;
      gold += w[i] * p[i];
      log_none += std::log1p(-p[i]);
      if (ok[i]) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&p](std::size_t a, std::size_t b) { return p[a] > p[b]; });
    double best = std::exp(log_none);
    std::size_t take = 0;
    for (std::size_t k = 1; k <= order.size(); ++k) {
      double kept = 0, expected = 0;
      for (std::size_t j = 0; j < k; ++j) {
        kept += w[order[j]];
        expected += w[order[j]] * p[order[j]];
      }
      const double f = 2 * expected / (kept + weight * gold);
      if (f > best + 1e-12) {
        best = f;
        take = k;
      }
    }
    std::vector<bool> want(n, false);
    for (std::size_t j = 0; j < take; ++j) want[order[j]] = true;
    BOOST_TEST(choose(p, w, weight, ok) == want, "page " << page);
  }
}

// The page's decision around the expected-F1 choice: what the rules and the learned stages
// both keep stays, side matter needs the hinted threshold, and expected_f1=0 is the stages'
// threshold verdict.
BOOST_AUTO_TEST_CASE(the_page_decision_keeps_agreed_blocks_and_holds_back_side_matter) {
  // Block 0: a sure paragraph; 1: a doubtful one that the rules and the threshold keep;
  // 2: the same doubt that only the threshold keeps; 3: side matter the page names, sure
  // enough for the choice but under the hinted threshold; 4: the same, over it.
  detail::StageVerdict v;
  v.q = {0.95, 0.4, 0.4, 0.45, 0.6};
  v.score = {0.96, 0.52, 0.32, 0.36, 0.48};
  v.keep = {true, true, true, false, true};
  BestRuleResult rules;
  rules.keep = {true, true, false, false, false};
  rules.hinted = {false, false, false, true, true};
  const std::vector<BlockMarkup> markup(5);
  const std::vector<double> words = {100, 20, 20, 20, 20};
  BestOptions options;
  options.expected_f1 = 0.7;
  // By P alone the choice takes the sure paragraph and the side matter at 0.6 (a doubt of
  // 0.4 lowers the page's expected F1); the agreed block 1 stays; block 3 is not eligible.
  const std::vector<bool> alone =
      expected_f1_verdict(v.q, words, {true, true, true, false, true}, options.expected_f1);
  BOOST_TEST(alone == (std::vector<bool>{true, false, false, false, true}));
  BOOST_TEST(detail::page_decision(v, rules, markup, words, options) ==
             (std::vector<bool>{true, true, false, false, true}));
  // Comment vocabulary is not side matter (a forum's posts): block 3 is eligible again.
  std::vector<BlockMarkup> comments(5);
  comments[3].bits = bit_of(MarkupBit::CommentWords);
  const std::vector<bool> with_comments = detail::page_decision(v, rules, comments, words, options);
  BOOST_TEST(with_comments[3] == expected_f1_verdict(v.q, words, std::vector<bool>(5, true), 0.7)[3]);
  // Side matter sure enough for the choice but not kept by the threshold verdict (as under a
  // threshold of 0.8, `model_threshold`) stays out; named as comments it is taken.
  detail::StageVerdict sure;
  sure.q = {0.9, 0.9};
  sure.score = {0.72, 0.92};
  sure.keep = {false, true};
  BestRuleResult side_rules;
  side_rules.keep = {false, true};
  side_rules.hinted = {true, false};
  const std::vector<double> two = {30, 30};
  BOOST_TEST(detail::page_decision(sure, side_rules, std::vector<BlockMarkup>(2), two, options) ==
             (std::vector<bool>{false, true}));
  std::vector<BlockMarkup> thread(2);
  thread[0].bits = bit_of(MarkupBit::CommentWords);
  BOOST_TEST(detail::page_decision(sure, side_rules, thread, two, options) == (std::vector<bool>{true, true}));
  options.expected_f1 = 0.0;
  BOOST_TEST(detail::page_decision(v, rules, markup, words, options) == v.keep);
  BOOST_CHECK_THROW((void)detail::page_decision(v, rules, markup, std::vector<double>{1, 2}, options),
                    std::invalid_argument);
}

// By default the page's expected-F1 choice decides, and never drops a block that both the
// rules and the threshold rule keep; expected_f1=0 is the threshold rule alone.
BOOST_AUTO_TEST_CASE(the_expected_f1_choice_decides_by_default_and_can_be_left_out) {
  BestOptions threshold;
  threshold.expected_f1 = 0.0;
  BOOST_TEST(BestExtractor(threshold).name() == "best:expected_f1=0");
  BOOST_TEST((parse_best_options("expected_f1=0") == threshold));
  std::size_t differing = 0;
  for (const char* name : {"listing.html", "fact_box.html", "noscript_forum.html", "repeated_copy.html",
                           "photo_post.html", "short_page.html"}) {
    BOOST_TEST_CONTEXT(name) {
      const std::string page = read_page(name);
      TextDocument chosen = segment_html(page);
      BestExtractor().process(chosen, page);
      TextDocument by_threshold = segment_html(page);
      BestExtractor(threshold).process(by_threshold, page);
      const BestRuleResult rules = best_rule_decisions(segment_html(page), page, BestOptions{});
      for (std::size_t i = 0; i < chosen.blocks.size(); ++i) {
        // Post-rules (repeats, link islands, comments) act alike on both.
        if (rules.keep[i] && by_threshold.blocks[i].is_content) BOOST_TEST(chosen.blocks[i].is_content, "block " << i);
        if (chosen.blocks[i].is_content != by_threshold.blocks[i].is_content) ++differing;
        BOOST_TEST(chosen.blocks[i].score == by_threshold.blocks[i].score);
      }
    }
  }
  BOOST_TEST(differing > 0u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(page_markup)

BOOST_AUTO_TEST_CASE(blocks_see_the_elements_open_around_their_first_text) {
  const std::string page =
      "<html><body><nav><ul><li><a href=/>Home page link</a></li></ul></nav>"
      "<main><article><h1>Title of it</h1><p>Body text of the article here.</p>"
      "<pre><code>int main() { return 0; }</code></pre>"
      "<table><tr><td>cell text one<td>cell text two</table>"
      "<div class=\"comment-list\"><p>A comment about it all.</p></div></article></main>"
      "<form><textarea>&lt;b&gt;template&lt;/b&gt;</textarea></form>"
      "<div hidden><p>Hidden words stay hidden.</p></div>"
      "<footer><p>Footer words are here.</p></footer></body></html>";
  const TextDocument doc = segment_html(page);
  const std::vector<BlockMarkup> markup = block_markup(doc, page);
  BOOST_REQUIRE_EQUAL(markup.size(), doc.blocks.size());
  const auto find = [&](const std::string& text) -> const BlockMarkup& {
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
      if (doc.blocks[i].text.find(text) != std::string::npos) return markup[i];
    }
    BOOST_FAIL("no block holds " << text);
    return markup[0];
  };
  BOOST_TEST(find("Home page").has(MarkupBit::Nav));
  BOOST_TEST(find("Home page").has(MarkupBit::ListItem));
  BOOST_TEST(!find("Home page").has(MarkupBit::Main));
  BOOST_TEST(find("Title of it").has(MarkupBit::Heading));
  BOOST_TEST(find("Body text").has(MarkupBit::Main));
  BOOST_TEST(find("Body text").has(MarkupBit::Article));
  BOOST_TEST(!find("Body text").has(MarkupBit::Heading));
  BOOST_TEST(find("int main").has(MarkupBit::Code));
  BOOST_TEST(find("cell text two").has(MarkupBit::TableCell));
  BOOST_TEST(find("A comment").has(MarkupBit::CommentWords));
  BOOST_TEST(find("template").has(MarkupBit::Textarea));
  BOOST_TEST(!find("template").has(MarkupBit::Main));
  BOOST_TEST(find("Hidden words").has(MarkupBit::Hidden));
  BOOST_TEST(find("Footer words").has(MarkupBit::Footer));
  BOOST_TEST(!find("Footer words").has(MarkupBit::Article));
}

namespace {

TextBlock block_of(std::string text, int words) {
  TextBlock b;
  b.text = std::move(text);
  b.num_words = words;
  return b;
}

BlockMarkup markup_with(MarkupBit bit) {
  BlockMarkup m;
  m.bits = bit_of(bit);
  return m;
}

}  // namespace

BOOST_AUTO_TEST_CASE(text_that_is_markup_is_recognised) {
  const TextBlock script = block_of("<script async src=\"x.js\"></script> <img src=\"p.gif\">", 4);
  BOOST_TEST(reads_as_markup(script, BlockMarkup{}));
  BOOST_TEST(!reads_as_markup(script, markup_with(MarkupBit::Code)));
  const TextBlock prose =
      block_of("Use the <b> element sparingly, as the style guide says about emphasis in long texts.", 15);
  BOOST_TEST(!reads_as_markup(prose, BlockMarkup{}));
  BOOST_TEST(reads_as_markup(prose, markup_with(MarkupBit::Textarea)));
}

// An ad's link and image in an iframe's fallback: two tags, but their addresses count more
// than ten words each, so it is the share of characters inside tags that tells.
BOOST_AUTO_TEST_CASE(tags_with_long_addresses_read_as_markup) {
  const TextBlock ad = block_of(
      "<a href=\"http://ads.example.com/click.ng/Params.richmedia=yes&amp;location=top&amp;site=News&amp;"
      "section=105599&amp;country=deu&amp;region=ni&amp;rand=4558016\">   <img src=\"http://ads.example.com/"
      "image.ng/Params.richmedia=yes&amp;location=top&amp;site=News&amp;rand=4558016\" width=\"468\" "
      "height=\"60\" alt=\"Advertisement\"></a>",
      56);
  BOOST_TEST(reads_as_markup(ad, BlockMarkup{}));
  // Two tags named in a sentence: text about markup.
  BOOST_TEST(!reads_as_markup(block_of("Wrap the caption in <figcaption> and the whole figure in <figure>, as "
                                       "the guide to accessible images recommends for every chart on the page.",
                                       24),
                              BlockMarkup{}));
}

// A page's state as JSON in a hidden element is data, not text; a short object in a sentence,
// a bracketed note and JSON shown as code are text.
BOOST_AUTO_TEST_CASE(json_state_reads_as_markup) {
  const std::string object =
      "{\"painterId\":\"GridWidget\",\"hostPageType\":\"BROWSE\",\"storeBrowseId\":\"172541\","
      "\"asins\":[\"B0CXGXT6W8\",\"B0CYNFWD2R\",\"B0D2XRXNGY\",\"B0FR4YMH53\",\"B0CFV9XR2Q\"],"
      "\"layout\":{\"mobile\":2,\"desktop\":4,\"buttonText\":\"Buy now\"},\"visible\":16}";
  BOOST_TEST(reads_as_markup(block_of(object, 20), BlockMarkup{}));
  BOOST_TEST(reads_as_markup(block_of("[" + object + "," + object + "]", 40), BlockMarkup{}));
  BOOST_TEST(!reads_as_markup(block_of(object, 20), markup_with(MarkupBit::Code)));
  BOOST_TEST(!reads_as_markup(block_of("{\"name\": \"Azure Rocks\", \"id\": 7, \"ok\": true}", 7), BlockMarkup{}));
  const std::string note =
      "[Editor's note: this story was updated on Friday. An earlier version said the council "
      "\"voted\": it had not. The mayor's office said \"no\": the vote is next week, and the "
      "budget \"stands\": nothing changes for now, as the clerk's \"notice\": says.]";
  BOOST_TEST(note.size() >= 200u);
  BOOST_TEST(!reads_as_markup(block_of(note, 45), BlockMarkup{}));
}

// text_shape's counts, against the definition read byte by byte: code characters among the
// non-blank ones, and '<' before a letter, '/' or '!' (also at the text's last byte).
BOOST_AUTO_TEST_CASE(text_shape_counts_code_characters_and_written_tags) {
  const TextShape none = text_shape("");
  BOOST_TEST(none.code_share == 0.0);
  BOOST_TEST(none.tags == 0u);
  const TextShape html = text_shape("<p>a</p> <!-- x --> <3 <");
  BOOST_TEST(html.tags == 3u);  // <p </p <!--, not <3 nor the last <
  BOOST_TEST(html.code_share == 8.0 / 19.0);
  const std::string pieces[] = {"<", ">", "</", "<!", "<a", "{", "}", ";", "=", "[", "]", "(",
                                ")", "$", "\\", "|", "\"", " ", "\t", "\n", "\r", "x", "\xC3\xA9", "7"};
  std::uint32_t state = 12345;
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    for (int i = static_cast<int>(state % 40); i > 0; --i) {
      state = state * 1664525u + 1013904223u;
      text += pieces[(state >> 8) % std::size(pieces)];
    }
    state = state * 1664525u + 1013904223u;
    std::size_t visible = 0, code = 0, tags = 0;
    for (std::size_t k = 0; k < text.size(); ++k) {
      const char c = text[k];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') ++visible;
      if (std::string_view("{}<>;=[]()$\\|\"").find(c) != std::string_view::npos) ++code;
      if (c == '<' && k + 1 < text.size() &&
          (std::isalpha(static_cast<unsigned char>(text[k + 1])) || text[k + 1] == '/' ||
           text[k + 1] == '!'))
        ++tags;
    }
    const TextShape shape = text_shape(text);
    BOOST_TEST_CONTEXT(text) {
      BOOST_TEST(shape.tags == tags);
      BOOST_TEST(shape.code_share ==
                 (visible > 0 ? static_cast<double>(code) / static_cast<double>(visible) : 0.0));
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

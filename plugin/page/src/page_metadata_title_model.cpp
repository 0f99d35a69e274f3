// Written by plugin/scripts/train_title_model.py from the tune halves of WCXB (Foley, 2026,
// CC-BY-4.0) and L3S-GN1's marked headlines: the title ranker's weights
// (page_metadata_internal.hpp). Do not edit.
#include "page_metadata_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

constexpr std::array<std::string_view, k_title_features> k_model_names{
    "src_rule",
    "src_title_clean",
    "src_title_raw",
    "src_title_head",
    "src_title_after_first",
    "src_og_title",
    "src_og_clean",
    "src_twitter",
    "src_ld_headline",
    "src_ld_name",
    "src_h1_first",
    "src_h1_other",
    "src_h2_first",
    "src_itemprop_headline",
    "src_marked_headline",
    "src_title_last",
    "n_sources",
    "overlap_title_clean",
    "overlap_h1",
    "overlap_og",
    "overlap_max_other",
    "inside_others",
    "words",
    "one_word",
    "long",
    "has_separator",
    "has_colon",
    "names_site",
    "has_host",
    "h1_first_x_article",
    "h1_first_x_sells",
    "h1_first_x_many_h1",
    "h1_first_x_forum",
    "h1_first_x_doc",
    "title_clean_x_article",
    "title_clean_x_sells",
    "all_caps",
    "site_inside_others",
    "og_x_article",
    "rule_x_article",
    "h2_x_no_h1",
    "ld_name_x_sells",
    "h1_first_x_undeclared",
    "marked_x_undeclared",
};

constexpr std::array<double, k_title_features> k_model_weights{
    0.543774,  // src_rule
    -0.183023,  // src_title_clean
    -0.100656,  // src_title_raw
    0.569098,  // src_title_head
    -0.12591,  // src_title_after_first
    0.443276,  // src_og_title
    0.417115,  // src_og_clean
    0.186707,  // src_twitter
    0.217472,  // src_ld_headline
    -0.223737,  // src_ld_name
    0.871351,  // src_h1_first
    0.251675,  // src_h1_other
    -0.036036,  // src_h2_first
    0.142793,  // src_itemprop_headline
    0.520234,  // src_marked_headline
    0.064507,  // src_title_last
    0.860323,  // n_sources
    0.828548,  // overlap_title_clean
    0.553774,  // overlap_h1
    0.351252,  // overlap_og
    1.008333,  // overlap_max_other
    0.815275,  // inside_others
    0.267123,  // words
    -0.535432,  // one_word
    -0.277241,  // long
    -1.22774,  // has_separator
    0.44255,  // has_colon
    0.215214,  // names_site
    -0.18807,  // has_host
    0.818871,  // h1_first_x_article
    -0.221348,  // h1_first_x_sells
    0.111328,  // h1_first_x_many_h1
    0.050373,  // h1_first_x_forum
    0.132991,  // h1_first_x_doc
    0.285688,  // title_clean_x_article
    0.004456,  // title_clean_x_sells
    -0.224709,  // all_caps
    0.028081,  // site_inside_others
    -0.188343,  // og_x_article
    -0.011015,  // rule_x_article
    -0.213306,  // h2_x_no_h1
    -0.132045,  // ld_name_x_sells
    -0.068713,  // h1_first_x_undeclared
    0.853965,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

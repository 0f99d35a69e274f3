// Written by plugin/scripts/train_title_model.py from the tune half of WCXB (Foley, 2026,
// CC-BY-4.0): the title ranker's weights (page_metadata_internal.hpp). Do not edit.
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
};

constexpr std::array<double, k_title_features> k_model_weights{
    0.618616,  // src_rule
    -0.002209,  // src_title_clean
    0.079853,  // src_title_raw
    0.479762,  // src_title_head
    -0.518315,  // src_title_after_first
    0.307986,  // src_og_title
    0.487898,  // src_og_clean
    0.169853,  // src_twitter
    0.285102,  // src_ld_headline
    -0.283464,  // src_ld_name
    0.829731,  // src_h1_first
    0.082799,  // src_h1_other
    -0.050357,  // src_h2_first
    0.242036,  // src_itemprop_headline
    0.668877,  // n_sources
    0.619345,  // overlap_title_clean
    0.492057,  // overlap_h1
    0.456555,  // overlap_og
    0.79192,  // overlap_max_other
    0.748499,  // inside_others
    0.079307,  // words
    -0.390386,  // one_word
    -0.340573,  // long
    -1.017092,  // has_separator
    0.59693,  // has_colon
    0.348878,  // names_site
    -0.266665,  // has_host
    0.964822,  // h1_first_x_article
    -0.314802,  // h1_first_x_sells
    0.198498,  // h1_first_x_many_h1
    0.08214,  // h1_first_x_forum
    0.138955,  // h1_first_x_doc
    0.246991,  // title_clean_x_article
    0.046876,  // title_clean_x_sells
    -0.133003,  // all_caps
    0.134394,  // site_inside_others
    -0.179473,  // og_x_article
    0.072918,  // rule_x_article
    -0.123777,  // h2_x_no_h1
    -0.098501,  // ld_name_x_sells
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

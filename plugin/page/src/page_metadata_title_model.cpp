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
    0.54308,  // src_rule
    -0.183428,  // src_title_clean
    -0.099519,  // src_title_raw
    0.568836,  // src_title_head
    -0.125041,  // src_title_after_first
    0.442956,  // src_og_title
    0.417749,  // src_og_clean
    0.186761,  // src_twitter
    0.217924,  // src_ld_headline
    -0.223636,  // src_ld_name
    0.871493,  // src_h1_first
    0.245719,  // src_h1_other
    -0.035103,  // src_h2_first
    0.142779,  // src_itemprop_headline
    0.520586,  // src_marked_headline
    0.063904,  // src_title_last
    0.859522,  // n_sources
    0.829637,  // overlap_title_clean
    0.555493,  // overlap_h1
    0.351867,  // overlap_og
    1.007183,  // overlap_max_other
    0.815002,  // inside_others
    0.266095,  // words
    -0.535787,  // one_word
    -0.275408,  // long
    -1.227431,  // has_separator
    0.440955,  // has_colon
    0.216142,  // names_site
    -0.188701,  // has_host
    0.818709,  // h1_first_x_article
    -0.221583,  // h1_first_x_sells
    0.110275,  // h1_first_x_many_h1
    0.050375,  // h1_first_x_forum
    0.132958,  // h1_first_x_doc
    0.285918,  // title_clean_x_article
    0.004756,  // title_clean_x_sells
    -0.224322,  // all_caps
    0.029017,  // site_inside_others
    -0.188442,  // og_x_article
    -0.010326,  // rule_x_article
    -0.213612,  // h2_x_no_h1
    -0.131732,  // ld_name_x_sells
    -0.067922,  // h1_first_x_undeclared
    0.854086,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

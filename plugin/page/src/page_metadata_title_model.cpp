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
    0.529229,  // src_rule
    -0.181364,  // src_title_clean
    -0.106779,  // src_title_raw
    0.56889,  // src_title_head
    -0.125714,  // src_title_after_first
    0.445494,  // src_og_title
    0.415903,  // src_og_clean
    0.184496,  // src_twitter
    0.221766,  // src_ld_headline
    -0.226284,  // src_ld_name
    0.879791,  // src_h1_first
    0.277102,  // src_h1_other
    -0.034691,  // src_h2_first
    0.142677,  // src_itemprop_headline
    0.520142,  // src_marked_headline
    0.063926,  // src_title_last
    0.863848,  // n_sources
    0.8308,  // overlap_title_clean
    0.54989,  // overlap_h1
    0.355086,  // overlap_og
    1.020293,  // overlap_max_other
    0.818994,  // inside_others
    0.256358,  // words
    -0.533832,  // one_word
    -0.280789,  // long
    -1.221104,  // has_separator
    0.44526,  // has_colon
    0.214105,  // names_site
    -0.188733,  // has_host
    0.810306,  // h1_first_x_article
    -0.221466,  // h1_first_x_sells
    0.141411,  // h1_first_x_many_h1
    0.05047,  // h1_first_x_forum
    0.133877,  // h1_first_x_doc
    0.285928,  // title_clean_x_article
    0.002797,  // title_clean_x_sells
    -0.225159,  // all_caps
    0.026981,  // site_inside_others
    -0.186614,  // og_x_article
    0.004249,  // rule_x_article
    -0.215195,  // h2_x_no_h1
    -0.134205,  // ld_name_x_sells
    -0.061856,  // h1_first_x_undeclared
    0.85429,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

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
    0.525212,  // src_rule
    -0.209926,  // src_title_clean
    -0.150242,  // src_title_raw
    0.627707,  // src_title_head
    -0.11533,  // src_title_after_first
    0.44534,  // src_og_title
    0.434895,  // src_og_clean
    0.181361,  // src_twitter
    0.21278,  // src_ld_headline
    -0.212908,  // src_ld_name
    0.868099,  // src_h1_first
    0.304529,  // src_h1_other
    -0.036488,  // src_h2_first
    0.141551,  // src_itemprop_headline
    0.5743,  // src_marked_headline
    0.073289,  // src_title_last
    0.885014,  // n_sources
    0.808837,  // overlap_title_clean
    0.560755,  // overlap_h1
    0.34632,  // overlap_og
    0.963062,  // overlap_max_other
    0.837978,  // inside_others
    0.393272,  // words
    -0.526079,  // one_word
    -0.20089,  // long
    -1.180531,  // has_separator
    0.378055,  // has_colon
    0.221781,  // names_site
    -0.180598,  // has_host
    0.781338,  // h1_first_x_article
    -0.217153,  // h1_first_x_sells
    0.106791,  // h1_first_x_many_h1
    0.04913,  // h1_first_x_forum
    0.134527,  // h1_first_x_doc
    0.310582,  // title_clean_x_article
    -0.001403,  // title_clean_x_sells
    -0.225827,  // all_caps
    0.035357,  // site_inside_others
    -0.199788,  // og_x_article
    0.044584,  // rule_x_article
    -0.246796,  // h2_x_no_h1
    -0.131663,  // ld_name_x_sells
    -0.061642,  // h1_first_x_undeclared
    0.94614,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

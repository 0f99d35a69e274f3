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
    0.526963,  // src_rule
    -0.198465,  // src_title_clean
    -0.101734,  // src_title_raw
    0.595719,  // src_title_head
    -0.112355,  // src_title_after_first
    0.44301,  // src_og_title
    0.424127,  // src_og_clean
    0.180776,  // src_twitter
    0.213858,  // src_ld_headline
    -0.221971,  // src_ld_name
    0.867127,  // src_h1_first
    0.314792,  // src_h1_other
    0.000184,  // src_h2_first
    0.141206,  // src_itemprop_headline
    0.529955,  // src_marked_headline
    0.057618,  // src_title_last
    0.883824,  // n_sources
    0.82027,  // overlap_title_clean
    0.577681,  // overlap_h1
    0.348414,  // overlap_og
    1.016106,  // overlap_max_other
    0.822048,  // inside_others
    0.261028,  // words
    -0.542723,  // one_word
    -0.279394,  // long
    -1.215757,  // has_separator
    0.434228,  // has_colon
    0.213795,  // names_site
    -0.17918,  // has_host
    0.774704,  // h1_first_x_article
    -0.218921,  // h1_first_x_sells
    0.098189,  // h1_first_x_many_h1
    0.050605,  // h1_first_x_forum
    0.133833,  // h1_first_x_doc
    0.29537,  // title_clean_x_article
    -0.000762,  // title_clean_x_sells
    -0.227655,  // all_caps
    0.026496,  // site_inside_others
    -0.191631,  // og_x_article
    0.044115,  // rule_x_article
    -0.222936,  // h2_x_no_h1
    -0.131339,  // ld_name_x_sells
    -0.05714,  // h1_first_x_undeclared
    0.842911,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

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
    0.533737,  // src_rule
    -0.200455,  // src_title_clean
    -0.102177,  // src_title_raw
    0.595457,  // src_title_head
    -0.117761,  // src_title_after_first
    0.444688,  // src_og_title
    0.42546,  // src_og_clean
    0.182396,  // src_twitter
    0.215832,  // src_ld_headline
    -0.220632,  // src_ld_name
    0.863941,  // src_h1_first
    0.279851,  // src_h1_other
    -0.001185,  // src_h2_first
    0.141801,  // src_itemprop_headline
    0.531217,  // src_marked_headline
    0.06528,  // src_title_last
    0.878441,  // n_sources
    0.818705,  // overlap_title_clean
    0.575947,  // overlap_h1
    0.347553,  // overlap_og
    1.019121,  // overlap_max_other
    0.824505,  // inside_others
    0.265348,  // words
    -0.54611,  // one_word
    -0.281247,  // long
    -1.218837,  // has_separator
    0.43498,  // has_colon
    0.21716,  // names_site
    -0.181757,  // has_host
    0.776766,  // h1_first_x_article
    -0.218072,  // h1_first_x_sells
    0.097384,  // h1_first_x_many_h1
    0.050558,  // h1_first_x_forum
    0.133637,  // h1_first_x_doc
    0.297151,  // title_clean_x_article
    -0.000562,  // title_clean_x_sells
    -0.225609,  // all_caps
    0.029892,  // site_inside_others
    -0.19137,  // og_x_article
    0.040428,  // rule_x_article
    -0.22278,  // h2_x_no_h1
    -0.130385,  // ld_name_x_sells
    -0.059482,  // h1_first_x_undeclared
    0.842679,  // marked_x_undeclared
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

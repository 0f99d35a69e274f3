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
    0.627904,  // src_rule
    -0.021857,  // src_title_clean
    0.077289,  // src_title_raw
    0.499464,  // src_title_head
    -0.509409,  // src_title_after_first
    0.30902,  // src_og_title
    0.496682,  // src_og_clean
    0.173219,  // src_twitter
    0.285778,  // src_ld_headline
    -0.281017,  // src_ld_name
    0.81655,  // src_h1_first
    0.08247,  // src_h1_other
    -0.050582,  // src_h2_first
    0.239468,  // src_itemprop_headline
    0.672507,  // n_sources
    0.618185,  // overlap_title_clean
    0.498562,  // overlap_h1
    0.451402,  // overlap_og
    0.784698,  // overlap_max_other
    0.738642,  // inside_others
    0.07245,  // words
    -0.394876,  // one_word
    -0.352419,  // long
    -1.000282,  // has_separator
    0.575054,  // has_colon
    0.345153,  // names_site
    -0.263517,  // has_host
    0.973814,  // h1_first_x_article
    -0.314921,  // h1_first_x_sells
    0.194842,  // h1_first_x_many_h1
    0.082802,  // h1_first_x_forum
    0.139225,  // h1_first_x_doc
    0.255082,  // title_clean_x_article
    0.047351,  // title_clean_x_sells
    -0.134248,  // all_caps
    0.130932,  // site_inside_others
    -0.184072,  // og_x_article
    0.06546,  // rule_x_article
    -0.123403,  // h2_x_no_h1
    -0.095636,  // ld_name_x_sells
};

}  // namespace

const std::array<double, k_title_features>& title_model_weights() noexcept { return k_model_weights; }

const std::array<std::string_view, k_title_features>& title_model_feature_names() noexcept {
  return k_model_names;
}

}  // namespace boilerdex::plugin::detail

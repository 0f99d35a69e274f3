// The title ranker of read_page_metadata: every candidate title the markup offers (the hand
// rules' choice among them), described by where it comes from, how far the other candidates
// agree with it, its shape and the page's type, and scored by a linear model trained on the
// tune halves of WCXB and of L3S-GN1's marked headlines (page_metadata_title_model.cpp,
// plugin/scripts/train_title_model.py).
// Nothing here reads the page again: it works on the markup scan's candidates.
#include <algorithm>
#include <array>

#include "page_metadata_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

// Where a candidate comes from: one feature each, in title_feature_names' order.
enum Source : std::size_t {
  k_rule,
  k_title_clean,
  k_title_raw,
  k_title_head,
  k_title_after_first,
  k_og_title,
  k_og_clean,
  k_twitter,
  k_ld_headline,
  k_ld_name,
  k_h1_first,
  k_h1_other,
  k_h2_first,
  k_itemprop_headline,
  k_marked_headline,
  k_title_last,
  k_sources
};

constexpr std::array<std::string_view, k_title_features> k_names{
    // where it comes from
    "src_rule", "src_title_clean", "src_title_raw", "src_title_head", "src_title_after_first",
    "src_og_title", "src_og_clean", "src_twitter", "src_ld_headline", "src_ld_name", "src_h1_first",
    "src_h1_other", "src_h2_first", "src_itemprop_headline", "src_marked_headline",
    "src_title_last",
    // how far the others agree with it
    "n_sources", "overlap_title_clean", "overlap_h1", "overlap_og", "overlap_max_other", "inside_others",
    // its shape
    "words", "one_word", "long", "has_separator", "has_colon", "names_site", "has_host",
    // a source on a kind of page (and the site's name inside a longer candidate)
    "h1_first_x_article", "h1_first_x_sells", "h1_first_x_many_h1", "h1_first_x_forum", "h1_first_x_doc",
    "title_clean_x_article", "title_clean_x_sells", "all_caps", "site_inside_others", "og_x_article",
    "rule_x_article", "h2_x_no_h1", "ld_name_x_sells", "h1_first_x_undeclared",
    "marked_x_undeclared"};

// The first separator of \p title: where it starts and its length; (npos, 0) when none.
std::pair<std::size_t, std::size_t> first_separator(std::string_view title) {
  std::pair<std::size_t, std::size_t> first{std::string_view::npos, 0};
  for (const std::string_view sep : k_title_separators) {
    const std::size_t at = title.find(sep);
    if (at < first.first) first = {at, sep.size()};
  }
  return first;
}

// The last separator of \p title: where it starts and its length; (npos, 0) when none.
std::pair<std::size_t, std::size_t> last_separator(std::string_view title) {
  std::pair<std::size_t, std::size_t> last{std::string_view::npos, 0};
  for (const std::string_view sep : k_title_separators) {
    const std::size_t at = title.rfind(sep);
    if (at != std::string_view::npos && (last.first == std::string_view::npos || at > last.first))
      last = {at, sep.size()};
  }
  return last;
}

}  // namespace

const std::array<std::string_view, k_title_features>& title_feature_names() noexcept { return k_names; }

std::vector<TitleCandidate> title_candidates(const MetadataCandidates& c, const JsonLdFacts& ld,
                                             std::string_view sitename, std::string_view url) {
  std::vector<TitleCandidate> out;
  std::vector<std::string> keys;  // lower-cased texts, one per candidate
  const std::string home = lower(c.home_h1);  // an <h1> linking home: the site's name
  const auto add = [&](std::string_view text, Source source) {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.empty()) return;
    std::string key = lower(text);
    if (key == home) return;  // the site's name, never the headline
    const auto at = std::find(keys.begin(), keys.end(), key);
    std::size_t i = static_cast<std::size_t>(at - keys.begin());
    if (at == keys.end()) {
      keys.push_back(std::move(key));
      out.push_back({std::string(text), {}});
    }
    out[i].features[source] = 1.0;
  };
  const std::string rule = title_by_rules(c, ld, sitename, url);
  const std::string_view site = !sitename.empty() ? sitename : std::string_view(c.home_h1);
  const std::string cleaned = clean_title(c.title_tag, site);
  const std::string_view og = meta_value(c, {"og:title"});
  const std::string og_cleaned = clean_title(og, site);
  add(rule, k_rule);
  add(cleaned, k_title_clean);
  add(c.title_tag, k_title_raw);
  if (const auto [at, size] = first_separator(c.title_tag); at != std::string_view::npos) {
    add(std::string_view(c.title_tag).substr(0, at), k_title_head);
    add(std::string_view(c.title_tag).substr(at + size), k_title_after_first);
    // "Site > News > World -- Headline": the part after the last of several separators.
    if (const auto [last, last_size] = last_separator(c.title_tag); last > at)
      add(std::string_view(c.title_tag).substr(last + last_size), k_title_last);
  }
  add(og, k_og_title);
  add(og_cleaned, k_og_clean);
  add(meta_value(c, {"twitter:title"}), k_twitter);
  add(ld.headline, k_ld_headline);
  add(ld.name, k_ld_name);
  // An <h1> that names the site (its name, its host's, what cleaning cut from the <title>)
  // is no headline, unless a source of the markup offers it too (as a home page's title; the
  // hand rules' choice is no other source).
  const std::string clean_key = squeeze(cleaned);
  const auto offered = [&](std::string_view text) {
    const auto at = std::find(keys.begin(), keys.end(), lower(text));
    if (at == keys.end()) return false;
    const auto& f = out[static_cast<std::size_t>(at - keys.begin())].features;
    // Not the <title>'s last part: after several separators that is as often the site's name.
    for (std::size_t s = k_rule + 1; s < k_sources; ++s) {
      if (s != k_title_last && f[s] > 0) return true;
    }
    return false;
  };
  std::size_t headings = 0;
  for (const auto& h1 : c.h1) {
    if (!c.home_h1.empty() && h1 == c.home_h1) continue;
    const Source source = headings++ == 0 ? k_h1_first : k_h1_other;
    if (!offered(h1) && names_the_site(squeeze(h1), c, site, url, clean_key)) continue;
    add(h1, source);
  }
  if (!c.h2.empty()) add(c.h2.front(), k_h2_first);
  add(c.itemprop_headline, k_itemprop_headline);
  add(c.marked_headline, k_marked_headline);

  const std::string_view h1_first = [&] {
    for (const auto& h1 : c.h1) {
      if (c.home_h1.empty() || h1 != c.home_h1) return std::string_view(h1);
    }
    return std::string_view();
  }();
  const bool declared = !og.empty() || !ld.headline.empty();
  const bool article = marked_article(c, ld);
  const bool sold = sells(ld);
  const bool forum = ld.page_type == "forum";
  const bool doc = ld.page_type == "documentation";
  const std::string host = host_of(url);
  const std::string host_key = squeeze(host.substr(0, host.find('.')));
  std::vector<std::string> squeezed;
  std::vector<std::vector<std::string>> words_of;  // each candidate's word_set, read once
  for (const auto& cand : out) {
    squeezed.push_back(squeeze(cand.text));
    words_of.push_back(word_set(cand.text));
  }
  const std::vector<std::string> cleaned_words = word_set(cleaned), h1_words = word_set(h1_first),
                                 og_words = word_set(og);
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto& f = out[i].features;
    const std::string_view text = out[i].text;
    std::size_t n_sources = 0;
    for (std::size_t s = 0; s < k_sources; ++s) n_sources += f[s] > 0 ? 1 : 0;
    std::size_t k = k_sources;
    f[k++] = static_cast<double>(n_sources) / 4.0;
    f[k++] = word_overlap(words_of[i], cleaned_words);
    f[k++] = word_overlap(words_of[i], h1_words);
    f[k++] = word_overlap(words_of[i], og_words);
    double best = 0.0;
    std::size_t inside = 0;
    for (std::size_t j = 0; j < out.size(); ++j) {
      if (j == i) continue;
      best = std::max(best, word_overlap(words_of[i], words_of[j]));
      if (!squeezed[i].empty() && squeezed[j].find(squeezed[i]) != std::string::npos) ++inside;
    }
    f[k++] = best;
    f[k++] = static_cast<double>(std::min<std::size_t>(inside, 8)) / 4.0;
    const std::size_t words = word_count(text);
    f[k++] = static_cast<double>(std::min<std::size_t>(words, 30)) / 10.0;
    f[k++] = words == 1 ? 1.0 : 0.0;
    f[k++] = words > 15 ? 1.0 : 0.0;
    f[k++] = first_separator(text).first != std::string_view::npos ? 1.0 : 0.0;
    f[k++] = text.find(": ") != std::string_view::npos ? 1.0 : 0.0;
    const bool of_site = names_the_site(squeezed[i], c, site, url, clean_key);
    f[k++] = of_site ? 1.0 : 0.0;
    f[k++] = host_key.size() >= 3 && squeezed[i].find(host_key) != std::string::npos ? 1.0 : 0.0;
    const auto both = [&](Source s, bool page) { return f[s] > 0 && page ? 1.0 : 0.0; };
    f[k++] = both(k_h1_first, article);
    f[k++] = both(k_h1_first, sold);
    f[k++] = both(k_h1_first, headings > 1);
    f[k++] = both(k_h1_first, forum);
    f[k++] = both(k_h1_first, doc);
    f[k++] = both(k_title_clean, article);
    f[k++] = both(k_title_clean, sold);
    std::size_t letters = 0, capitals = 0;
    for (const char ch : text) {
      letters += (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ? 1 : 0;
      capitals += ch >= 'A' && ch <= 'Z' ? 1 : 0;
    }
    f[k++] = letters >= 4 && capitals * 10 >= letters * 9 ? 1.0 : 0.0;  // "SUPPORTING GAAP COMPLIANCE"
    f[k++] = of_site && inside > 0 ? 1.0 : 0.0;  // the site's name, and more in other candidates
    f[k++] = both(k_og_title, article);
    f[k++] = both(k_rule, article);
    f[k++] = both(k_h2_first, headings == 0);
    f[k++] = both(k_ld_name, sold);
    // Pages that declare no headline (no og:title, no JSON-LD headline): older markup, where
    // the first <h1> and a marked headline are read differently.
    f[k++] = both(k_h1_first, !declared);
    f[k++] = both(k_marked_headline, !declared);
  }
  return out;
}

std::string choose_title(const MetadataCandidates& c, const JsonLdFacts& ld, std::string_view sitename,
                         std::string_view url) {
  const std::vector<TitleCandidate> candidates = title_candidates(c, ld, sitename, url);
  const auto& w = title_model_weights();
  const TitleCandidate* best = nullptr;
  double best_score = 0.0;
  for (const auto& cand : candidates) {
    double score = 0.0;
    for (std::size_t k = 0; k < k_title_features; ++k) score += w[k] * cand.features[k];
    if (best == nullptr || score > best_score) {
      best = &cand;
      best_score = score;
    }
  }
  return best == nullptr ? std::string() : best->text;
}

}  // namespace boilerdex::plugin::detail

// The learned models' feature sets (learned_model.hpp): their names, widths and the rows
// that feature_rows builds from a page's block features, the same for training and scoring.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/learned_model.hpp"

namespace boilerdex::plugin {

namespace {

// named_features order: the first 15 are text features, then enclosing_tag, position,
// relative_position (row_text_values and the rows read the last two straight from the
// features).
constexpr std::size_t k_text_features = 15;
constexpr std::size_t k_enclosing_tag = 15;
static_assert(k_num_named_features == 18, "feature sets assume named_features' 18 entries");

constexpr std::size_t k_page_features = 6;
constexpr std::array<FeatureSet, 4> k_feature_sets = {FeatureSet::Current, FeatureSet::Context,
                                                      FeatureSet::AllLocal, FeatureSet::LocalPage};

// Appends the text features of one block with \p prefix to \p names.
void append_text_names(std::vector<std::string>& names, std::string_view prefix) {
  const auto named = named_features(empty_start_features());
  for (std::size_t k = 0; k < k_text_features; ++k)
    names.push_back(std::string(prefix) + std::string(named[k].name));
}

// named_features(f)'s first k_text_features + 1 values (the text features, then the
// enclosing tag) as the rows hold them, floats, read from \p f without building the names
// (the rows take them for every block).
std::array<float, k_text_features + 1> row_text_values(const BlockFeatures& f) noexcept {
  const auto v = [](auto x) { return static_cast<float>(static_cast<double>(x)); };
  return {v(f.num_words),           v(f.link_density),           v(f.text_density),
          v(f.num_word_tokens),     v(f.average_word_length),    v(f.average_sentence_length),
          v(f.num_sentences),       v(f.num_start_uppercase),    v(f.start_uppercase_ratio),
          v(f.num_all_uppercase),   v(f.all_uppercase_ratio),    v(f.num_full_stops),
          v(f.full_stop_ratio),     v(f.num_date_tokens),        v(f.num_vertical_bars),
          v(static_cast<int>(f.enclosing_tag))};
}

}  // namespace

std::string_view feature_set_name(FeatureSet set) noexcept {
  switch (set) {
    case FeatureSet::Current: return "current";
    case FeatureSet::Context: return "prev-curr-next";
    case FeatureSet::AllLocal: return "all-local";
    case FeatureSet::LocalPage: return "local+page";
    case FeatureSet::Best: return "best";
  }
  return "current";
}

std::optional<FeatureSet> parse_feature_set(std::string_view name) noexcept {
  for (const FeatureSet s : k_feature_sets) {
    if (feature_set_name(s) == name) return s;
  }
  if (name == feature_set_name(FeatureSet::Best)) return FeatureSet::Best;
  return std::nullopt;
}

std::span<const FeatureSet> all_feature_sets() noexcept { return k_feature_sets; }

std::size_t feature_count(FeatureSet set) noexcept {
  switch (set) {
    case FeatureSet::Current: return k_text_features;
    case FeatureSet::Context: return 3 * k_text_features;
    case FeatureSet::AllLocal: return 3 * k_text_features + 3 + 2;
    case FeatureSet::LocalPage: return 3 * k_text_features + 3 + 2 + k_page_features;
    case FeatureSet::Best:
      return feature_count(FeatureSet::LocalPage) + best_extra_feature_names().size();
  }
  return 0;
}

std::vector<std::string> feature_names(FeatureSet set) {
  std::vector<std::string> names;
  names.reserve(feature_count(set));
  if (set == FeatureSet::Current) {
    append_text_names(names, "curr.");
    return names;
  }
  append_text_names(names, "prev.");
  append_text_names(names, "curr.");
  append_text_names(names, "next.");
  if (set == FeatureSet::Context) return names;
  for (const std::string_view p : {"prev.", "curr.", "next."}) names.push_back(std::string(p) + "enclosing_tag");
  names.emplace_back("curr.position");
  names.emplace_back("curr.relative_position");
  if (set == FeatureSet::LocalPage || set == FeatureSet::Best) {
    for (const char* n : {"page.words_share", "page.largest_block_share", "page.words_before",
                          "page.distance_to_largest", "page.log_words", "page.link_density"})
      names.emplace_back(n);
  }
  if (set == FeatureSet::Best) {
    for (const std::string_view n : best_extra_feature_names()) names.emplace_back(n);
  }
  return names;
}

std::vector<float> feature_rows(const std::vector<BlockFeatures>& features, FeatureSet set) {
  return feature_rows(features, set, 0, features.size());
}

std::vector<float> feature_rows(const std::vector<BlockFeatures>& features, FeatureSet set,
                                std::size_t begin, std::size_t end) {
  if (set == FeatureSet::Best)
    throw std::invalid_argument("feature set 'best' needs the page: use best_feature_rows");
  if (begin > end || end > features.size())
    throw std::invalid_argument("feature_rows: block range outside the page");
  const std::size_t width = feature_count(set);
  std::vector<float> rows((end - begin) * width);
  feature_rows_into(features, set, begin, end, rows.data(), width);
  return rows;
}

void feature_rows_into(const std::vector<BlockFeatures>& features, FeatureSet set,
                       std::size_t begin, std::size_t end, float* rows, std::size_t stride) {
  if (set == FeatureSet::Best)
    throw std::invalid_argument("feature set 'best' needs the page: use best_feature_rows");
  if (begin > end || end > features.size())
    throw std::invalid_argument("feature_rows: block range outside the page");
  if (stride < feature_count(set)) throw std::invalid_argument("feature_rows_into: rows narrower than the set");
  // Page totals, for LocalPage.
  double words = 0, anchor_words = 0, largest = 0;
  std::size_t largest_at = 0;
  for (std::size_t i = 0; i < features.size(); ++i) {
    const double w = features[i].num_words;
    words += w;
    anchor_words += w * static_cast<double>(features[i].link_density);
    if (w > largest) {
      largest = w;
      largest_at = i;
    }
  }
  const double span = features.size() > 1 ? static_cast<double>(features.size() - 1) : 1.0;
  double before = 0;
  for (std::size_t i = 0; i < begin; ++i) before += features[i].num_words;
  // Each block's text features and enclosing tag as the rows hold them (floats), worked out
  // once for the blocks the rows read: begin − 1 … end (the sentinel's outside the page).
  constexpr std::size_t k_cached = k_text_features + 1;  // + enclosing_tag
  std::vector<std::array<float, k_cached>> blocks;  // [k] is block begin − 1 + k
  blocks.reserve(end - begin + 2);
  for (std::size_t k = 0; k < end - begin + 2; ++k) {
    const std::size_t i = begin + k;  // block i − 1
    blocks.push_back(
        row_text_values(i >= 1 && i - 1 < features.size() ? features[i - 1] : empty_start_features()));
  }
  static_assert(k_enclosing_tag == k_text_features, "the cache holds the tag after the text");
  for (std::size_t i = begin; i < end; ++i) {
    float* out = rows + (i - begin) * stride;
    const auto& previous = blocks[i - begin];
    const auto& current = blocks[i - begin + 1];
    const auto& next = blocks[i - begin + 2];
    const auto put_text = [&out](const std::array<float, k_cached>& values, std::size_t at) {
      std::copy_n(values.begin(), k_text_features, out + at);
    };
    const double w = features[i].num_words;
    if (set == FeatureSet::Current) {
      put_text(current, 0);
    } else {
      put_text(previous, 0);
      put_text(current, k_text_features);
      put_text(next, 2 * k_text_features);
      std::size_t at = 3 * k_text_features;
      if (set != FeatureSet::Context) {
        for (const auto* values : {&previous, &current, &next})
          out[at++] = (*values)[k_enclosing_tag];
        // named_features' position and relative_position.
        out[at++] = static_cast<float>(static_cast<double>(features[i].position));
        out[at++] = static_cast<float>(features[i].relative_position);
      }
      if (set == FeatureSet::LocalPage) {
        out[at++] = static_cast<float>(words > 0 ? w / words : 0.0);
        out[at++] = static_cast<float>(largest > 0 ? w / largest : 0.0);
        out[at++] = static_cast<float>(words > 0 ? before / words : 0.0);
        out[at++] = static_cast<float>((static_cast<double>(i) - static_cast<double>(largest_at)) / span);
        out[at++] = static_cast<float>(std::log1p(words));
        out[at] = static_cast<float>(words > 0 ? anchor_words / words : 0.0);
      }
    }
    before += w;
  }
}

}  // namespace boilerdex::plugin

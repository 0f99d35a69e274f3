#include "boilerdex/plugin/block_features.hpp"

#include <unicode/uchar.h>

#include <algorithm>
#include <bit>
#include <array>
#include <cstdint>
#include <cstring>

#include "token_statistics_internal.hpp"
#include "word_tokenizer_internal.hpp"

namespace boilerdex::plugin {
namespace {

// The months' and the weekdays' names.
constexpr std::array<std::string_view, 19> k_calendar_names = {
    "January", "February", "March",     "April",   "May",      "June",     "July",
    "August",  "September", "October",  "November", "December", "Monday",  "Tuesday",
    "Wednesday", "Thursday", "Friday",  "Saturday", "Sunday"};

// The calendar names by their first letter (A-Z): bit k set when k_calendar_names[k] starts
// with it (at most three names a letter).
constexpr std::array<std::uint32_t, 26> k_calendar_names_by_letter = [] {
  std::array<std::uint32_t, 26> t{};
  for (std::size_t k = 0; k < k_calendar_names.size(); ++k)
    t[static_cast<std::size_t>(k_calendar_names[k][0] - 'A')] |= std::uint32_t{1} << k;
  return t;
}();

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Case-insensitive ASCII equality of \p s with \p pattern.
bool iequals(std::string_view s, std::string_view pattern) noexcept {
  return s.size() == pattern.size() &&
         std::equal(s.begin(), s.end(), pattern.begin(), [](char a, char b) {
           return (a >= 'A' && a <= 'Z' ? a + 32 : a) == (b >= 'A' && b <= 'Z' ? b + 32 : b);
         });
}

// "May", "MAY", "Sept", "Mon" ...: capitalised or upper-case ASCII words only.
bool is_name_cased(std::string_view s) noexcept {
  if (s.empty() || !(s[0] >= 'A' && s[0] <= 'Z')) return false;
  const bool upper =
      std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  const bool lower =
      std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  return upper || lower;
}

bool is_calendar_name(std::string_view s) noexcept {
  if (!s.empty() && s.back() == '.') s.remove_suffix(1);
  if (s.size() < 3 || s.size() > 9 || !(s[0] >= 'A' && s[0] <= 'Z')) return false;  // "May" ... "September"
  // Every name's first letter is a capital: only the names s[0] starts can match.
  std::uint32_t names = k_calendar_names_by_letter[static_cast<std::size_t>(s[0] - 'A')];
  if (names == 0 || !is_name_cased(s)) return false;
  for (; names != 0; names &= names - 1) {
    const std::string_view name = k_calendar_names[static_cast<std::size_t>(std::countr_zero(names))];
    if (iequals(s, name) || (s.size() == 3 && iequals(s, name.substr(0, 3))) ||
        (s.size() == 4 && name == "September" && iequals(s, "Sept")))
      return true;
  }
  return false;
}

// Lengths of the three runs of digits that \p s holds, joined by single \p sep
// characters; false when s is anything else.
bool three_digit_groups(std::string_view s, char sep,
                        std::array<std::size_t, 3>& lengths) noexcept {
  std::size_t group = 0;
  std::size_t run = 0;
  for (const char c : s) {
    if (is_digit(c)) {
      ++run;
    } else if (c == sep && run > 0 && group < 2) {
      lengths[group++] = run;
      run = 0;
    } else {
      return false;
    }
  }
  if (run == 0 || group != 2) return false;
  lengths[2] = run;
  return true;
}

bool is_time(std::string_view s) noexcept {
  if (s.size() > 2 &&
      (iequals(s.substr(s.size() - 2), "am") || iequals(s.substr(s.size() - 2), "pm"))) {
    s.remove_suffix(2);
  }
  // H:MM, HH:MM, optionally :SS.
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  if (i == 0 || i > 2) return false;
  for (int group = 0; group < 2 && i < s.size(); ++group) {
    if (s[i] != ':' || i + 3 > s.size() || !is_digit(s[i + 1]) || !is_digit(s[i + 2])) return false;
    i += 3;
  }
  return i == s.size() && s.find(':') != std::string_view::npos;
}

bool is_numeric_date(std::string_view s) noexcept {
  std::array<std::size_t, 3> g{};
  for (const char sep : {'/', '-', '.'}) {
    if (!three_digit_groups(s, sep, g)) continue;
    const bool year_first = g[0] == 4 && g[1] <= 2 && g[2] <= 2;
    const bool year_last = g[0] <= 2 && g[1] <= 2 && (g[2] == 4 || g[2] == 2);
    if (year_first || year_last) return true;
  }
  return false;
}

double ratio(int part, int whole) noexcept {
  return whole == 0 ? 0.0 : static_cast<double>(part) / whole;
}

}  // namespace

namespace detail {

// Out of line (token_statistics_internal.hpp): most tokens never get here.
[[gnu::noinline]] bool date_time_after_first(std::string_view token, char first) noexcept {
  const auto strip_back = [](char c) {
    return c == ')' || c == ']' || c == '"' || c == '\'' || c == ',' || c == ';' || c == '!' ||
           c == '?';
  };
  while (!token.empty() && strip_back(token.back())) token.remove_suffix(1);
  if (!is_digit(first)) return is_calendar_name(token);
  if (token.back() == '.') token.remove_suffix(1);  // "May." handled above; dates end a sentence
  return is_time(token) || is_numeric_date(token);
}

}  // namespace detail

const BlockFeatures& empty_start_features() noexcept {
  static const BlockFeatures features{};
  return features;
}

bool is_date_time_token(std::string_view token) noexcept { return detail::date_time_token(token); }

std::string_view tag_class_name(TagClass tag) noexcept {
  switch (tag) {
    case TagClass::A:
      return "a";
    case TagClass::P:
      return "p";
    case TagClass::Div:
      return "div";
    case TagClass::H1:
      return "h1";
    case TagClass::H2:
      return "h2";
    case TagClass::H3:
      return "h3";
    case TagClass::H4:
      return "h4";
    case TagClass::H5:
      return "h5";
    case TagClass::H6:
      return "h6";
    case TagClass::Other:
      break;
  }
  return "other";
}

TokenCounts compute_token_counts(std::string_view text) noexcept {
  detail::TokenStatistics tokens;
  detail::tokenize_with(text, tokens);
  return tokens.counted();
}

BlockFeatures compute_block_features(const TextBlock& block, std::size_t position,
                                     std::size_t count, const TokenCounts* counts) noexcept {
  BlockFeatures f;
  f.num_words = block.num_words;
  f.link_density = block.link_density;
  f.text_density = block.text_density;
  f.enclosing_tag = block.enclosing_tag;
  f.position = position;
  f.relative_position =
      count > 1 ? static_cast<double>(position) / static_cast<double>(count - 1) : 0.0;
  // '|' is rare: memchr passes over the text between them many bytes at a time.
  const char* const end = block.text.data() + block.text.size();
  for (const char* bar = block.text.data();
       (bar = static_cast<const char*>(std::memchr(bar, '|', static_cast<std::size_t>(end - bar)))) !=
       nullptr;
       ++bar)
    ++f.num_vertical_bars;

  const TokenCounts c =
      counts != nullptr && counts->known ? *counts : compute_token_counts(block.text);
  f.num_word_tokens = c.word_tokens;
  f.num_sentences = c.sentences;
  f.num_start_uppercase = c.start_uppercase;
  f.num_all_uppercase = c.all_uppercase;
  f.num_full_stops = c.full_stops;
  f.num_date_tokens = c.date_tokens;
  f.average_word_length = ratio(c.letters_and_digits, f.num_word_tokens);
  f.average_sentence_length = ratio(f.num_word_tokens, f.num_sentences);
  f.start_uppercase_ratio = ratio(f.num_start_uppercase, f.num_word_tokens);
  f.all_uppercase_ratio = ratio(f.num_all_uppercase, f.num_word_tokens);
  f.full_stop_ratio = ratio(f.num_full_stops, f.num_word_tokens);
  return f;
}

std::vector<BlockFeatures> compute_features(std::span<const TextBlock> blocks,
                                            std::span<const TokenCounts> counts) {
  const bool counted = counts.size() == blocks.size();
  std::vector<BlockFeatures> out;
  out.reserve(blocks.size());
  for (std::size_t i = 0; i < blocks.size(); ++i)
    out.push_back(compute_block_features(blocks[i], i, blocks.size(), counted ? &counts[i] : nullptr));
  return out;
}

std::vector<BlockFeatures> compute_features(const TextDocument& doc) {
  return compute_features(doc.blocks);
}

BlockContext context_of(const std::vector<BlockFeatures>& features, std::size_t i) noexcept {
  const BlockFeatures& none = empty_start_features();
  return {i == 0 ? none : features[i - 1], features[i],
          i + 1 < features.size() ? features[i + 1] : none};
}

std::array<NamedFeature, k_num_named_features> named_features(const BlockFeatures& f) noexcept {
  const auto d = [](auto x) { return static_cast<double>(x); };
  return {{
      {"num_words", d(f.num_words)},
      {"link_density", d(f.link_density)},
      {"text_density", d(f.text_density)},
      {"num_word_tokens", d(f.num_word_tokens)},
      {"average_word_length", f.average_word_length},
      {"average_sentence_length", f.average_sentence_length},
      {"num_sentences", d(f.num_sentences)},
      {"num_start_uppercase", d(f.num_start_uppercase)},
      {"start_uppercase_ratio", f.start_uppercase_ratio},
      {"num_all_uppercase", d(f.num_all_uppercase)},
      {"all_uppercase_ratio", f.all_uppercase_ratio},
      {"num_full_stops", d(f.num_full_stops)},
      {"full_stop_ratio", f.full_stop_ratio},
      {"num_date_tokens", d(f.num_date_tokens)},
      {"num_vertical_bars", d(f.num_vertical_bars)},
      {"enclosing_tag", d(static_cast<int>(f.enclosing_tag))},
      {"position", d(f.position)},
      {"relative_position", f.relative_position},
  }};
}

}  // namespace boilerdex::plugin

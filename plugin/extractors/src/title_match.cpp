// boilerpipe's title classifiers (filters.hpp): DocumentTitleMatchClassifier as 1.2.0 has
// it and as the 2012 article pipeline has it — the page's <title> split at separators into
// candidate parts, and the blocks whose text is one of them labelled as the title.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/filters.hpp"
#include "filters_internal.hpp"
#include "html_segmenter_internal.hpp"

namespace boilerdex::plugin {
namespace {

// ---- DocumentTitleMatchClassifier (1.2.0) ----

// One of the separator classes of the 1.2.0 title splitter, as single code points.
using SeparatorClass = std::initializer_list<std::string_view>;

// Length in bytes of the separator starting at s[i] (i < s.size()), or 0. The first byte is
// compared before the rest: most characters start no separator.
std::size_t separator_at(std::string_view s, std::size_t i, SeparatorClass seps) noexcept {
  for (const auto sep : seps) {
    if (s[i] == sep.front() && s.substr(i).starts_with(sep)) return sep.size();
  }
  return 0;
}

// Java `title.split("[ ]*[SEPS][ ]*")` (or `"[ ]+[SEPS][ ]+"` when \p spaces_required):
// leftmost-longest matches, a leading empty part kept, trailing empty parts dropped; no
// match gives the whole string.
std::vector<std::string_view> split_title(std::string_view s, SeparatorClass seps,
                                          bool spaces_required = false) {
  std::vector<std::string_view> parts;
  std::size_t part_begin = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t sep_len = separator_at(s, i, seps);
    if (sep_len == 0) {
      ++i;
      continue;
    }
    // The match starts at the run of spaces right before the separator (within this part).
    std::size_t match_begin = i;
    while (match_begin > part_begin && s[match_begin - 1] == ' ') --match_begin;
    std::size_t match_end = i + sep_len;
    while (match_end < s.size() && s[match_end] == ' ') ++match_end;
    if (spaces_required && (match_begin == i || match_end == i + sep_len)) {
      ++i;
      continue;
    }
    parts.push_back(s.substr(part_begin, match_begin - part_begin));
    part_begin = i = match_end;
  }
  if (parts.empty()) return {s};
  parts.push_back(s.substr(part_begin));
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

// How getLongestPart counts a part's words.
using WordCount = std::size_t (*)(std::string_view part) noexcept;

// 1.2.0: the count splits on the backspace character (a Java escape slip), so every part
// is one word and only lengths matter (spec §4).
std::size_t one_word(std::string_view) noexcept { return 1; }

// 2012: `part.split("[ ]+").length` (leading empty part kept, trailing ones dropped).
std::size_t java_space_split_count(std::string_view part) noexcept {
  if (part.find(' ') == std::string_view::npos) return 1;
  std::size_t runs = 0;
  for (std::size_t i = 0; i < part.size(); ++i) {
    if (part[i] != ' ' && (i == 0 || part[i - 1] == ' ')) ++runs;
  }
  if (runs == 0) return 0;
  return part.front() == ' ' ? runs + 1 : runs;
}

// getLongestPart: among the parts not containing ".com", a part replaces the best so far
// when it has more words or more UTF-16 units; none, or an empty best, gives nothing.
std::optional<std::string_view> longest_title_part(std::string_view title, SeparatorClass seps,
                                                   WordCount count_words = one_word) {
  const auto parts = split_title(title, seps);
  if (parts.size() == 1) return std::nullopt;
  std::size_t best_words = 0;
  std::string_view best;
  std::size_t best_len = 0;
  for (const auto p : parts) {
    if (detail::contains(p, ".com")) continue;
    const std::size_t words = count_words(p);
    const std::size_t len = detail::java_length(p);
    if (words > best_words || len > best_len) {
      best_words = words;
      best = p;
      best_len = len;
    }
  }
  if (best_len == 0) return std::nullopt;
  return detail::java_trim(best);
}

// The 2012 normalisation of titles and block texts: NBSP → space, apostrophes removed,
// trimmed, lower-cased; into \p out, with \p scratch for the copy before lower-casing (both
// replaced; buffers reused across blocks allocate only when they grow).
void normalise_title_2012_into(std::string_view text, std::string& scratch, std::string& out) {
  std::string& s = scratch;
  s.clear();
  s.reserve(text.size());
  // Copies the runs between apostrophes and U+00A0 (0xC2 0xA0) whole.
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t stop = i;
    while (stop < text.size() && text[stop] != '\'' && text[stop] != '\xC2') ++stop;
    s.append(text, i, stop - i);
    i = stop;
    if (i == text.size()) break;
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      s += ' ';
      i += 2;
    } else if (text[i] == '\'') {
      ++i;
    } else {
      s += text[i++];
    }
  }
  detail::lower_case_into(detail::java_trim(s), out);
}

std::string normalise_title_2012(std::string_view text) {
  std::string scratch;
  std::string out;
  normalise_title_2012_into(text, scratch, out);
  return out;
}

// `text.replaceAll("[\\?\\!\\.\\-\\:]+", "").trim()`: the characters kept go into \p out
// (replaced); the result is the trimmed view of it.
std::string_view strip_title_punctuation(std::string_view text, std::string& out) {
  out.clear();
  for (const char c : text) {
    if (c != '?' && c != '!' && c != '.' && c != '-' && c != ':') out += c;
  }
  return detail::java_trim(out);
}

// The bytes of a text that the 2012 normalisation and stripping keep as they are (or
// lower-cased): ASCII above ' ' but for the apostrophe and ? ! . - :
constexpr std::array<bool, 256> k_kept_ascii = [] {
  std::array<bool, 256> table{};
  for (int c = '!'; c < 0x80; ++c) table[static_cast<std::size_t>(c)] = true;
  for (const char c : {'\'', '?', '!', '.', '-', ':'}) table[static_cast<unsigned char>(c)] = false;
  return table;
}();

struct KeptAscii {
  std::size_t kept = 0;      // the bytes k_kept_ascii holds, counted up to the limit
  bool other_bytes = false;  // whether the text holds non-ASCII bytes (before the count stopped)
};

// Counts \p text's kept bytes, stopping once the count passes \p limit.
KeptAscii kept_ascii(std::string_view text, std::size_t limit) noexcept {
  KeptAscii k;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    k.kept += k_kept_ascii[u] ? 1 : 0;
    k.other_bytes = k.other_bytes || u >= 0x80;
    if (k.kept > limit) break;
  }
  return k;
}

}  // namespace

bool document_title_match(TextDocument& doc) {
  const std::string_view title = detail::java_trim(doc.title);
  if (title.empty()) return false;
  // S1 = | » :   S2 = S1 + ( )   S3 = S2 + -   S4 = S3 + ,
  static const std::array<SeparatorClass, 4> separator_classes = {
      SeparatorClass{"|", "\u00bb", ":"}, SeparatorClass{"|", "\u00bb", ":", "(", ")"},
      SeparatorClass{"|", "\u00bb", ":", "(", ")", "-"},
      SeparatorClass{"|", "\u00bb", ":", "(", ")", "-", ","}};
  std::vector<std::string_view> candidates = {title};
  for (const auto& seps : separator_classes) {
    if (const auto part = longest_title_part(title, seps)) candidates.push_back(*part);
  }
  bool changed = false;
  for (auto& block : doc.blocks) {
    const std::string_view text = detail::java_trim(block.text);
    if (std::find(candidates.begin(), candidates.end(), text) != candidates.end()) {
      block.labels.add(Label::Title);
      changed = true;
    }
  }
  return changed;
}

bool document_title_match_2012(TextDocument& doc) {
  const std::string title = normalise_title_2012(doc.title);
  if (title.empty()) return false;
  std::vector<std::string> candidates = {title};
  const auto add = [&](std::string_view c) { candidates.emplace_back(c); };
  // S0 = | » -   S1 = | » :   S2 = S1 + ( )   S3 = S2 + -   S4 = S3 + ,   S5 = S4 + NBSP
  static const std::array<SeparatorClass, 6> separator_classes = {
      SeparatorClass{"|", "\u00bb", "-"},
      SeparatorClass{"|", "\u00bb", ":"},
      SeparatorClass{"|", "\u00bb", ":", "(", ")"},
      SeparatorClass{"|", "\u00bb", ":", "(", ")", "-"},
      SeparatorClass{"|", "\u00bb", ":", "(", ")", "-", ","},
      SeparatorClass{"|", "\u00bb", ":", "(", ")", "-", ",", "\u00a0"}};
  for (const auto& seps : separator_classes) {
    if (const auto part = longest_title_part(title, seps, java_space_split_count)) add(*part);
  }
  // Every part of at least 4 words between " | " or " - " (spaces mandatory).
  for (const auto& seps : {SeparatorClass{"|"}, SeparatorClass{"-"}}) {
    const auto parts = split_title(title, seps, true);
    if (parts.size() == 1) continue;
    for (const auto p : parts) {
      if (!detail::contains(p, ".com") && java_space_split_count(p) >= 4) add(p);
    }
  }
  // replaceFirst(" - [^-]+$", ""): the last dash, spaced, with something after it.
  const std::string_view t = title;
  if (const auto last = t.rfind('-'); last != std::string_view::npos && last >= 1 &&
                                      last + 2 < t.size() && t[last - 1] == ' ' &&
                                      t[last + 1] == ' ') {
    add(t.substr(0, last - 1));
  } else {
    add(t);
  }
  // replaceFirst("^[^-]+ - ", ""): the first dash, spaced, with something before it.
  if (const auto first = t.find('-'); first != std::string_view::npos && first >= 2 &&
                                      first + 1 < t.size() && t[first - 1] == ' ' &&
                                      t[first + 1] == ' ') {
    add(t.substr(first + 2));
  } else {
    add(t);
  }
  // A block can match a candidate only if it keeps as many ASCII bytes as the candidate
  // does (kept_ascii): normalising and stripping drop only apostrophes, spaces, ? ! . - : and
  // NBSPs, and lower-casing maps each ASCII byte to one ASCII byte, so the normalised (and
  // the stripped) text keeps exactly the block's own when the block is all ASCII; other
  // characters may lower-case to ASCII ones ("\u0130" to "i\u0307"), so a block holding
  // them keeps at least its own. Blocks that can match none are neither copied nor
  // lower-cased.
  std::vector<std::size_t> candidate_kept;
  std::size_t most_kept = 0;
  for (const auto& c : candidates) {
    const std::size_t kept = kept_ascii(c, std::string_view::npos).kept;
    candidate_kept.push_back(kept);
    most_kept = std::max(most_kept, kept);
  }
  const auto may_match = [&](std::string_view text) {
    const KeptAscii k = kept_ascii(text, most_kept);
    if (k.kept > most_kept) return false;
    return k.other_bytes ||
           std::find(candidate_kept.begin(), candidate_kept.end(), k.kept) != candidate_kept.end();
  };
  // Buffers for each block's normalised and stripped text, reused across blocks.
  std::string scratch;
  std::string text;
  std::string stripped;
  for (auto& block : doc.blocks) {
    if (!may_match(block.text)) continue;
    normalise_title_2012_into(block.text, scratch, text);
    if (std::find(candidates.begin(), candidates.end(), text) != candidates.end() ||
        std::find(candidates.begin(), candidates.end(), strip_title_punctuation(text, stripped)) !=
            candidates.end()) {
      block.labels.add(Label::Title);
      return true;  // the first match only
    }
  }
  return false;
}

}  // namespace boilerdex::plugin

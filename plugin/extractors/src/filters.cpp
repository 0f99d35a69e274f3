#include "boilerdex/plugin/filters.hpp"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <optional>
#include <string_view>

#include "boilerdex/plugin/word_tokenizer.hpp"
#include "html_segmenter_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::java_trim;

// Java String.length(): UTF-16 code units.
std::size_t java_length(std::string_view s) noexcept { return utf16_length(s); }

// Whether lower-casing leaves every code point of \p s but ASCII A-Z as it is: each
// non-ASCII one is valid UTF-8 without the Changes_When_Lowercased property (curly quotes,
// dashes, NBSP, CJK ...). Context rules (final sigma) apply only to characters with it.
bool lower_case_keeps_non_ascii(std::string_view s) noexcept {
  const auto n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    if (static_cast<unsigned char>(s[static_cast<std::size_t>(i)]) < 0x80) {
      ++i;
      continue;
    }
    UChar32 c = 0;
    U8_NEXT(s.data(), i, n, c);
    if (c < 0 || u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_LOWERCASED)) return false;
  }
  return true;
}

// Locale-independent full Unicode lower case (spec §11.10) of \p s into \p out (replacing
// what it held; a buffer reused across blocks allocates only when it grows). Text whose
// only cased characters are ASCII, most blocks, maps A-Z alone, as ICU's root locale does,
// without the round trip through UTF-16.
void lower_case_into(std::string_view s, std::string& out) {
  if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }) ||
      lower_case_keeps_non_ascii(s)) {
    out.assign(s);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return;
  }
  icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  u.toLower(icu::Locale::getRoot());
  out.clear();
  u.toUTF8String(out);
}

bool contains(std::string_view haystack, std::string_view needle) noexcept {
  return haystack.find(needle) != std::string_view::npos;
}

// Removes the blocks for which drop(block) holds, keeping order. Returns whether any went.
template <class Pred>
bool erase_blocks_if(std::vector<TextBlock>& blocks, Pred drop) {
  const auto first = std::remove_if(blocks.begin(), blocks.end(), drop);
  const bool changed = first != blocks.end();
  blocks.erase(first, blocks.end());
  return changed;
}

// Sets is_content and reports whether it changed (boilerpipe's setIsContent).
bool set_content(TextBlock& block, bool content) noexcept {
  const bool changed = block.is_content != content;
  block.is_content = content;
  return changed;
}

// ---- TerminatingBlocksFinder ----

// "startsWithNumber": ≥ 1 ASCII digits, then one of the suffixes.
bool starts_with_number(std::string_view lc,
                        std::initializer_list<std::string_view> suffixes) noexcept {
  std::size_t j = 0;
  while (j < lc.size() && lc[j] >= '0' && lc[j] <= '9') ++j;
  if (j == 0) return false;
  const std::string_view rest = lc.substr(j);
  return std::any_of(suffixes.begin(), suffixes.end(),
                     [&](std::string_view s) { return rest.starts_with(s); });
}

bool indicates_end_of_text(std::string_view lc) noexcept {
  return lc.starts_with("comments") ||
         starts_with_number(lc, {" comments", " users responded in"}) ||
         lc.starts_with("\u00a9 reuters") || lc.starts_with("please rate this") ||
         lc.starts_with("post a comment") || contains(lc, "what you think...") ||
         contains(lc, "add your comment") || contains(lc, "add comment") ||
         contains(lc, "reader views") || contains(lc, "have your say") ||
         contains(lc, "reader comments") || contains(lc, "r\u00e4tta artikeln") ||
         lc == "thanks for your comments - this feedback is now closed";
}

// ---- DocumentTitleMatchClassifier (1.2.0) ----

// One of the separator classes of the 1.2.0 title splitter, as single code points.
using SeparatorClass = std::initializer_list<std::string_view>;

// Length in bytes of the separator starting at s[i], or 0.
std::size_t separator_at(std::string_view s, std::size_t i, SeparatorClass seps) noexcept {
  for (const auto sep : seps) {
    if (s.substr(i).starts_with(sep)) return sep.size();
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
    if (contains(p, ".com")) continue;
    const std::size_t words = count_words(p);
    const std::size_t len = java_length(p);
    if (words > best_words || len > best_len) {
      best_words = words;
      best = p;
      best_len = len;
    }
  }
  if (best_len == 0) return std::nullopt;
  return java_trim(best);
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
  lower_case_into(java_trim(s), out);
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
  return java_trim(out);
}

// ---- MinClauseWordsFilter ----

bool is_java_space(char c) noexcept {  // Java regex \s without UNICODE_CHARACTER_CLASS
  return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}

bool is_clause_delimiter(char c) noexcept {
  return c == ',' || c == '.' || c == ':' || c == ';' || c == '!' || c == '?';
}

bool is_letter_or_digit(UChar32 c) noexcept {  // Character.isLetterOrDigit: L* or Nd
  const auto mask = U_GET_GC_MASK(c);
  return (mask & (U_GC_L_MASK | U_GC_ND_MASK)) != 0;
}

// Words of a clause: runs of whitespace + 1 (isClause).
bool is_clause(std::string_view clause, int min_words) noexcept {
  int n = 1;
  bool in_space = false;
  for (const char c : clause) {
    const bool space = is_java_space(c);
    if (space && !in_space && ++n >= min_words) return true;
    in_space = space;
  }
  return n >= min_words;
}

bool has_clause(std::string_view text, int min_words, bool accept_without_delimiter) {
  // Java's \b before the delimiter: the code point before it is a word char ('_' or a
  // letter/digit), or a non-spacing mark whose base (through a run of marks) is a
  // letter/digit. Tracked while walking the code points.
  bool prev_is_word = false;
  bool base_is_letter_or_digit = false;  // last non-Mn code point, for the mark rule
  std::size_t clause_begin = 0;
  std::size_t i = 0;
  const auto n = static_cast<int32_t>(text.size());
  while (i < text.size()) {
    if (is_clause_delimiter(text[i]) && prev_is_word) {
      std::size_t run_end = i;
      while (run_end < text.size() && is_clause_delimiter(text[run_end])) ++run_end;
      if (run_end == text.size() || is_java_space(text[run_end])) {
        std::size_t match_end = run_end;
        while (match_end < text.size() && is_java_space(text[match_end])) ++match_end;
        if (is_clause(text.substr(clause_begin, i + 1 - clause_begin), min_words)) return true;
        clause_begin = match_end;
        i = match_end;
      } else {
        i = run_end;
      }
      // Whatever ended the scan above is a delimiter or a space: not a word char.
      prev_is_word = false;
      base_is_letter_or_digit = false;
      continue;
    }
    auto pos = static_cast<int32_t>(i);
    UChar32 c = 0;
    U8_NEXT(text.data(), pos, n, c);
    if (c < 0) c = 0xFFFD;
    if (U_GET_GC_MASK(c) & U_GC_MN_MASK) {
      prev_is_word = base_is_letter_or_digit;
    } else {
      base_is_letter_or_digit = is_letter_or_digit(c);
      prev_is_word = c == '_' || base_is_letter_or_digit;
    }
    i = static_cast<std::size_t>(pos);
  }
  return accept_without_delimiter &&
         is_clause(text.substr(std::min(clause_begin, text.size())), min_words);
}

}  // namespace

int num_full_text_words(const TextBlock& block) noexcept {
  return static_cast<double>(block.text_density) >= 9 ? block.num_words : 0;
}

bool simple_block_fusion(TextDocument& doc) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  std::size_t kept = 0;  // blocks[0..kept] are the output so far; blocks[kept] is b1
  for (std::size_t r = 1; r < blocks.size(); ++r) {
    if (blocks[kept].text_density == blocks[r].text_density) {  // exact float equality (§1.3)
      blocks[kept].merge_next(blocks[r]);
    } else if (++kept != r) {
      blocks[kept] = std::move(blocks[r]);
    }
  }
  const bool changed = kept + 1 != blocks.size();
  blocks.resize(kept + 1);
  return changed;
}

bool block_proximity_fusion(TextDocument& doc, int max_distance, bool content_only,
                            bool same_tag_level) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  std::size_t prev = 0;
  if (content_only) {
    const auto first =
        std::find_if(blocks.begin(), blocks.end(), [](const TextBlock& b) { return b.is_content; });
    if (first == blocks.end()) return false;
    prev = static_cast<std::size_t>(first - blocks.begin());
  }
  // blocks[0..w) is the output so far and blocks[prev] (prev < w) the cursor.
  std::size_t w = prev + 1;
  for (std::size_t r = prev + 1; r < blocks.size(); ++r) {
    TextBlock& block = blocks[r];
    bool merge = false;
    if (block.is_content) {
      const TextBlock& p = blocks[prev];
      const int gap = block.offset_blocks_start - p.offset_blocks_end - 1;
      merge = gap <= max_distance && (!content_only || (p.is_content && block.is_content)) &&
              (!same_tag_level || p.tag_level == block.tag_level);
    }
    if (merge) {
      blocks[prev].merge_next(block);
      continue;
    }
    if (w != r) blocks[w] = std::move(block);
    prev = w++;
  }
  const bool changed = w != blocks.size();
  blocks.resize(w);
  return changed;
}

bool keep_largest_block(TextDocument& doc, const KeepLargestBlockOptions& options) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  int max_words = -1;
  std::size_t largest = blocks.size();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (blocks[i].is_content && blocks[i].num_words > max_words) {
      max_words = blocks[i].num_words;
      largest = i;
    }
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (i == largest) {
      blocks[i].is_content = true;
      if (options.label_very_likely_content) blocks[i].labels.add(Label::VeryLikelyContent);
    } else {
      blocks[i].is_content = false;
      blocks[i].labels.add(Label::MightBeContent);
    }
  }
  if (options.expand_to_same_tag_level && largest != blocks.size()) {
    const int level = blocks[largest].tag_level;
    const auto expand = [&](TextBlock& b) {
      if (b.tag_level < level) return false;
      if (b.tag_level == level && b.num_words >= options.expand_min_words) b.is_content = true;
      return true;
    };
    for (std::size_t i = largest; i-- > 0;) {
      if (!expand(blocks[i])) break;
    }
    for (std::size_t i = largest; i < blocks.size(); ++i) {
      if (!expand(blocks[i])) break;
    }
  }
  return true;
}

bool expand_title_to_content(TextDocument& doc) {
  auto& blocks = doc.blocks;
  std::ptrdiff_t title = -1;
  std::ptrdiff_t content_start = -1;
  for (std::size_t i = 0; i < blocks.size() && content_start == -1; ++i) {
    if (blocks[i].labels.has(Label::Title)) title = static_cast<std::ptrdiff_t>(i);
    if (blocks[i].is_content) content_start = static_cast<std::ptrdiff_t>(i);
  }
  if (title == -1 || content_start <= title) return false;
  bool changed = false;
  for (auto i = title; i < content_start; ++i) {
    auto& b = blocks[static_cast<std::size_t>(i)];
    if (b.labels.has(Label::MightBeContent)) changed |= set_content(b, true);
  }
  return changed;
}

bool terminating_blocks_finder(TextDocument& doc, bool post_1_2) {
  bool changed = false;
  std::string lc;  // each block's lower case, in one buffer for the page
  for (auto& block : doc.blocks) {
    if (block.num_words >= 15) continue;
    const std::string_view text = java_trim(block.text);
    const std::size_t len = java_length(text);
    bool end = false;
    if (len >= 8) {
      lower_case_into(text, lc);
      end = indicates_end_of_text(lc);
    } else if (post_1_2) {
      end = block.link_density == 1.0f && text == "Comment";
    }
    if (end) {
      block.labels.add(Label::IndicatesEndOfText);
      changed = true;
    }
  }
  return changed;
}

bool document_title_match(TextDocument& doc) {
  const std::string_view title = java_trim(doc.title);
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
    const std::string_view text = java_trim(block.text);
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
      if (!contains(p, ".com") && java_space_split_count(p) >= 4) add(p);
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
  // A block whose text keeps more ASCII bytes than the longest candidate has can match none:
  // normalising and stripping drop only apostrophes, spaces, ? ! . - : and NBSPs, and
  // lower-casing maps each ASCII byte to one ASCII byte (other characters add what they add).
  std::size_t longest = 0;
  for (const auto& c : candidates) longest = std::max(longest, c.size());
  const auto too_long = [longest](std::string_view text) {
    if (text.size() <= longest) return false;
    std::size_t kept = 0;
    for (const char c : text) {
      const auto u = static_cast<unsigned char>(c);
      kept += u > ' ' && u < 0x80 && c != '\'' && c != '?' && c != '!' && c != '.' && c != '-' &&
              c != ':';
    }
    return kept > longest;
  };
  // Buffers for each block's normalised and stripped text, reused across blocks.
  std::string scratch;
  std::string text;
  std::string stripped;
  for (auto& block : doc.blocks) {
    if (too_long(block.text)) continue;
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

bool ignore_blocks_after_content(TextDocument& doc, int min_words) {
  bool changed = false;
  int words = 0;
  bool found_end = false;
  for (auto& block : doc.blocks) {
    if (block.is_content) words += num_full_text_words(block);
    if (block.labels.has(Label::IndicatesEndOfText) && words >= min_words) found_end = true;
    if (found_end) {
      block.is_content = false;
      changed = true;
    }
  }
  return changed;
}

bool ignore_blocks_after_content_from_end(TextDocument& doc) {
  bool changed = false;
  int words = 0;
  for (auto it = doc.blocks.rbegin(); it != doc.blocks.rend(); ++it) {
    TextBlock& block = *it;
    if (block.labels.has(Label::IndicatesEndOfText)) {
      block.labels.add(Label::StrictlyNotContent);
      block.labels.remove(Label::MightBeContent);
      block.is_content = false;
      changed = true;
    } else if (block.is_content) {
      words += block.num_words;
      if (words > 200) break;
    }
  }
  return changed;
}

bool remove_boilerplate_blocks(TextDocument& doc, bool keep_title) {
  return erase_blocks_if(doc.blocks, [keep_title](const TextBlock& b) {
    return !b.is_content && !(keep_title && b.labels.has(Label::Title));
  });
}

bool mark_everything_content(TextDocument& doc) {
  bool changed = false;
  for (auto& block : doc.blocks) changed |= set_content(block, true);
  return changed;
}

bool min_words_filter(TextDocument& doc, int min_words) {
  bool changed = false;
  for (auto& block : doc.blocks) {
    if (block.is_content && block.num_words < min_words) changed |= set_content(block, false);
  }
  return changed;
}

bool split_paragraph_blocks(TextDocument& doc) {
  const auto is_break = [](char c) { return c == '\n' || c == '\r'; };
  std::vector<TextBlock> out;
  bool changed = false;
  for (auto& block : doc.blocks) {
    const std::string_view text = block.text;
    // Java split: pieces between runs of breaks; trailing empty pieces dropped.
    std::vector<std::pair<std::size_t, std::size_t>> pieces;
    std::size_t begin = 0;
    for (std::size_t i = 0; i < text.size();) {
      if (!is_break(text[i])) {
        ++i;
        continue;
      }
      pieces.emplace_back(begin, i);
      while (i < text.size() && is_break(text[i])) ++i;
      begin = i;
    }
    pieces.emplace_back(begin, text.size());
    while (!pieces.empty() && pieces.back().first == pieces.back().second) pieces.pop_back();
    if (pieces.size() < 2) {
      out.push_back(std::move(block));
      continue;
    }
    changed = true;
    // Parse-block texts hold no breaks, so when the lines and origins agree in number,
    // line k came from origins[k].
    const bool one_origin_per_line = std::count(text.begin(), text.end(), '\n') + 1 ==
                                         static_cast<std::ptrdiff_t>(block.origins.size()) &&
                                     std::count(text.begin(), text.end(), '\r') == 0;
    // Lines before the piece, counted on from the previous piece. Counting from the start
    // for each piece cost O(n²) in a block of n lines: 18 s of CPU for a page whose 50,000
    // paragraphs ArticleExtractor fuses into one block, about 5 minutes at max_blocks.
    std::size_t line = 0;
    std::size_t counted_to = 0;
    for (const auto& [b, e] : pieces) {
      TextBlock piece;
      piece.text.assign(text.substr(b, e - b));
      piece.is_content = block.is_content;
      piece.labels = block.labels;
      piece.enclosing_tag = block.enclosing_tag;
      piece.source_begin = block.source_begin;
      piece.source_end = block.source_end;
      if (one_origin_per_line) {
        line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                                                    text.begin() + static_cast<std::ptrdiff_t>(b), '\n'));
        counted_to = b;
        piece.origins = {block.origins[line]};
      } else {
        piece.origins = block.origins;
      }
      piece.init_densities();
      out.push_back(std::move(piece));
    }
  }
  doc.blocks = std::move(out);
  return changed;
}

bool min_clause_words(TextDocument& doc, int min_words, bool accept_clauses_without_delimiter) {
  bool changed = false;
  for (auto& block : doc.blocks) {
    if (!block.is_content) continue;
    if (!has_clause(block.text, min_words, accept_clauses_without_delimiter)) {
      block.is_content = false;
      changed = true;
    }
  }
  return changed;
}

bool trailing_headline_to_boilerplate(TextDocument& doc) {
  bool changed = false;
  for (auto it = doc.blocks.rbegin(); it != doc.blocks.rend(); ++it) {
    if (!it->is_content) continue;
    if (!it->labels.has(Label::Heading)) break;
    it->is_content = false;
    changed = true;
  }
  return changed;
}

bool large_block_same_tag_level_to_content(TextDocument& doc) {
  const auto anchor = std::find_if(doc.blocks.begin(), doc.blocks.end(), [](const TextBlock& b) {
    return b.is_content && b.labels.has(Label::VeryLikelyContent);
  });
  if (anchor == doc.blocks.end()) return false;
  const int level = anchor->tag_level;
  bool changed = false;
  for (auto& block : doc.blocks) {
    if (!block.is_content && block.num_words >= 100 && block.tag_level == level) {
      block.is_content = true;
      changed = true;
    }
  }
  return changed;
}

bool list_at_end(TextDocument& doc) {
  bool changed = false;
  int level = INT_MAX;
  for (auto& block : doc.blocks) {
    if (block.is_content && block.labels.has(Label::VeryLikelyContent)) {
      level = block.tag_level;
    } else if (block.tag_level > level && block.labels.has(Label::MightBeContent) &&
               block.labels.has(Label::Li) && block.link_density == 0.0f) {
      block.is_content = true;
      changed = true;
    } else {
      level = INT_MAX;
    }
  }
  return changed;
}

}  // namespace boilerdex::plugin

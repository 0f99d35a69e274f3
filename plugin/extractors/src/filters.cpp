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
#include "filters_internal.hpp"
#include "html_segmenter_internal.hpp"

namespace boilerdex::plugin {
namespace {

using detail::contains;
using detail::java_length;
using detail::java_trim;
using detail::lower_case_into;

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

namespace detail {

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

}  // namespace detail

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
    // java_length(text) >= 8, counted only where the bytes leave it open: a UTF-16 unit
    // takes one to three bytes (a four-byte character is two units), so 24 bytes are at
    // least 8 units and fewer than 8 bytes fewer.
    const bool long_enough = text.size() >= 24 || (text.size() >= 8 && java_length(text) >= 8);
    bool end = false;
    if (long_enough) {
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

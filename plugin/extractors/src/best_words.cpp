// best's word counts in scripts written without spaces between words (see best_word_count).

#include <cmath>
#include <cstdint>
#include <cstring>

#include "best_words_internal.hpp"
#include "html_segmenter_internal.hpp"
#include "utf8_internal.hpp"
#include "boilerdex/plugin/best_extractor.hpp"

namespace boilerdex::plugin {

namespace detail {

namespace {

// Thai, Lao, Khmer and Myanmar count this many times the Han and kana characters per word:
// their words are of one to three syllables of a few code points each (vowel and tone marks
// are code points of their own), about twice a Han or kana word in code points. An estimate,
// not measured: the development sets hold no such page.
constexpr double k_southeast_asian_factor = 2.0;

enum class CharClass : unsigned char { Space, Punctuation, Word, HanKana, SoutheastAsian };

// One code point of \p s at \p i (i < s.size()); invalid bytes decode as U+FFFD, one at a time.
CodePoint decode(std::string_view s, std::size_t i) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  return decode_utf8(p + i, p + s.size());
}

constexpr bool in(char32_t c, char32_t first, char32_t last) noexcept {
  return c >= first && c <= last;
}

CharClass classify(char32_t c) noexcept {
  if (c < 0x80) {
    if (c == ' ' || (c >= '\t' && c <= '\r')) return CharClass::Space;
    const bool alnum = in(c, '0', '9') || in(c, 'a', 'z') || in(c, 'A', 'Z');
    return alnum ? CharClass::Word : CharClass::Punctuation;
  }
  if (in(c, 0x3040, 0x30FF) || in(c, 0x31F0, 0x31FF) || in(c, 0x3400, 0x4DBF) ||
      in(c, 0x4E00, 0x9FFF) || in(c, 0xF900, 0xFAFF) || in(c, 0xFF66, 0xFF9F) ||
      in(c, 0x20000, 0x3134F) || c == 0x3005)  // kana, Han (ext. A to G, compatibility), 々
    return CharClass::HanKana;
  if (in(c, 0x0E00, 0x0EFF) || in(c, 0x1000, 0x109F) || in(c, 0x1780, 0x17FF))
    return CharClass::SoutheastAsian;  // Thai, Lao, Myanmar, Khmer
  if (c == 0x00A0 || c == 0x3000 || in(c, 0x2000, 0x200A)) return CharClass::Space;
  if (in(c, 0x00A1, 0x00BF) || in(c, 0x2010, 0x206F) || in(c, 0x3001, 0x303F) ||
      in(c, 0xFF01, 0xFF0F) || in(c, 0xFF1A, 0xFF20) || in(c, 0xFF3B, 0xFF40) ||
      in(c, 0xFF5B, 0xFF65))
    return CharClass::Punctuation;
  return CharClass::Word;  // other letters, digits and symbols, as one word per run
}

constexpr bool unspaced(CharClass c) noexcept {
  return c == CharClass::HanKana || c == CharClass::SoutheastAsian;
}

// Walks the words of \p utf8 by best's rule, calling on_word(width in columns) for each.
// \p chars_per_word > 0 (Han and kana; see best_word_count).
template <typename OnWord>
void for_each_word(std::string_view utf8, double chars_per_word, OnWord&& on_word) {
  int segment_width = 0;  // the current run of other characters (no space, not unspaced)
  bool segment_has_word = false;
  int run_chars = 0;  // the current run of one unspaced script
  CharClass run_class = CharClass::Space;
  const auto close_segment = [&] {
    if (segment_has_word) on_word(segment_width);
    segment_width = 0;
    segment_has_word = false;
  };
  const auto close_run = [&] {
    if (run_chars == 0) return;
    // ceil(run / per word) words sharing the run's columns (Han and kana are wide: 2 each).
    const bool wide = run_class == CharClass::HanKana;
    const double per_word = wide ? chars_per_word : chars_per_word * k_southeast_asian_factor;
    // At most one word per character (a chars_per_word under 1 counts as 1).
    const int words =
        per_word <= 1.0 ? run_chars : static_cast<int>(std::ceil(run_chars / per_word - 1e-9));
    const int columns = run_chars * (wide ? 2 : 1);
    for (int j = 0; j < words; ++j) on_word(columns * (j + 1) / words - columns * j / words);
    run_chars = 0;
  };
  for (std::size_t i = 0; i < utf8.size();) {
    const CodePoint d = decode(utf8, i);
    i += d.length;
    const CharClass c = classify(d.value);
    if (c == CharClass::Space) {
      close_segment();
      close_run();
    } else if (unspaced(c)) {
      close_segment();
      if (run_chars > 0 && c != run_class) close_run();
      run_class = c;
      ++run_chars;
    } else {
      close_run();
      segment_width += d.value > 0xFFFF ? 2 : 1;  // UTF-16 units, as the segmenter's lines
      segment_has_word = segment_has_word || c == CharClass::Word;
    }
  }
  close_segment();
  close_run();
}

}  // namespace

int whitespace_tokens(std::string_view utf8) noexcept {
  int words = 0;
  bool in_token = false;
  bool has_word = false;
  for (std::size_t i = 0; i <= utf8.size();) {
    const CharClass c = i < utf8.size() ? classify(decode(utf8, i).value) : CharClass::Space;
    if (c == CharClass::Space) {
      if (in_token && has_word) ++words;
      in_token = has_word = false;
    } else {
      in_token = true;
      has_word = has_word || c != CharClass::Punctuation;
    }
    i += i < utf8.size() ? decode(utf8, i).length : 1;
  }
  return words;
}

bool has_unspaced_script(std::string_view utf8) noexcept {
  for (std::size_t i = 0; i < utf8.size();) {
    // Eight bytes at a time while none is 0xE0 or above (a byte's top three bits, moved
    // onto its top bit by the shifts, all set): such bytes are each passed over below.
    if (utf8.size() - i >= 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, utf8.data() + i, 8);
      if ((word & (word << 1) & (word << 2) & 0x8080808080808080u) == 0) {
        i += 8;
        continue;
      }
    }
    if (static_cast<unsigned char>(utf8[i]) < 0xE0) {  // every unspaced script is ≥ U+0800
      ++i;
      continue;
    }
    const CodePoint d = decode(utf8, i);
    if (unspaced(classify(d.value))) return true;
    i += d.length;
  }
  return false;
}

int best_token_words(std::string_view token, double chars_per_word) noexcept {
  if (chars_per_word <= 0.0 || !has_unspaced_script(token)) return 1;
  int words = 0;
  for_each_word(token, chars_per_word, [&](int) { ++words; });
  return words > 0 ? words : 1;
}

BestWordCounts best_word_counts(std::string_view utf8, double chars_per_word) noexcept {
  LineWrapCounter wrap;  // the segmenter's wrapping
  for_each_word(utf8, chars_per_word, [&](int width) { wrap.add(width); });
  return {wrap.words(), wrap.words_in_wrapped_lines(), wrap.wrapped_lines()};
}

bool needs_best_word_counts(const TextDocument& doc) noexcept {
  for (const TextBlock& b : doc.blocks) {
    if (has_unspaced_script(b.text)) return true;
  }
  return false;
}

TextDocument with_best_word_counts(const TextDocument& doc, double chars_per_word) {
  TextDocument copy = doc;
  for (TextBlock& b : copy.blocks) {
    if (!has_unspaced_script(b.text)) continue;
    const BestWordCounts counts = best_word_counts(b.text, chars_per_word);
    const double link_density = b.link_density;
    b.num_words = counts.words;
    b.num_words_in_anchor_text = static_cast<int>(std::lround(link_density * counts.words));
    b.num_words_in_wrapped_lines = counts.words_in_wrapped_lines;
    b.num_wrapped_lines = counts.wrapped_lines;
    b.init_densities();
  }
  return copy;
}

}  // namespace detail

int best_word_count(std::string_view utf8_text, double chars_per_word) noexcept {
  if (chars_per_word <= 0.0) return detail::whitespace_tokens(utf8_text);
  return detail::best_word_counts(utf8_text, chars_per_word).words;
}

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// How the sample generator knows which topic terms a page contains: words are split and
/// stemmed as a Xapian index with English stemming sees them, so the qrels it derives are
/// exact for such an index. Private to trec/sample/src. Not thread-safe (caches).

#include <xapian.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "encoding_internal.hpp"

namespace boilerdex::trec::sample {

/// True for code points that separate words: ASCII non-alphanumerics and the Latin-1 and
/// general punctuation and symbol blocks. Other non-ASCII code points are letters.
inline bool is_separator(char32_t cp) {
  if (cp < 0x80) {
    return !((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9'));
  }
  return (cp >= 0xA0 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x206F) ||
         (cp >= 0x20A0 && cp <= 0x20CF) || cp == 0x2122;
}

/// Lets the maps below be searched with a string_view, without building a string.
struct TransparentHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

/// Maps words to topic terms by their English stem, as a Xapian index built with
/// stemming compares them. Words are cached, so each distinct word is stemmed once.
class TermMatcher {
 public:
  /// \p term_stems: the English stems of the topic terms; a term's id is its index.
  /// \throws std::bad_alloc.
  explicit TermMatcher(const std::vector<std::string>& term_stems);

  /// The term id of the lowercase word \p word, or -1. \throws std::bad_alloc,
  /// Xapian::Error from the stemmer.
  int term_id(std::string_view word);

  /// Calls \p on_term(id) for every word of \p text that is a topic term. Words are
  /// split as TermGenerator splits them for the text the generator writes: runs of
  /// letters and digits, with an apostrophe (' or U+2019) inside a word kept as '.
  template <class F>
  void scan(std::string_view text, F&& on_term) {
    std::size_t i = 0;
    while (i < text.size()) {
      m_word.clear();
      while (i < text.size()) {
        const std::size_t start = i;
        const char32_t cp = next_code_point(text, i);
        const bool apostrophe = cp == U'\'' || cp == U'\u2019';
        if (apostrophe && !m_word.empty() && i < text.size()) {
          std::size_t peek = i;
          if (!is_separator(next_code_point(text, peek))) {
            m_word += '\'';
            continue;
          }
        }
        if (is_separator(cp)) {
          if (m_word.empty()) continue;
          break;
        }
        if (cp < 0x80) {
          m_word += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp);
        } else {
          m_word.append(text.substr(start, i - start));
        }
      }
      if (m_word.empty()) continue;
      if (const int id = term_id(m_word); id >= 0) on_term(static_cast<std::size_t>(id));
    }
  }

 private:
  Xapian::Stem m_stemmer{"english"};
  std::unordered_map<std::string, int, TransparentHash, std::equal_to<>> m_stem_ids;
  std::unordered_map<std::string, int, TransparentHash, std::equal_to<>> m_cache;
  std::string m_word;
};

/// Occurrences of each topic term in one page, in the post itself and elsewhere.
/// Term ids index gold and other; touched lists the ids counted since the last reset.
struct TermCounts {
  std::vector<std::uint32_t> gold, other;
  std::vector<std::size_t> touched;

  /// Zeroes the counts for a page over \p terms term ids, in time proportional to touched.
  void reset(std::size_t terms) {
    if (gold.size() != terms) {
      gold.assign(terms, 0);
      other.assign(terms, 0);
    }
    for (const std::size_t t : touched) gold[t] = other[t] = 0;
    touched.clear();
  }
  /// Counts one occurrence. Precondition: term < the reset's \p terms.
  void add(std::size_t term, bool in_gold) {
    if (gold[term] == 0 && other[term] == 0) touched.push_back(term);
    ++(in_gold ? gold[term] : other[term]);
  }
};

}  // namespace boilerdex::trec::sample

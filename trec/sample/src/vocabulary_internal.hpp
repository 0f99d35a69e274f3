#pragma once
/// \file
/// The word lists behind the sample collection (vocabulary.cpp). Private to
/// trec/sample/src. Every list is static data: views live for the whole program.

#include <span>
#include <string_view>

namespace boilerdex::trec::sample {

/// One subject blogs write about.
struct Theme {
  std::string_view category;                    ///< shown in category lists ("Food and Cooking")
  std::span<const std::string_view> nouns;      ///< flavour nouns used in any post of the theme
  std::span<const std::string_view> adjectives; ///< flavour adjectives
  /// Curated topic phrases (lowercase words separated by single spaces). Their words are
  /// chosen so that no two topics' words share an English stem, and they appear in posts
  /// only where the generator puts them on purpose (or as a theme noun where listed there).
  std::span<const std::string_view> phrases;
};

[[nodiscard]] std::span<const Theme> themes() noexcept;

/// General English for filler sentences, by part of speech.
struct Lexicon {
  std::span<const std::string_view> determiners, subjects, verbs, adjectives, nouns, prepositions,
      adverbs, conjunctions;
  std::span<const std::string_view> first_names, last_names;       ///< authors and commenters
  std::span<const std::string_view> site_words_a, site_words_b;    ///< blog names: "The {a} {b}"
  std::span<const std::string_view> taglines;
  std::span<const std::string_view> short_comments;                ///< "Great post!" etc.
  std::span<const std::string_view> generic_titles;                ///< "{A}" adjective, "{N}" noun, "{X}" theme noun
  std::span<const std::string_view> phrase_titles;                 ///< "{P}" phrase, "{p}" lowercase
  std::span<const std::string_view> phrase_sentences;              ///< "{p}" lowercase, "{P}" capitalised
  std::span<const std::string_view> short_phrase_lines;            ///< one-line updates mentioning {p}
  std::span<const std::string_view> comment_mentions;              ///< comments asking about {p}
  std::span<const std::string_view> flourishes;                    ///< non-ASCII asides: café, naïve, £…
};

[[nodiscard]] const Lexicon& lexicon() noexcept;

}  // namespace boilerdex::trec::sample

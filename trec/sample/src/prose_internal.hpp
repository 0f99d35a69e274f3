#pragma once
/// \file
/// The generator's English-like text over the vocabulary (vocabulary_internal.hpp):
/// sentences, paragraphs, titles and people's names. Private to trec/sample/src.

#include <cstddef>
#include <string>
#include <string_view>

#include "boilerdex/trec/experiment_random.hpp"

namespace boilerdex::trec::sample {

/// Draws text from one Random. Every call but random() draws from it, so the calls and
/// their order are part of the output: the same calls in the same order give the same
/// bytes. Views returned point into the static vocabulary. Not thread-safe.
/// Every function \throws std::bad_alloc only.
class Prose {
 public:
  /// \p random must outlive this object; it is shared with the generator's other draws.
  explicit Prose(Random& random) noexcept : m_random(random) {}

  /// The generator these words are drawn from.
  [[nodiscard]] Random& random() noexcept { return m_random; }

  /// A noun of theme \p theme (an index into sample::themes()).
  [[nodiscard]] std::string_view theme_noun(std::size_t theme);
  /// A word for a part-of-speech code of a sentence pattern: D determiner, S subject,
  /// V verb, A adjective, N noun (theme words now and then), P preposition, R adverb,
  /// C conjunction; empty for any other code.
  [[nodiscard]] std::string_view word_for(char code, std::size_t theme);
  /// One English-like sentence of the theme, capitalised and ended with . ! or ?.
  [[nodiscard]] std::string sentence(std::size_t theme);
  /// \p sentences sentences, now and then followed by a non-ASCII flourish.
  [[nodiscard]] std::string paragraph(std::size_t theme, int sentences);
  /// A post title that names no topic.
  [[nodiscard]] std::string generic_title(std::size_t theme);
  /// A first name, half the time with a last name.
  [[nodiscard]] std::string person();

 private:
  Random& m_random;
};

/// \p pattern with "{P}" replaced by \p phrase capitalised and "{p}" by \p phrase.
/// Draws nothing. \throws std::bad_alloc.
[[nodiscard]] std::string phrase_text(std::string_view pattern, const std::string& phrase);

}  // namespace boilerdex::trec::sample

#include "prose_internal.hpp"

#include <array>

#include "text_internal.hpp"
#include "vocabulary_internal.hpp"

namespace boilerdex::trec::sample {

std::string_view Prose::theme_noun(std::size_t theme) { return pick(m_random, sample::themes()[theme].nouns); }

std::string_view Prose::word_for(char code, std::size_t theme) {
  const auto& lex = sample::lexicon();
  const Theme& t = sample::themes()[theme];
  switch (code) {
    case 'D': return pick(m_random, lex.determiners);
    case 'S': return pick(m_random, lex.subjects);
    case 'V': return pick(m_random, lex.verbs);
    case 'A': return m_random.chance(0.3) ? pick(m_random, t.adjectives) : pick(m_random, lex.adjectives);
    case 'N': return m_random.chance(0.35) ? pick(m_random, t.nouns) : pick(m_random, lex.nouns);
    case 'P': return pick(m_random, lex.prepositions);
    case 'R': return pick(m_random, lex.adverbs);
    case 'C': return pick(m_random, lex.conjunctions);
    default: return {};
  }
}

std::string Prose::sentence(std::size_t theme) {
  static constexpr std::array<std::string_view, 12> patterns = {
      "SVDANPDN", "DNVRPDN", "CSVDN,SVDAN", "SRVPDAN",  "DANVDNPDN", "PDN,SVDNR",
      "SVDNPDAN", "SVRDAN",  "SVDN,CSVDAN", "RSVDNPDN", "DAN,DAN,PDN", "SVDNPDNPDN"};
  const std::string_view pattern = pick(m_random, patterns);
  std::string out;
  std::string_view previous;
  for (const char code : pattern) {
    if (code == ',') {
      out += ',';
      continue;
    }
    std::string_view word = word_for(code, theme);
    if (previous == "a" && !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos) {
      out += 'n';  // "a" -> "an"
    }
    if (!out.empty()) out += ' ';
    out += word;
    previous = word;
  }
  capitalise_first(out);
  const double end = m_random.unit();
  out += end < 0.85 ? "." : end < 0.93 ? "!" : "?";
  return out;
}

std::string Prose::paragraph(std::size_t theme, int sentences) {
  std::string out;
  for (int i = 0; i < sentences; ++i) {
    if (!out.empty()) out += ' ';
    out += sentence(theme);
  }
  if (m_random.chance(0.08)) {
    out += ' ';
    out += pick(m_random, sample::lexicon().flourishes);
  }
  return out;
}

std::string Prose::generic_title(std::size_t theme) {
  std::string title(pick(m_random, sample::lexicon().generic_titles));
  title = fill(title, "{A}", word_for('A', theme));
  title = fill(title, "{N}", pick(m_random, sample::lexicon().nouns));
  title = fill(title, "{X}", theme_noun(theme));
  capitalise_first(title);
  return title;
}

std::string Prose::person() {
  const auto& lex = sample::lexicon();
  return std::string(pick(m_random, lex.first_names)) + (m_random.chance(0.5) ? " " + std::string(pick(m_random, lex.last_names)) : "");
}

std::string phrase_text(std::string_view pattern, const std::string& phrase) {
  return fill(fill(pattern, "{P}", capitalised(phrase)), "{p}", phrase);
}

}  // namespace boilerdex::trec::sample

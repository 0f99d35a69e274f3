#include "term_matcher_internal.hpp"

namespace boilerdex::trec::sample {

TermMatcher::TermMatcher(const std::vector<std::string>& term_stems) {
  for (std::size_t i = 0; i < term_stems.size(); ++i) m_stem_ids.emplace(term_stems[i], static_cast<int>(i));
}

int TermMatcher::term_id(std::string_view word) {
  if (const auto it = m_cache.find(word); it != m_cache.end()) return it->second;
  const auto found = m_stem_ids.find(m_stemmer(std::string(word)));
  const int id = found == m_stem_ids.end() ? -1 : found->second;
  m_cache.emplace(std::string(word), id);
  return id;
}

}  // namespace boilerdex::trec::sample

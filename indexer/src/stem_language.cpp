#include "boilerdex/indexer/stem_language.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include <xapian.h>

namespace boilerdex::indexer {
namespace {

// ISO 639-1 and the 639-2 (bibliographic and terminology) codes of the languages
// Xapian 1.4 stems, to its stemmer names.
constexpr std::array<std::pair<std::string_view, std::string_view>, 58> k_codes{{
    {"ar", "arabic"},     {"ara", "arabic"},      {"hy", "armenian"},    {"hye", "armenian"},
    {"arm", "armenian"},  {"eu", "basque"},       {"eus", "basque"},     {"baq", "basque"},
    {"ca", "catalan"},    {"cat", "catalan"},     {"da", "danish"},      {"dan", "danish"},
    {"nl", "dutch"},      {"nld", "dutch"},       {"dut", "dutch"},      {"en", "english"},
    {"eng", "english"},   {"fi", "finnish"},      {"fin", "finnish"},    {"fr", "french"},
    {"fra", "french"},    {"fre", "french"},      {"de", "german"},      {"deu", "german"},
    {"ger", "german"},    {"hu", "hungarian"},    {"hun", "hungarian"},  {"id", "indonesian"},
    {"ind", "indonesian"}, {"ga", "irish"},       {"gle", "irish"},      {"it", "italian"},
    {"ita", "italian"},   {"lt", "lithuanian"},   {"lit", "lithuanian"}, {"ne", "nepali"},
    {"nep", "nepali"},    {"no", "norwegian"},    {"nor", "norwegian"},  {"nb", "norwegian"},
    {"nob", "norwegian"}, {"nn", "norwegian"},    {"nno", "norwegian"},  {"pt", "portuguese"},
    {"por", "portuguese"}, {"ro", "romanian"},    {"ron", "romanian"},   {"rum", "romanian"},
    {"ru", "russian"},    {"rus", "russian"},     {"es", "spanish"},     {"spa", "spanish"},
    {"sv", "swedish"},    {"swe", "swedish"},     {"ta", "tamil"},       {"tam", "tamil"},
    {"tr", "turkish"},    {"tur", "turkish"},
}};

const std::set<std::string, std::less<>>& available() {
  static const std::set<std::string, std::less<>> names = [] {
    std::set<std::string, std::less<>> out;
    const std::string all = Xapian::Stem::get_available_languages();
    std::size_t b = 0;
    while (b < all.size()) {
      std::size_t e = all.find(' ', b);
      if (e == std::string::npos) e = all.size();
      if (e > b) out.emplace(all, b, e - b);
      b = e + 1;
    }
    return out;
  }();
  return names;
}

}  // namespace

std::string stemmer_for_language(std::string_view tag) {
  const std::size_t sep = tag.find_first_of("-_");
  std::string primary(tag.substr(0, sep));
  for (char& c : primary)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (primary.empty()) return {};
  std::string_view name = primary;
  const auto code = std::find_if(k_codes.begin(), k_codes.end(), [&](const auto& p) { return p.first == primary; });
  if (code != k_codes.end()) name = code->second;
  else if (sep != std::string_view::npos) return {};  // "english-GB" is not a tag
  if (available().find(name) == available().end()) return {};
  return std::string(name);
}

const std::vector<std::string>& stopwords_for(const TermSettings& terms, std::string_view language) noexcept {
  static const std::vector<std::string> none;
  if (language.empty() || terms.language_stopwords.empty()) return terms.stopwords;
  const auto list = terms.language_stopwords.find(std::string(language));
  return list == terms.language_stopwords.end() ? none : list->second;
}

}  // namespace boilerdex::indexer

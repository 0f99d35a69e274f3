#pragma once
/// \file
/// Which Xapian stemmer a page's declared language calls for: BCP 47 tags as pages write
/// them (<html lang="en-GB">, "pt-br", "zh-Hans", "fr_FR") mapped to the names
/// Xapian::Stem::get_available_languages() gives ("english", "portuguese"). Used when an
/// index set stems each page in its own language (TermSettings::stem_per_language), and by
/// search to stem a query in the language it filters on (--lang).

#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/indexer/manifest.hpp"

namespace boilerdex::indexer {

/// The Xapian stemmer name for \p tag: its primary subtag (before '-' or '_', any case) as
/// an ISO 639-1 or 639-2 code ("en", "fre", "nb", "nn"), or a Xapian stemmer name itself
/// ("english"); "" when the tag is empty, names a language Xapian has no stemmer for
/// ("zh", "ja", "ko": those are indexed as CJK n-grams), or is not a language tag. Only
/// languages this Xapian library stems are returned. Thread-safe; never throws except
/// std::bad_alloc.
[[nodiscard]] std::string stemmer_for_language(std::string_view tag);

/// The stopwords of the texts \p terms stems in \p language (a stemmer_for_language
/// result; "" for the set's own `language`): with per-language lists
/// (TermSettings::language_stopwords) that language's list, or none when it has none;
/// otherwise terms.stopwords. The indexer and search choose alike through it. Never throws.
[[nodiscard]] const std::vector<std::string>& stopwords_for(const TermSettings& terms, std::string_view language) noexcept;

}  // namespace boilerdex::indexer

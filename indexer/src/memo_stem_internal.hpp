#pragma once
// A Xapian::Stem that remembers the stems of recent words. Private to indexer.
//
// Xapian's TermGenerator stems nearly every word it indexes (STEM_SOME adds a Z-prefixed
// stem beside each unstemmed term), and running the Snowball stemmer was about a fifth of
// index_text's time on the blog pages of ../shared/data/blogs-dev. Text repeats its words
// (Zipf), so a small direct-mapped memo answers most of them: 91% on those pages.

#include <string>

#include <xapian.h>

namespace boilerdex::indexer::detail {

/// The stemmer \p language names (Xapian::Stem's names), with a memo: a word found in it
/// gets the stem the Snowball stemmer gave it before, so the stems are exactly
/// Xapian::Stem(language)'s. The memo is a fixed table of 2^14 slots (each slot the last
/// word whose hash falls there), so its memory is bounded, about 1 MB less the words' own
/// characters. Not thread-safe: one per TermGenerator, like TermMaker itself. "none" (or
/// "") gives Xapian's no-op stemmer, with no memo. \throws Xapian::InvalidArgumentError
/// for a language Xapian does not stem.
[[nodiscard]] Xapian::Stem memo_stem(const std::string& language);

}  // namespace boilerdex::indexer::detail

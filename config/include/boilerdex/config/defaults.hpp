#pragma once
/// \file
/// The default of every setting that both the configuration (config.hpp) and a component's
/// options carry (plugin::SegmentLimits, indexer::IndexOptions, indexer::TermSettings,
/// query::Bm25Parameters):
/// written here once, so that a configuration left at its defaults and options left at
/// theirs always agree. A default only one of them has stays with it.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace boilerdex::config::defaults {

// [collection]
inline constexpr std::uint64_t max_page_bytes = 20ull << 20;  ///< larger pages are skipped

// [extraction]: plugin::SegmentLimits
inline constexpr std::size_t max_depth = 2000;           ///< DOM depth below which elements are flattened
inline constexpr std::size_t max_blocks = 200000;        ///< further blocks of a page are dropped
inline constexpr std::size_t max_block_bytes = 1u << 20;  ///< longer block text is truncated
inline constexpr std::size_t max_page_millis = 30000;    ///< wall-clock bound of one page; 0: none

// [indexing]: indexer::TermSettings
inline constexpr std::string_view language = "english";  ///< Xapian::Stem language
inline constexpr std::string_view stem_strategy = "some";
/// "fixed": one stemmer (language) for every page; "auto": each page's declared language's.
inline constexpr std::string_view stemmer = "fixed";
inline constexpr bool positions = true;
inline constexpr bool sweep_positions = false;
inline constexpr bool sweep_termlists = false;
inline constexpr bool index_title = true;
/// Chinese, Japanese and Korean text as overlapping character n-grams (Xapian's
/// FLAG_CJK_NGRAM); it changes nothing in other scripts.
inline constexpr bool cjk_ngram = true;

// [indexing]: indexer::IndexOptions
inline constexpr std::uint64_t commit_interval = 2000;        ///< documents between commits
inline constexpr std::uint64_t max_pending_postings = 1000000;  ///< commit early past this many
/// Commit early when one view has this many buffered: Xapian's buffers for one database are
/// fastest small (docs/indexing.md, "Commit cadence").
inline constexpr std::uint64_t max_view_pending_postings = 100000;
inline constexpr bool sync_commits = false;
inline constexpr unsigned threads = 0;  ///< 0: hardware concurrency
inline constexpr bool strict = false;
inline constexpr std::uint64_t snippet_bytes = 2048;
inline constexpr std::uint64_t auto_sample_documents = 2000;

// [search] and [trec]: query::Bm25Parameters (Xapian::BM25Weight's own defaults)
inline constexpr double bm25_k1 = 1.0;
inline constexpr double bm25_b = 0.5;

}  // namespace boilerdex::config::defaults

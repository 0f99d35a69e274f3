#pragma once
/// \file
/// Searching one view: query parsing exactly as the index was built (stemmer, stem
/// strategy, stopwords from the manifest's TermSettings), BM25 ranking, snippets.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <xapian.h>

#include "boilerdex/config/defaults.hpp"
#include "boilerdex/indexer/manifest.hpp"
#include "boilerdex/query/index_set.hpp"

namespace boilerdex::query {

/// Xapian::BM25Weight's parameters; the defaults are Xapian's (k1 and b, which the
/// configuration's [search] and [trec] tables carry too, from config/defaults.hpp).
struct Bm25Parameters {
  double k1 = config::defaults::bm25_k1;
  double k2 = 0.0;
  double k3 = 1.0;
  double b = config::defaults::bm25_b;
  double min_normlen = 0.5;

  /// Parses "k1,b" (e.g. "0.9,0.4"), keeping the other defaults.
  /// \throws UsageError naming \p text when it is not two non-negative numbers, or b > 1.
  [[nodiscard]] static Bm25Parameters parse(std::string_view text);
};

/// How query text is read.
enum class QuerySyntax {
  /// Xapian QueryParser with boolean operators (AND, OR, NOT, XOR), phrases ("..."),
  /// +/- and brackets; default operator OR.
  Full,
  /// Plain words joined with OR: operators and quotes are ordinary text (TREC runs).
  Plain,
};

/// Which documents may match, from the metadata boilerdex-index stores
/// (indexer/document_layout.hpp). Boolean: a filter removes documents, it changes no score.
/// Each list matches any of its values; the kinds combine with AND.
struct SearchFilters {
  std::string after;   ///< YYYY-MM-DD: dated on or after that day; empty: no bound
  std::string before;  ///< YYYY-MM-DD: dated on or before that day; empty: no bound
  /// BCP 47 tags ("en" also finds "en-GB"), any case. In a set that stems each page in its
  /// own language (TermSettings::stem_per_language), the first tag Xapian stems also picks
  /// the query's stemmer and stopwords (indexer/stem_language.hpp): a French query with
  /// --lang fr finds French pages by their French stems.
  std::vector<std::string> languages;
  std::vector<std::string> page_types;  ///< article, forum, product, ...
  std::vector<std::string> sites;       ///< site names as pages give them, any case

  /// True when nothing is restricted. Never throws.
  [[nodiscard]] bool empty() const noexcept {
    return after.empty() && before.empty() && languages.empty() && page_types.empty() && sites.empty();
  }
};

/// The order of results.
enum class SortOrder {
  Relevance,  ///< BM25 score descending (equal scores in docid order)
  Date,       ///< the page's date, newest first, then score; undated pages last
};

struct SearchOptions {
  std::size_t k = 10;       ///< results wanted
  std::size_t offset = 0;   ///< results skipped first
  Bm25Parameters bm25;
  QuerySyntax syntax = QuerySyntax::Full;
  /// Read URL and title and make the snippet; false reads the DOCNO only (what runs need).
  bool snippets = true;
  std::size_t snippet_length = 200;  ///< characters, Xapian MSet::snippet's length
  std::string highlight_begin = "<b>";  ///< put before each matching term in a snippet
  std::string highlight_end = "</b>";   ///< put after it
  SearchFilters filters;
  SortOrder sort = SortOrder::Relevance;
};

/// One result.
struct SearchHit {
  Xapian::docid docid = 0;  ///< same in every view of the set
  std::size_t rank = 0;     ///< 1-based, counting the offset
  double score = 0.0;       ///< BM25
  std::string docno;
  std::string url;          ///< "" when the index has none
  std::string title;        ///< "" when the index has none
  /// The stored text with the query's terms highlighted (options.highlight_*), "" unless
  /// options.snippets. Made from the view's stored kept text (value_text in
  /// document_layout.hpp), or from the title when the index stores none for the hit;
  /// line breaks between blocks become spaces.
  std::string snippet;
  /// The page's metadata (only with options.snippets; "" when the page or index has none):
  std::string date;       ///< YYYY-MM-DD
  std::string author;
  std::string site;       ///< the site's name
  std::string language;   ///< BCP 47 tag as the page declares it
  std::string page_type;  ///< article, forum, product, ...
};

struct SearchResult {
  std::vector<SearchHit> hits;                 ///< score descending (Xapian's order)
  Xapian::doccount matches_estimated = 0;
  std::string query_description;               ///< Xapian::Query::get_description()
};

/// Searches one view of an index set.
/// Thread safety: not safe for concurrent calls on one Searcher (a Xapian::Database is
/// not); use one Searcher per thread. Distinct Searchers are independent.
class Searcher {
 public:
  /// Opens \p view of \p index_set and prepares a QueryParser from the manifest's
  /// TermSettings. \p index_set need not outlive the Searcher.
  /// \throws IndexError when the database cannot be opened; UsageError when the
  ///         manifest's language or stem strategy is unknown to Xapian.
  Searcher(const IndexSet& index_set, const indexer::ManifestView& view);

  // Xapian handles are shallow copies: a copy would share parser and matcher state with
  // the original, so a Searcher moves but does not copy.
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;
  Searcher(Searcher&&) noexcept = default;
  Searcher& operator=(Searcher&&) noexcept = default;
  ~Searcher() = default;

  /// Parses \p query_text and returns the top options.k results after options.offset,
  /// among the documents options.filters admits, in options.sort's order.
  /// An empty or all-stopword query returns no hits. The full syntax knows the field
  /// prefixes `title:` and `author:` (free text) and `lang:` and `type:` (boolean filters,
  /// lower case as stored); the plain syntax none.
  /// \throws UsageError for a query Xapian cannot parse (message from QueryParserError),
  ///         for a filter date not YYYY-MM-DD, and for a filter or date sort on a view
  ///         whose manifest lists no such field (a set built before metadata was indexed);
  ///         IndexError for other Xapian failures.
  [[nodiscard]] SearchResult search(std::string_view query_text,
                                    const SearchOptions& options = {}) const;

  [[nodiscard]] const indexer::ManifestView& view() const noexcept { return m_view; }
  [[nodiscard]] const Xapian::Database& database() const noexcept { return m_database; }

 private:
  /// The stemmer and stopper queries in one language are parsed with.
  struct QueryLanguage {
    Xapian::Stem stemmer;
    std::unique_ptr<Xapian::SimpleStopper> stopper;  ///< null: no stopwords
  };
  /// The QueryLanguage for \p filters (the manifest's language unless the set stems per
  /// page language and a filter names one), made on first use.
  const QueryLanguage& query_language(const SearchFilters& filters) const;

  indexer::ManifestView m_view;
  Xapian::Database m_database;
  indexer::TermSettings m_terms;
  // unique_ptr: the parsers hold the stoppers by address, which a move must not change.
  mutable std::map<std::string, std::unique_ptr<QueryLanguage>, std::less<>> m_languages;
  // Parsing and matching mutate Xapian objects; search() is const for callers, and the
  // class is documented as not thread-safe.
  mutable Xapian::QueryParser m_full_parser;
  mutable Xapian::QueryParser m_plain_parser;
  unsigned m_cjk_flag = 0;  // QueryParser::FLAG_CJK_NGRAM when the set was indexed so
  mutable Xapian::Enquire m_enquire;
};

}  // namespace boilerdex::query

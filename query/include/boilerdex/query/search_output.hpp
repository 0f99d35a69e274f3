#pragma once
/// \file
/// How boilerdex-search prints results: a readable text listing or JSON, for one view or
/// for several views side by side (--compare).

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "boilerdex/query/searcher.hpp"

namespace boilerdex::query {

enum class OutputFormat { Text, Json };

/// Parses "text" or "json". \throws UsageError naming the value otherwise.
[[nodiscard]] OutputFormat parse_output_format(std::string_view name);

/// The results of one view, named by its spec ("min-words:10").
struct ViewResults {
  std::string view;
  SearchResult result;
};

/// Prints one view's results for \p query_text.
/// Text: a header line (view, estimated matches), then per hit
/// `RANK. DOCNO  SCORE  URL`, then on indented lines the title, the page's metadata
/// (`DATE  by AUTHOR  SITE`, each when known; no line when none is) and the snippet.
/// JSON: {"query", "view", "matches_estimated", "parsed_query", "hits": [{"rank",
/// "docno", "score", "url", "title", "snippet", "date", "author", "site", "language",
/// "page_type", "docid"}]} ("" for what is unknown), one object and a newline.
/// Never throws except on stream or allocation failure.
void print_results(std::ostream& out, const ViewResults& results, std::string_view query_text,
                   OutputFormat format);

/// Prints the top results of several views side by side. Text: one row per rank, one
/// column per view, cells `DOCNO (SCORE)`, and a last row counting each view's matches.
/// JSON: {"query", "views": [ the objects print_results writes, without "query" ]}.
/// Never throws except on stream or allocation failure.
void print_comparison(std::ostream& out, std::span<const ViewResults> results, std::string_view query_text,
                      OutputFormat format);

}  // namespace boilerdex::query

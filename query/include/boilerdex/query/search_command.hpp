#pragma once
/// \file
/// What boilerdex-search does, as a library call its main() and tests share.

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "boilerdex/query/index_set.hpp"
#include "boilerdex/query/search_output.hpp"
#include "boilerdex/query/searcher.hpp"

namespace boilerdex::query {

struct SearchCommand {
  std::filesystem::path index;        ///< index-set directory
  ViewChoice view;                  ///< the view searched (ignored with compare)
  std::vector<std::string> compare;   ///< view names to show side by side; empty: one view
  std::string query;                  ///< the query text
  SearchOptions options;              ///< k, BM25, syntax, snippets
  OutputFormat format = OutputFormat::Text;
};

/// Opens the index set, searches the chosen view (or each view of \p command.compare) and
/// prints the results to \p out. Not thread-safe with respect to \p out.
/// \throws IndexError (index set or Xapian failure); UsageError (unknown view, listing the
///         available ones; unparsable query).
void run_search_command(const SearchCommand& command, std::ostream& out);

}  // namespace boilerdex::query

#include "boilerdex/query/search_command.hpp"

#include <ostream>

namespace boilerdex::query {

void run_search_command(const SearchCommand& command, std::ostream& out) {
  const IndexSet index_set = IndexSet::open(command.index);
  if (command.compare.empty()) {
    const indexer::ManifestView& view = index_set.select(command.view);
    const Searcher searcher(index_set, view);
    const ViewResults results{view.view.spec(), searcher.search(command.query, command.options)};
    print_results(out, results, command.query, command.format);
    return;
  }
  std::vector<ViewResults> all;
  all.reserve(command.compare.size());
  for (const std::string& name : command.compare) {
    const indexer::ManifestView& view = index_set.view(name);  // check every name before searching
    all.push_back(ViewResults{view.view.spec(), {}});
  }
  for (ViewResults& results : all) {
    const Searcher searcher(index_set, index_set.view(results.view));
    results.result = searcher.search(command.query, command.options);
  }
  print_comparison(out, all, command.query, command.format);
}

}  // namespace boilerdex::query

#include "boilerdex/query/search_output.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include <nlohmann/json.hpp>

#include "boilerdex/config/error.hpp"

namespace boilerdex::query {

namespace {

std::string format_score(double score) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", score);
  return buffer;
}

nlohmann::json view_json(const ViewResults& results) {
  nlohmann::json hits = nlohmann::json::array();
  for (const SearchHit& hit : results.result.hits) {
    hits.push_back({{"rank", hit.rank},
                    {"docno", hit.docno},
                    {"score", hit.score},
                    {"url", hit.url},
                    {"title", hit.title},
                    {"snippet", hit.snippet},
                    {"date", hit.date},
                    {"author", hit.author},
                    {"site", hit.site},
                    {"language", hit.language},
                    {"page_type", hit.page_type},
                    {"docid", hit.docid}});
  }
  return {{"view", results.view},
          {"matches_estimated", results.result.matches_estimated},
          {"parsed_query", results.result.query_description},
          {"hits", std::move(hits)}};
}

/// The text listing's metadata line ("2021-03-05  by Ada Lovelace  Polar News"); empty
/// when the hit has none of the three.
std::string metadata_line(const SearchHit& hit) {
  std::string line = hit.date;
  const auto add = [&line](std::string_view label, const std::string& value) {
    if (value.empty()) return;
    if (!line.empty()) line += "  ";
    line.append(label).append(value);
  };
  add("by ", hit.author);
  add("", hit.site);
  return line;
}

// Invalid UTF-8 in stored titles must not make dump() throw.
std::string dump(const nlohmann::json& value) { return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

}  // namespace

OutputFormat parse_output_format(std::string_view name) {
  if (name == "text") return OutputFormat::Text;
  if (name == "json") return OutputFormat::Json;
  throw UsageError("unknown output format '" + std::string(name) + "' (expected text or json)");
}

void print_results(std::ostream& out, const ViewResults& results, std::string_view query_text, OutputFormat format) {
  if (format == OutputFormat::Json) {
    nlohmann::json object = view_json(results);
    object["query"] = std::string(query_text);
    out << dump(object) << '\n';
    return;
  }
  out << "view " << results.view << ": about " << results.result.matches_estimated << " matches for \"" << query_text
      << "\"\n";
  for (const SearchHit& hit : results.result.hits) {
    out << hit.rank << ". " << hit.docno << "  " << format_score(hit.score);
    if (!hit.url.empty()) out << "  " << hit.url;
    out << '\n';
    if (!hit.title.empty()) out << "    " << hit.title << '\n';
    if (const std::string meta = metadata_line(hit); !meta.empty()) out << "    " << meta << '\n';
    if (!hit.snippet.empty() && hit.snippet != hit.title) out << "    " << hit.snippet << '\n';
  }
}

void print_comparison(std::ostream& out, std::span<const ViewResults> results, std::string_view query_text,
                      OutputFormat format) {
  if (format == OutputFormat::Json) {
    nlohmann::json views = nlohmann::json::array();
    for (const ViewResults& view : results) views.push_back(view_json(view));
    out << dump({{"query", std::string(query_text)}, {"views", std::move(views)}}) << '\n';
    return;
  }
  std::size_t rows = 0;
  for (const ViewResults& view : results) rows = std::max(rows, view.result.hits.size());
  // cells[row][column]; row 0 is the header, the last row the match counts.
  std::vector<std::vector<std::string>> cells(rows + 2, std::vector<std::string>(results.size() + 1));
  cells[0][0] = "rank";
  for (std::size_t c = 0; c < results.size(); ++c) {
    cells[0][c + 1] = results[c].view;
    const auto& hits = results[c].result.hits;
    for (std::size_t r = 0; r < hits.size(); ++r) {
      cells[r + 1][c + 1] = hits[r].docno + " (" + format_score(hits[r].score) + ")";
    }
    cells[rows + 1][c + 1] = "~" + std::to_string(results[c].result.matches_estimated) + " matches";
  }
  for (std::size_t r = 0; r < rows; ++r) cells[r + 1][0] = std::to_string(r + 1);
  std::vector<std::size_t> widths(results.size() + 1, 0);
  for (const auto& row : cells) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  out << "query: " << query_text << '\n';
  for (const auto& row : cells) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line.append(widths[c] - row[c].size() + 2, ' ');
    }
    out << line << '\n';
  }
}

}  // namespace boilerdex::query

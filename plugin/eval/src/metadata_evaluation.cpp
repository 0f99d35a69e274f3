#include "boilerdex/plugin/metadata_evaluation.hpp"

#include <ostream>

#include "boilerdex/plugin/wcxb.hpp"
#include "report_format_internal.hpp"
#include "sha1_internal.hpp"

namespace boilerdex::plugin {
namespace {

// python_lower with whitespace runs collapsed to one space, trimmed: the "exact matches after
// normalising case and whitespace" of issue #19, nothing more (a typographic quote stays one).
std::string normalised(std::string_view text) {
  const std::string lowered = python_lower(text);
  std::string out;
  bool space = false;
  for (const char c : lowered) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

MetadataOutcome outcome(const std::optional<std::string>& gold, const std::string& ours, bool date) {
  const bool has_gold = gold.has_value() && !normalised(*gold).empty();
  if (!has_gold) return ours.empty() ? MetadataOutcome::Absent : MetadataOutcome::Invented;
  if (ours.empty()) return MetadataOutcome::Missed;
  const bool same = date ? normalise_date(*gold) == ours && !ours.empty()
                         : normalised(*gold) == normalised(ours);
  return same ? MetadataOutcome::Matched : MetadataOutcome::Missed;
}

}  // namespace

std::string_view metadata_field_name(MetadataField field) noexcept {
  switch (field) {
    case MetadataField::Title:
      return "title";
    case MetadataField::Author:
      return "author";
    case MetadataField::Date:
    case MetadataField::Count:
      break;
  }
  return "date";
}

std::array<MetadataOutcome, k_metadata_fields> score_metadata(const MetadataGold& gold,
                                                               const PageMetadata& ours) {
  return {outcome(gold.title, ours.title, false), outcome(gold.author, ours.author, false),
          outcome(gold.date, ours.date, true)};
}

bool in_tune_half(std::string_view page_id) { return detail::sha1(page_id)[0] % 2 == 0; }

double MetadataFieldScores::accuracy() const noexcept {
  return with_gold == 0 ? 0.0 : static_cast<double>(matched) / static_cast<double>(with_gold);
}

double MetadataFieldScores::invented_rate() const noexcept {
  return without_gold == 0 ? 0.0 : static_cast<double>(invented) / static_cast<double>(without_gold);
}

void MetadataFieldScores::add(MetadataOutcome outcome) noexcept {
  switch (outcome) {
    case MetadataOutcome::Matched:
      ++matched;
      [[fallthrough]];
    case MetadataOutcome::Missed:
      ++with_gold;
      return;
    case MetadataOutcome::Invented:
      ++invented;
      [[fallthrough]];
    case MetadataOutcome::Absent:
      ++without_gold;
      return;
  }
}

void MetadataScores::add(std::string_view page_id,
                         const std::array<MetadataOutcome, k_metadata_fields>& page) {
  const Part half = in_tune_half(page_id) ? Tune : Held;
  for (std::size_t f = 0; f < k_metadata_fields; ++f) {
    parts[All][f].add(page[f]);
    parts[half][f].add(page[f]);
  }
}

void write_metadata_table(const MetadataScores& scores, std::ostream& out) {
  static constexpr std::array<std::string_view, MetadataScores::Parts> k_parts{"all", "tune",
                                                                               "held-out"};
  out << "### " << scores.dataset << ", metadata (read_page_metadata)\n\n"
      << "Accuracy: exact match after lower-casing and collapsing whitespace (dates: same day), "
         "over pages whose gold has the field. Invented: share of pages whose gold lacks the "
         "field where a value was given.\n\n"
      << "| field | part | pages with gold | accuracy | pages without gold | invented |\n"
      << "|---|---|---:|---:|---:|---:|\n";
  for (std::size_t f = 0; f < k_metadata_fields; ++f) {
    for (std::size_t p = 0; p < MetadataScores::Parts; ++p) {
      const MetadataFieldScores& s = scores.parts[p][f];
      out << "| " << metadata_field_name(static_cast<MetadataField>(f)) << " | " << k_parts[p]
          << " | " << s.with_gold << " | " << detail::fixed3(s.accuracy()) << " | "
          << s.without_gold << " | " << detail::fixed3(s.invented_rate()) << " |\n";
    }
  }
  out << "\nData: " << k_wcxb_credit << ".\n\n";
}

}  // namespace boilerdex::plugin

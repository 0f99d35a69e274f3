#pragma once
/// \file
/// How well read_page_metadata finds a page's title, author and date, against WCXB's gold
/// `title`, `author` and `publish_date` (wcxb.hpp). `boilerdex-extract eval` reports it on
/// WCXB data sets (docs/eval.md), for all pages and for the fixed tune / held-out halves.
///
/// A field matches when both sides are equal after python_lower and collapsing whitespace, as
/// issue #19 defines it: nothing else is normalised, so a typographic quote (U+2019) is not
/// an ASCII one (dates: the same day, both as YYYY-MM-DD). Over the pages whose gold has the field,
/// accuracy is the share that match; over the pages whose gold lacks it, the invented rate is
/// the share where read_page_metadata gave a value anyway.

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "boilerdex/plugin/page_metadata.hpp"

namespace boilerdex::plugin {

/// The fields scored, in report order.
enum class MetadataField : std::uint8_t { Title, Author, Date, Count };
inline constexpr std::size_t k_metadata_fields = static_cast<std::size_t>(MetadataField::Count);

/// The fields' names as the report writes them: "title", "author", "date".
[[nodiscard]] std::string_view metadata_field_name(MetadataField field) noexcept;

/// What happened to one field on one page.
enum class MetadataOutcome : std::uint8_t {
  Matched,   ///< gold has it; ours equals it
  Missed,    ///< gold has it; ours is empty or differs
  Invented,  ///< gold lacks it; we gave one
  Absent,    ///< gold lacks it; so do we
};

/// Gold for the three fields (nullopt: the gold file has none).
struct MetadataGold {
  std::optional<std::string> title;
  std::optional<std::string> author;
  std::optional<std::string> date;
};

/// One page's outcome per field (indexed by MetadataField). Never throws (std::bad_alloc aside).
[[nodiscard]] std::array<MetadataOutcome, k_metadata_fields> score_metadata(
    const MetadataGold& gold, const PageMetadata& ours);

/// Whether \p page_id is in the tune half: the first byte of its SHA-1 is even (as
/// plugin/scripts/best_split.py splits). Never throws (std::bad_alloc aside).
[[nodiscard]] bool in_tune_half(std::string_view page_id);

/// Counts of one field over a set of pages.
struct MetadataFieldScores {
  std::size_t with_gold = 0;     ///< pages whose gold has the field
  std::size_t matched = 0;       ///< of which we matched
  std::size_t without_gold = 0;  ///< pages whose gold lacks it
  std::size_t invented = 0;      ///< of which we gave a value
  /// matched / with_gold (0 for no page). Never throws.
  [[nodiscard]] double accuracy() const noexcept;
  /// invented / without_gold (0 for no page). Never throws.
  [[nodiscard]] double invented_rate() const noexcept;
  /// Adds one page's \p outcome. Never throws.
  void add(MetadataOutcome outcome) noexcept;
};

/// A data set's metadata figures: per part (all pages, tune half, held-out half), per field.
struct MetadataScores {
  enum Part : std::uint8_t { All, Tune, Held, Parts };
  std::string dataset;
  std::array<std::array<MetadataFieldScores, k_metadata_fields>, Parts> parts{};
  /// Adds one page (its id picks its half). Never throws (std::bad_alloc aside).
  void add(std::string_view page_id, const std::array<MetadataOutcome, k_metadata_fields>& page);
};

/// Writes the Markdown table of \p scores: one row per field and part with its pages with
/// gold, accuracy, pages without gold and invented rate; then the WCXB credit line.
/// \throws what \p out throws.
void write_metadata_table(const MetadataScores& scores, std::ostream& out);

}  // namespace boilerdex::plugin

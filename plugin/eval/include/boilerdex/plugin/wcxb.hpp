#pragma once
/// \file
/// The WCXB benchmark (Web Content Extraction Benchmark, Foley 2026, CC-BY-4.0): its gold
/// files and its own measure, reproduced from the benchmark's evaluate.py.
///
/// Layout of a WCXB split folder: `html/NNNN.html.gz` (gzipped raw page, no declared
/// charset) and `ground-truth/NNNN.json` with `ground_truth.main_content`, `with`, `without`
/// (snippet lists), `title`, `author`, `publish_date` (each may be null), the page's `url`, and the page type
/// at `_internal.page_type.primary`.
///
/// The measure (evaluate.py): tokens are Python's `re.findall(r'\w+', text.lower())`; per
/// page word precision, recall and F1 over token multisets; then the mean of each over pages,
/// overall and per page type. Snippet rates: the share of the page's `with` (resp.
/// `without`) snippets found in the output as case-insensitive substrings.

#include <array>
#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/plugin/text_similarity.hpp"

namespace boilerdex::plugin {

/// Everything a WCXB gold file says about its page.
struct WcxbGold {
  std::string main_content;          ///< null counts as empty (evaluate.py's `or ''`)
  std::string main_content_markdown; ///< the same content as Markdown; null counts as empty
  std::string page_type;             ///< as wcxb_page_type gives it
  std::vector<std::string> with;     ///< snippets the output should contain
  std::vector<std::string> without;  ///< boilerplate snippets it should not contain
  std::optional<std::string> title;  ///< null or absent → nullopt (kept for metadata work)
  std::optional<std::string> author;
  std::optional<std::string> publish_date;  ///< "YYYY-MM-DD" as the file has it
  std::string url;  ///< the page's address (top-level "url"); "" when absent
};

/// WCXB's page types in the order its evaluate.py reports them: article, forum, product,
/// collection, listing, documentation, service.
[[nodiscard]] const std::array<std::string_view, 7>& wcxb_page_types() noexcept;

/// The index of \p type in wcxb_page_types(), or nullopt for a type outside the list
/// (such a page counts overall only, as in evaluate.py). Never throws.
[[nodiscard]] std::optional<std::size_t> wcxb_type_index(std::string_view type) noexcept;

/// The page type a string-valued `_internal.page_type` names. Some gold files hold Python's
/// str() of the dict, "{'primary': 'forum', 'tags': [...]}": that gives its 'primary' value
/// ("article" when it has none or it is None); any other string is the type itself. Then
/// "category" becomes "collection", as evaluate.py does. (evaluate.py takes a string whole
/// as the type, so a dict-literal page would fall outside every type there; reading
/// 'primary' out of it is what the file means. No file of the dev split has one.)
/// Never throws (std::bad_alloc aside).
[[nodiscard]] std::string wcxb_page_type_from_literal(std::string_view literal);

/// Parses one WCXB gold file's text (see the file comment). The page type is
/// `_internal.page_type.primary` when page_type is an object ("article" when `primary` is
/// absent or not a string), wcxb_page_type_from_literal when it is a string, "article" when
/// it is absent; "category" becomes "collection". `with` and `without` keep their string
/// items (null lists are empty).
/// \throws InputError naming \p path (and the byte offset) when the text is not JSON or
/// `ground_truth` is not an object.
[[nodiscard]] WcxbGold parse_wcxb_gold(std::string_view json, const std::filesystem::path& path);

/// parse_wcxb_gold of the file at \p path.
/// \throws InputError naming the file when it cannot be read or parsed.
[[nodiscard]] WcxbGold read_wcxb_gold(const std::filesystem::path& path);

/// \p utf8 lower-cased as Python's str.lower() does: the Unicode full lowercase mapping
/// (SpecialCasing: "İ" → "i̇"; Final_Sigma: "ΟΔΟΣ" → "οδος"), by ICU's u_strToLower in
/// the root locale. Not case folding: folding maps "ß" to "ss" and "ς" to "σ", which
/// str.lower() does not. The two can differ only where ICU's Unicode version differs from
/// the Python's that ran evaluate.py. Invalid UTF-8 becomes U+FFFD. Never throws
/// (std::bad_alloc aside). Thread-safe. O(n).
[[nodiscard]] std::string python_lower(std::string_view utf8);

/// What WCXB measures on one page.
struct WcxbPageScores {
  PrfScore word;              ///< word P/R/F1 over lower-cased `\w+` tokens
  double with_rate = 1.0;     ///< share of `with` snippets found; 1 for an empty list
  double without_rate = 1.0;  ///< share of `without` snippets found (lower is better); 1 when
                              ///< the list is empty, as evaluate.py's snippet_check returns
};

/// The word score of one page from its lower-cased token overlap (evaluate.py's word_f1):
/// gold without tokens → (1, 1, 1) when the prediction has none either, else (0, 0, 0);
/// prediction without tokens → (0, 0, 0); else P = tp / |pred|, R = tp / |gold|, F1 their
/// harmonic mean (0 when both are 0). Never throws.
[[nodiscard]] PrfScore wcxb_word_score(const OverlapCounts& lowered) noexcept;

/// The share of \p snippets that occur in \p lowered_text (already python_lower'ed) as a
/// substring of their python_lower'ed text; 1.0 for an empty list (evaluate.py's
/// snippet_check, which returns 1.0 for an empty list whether the list is `with` or
/// `without`). An empty snippet always occurs. Never throws (std::bad_alloc aside).
[[nodiscard]] double wcxb_snippet_rate(std::string_view lowered_text,
                                       const std::vector<std::string>& snippets);

/// Scores outputs against one page's gold, reusing scratch buffers. Not thread-safe: one
/// instance per thread.
class WcxbComparer {
 public:
  /// Sets the page: its gold text and snippets (lower-cased once here).
  void set_gold(std::string_view main_content, const std::vector<std::string>& with,
                const std::vector<std::string>& without);
  /// The page's scores for \p predicted (UTF-8).
  [[nodiscard]] WcxbPageScores score(std::string_view predicted);

 private:
  TextComparer m_comparer;
  std::string m_gold;
  std::vector<std::string> m_with;
  std::vector<std::string> m_without;
};

/// A data set's WCXB figures: means over pages of P, R, F1, the snippet rates, overall and
/// per type.
struct WcxbScores {
  struct Group {
    std::size_t pages = 0;
    PrfScore word;  ///< means over the group's pages; all 0 for no page
    double with_rate = 0.0;
    double without_rate = 0.0;
  };
  Group overall;
  std::array<Group, 7> per_type;  ///< indexed like wcxb_page_types()
};

/// Accumulates pages into WcxbScores.
class WcxbAggregate {
 public:
  /// Adds one page of type \p page_type (a type outside wcxb_page_types() counts overall).
  void add(std::string_view page_type, const WcxbPageScores& page) noexcept;
  [[nodiscard]] WcxbScores result() const noexcept;

 private:
  struct Sums {
    std::size_t pages = 0;
    double p = 0, r = 0, f1 = 0, with = 0, without = 0;
  };
  Sums m_overall;
  std::array<Sums, 7> m_types;
};

/// The credit WCXB's licence asks for wherever figures on it appear.
inline constexpr std::string_view k_wcxb_credit = "WCXB (Foley, 2026), CC-BY-4.0";

/// Writes the Markdown tables of WCXB data set \p dataset: per system word P/R/F1 and
/// snippet rates; per system word F1 overall and per page type (column headers carry each
/// type's page count, taken from the first system); then the credit line. \p systems are
/// (system name, scores) in report order; nothing is written when it is empty.
void write_wcxb_tables(std::string_view dataset,
                       const std::vector<std::pair<std::string, WcxbScores>>& systems,
                       std::ostream& out);

}  // namespace boilerdex::plugin

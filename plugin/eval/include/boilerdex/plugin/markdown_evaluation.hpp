#pragma once
/// \file
/// How well boilerdex's Markdown (structured_content.hpp) keeps a page's structure, against
/// WCXB's gold `main_content_markdown`: the WCXB word measure on the Markdown, and the
/// recall of the gold's heading lines and list items, and how its bold and italic words agree
/// (`boilerdex-extract eval --markdown`).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/text_similarity.hpp"

namespace boilerdex::plugin {

/// The lines of a Markdown text that mark structure, each as its words: python_lower'ed
/// `\w+` tokens (word_tokens, WCXB's measure: "¶" or "§" is no word), joined by one space.
struct MarkdownStructure {
  std::vector<std::string> headings;  ///< ATX heading lines ("# ..." to "###### ...")
  std::vector<std::string> items;     ///< list item lines ("- ", "* ", "+ ", "N. ", "N) ")
  /// The words inside emphasis ("*", "**", "_", "__"; strike-through is not emphasis), one
  /// entry per word: a run of delimiters opens where a non-space follows it and closes where
  /// one precedes it, pairing with the last open run of its character ('_' never inside a
  /// word), within a line and outside code spans, as CommonMark pairs the usual cases.
  std::vector<std::string> emphasised;
};

/// The heading and list-item lines and the emphasised words of \p markdown, outside fenced
/// code blocks; lines whose words are empty are left out. Never throws (std::bad_alloc aside).
[[nodiscard]] MarkdownStructure markdown_structure(std::string_view markdown);

/// The share of \p gold's lines that \p found holds (as multisets: a line found once counts
/// once); nullopt when \p gold is empty. Never throws (std::bad_alloc aside).
[[nodiscard]] std::optional<double> line_recall(const std::vector<std::string>& gold,
                                                const std::vector<std::string>& found);

/// \p markdown without the destinations (and titles) of its inline links and images:
/// `[text](https://a.example/b "t")` becomes `[text]`, `![alt](x.png)` becomes `![alt]`, so that
/// only the words a reader sees are left. A destination is `<...>` or a run without spaces whose
/// parentheses balance, then an optional quoted title, then `)`; a `](` after a backslash, or
/// one not followed by such a destination, is left as it is. Autolinks (`<https://...>`) are
/// shown as their URL and are kept. Never throws (std::bad_alloc aside).
[[nodiscard]] std::string without_link_destinations(std::string_view markdown);

/// One system's Markdown on one page.
struct MarkdownPageScores {
  PrfScore word;  ///< WCXB's word measure, Markdown against the gold Markdown
  /// The same measure with link destinations left out of both (without_link_destinations):
  /// the words of the content, whether or not the gold wrote a link's URL.
  PrfScore shown_word;
  std::optional<double> heading_recall;  ///< nullopt when the gold has no heading
  std::optional<double> item_recall;     ///< nullopt when the gold has no list item
  /// The share of the gold's emphasised words (as a multiset) emphasised in the Markdown;
  /// nullopt when the gold emphasises none.
  std::optional<double> emphasis_recall;
  /// The share of the Markdown's emphasised words emphasised in the gold; nullopt when the
  /// Markdown emphasises none.
  std::optional<double> emphasis_precision;
};

/// Means over a data set's pages with gold Markdown.
struct MarkdownScores {
  std::size_t pages = 0;
  PrfScore word;               ///< mean P, R, F1 of the Markdown
  PrfScore shown_word;         ///< the same without link destinations on either side
  double text_f1 = 0.0;        ///< mean word F1 of the text output on the same pages
  double heading_recall = 0.0; ///< mean over the heading_pages
  std::size_t heading_pages = 0;
  double item_recall = 0.0;    ///< mean over the item_pages
  std::size_t item_pages = 0;
  double emphasis_recall = 0.0;  ///< mean over the emphasis_recall_pages
  std::size_t emphasis_recall_pages = 0;
  double emphasis_precision = 0.0;  ///< mean over the emphasis_precision_pages
  std::size_t emphasis_precision_pages = 0;
};

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// BTE, Body Text Extraction (Finn, Kushmerick & Smyth 2001; spec §7): the page as a
/// sequence of tag and word tokens; the body is the window that maximises tags outside plus
/// words inside. Found here in linear time with the published quadratic algorithm's
/// tie-break (smallest start, then smallest end).
///
/// Tokens, read from the source by a lexical scan (no parse, as Finn et al. tokenised the
/// page): every start, end and empty-element tag written there ('<' and a letter; a '<'
/// followed by anything else is text), and every maximal run of non-whitespace characters
/// in the text between them, at its byte offset. Comments, the doctype and processing
/// instructions are neither; script, style, noscript and template contents are dropped (their
/// own tags count); title, textarea and xmp hold text only. A page without words has no
/// window and BTE keeps nothing.
///
/// Back to blocks: a text block is content when at least half of the BTE words inside its
/// source range (TextBlock::source_begin/end) lie in the window; its score is that fraction.
/// Blocks without source range or BTE words are not content (score 0).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/extractor.hpp"
#include "boilerdex/plugin/page_budget.hpp"

namespace boilerdex::plugin {

/// A window of tokens [begin, end) and its objective T (tags outside + words inside).
/// Empty (begin == end) when there is no word.
struct BteWindow {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::int64_t value = 0;
  friend bool operator==(const BteWindow&, const BteWindow&) = default;
};

/// The page as BTE sees it: +1 per word, −1 per tag, in source order, and for each word
/// the byte offset in the input where it starts.
struct BteTokens {
  std::vector<std::int8_t> weights;
  std::vector<std::uint32_t> word_offsets;  ///< one per +1 entry of weights, in order
};

/// Reads \p utf8_html (the text segment_html parsed) into BTE tokens (see the file comment),
/// within \p budget (TextDocument::budget of the page's document): as far as segment_html
/// parsed it (its first max_input_bytes bytes, within the parse's tag budget). One lexical
/// pass, no parse: nesting limits nothing (a token per tag, however deep). Thread-safe. O(n).
/// \throws PageTimeLimitError (stage "extracting") once the budget's deadline passes;
/// std::bad_alloc.
[[nodiscard]] BteTokens bte_tokens(std::string_view utf8_html, const PageBudget& budget);
/// bte_tokens(\p utf8_html, PageBudget()): default bounds, no deadline.
/// \throws std::bad_alloc only.
[[nodiscard]] BteTokens bte_tokens(std::string_view utf8_html);

/// The optimal window over \p weights (+1 word, −1 tag) in one O(N) pass and O(1) memory
/// (Kadane's maximum-sum subarray), with the quadratic scan's tie-break: smallest start,
/// then smallest end. Never throws. Thread-safe.
[[nodiscard]] BteWindow bte_window(std::span<const std::int8_t> weights) noexcept;

/// The published O(N²) scan (i ascending, then j ascending, strict improvement). For
/// tests and the curious. Never throws.
[[nodiscard]] BteWindow bte_window_quadratic(std::span<const std::int8_t> weights) noexcept;

/// Marks the blocks of \p doc by BTE over \p utf8_html (see the file comment): sets
/// is_content and score of every block. \p doc must come from segment_html(\p utf8_html);
/// the page is read again (bte_tokens within doc.budget), not parsed. O(n + blocks × log n).
/// \throws PageTimeLimitError (stage "extracting", \p doc unchanged) once doc.budget's
/// deadline passes; std::bad_alloc.
void apply_bte(TextDocument& doc, std::string_view utf8_html);

/// The "bte" extractor. It needs the page: process(doc) alone throws UsageError.
class BteExtractor final : public Extractor {
 public:
  [[nodiscard]] std::string name() const override { return "bte"; }
  /// \throws UsageError: BTE reads the page's tags, which a TextDocument lacks.
  void process(TextDocument& doc) const override;
  /// Runs apply_bte(doc, utf8_html). \throws PageTimeLimitError as apply_bte does.
  void process(TextDocument& doc, std::string_view utf8_html) const override;
};

}  // namespace boilerdex::plugin

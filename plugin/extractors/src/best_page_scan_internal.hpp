#pragma once
// best's lexical scan of the page: one pass over the decoded page as text (no parse) that
// finds the markup-hint ranges (boilerplate_hint_ranges, caption_hint_ranges) and BTE's token
// sequence (lexical_bte_shares). Private to plugin; best_extractor.cpp reads it. Never throws
// (std::bad_alloc aside); thread-safe.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "boilerdex/plugin/page_markup.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::detail {

// One pass over the source: the markup-hint ranges, and BTE's token sequence with the
// runs of words between two tags collapsed (one entry per run: +words; one per tag: −1).
struct PageScan {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> hint_ranges;     // boilerplate family
  std::vector<std::pair<std::uint32_t, std::uint32_t>> caption_ranges;  // caption family
  std::vector<std::uint32_t> offsets;                                   // where each entry starts
  std::vector<std::int32_t> weights;
};

/// The scan of \p html (the decoded page). \p chars_per_word: best_word_count's, for BTE's
/// word tokens of unspaced scripts (0: one per run of non-whitespace, as Finn's).
[[nodiscard]] PageScan scan_page(std::string_view html, double chars_per_word);

/// scan_page(\p html, \p chars_per_word) into \p scan and block_markup(\p doc, \p html) in
/// one pass: the two readings share the lexer's work on every '<' both reach (its name, its
/// attributes, a script or style body), each with its own rules (markup_rider_internal.hpp).
[[nodiscard]] std::vector<BlockMarkup> scan_page_and_markup(const TextDocument& doc,
                                                            std::string_view html,
                                                            double chars_per_word, PageScan& scan);

/// BTE's window of \p scan: the entries [first, second) of the maximum sum, found by
/// Kadane's scan (a strictly larger sum moves it), starting and ending on words; empty when
/// the scan has no words.
[[nodiscard]] std::pair<std::size_t, std::size_t> bte_window(const PageScan& scan) noexcept;

/// Each block's share of its words inside BTE's maximum-sum window of \p scan (0 for a
/// block without words), in block order: lexical_bte_shares on a finished scan.
[[nodiscard]] std::vector<float> bte_shares(const TextDocument& doc, const PageScan& scan);

}  // namespace boilerdex::plugin::detail

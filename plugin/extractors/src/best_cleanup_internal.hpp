// best's last passes over its keep decisions (best_cleanup.cpp), each one of BestOptions'
// switches; \p keep is one flag per block of \p doc. Private to plugin/extractors.
#pragma once

#include <vector>

#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/page_markup.hpp"
#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin::detail {

/// BestOptions::drop_dialogs: blocks in dialog markup (MarkupBit::Dialog) are dropped when
/// some block with words outside dialogs is kept.
void drop_dialogs(const TextDocument& doc, const std::vector<BlockMarkup>& markup, std::vector<bool>& keep);

/// BestOptions::keep_code: code blocks (mostly not links, not \p as_markup, which
/// reads_as_markup flags) whose nearest block with words before or after is kept, and runs
/// of them, are kept.
void keep_code_beside_text(const TextDocument& doc, const std::vector<BlockMarkup>& markup,
                           const std::vector<bool>& as_markup, std::vector<bool>& keep);

/// BestOptions::drop_comments: comment markup after the end-of-text marker, on a page whose
/// kept text before the marker outweighs it.
void drop_comments(const TextDocument& doc, const BestRuleResult& rules, const std::vector<BlockMarkup>& markup,
                   std::vector<bool>& keep);

/// BestOptions::drop_link_islands: short all-link blocks between kept paragraphs, inline menus.
void drop_link_islands(const TextDocument& doc, std::vector<bool>& keep);

/// BestOptions::drop_repeats: the second of exactly two kept copies of a text, quoted copies.
void drop_repeats(const TextDocument& doc, const std::vector<BlockMarkup>& markup, std::vector<bool>& keep);

/// The blocks to keep when nothing was kept on a page of at most 200 words: those with words,
/// mostly not links, not damped by a markup hint (\p rules.hinted), not markup (\p as_markup)
/// and outside the page's own furniture and hidden text (\p markup: a navigation, header,
/// footer, aside or dialog landmark, MarkupBit::Hidden). A page whose only text is that
/// furniture keeps nothing.
[[nodiscard]] std::vector<bool> main_text_fallback(const TextDocument& doc, const BestRuleResult& rules,
                                                   const std::vector<BlockMarkup>& markup,
                                                   const std::vector<bool>& as_markup);

}  // namespace boilerdex::plugin::detail

// best's last passes over its decisions (best_extractor.cpp, BestExtractor::process):
// dialogs, code beside kept text, reader comments after the article, link islands and inline
// menus, repeated copies of a text, and the small page's fallback to its main text when
// nothing was kept.
#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "best_cleanup_internal.hpp"

namespace boilerdex::plugin::detail {

// BestOptions::drop_dialogs: a dialog is what the page shows over itself on request (cookie
// consent, a newsletter or registration form, the privacy policy behind a footer link, a
// glossary term's definition), so its text is not the page's content even where it reads as
// prose. A page whose kept text is all in dialogs (an article shown in a lightbox) keeps it.
void drop_dialogs(const TextDocument& doc, const std::vector<BlockMarkup>& markup, std::vector<bool>& keep) {
  const std::size_t n = doc.blocks.size();
  const auto in_dialog = [&markup](std::size_t i) { return markup[i].has(MarkupBit::Dialog); };
  bool kept_outside = false;
  for (std::size_t i = 0; i < n && !kept_outside; ++i)
    kept_outside = keep[i] && !in_dialog(i) && doc.blocks[i].num_words > 0;
  if (!kept_outside) return;
  for (std::size_t i = 0; i < n; ++i) {
    if (in_dialog(i)) keep[i] = false;
  }
}

// Code blocks with at least this link density are menus or footers set in monospace.
constexpr float k_code_max_link_density = 0.5f;

// BestOptions::keep_code: a quoted program, log or shell session reads to the stages as a
// block of odd words (few sentences, many symbols), so a thread's pasted build log or a
// manual's example can fall below the threshold between the paragraphs that introduce and
// follow it. Two sweeps, forward and back, so that a run of code blocks next to kept text is
// kept whole from either end.
void keep_code_beside_text(const TextDocument& doc, const std::vector<BlockMarkup>& markup,
                           const std::vector<bool>& as_markup, std::vector<bool>& keep) {
  const std::size_t n = doc.blocks.size();
  const auto has_words = [&doc](std::size_t i) { return doc.blocks[i].num_words > 0; };
  const auto kept_beside = [&](std::size_t i) {
    std::size_t before = i;
    while (before > 0 && !has_words(before - 1)) --before;
    std::size_t after = i + 1;
    while (after < n && !has_words(after)) ++after;
    return (before > 0 && keep[before - 1]) || (after < n && keep[after]);
  };
  for (int sweep = 0; sweep < 2; ++sweep) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = sweep == 0 ? k : n - 1 - k;
      if (keep[i] || !has_words(i) || as_markup[i] || !markup[i].has(MarkupBit::Code)) continue;
      if (doc.blocks[i].link_density >= k_code_max_link_density) continue;
      if (kept_beside(i)) keep[i] = true;
    }
  }
}

// BestOptions::drop_comments: on a page whose kept text before the end-of-text marker
// outweighs the comments after it (an article with its readers' comments, not a thread whose
// replies are the content), the blocks in comment markup after the marker are dropped.
void drop_comments(const TextDocument& doc, const BestRuleResult& rules,
                   const std::vector<BlockMarkup>& markup, std::vector<bool>& keep) {
  const std::size_t n = doc.blocks.size();
  const auto comment = [&](std::size_t i) {
    return rules.after_end[i] && markup[i].has(MarkupBit::CommentWords);
  };
  double before = 0, comments = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    if (!rules.after_end[i]) before += doc.blocks[i].num_words;
    else if (comment(i)) comments += doc.blocks[i].num_words;
  }
  if (comments == 0 || before < comments) return;
  for (std::size_t i = 0; i < n; ++i) {
    if (comment(i)) keep[i] = false;
  }
}

// BestOptions::drop_link_islands: a short block of links only between two kept paragraphs,
// and inline menus of links separated by vertical bars.
void drop_link_islands(const TextDocument& doc, std::vector<bool>& keep) {
  const std::size_t n = doc.blocks.size();
  const auto paragraph = [&](std::size_t i) {
    const TextBlock& b = doc.blocks[i];
    return keep[i] && b.num_words >= 15 && b.link_density < 0.25f;
  };
  std::vector<bool> island(n, false);
  std::size_t previous = n;  // the last block with words before i
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = doc.blocks[i];
    if (b.num_words == 0) continue;
    if (keep[i] && b.link_density >= 0.9f && b.num_words <= 8 && previous < n && paragraph(previous)) {
      std::size_t next = i + 1;
      while (next < n && doc.blocks[next].num_words == 0) ++next;
      island[i] = next < n && paragraph(next);
    }
    previous = i;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (island[i]) keep[i] = false;
  }
  // Inline menus: links only, separated by vertical bars, three words or fewer per link
  // ("Comments | Share", "Home | News | Contact").
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = doc.blocks[i];
    if (!keep[i] || b.num_words == 0 || b.link_density < 0.9f) continue;
    const auto bars = static_cast<int>(std::count(b.text.begin(), b.text.end(), '|'));
    if (bars > 0 && b.num_words <= 3 * (bars + 1)) keep[i] = false;
  }
}

// BestOptions::drop_repeats: the second of exactly two kept blocks (3+ words, not table cells
// or code) with one text, when other kept text lies between them, and any later copy inside a
// blockquote (a reply quoting a post). Text the page repeats more often (a schedule's rows, a
// paragraph of filler) or back to back is its own.
void drop_repeats(const TextDocument& doc, const std::vector<BlockMarkup>& markup, std::vector<bool>& keep) {
  struct Seen {
    std::size_t last;    // the latest copy so far
    std::size_t second;  // the second copy when it may go; doc.blocks.size() otherwise
    int copies;
  };
  const std::size_t none = doc.blocks.size();
  std::unordered_map<std::string_view, Seen> seen;
  std::vector<std::size_t> quoted;  // copies inside a blockquote
  std::size_t previous = none;      // the last kept block with words before i
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    if (!keep[i] || b.num_words == 0) continue;
    if (b.num_words >= 3 && !markup[i].has(MarkupBit::TableCell) && !markup[i].has(MarkupBit::Code)) {
      const auto [it, first_copy] = seen.try_emplace(b.text, Seen{i, none, 1});
      if (!first_copy) {
        Seen& s = it->second;
        // A copy right after the one before it is repeated on purpose.
        const bool apart = previous != s.last;
        s.second = s.copies == 1 && apart ? i : none;
        if (apart && markup[i].has(MarkupBit::Quote)) quoted.push_back(i);
        s.last = i;
        ++s.copies;
      }
    }
    previous = i;
  }
  for (const auto& [text, s] : seen) {
    if (s.copies == 2 && s.second < none) keep[s.second] = false;
  }
  for (const std::size_t i : quoted) keep[i] = false;
}

// Pages with at most this many words fall back to their main text when nothing was kept;
// on larger pages an empty decision stands (an app shell, a page whose content never loaded).
constexpr int k_fallback_max_words = 200;

// The page's text when every rule and the model kept nothing on a small page: the blocks
// with words that are mostly not links, that no markup hint damped and that are not markup
// (a notice of 15 to 40 real words beside its menus), rather than an empty page. The page's
// furniture is not its main text even then: a shop's shell whose only text is its footer's
// headings ("Help", "Browse by Category") and a hidden skip link stays empty.
std::vector<bool> main_text_fallback(const TextDocument& doc, const BestRuleResult& rules,
                                     const std::vector<BlockMarkup>& markup,
                                     const std::vector<bool>& as_markup) {
  const auto furniture = [&markup](std::size_t i) {
    const BlockMarkup& m = markup[i];
    return m.has(MarkupBit::Nav) || m.has(MarkupBit::Header) || m.has(MarkupBit::Footer) ||
           m.has(MarkupBit::Aside) || m.has(MarkupBit::Dialog) || m.has(MarkupBit::Hidden);
  };
  std::vector<bool> keep(doc.blocks.size(), false);
  int words = 0;
  for (const TextBlock& b : doc.blocks) words += b.num_words;
  if (words > k_fallback_max_words) return keep;
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const TextBlock& b = doc.blocks[i];
    keep[i] = b.num_words > 0 && b.link_density <= 0.5f && !rules.hinted[i] && !as_markup[i] &&
              !furniture(i);
  }
  return keep;
}

}  // namespace boilerdex::plugin::detail

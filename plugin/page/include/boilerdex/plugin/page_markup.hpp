#pragma once
/// \file
/// Where each text block stands in the page's markup: the landmarks, list and table
/// structure, form controls and class/id vocabulary of the elements open around its first
/// text. A lexical scan of the decoded page (no parse), so it costs about one pass over the
/// bytes and works on any input; the `best` extractor's learned stage reads it as features.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/text_document.hpp"

namespace boilerdex::plugin {

/// One bit per kind of element that can be open around a block's text. An element sets
/// its bit for everything up to its end tag (nesting of the same tag name counted; li, dd,
/// dt, td, th, tr and p also end where HTML implies their end).
enum class MarkupBit : std::uint8_t {
  Main,          ///< <main>, role="main"
  Article,       ///< <article>, role="article"
  Nav,           ///< <nav>, role="navigation", "menu", "menubar", "tablist"
  Header,        ///< <header>, role="banner"
  Footer,        ///< <footer>, role="contentinfo"
  Aside,         ///< <aside>, role="complementary"
  ListItem,      ///< <li>
  TableCell,     ///< <td>, <th>
  Table,         ///< <table>
  Form,          ///< <form>, <button>, <select>, <label>, <fieldset>
  Code,          ///< <pre>, <code>
  Heading,       ///< <h1> … <h6>
  Quote,         ///< <blockquote>
  Definition,    ///< <dd>, <dt>
  Textarea,      ///< <textarea> (its text is a form value, not page text)
  Hidden,        ///< hidden, aria-hidden="true", style display:none / visibility:hidden
  CommentWords,  ///< class/id/itemprop words: comment, disqus, respond, discussion, reply
  SideWords,     ///< nav, menu, breadcrumb, header, footer, sidebar, widget, related, share,
                 ///< social, advert, sponsor, newsletter, subscribe, cookie, consent, popup,
                 ///< modal, banner, promo, login, signup, search, toolbar, pagination
                 ///< (by prefix), and the whole words ad, ads, adv
  ContentWords,  ///< article, entry, post, story, content, main, body, text, description,
                 ///< prose, markdown, rte, articlebody, reviewbody
  ItemWords,     ///< item, card, product, result, listing, teaser, tile, grid, thread,
                 ///< message, review, question, answer
  Noscript,      ///< <noscript> (its content counts as markup here)
  Dialog,        ///< <dialog>, role="dialog" or "alertdialog"
  Figure,        ///< <figure>, <figcaption>, class/id words holding "caption"
  Count          ///< number of bits
};

inline constexpr std::size_t k_markup_bits = static_cast<std::size_t>(MarkupBit::Count);

/// The markup around one block's first text.
struct BlockMarkup {
  std::uint32_t bits = 0;  ///< 1 << MarkupBit for each kind of element open there
  std::uint16_t depth = 0;  ///< elements open there (the scan's stack, capped at 65535)

  [[nodiscard]] bool has(MarkupBit bit) const noexcept {
    return (bits >> static_cast<unsigned>(bit)) & 1u;
  }
};

/// The markup of every block of \p doc (one entry per block, in order), looked up at each
/// block's TextBlock::source_begin in \p utf8_html, which must be the decoded page \p doc was
/// segmented from (a block without a source range gets the markup at offset 0). Comments,
/// doctypes, script and style contents are skipped; textarea, title and xmp contents are
/// text of their element. Unclosed elements stay open to the end; an end tag with no open
/// element of its name is ignored. O(bytes + blocks × log blocks) time, O(blocks) memory whatever
/// the number of tags. Never throws
/// (std::bad_alloc aside). Thread-safe.
[[nodiscard]] std::vector<BlockMarkup> block_markup(const TextDocument& doc,
                                                    std::string_view utf8_html);

}  // namespace boilerdex::plugin

#include "boilerdex/plugin/structured_content.hpp"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "boilerdex/plugin/word_tokenizer.hpp"
#include "byte_ranges_internal.hpp"
#include "gumbo_walk_internal.hpp"
#include "markup_lexer_internal.hpp"
#include "url_resolve_internal.hpp"

namespace boilerdex::plugin {
namespace {

using Range = detail::ByteRange;

// The source ranges of the kept blocks, sorted and merged.
std::vector<Range> kept_ranges(const TextDocument& doc) {
  std::vector<Range> ranges;
  for (const TextBlock& b : doc.blocks) {
    if (b.is_content && b.source_end > b.source_begin) ranges.emplace_back(b.source_begin, b.source_end);
  }
  detail::merge_ranges(ranges);
  return ranges;
}

bool inside(const std::vector<Range>& ranges, std::size_t offset) { return detail::in_ranges(ranges, offset); }

std::string_view attribute(const GumboNode* element, const char* name) {
  const GumboAttribute* a = gumbo_get_attribute(&element->v.element.attributes, name);
  return a == nullptr || a->value == nullptr ? std::string_view{} : std::string_view(a->value);
}

int heading_level(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_H1: return 1;
    case GUMBO_TAG_H2: return 2;
    case GUMBO_TAG_H3: return 3;
    case GUMBO_TAG_H4: return 4;
    case GUMBO_TAG_H5: return 5;
    case GUMBO_TAG_H6: return 6;
    default: return 0;
  }
}

// Elements whose start and end separate paragraphs (HTML's block-level elements).
bool is_block(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE: case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_BODY: case GUMBO_TAG_CAPTION: case GUMBO_TAG_CENTER: case GUMBO_TAG_DD:
    case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_FIGCAPTION:
    case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER: case GUMBO_TAG_FORM: case GUMBO_TAG_H1:
    case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_HGROUP: case GUMBO_TAG_HR: case GUMBO_TAG_HTML:
    case GUMBO_TAG_LEGEND: case GUMBO_TAG_LI: case GUMBO_TAG_MAIN: case GUMBO_TAG_MENU:
    case GUMBO_TAG_NAV: case GUMBO_TAG_OL: case GUMBO_TAG_P: case GUMBO_TAG_PRE:
    case GUMBO_TAG_SECTION: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_TABLE: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TD: case GUMBO_TAG_TFOOT: case GUMBO_TAG_TH: case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TR: case GUMBO_TAG_UL: case GUMBO_TAG_OPTION: case GUMBO_TAG_TEXTAREA:
      return true;
    default:
      return false;
  }
}

// The address the page's relative links resolve against (StructureOptions::base_url).
std::string base_of(const GumboNode* head, const std::string& given) {
  std::string base_href, canonical, og_url;
  const GumboVector& children = head->v.element.children;
  for (unsigned i = 0; i < children.length; ++i) {
    const auto* c = static_cast<const GumboNode*>(children.data[i]);
    if (c->type != GUMBO_NODE_ELEMENT) continue;
    const GumboTag tag = c->v.element.tag;
    if (tag == GUMBO_TAG_BASE && base_href.empty()) {
      base_href = attribute(c, "href");
    } else if (tag == GUMBO_TAG_LINK && canonical.empty()) {
      bool is_canonical = false;
      detail::for_each_markup_word(attribute(c, "rel"), [&](std::string_view w) {
        is_canonical = is_canonical || detail::equals_lower(w, "canonical");
      });
      if (is_canonical) canonical = attribute(c, "href");
    } else if (tag == GUMBO_TAG_META && og_url.empty() && detail::equals_lower(attribute(c, "property"), "og:url")) {
      og_url = attribute(c, "content");
    }
  }
  std::string base = given;
  for (const std::string* candidate : {&canonical, &og_url}) {
    if (base.empty() && detail::is_absolute_url(*candidate)) base = *candidate;
  }
  if (!base_href.empty()) base = detail::resolve_url(base, base_href);
  return detail::is_absolute_url(base) ? base : std::string();
}

// Elements whose text is never written. Not <template>: the segmenter reads its content,
// so blocks the extractor keeps may lie there (A/B variants of a page's hero, say).
bool is_skipped(GumboTag tag) {
  return tag == GUMBO_TAG_HEAD || tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_SELECT;
}

// An <a> whose words lie in more than one block (a card: a heading and a summary, or
// several lines, inside one link) rather than in one run of words. Written on each of its
// paragraphs, such a link would repeat one address several times, so its text is written
// alone. A link around one block (<a><h4>Title</h4></a>) is an ordinary link. Bounded:
// looks at most k_look nodes, and calls a larger link a card.
bool is_card_link(const GumboNode* a) {
  constexpr std::size_t k_look = 2000;
  struct Item {
    const GumboNode* node;
    int block;  // the innermost block element around it within the link (0: the link itself)
  };
  std::vector<Item> stack{{a, 0}};
  int blocks = 0;
  int with_words = -1;  // the block holding the words seen so far (-1: none yet)
  for (std::size_t seen = 0; !stack.empty(); ++seen) {
    if (seen > k_look) return true;
    const Item item = stack.back();
    stack.pop_back();
    const GumboVector& children = item.node->v.element.children;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* c = static_cast<const GumboNode*>(children.data[i]);
      if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_CDATA) {
        if (with_words >= 0 && with_words != item.block) return true;
        with_words = item.block;
      } else if (c->type == GUMBO_NODE_ELEMENT && !is_skipped(c->v.element.tag)) {
        stack.push_back({c, is_block(c->v.element.tag) ? ++blocks : item.block});
      }
    }
  }
  return false;
}

// Whether \p href is a jump within the page ("#section"), leading ASCII whitespace ignored.
bool jumps_within_page(std::string_view href) {
  const std::size_t first = href.find_first_not_of(" \t\n\r\f");
  return first != std::string_view::npos && href[first] == '#';
}

// Whether \p text holds a footnote's mark: an asterisk or a dagger ("savings.*", "†").
bool is_footnote_mark(std::string_view text) {
  return text.find('*') != std::string_view::npos || text.find("\xE2\x80\xA0") != std::string_view::npos ||
         text.find("\xE2\x80\xA1") != std::string_view::npos;  // † ‡
}

// A link within the page (href "#…") whose text has no letter or digit, no footnote mark
// and which holds no image: a heading's permalink ("¶" in Sphinx and MkDocs, "#", "§",
// "🔗", Docusaurus' zero-width space, GitHub's octicon), a footnote's way back ("↩"), a "back
// to top" arrow. It is the page's furniture, not its words ("## Providers¶"), so the
// structured output leaves it out; a footnote's mark, a number or a word is content.
// Bounded: a link of more than k_look nodes is not one.
bool is_permalink(const GumboNode* a) {
  constexpr std::size_t k_look = 64;
  if (!jumps_within_page(attribute(a, "href"))) return false;
  std::vector<const GumboNode*> stack{a};
  for (std::size_t seen = 0; !stack.empty(); ++seen) {
    if (seen > k_look) return false;
    const GumboNode* node = stack.back();
    stack.pop_back();
    const GumboVector& children = node->v.element.children;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* c = static_cast<const GumboNode*>(children.data[i]);
      if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_CDATA) {
        const std::string_view text = c->v.text.text != nullptr ? c->v.text.text : "";
        if (is_word(text) || is_footnote_mark(text)) return false;
      } else if (c->type == GUMBO_NODE_ELEMENT) {
        const GumboTag tag = c->v.element.tag;
        if (tag == GUMBO_TAG_IMG || tag == GUMBO_TAG_VIDEO || tag == GUMBO_TAG_CANVAS) return false;
        if (!is_skipped(tag)) stack.push_back(c);
      }
    }
  }
  return true;
}

// A table of data (rendered as a table) rather than of layout (rendered as its paragraphs):
// at least two cells in some row, and no cell holding a table, heading, list, code block,
// quote or more than one paragraph. Bounded: looks at most k_look nodes.
bool is_data_table(const GumboNode* table) {
  constexpr std::size_t k_look = 20000;
  std::vector<const GumboNode*> stack{table};
  std::size_t seen = 0;
  std::size_t widest = 0;
  while (!stack.empty()) {
    if (++seen > k_look) return false;
    const GumboNode* node = stack.back();
    stack.pop_back();
    const GumboVector& children = node->v.element.children;
    if (node->v.element.tag == GUMBO_TAG_TR) {
      std::size_t cells = 0;
      for (unsigned i = 0; i < children.length; ++i) {
        const auto* c = static_cast<const GumboNode*>(children.data[i]);
        if (c->type == GUMBO_NODE_ELEMENT && (c->v.element.tag == GUMBO_TAG_TD || c->v.element.tag == GUMBO_TAG_TH))
          ++cells;
      }
      widest = std::max(widest, cells);
    }
    std::size_t paragraphs = 0;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* c = static_cast<const GumboNode*>(children.data[i]);
      if (c->type != GUMBO_NODE_ELEMENT) continue;
      const GumboTag tag = c->v.element.tag;
      if (tag == GUMBO_TAG_TABLE || heading_level(tag) > 0 || tag == GUMBO_TAG_UL || tag == GUMBO_TAG_OL ||
          tag == GUMBO_TAG_PRE || tag == GUMBO_TAG_BLOCKQUOTE)
        return false;
      if ((tag == GUMBO_TAG_P || tag == GUMBO_TAG_DIV) && ++paragraphs > 1) return false;
      stack.push_back(c);
    }
  }
  return widest >= 2;
}

// "language-cpp", "lang-js" on a <pre> or its <code>.
std::string code_language(const GumboNode* pre) {
  const auto from = [](std::string_view classes) -> std::string {
    std::string found;
    for (std::size_t at = 0; at < classes.size();) {
      const std::size_t end = std::min(classes.find_first_of(" \t\n", at), classes.size());
      const std::string_view word = classes.substr(at, end - at);
      for (const std::string_view prefix : {std::string_view("language-"), std::string_view("lang-")}) {
        if (found.empty() && word.size() > prefix.size() && word.starts_with(prefix)) found = word.substr(prefix.size());
      }
      at = end + 1;
    }
    return found;
  };
  std::string language = from(attribute(pre, "class"));
  const GumboVector& children = pre->v.element.children;
  for (unsigned i = 0; language.empty() && i < children.length; ++i) {
    const auto* c = static_cast<const GumboNode*>(children.data[i]);
    if (c->type == GUMBO_NODE_ELEMENT && c->v.element.tag == GUMBO_TAG_CODE) language = from(attribute(c, "class"));
  }
  // Only the characters a fence's info string can hold plainly.
  language.erase(std::remove_if(language.begin(), language.end(),
                                [](char c) { return !(detail::is_ascii_alnum(c) || c == '-' || c == '+' || c == '_' || c == '#'); }),
                 language.end());
  return language;
}

// The style an element sets its words in (InlinePiece::Style), or 0.
std::uint8_t style_of(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_B: case GUMBO_TAG_STRONG: return InlinePiece::Strong;
    case GUMBO_TAG_I: case GUMBO_TAG_EM: return InlinePiece::Emphasis;
    case GUMBO_TAG_S: case GUMBO_TAG_STRIKE: case GUMBO_TAG_DEL: return InlinePiece::Struck;
    default: return 0;
  }
}

// The walk's state: the part being filled and the structure around it.
class Builder {
 public:
  Builder(const std::vector<Range>& kept, const StructureOptions& options)
      : m_kept(kept), m_options(options), m_base(options.base_url) {}

  bool enter(const GumboNode* e) {
    const GumboTag tag = e->v.element.tag;
    if (tag == GUMBO_TAG_HEAD && !m_head_seen) {
      m_head_seen = true;
      m_base = base_of(e, m_options.base_url);
    }
    if (is_skipped(tag)) return false;
    if (tag == GUMBO_TAG_A && is_permalink(e)) {
      m_space = true;  // it still parts the words around it
      return false;
    }
    m_frames.push_back(Frame{tag});
    Frame& f = m_frames.back();
    if (const std::uint8_t style = m_options.formatting ? style_of(tag) : 0) {
      f.style = style;
      ++m_styled[style_index(style)];
    }
    if (m_data_tables > 0 && tag != GUMBO_TAG_TABLE) return enter_in_table(e, f);
    if (tag == GUMBO_TAG_TABLE) {
      if (m_data_tables > 0 || is_data_table(e)) {
        if (!m_options.tables) {
          m_frames.pop_back();
          return false;
        }
        if (m_data_tables == 0) {
          flush();
          ++m_table_count;
        }
        ++m_data_tables;
        f.data_table = true;
        return true;
      }
    }
    if (tag == GUMBO_TAG_A) {
      f.link = true;
      m_links.push_back({link_target(e), ++m_link_serial});
      return true;
    }
    if (tag == GUMBO_TAG_IMG) {
      image(e);
      return true;
    }
    if (tag == GUMBO_TAG_BR) {
      line_break();
      return true;
    }
    if (tag == GUMBO_TAG_CODE && m_pre == 0) {
      ++m_code;
      f.code = true;
      return true;
    }
    if (!is_block(tag)) return true;
    if (m_pre > 0 && tag != GUMBO_TAG_PRE) {
      end_code_line();  // a highlighter's <div> per line inside a <pre>: a line of the code
      return true;
    }
    boundary();
    if (const int level = heading_level(tag)) {
      m_headings.push_back(level);
      f.heading = true;
    } else if (tag == GUMBO_TAG_UL || tag == GUMBO_TAG_OL || tag == GUMBO_TAG_MENU || tag == GUMBO_TAG_DIR) {
      int start = 1;
      if (tag == GUMBO_TAG_OL) {
        const std::string_view s = attribute(e, "start");
        if (!s.empty() && s.size() < 7 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
          start = std::stoi(std::string(s));
      }
      if (m_lists.empty()) {
        ++m_list_count;
        m_list_quotes = m_quotes;
      }
      m_lists.push_back({tag == GUMBO_TAG_OL, start});
      f.list = true;
    } else if (tag == GUMBO_TAG_LI) {
      ListFrame* list = m_lists.empty() ? nullptr : &m_lists.back();
      m_items.push_back({list != nullptr && list->ordered, list != nullptr ? list->next++ : 1, false});
      f.item = true;
    } else if (tag == GUMBO_TAG_PRE) {
      ++m_pre;
      f.pre = true;
      m_language = code_language(e);
    } else if (tag == GUMBO_TAG_BLOCKQUOTE) {
      ++m_quotes;
      f.quote = true;
    }
    return true;
  }

  void exit(const GumboNode*) {
    const Frame f = m_frames.back();
    m_frames.pop_back();
    if (f.link) m_links.pop_back();
    if (f.code) --m_code;
    if (f.style != 0) --m_styled[style_index(f.style)];
    if (f.data_table) {
      if (--m_data_tables == 0) flush();
      return;
    }
    if (m_data_tables > 0) {
      exit_in_table(f);
      return;
    }
    if (!is_block(f.tag)) return;
    if (m_pre > 0 && !f.pre) {
      end_code_line();
      return;
    }
    boundary();
    if (f.heading) m_headings.pop_back();
    if (f.list) m_lists.pop_back();
    if (f.item) m_items.pop_back();
    if (f.pre) --m_pre;
    if (f.quote) --m_quotes;
  }

  void text(const GumboNode* node) {
    const std::string_view text = node->v.text.text != nullptr ? node->v.text.text : "";
    if (node->type == GUMBO_NODE_WHITESPACE) {
      if (m_pre > 0 && m_open) m_current.code += text;
      else m_space = true;
      return;
    }
    if (!inside(m_kept, node->v.text.start_pos.offset)) {
      m_space = true;  // left-out text still separates the words around it
      return;
    }
    if (m_pre > 0 && m_data_tables == 0) {
      open(ContentPart::Kind::Code);
      m_current.code += text;
      return;
    }
    add_words(text);
  }

  std::vector<ContentPart> finish() {
    flush();
    return std::move(m_parts);
  }

 private:
  struct Frame {
    GumboTag tag;
    std::uint8_t style = 0;  // the InlinePiece::Style bit it sets
    bool link = false, code = false, heading = false, list = false, item = false, pre = false,
         quote = false, data_table = false, row = false, cell = false;
  };
  struct ListFrame {
    bool ordered;
    int next;
  };
  struct ItemFrame {
    bool ordered;
    int number;
    bool marked;  // a part with its marker was written
  };
  struct LinkFrame {
    std::string href;
    int serial;
  };

  bool enter_in_table(const GumboNode* e, Frame& f) {
    const GumboTag tag = e->v.element.tag;
    if (tag == GUMBO_TAG_THEAD) ++m_thead;
    if (tag == GUMBO_TAG_TR) {
      flush();  // text of the table outside its cells (a caption) goes before the row
      m_row.clear();
      m_row_header = m_thead > 0;
      m_row_th = 0;
      f.row = true;
    } else if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
      m_row.emplace_back();
      m_row_th += tag == GUMBO_TAG_TH ? 1 : 0;
      ++m_cells;
      m_space = false;
      f.cell = true;
    } else if (tag == GUMBO_TAG_A) {
      f.link = true;
      m_links.push_back({link_target(e), ++m_link_serial});
    } else if (tag == GUMBO_TAG_IMG) {
      image(e);
    } else if (tag == GUMBO_TAG_BR || is_block(tag)) {
      m_space = true;
    }
    return true;
  }

  void exit_in_table(const Frame& f) {
    if (f.tag == GUMBO_TAG_THEAD) --m_thead;
    if (f.cell) --m_cells;
    if (!f.row) return;
    const bool any = std::any_of(m_row.begin(), m_row.end(), [](const auto& c) { return !c.empty(); });
    if (any) {
      ContentPart part;
      part.kind = ContentPart::Kind::TableRow;
      part.table = m_table_count;
      part.header = m_row_header || (m_row_th == m_row.size() && !m_row.empty());
      part.quote_depth = m_quotes;
      part.cells = std::move(m_row);
      m_parts.push_back(std::move(part));
    }
    m_row.clear();
  }

  // \p reference resolved against the page's base (an empty one stays empty).
  std::string url(std::string_view reference) const {
    return reference.empty() ? std::string() : detail::resolve_url(m_base, reference);
  }

  // Where link \p a leads: "" (its text only) for a jump within the page ("#section": a
  // table of contents, "back to top") and for script ("javascript:"), which lead nowhere
  // outside it, and for a card (is_card_link).
  std::string link_target(const GumboNode* a) const {
    const std::string_view href = attribute(a, "href");
    if (!m_options.links || is_card_link(a)) return {};
    const std::size_t first = href.find_first_not_of(" \t\n\r\f");
    if (first == std::string_view::npos || jumps_within_page(href) ||
        detail::starts_with_lower(href.substr(first), "javascript:"))
      return {};
    return url(href);
  }

  // The pieces words go to: the open cell's, or the current part's (opened if need be).
  std::vector<InlinePiece>& target() {
    if (m_data_tables > 0 && m_cells > 0 && !m_row.empty()) return m_row.back();
    open(ContentPart::Kind::Paragraph);
    return m_current.pieces;
  }

  void add_words(std::string_view text) {
    std::vector<InlinePiece>* pieces = &target();
    const bool linked = m_options.links && !m_links.empty() && !m_links.back().href.empty();
    // A code span inside a link, or a link inside one, is a link whose words are code.
    const InlinePiece::Kind kind = linked       ? InlinePiece::Kind::Link
                                   : m_code > 0 ? InlinePiece::Kind::Code
                                                : InlinePiece::Kind::Text;
    const bool code = linked && m_code > 0;
    const int serial = linked ? m_links.back().serial : 0;
    const std::uint8_t style = current_style();
    for (std::size_t i = 0; i < text.size();) {
      if (detail::is_html_space(text[i]) || text[i] == '\v') {
        m_space = true;
        ++i;
        continue;
      }
      std::size_t end = i;
      while (end < text.size() && !detail::is_html_space(text[end]) && text[end] != '\v') ++end;
      InlinePiece* last = pieces->empty() ? nullptr : &pieces->back();
      if (last != nullptr && last->kind == InlinePiece::Kind::Break && kind == InlinePiece::Kind::Link &&
          pieces->size() >= 2 && (*pieces)[pieces->size() - 2].kind == InlinePiece::Kind::Link &&
          serial == m_last_serial) {
        // A <br> inside a link: the link goes on across the line break, one link, not two
        // with one address.
        pieces->pop_back();
        last = &pieces->back();
        last->text += '\n';
        m_space = false;
      }
      // A link or a code span keeps the style of its first words: one link, not one per style
      // inside it (Markdown has no emphasis inside code).
      const bool same = last != nullptr && last->kind == kind &&
                        (kind == InlinePiece::Kind::Link   ? serial == m_last_serial
                         : kind == InlinePiece::Kind::Code ? true
                                                           : last->style == style);
      if (!same) {
        if (m_space && last != nullptr && last->kind != InlinePiece::Kind::Break) {
          // The space goes outside a link or code span, into plain text.
          if (last->kind == InlinePiece::Kind::Text) last->text += ' ';
          else pieces->push_back({InlinePiece::Kind::Text, " ", {}});
        }
        InlinePiece piece;
        piece.kind = kind;
        if (kind == InlinePiece::Kind::Link) piece.url = m_links.back().href;
        piece.code = code;
        piece.style = style;
        pieces->push_back(std::move(piece));
        last = &pieces->back();
        m_last_serial = serial;
      } else {
        if (m_space && !last->text.empty()) last->text += ' ';
        last->code = last->code && code;  // a link of code and words: one link, its words plain
      }
      last->text.append(text, i, end - i);
      m_space = false;
      i = end;
    }
  }

  void image(const GumboNode* e) {
    // Kept inside a kept block's range, or inside a paragraph of kept words (the segmenter
    // may end a block at the image).
    const bool in_part = m_data_tables > 0 ? m_cells > 0 && !m_row.empty() && !m_row.back().empty() : m_open;
    if (!m_options.images || !(in_part || inside(m_kept, e->v.element.start_pos.offset))) return;
    const std::string_view src = attribute(e, "src");
    if (src.empty()) return;
    std::vector<InlinePiece>* pieces = &target();
    if (m_space && !pieces->empty()) pieces->push_back({InlinePiece::Kind::Text, " ", {}});
    pieces->push_back({InlinePiece::Kind::Image, std::string(attribute(e, "alt")), url(src)});
    m_space = true;
  }

  void line_break() {
    if (m_pre > 0) {
      if (m_open) m_current.code += '\n';
      return;
    }
    if (m_open && !m_current.pieces.empty()) m_current.pieces.push_back({InlinePiece::Kind::Break, {}, {}});
    m_space = false;
  }

  static std::size_t style_index(std::uint8_t style) {
    return style == InlinePiece::Strong ? 0 : style == InlinePiece::Emphasis ? 1 : 2;
  }

  // The style of the words being read: the styling elements open around them.
  std::uint8_t current_style() const {
    std::uint8_t style = 0;
    if (m_styled[0] > 0) style |= InlinePiece::Strong;
    if (m_styled[1] > 0) style |= InlinePiece::Emphasis;
    if (m_styled[2] > 0) style |= InlinePiece::Struck;
    return style;
  }

  // Inside a <pre>, a block element starts or ends a line of the code: the code block goes on.
  void end_code_line() {
    if (m_open && m_current.kind == ContentPart::Kind::Code && !m_current.code.empty() &&
        m_current.code.back() != '\n')
      m_current.code += '\n';
  }

  // A block element starts or ends the part.
  void boundary() {
    m_space = true;
    flush();
  }

  // Starts the part the next words go to, as the structure around them says, unless one is open.
  void open(ContentPart::Kind wanted) {
    if (m_open) return;
    m_current = ContentPart{};
    m_open = true;
    m_space = false;
    m_current.quote_depth = m_quotes;
    if (wanted == ContentPart::Kind::Code) {
      m_current.kind = ContentPart::Kind::Code;
      m_current.language = m_language;
    } else if (!m_headings.empty()) {
      m_current.kind = ContentPart::Kind::Heading;
      m_current.level = m_headings.back();
    } else if (!m_items.empty()) {
      ItemFrame& item = m_items.back();
      m_current.kind = ContentPart::Kind::ListItem;
      // Nested under the items written so far: an item whose own words were all left out
      // (or that has none before its inner list) adds no level, so an inner list of kept
      // items is not indented under nothing (four spaces would make it a code block).
      m_current.level = 1 + static_cast<int>(std::count_if(m_items.begin(), m_items.end() - 1,
                                                           [](const ItemFrame& i) { return i.marked; }));
      m_current.ordered = item.ordered;
      m_current.number = item.number;
      m_current.continued = item.marked;
      m_current.list = m_list_count;
      m_current.list_quotes = std::min(m_list_quotes, m_quotes);
      item.marked = true;
    }
  }

  void flush() {
    if (!m_open) return;
    m_open = false;
    ContentPart& p = m_current;
    if (p.kind == ContentPart::Kind::Code) {
      while (!p.code.empty() && p.code.back() == '\n') p.code.pop_back();
      while (!p.code.empty() && p.code.front() == '\n') p.code.erase(p.code.begin());
      if (p.code.find_first_not_of(" \t\r\n\f") == std::string::npos) return;
    } else {
      while (!p.pieces.empty() && (p.pieces.back().kind == InlinePiece::Kind::Break ||
                                   (p.pieces.back().kind == InlinePiece::Kind::Text &&
                                    p.pieces.back().text.find_first_not_of(' ') == std::string::npos)))
        p.pieces.pop_back();
      if (p.pieces.empty()) return;
      if (p.pieces.back().kind == InlinePiece::Kind::Text) {
        std::string& t = p.pieces.back().text;
        while (!t.empty() && t.back() == ' ') t.pop_back();
      }
    }
    m_parts.push_back(std::move(p));
  }

  const std::vector<Range>& m_kept;
  const StructureOptions& m_options;
  std::string m_base;  // what links resolve against ("" : none)
  bool m_head_seen = false;
  std::vector<ContentPart> m_parts;
  ContentPart m_current;
  bool m_open = false;
  bool m_space = false;
  std::vector<Frame> m_frames;
  std::vector<int> m_headings;
  std::vector<ListFrame> m_lists;
  std::vector<ItemFrame> m_items;
  std::vector<LinkFrame> m_links;
  int m_link_serial = 0;
  int m_last_serial = 0;
  int m_pre = 0;
  int m_code = 0;
  std::array<int, 3> m_styled{};  // open <b>/<strong>, <i>/<em>, <s>/<del>/<strike> (when formatting)
  int m_quotes = 0;
  std::string m_language;
  int m_data_tables = 0;
  int m_table_count = 0;
  int m_list_count = 0;
  int m_list_quotes = 0;  // <blockquote>s around the outermost list being read
  int m_thead = 0;
  int m_cells = 0;  // open cells of the data table
  std::vector<std::vector<InlinePiece>> m_row;
  bool m_row_header = false;
  std::size_t m_row_th = 0;
};

}  // namespace

std::vector<ContentPart> structured_content(std::string_view utf8_html, const TextDocument& doc,
                                            const StructureOptions& options) {
  const std::vector<Range> kept = kept_ranges(doc);
  if (kept.empty()) return {};
  const detail::ParsedHtml parsed(utf8_html, doc.budget, "rendering");
  Builder builder(kept, options);
  parsed.walk([&](const GumboNode* e) { return builder.enter(e); },
              [&](const GumboNode* e) { builder.exit(e); },
              [&](const GumboNode* t) { builder.text(t); }, /*templates=*/true);
  return builder.finish();
}

std::vector<ContentPart> structured_content(const PageResult& result, const StructureOptions& options) {
  return structured_content(result.decoded.utf8, result.document, options);
}

}  // namespace boilerdex::plugin

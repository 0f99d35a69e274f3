// The segmenter's walk over Gumbo's tree, with NekoHTML's tag balancer applied
// (segment_walk_internal.hpp).
#include "segment_walk_internal.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "neko_html_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

/// The DOM-ancestor filter's container set (spec §8).
bool is_container(const GumboElement& e) noexcept {
  if (e.tag_namespace != GUMBO_NAMESPACE_HTML) return false;
  switch (e.tag) {
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_P:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_BODY:
      return true;
    default:
      return false;
  }
}

struct Frame {
  const GumboNode* node;
  std::uint32_t next_child;
  TagAction action;
  GumboTag tag;    // GUMBO_TAG_UNKNOWN for foreign and unknown elements
  bool events;     // start event emitted (false: flattened, transparent, or discarded)
  bool closed;     // end event already emitted: NekoHTML closed it early
  bool container;  // pushed on the handler's container stack
};

/// Elements whose content both parsers keep as undecoded text.
bool is_raw_text(const GumboNode* parent) noexcept {
  if (parent->type != GUMBO_NODE_ELEMENT) return false;
  switch (parent->v.element.tag) {
    case GUMBO_TAG_XMP:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_NOEMBED:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_PLAINTEXT:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_NOSCRIPT:
      return true;
    default:
      return false;
  }
}

const GumboVector& children_of(const GumboNode* node) noexcept {
  return node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
}

/// Walks the Gumbo tree depth-first without recursion (pages nest elements thousands
/// deep) and feeds the handler the event stream NekoHTML would produce for the same page,
/// as far as the two trees allow: elements NekoHTML closes early (its `closes` lists are
/// searched through the whole stack for non-nestable elements: a <td> inside a nested
/// table ends the outer cell, an <li> ends an outer <li>), inline elements a <table>
/// closes, table parts outside any table dropped, and a later end tag of an element
/// closed early ending the nearest open element of that name instead.
class Walker {
 public:
  Walker(const SegmentLimits& limits, SegmentStats& stats, const SourceMap& source,
         ContentHandler& handler)
      : m_limits(limits), m_stats(stats), m_source(source), m_handler(handler) {
    m_open.fill(0);
  }

  /// \throws PageTimeLimitError once \p deadline passes (looked at every 1024 steps).
  void run(const GumboNode* document, const PageDeadline& deadline) {
    m_stack.reserve(64);
    m_stack.push_back(
        {document, 0, TagAction::Transparent, GUMBO_TAG_UNKNOWN, false, false, false});
    for (std::size_t step = 1; !m_stack.empty(); ++step) {
      if (step % 1024 == 0) deadline.check("segmenting");
      Frame& top = m_stack.back();
      const GumboVector& children = children_of(top.node);
      if (top.next_child == children.length) {
        end_frame(m_stack.size() - 1);
        if (top.node->type != GUMBO_NODE_DOCUMENT) --m_depth;
        m_stack.pop_back();
        continue;
      }
      const auto* child = static_cast<const GumboNode*>(children.data[top.next_child++]);
      switch (child->type) {
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE:
          start_frame(child);
          break;
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_WHITESPACE:
        case GUMBO_NODE_CDATA: {
          const GumboText& t = child->v.text;
          const std::uint32_t begin = m_source.to_input(t.start_pos.offset);
          const std::uint32_t end = m_source.to_input(t.start_pos.offset + t.original_text.length);
          std::string_view original(t.original_text.data, t.original_text.length);
          std::string_view text(t.text);
          // Runs of text the lean copy marked: the same marks in both.
          if (m_source.lean != nullptr && m_source.lean->has_text_marks(original)) {
            m_source.lean->restore_text(original, m_restored_original);
            m_source.lean->restore_text(text, m_restored_text);
            original = m_restored_original;
            text = m_restored_text;
          }
          split_at_references(original, text, is_raw_text(top.node), m_chunks, m_chunk_storage);
          for (const std::string_view chunk : m_chunks) m_handler.characters(chunk, begin, end);
          break;
        }
        default:  // comments (and the document node, which is never a child)
          break;
      }
    }
  }

 private:
  void start_frame(const GumboNode* node) {
    const std::uint32_t id = m_next_id++;
    const GumboElement& e = node->v.element;
    const GumboTag tag = e.tag_namespace == GUMBO_NAMESPACE_HTML ? e.tag : GUMBO_TAG_UNKNOWN;
    TagAction action = tag_action(*node);
    const bool flattened = m_depth >= m_limits.max_depth;
    if (flattened) {
      m_stats.depth_limited = true;
      // Keep ignorable content out even when its element cannot be an event.
      if (action == TagAction::Ignorable) return;
    }
    bool events = !flattened && action != TagAction::Transparent;
    if (events && neko_table_part(tag) && open_count(GUMBO_TAG_TABLE) == 0) events = false;
    if (events) {
      if (const NekoCloses* rule = neko_closes(tag)) close_for(*rule);
      if (tag == GUMBO_TAG_TABLE) close_open_inlines();
    }
    const bool container = events && is_container(e);
    if (!events) action = TagAction::Transparent;
    if (events) {
      m_handler.start_element(node, action, id, container);
      ++open_count(tag);
    }
    ++m_depth;
    m_stack.push_back({node, 0, action, tag, events, false, container});
  }

  void end_frame(std::size_t index) {
    Frame& f = m_stack[index];
    if (!f.events) return;
    if (!f.closed) {
      if (const GumboNode* table = deferrable_anchor_table(f)) {
        // `<table><a name=x><tr>…`: HTML5 moves the <a> out in front of the table, empty;
        // NekoHTML keeps it open over the table's content. End it with the table.
        m_deferred_anchors.push_back({table, f});
        --open_count(f.tag);
        return;
      }
      close_one(f);
      return;
    }
    // NekoHTML ended this element early; its end tag now ends the nearest open element of
    // the same name, if any (an unmatched end tag is ignored).
    if (f.node->v.element.original_end_tag.length == 0 || f.tag == GUMBO_TAG_UNKNOWN) return;
    if (open_count(f.tag) == 0) return;
    for (std::size_t i = index; i-- > 0;) {
      const Frame& g = m_stack[i];
      if (g.events && !g.closed && g.tag == f.tag) {
        close_down_to(i);
        return;
      }
    }
  }

  /// The table a foster-parented, never-closed <a> came out of (its next sibling), or null.
  static const GumboNode* deferrable_anchor_table(const Frame& f) noexcept {
    // Gumbo 0.10.1 does not set GUMBO_INSERTION_FOSTER_PARENTED; a foster-parented element
    // is recognised by its start tag lying after the start of the table that follows it.
    if (f.action != TagAction::Anchor || f.node->v.element.original_end_tag.length != 0 ||
        f.node->parent == nullptr) {
      return nullptr;
    }
    const GumboVector& siblings = children_of(f.node->parent);
    const std::size_t next = f.node->index_within_parent + 1;
    if (next >= siblings.length) return nullptr;
    const auto* table = static_cast<const GumboNode*>(siblings.data[next]);
    if (table->type != GUMBO_NODE_ELEMENT || table->v.element.tag != GUMBO_TAG_TABLE) return nullptr;
    return f.node->v.element.start_pos.offset > table->v.element.start_pos.offset ? table : nullptr;
  }

  /// The start of an element with \p rule: close every open element it closes.
  void close_for(const NekoCloses& rule) {
    int remaining = 0;
    for (const GumboTag t : rule.closes) remaining += open_count(t);
    if (remaining == 0) return;
    for (std::size_t i = m_stack.size(); i-- > 0 && remaining > 0;) {
      const Frame& f = m_stack[i];
      if (!f.events || f.closed) continue;
      if (std::find(rule.closes.begin(), rule.closes.end(), f.tag) != rule.closes.end()) {
        remaining -= 1;
        close_down_to(i);
        continue;
      }
      if (rule.nestable && (neko_block(f.tag) || std::find(rule.parents.begin(), rule.parents.end(),
                                                           f.tag) != rule.parents.end())) {
        return;
      }
    }
  }

  /// A <table> start ends the inline elements (A, B, ...) open right above it.
  void close_open_inlines() {
    for (std::size_t i = m_stack.size(); i-- > 0;) {
      const Frame& f = m_stack[i];
      if (!f.events || f.closed) continue;
      if (!neko_inline(f.tag)) return;
      close_down_to(i);
    }
  }

  /// Ends every open element from the top of the stack down to and including \p index.
  void close_down_to(std::size_t index) {
    for (std::size_t i = m_stack.size(); i-- > index;) {
      Frame& f = m_stack[i];
      if (f.events && !f.closed) close_one(f);
    }
  }

  void close_one(Frame& f) {
    if (!m_deferred_anchors.empty() && m_deferred_anchors.back().table == f.node) {
      // The <a> NekoHTML kept open inside this table ends just before it.
      const Frame anchor = m_deferred_anchors.back().anchor;
      m_deferred_anchors.pop_back();
      m_handler.end_element(anchor.node, anchor.action, anchor.container);
    }
    m_handler.end_element(f.node, f.action, f.container);
    f.closed = true;
    --open_count(f.tag);
  }

  int& open_count(GumboTag t) noexcept { return m_open[static_cast<std::size_t>(t)]; }

  const SegmentLimits& m_limits;
  SegmentStats& m_stats;
  const SourceMap& m_source;
  ContentHandler& m_handler;
  std::vector<Frame> m_stack;
  std::array<int, GUMBO_TAG_LAST + 1> m_open{};  // open (started, not closed) elements per tag
  std::vector<std::string_view> m_chunks;
  std::string m_chunk_storage;
  std::string m_restored_original, m_restored_text;  // a text node's, runs of text restored
  std::uint32_t m_next_id = 0;
  std::size_t m_depth = 0;
  struct DeferredAnchor {
    const GumboNode* table;
    Frame anchor;
  };
  std::vector<DeferredAnchor> m_deferred_anchors;
};

}  // namespace

void walk_segment_events(const GumboNode* document, const SegmentLimits& limits, SegmentStats& stats,
                         const SourceMap& source, ContentHandler& handler, const PageDeadline& deadline) {
  Walker(limits, stats, source, handler).run(document, deadline);
}

}  // namespace boilerdex::plugin::detail

#pragma once
/// \file
/// Private: a second, guarded Gumbo parse of a page held in an arena, and an iterative
/// depth-first walk over it, for the modules that need their own look at a page's tree
/// (bte_extractor.cpp serialises tags and words, boilernet/features.cpp reads ancestor
/// tags, omindex_filter.cpp reads the head's meta elements, gold_standard.cpp reads L3S-GN1
/// annotations and Readability's expected output). The segmenter has its own walk
/// (segment_walk.cpp), which mirrors boilerpipe's SAX events.

#include <gumbo.h>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arena.hpp"
#include "gumbo_guard_internal.hpp"
#include "utf8_internal.hpp"

namespace boilerdex::plugin::detail {

/// A page parsed again, after segment_html, by a module that needs its own look at the
/// tree: parsed through GuardedParse within the page's budget (TextDocument::budget:
/// truncated to max_input_bytes, flattened below max_depth, stopped at the deadline), so a
/// second parse is no more exposed to hostile markup or slow pages than the first. Holds
/// its own arena (the segmenter's per-thread one may be in use by a caller further up).
/// The tree points into \p utf8 (or into a rewritten copy this object holds), which must
/// outlive this object. Not copyable.
class ParsedHtml {
 public:
  /// \p stage names the work in a PageTimeLimitError ("extracting" for extractors); it
  /// must outlive this object (a string literal).
  /// \throws PageTimeLimitError naming \p stage when \p budget's deadline passes before
  /// or during the parse; std::bad_alloc.
  /// With \p lean_keeping_attributes_of (lower-case element names), the parse is of a lean
  /// copy (LeanHtml: script, style and comment bodies emptied, attributes dropped, runs of
  /// text marked) in which those elements' start tags keep their attributes: the same tree,
  /// for a reader of those elements' attributes only, at a fraction of a full parse's cost on
  /// pages heavy with scripts; text() is then the lean copy (offsets into it are not the
  /// page's).
  ParsedHtml(std::string_view utf8, const PageBudget& budget, std::string_view stage,
             std::span<const std::string_view> lean_keeping_attributes_of = {})
      : m_deadline(budget.deadline),
        m_stage(stage),
        m_input(truncate_utf8(utf8, budget.max_input_bytes)),
        m_arena(m_input.size() * 4 + (64u << 10)),
        m_parse(m_input, budget.max_depth, m_arena, m_deadline, stage, stage,
                !lean_keeping_attributes_of.empty(), lean_keeping_attributes_of) {}
  ParsedHtml(const ParsedHtml&) = delete;
  ParsedHtml& operator=(const ParsedHtml&) = delete;
  // No gumbo_destroy_output: the arena releases the whole tree at once.

  [[nodiscard]] const GumboNode* root() const noexcept { return m_parse.output().root; }
  /// The text Gumbo parsed: the page's first budget.max_input_bytes bytes, or a rewritten
  /// copy of them of the same length (GuardedParse). The tree's pieces point into it, and
  /// an offset into it is the same offset into the page.
  [[nodiscard]] std::string_view text() const noexcept { return m_parse.text(); }

  /// Walks the tree from root() depth-first without recursion (pages can be thousands of
  /// levels deep). on_enter(element) returns false to skip the element's subtree (on_exit
  /// is then not called for it); on_exit(element) follows its subtree; on_text(node) is
  /// called for text, CDATA and whitespace nodes. Comments are not visited, nor are template
  /// contents unless \p templates (then a <template> is entered as an element, as the
  /// segmenter reads it). \throws PageTimeLimitError naming the stage when the deadline
  /// passes (looked at every 1024 nodes), or what the callbacks throw.
  template <typename Enter, typename Exit, typename Text>
  void walk(Enter&& on_enter, Exit&& on_exit, Text&& on_text, bool templates = false) const {
    struct Frame {
      const GumboNode* node;
      unsigned next_child;
    };
    const GumboNode* top_element = root();
    if (top_element == nullptr || top_element->type != GUMBO_NODE_ELEMENT || !on_enter(top_element)) return;
    std::vector<Frame> stack{{top_element, 0}};
    for (std::size_t step = 1; !stack.empty(); ++step) {
      if (step % 1024 == 0) m_deadline.check(m_stage);
      Frame& top = stack.back();
      const GumboVector& children = top.node->v.element.children;
      if (top.next_child == children.length) {
        const GumboNode* done = top.node;
        stack.pop_back();
        on_exit(done);
        continue;
      }
      const auto* child = static_cast<const GumboNode*>(children.data[top.next_child++]);
      switch (child->type) {
        case GUMBO_NODE_TEMPLATE:
          if (templates && on_enter(child)) stack.push_back({child, 0});
          break;
        case GUMBO_NODE_ELEMENT:
          if (on_enter(child)) stack.push_back({child, 0});
          break;
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_CDATA:
        case GUMBO_NODE_WHITESPACE:
          on_text(child);
          break;
        default:
          break;  // comments
      }
    }
  }

 private:
  PageDeadline m_deadline;
  std::string_view m_stage;
  std::string_view m_input;
  Arena m_arena;
  GuardedParse m_parse;
};

/// True when the bytes of \p piece lie inside \p input (Gumbo leaves pieces of synthesised
/// tags empty or null).
[[nodiscard]] inline bool piece_in(const GumboStringPiece& piece, std::string_view input) noexcept {
  return piece.data != nullptr && piece.length > 0 && piece.data >= input.data() &&
         piece.data + piece.length <= input.data() + input.size();
}

}  // namespace boilerdex::plugin::detail

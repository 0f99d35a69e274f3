#pragma once
/// \file
/// Private: a Gumbo parse held in an arena, and an iterative depth-first walk over it, for
/// the modules that need their own look at a page's tree (gold_standard.cpp reads L3S-GN1
/// annotations and Readability's expected output; bte_extractor.cpp serialises tags and
/// words). The segmenter has its own walk, which mirrors boilerpipe's SAX events.

#include <gumbo.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arena.hpp"
#include "gumbo_guard_internal.hpp"

namespace boilerdex::plugin::detail {

/// A parsed page. The tree lives as long as this object and points into \p utf8, which
/// must outlive it too. Not copyable. \throws std::bad_alloc only.
class ParsedHtml {
 public:
  explicit ParsedHtml(std::string_view utf8)
      : m_arena(utf8.size() * 4 + (64u << 10)),
        m_safe(make_gumbo_safe(utf8, k_max_parse_nesting)) {
    // Hostile nesting and overflowing references (gumbo_guard_internal.hpp).
    if (m_safe) utf8 = m_safe->text;
    GumboOptions options = kGumboDefaultOptions;
    options.allocator = &Arena::gumbo_allocate;
    options.deallocator = &Arena::gumbo_deallocate;
    options.userdata = &m_arena;
    options.max_errors = 0;
    m_output = gumbo_parse_with_options(&options, utf8.data(), utf8.size());
  }
  ParsedHtml(const ParsedHtml&) = delete;
  ParsedHtml& operator=(const ParsedHtml&) = delete;
  // No gumbo_destroy_output: the arena releases the whole tree at once.

  [[nodiscard]] const GumboNode* root() const noexcept { return m_output->root; }

 private:
  Arena m_arena;
  std::optional<GumboSafeText> m_safe;  // the page parsed instead of utf8, when rewritten
  GumboOutput* m_output = nullptr;
};

/// Walks the element \p root depth-first without recursion (pages can be thousands of
/// levels deep). on_enter(element) returns false to skip the element's subtree (on_exit is
/// then not called for it); on_exit(element) follows its subtree; on_text(node) is called
/// for text, CDATA and whitespace nodes. Template contents and comments are not visited.
template <typename Enter, typename Exit, typename Text>
void walk_elements(const GumboNode* root, Enter&& on_enter, Exit&& on_exit, Text&& on_text) {
  struct Frame {
    const GumboNode* node;
    unsigned next_child;
  };
  if (root == nullptr || root->type != GUMBO_NODE_ELEMENT || !on_enter(root)) return;
  std::vector<Frame> stack{{root, 0}};
  while (!stack.empty()) {
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
      case GUMBO_NODE_ELEMENT:
        if (on_enter(child)) stack.push_back({child, 0});
        break;
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_CDATA:
      case GUMBO_NODE_WHITESPACE:
        on_text(child);
        break;
      default:
        break;  // template contents, comments
    }
  }
}

/// True when the bytes of \p piece lie inside \p input (Gumbo leaves pieces of synthesised
/// tags empty or null).
[[nodiscard]] inline bool piece_in(const GumboStringPiece& piece, std::string_view input) noexcept {
  return piece.data != nullptr && piece.length > 0 && piece.data >= input.data() &&
         piece.data + piece.length <= input.data() + input.size();
}

}  // namespace boilerdex::plugin::detail

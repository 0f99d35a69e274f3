#include "named_reference_internal.hpp"

#include <gumbo.h>

#include <string_view>
#include <unordered_map>

#include "markup_lexer_internal.hpp"

namespace boilerdex::plugin::detail {
namespace {

// The standard's longest name has 31 letters ("CounterClockwiseContourIntegral").
constexpr std::size_t k_max_name = 32;
constexpr std::size_t k_max_memo = 4096;  // names remembered per thread before starting over

// The first text under \p node (white space included), depth first; "" when none.
std::string_view first_text(const GumboNode* node) {
  if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE)
    return node->v.text.text;
  if (node->type != GUMBO_NODE_ELEMENT) return {};
  const GumboVector& children = node->v.element.children;
  for (unsigned k = 0; k < children.length; ++k) {
    const std::string_view t = first_text(static_cast<const GumboNode*>(children.data[k]));
    if (!t.empty()) return t;
  }
  return {};
}

// The text HTML reads for "&NAME;" in a paragraph, or "" when it reads the characters as
// written (no such name) or a shorter legacy name and the rest ("&notit;" is "¬it;").
std::string look_up(std::string_view name) {
  const std::string written = "&" + std::string(name) + ";";
  const std::string html = "<p>" + written;
  GumboOutput* output = gumbo_parse_with_options(&kGumboDefaultOptions, html.data(), html.size());
  std::string text(first_text(output->root));
  gumbo_destroy_output(&kGumboDefaultOptions, output);
  if (text == written || (text.ends_with(';') && text != ";")) return {};
  return text;
}

}  // namespace

std::pair<std::string, std::size_t> named_reference_at(std::string_view raw, std::size_t i) {
  std::size_t end = i + 1;
  while (end < raw.size() && end - i - 1 <= k_max_name && is_ascii_alnum(raw[end])) ++end;
  const std::size_t length = end - i - 1;
  if (length == 0 || length > k_max_name || end >= raw.size() || raw[end] != ';' ||
      !((raw[i + 1] >= 'a' && raw[i + 1] <= 'z') || (raw[i + 1] >= 'A' && raw[i + 1] <= 'Z')))
    return {{}, 0};
  thread_local std::unordered_map<std::string, std::string> memo;
  std::string name(raw.substr(i + 1, length));
  auto it = memo.find(name);
  if (it == memo.end()) {
    if (memo.size() >= k_max_memo) memo.clear();
    std::string text = look_up(name);
    it = memo.emplace(std::move(name), std::move(text)).first;
  }
  if (it->second.empty()) return {{}, 0};
  return {it->second, length + 2};
}

}  // namespace boilerdex::plugin::detail

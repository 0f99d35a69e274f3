#include "boilerdex/plugin/bte_extractor.hpp"

#include <algorithm>
#include <limits>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "extractor_registry_internal.hpp"
#include "gumbo_walk_internal.hpp"

namespace boilerdex::plugin {

namespace {

bool is_dropped_content(GumboTag tag) {
  return tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_NOSCRIPT ||
         tag == GUMBO_TAG_TEMPLATE;
}

bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

BteTokens bte_tokens(std::string_view utf8_html) { return bte_tokens(utf8_html, PageBudget()); }

BteTokens bte_tokens(std::string_view utf8_html, const PageBudget& budget) {
  BteTokens tokens;
  const detail::ParsedHtml parsed(utf8_html, budget, "extracting");
  // What Gumbo read: tags and text pieces point into it, at the page's offsets.
  const std::string_view html = parsed.text();
  const auto tag = [&tokens, html](const GumboStringPiece& piece) {
    if (detail::piece_in(piece, html)) tokens.weights.push_back(-1);
  };
  const auto offset_cap = static_cast<std::size_t>(std::numeric_limits<std::uint32_t>::max());
  parsed.walk(
      [&](const GumboNode* node) {
        const GumboElement& e = node->v.element;
        tag(e.original_tag);
        if (!is_dropped_content(e.tag)) return true;
        tag(e.original_end_tag);  // the element's content is neither word nor tag
        return false;
      },
      [&](const GumboNode* node) { tag(node->v.element.original_end_tag); },
      [&](const GumboNode* node) {
        if (node->type == GUMBO_NODE_WHITESPACE) return;
        const std::string_view text = node->v.text.text;
        const GumboStringPiece& raw = node->v.text.original_text;
        const bool located = detail::piece_in(raw, html);
        const std::size_t node_start =
            located ? static_cast<std::size_t>(raw.data - html.data()) : 0;
        // Decoded and source text align byte for byte unless references or CR LF were rewritten.
        const bool aligned = located && raw.length == text.size();
        for (std::size_t i = 0; i < text.size();) {
          while (i < text.size() && is_ascii_space(text[i])) ++i;
          if (i == text.size()) break;
          tokens.weights.push_back(1);
          tokens.word_offsets.push_back(static_cast<std::uint32_t>(
              std::min(aligned ? node_start + i : node_start, offset_cap)));
          while (i < text.size() && !is_ascii_space(text[i])) ++i;
        }
      });
  return tokens;
}

BteWindow bte_window(std::span<const std::int8_t> w) noexcept {
  // T(i, j) = tags + Σ_{i..j} w, so the best window is the maximum-sum subarray of w. With
  // prefix sums P (P(0) = 0) the window [k, j] is worth P(j+1) − P(k). One Kadane pass that
  // takes the first end reaching a new maximum (strict >) and, for it, the earliest minimal
  // prefix (strict <) yields the quadratic scan's choice, smallest start then smallest end:
  // a window of maximal value M starting before that minimum would need a prefix as low and
  // earlier (impossible: we keep the earliest), and one starting later but ending earlier
  // would have been met first.
  std::int64_t prefix = 0;
  std::int64_t min_prefix = 0;
  std::size_t min_at = 0;  // earliest k with P(k) == min_prefix
  std::int64_t tags = 0;
  bool any_word = false;
  BteWindow best{0, 0, std::numeric_limits<std::int64_t>::min()};
  for (std::size_t j = 0; j < w.size(); ++j) {
    prefix += w[j];
    if (w[j] < 0) {
      ++tags;
    } else {
      any_word = true;
    }
    if (prefix - min_prefix > best.value) best = {min_at, j + 1, prefix - min_prefix};
    if (prefix < min_prefix) {
      min_prefix = prefix;
      min_at = j + 1;
    }
  }
  if (!any_word) return {};
  best.value += tags;
  return best;
}

BteWindow bte_window_quadratic(std::span<const std::int8_t> w) noexcept {
  const std::size_t n = w.size();
  if (std::none_of(w.begin(), w.end(), [](std::int8_t x) { return x > 0; })) return {};
  std::vector<std::int64_t> tags_before(n + 1, 0);  // C(k): tags among the first k tokens
  for (std::size_t k = 0; k < n; ++k) tags_before[k + 1] = tags_before[k] + (w[k] < 0 ? 1 : 0);
  const std::int64_t total_tags = tags_before[n];
  BteWindow best{0, 0, std::numeric_limits<std::int64_t>::min()};
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = i; j <= n; ++j) {
      const std::int64_t tags_inside = tags_before[j] - tags_before[i - 1];
      const std::int64_t t = tags_before[i - 1] +
                             (static_cast<std::int64_t>(j - i + 1) - tags_inside) +
                             (total_tags - tags_before[j]);
      if (t > best.value) best = {i - 1, j, t};
    }
  }
  return best;
}

void apply_bte(TextDocument& doc, std::string_view utf8_html) {
  const BteTokens tokens = bte_tokens(utf8_html, doc.budget);
  const BteWindow window = bte_window(tokens.weights);
  doc.budget.deadline.check("extracting");
  // (offset, in window) per word, in source order.
  std::vector<std::pair<std::uint32_t, bool>> words;
  words.reserve(tokens.word_offsets.size());
  std::size_t word = 0;
  for (std::size_t k = 0; k < tokens.weights.size(); ++k) {
    if (tokens.weights[k] < 0) continue;
    words.emplace_back(tokens.word_offsets[word++], k >= window.begin && k < window.end);
  }
  if (!std::is_sorted(words.begin(), words.end())) std::sort(words.begin(), words.end());
  std::vector<std::uint32_t> inside_before(words.size() + 1, 0);
  for (std::size_t k = 0; k < words.size(); ++k)
    inside_before[k + 1] = inside_before[k] + (words[k].second ? 1 : 0);
  const auto rank = [&words](std::uint32_t offset) {
    return static_cast<std::size_t>(
        std::lower_bound(words.begin(), words.end(), std::make_pair(offset, false)) -
        words.begin());
  };
  for (auto& block : doc.blocks) {
    const std::size_t first = rank(block.source_begin);
    const std::size_t last = rank(block.source_end);
    const std::size_t total = last > first ? last - first : 0;
    const std::size_t inside = total ? inside_before[last] - inside_before[first] : 0;
    block.score = total ? static_cast<float>(inside) / static_cast<float>(total) : 0.0f;
    block.is_content = total != 0 && 2 * inside >= total;
  }
}

void BteExtractor::process(TextDocument&) const {
  throw UsageError("extractor 'bte' needs the page source: call process(doc, utf8_html)");
}

void BteExtractor::process(TextDocument& doc, std::string_view utf8_html) const {
  apply_bte(doc, utf8_html);
}

namespace detail {

std::vector<ExtractorRegistration> bte_extractors() {
  ExtractorRegistration r;
  r.name = "bte";
  r.description =
      "BTE (Finn et al. 2001): the token window maximising tags outside + words inside, in linear "
      "time; "
      "blocks with half their words in it are content";
  r.factory = [](int) { return std::make_unique<BteExtractor>(); };
  return {std::move(r)};
}

}  // namespace detail

}  // namespace boilerdex::plugin

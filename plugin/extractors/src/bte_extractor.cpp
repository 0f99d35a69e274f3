#include "boilerdex/plugin/bte_extractor.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string_view>

#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "extractor_registry_internal.hpp"
#include "gumbo_guard_internal.hpp"
#include "markup_lexer_internal.hpp"
#include "markup_rider_internal.hpp"

namespace boilerdex::plugin {

namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_ascii_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Elements whose contents are neither words nor tags: script and style (raw text), noscript
// and template (fallback and inert markup).
bool is_dropped_content(std::string_view lower_name) noexcept {
  return lower_name == "script" || lower_name == "style" || lower_name == "noscript" ||
         lower_name == "template";
}

// Elements whose contents are text up to their own end tag (RCDATA and RAWTEXT): a '<'
// inside them starts no tag.
bool is_text_only(std::string_view lower_name) noexcept {
  return lower_name == "title" || lower_name == "textarea" || lower_name == "xmp";
}

// Where the end tag </\p lower_name ...> that ends [after, end) of \p html (as skip_raw_text
// delimits it) starts; \p end when there is none (an element left open runs to the page's end).
std::size_t end_tag_start(std::string_view html, std::size_t after, std::size_t end,
                          std::string_view lower_name) noexcept {
  if (end <= after || html[end - 1] != '>') return end;
  const std::size_t lt = html.rfind("</", end - 1);
  const bool closes = lt != npos && lt >= after &&
                      detail::starts_with_lower(html.substr(lt + 2), lower_name);
  return closes ? lt : end;
}

// BTE's reading of the page (spec §7), riding the markup lexer: -1 for every start, end or
// empty-element tag written in the source, +1 for every run of non-whitespace in the text
// between them. A '<' not followed by a letter is text; comments, the doctype and processing
// instructions are neither words nor tags (they split the text around them, as the text nodes
// on either side are two); the contents of script, style, noscript and template are skipped
// (their own tags count). It looks at \p deadline as it goes and stops reading once it has
// passed (timed_out()).
class BteReading final : public detail::MarkupRider {
 public:
  BteReading(std::string_view html, const PageDeadline& deadline, BteTokens& out)
      : m_html(html), m_deadline(deadline), m_out(out) {}

  /// True when the reading stopped because the deadline passed: the tokens are a prefix.
  [[nodiscard]] bool timed_out() const noexcept { return m_timed_out; }

  std::size_t on_tag(std::size_t, const detail::LexedTag& t) override {
    if (deadline_passed()) return npos;
    if (t.kind == detail::LexedTag::Kind::Declaration) {
      add_words(m_text, t.lt);
      return m_text = t.after;  // npos: a comment that never ends holds the rest
    }
    if (t.name_begin >= m_html.size() || !is_ascii_alpha(m_html[t.name_begin]))
      return t.lt + 1;  // a '<' in text: its run of words goes on (m_text stays)
    add_words(m_text, t.lt);
    add_tag();
    if (t.end_tag) return m_text = t.after;
    if (t.after == npos) return m_text = npos;  // a start tag that never ends holds the rest
    const std::string_view name(t.lower.data(),
                                std::min(t.name_end - t.name_begin, t.lower.size()));
    const bool dropped = is_dropped_content(name);
    // A '/' before the '>' changes nothing for these: their contents follow all the same.
    if (!dropped && !is_text_only(name)) return m_text = t.after;
    const std::size_t end = t.raw_text_end(m_html, name);
    const std::size_t close_lt = end_tag_start(m_html, t.after, end, name);
    if (!dropped) add_words(t.after, close_lt);
    if (close_lt != end) add_tag();
    return m_text = end;
  }

  void on_end(std::size_t) override { add_words(m_text, m_html.size()); }

 private:
  // Reads the clock (~20 ns) once per 256 tags, as the segmenter's walk checks once per 1,024
  // steps: a tag and the text before it cost tens of nanoseconds, so the deadline is missed
  // by well under a millisecond.
  bool deadline_passed() {
    static constexpr std::size_t k_check_tags = 256;
    if (++m_tags_unchecked < k_check_tags) return false;
    m_tags_unchecked = 0;
    return m_timed_out = m_deadline.passed();
  }

  void add_tag() { m_out.weights.push_back(-1); }

  // A word per run of non-whitespace in html[begin, end).
  void add_words(std::size_t begin, std::size_t end) {
    const auto offset_cap = static_cast<std::size_t>(std::numeric_limits<std::uint32_t>::max());
    for (std::size_t k = begin; k < end;) {
      while (k < end && is_ascii_space(m_html[k])) ++k;
      if (k == end) break;
      m_out.weights.push_back(1);
      m_out.word_offsets.push_back(static_cast<std::uint32_t>(std::min(k, offset_cap)));
      while (k < end && !is_ascii_space(m_html[k])) ++k;
    }
  }

  std::string_view m_html;
  const PageDeadline& m_deadline;
  BteTokens& m_out;
  std::size_t m_text = 0;  // where the text not yet read starts (npos: none is left)
  std::size_t m_tags_unchecked = 0;  // tags met since the clock was last read
  bool m_timed_out = false;
};

}  // namespace

BteTokens bte_tokens(std::string_view utf8_html) { return bte_tokens(utf8_html, PageBudget()); }

BteTokens bte_tokens(std::string_view utf8_html, const PageBudget& budget) {
  BteTokens tokens;
  // No parse: the page's first max_input_bytes bytes (and tags), as segment_html parsed them,
  // read once by the lexer; nesting limits nothing (a token per tag, however deep).
  const std::string_view page = detail::parsed_prefix(utf8_html, budget.max_input_bytes);
  BteReading reading(page, budget.deadline, tokens);
  detail::ride_markup_lexer(page, reading);
  if (reading.timed_out()) budget.deadline.fail("extracting");
  budget.deadline.check("extracting");
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

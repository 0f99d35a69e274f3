#include "boilerdex/plugin/best_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "best_model_data_internal.hpp"
#include "model_json_internal.hpp"
#include "best_stages_internal.hpp"
#include "gumbo_guard_internal.hpp"
#include "boilerdex/plugin/block_features.hpp"
#include "boilerdex/plugin/page_markup.hpp"

namespace boilerdex::plugin {

namespace {

constexpr std::string_view k_markup_names[] = {
    "markup.main",         "markup.article",       "markup.nav",          "markup.header",
    "markup.footer",       "markup.aside",         "markup.list_item",    "markup.table_cell",
    "markup.table",        "markup.form",          "markup.code",         "markup.heading",
    "markup.quote",        "markup.definition",    "markup.textarea",     "markup.hidden",
    "markup.comment_words", "markup.side_words",   "markup.content_words", "markup.item_words",
    "markup.noscript",     "markup.dialog",        "markup.figure"};
static_assert(std::size(k_markup_names) == k_markup_bits, "one name per MarkupBit");

constexpr std::string_view k_other_names[] = {
    "markup.log_depth",
    "dom.words_share_1",   "dom.link_density_1",   "dom.log_blocks_1",
    "dom.words_share_2",   "dom.link_density_2",   "dom.log_blocks_2",
    "dom.words_share_3",   "dom.link_density_3",   "dom.log_blocks_3",
    "dom.log_items_2",     "dom.log_items_3",      "dom.log_item_words_2",
    "rules.votes",         "rules.evidence",       "rules.keep",
    "rules.inside",        "rules.hinted",         "rules.kept_share",
    "rules.inside_share",  "page.main_share",      "page.article_share",
    "text.code_chars",     "text.tag_like",
    "dom.kept_share_1",    "dom.kept_share_2",     "dom.kept_share_3",
    "dom.meet_level",      "page.log_max_items",  "rules.title",
    "rules.after_end"};

constexpr std::size_t k_extra = std::size(k_markup_names) + std::size(k_other_names);

const std::array<std::string_view, k_extra>& extra_names() {
  static const std::array<std::string_view, k_extra> names = [] {
    std::array<std::string_view, k_extra> out{};
    std::copy(std::begin(k_markup_names), std::end(k_markup_names), out.begin());
    std::copy(std::begin(k_other_names), std::end(k_other_names),
              out.begin() + static_cast<std::ptrdiff_t>(std::size(k_markup_names)));
    return out;
  }();
  return names;
}

constexpr std::size_t k_levels = 3;  // container ancestors looked at

// std::log1p of 0 … 255, filled when the library loads (no guard to test at each read).
const std::array<double, 256> k_log1p_counts = [] {
  std::array<double, 256> t{};
  for (std::size_t k = 0; k < t.size(); ++k) t[k] = std::log1p(static_cast<double>(k));
  return t;
}();

// std::log1p(n), read from a table for the small counts the rows take it of (depths,
// blocks, items): the same values, without a call each.
inline double log1p_count(double n) noexcept {
  if (n >= 0.0 && n < 256.0 && !std::signbit(n)) {
    const auto k = static_cast<std::size_t>(n);
    if (static_cast<double>(k) == n) return k_log1p_counts[k];
  }
  return std::log1p(n);
}

// Per container element: the words, anchor words and blocks with words under it.
struct Subtree {
  double words = 0;
  double anchor_words = 0;
  double blocks = 0;
  double kept_words = 0;  // words the rules keep
};

constexpr std::size_t k_meet_levels = 8;  // ancestors searched for the rules' kept text

// A block's container ancestors up to level k_meet_levels − 1 (0 = nearest), the outermost
// repeated when the chain is shorter; k_no_subtree throughout without a chain. Read once
// per block: the chain is walked, not indexed.
using Ancestors = std::array<std::uint32_t, k_meet_levels>;
Ancestors ancestors(const ContainerChain& chain) {
  Ancestors up;
  up.fill(k_no_subtree);
  std::size_t level = 0;
  for (auto it = chain.begin(); it != chain.end() && level < up.size(); ++it) up[level++] = *it;
  for (; level > 0 && level < up.size(); ++level) up[level] = up[level - 1];
  return up;
}

// The number of distinct level-(k−1) ancestors with text under each level-k ancestor.
// \p ups: each block's ancestors (BestFeatureRows::Page::up).
std::vector<double> distinct_children(const TextDocument& doc, const std::vector<Ancestors>& ups,
                                      std::size_t level, std::size_t table_size) {
  // Each (parent, child) pair as one 64-bit key, the parent in the high half: sorted as the
  // pairs would be, with one compare each.
  std::vector<std::uint64_t> pairs;
  for (std::size_t i = 0; i < doc.blocks.size() && i < doc.containers.num_blocks(); ++i) {
    if (doc.blocks[i].num_words == 0) continue;
    const Ancestors& up = ups[i];
    if (up[0] == k_no_subtree) continue;
    pairs.push_back(std::uint64_t{up[level]} << 32 | up[level - 1]);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::vector<double> count(table_size, 0.0);
  for (const std::uint64_t pair : pairs) count[pair >> 32] += 1.0;
  return count;
}

}  // namespace

namespace {

// text_shape's counts of a byte, summed over the text in one 64-bit word: 1 when it is
// visible (not ' ', '\t', '\n', '\r') in the low half, 1 when it is a code character in the
// high half. One load and one add per byte.
constexpr std::uint64_t k_code_unit = std::uint64_t{1} << 32;
constexpr std::array<std::uint64_t, 256> k_shape_counts = [] {
  std::array<std::uint64_t, 256> t{};
  t.fill(1);
  for (const char c : {' ', '\t', '\n', '\r'}) t[static_cast<unsigned char>(c)] = 0;
  for (const char c : {'{', '}', '<', '>', ';', '=', '[', ']', '(', ')', '$', '\\', '|', '"'})
    t[static_cast<unsigned char>(c)] = 1 + k_code_unit;
  return t;
}();

/// Whether \p next, the byte after a '<', makes it a tag written out: a letter, '/' or '!'.
constexpr bool opens_written_tag(char next) noexcept {
  return (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '/' || next == '!';
}

}  // namespace

TextShape text_shape(std::string_view text) noexcept {
  TextShape shape;
  std::uint64_t counts = 0;
  for (const char c : text) counts += k_shape_counts[static_cast<unsigned char>(c)];
  // Tags: each '<' (memchr passes over the text between them) followed by a letter, '/' or '!'.
  const char* const end = text.data() + text.size();
  for (const char* lt = text.data();
       (lt = static_cast<const char*>(std::memchr(lt, '<', static_cast<std::size_t>(end - lt)))) !=
       nullptr;
       ++lt) {
    if (lt + 1 == end) break;
    if (opens_written_tag(lt[1])) ++shape.tags;
  }
  const std::uint64_t visible = counts & (k_code_unit - 1);
  const std::uint64_t code = counts >> 32;
  shape.code_share = visible > 0 ? static_cast<double>(code) / static_cast<double>(visible) : 0.0;
  return shape;
}

namespace {

/// The characters of \p text inside tags written out ('<' before a letter, '/' or '!', up to
/// the next '>' or the text's end), and all its characters but blanks.
std::pair<std::size_t, std::size_t> tag_characters(std::string_view text) noexcept {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t in_tags = 0, visible = 0;
  for (const char c : text) visible += !blank(c);
  for (std::size_t lt = text.find('<'); lt != std::string_view::npos && lt + 1 < text.size(); lt = text.find('<', lt + 1)) {
    if (!opens_written_tag(text[lt + 1])) continue;
    const std::size_t close = text.find('>', lt + 1);
    const std::size_t stop = close == std::string_view::npos ? text.size() : close + 1;
    for (std::size_t k = lt; k < stop; ++k) in_tags += !blank(text[k]);
    lt = stop - 1;
  }
  return {in_tags, visible};
}

/// Whether \p text is one JSON object or array of some length: a page's state or settings
/// in a hidden element, never its prose.
bool reads_as_json(std::string_view text) noexcept {
  constexpr std::string_view k_blank = " \t\n\r";
  const std::size_t first = text.find_first_not_of(k_blank);
  if (first == std::string_view::npos) return false;
  const std::size_t last = text.find_last_not_of(k_blank);
  if (last - first + 1 < 200) return false;
  const char open = text[first], close = text[last];
  if (!((open == '{' && close == '}') || (open == '[' && close == ']'))) return false;
  const std::size_t key = text.find_first_not_of(k_blank, first + 1);
  if (open == '[' && text[key] != '{' && text[key] != '"') return false;  // [1, 2] or a [citation]
  std::size_t keys = 0;
  for (std::size_t at = text.find("\":", first); at != std::string_view::npos && keys < 3; at = text.find("\":", at + 2))
    ++keys;
  return keys >= 3;
}

}  // namespace

bool reads_as_markup(const TextBlock& block, const BlockMarkup& markup) noexcept {
  if (markup.has(MarkupBit::Textarea)) return true;
  if (markup.has(MarkupBit::Code)) return false;  // code shown on the page is its text
  if (reads_as_json(block.text)) return true;
  if (block.text.find('<') == std::string::npos) return false;  // most blocks: no tag at all
  const TextShape shape = text_shape(block.text);
  if (shape.tags < 2) return false;
  if (shape.tags * 10 >= static_cast<std::size_t>(std::max(1, block.num_words))) return true;
  // Tags whose addresses count many words (an ad's link and image in an iframe's fallback).
  const auto [in_tags, visible] = tag_characters(block.text);
  return in_tags * 2 >= visible;
}

std::span<const std::string_view> best_extra_feature_names() noexcept { return extra_names(); }

std::vector<float> best_feature_rows(const TextDocument& fresh, std::string_view utf8_html,
                                     const BestRuleResult& rules) {
  return best_feature_rows(
      fresh, rules, block_markup(fresh, detail::parsed_prefix(utf8_html, fresh.budget.max_input_bytes)));
}

// What best_feature_rows needs of the whole page before it can write any block's row.
struct BestFeatureRows::Page {
  const TextDocument& fresh;
  const BestRuleResult& rules;
  const std::vector<BlockMarkup>& markup;
  std::vector<BlockFeatures> features;  // compute_features, for the local+page columns
                                        // (with the segmenter's token counts)
  std::vector<Ancestors> up;            // per block: its container ancestors, walked once
  std::vector<Subtree> subtree;         // by container element id
  std::vector<double> items_2, items_3;
  double page_words = 0, kept_words = 0, inside_words = 0, main_words = 0, article_words = 0;
  double max_items = 0;

  Page(const TextDocument& d, const BestRuleResult& r, const std::vector<BlockMarkup>& m)
      : fresh(d), rules(r), markup(m), features(compute_features(d.blocks, d.token_counts)) {
    const std::size_t n = fresh.blocks.size();
    up.reserve(n);
    for (std::size_t i = 0; i < n; ++i) up.push_back(ancestors(fresh.containers.chain(i)));
    // Container subtrees, sized by the largest element id the tree holds (no chain's is
    // larger).
    const std::uint32_t largest = fresh.containers.max_element_id();
    const std::uint32_t max_id = largest == k_no_container ? 0 : largest;
    const std::size_t table_size = static_cast<std::size_t>(max_id) + 1;
    subtree.assign(table_size, Subtree{});
    for (std::size_t i = 0; i < n; ++i) {
      const TextBlock& b = fresh.blocks[i];
      const double words = b.num_words;
      page_words += words;
      if (rules.keep[i]) kept_words += words;
      if (rules.inside[i]) inside_words += words;
      if (markup[i].has(MarkupBit::Main)) main_words += words;
      if (markup[i].has(MarkupBit::Article)) article_words += words;
      if (i >= fresh.containers.num_blocks() || b.num_words == 0) continue;
      // Each distinct ancestor of the first levels once (short chains repeat the outermost).
      std::uint32_t last = k_no_subtree;
      for (std::size_t level = 0; level < k_meet_levels; ++level) {
        const std::uint32_t id = up[i][level];
        if (id == k_no_subtree || id == last) continue;
        last = id;
        subtree[id].words += words;
        subtree[id].anchor_words += b.num_words_in_anchor_text;
        subtree[id].blocks += 1.0;
        if (rules.keep[i]) subtree[id].kept_words += words;
      }
    }
    items_2 = distinct_children(fresh, up, 1, table_size);
    items_3 = distinct_children(fresh, up, 2, table_size);
    max_items = items_2.empty() ? 0.0 : *std::max_element(items_2.begin(), items_2.end());
  }
};

BestFeatureRows::BestFeatureRows(const TextDocument& fresh, const BestRuleResult& rules,
                                 const std::vector<BlockMarkup>& markup) {
  const std::size_t n = fresh.blocks.size();
  if (rules.evidence.size() != n || rules.votes.size() != n || rules.keep.size() != n ||
      rules.inside.size() != n || rules.hinted.size() != n || rules.title.size() != n ||
      rules.after_end.size() != n)
    throw std::invalid_argument("best_feature_rows: rules of another page");
  if (markup.size() != n) throw std::invalid_argument("best_feature_rows: markup of another page");
  m_page = std::make_unique<const Page>(fresh, rules, markup);
}

BestFeatureRows::~BestFeatureRows() = default;

std::size_t BestFeatureRows::size() const noexcept { return m_page->fresh.blocks.size(); }

std::vector<float> BestFeatureRows::rows(std::size_t begin, std::size_t end) const {
  const Page& pg = *m_page;
  const TextDocument& fresh = pg.fresh;
  const BestRuleResult& rules = pg.rules;
  const std::vector<BlockMarkup>& markup = pg.markup;
  const std::size_t base_width = feature_count(FeatureSet::LocalPage);
  const std::size_t width = feature_count(FeatureSet::Best);
  const auto share = [](double part, double whole) { return whole > 0 ? part / whole : 0.0; };

  // The page's columns, the same in every row.
  const auto kept_share = static_cast<float>(share(pg.kept_words, pg.page_words));
  const auto inside_share = static_cast<float>(share(pg.inside_words, pg.page_words));
  const auto main_share = static_cast<float>(share(pg.main_words, pg.page_words));
  const auto article_share = static_cast<float>(share(pg.article_words, pg.page_words));
  const auto log_max_items = static_cast<float>(log1p_count(pg.max_items));

  std::vector<float> rows((end - begin) * width, 0.0f);
  // Each row starts with the local+page columns.
  feature_rows_into(pg.features, FeatureSet::LocalPage, begin, end, rows.data(), width);
  for (std::size_t i = begin; i < end; ++i) {
    float* out = rows.data() + (i - begin) * width;
    std::size_t at = base_width;
    for (std::size_t b = 0; b < k_markup_bits; ++b)
      out[at++] = static_cast<float>((markup[i].bits >> b) & 1u);
    out[at++] = static_cast<float>(log1p_count(markup[i].depth));
    const Ancestors& up = pg.up[i];
    const Ancestors* chain = up[0] != k_no_subtree ? &up : nullptr;
    for (std::size_t level = 0; level < k_levels; ++level) {
      const Subtree s = chain != nullptr ? pg.subtree[(*chain)[level]] : Subtree{};
      out[at++] = static_cast<float>(share(s.words, pg.page_words));
      out[at++] = static_cast<float>(share(s.anchor_words, s.words));
      out[at++] = static_cast<float>(log1p_count(s.blocks));
    }
    const double items2 = chain != nullptr ? pg.items_2[(*chain)[1]] : 0.0;
    const double items3 = chain != nullptr ? pg.items_3[(*chain)[2]] : 0.0;
    const double words2 = chain != nullptr ? pg.subtree[(*chain)[1]].words : 0.0;
    out[at++] = static_cast<float>(log1p_count(items2));
    out[at++] = static_cast<float>(log1p_count(items3));
    out[at++] = static_cast<float>(std::log1p(share(words2, items2)));
    out[at++] = static_cast<float>(rules.votes[i]);
    out[at++] = static_cast<float>(rules.evidence[i]);
    out[at++] = rules.keep[i] ? 1.0f : 0.0f;
    out[at++] = rules.inside[i] ? 1.0f : 0.0f;
    out[at++] = rules.hinted[i] ? 1.0f : 0.0f;
    out[at++] = kept_share;
    out[at++] = inside_share;
    out[at++] = main_share;
    out[at++] = article_share;
    const TextShape shape = text_shape(fresh.blocks[i].text);
    out[at++] = static_cast<float>(shape.code_share);
    out[at++] = static_cast<float>(std::min<std::size_t>(shape.tags, 1000));
    for (std::size_t level = 0; level < k_levels; ++level) {
      const Subtree s = chain != nullptr ? pg.subtree[(*chain)[level]] : Subtree{};
      out[at++] = static_cast<float>(share(s.kept_words, s.words));
    }
    // The first ancestor whose subtree holds text the rules keep: 0 = the nearest.
    std::size_t meet = k_meet_levels;
    for (std::size_t level = 0; chain != nullptr && level < k_meet_levels; ++level) {
      if (pg.subtree[(*chain)[level]].kept_words > 0) {
        meet = level;
        break;
      }
    }
    out[at++] = static_cast<float>(meet);
    out[at++] = log_max_items;
    out[at++] = rules.title[i] ? 1.0f : 0.0f;
    out[at++] = rules.after_end[i] ? 1.0f : 0.0f;
  }
  return rows;
}

namespace {

// The row position of the "best" feature called \p name (one of best_extra_feature_names).
std::size_t best_column(std::string_view name) {
  const auto& names = extra_names();
  const auto at = std::find(names.begin(), names.end(), name);
  if (at == names.end()) throw std::logic_error("no best feature " + std::string(name));
  return feature_count(FeatureSet::LocalPage) + static_cast<std::size_t>(at - names.begin());
}

}  // namespace

BestFeatureRows::Verdict::Verdict(const Page& page, const BestRuleResult& verdict)
    : m_page(&page), m_verdict(&verdict), m_kept(page.subtree.size(), 0.0) {
  const TextDocument& fresh = page.fresh;
  const std::size_t n = fresh.blocks.size();
  if (verdict.keep.size() != n || verdict.evidence.size() != n)
    throw std::invalid_argument("best_feature_rows: a verdict of another page");
  // Counted as Page counts the rules' (each distinct ancestor of a block with words once).
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = fresh.blocks[i];
    if (!verdict.keep[i]) continue;
    const double words = b.num_words;
    m_kept_words += words;
    if (i >= fresh.containers.num_blocks() || b.num_words == 0) continue;
    std::uint32_t last = k_no_subtree;
    for (std::size_t level = 0; level < k_meet_levels; ++level) {
      const std::uint32_t id = page.up[i][level];
      if (id == k_no_subtree || id == last) continue;
      last = id;
      m_kept[id] += words;
    }
  }
}

BestFeatureRows::Verdict BestFeatureRows::count(const BestRuleResult& verdict) const {
  return Verdict(*m_page, verdict);
}

void BestFeatureRows::restate(std::vector<float>& rows, std::size_t begin, std::size_t end,
                              const Verdict& counted) const {
  static const std::size_t k_evidence = best_column("rules.evidence");
  static const std::size_t k_keep = best_column("rules.keep");
  static const std::size_t k_kept_share = best_column("rules.kept_share");
  static const std::size_t k_dom_kept = best_column("dom.kept_share_1");
  static const std::size_t k_meet = best_column("dom.meet_level");
  const Page& pg = *m_page;
  const std::size_t n = pg.fresh.blocks.size();
  const std::size_t width = feature_count(FeatureSet::Best);
  if (begin > end || end > n) throw std::invalid_argument("best_feature_rows: block range outside the page");
  if (rows.size() != (end - begin) * width) throw std::invalid_argument("best_feature_rows: rows of another range");
  if (counted.m_page != &pg) throw std::invalid_argument("best_feature_rows: a verdict counted for another page");
  const BestRuleResult& verdict = *counted.m_verdict;
  const std::vector<double>& kept = counted.m_kept;
  const auto share = [](double part, double whole) { return whole > 0 ? part / whole : 0.0; };
  const auto kept_share = static_cast<float>(share(counted.m_kept_words, pg.page_words));
  for (std::size_t i = begin; i < end; ++i) {
    float* out = rows.data() + (i - begin) * width;
    out[k_evidence] = static_cast<float>(verdict.evidence[i]);
    out[k_keep] = verdict.keep[i] ? 1.0f : 0.0f;
    out[k_kept_share] = kept_share;
    const Ancestors& up = pg.up[i];
    const bool chain = up[0] != k_no_subtree;
    for (std::size_t level = 0; level < k_levels; ++level)
      out[k_dom_kept + level] = chain ? static_cast<float>(share(kept[up[level]], pg.subtree[up[level]].words)) : 0.0f;
    std::size_t meet = k_meet_levels;
    for (std::size_t level = 0; chain && level < k_meet_levels; ++level) {
      if (kept[up[level]] > 0) {
        meet = level;
        break;
      }
    }
    out[k_meet] = static_cast<float>(meet);
  }
}

std::vector<float> best_feature_rows(const TextDocument& fresh, const BestRuleResult& rules,
                                     const std::vector<BlockMarkup>& markup) {
  const BestFeatureRows page(fresh, rules, markup);
  return page.rows(0, page.size());
}

std::vector<float> best_feature_rows(const TextDocument& fresh, std::string_view utf8_html,
                                     const BestOptions& options) {
  return best_feature_rows(fresh, utf8_html, best_rule_decisions(fresh, utf8_html, options));
}

namespace {

// Side matter named so by the page (not comments, which are a thread's posts on a forum and
// are left to drop_comments on an article): learned_verdict holds it to the hinted
// threshold, and page_decision lets the page's choice take it only when that verdict does.
bool named_side_matter(const BestRuleResult& rules, const std::vector<BlockMarkup>& markup, std::size_t i) {
  return rules.hinted[i] && !markup[i].has(MarkupBit::CommentWords);
}

}  // namespace

std::vector<bool> learned_verdict(const BestRuleResult& rules, const std::vector<BlockMarkup>& markup,
                                  std::span<const double> q, double weight, double threshold,
                                  double hinted_threshold, std::vector<double>& score) {
  const std::size_t n = rules.keep.size();
  if (q.size() != n || markup.size() != n || rules.hinted.size() != n)
    throw std::invalid_argument("learned_verdict: probabilities, markup or rules of another page");
  std::vector<bool> keep(n, false);
  score.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    score[i] = weight * q[i] + (1.0 - weight) * (rules.keep[i] ? 1.0 : 0.0);
    keep[i] = score[i] >= (named_side_matter(rules, markup, i) ? std::max(threshold, hinted_threshold) : threshold);
  }
  return keep;
}

std::vector<bool> expected_f1_verdict(std::span<const double> q, std::span<const double> words,
                                      const std::vector<bool>& eligible, double gold_weight) {
  const std::size_t n = q.size();
  if (words.size() != n || eligible.size() != n)
    throw std::invalid_argument("expected_f1_verdict: probabilities, words and eligibility of different pages");
  std::vector<std::size_t> order;
  double expected_gold = 0;  // Σ words × q over the page: the content words expected
  double log_none = 0;       // log Π (1 − q): the chance that no block is content
  for (std::size_t i = 0; i < n; ++i) {
    if (words[i] <= 0 || q[i] <= 0) continue;
    expected_gold += words[i] * q[i];
    log_none += std::log1p(-std::min(q[i], 1.0));
    if (eligible[i]) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&q](std::size_t a, std::size_t b) { return q[a] > q[b]; });
  // Keeping nothing scores 1 when the page has no content (and 0 otherwise).
  double best = std::exp(log_none);
  std::size_t take = 0;
  double kept_words = 0, kept_gold = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    kept_words += words[order[k]];
    kept_gold += words[order[k]] * q[order[k]];
    const double f1 = 2 * kept_gold / (kept_words + gold_weight * expected_gold);
    if (f1 > best) {
      best = f1;
      take = k + 1;
    }
  }
  std::vector<bool> keep(n, false);
  for (std::size_t k = 0; k < take; ++k) keep[order[k]] = true;
  return keep;
}

BestRuleResult with_verdict(BestRuleResult rules, std::vector<bool> keep, std::vector<double> score) {
  if (keep.size() != rules.keep.size() || score.size() != rules.evidence.size())
    throw std::invalid_argument("with_verdict: a verdict of another page");
  rules.keep = std::move(keep);
  rules.evidence = std::move(score);
  return rules;
}

namespace detail {

std::vector<double> model_probabilities(const LearnedModel& model, const BestFeatureRows& features,
                                        const TextDocument& fresh, const BestFeatureRows::Verdict* verdict,
                                        std::vector<float>* kept) {
  constexpr std::size_t k_chunk = 4096;
  const std::size_t n = fresh.blocks.size();
  std::vector<double> q(n, 0.0);
  for (std::size_t begin = 0; begin < n; begin += k_chunk) {
    const std::size_t end = std::min(n, begin + k_chunk);
    const bool whole = begin == 0 && end == n;
    std::vector<float> rows =
        whole && kept != nullptr && !kept->empty() ? std::move(*kept) : features.rows(begin, end);
    if (verdict != nullptr) features.restate(rows, begin, end, *verdict);
    std::vector<bool> no_words(end - begin);
    for (std::size_t i = begin; i < end; ++i) no_words[i - begin] = fresh.blocks[i].num_words == 0;
    model.content_probabilities(rows, std::span<double>(q.data() + begin, end - begin), no_words);
    if (whole && kept != nullptr) *kept = std::move(rows);
    fresh.budget.deadline.check("extracting");
  }
  return q;
}

StageVerdict stage_verdict(std::vector<double> q, const LearnedModel& model, const BestRuleResult& rules,
                           const std::vector<BlockMarkup>& markup, const BestOptions& options) {
  StageVerdict v;
  v.keep = learned_verdict(rules, markup, q, options.model_weight,
                           options.model_threshold > 0.0 ? options.model_threshold : model.threshold(),
                           options.model_hinted_threshold, v.score);
  v.q = std::move(q);
  return v;
}

std::vector<bool> page_decision(const StageVerdict& v, const BestRuleResult& rules,
                                const std::vector<BlockMarkup>& markup, std::span<const double> words,
                                const BestOptions& options) {
  const std::size_t n = v.keep.size();
  if (v.q.size() != n || v.score.size() != n || rules.keep.size() != n || rules.hinted.size() != n ||
      markup.size() != n || words.size() != n)
    throw std::invalid_argument("page_decision: a verdict, rules, markup or words of another page");
  if (options.expected_f1 <= 0.0) return v.keep;
  // Side matter the stages' verdict does not keep stays out of reach.
  std::vector<bool> eligible(n);
  for (std::size_t i = 0; i < n; ++i) eligible[i] = !named_side_matter(rules, markup, i) || v.keep[i];
  std::vector<bool> keep = expected_f1_verdict(v.q, words, eligible, options.expected_f1);
  // What the rules and the learned stages both keep stays.
  for (std::size_t i = 0; i < n; ++i) keep[i] = keep[i] || (v.keep[i] && rules.keep[i]);
  return keep;
}

}  // namespace detail

std::vector<float> best_stacked_feature_rows(const TextDocument& fresh, std::string_view utf8_html,
                                             const LearnedModel& first, const BestOptions& options) {
  const std::vector<BlockMarkup> markup =
      block_markup(fresh, detail::parsed_prefix(utf8_html, fresh.budget.max_input_bytes));
  const BestRuleResult rules = best_rule_decisions(fresh, utf8_html, options);
  const BestFeatureRows features(fresh, rules, markup);
  // The first stage as BestExtractor runs it; a page of one chunk keeps its rows in `rows`.
  std::vector<float> rows;
  detail::StageVerdict v = detail::stage_verdict(detail::model_probabilities(first, features, fresh, nullptr, &rows),
                                                 first, rules, markup, options);
  const BestRuleResult verdict = with_verdict(rules, std::move(v.keep), std::move(v.score));
  if (rows.empty()) rows = features.rows(0, features.size());
  features.restate(rows, 0, features.size(), features.count(verdict));
  return rows;
}

namespace {

// A model best_model_codegen compiled in: the trees and their dense form as constant
// arrays, the few KB of the file's header parsed here; null when none was (\p header empty).
std::unique_ptr<const LearnedModel> compiled_model(std::string_view header,
                                                   std::span<const detail::CompiledTree> trees,
                                                   const detail::DenseForestArrays* dense,
                                                   const std::string& source) {
  if (header.empty()) return nullptr;
  std::vector<DecisionTree> read;
  read.reserve(trees.size());
  for (const detail::CompiledTree& t : trees) {
    DecisionTree tree;
    tree.nodes.assign(t.nodes.begin(), t.nodes.end());
    tree.values.assign(t.values.begin(), t.values.end());
    tree.target = t.target;
    tree.width = t.width;
    read.push_back(std::move(tree));
  }
  return std::make_unique<const LearnedModel>(
      detail::model_from_header(nlohmann::json::parse(header), std::move(read), source, dense));
}

}  // namespace

const LearnedModel* builtin_best_model() {
  static std::once_flag once;
  static std::unique_ptr<const LearnedModel> model;
  std::call_once(once, [] {
    model = compiled_model(detail::k_best_model_header, detail::k_best_model_trees,
                           detail::k_best_model_dense,
                           "the compiled-in best model (plugin/extractors/models/best-blocks.json)");
  });
  return model.get();
}

const LearnedModel* builtin_best_stacked_model() {
  static std::once_flag once;
  static std::unique_ptr<const LearnedModel> model;
  std::call_once(once, [] {
    model = compiled_model(detail::k_best_stacked_model_header, detail::k_best_stacked_model_trees,
                           detail::k_best_stacked_model_dense,
                           "the compiled-in stacked best model (plugin/extractors/models/best-blocks-stacked.json)");
  });
  return model.get();
}

}  // namespace boilerdex::plugin

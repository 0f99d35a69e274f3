#include "boilerdex/plugin/best_extractor.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <string_view>
#include <stdexcept>
#include <utility>

#include "best_cleanup_internal.hpp"
#include "best_options_internal.hpp"
#include "best_words_internal.hpp"
#include "boilerdex/config/error.hpp"
#include "boilerdex/plugin/best_model.hpp"
#include "boilerdex/plugin/page_markup.hpp"
#include "boilerdex/plugin/classifiers.hpp"
#include "boilerdex/plugin/extractor_registry.hpp"
#include "boilerdex/plugin/extractors.hpp"
#include "boilerdex/plugin/filters.hpp"
#include "extractor_registry_internal.hpp"
#include "gumbo_guard_internal.hpp"
#include "byte_ranges_internal.hpp"
#include "best_page_scan_internal.hpp"
#include "best_stages_internal.hpp"

namespace boilerdex::plugin {

using detail::bte_shares;
using detail::PageScan;
using detail::scan_page;

namespace {

bool is_heading(TagClass tag) noexcept {
  return tag == TagClass::H1 || tag == TagClass::H2 || tag == TagClass::H3 || tag == TagClass::H4 ||
         tag == TagClass::H5 || tag == TagClass::H6;
}

// The 2012 pipeline without its first two steps, TerminatingBlocksFinder and
// DocumentTitleMatchClassifier: both only add labels that depend on nothing but each block's
// text and counts and the page's title, so a document that already carries them (run_rules
// adds them to the page itself) would get the same labels again.
std::vector<PipelineStep> article_2012_after_labels() {
  std::vector<PipelineStep> steps = pipelines::article_2012();
  steps.erase(steps.begin(), steps.begin() + 2);
  return steps;
}

// \p block without its text, which none of the 2012 pipeline's steps after the labels reads
// (they decide, merge and drop by counts, densities, tag levels and labels), so that the
// copy the pipeline merges does not copy every block's text. Every other field of
// TextBlock is copied: a field added there must be added here.
TextBlock without_text(const TextBlock& block) {
  TextBlock copy;
  copy.is_content = block.is_content;
  copy.num_words = block.num_words;
  copy.num_words_in_anchor_text = block.num_words_in_anchor_text;
  copy.num_words_in_wrapped_lines = block.num_words_in_wrapped_lines;
  copy.num_wrapped_lines = block.num_wrapped_lines;
  copy.text_density = block.text_density;
  copy.link_density = block.link_density;
  copy.offset_blocks_start = block.offset_blocks_start;
  copy.offset_blocks_end = block.offset_blocks_end;
  copy.tag_level = block.tag_level;
  copy.labels = block.labels;
  copy.origins = block.origins;
  copy.source_begin = block.source_begin;
  copy.source_end = block.source_end;
  copy.enclosing_tag = block.enclosing_tag;
  copy.score = block.score;
  return copy;
}

// The boilerpipe 2012 ArticleExtractor's decision per parse block (on a copy: it merges).
// \p labelled: \p doc already carries the labels of the pipeline's first two steps (which
// read the text; the rest do not, so the copy then leaves it out).
std::vector<bool> article_2012_votes(const TextDocument& doc, bool labelled) {
  static const FilterPipeline whole("article-2012", pipelines::article_2012());
  static const FilterPipeline after_labels("article-2012", article_2012_after_labels());
  const FilterPipeline& pipeline = labelled ? after_labels : whole;
  TextDocument copy;
  copy.budget = doc.budget;  // the page's deadline, checked between the pipeline's filters
  copy.title = doc.title;
  if (labelled) {
    copy.blocks.reserve(doc.blocks.size());
    for (const TextBlock& block : doc.blocks) copy.blocks.push_back(without_text(block));
  } else {
    copy.blocks = doc.blocks;
  }
  copy.num_parse_blocks = static_cast<std::uint32_t>(doc.blocks.size());
  pipeline.process(copy);
  return content_mask(copy);
}

// The container chain of block i: that of its first parse block (a fresh document has one
// parse block per block; merged blocks answer for their first part). Empty when unknown.
ContainerChain chain_of(const TextDocument& doc, std::size_t i) {
  const auto& origins = doc.blocks[i].origins;
  return doc.containers.chain(origins.empty() ? i : origins.front());
}

// BestOptions::hint_penalty and caption_penalty: p ← p × (1 − penalty) for the blocks whose
// text starts inside one of \p ranges (sorted, disjoint) — and, when \p whole, also ends in
// it — unless that range holds more than max_share of the page's evidence mass. Sets
// hinted[i] for the blocks it damped.
void apply_hint_penalty(const TextDocument& doc,
                        const std::vector<std::pair<std::uint32_t, std::uint32_t>>& ranges,
                        bool whole, double max_share, double penalty, std::vector<double>& p,
                        std::vector<bool>& hinted) {
  if (ranges.empty()) return;
  const std::size_t n = p.size();
  constexpr std::size_t k_none = static_cast<std::size_t>(-1);
  std::vector<std::size_t> range_of(n, k_none);
  std::vector<double> mass(ranges.size(), 0.0);
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = doc.blocks[i];
    const double m = b.num_words * p[i];
    total += m;
    if (b.source_end <= b.source_begin) continue;
    auto it = std::upper_bound(ranges.begin(), ranges.end(),
                               std::make_pair(b.source_begin, std::uint32_t{0xFFFFFFFFu}));
    if (it == ranges.begin()) continue;
    --it;
    if (b.source_begin >= it->second || (whole && b.source_end > it->second)) continue;
    range_of[i] = static_cast<std::size_t>(it - ranges.begin());
    mass[range_of[i]] += m;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (range_of[i] == k_none || mass[range_of[i]] > max_share * total) continue;
    p[i] *= 1.0 - penalty;
    hinted[i] = true;
  }
}

// BestOptions::teaser_penalty: scales down runs of three or more linked-headline blocks.
void apply_teaser_penalty(const TextDocument& doc, const BestOptions& options,
                          std::vector<double>& p) {
  constexpr std::size_t k_min_run = 3;
  const auto teaser_like = [](const TextBlock& b) {
    return b.num_words_in_anchor_text >= 3 && b.link_density >= 0.1f && b.link_density <= 0.6f &&
           b.num_words <= 60;
  };
  const std::size_t n = p.size();
  std::size_t run_begin = 0;  // first block of the current run of teaser-like blocks
  std::size_t run_length = 0;
  const auto close_run = [&](std::size_t end) {
    if (run_length >= k_min_run) {
      for (std::size_t k = run_begin; k < end; ++k) {
        if (doc.blocks[k].num_words > 0) p[k] *= 1.0 - options.teaser_penalty;
      }
    }
    run_length = 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = doc.blocks[i];
    if (b.num_words == 0) continue;
    if (!teaser_like(b)) {
      close_run(i);
      continue;
    }
    if (run_length == 0) run_begin = i;
    ++run_length;
  }
  close_run(n);
}

// BestOptions::group_penalty: scales down the evidence of blocks in small DOM groups.
void apply_fragment_penalty(const TextDocument& doc, const BestOptions& options,
                            std::vector<double>& p) {
  const std::size_t n = p.size();
  const auto depth = static_cast<std::size_t>(std::max(1, options.group_depth));  // ≥ 1 by parse
  std::vector<std::uint32_t> group(n, k_no_subtree);
  std::vector<std::pair<std::uint32_t, double>> mass;  // (group id, Σ words × p), by id
  for (std::size_t i = 0; i < n; ++i) {
    const ContainerChain chain = chain_of(doc, i);
    if (chain.empty()) continue;
    group[i] = chain.at(depth - 1);
    mass.emplace_back(group[i], doc.blocks[i].num_words * p[i]);
  }
  std::sort(mass.begin(), mass.end());
  std::size_t out = 0;  // sum equal ids in place
  for (std::size_t k = 0; k < mass.size(); ++k) {
    if (out > 0 && mass[out - 1].first == mass[k].first)
      mass[out - 1].second += mass[k].second;
    else
      mass[out++] = mass[k];
  }
  mass.resize(out);
  double largest = 0.0;
  double total = 0.0;
  for (const auto& [id, m] : mass) {
    largest = std::max(largest, m);
    total += m;
  }
  if (largest <= 0.0) return;
  const double floor = options.group_share * largest;
  // No dominant group (a front page of equal posts): the penalty fades with the largest
  // group's share of the page.
  const double strength =
      options.group_dominance > 0.0
          ? options.group_penalty * std::min(1.0, largest / (options.group_dominance * total))
          : options.group_penalty;
  for (std::size_t i = 0; i < n; ++i) {
    if (group[i] == k_no_subtree) continue;
    const auto it = std::lower_bound(mass.begin(), mass.end(), std::make_pair(group[i], -1.0));
    const double share = std::min(1.0, it->second / floor);
    p[i] *= 1.0 - strength * (1.0 - share);
  }
}

}  // namespace

namespace {

// Step 1a: the weighted classifier votes per block, in [0, 1]. \p scan: the page's, or
// nullptr without the page (BTE abstains). \p labelled: as for article_2012_votes.
std::vector<double> classifier_votes(const TextDocument& doc, const PageScan* scan,
                                     const BestOptions& options, bool labelled) {
  const std::size_t n = doc.blocks.size();
  std::vector<double> p(n, 0.0);
  const bool use_bte = options.weight_bte > 0.0 && scan != nullptr;
  const double total = options.weight_num_words + options.weight_article +
                       (use_bte ? options.weight_bte : 0.0) + options.weight_cleaneval;
  if (n == 0 || total <= 0.0) return p;

  std::vector<bool> article;
  if (options.weight_article > 0.0) article = article_2012_votes(doc, labelled);
  std::vector<float> bte;
  if (use_bte) bte = bte_shares(doc, *scan);

  const TextBlock& edge = empty_start_block();
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& block = doc.blocks[i];
    double vote = 0.0;
    if (options.weight_num_words > 0.0) {
      const TextBlock& prev = i > 0 ? doc.blocks[i - 1] : edge;
      const TextBlock& next = i + 1 < n ? doc.blocks[i + 1] : edge;
      if (num_words_rule(prev, block, next)) vote += options.weight_num_words;
    }
    if (!article.empty() && article[i]) vote += options.weight_article;
    if (use_bte) vote += options.weight_bte * static_cast<double>(bte[i]);
    if (options.weight_cleaneval > 0.0 && cleaneval_rule(block)) vote += options.weight_cleaneval;
    p[i] = std::clamp(vote / total, 0.0, 1.0);
  }
  return p;
}

// Step 1b: the votes smoothed over the sequence, then each block's own negative evidence:
// its link density, markup hints (when \p hinted is given: it receives the blocks they
// damped), the fragment penalty. (Smoothing first, so that neighbours cannot lift a link
// list or a marked comment back over the thresholds.) \p scan as for classifier_votes.
std::vector<double> refine_evidence(const TextDocument& doc, const PageScan* scan,
                                    const BestOptions& options, std::vector<double> p,
                                    std::vector<bool>* hinted) {
  const std::size_t n = p.size();
  if (options.smoothing > 0.0 && n > 1) {
    std::vector<double> smoothed(n);
    for (std::size_t i = 0; i < n; ++i) {
      const double left = i > 0 ? p[i - 1] : p[i + 1];
      const double right = i + 1 < n ? p[i + 1] : p[i - 1];
      smoothed[i] = (1.0 - options.smoothing) * p[i] + options.smoothing * 0.5 * (left + right);
    }
    p = std::move(smoothed);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const double links = static_cast<double>(doc.blocks[i].link_density);
    p[i] = std::clamp(p[i] * (1.0 - options.link_penalty * links), 0.0, 1.0);
  }
  if (options.teaser_penalty > 0.0) apply_teaser_penalty(doc, options, p);
  if (hinted != nullptr) hinted->assign(n, false);
  if (hinted != nullptr && scan != nullptr) {
    if (options.hint_penalty > 0.0)
      apply_hint_penalty(doc, scan->hint_ranges, false, options.hint_max_share,
                         options.hint_penalty, p, *hinted);
    if (options.caption_penalty > 0.0)
      apply_hint_penalty(doc, scan->caption_ranges, true, options.caption_max_share,
                         options.caption_penalty, p, *hinted);
  }
  if (options.group_penalty > 0.0) apply_fragment_penalty(doc, options, p);
  return p;
}

}  // namespace

std::vector<double> best_block_evidence(const TextDocument& fresh, std::string_view utf8_html,
                                        const BestOptions& options) {
  const double k = options.unspaced_chars_per_word;
  const bool recount = k > 0.0 && detail::needs_best_word_counts(fresh);
  const TextDocument recounted = recount ? detail::with_best_word_counts(fresh, k) : TextDocument{};
  const TextDocument& doc = recount ? recounted : fresh;
  std::vector<bool> hinted;
  const PageScan scan =
      utf8_html.empty() ? PageScan{} : scan_page(utf8_html, options.unspaced_chars_per_word);
  const PageScan* page = utf8_html.empty() ? nullptr : &scan;
  return refine_evidence(doc, page, options, classifier_votes(doc, page, options, false),
                         &hinted);
}

std::uint32_t best_main_subtree(const TextDocument& doc, const std::vector<double>& evidence,
                                double lambda, const std::vector<bool>& pruned) {
  if (evidence.size() != doc.blocks.size())
    throw std::invalid_argument("best_main_subtree: one evidence value per block expected");
  if (!pruned.empty() && pruned.size() != doc.blocks.size())
    throw std::invalid_argument("best_main_subtree: one pruned flag per block expected");
  // Element ids are dense pre-order numbers; size the gain table by the largest the tree
  // holds (no chain's is larger; ids no chain yields stay unseen).
  const std::uint32_t max_id = doc.containers.max_element_id();
  if (max_id == k_no_container) return k_no_subtree;
  std::vector<double> gain(static_cast<std::size_t>(max_id) + 1, 0.0);
  std::vector<bool> seen(gain.size(), false);
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    const double g =
        !pruned.empty() && pruned[i] ? 0.0 : doc.blocks[i].num_words * (evidence[i] - lambda);
    for (const auto id : chain_of(doc, i)) {
      gain[id] += g;
      seen[id] = true;
    }
  }
  // Pre-order: a descendant has a larger id than its ancestors, so ">=" prefers the deeper.
  std::uint32_t best = k_no_subtree;
  for (std::uint32_t id = 0; id <= max_id; ++id) {
    if (!seen[id]) continue;
    if (best == k_no_subtree || gain[id] >= gain[best]) best = id;
  }
  return best;
}

namespace {

std::shared_ptr<const LearnedModel> load_best_model(const std::string& path) {
  auto model = std::make_shared<const LearnedModel>(LearnedModel::load(path));
  if (model->feature_set() != FeatureSet::Best)
    throw UsageError("extractor 'best': model " + path + " reads feature set '" +
                     std::string(feature_set_name(model->feature_set())) +
                     "', not 'best' (boilerdex-train --features best)");
  return model;
}

}  // namespace

BestExtractor::BestExtractor(BestOptions options) : m_options(std::move(options)) {
  if (!m_options.model_file.empty()) m_model = load_best_model(m_options.model_file);
  if (!m_options.stacked_model_file.empty()) m_stacked = load_best_model(m_options.stacked_model_file);
}

std::string BestExtractor::name() const {
  const std::string args = detail::best_option_args(m_options);
  return args.empty() ? "best" : "best:" + args;
}

void BestExtractor::process(TextDocument& doc) const { process(doc, {}); }

namespace {

// Step 3: the block decisions for evidence \p p (labels from the title and end-of-text
// finders already on \p doc's blocks).
std::vector<bool> decide(const TextDocument& doc, const std::vector<double>& p,
                         const std::vector<bool>& hinted, const BestOptions& o,
                         std::vector<bool>& inside) {
  const std::size_t n = doc.blocks.size();
  const std::uint32_t subtree = best_main_subtree(doc, p, o.lambda, hinted);
  std::vector<bool> keep(n, false);
  inside.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const ContainerChain chain = chain_of(doc, i);
    inside[i] =
        subtree != k_no_subtree && std::find(chain.begin(), chain.end(), subtree) != chain.end();
    keep[i] = p[i] >= (inside[i] ? o.keep_inside : o.keep_outside);
  }
  // Gaps: a block inside the subtree between two kept blocks, with little link text.
  if (o.keep_between < 1.0) {
    const std::vector<bool> kept = keep;
    std::size_t previous = n;  // the last block with words before i
    for (std::size_t i = 0; i < n; ++i) {
      const TextBlock& b = doc.blocks[i];
      if (b.num_words == 0) continue;
      if (!kept[i] && inside[i] && previous < n && kept[previous] && p[i] >= o.keep_between &&
          b.link_density <= 0.5f) {
        std::size_t next = i + 1;
        while (next < n && doc.blocks[next].num_words == 0) ++next;
        if (next < n && kept[next]) keep[i] = true;
      }
      previous = i;
    }
  }
  // Headings: inside the subtree next to kept text, or just before the first kept block.
  const auto heading_like = [&](std::size_t i) {
    const TextBlock& b = doc.blocks[i];
    return b.num_words > 0 && b.num_words <= o.heading_max_words && b.link_density <= 0.5f &&
           (is_heading(b.enclosing_tag) || b.labels.has(Label::Title));
  };
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (!keep[i] && inside[i] && heading_like(i) && (keep[i + 1] || (i + 2 < n && keep[i + 2])))
      keep[i] = true;
  }
  const auto first = std::find(keep.begin(), keep.end(), true);
  if (first != keep.end()) {
    const auto f = static_cast<std::size_t>(first - keep.begin());
    for (std::size_t back = 1; back <= static_cast<std::size_t>(o.heading_lookback) && back <= f;
         ++back) {
      if (heading_like(f - back)) {
        keep[f - back] = true;
        break;
      }
    }
  }
  // Comment sections: nothing after an end-of-text marker that follows enough kept text.
  if (o.end_marker_min_words > 0) {
    int words = 0;
    bool ended = false;
    for (std::size_t i = 0; i < n; ++i) {
      if (!ended && keep[i]) words += doc.blocks[i].num_words;
      if (!ended && doc.blocks[i].labels.has(Label::IndicatesEndOfText) &&
          doc.blocks[i].link_density <= o.end_marker_max_link_density &&
          words >= o.end_marker_min_words)
        ended = true;
      if (ended) keep[i] = false;
    }
  }
  return keep;
}

// Steps 1–3 on \p doc (labels from the title and end-of-text finders are added to it).
BestRuleResult run_rules(TextDocument& doc, const PageScan* page, const BestOptions& options) {
  BestRuleResult r;
  // Labels for the heading and end-of-text rules (these filters only add labels, and none of
  // the votes reads them but the 2012 pipeline, which would add the same ones itself).
  terminating_blocks_finder(doc, true);
  document_title_match_2012(doc);
  r.votes = classifier_votes(doc, page, options, true);
  doc.budget.deadline.check("extracting");
  r.evidence = refine_evidence(doc, page, options, r.votes, &r.hinted);
  doc.budget.deadline.check("extracting");
  r.keep = decide(doc, r.evidence, r.hinted, options, r.inside);
  // A markup hint that swallowed the whole text (a wrongly named or unclosed wrapper) must
  // not leave the page empty: then decide without hints.
  if ((options.hint_penalty > 0.0 || options.caption_penalty > 0.0) &&
      std::find(r.keep.begin(), r.keep.end(), true) == r.keep.end()) {
    r.evidence = refine_evidence(doc, page, options, r.votes, nullptr);
    r.hinted.assign(doc.blocks.size(), false);
    r.keep = decide(doc, r.evidence, {}, options, r.inside);
  }
  const std::size_t n = doc.blocks.size();
  r.title.assign(n, false);
  r.after_end.assign(n, false);
  int kept_words = 0;
  bool ended = false;
  for (std::size_t i = 0; i < n; ++i) {
    const TextBlock& b = doc.blocks[i];
    r.title[i] = b.labels.has(Label::Title);
    r.after_end[i] = ended;
    if (r.keep[i]) kept_words += b.num_words;
    if (options.end_marker_min_words > 0 && b.labels.has(Label::IndicatesEndOfText) &&
        b.link_density <= options.end_marker_max_link_density &&
        kept_words >= options.end_marker_min_words)
      ended = true;
  }
  return r;
}

}  // namespace

BestRuleResult best_rule_decisions(const TextDocument& fresh, std::string_view utf8_html,
                                   const BestOptions& options) {
  const double k = options.unspaced_chars_per_word;
  TextDocument doc = k > 0.0 && detail::needs_best_word_counts(fresh)
                         ? detail::with_best_word_counts(fresh, k)
                         : fresh;
  const PageScan scan = utf8_html.empty()
                            ? PageScan{}
                            : scan_page(detail::parsed_prefix(utf8_html, fresh.budget.max_input_bytes), k);
  return run_rules(doc, utf8_html.empty() ? nullptr : &scan, options);
}

void BestExtractor::process(TextDocument& fresh, std::string_view utf8_html) const {
  // Text in a script without spaces: decide on a copy with best's word counts, then copy
  // the decisions and the labels found back (the segmenter's counts stay as they are).
  const double k = m_options.unspaced_chars_per_word;
  const bool recount = k > 0.0 && detail::needs_best_word_counts(fresh);
  TextDocument recounted = recount ? detail::with_best_word_counts(fresh, k) : TextDocument{};
  TextDocument& doc = recount ? recounted : fresh;
  // One lexical pass over the page serves BTE and the markup hints (scan_page) and the
  // learned stage's markup (block_markup); both read what the parse read.
  const std::string_view page = detail::parsed_prefix(utf8_html, fresh.budget.max_input_bytes);
  PageScan scan;
  const std::vector<BlockMarkup> markup =
      utf8_html.empty() ? std::vector<BlockMarkup>(doc.blocks.size())
                        : detail::scan_page_and_markup(fresh, page, k, scan);
  const BestRuleResult rules = run_rules(doc, utf8_html.empty() ? nullptr : &scan, m_options);
  std::vector<bool> keep = rules.keep;
  std::vector<double> score = rules.evidence;
  std::vector<bool> as_markup(doc.blocks.size(), false);  // blocks that read as markup
  // The learned stage re-decides every block from the rules' findings and the page's
  // structure (best_model.hpp); it reads the segmenter's counts, as it was trained.
  const LearnedModel* model = m_options.model_weight <= 0.0 || utf8_html.empty() ? nullptr
                              : m_model                                          ? m_model.get()
                                                                                 : builtin_best_model();
  if (model != nullptr) {
    // The stacked second stage reads the page again with the first stage's verdict in place
    // of the rules' (with_verdict) and decides in its place.
    const LearnedModel* second = m_options.stacked <= 0.0 ? nullptr
                                 : m_stacked              ? m_stacked.get()
                                 : !m_model               ? builtin_best_stacked_model()
                                                          : nullptr;
    const BestFeatureRows features(fresh, rules, markup);
    std::vector<float> rows;  // a page of one chunk: its rows, rewritten for the second stage
    detail::StageVerdict v = detail::stage_verdict(
        detail::model_probabilities(*model, features, fresh, nullptr, second != nullptr ? &rows : nullptr), *model,
        rules, markup, m_options);
    if (second != nullptr) {
      const BestRuleResult first = with_verdict(rules, v.keep, v.score);
      const BestFeatureRows::Verdict counted = features.count(first);
      std::vector<double> q2 = detail::model_probabilities(*second, features, fresh, &counted, &rows);
      const double s = m_options.stacked;
      for (std::size_t i = 0; i < q2.size(); ++i) q2[i] = s * q2[i] + (1.0 - s) * v.q[i];
      v = detail::stage_verdict(std::move(q2), *second, rules, markup, m_options);
    }
    std::vector<double> words(doc.blocks.size());
    for (std::size_t i = 0; i < doc.blocks.size(); ++i) words[i] = doc.blocks[i].num_words;
    keep = detail::page_decision(v, rules, markup, words, m_options);
    score = std::move(v.score);
    doc.budget.deadline.check("extracting");
  }
  // Text that is markup (a textarea's template, script source kept as raw text) is never
  // the page's content; reader comments after the article are dropped alike on every page.
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    if (reads_as_markup(fresh.blocks[i], markup[i])) {
      keep[i] = false;
      as_markup[i] = true;
    }
  }
  if (m_options.drop_dialogs > 0.0) detail::drop_dialogs(fresh, markup, keep);
  if (m_options.keep_code > 0.0) detail::keep_code_beside_text(fresh, markup, as_markup, keep);
  if (m_options.drop_comments > 0.0) detail::drop_comments(fresh, rules, markup, keep);
  if (m_options.drop_link_islands > 0.0) detail::drop_link_islands(fresh, keep);
  if (m_options.drop_repeats > 0.0) detail::drop_repeats(fresh, markup, keep);
  if (std::find(keep.begin(), keep.end(), true) == keep.end())
    keep = detail::main_text_fallback(doc, rules, markup, as_markup);
  for (std::size_t i = 0; i < doc.blocks.size(); ++i) {
    fresh.blocks[i].is_content = keep[i];
    fresh.blocks[i].score = static_cast<float>(score[i]);
    if (recount) fresh.blocks[i].labels = doc.blocks[i].labels;
  }
}

namespace detail {

std::vector<ExtractorRegistration> best_extractors() {
  ExtractorRegistration r;
  r.name = "best";
  r.description =
      "boilerdex's best (the default): rules (NumWords, 2012 ArticleExtractor, BTE and CleanEval "
      "votes, the DOM subtree with most content, headings, comments cut) re-decided by a "
      "compiled-in tree ensemble over the page's markup and structure, for every kind of page "
      "(parameters key=value,...; model_weight=0: the rules alone)";
  r.argument_syntax = "[:KEY=VALUE,...]";
  r.argument_factory = [](std::string_view argument) {
    return std::make_unique<BestExtractor>(parse_best_options(argument));
  };
  return {std::move(r)};
}

}  // namespace detail

}  // namespace boilerdex::plugin

#pragma once
/// \file
/// The learned stage of the `best` extractor: a tree ensemble (learned_model.hpp) over the
/// feature set "best" that re-decides every block from what the rules of best_extractor.hpp
/// found, the block's shallow features and where it stands in the page's structure.
///
/// The rules were tuned on news and blog articles; on listings, collections, forums,
/// product and documentation pages they keep too little (a list's items look like a
/// related-stories list to them). The model sees, per block:
///  - the 56 `local+page` features (learned_model.hpp: the WSDM 2010 shallow features of the
///    block and its neighbours, and its place in the page);
///  - the markup around its text (page_markup.hpp): landmarks (main, article, nav, header,
///    footer, aside), list items, table cells, form controls, code, headings, hidden
///    elements, and the class/id vocabulary of comments, side matter, content and items;
///  - its DOM neighbourhood from TextDocument::containers: for its 1st, 2nd and 3rd container
///    ancestor the share of the page's words under it, that subtree's link density and its
///    number of blocks; the number of sibling containers under its 2nd and 3rd ancestor
///    holding text (repeated structures: list items, posts, product cards) and the words per
///    such item;
///  - the rules' verdict: the block's evidence p, the raw classifier votes, the rules'
///    decision, whether it lies in the main subtree, whether a markup hint damped it, and the
///    share of the page's words the rules keep and the main subtree holds;
///  - page markup: the share of the page's words inside <main>/role=main and inside
///    <article>;
///  - the shape of its text (text_shape): code characters and tags written out.
///
/// The shipped model (plugin/extractors/models/best-blocks.json, compiled into the library) was trained
/// by plugin/scripts/train_best_model.py with `boilerdex-train --features best` on the tune
/// half of the development sets only; EVALUATION_RESULTS.md reports the other half.

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boilerdex/plugin/best_extractor.hpp"
#include "boilerdex/plugin/learned_model.hpp"
#include "boilerdex/plugin/page_markup.hpp"

namespace boilerdex::plugin {

/// Names of the features the "best" set has beyond `local+page`, in row order.
[[nodiscard]] std::span<const std::string_view> best_extra_feature_names() noexcept;

/// The feature rows of set "best" for every block of \p fresh (fresh from
/// segment_html(\p utf8_html)), row-major, feature_count(FeatureSet::Best) floats per block,
/// with \p rules = best_rule_decisions(\p fresh, \p utf8_html, ...) of the same page.
/// O(bytes + blocks × (features + chain length)). \throws std::invalid_argument when
/// \p rules does not have one entry per block; std::bad_alloc.
[[nodiscard]] std::vector<float> best_feature_rows(const TextDocument& fresh,
                                                   std::string_view utf8_html,
                                                   const BestRuleResult& rules);

/// The same with the page's markup already found (\p markup = block_markup(\p fresh, page)).
[[nodiscard]] std::vector<float> best_feature_rows(const TextDocument& fresh,
                                                   const BestRuleResult& rules,
                                                   const std::vector<BlockMarkup>& markup);

/// best_feature_rows a range of blocks at a time: what the rows need of the whole page is
/// gathered once, then any range's rows are the same values as best_feature_rows gives
/// them. A page of 200,000 blocks never holds its 86 MB of rows at once. Keeps references
/// to its arguments, which must outlive it.
class BestFeatureRows {
  struct Page;

 public:
  /// \throws std::invalid_argument as best_feature_rows; std::bad_alloc.
  BestFeatureRows(const TextDocument& fresh, const BestRuleResult& rules,
                  const std::vector<BlockMarkup>& markup);
  ~BestFeatureRows();
  BestFeatureRows(const BestFeatureRows&) = delete;
  BestFeatureRows& operator=(const BestFeatureRows&) = delete;

  /// The page's number of blocks.
  [[nodiscard]] std::size_t size() const noexcept;
  /// The rows of blocks [\p begin, \p end), row-major. \throws std::invalid_argument when the
  /// range is not within the page; std::bad_alloc.
  [[nodiscard]] std::vector<float> rows(std::size_t begin, std::size_t end) const;
  /// A verdict on the page (with_verdict of the rules given) with what restate reads of it
  /// counted once: the words it keeps, in all and under each container. Keeps a reference
  /// to the verdict, which must outlive it.
  class Verdict {
   public:
    Verdict(const Verdict&) = delete;
    Verdict& operator=(const Verdict&) = delete;
    Verdict(Verdict&&) noexcept = default;

   private:
    friend class BestFeatureRows;
    Verdict(const Page& page, const BestRuleResult& verdict);
    const Page* m_page;
    const BestRuleResult* m_verdict;
    std::vector<double> m_kept;  // by container element id
    double m_kept_words = 0;
  };
  /// What \p verdict keeps of the page, counted for restate: once per page, whatever the
  /// number of ranges it rewrites. O(blocks × chain length). \throws std::invalid_argument
  /// when \p verdict does not fit the page; std::bad_alloc.
  [[nodiscard]] Verdict count(const BestRuleResult& verdict) const;
  /// \p rows, this object's rows(\p begin, \p end), rewritten as the page reads with
  /// \p verdict in place of the rules given: the columns that the rules' keep and evidence
  /// make (rules.evidence, rules.keep, rules.kept_share, dom.kept_share_1–3, dom.meet_level)
  /// take the values that BestFeatureRows(fresh, verdict, markup).rows(\p begin, \p end) has,
  /// the others are left as they are. O(rows). \throws std::invalid_argument when the range
  /// or \p rows do not fit the page, or \p verdict was counted for another.
  void restate(std::vector<float>& rows, std::size_t begin, std::size_t end, const Verdict& verdict) const;

 private:
  std::unique_ptr<const Page> m_page;
};

/// The same, running the rules with \p options first.
[[nodiscard]] std::vector<float> best_feature_rows(const TextDocument& fresh,
                                                   std::string_view utf8_html,
                                                   const BestOptions& options = {});

/// The learned stage's verdict on every block (BestExtractor): with \p q[i] the model's
/// P(content) of block i, its blended score is weight × q[i] + (1 − weight) × [\p rules keep
/// it], written to \p score; the block is kept when that reaches \p threshold, or
/// max(\p threshold, \p hinted_threshold) for side matter the page's markup names
/// (rules.hinted, and not comment words: a forum's posts). \throws std::invalid_argument when
/// \p q, \p markup and \p rules do not have one entry per block; std::bad_alloc.
[[nodiscard]] std::vector<bool> learned_verdict(const BestRuleResult& rules,
                                                const std::vector<BlockMarkup>& markup,
                                                std::span<const double> q, double weight,
                                                double threshold, double hinted_threshold,
                                                std::vector<double>& score);

/// The blocks to keep so that the page's expected word F1 is largest, reading \p q[i] as
/// the chance that each of block i's \p words[i] words is content: of the blocks with words
/// that \p eligible allows, taken by \p q from the highest (ties in page order), the first k
/// for the k that maximises 2 × Σ_kept words × q / (Σ_kept words + \p gold_weight × Σ_page
/// words × q) (the F1 of the expected counts; \p gold_weight < 1 leans to precision), or
/// none when Π (1 − q) over the blocks with words, the chance that nothing is content (an
/// empty output's F1 is then 1), is larger. O(blocks log blocks). \throws
/// std::invalid_argument when the spans differ in size; std::bad_alloc.
[[nodiscard]] std::vector<bool> expected_f1_verdict(std::span<const double> q, std::span<const double> words,
                                                    const std::vector<bool>& eligible, double gold_weight);

/// \p rules with a first learned stage's verdict in place of the rules' decision and
/// evidence (keep := \p keep, evidence := \p score). A second, stacked stage reads the page
/// through best_feature_rows of this: its `rules.keep`, `rules.evidence`, `rules.kept_share`,
/// `dom.kept_share_*` and `dom.meet_level` are then the first stage's, so it decides a block
/// knowing what the first stage kept around it. \throws std::invalid_argument when the sizes
/// differ from the rules'.
[[nodiscard]] BestRuleResult with_verdict(BestRuleResult rules, std::vector<bool> keep,
                                          std::vector<double> score);

/// The rows the stacked second stage reads for every block of \p fresh (as
/// best_feature_rows): the rules with \p options, the first stage \p first blended and
/// thresholded as BestExtractor does with \p options (its threshold: options.model_threshold,
/// else \p first's), then best_feature_rows over with_verdict. What `boilerdex-train
/// --stack-models` trains the second stage on. \throws as best_feature_rows.
[[nodiscard]] std::vector<float> best_stacked_feature_rows(const TextDocument& fresh,
                                                           std::string_view utf8_html,
                                                           const LearnedModel& first,
                                                           const BestOptions& options = {});

/// How much a block's text looks like source code or markup.
struct TextShape {
  double code_share = 0.0;  ///< share of its non-blank characters among {}<>;=[]()$\|"
  std::size_t tags = 0;     ///< '<' followed by a letter, '/' or '!' (a tag written as text)
};
/// O(text). Never throws.
[[nodiscard]] TextShape text_shape(std::string_view text) noexcept;

/// Whether \p block is markup rather than page text, whatever any classifier says: text of a
/// <textarea> (a form's value, often an HTML template), or, outside <pre>/<code>, text with
/// at least 2 tags written out and one per 10 words or fewer, or half of its non-blank
/// characters inside them (script source or HTML in <noscript> or an iframe's fallback,
/// which parsers keep as raw text; an ad's link and image, whose addresses count many
/// words), or one JSON object or array of 200 characters or more with at least 3 keys (a
/// page's state in a hidden element). Never throws.
[[nodiscard]] bool reads_as_markup(const TextBlock& block, const BlockMarkup& markup) noexcept;

/// The model compiled into the library (plugin/extractors/models/best-blocks.json), parsed on first use;
/// nullptr when the library was built without one. Thread-safe.
/// \throws InputError when the compiled-in text is not a valid model (a build defect).
[[nodiscard]] const LearnedModel* builtin_best_model();

/// The stacked second stage compiled into the library
/// (plugin/extractors/models/best-blocks-stacked.json: trained on best_stacked_feature_rows,
/// each tune page read with a first stage that did not see it), as builtin_best_model.
[[nodiscard]] const LearnedModel* builtin_best_stacked_model();

}  // namespace boilerdex::plugin
